/**
 * Layer 4, the core: one HTTP attempt. URL, auth header, per-attempt timeout, keep-alive
 * connections (direct through Node's `http`/`https`; through undici when a proxy is set:
 * `proxy`, or `HTTP_PROXY`/`HTTPS_PROXY`/`NO_PROXY`), gzip, no redirects, body decoding and
 * the error model (malformed JSON, embedded failures in a 2xx, response shapes that would
 * corrupt state). Every failure is an {@link AttemptError}.
 */
import { Readable } from "node:stream";
import { decodeErrorBody, findEmbeddedFailure } from "../errors";
import type { ClientOptions } from "../client";
import { ApiResponse, EndpointDef, queryString } from "./endpoint";
import { AttemptError, CallContext, Failures, whyAborted } from "./context";
import { RETRYABLE_STATUSES, parseRetryAfter } from "./policy";
import { MAX_ERROR_BODY_BYTES, bodyStream, isJsonContentType, readBody } from "./body";
import { DirectPool } from "./direct-pool";
import type { Pool, Pools, Received } from "./pools";

/**
 * What a failed attempt's error says: the attempt's own timer or deadline (`late`), the
 * caller's abort, or the I/O error's message (an abort that our timer caused reads as
 * "aborted" in Node's own error, which would hide the timeout).
 */
function failureDetail(why: string | undefined, e: unknown, late: string): string | undefined {
  if (why === "timeout" || why === "deadline_exceeded") return late;
  if (why === "aborted") return "aborted by the caller's signal";
  return e instanceof Error ? e.message : undefined;
}

/** undici's error codes (proxied pools), mapped to the familiar socket codes. */
const UNDICI_CODES: Record<string, string> = {
  UND_ERR_SOCKET: "ECONNRESET",
  UND_ERR_CLOSED: "ECONNRESET",
  UND_ERR_HEADERS_TIMEOUT: "timeout",
  UND_ERR_BODY_TIMEOUT: "timeout",
  UND_ERR_CONNECT_TIMEOUT: "ETIMEDOUT",
};
const USER_AGENT = "pulumi-edgeplatform-client/0.1";

/** The environment variables that make undici's `EnvHttpProxyAgent` use a proxy. */
const PROXY_ENV = ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"];

/** What the core needs of its transport. */
export interface RequestSettings {
  /** Per-attempt timeout (and, for stream endpoints, the body's idle timeout). */
  timeoutMs: number;
  /** The request headers of an endpoint, auth included. */
  headers: (def: EndpointDef, hasBody: boolean) => Record<string, string>;
  /** The keep-alive connection pools (one current; stuck ones retired). */
  pools: Pools;
  fail: Failures;
}

/**
 * A new keep-alive connection pool for the `proxy` option: direct (Node's `http`) when no
 * proxy applies, else undici's proxy agents (loaded only then). The environment is read when
 * the pool is made, as undici's `EnvHttpProxyAgent` does.
 */
export function createPool(proxy: ClientOptions["proxy"], env = process.env): Pool {
  if (proxy === false) return new DirectPool();
  if (typeof proxy === "string" || PROXY_ENV.some((k) => (env[k] ?? "") !== "")) {
    const { ProxyPool } = require("./proxy-pool") as typeof import("./proxy-pool");
    return new ProxyPool(typeof proxy === "string" ? proxy : undefined);
  }
  return new DirectPool();
}

/** The request headers of an endpoint: the logging JWT for logging calls when set, else the key. */
export function headersFor(
  def: EndpointDef,
  hasBody: boolean,
  auth: Pick<ClientOptions, "apiKey" | "loggingToken">,
): Record<string, string> {
  const h: Record<string, string> = {
    "user-agent": USER_AGENT,
    "accept-encoding": "gzip, deflate",
    accept:
      def.responseType === "stream"
        ? "text/plain, */*"
        : def.responseType === "text"
          ? "text/html, text/plain, application/json;q=0.9, */*;q=0.8"
          : "application/json",
  };
  if ((def.api ?? "management") === "logging" && auth.loggingToken) {
    h.authorization = `Bearer ${auth.loggingToken}`;
  } else {
    h.accesskey = auth.apiKey;
  }
  if (hasBody)
    h["content-type"] =
      def.requestType === "html"
        ? "text/html; charset=utf-8"
        : def.requestType === "text"
          ? "text/plain; charset=utf-8"
          : "application/json";
  return h;
}

