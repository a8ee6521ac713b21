/**
 * The pool of proxied connections: undici's `ProxyAgent` (a `proxy` URL) or
 * `EnvHttpProxyAgent` (`HTTP_PROXY`/`HTTPS_PROXY`/`NO_PROXY`). Loaded only when a proxy is
 * configured: direct connections use Node's own `http` ({@link DirectPool}).
 */
import { Readable } from "node:stream";
import { Dispatcher, EnvHttpProxyAgent, ProxyAgent, request } from "undici";
import type { Outgoing, Pool, Received } from "./pools";

/** How long undici may take to settle an aborted request before its pool is retired. */
const STUCK_AFTER_ABORT_MS = 1000;

/**
 * `pending`, or a rejection as soon as `signal` aborts, even when undici never settles
 * `pending`: a proxy that accepts the connection and drops every tunnel makes undici reconnect
 * in a loop and ignore the abort (undici issue #3897). If `pending` is still unsettled
 * {@link STUCK_AFTER_ABORT_MS} after the abort, `abandon` runs (the pool is retired, and
 * destroyed once no other attempt uses it, which ends the loop); a late answer is drained.
 */
function untilAborted(
  pending: Promise<Dispatcher.ResponseData>,
  signal: AbortSignal,
  abandon: () => void,
): Promise<Dispatcher.ResponseData> {
  return new Promise((resolve, reject) => {
    // Cleared when `pending` settles, so it fires only for a request undici never settled.
    let stuck: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      stuck = setTimeout(abandon, STUCK_AFTER_ABORT_MS);
      reject(signal.reason ?? new Error("aborted"));
    };
    const done = () => {
      clearTimeout(stuck);
      signal.removeEventListener("abort", onAbort);
    };
    pending.then(
      (res) => {
        done();
        if (signal.aborted) res.body.destroy();
        resolve(res);
      },
      (e) => {
        done();
        reject(e);
      },
    );
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Connections through a proxy: `proxy` given, or the environment's. */
export class ProxyPool implements Pool {
  readonly #dispatcher: Dispatcher;

  /** @param proxy the proxy URL, or undefined for the environment's settings. */
  constructor(proxy: string | undefined) {
    this.#dispatcher = proxy === undefined ? new EnvHttpProxyAgent() : new ProxyAgent(proxy);
  }

  async send(url: string, out: Outgoing, abandon: () => void): Promise<Received> {
    const pending = request(url, {
      method: out.method as Dispatcher.HttpMethod,
      headers: out.headers,
      body: out.body,
      signal: out.signal,
      dispatcher: this.#dispatcher,
      bodyTimeout: out.bodyTimeoutMs,
      headersTimeout: 0,
    });
    const res = await untilAborted(pending, out.signal, abandon);
    return {
      statusCode: res.statusCode,
      headers: res.headers,
      body: res.body as unknown as Readable,
    };
  }

  close(): void {
    this.#dispatcher.close().catch(() => undefined);
  }

  destroy(): void {
    this.#dispatcher.destroy().catch(() => undefined);
  }
}
