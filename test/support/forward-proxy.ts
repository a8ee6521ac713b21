/**
 * A tiny HTTP forward proxy for tests (absolute URIs and CONNECT) that only ever connects to
 * 127.0.0.1, and records what it was asked for.
 */
import http from "http";
import net from "net";

/** A running proxy. */
export interface ForwardProxy {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** What it was asked for, in order: `GET 127.0.0.1:PORT`, `CONNECT 127.0.0.1:PORT`, … */
  tunnels: string[];
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 with a free port. */
export async function startForwardProxy(): Promise<ForwardProxy> {
  const tunnels: string[] = [];
  const proxy = http.createServer((req, res) => {
    const target = new URL(req.url ?? "/");
    tunnels.push(`${req.method} ${target.host}`);
    if (target.hostname !== "127.0.0.1") return void res.writeHead(403).end();
    const up = http.request(
      { host: "127.0.0.1", port: target.port, path: target.pathname + target.search },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on("error", () => res.writeHead(502).end());
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) up.setHeader(k, v);
    req.pipe(up);
  });
  proxy.on("connect", (req, socket, head) => {
    const [host, port] = String(req.url).split(":");
    tunnels.push(`CONNECT ${req.url}`);
    if (host !== "127.0.0.1") return void socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
    const up = net.connect(Number(port), "127.0.0.1", () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    tunnels,
    close: () => new Promise<void>((r) => proxy.close(() => r())),
  };
}