/** The request body as sent: JSON, or the string itself for an `"html"` or `"text"` endpoint. */
function encodeBody(def: EndpointDef, body: unknown): string | undefined {
  if (body === undefined) return undefined;
  return def.requestType === "html" || def.requestType === "text"
    ? String(body)
    : JSON.stringify(body);
}

/** One HTTP attempt of the call. Fails with an {@link AttemptError}. */
export async function request(
  ctx: CallContext,
  settings: RequestSettings,
): Promise<ApiResponse<unknown>> {
  const { def, input } = ctx;
  const { timeoutMs, fail } = settings;
  const remaining = ctx.deadlineAt - Date.now();
  if (ctx.signal.aborted || remaining <= 0) {
    throw new AttemptError(fail.aborted(ctx, whyAborted(ctx)));
  }
  const stream = def.responseType === "stream";
  const attemptMs = Math.min(timeoutMs, remaining);
  const attemptCtl = new AbortController();
  let why: string | undefined;
  const onCallAbort = () => {
    why ??= whyAborted(ctx);
    attemptCtl.abort();
  };
  ctx.signal.addEventListener("abort", onCallAbort, { once: true });
  const timer = setTimeout(() => {
    why ??= attemptMs < timeoutMs ? "deadline_exceeded" : "timeout";
    attemptCtl.abort();
  }, attemptMs);
  const unhook = () => {
    clearTimeout(timer);
    ctx.signal.removeEventListener("abort", onCallAbort);
  };

  const lease = settings.pools.acquire();
  let res: Received;
  try {
    res = await lease.pool.send(
      ctx.base + ctx.path + queryString(input.query),
      {
        method: def.method,
        headers: settings.headers(def, input.body !== undefined),
        body: encodeBody(def, input.body),
        signal: attemptCtl.signal,
        // Streams: after the head, a body that stalls for timeoutMs fails instead of hanging.
        bodyTimeoutMs: stream ? timeoutMs : 0,
      },
      () => {
        // Abandoned: this attempt no longer holds the pool, and no new attempt will use it.
        lease.release();
        settings.pools.retire(lease.pool);
      },
    );
  } catch (e) {
    unhook();
    lease.release();
    // A fresh error: the library's error (and anything attached to it) is dropped here.
    const code = why ?? networkCode(e);
    throw new AttemptError(
      fail.network(
        ctx,
        code,
        ctx.idempotent || code === "ECONNREFUSED",
        failureDetail(why, e, `no response within ${attemptMs} ms`),
      ),
    );
  }

  const status = res.statusCode;
  if (stream) {
    // The attempt timer and the deadline covered the wait for the head; the body belongs to
    // the caller now, who may still cancel it with their own signal.
    unhook();
  }
  let handedOff = false;
  try {
    if (status < 200 || status >= 300) throw await failedResponse(ctx, res, fail);
    if (stream && !isJsonContentType(res.headers["content-type"])) {
      const body = bodyStream(res, ctx.userSignal);
      // The pool stays leased while the caller reads the body.
      handedOff = true;
      body.once("close", lease.release);
      return { status, data: body };
    }
    // A stream endpoint that answers a 2xx with a JSON body is not sending data: decode it
    // like any JSON answer, so an embedded failure (`success: false`) fails the call.
    let text: string;
    try {
      text = await readBody(res, stream ? MAX_ERROR_BODY_BYTES : Infinity);
    } catch (e) {
      throw new AttemptError(
        fail.network(
          ctx,
          why ?? networkCode(e),
          ctx.idempotent,
          failureDetail(why, e, `the response's body did not arrive within ${attemptMs} ms`),
        ),
      );
    }
    // A text endpoint's answer that is not typed JSON is the text itself.
    if (def.responseType === "text" && !isJsonContentType(res.headers["content-type"])) {
      return { status, data: text };
    }
    let data: unknown;
    if (text.trim() !== "") {
      try {
        data = JSON.parse(text);
      } catch {
        throw new AttemptError(
          fail.error(ctx, {
            status,
            errorKey: "malformed_response",
            detail: `response body is not valid JSON (${text.length} bytes)`,
            retryable: ctx.idempotent,
          }),
        );
      }
    }
    const embedded = findEmbeddedFailure(data);
    if (embedded) {
      throw new AttemptError(
        fail.error(ctx, { status, ...embedded, body: data, retryable: false }),
      );
    }
    // Every 2xx is checked (a 201 `{}` or a 204 must never read as a rule or a list), except
    // the 202 `AcceptedResult` of an endpoint that declares it.
    const wrong = status === 202 && def.accepted ? undefined : checkShape(def, data);
    if (wrong) {
      throw new AttemptError(
        fail.error(ctx, {
          status,
          errorKey: "unexpected_response",
          detail: wrong,
          retryable: false,
          body: data,
        }),
      );
    }
    if (stream) return { status, data: Readable.from([text]) };
    return { status, data };
  } finally {
    if (!stream) unhook();
    if (!handedOff) lease.release();
  }
}

