/**
 * Transport behaviour that needs no emulator: retry-after parsing, backoff, and secret
 * hygiene of network errors (a raw local server that resets connections).
 */
import http from "http";
import net, { AddressInfo } from "net";
import { inspect } from "util";
import zlib from "zlib";
import { Client, EdgeApiError } from "../../packages/client/src";
import { backoffDelay, expandPath, parseRetryAfter } from "../../packages/client/src/api/transport";
import { MissingSettingError } from "../../packages/client/src/settings";

const KEY = "unit-test-secret-key-4711";
const JWT = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1bml0In0.c2lnbmF0dXJl";

test("parseRetryAfter: seconds and HTTP-date", () => {
  expect(parseRetryAfter("3")).toBe(3000);
  expect(parseRetryAfter("0.5")).toBe(500);
  const now = Date.parse("2024-01-01T00:00:00Z");
  expect(parseRetryAfter("Mon, 01 Jan 2024 00:00:02 GMT", now)).toBe(2000);
  expect(parseRetryAfter("Sun, 31 Dec 2023 00:00:00 GMT", now)).toBe(0);
  expect(parseRetryAfter("soon")).toBeUndefined();
  expect(parseRetryAfter(undefined)).toBeUndefined();
});

test("backoffDelay: full jitter under an exponential cap", () => {
  expect(backoffDelay(1, 100, 1000, () => 0.999)).toBe(99);
  expect(backoffDelay(3, 100, 1000, () => 0.5)).toBe(200);
  expect(backoffDelay(10, 100, 1000, () => 0.999)).toBe(999);
  expect(backoffDelay(2, 100, 1000, () => 0)).toBe(0);
});

test("expandPath encodes values and rejects missing ones", () => {
  expect(expandPath("/mc/apps/{appId}/volumes/{volumeId}", { appId: "a/b", volumeId: "v 1" })).toBe(
    "/mc/apps/a%2Fb/volumes/v%201",
  );
  expect(() => expandPath("/dnszone/{id}", {})).toThrow(/missing path parameter "id"/);
});

test("constructor and logging calls require settings", async () => {
  expect(() => new Client({ apiKey: "", baseUrl: "http://127.0.0.1:1" })).toThrow(
    MissingSettingError,
  );
  const c = new Client({ apiKey: KEY, baseUrl: "http://127.0.0.1:1" });
  await expect(c.logging.getAccessLogPage(1)).rejects.toThrow(MissingSettingError);
  await expect(c.logging.getAccessLogPage(1)).rejects.toThrow(/loggingUrl/);
  expect(inspect(c)).not.toContain(KEY);
  expect(JSON.stringify(c)).not.toContain(KEY);
  c.close();
});

