/**
 * The pool of direct connections (no proxy): Node's own `http`/`https` with keep-alive
 * agents. Node has them built in, so a process that makes calls loads nothing more (undici,
 * used for proxies, costs ~60 ms and ~20 MB to load, which every provider process would pay).
 */
import http from "node:http";
import type https from "node:https";
import type { Duplex } from "node:stream";
import type { Outgoing, Pool, Received } from "./pools";

/** Methods whose request carries a body even when empty (an explicit `content-length: 0`). */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

type AgentClass = typeof http.Agent;

/**
 * How long an idle connection is kept (ms), as undici's default; shorter when the server
 * announces a shorter keep-alive (`Keep-Alive: timeout=N`: dropped 1 s before it), so a call
 * does not go out on a connection the server is closing. Node applies the server's hint only
 * when the agent has a timeout of its own.
 */
const IDLE_MS = 4000;

/**
 * How long connecting (TCP, and TLS for `https:`) may take (ms), as undici's default: a host
 * that never answers fails with `ETIMEDOUT` (retried for idempotent calls, with the
 * "cannot be reached" hint) instead of using up the whole per-attempt timeout.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** A keep-alive agent that, once closing, keeps no socket for reuse. */
function keepAliveAgent(Base: AgentClass): http.Agent & { closing: boolean } {
  class KeepAlive extends Base {
    closing = false;
    keepSocketAlive(socket: Duplex): void {
      // Node's contract: a falsy return makes the agent destroy the socket.
      return (this.closing ? false : super.keepSocketAlive(socket)) as unknown as void;
    }
  }
  return new KeepAlive({ keepAlive: true, timeout: IDLE_MS });
}

/** Direct keep-alive connections to `http:` and `https:` hosts. */
export class DirectPool implements Pool {
  #http?: http.Agent & { closing: boolean };
  #https?: http.Agent & { closing: boolean };
  #httpsModule?: typeof https;

  send(url: string, out: Outgoing): Promise<Received> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === "https:";
      if (!secure && target.protocol !== "http:") {
        reject(new Error(`unsupported protocol "${target.protocol}" (expected http: or https:)`));
        return;
      }
      const headers: Record<string, string> = { ...out.headers };
      if (out.body !== undefined) headers["content-length"] = String(Buffer.byteLength(out.body));
      else if (BODY_METHODS.has(out.method)) headers["content-length"] = "0";
      const options = { method: out.method, headers, signal: out.signal };
      let req: http.ClientRequest;
      if (secure) {
        const mod = (this.#httpsModule ??= require("node:https") as typeof https);
        req = mod.request(target, {
          ...options,
          agent: (this.#https ??= keepAliveAgent(mod.Agent as unknown as AgentClass)),
        });
      } else {
        req = http.request(target, {
          ...options,
          agent: (this.#http ??= keepAliveAgent(http.Agent)),
        });
      }
      // Kept for the request's life: a late socket error must not go unhandled.
      req.on("error", reject);
      req.once("socket", (socket) => {
        if (!socket.connecting) return; // a kept-alive connection
        const timer = setTimeout(() => {
          const e = new Error(`could not connect within ${CONNECT_TIMEOUT_MS} ms`);
          req.destroy(Object.assign(e, { code: "ETIMEDOUT" }));
        }, CONNECT_TIMEOUT_MS);
        const done = () => clearTimeout(timer);
        socket.once(secure ? "secureConnect" : "connect", done);
        socket.once("close", done);
      });
      req.once("response", (res) => {
        if (out.bodyTimeoutMs > 0) {
          res.setTimeout(out.bodyTimeoutMs, () =>
            res.destroy(
              Object.assign(new Error(`no data for ${out.bodyTimeoutMs} ms`), { code: "timeout" }),
            ),
          );
        }
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: res });
      });
      req.end(out.body);
    });
  }

  close(): void {
    for (const agent of [this.#http, this.#https]) {
      if (!agent) continue;
      agent.closing = true;
      for (const sockets of Object.values(agent.freeSockets)) {
        for (const s of sockets ?? []) s.destroy();
      }
    }
  }

  destroy(): void {
    this.#http?.destroy();
    this.#https?.destroy();
  }
}