/** The failure of a non-2xx answer: its decoded error body, retryability and `Retry-After`. */
async function failedResponse(
  ctx: CallContext,
  res: Received,
  fail: Failures,
): Promise<AttemptError> {
  const status = res.statusCode;
  let text = "";
  try {
    text = await readBody(res, MAX_ERROR_BODY_BYTES);
  } catch {
    // A broken error body is still an error.
  }
  let body: unknown = undefined;
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  // Text is redacted before any cut (here and in decodeErrorBody), so no part of a secret the
  // server echoed survives it; objects are redacted field by field by the error itself.
  if (typeof body === "string") {
    const clean = fail.redact(body);
    body = clean.length > 2000 ? clean.slice(0, 2000) : clean;
  }
  const decoded = decodeErrorBody(body);
  const retryable = status === 429 || (ctx.idempotent && RETRYABLE_STATUSES.has(status));
  const retryAfterMs = status === 429 ? parseRetryAfter(res.headers["retry-after"]) : undefined;
  return new AttemptError(
    fail.error(ctx, {
      status,
      ...decoded,
      detail:
        decoded.detail ??
        (status >= 300 && status < 400 ? "redirects are not followed" : undefined),
      body,
      retryable,
    }),
    retryAfterMs,
  );
}

/** The error code of a library/socket error (`ECONNRESET`, `timeout`, ...). */
function networkCode(e: unknown): string {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code =
    typeof err?.code === "string"
      ? err.code
      : typeof err?.cause?.code === "string"
        ? err.cause.code
        : undefined;
  if (!code) return "network_error";
  return UNDICI_CODES[code] ?? code;
}

/** What is wrong with a 2xx JSON body, or undefined. */
function checkShape(def: EndpointDef, data: unknown): string | undefined {
  if (def.responseType === "stream") return undefined;
  if (def.responseType === "text") {
    return typeof data === "string" || (data === undefined && def.allowEmpty)
      ? undefined
      : `expected text, got ${kindOf(data)}`;
  }
  if (def.bodyShape === "array") {
    return Array.isArray(data) ? undefined : `expected a JSON array, got ${kindOf(data)}`;
  }
  if (data === undefined) {
    return def.allowEmpty ? undefined : "expected a JSON object, got an empty body";
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    if (def.allowEmpty && data === null) return undefined;
    return `expected a JSON object, got ${Array.isArray(data) ? "an array" : JSON.stringify(data)}`;
  }
  return def.validate?.(data as Record<string, unknown>);
}

/** What a decoded body is, in words, for an `unexpected_response` detail. */
function kindOf(data: unknown): string {
  if (data === undefined) return "an empty body";
  if (Array.isArray(data)) return "an array";
  return typeof data === "object" && data !== null ? "a JSON object" : JSON.stringify(data);
}