describe("against a raw local server", () => {
  let server: http.Server;
  let url: string;
  let hits = 0;
  const seenHeaders: http.IncomingHttpHeaders[] = [];
  const sockets: import("net").Socket[] = [];
  let closedSockets = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      seenHeaders.push(req.headers);
      if (req.url?.startsWith("/ok")) {
        let body = "";
        req.on("data", (d) => (body += d));
        req.on("end", () => {
          const slow = body.includes('"slow"');
          setTimeout(
            () => {
              res.writeHead(200, { "content-type": "application/json" });
              res.end(JSON.stringify({ Available: true }));
            },
            slow ? 300 : 0,
          );
        });
        return;
      }
      if (req.url?.startsWith("/reset")) {
        req.socket.destroy();
        return;
      }
      if (req.url?.startsWith("/gzreset")) {
        // A gzip body that breaks off: some data, then the connection is reset.
        res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
        const z = zlib.createGzip();
        z.pipe(res);
        z.write("HIT|200|1700000000000|10|1|1.2.3.4|-|https://x/|DE|ua|req-1|DE\n".repeat(100));
        z.flush(() => setTimeout(() => req.socket.destroy(), 20));
        return;
      }
      if (req.url?.startsWith("/stall")) {
        res.writeHead(200, { "content-type": "text/plain" });
        res.write("HIT|200|1700000000000|10|1|1.2.3.4|-|https://x/|DE|ua|req-1|DE\n");
        return; // never ends
      }
      if (req.url?.startsWith("/echo")) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            ErrorKey: "unauthorized",
            Field: "AccessKey",
            Message: `bad ${req.headers.accesskey}`,
          }),
        );
        return;
      }
      res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" });
      res.end();
    });
    server.on("connection", (sock) => {
      sockets.push(sock);
      sock.on("close", () => closedSockets++);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  test("connection reset: EdgeApiError status 0, retried for GET, key never leaks", async () => {
    hits = 0;
    const retries: string[] = [];
    const c = new Client({
      apiKey: KEY,
      baseUrl: `${url}/reset`,
      loggingUrl: `${url}/reset/logging`,
      loggingToken: JWT,
      maxAttempts: 3,
      retryBaseDelayMs: 1,
      onRetry: (i) => retries.push(`${i.attempt} of ${i.maxAttempts}`),
    });
    const err = (await c.dns.getZone(1).catch((e) => e)) as EdgeApiError;
    expect(err).toBeInstanceOf(EdgeApiError);
    expect(err.status).toBe(0);
    expect(err.attempts).toBe(3);
    expect(hits).toBe(3);
    // The attempt that failed, of the most the client makes (`maxAttempts: 3`).
    expect(retries).toEqual(["1 of 3", "2 of 3"]);
    expect(err.message).toMatch(
      /^dns\.getZone \(GET \/dnszone\/1\) failed: network error ECONNRESET/,
    );
    const lerr = await c.logging.getAccessLogPage(1).catch((e) => e);
    for (const e of [err, lerr]) {
      const texts = [
        e.message,
        String(e),
        e.stack,
        JSON.stringify(e),
        inspect(e, { depth: 20, showHidden: true }),
      ];
      for (const t of texts) {
        expect(t).not.toContain(KEY);
        expect(t).not.toContain(JWT);
      }
      expect(e.cause).toBeUndefined();
      expect(Object.keys(e)).not.toContain("config");
      expect(Object.keys(e)).not.toContain("request");
    }
    c.close();
  });

  test("keep-alive: calls share a connection; close() ends idle ones and lets a call finish", async () => {
    const open = () => sockets.length - closedSockets;
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
    };
    await until(() => open() === 0);
    const before = sockets.length;
    const c = new Client({ apiKey: KEY, baseUrl: `${url}/ok`, maxAttempts: 1 });
    for (let i = 0; i < 3; i++) {
      expect((await c.pullzones.checkNameAvailability(`n${i}`)).Available).toBe(true);
    }
    expect(sockets.length - before).toBe(1);
    // A call in flight when close() is called still gets its answer; then nothing stays open.
    const slow = c.pullzones.checkNameAvailability("slow");
    await new Promise((r) => setTimeout(r, 50));
    c.close();
    expect((await slow).Available).toBe(true);
    await until(() => open() === 0);
    expect(open()).toBe(0);
    // The client stays usable: the next call opens a new connection.
    expect((await c.pullzones.checkNameAvailability("again")).Available).toBe(true);
    expect(sockets.length - before).toBe(2);
    c.close();
    await until(() => open() === 0);
    expect(open()).toBe(0);
  });

  test("an idle connection is dropped before the server's announced keep-alive ends", async () => {
    // Node's server announces `Keep-Alive: timeout=2`; the client must not reuse the
    // connection past 1 s (a call sent as the server closes it would fail with ECONNRESET).
    const before = sockets.length;
    const saved = server.keepAliveTimeout;
    server.keepAliveTimeout = 2000;
    const c = new Client({ apiKey: KEY, baseUrl: `${url}/ok`, maxAttempts: 1 });
    try {
      await c.pullzones.checkNameAvailability("a");
      await c.pullzones.checkNameAvailability("b");
      expect(sockets.length - before).toBe(1);
      await new Promise((r) => setTimeout(r, 1300));
      await c.pullzones.checkNameAvailability("c");
      expect(sockets.length - before).toBe(2);
    } finally {
      server.keepAliveTimeout = saved;
      c.close();
    }
  });

  test("a key echoed by the server is redacted", async () => {
    const c = new Client({ apiKey: KEY, baseUrl: `${url}/echo` });
    const e = (await c.pullzones.checkNameAvailability("x").catch((x) => x)) as EdgeApiError;
    expect(e.status).toBe(401);
    expect(e.errorKey).toBe("unauthorized");
    expect(JSON.stringify(e)).not.toContain(KEY);
    expect(inspect(e, { depth: 20 })).not.toContain(KEY);
    expect(e.message).toContain("[redacted]");
    c.close();
  });

  test("redirects are not followed (the AccessKey never goes elsewhere)", async () => {
    const c = new Client({ apiKey: KEY, baseUrl: `${url}/redirect`, maxAttempts: 1 });
    const e = (await c.dns.getZone(1).catch((x) => x)) as EdgeApiError;
    expect(e.status).toBe(302);
    expect(e.message).toContain("redirects are not followed");
    c.close();
  });

  test("auth headers: AccessKey for management, Bearer for logging when a token is set", async () => {
    seenHeaders.length = 0;
    const c = new Client({
      apiKey: KEY,
      baseUrl: `${url}/echo`,
      loggingUrl: `${url}/echo`,
      loggingToken: JWT,
      maxAttempts: 1,
    });
    await c.dns.getZone(1).catch(() => undefined);
    await c.logging.getAccessLogPage(1).catch(() => undefined);
    expect(seenHeaders[0].accesskey).toBe(KEY);
    expect(seenHeaders[0].authorization).toBeUndefined();
    expect(seenHeaders[1].authorization).toBe(`Bearer ${JWT}`);
    expect(seenHeaders[1].accesskey).toBeUndefined();
    expect(String(seenHeaders[1]["accept-encoding"])).toContain("gzip");
    c.close();
  });

  test("a gzip v1 body reset before the caller reads it: an error for the caller, no crash", async () => {
    const c = new Client({
      apiKey: KEY,
      baseUrl: url,
      loggingUrl: `${url}/gzreset`,
      loggingRateLimit: false,
    });
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on("uncaughtException", onUncaught);
    try {
      const body = await c.logging.legacyAccessLogStream(1, "2024-01-01");
      // The caller starts reading only after the connection is gone.
      await new Promise((r) => setTimeout(r, 150));
      const e = await (async () => {
        for await (const _chunk of body as AsyncIterable<Buffer>) continue;
      })().catch((x: unknown) => x);
      // (A Node error, not of jest's realm: matched by shape.)
      expect(e).toMatchObject({ message: expect.stringMatching(/aborted|reset|hang up/i) });
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      c.close();
    }
  });

  test("a v1 body that stalls fails with EdgeApiError stream_error after timeoutMs idle", async () => {
    const c = new Client({
      apiKey: KEY,
      baseUrl: url,
      loggingUrl: `${url}/stall`,
      timeoutMs: 200,
      loggingRateLimit: false,
    });
    const got: unknown[] = [];
    const t0 = Date.now();
    const e = await (async () => {
      for await (const r of c.logging.legacyAccessLogRecords(1, "2024-01-01")) got.push(r);
    })().catch((x) => x);
    expect(got).toHaveLength(1);
    expect(e).toBeInstanceOf(EdgeApiError);
    expect((e as EdgeApiError).code).toBe("stream_error");
    expect((e as EdgeApiError).message).toMatch(
      /^logging\.legacyAccessLogStream \(GET \/01-01-24\/1\.log\) failed: network error stream_error/,
    );
    expect(Date.now() - t0).toBeLessThan(3000);
    c.close();
  });
});

test("a host that accepts TCP and never completes TLS: ETIMEDOUT at the connect timeout", async () => {
  const silent = net.createServer((sock) => sock.on("error", () => undefined));
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const c = new Client({
    apiKey: KEY,
    baseUrl: `https://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    maxAttempts: 1,
    // Far beyond the connect timeout (10 s): without it the call would end here, as "timeout".
    timeoutMs: 60_000,
  });
  try {
    const e = (await c.dns.getZone(1).catch((x) => x)) as EdgeApiError;
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.code).toBe("ETIMEDOUT");
    expect(e.message).toMatch(/could not connect within 10000 ms/);
  } finally {
    c.close();
    silent.close();
  }
}, 30_000);

test("the client's v2 page limit is the spec module's", () => {
  const { ACCESS_LOG_MAX_LIMIT } = require("../../packages/client/src/api/logging");

  const { Limits } = require("../../packages/client/src/spec");
  expect(ACCESS_LOG_MAX_LIMIT).toBe(Limits.accessLogMaxLimit);
});
