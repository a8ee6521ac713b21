/**
 * The one HTTP transport of the client. Area modules describe endpoints as data
 * ({@link EndpointDef}); this module owns everything cross-cutting, as small layers around
 * a core, Octokit style (outermost first):
 *
 * 1. `deadline` — one `AbortSignal` per call, aborted by the caller's `signal` or when the
 *    total budget `deadlineMs` is spent. Everything below waits on it: limiter, backoff, I/O.
 * 2. `retry` — the design's rules (below): `Retry-After` or exponential full-jitter backoff,
 *    bounded by `maxAttempts` and the deadline.
 * 3. `throttle` — the per-pull-zone logging limiter ({@link SlidingWindowLimiter}); its wait
 *    is cancellable, and the slot is released whatever the outcome.
 * 4. `request` — one attempt: URL, auth header, per-attempt timeout, keep-alive connections
 *    through undici (`HTTP_PROXY`/`HTTPS_PROXY`/`NO_PROXY` honoured), gzip, no redirects,
 *    body decoding and the error model (malformed JSON, embedded failures in a 2xx, response
 *    shapes that would corrupt state).
 *
 * Retry policy (see also the README):
 * - 429: retried for every method, after `Retry-After` (seconds or HTTP-date) or backoff.
 *   A 429 is answered before the request is processed, so even a POST is safe to repeat.
 * - 502/503/504, connection resets, per-attempt timeouts and malformed 2xx JSON: retried
 *   only for idempotent endpoints (GET, DELETE of a rule or of DNSSEC, PATCH with whole-value
 *   bodies, and reads sent as POST that an endpoint explicitly marks `idempotent`).
 * - A POST, and the volume DELETE (`containers.deleteVolumeInstances`), are otherwise never
 *   re-sent: one that timed out or whose connection dropped may have been applied.
 * - `ECONNREFUSED` (the request never left the client) is retried for every method.
 * - Nothing else is retried (4xx, 500, embedded failures, wrong shapes).
 *
 * Waiting keeps the process alive: backoff and limiter waits are ordinary (ref'd) timers, so
 * a plain script that awaits a call is never ended by Node in the middle of it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { inspect } from "node:util";
import type { Dispatcher } from "undici";
import { MissingSettingError } from "../settings";
import { decodeErrorBody, EdgeApiError, findEmbeddedFailure } from "./errors";
import { Permit, RateLimit, SlidingWindowLimiter } from "./limiter";
import type { ClientOptions, RetryInfo } from "./client";

/** HTTP methods used by the platform. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** Which API an endpoint belongs to (selects the base address and the auth header). */
export type ApiKind = "management" | "logging";

/** Description of one endpoint, as data. */
export interface EndpointDef {
  /** Operation name used in errors and `onRetry`, for example `shield.getRateLimit`. */
  operation: string;
  /** HTTP method. */
  method: HttpMethod;
  /** Path template relative to the API base, with `{name}` placeholders for path params. */
  path: string;
  /** API the endpoint belongs to (default `"management"`). */
  api?: ApiKind;
  /**
   * Whether repeating the call is safe (enables retries of 5xx, resets and timeouts).
   * Default: true for GET, DELETE and PATCH, false for POST.
   */
  idempotent?: boolean;
  /** Path parameter whose value keys the logging limiter (for example `pullZoneId`). */
  limitBy?: string;
  /** `"json"` (default) decodes the body; `"stream"` returns the raw (decompressed) stream. */
  responseType?: "json" | "stream";
  /**
   * JSON endpoints: whether a 200 may have an empty body (default false: a 200 must carry a
   * JSON object, else the call fails with `unexpected_response`). 202 and 204 may be empty.
   */
  allowEmpty?: boolean;
  /**
   * Checks the decoded 200 body; returns what is wrong (the call then fails with
   * `unexpected_response`) or undefined when it is fine.
   */
  validate?: (body: Record<string, unknown>) => string | undefined;
}

/** Scalar values of path and query parameters. */
export type ParamValue = string | number | boolean;

/** Per-call inputs. */
export interface CallInput {
  /** Values for the `{name}` placeholders of the path (URL-encoded by the transport). */
  params?: Record<string, ParamValue>;
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, ParamValue | undefined>;
  /** JSON request body; `undefined` sends no body and no `Content-Type`. */
  body?: unknown;
}

/**
 * Options of one client call: the optional last argument of every client method and of the
 * page iterators.
 */
export interface RequestOptions {
  /**
   * Cancels the call: a pending limiter wait, backoff or request stops at once and the call
   * rejects with an `EdgeApiError` whose `code` is `"aborted"`. A page iterator stops at
   * the next page.
   */
  signal?: AbortSignal;
  /** Called before each retry of this call (in addition to the client's `onRetry`). */
  onRetry?: (info: RetryInfo) => void;
}

/** Something that performs calls: the {@link Transport}, or a view of it with defaults. */
export interface Caller {
  /** Performs one API call (see {@link Transport.call}). */
  call<T>(def: EndpointDef, input?: CallInput, opts?: RequestOptions): Promise<ApiResponse<T>>;
}

/** A successful response. */
export interface ApiResponse<T> {
  /** HTTP status (2xx). */
  status: number;
  /** Decoded JSON body (`undefined` for an empty body), or the stream for stream endpoints. */
  data: T;
}

/** Defaults of the transport options. */
export const TRANSPORT_DEFAULTS = {
  timeoutMs: 30_000,
  maxAttempts: 5,
  deadlineMs: 120_000,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 30_000,
  loggingRateLimit: { requests: 30, windowMs: 10_000 } as RateLimit,
} as const;

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const RETRYABLE_NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ECONNREFUSED",
  "network_error",
  "timeout",
]);
/** undici error codes, mapped to the familiar socket codes. */
const UNDICI_CODES: Record<string, string> = {
  UND_ERR_SOCKET: "ECONNRESET",
  UND_ERR_CLOSED: "ECONNRESET",
  UND_ERR_HEADERS_TIMEOUT: "timeout",
  UND_ERR_BODY_TIMEOUT: "timeout",
  UND_ERR_CONNECT_TIMEOUT: "ETIMEDOUT",
};
const USER_AGENT = "pulumi-edgeplatform-client/0.1";
const MAX_ERROR_BODY_BYTES = 64 * 1024;

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

type Undici = typeof import("undici");
let undiciModule: Undici | undefined;
/** undici is loaded on the first request, not at import (keeps `require` of the client fast). */
function undici(): Undici {
  return (undiciModule ??= require("undici") as Undici);
}

/**
 * Parses a `Retry-After` header (delta seconds or HTTP-date) into milliseconds from `now`.
 * Returns undefined when absent or unparseable.
 */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  if (Array.isArray(value)) value = value[0];
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * Exponential backoff with full jitter: a random delay in `[0, min(max, base * 2^(attempt-1))]`.
 * @param attempt the attempt that just failed (1-based).
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * cap);
}

/** State of one call, shared by the layers. */
interface CallContext {
  def: EndpointDef;
  input: CallInput;
  base: string;
  path: string;
  idempotent: boolean;
  /** Aborted by the caller's signal or the deadline. */
  signal: AbortSignal;
  /** The caller's own signal. */
  userSignal?: AbortSignal;
  /** Epoch ms at which the deadline expires. */
  deadlineAt: number;
  onRetry?: (info: RetryInfo) => void;
}

/** A failed attempt: the error plus the server's `Retry-After`, when it sent one. */
class AttemptError extends Error {
  constructor(
    readonly error: EdgeApiError,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

/** The HTTP transport shared by all API areas of one {@link Client}. */
export class Transport implements Caller {
  /** Options, secrets and the connection pool: private fields, invisible to inspect/JSON. */
  readonly #opts: ClientOptions;
  readonly #secrets: string[];
  #dispatcher?: Dispatcher;
  readonly #limiter?: SlidingWindowLimiter;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;
  readonly #deadlineMs: number;
  readonly #retryBaseDelayMs: number;
  readonly #retryMaxDelayMs: number;

  /** Creates the transport (limiter; connections open on the first call). */
  constructor(opts: ClientOptions) {
    if (!opts.apiKey) throw new MissingSettingError("apiKey");
    if (!opts.baseUrl) throw new MissingSettingError("baseUrl");
    this.#opts = { ...opts };
    this.#timeoutMs = positive("timeoutMs", opts.timeoutMs ?? TRANSPORT_DEFAULTS.timeoutMs);
    this.#maxAttempts = Math.max(1, opts.maxAttempts ?? TRANSPORT_DEFAULTS.maxAttempts);
    this.#deadlineMs = positive("deadlineMs", opts.deadlineMs ?? TRANSPORT_DEFAULTS.deadlineMs);
    this.#retryBaseDelayMs = opts.retryBaseDelayMs ?? TRANSPORT_DEFAULTS.retryBaseDelayMs;
    this.#retryMaxDelayMs = opts.retryMaxDelayMs ?? TRANSPORT_DEFAULTS.retryMaxDelayMs;
    this.#secrets = [opts.apiKey, opts.loggingToken ?? ""].filter((s) => s.length > 0);
    const rl = opts.loggingRateLimit ?? TRANSPORT_DEFAULTS.loggingRateLimit;
    if (rl !== false) this.#limiter = new SlidingWindowLimiter(rl);
  }

  /** The logging limiter (undefined when `loggingRateLimit: false`). */
  get limiter(): SlidingWindowLimiter | undefined {
    return this.#limiter;
  }

  /**
   * Closes idle keep-alive connections (requests in flight finish first). The transport
   * stays usable: the next call opens new connections.
   */
  close(): void {
    const d = this.#dispatcher;
    this.#dispatcher = undefined;
    d?.close().catch(() => undefined);
  }

  /** Keeps the options (API key, JWT, proxy) out of `util.inspect`. */
  [inspect.custom](): string {
    return "Transport {}";
  }

  /** Keeps the options out of `JSON.stringify`. */
  toJSON(): Record<string, never> {
    return {};
  }

  /**
   * Performs one API call through the layers deadline → retry → throttle → request.
   * @throws EdgeApiError on any failure (code `aborted` when `opts.signal` aborted it,
   * `deadline_exceeded` when `deadlineMs` ran out); MissingSettingError for a logging call
   * without `loggingUrl`.
   */
  async call<T>(
    def: EndpointDef,
    input: CallInput = {},
    opts: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const base = this.#baseFor(def);
    const path = expandPath(def.path, input.params ?? {});
    const idempotent = def.idempotent ?? def.method !== "POST";
    const partial = { def, input, base, path, idempotent };
    if (opts.signal?.aborted) throw this.#abortError(partial, "aborted");

    // Layer 1: the deadline. One controller, aborted by the caller's signal or the deadline
    // timer; both are unhooked when the call ends, so a long-lived caller signal gathers no
    // listeners and no timer outlives the call.
    const ctl = new AbortController();
    const onUserAbort = () => ctl.abort(opts.signal?.reason);
    opts.signal?.addEventListener("abort", onUserAbort, { once: true });
    const timer = setTimeout(() => ctl.abort(new Error("deadline")), this.#deadlineMs);
    const ctx: CallContext = {
      ...partial,
      signal: ctl.signal,
      userSignal: opts.signal,
      deadlineAt: Date.now() + this.#deadlineMs,
      onRetry: opts.onRetry,
    };
    try {
      return (await this.#retry(ctx)) as ApiResponse<T>;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onUserAbort);
    }
  }

  /** Layer 2: retries with `Retry-After` / backoff, bounded by attempts and the deadline. */
  async #retry(ctx: CallContext): Promise<ApiResponse<unknown>> {
    for (let attempt = 1; ; attempt++) {
      let failure: AttemptError;
      try {
        return await this.#throttle(ctx);
      } catch (e) {
        if (!(e instanceof AttemptError)) throw e;
        failure = e;
      }
      const err = failure.error;
      const remaining = ctx.deadlineAt - Date.now();
      const delayMs =
        failure.retryAfterMs ??
        backoffDelay(attempt, this.#retryBaseDelayMs, this.#retryMaxDelayMs);
      const giveUp =
        !err.retryable ||
        attempt >= this.#maxAttempts ||
        err.code === "deadline_exceeded" ||
        err.code === "aborted" ||
        delayMs >= remaining;
      if (giveUp) throw attempt > 1 ? err.withAttempts(attempt) : err;
      const info: RetryInfo = {
        operation: ctx.def.operation,
        attempt,
        status: err.status,
        delayMs,
      };
      this.#opts.onRetry?.(info);
      ctx.onRetry?.(info);
      if (delayMs > 0) {
        try {
          // A ref'd timer: the process stays alive while a caller awaits the retry.
          await sleep(delayMs, undefined, { signal: ctx.signal });
        } catch {
          throw this.#abortError(ctx, this.#whyAborted(ctx)).withAttempts(attempt);
        }
      }
    }
  }

  /** Layer 3: the per-pull-zone limiter of logging calls. */
  async #throttle(ctx: CallContext): Promise<ApiResponse<unknown>> {
    const key = ctx.def.limitBy ? ctx.input.params?.[ctx.def.limitBy] : undefined;
    let permit: Permit | undefined;
    if (key !== undefined && this.#limiter) {
      try {
        permit = await this.#limiter.acquire(String(key), ctx.signal);
      } catch {
        throw new AttemptError(this.#abortError(ctx, this.#whyAborted(ctx)));
      }
    }
    try {
      return await this.#request(ctx);
    } finally {
      permit?.release();
    }
  }

  /** Layer 4: one HTTP attempt. Fails with an {@link AttemptError}. */
  async #request(ctx: CallContext): Promise<ApiResponse<unknown>> {
    const { def, input } = ctx;
    const remaining = ctx.deadlineAt - Date.now();
    if (ctx.signal.aborted || remaining <= 0) {
      throw new AttemptError(this.#abortError(ctx, this.#whyAborted(ctx)));
    }
    const stream = def.responseType === "stream";
    const attemptMs = Math.min(this.#timeoutMs, remaining);
    const attemptCtl = new AbortController();
    let why: string | undefined;
    const onCallAbort = () => {
      why ??= this.#whyAborted(ctx);
      attemptCtl.abort();
    };
    ctx.signal.addEventListener("abort", onCallAbort, { once: true });
    const timer = setTimeout(() => {
      why ??= attemptMs < this.#timeoutMs ? "deadline_exceeded" : "timeout";
      attemptCtl.abort();
    }, attemptMs);
    const unhook = () => {
      clearTimeout(timer);
      ctx.signal.removeEventListener("abort", onCallAbort);
    };

    let res: Dispatcher.ResponseData;
    try {
      res = await undici().request(ctx.base + ctx.path + queryString(input.query), {
        method: def.method,
        headers: this.#headersFor(def, input.body !== undefined),
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: attemptCtl.signal,
        dispatcher: this.#pool(),
        // Streams: after the head, a body that stalls for timeoutMs fails instead of hanging.
        bodyTimeout: stream ? this.#timeoutMs : 0,
        headersTimeout: 0,
      });
    } catch (e) {
      unhook();
      // A fresh error: the library's error (and anything attached to it) is dropped here.
      const code = why ?? networkCode(e);
      const detail =
        why === "timeout" || why === "deadline_exceeded"
          ? `no response within ${attemptMs} ms`
          : why === "aborted"
            ? "aborted by the caller's signal"
            : e instanceof Error
              ? e.message
              : undefined;
      throw new AttemptError(
        this.#networkError(ctx, code, ctx.idempotent || code === "ECONNREFUSED", detail),
      );
    }

    const status = res.statusCode;
    if (stream) {
      // The attempt timer and the deadline covered the wait for the head; the body belongs to
      // the caller now, who may still cancel it with their own signal.
      unhook();
    }
    try {
      if (status >= 200 && status < 300) {
        if (stream && !isJsonContentType(res.headers["content-type"])) {
          return { status, data: this.#bodyStream(res, ctx.userSignal) };
        }
        // A stream endpoint that answers a 2xx with a JSON body is not sending data: decode it
        // like any JSON answer, so an embedded failure (`success: false`) fails the call.
        let text: string;
        try {
          text = await readBody(res, stream ? MAX_ERROR_BODY_BYTES : Infinity);
        } catch (e) {
          throw new AttemptError(
            this.#networkError(
              ctx,
              why ?? networkCode(e),
              ctx.idempotent,
              e instanceof Error ? e.message : undefined,
            ),
          );
        }
        let data: unknown;
        if (text.trim() !== "") {
          try {
            data = JSON.parse(text);
          } catch {
            throw new AttemptError(
              this.#error(ctx, {
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
            this.#error(ctx, { status, ...embedded, body: data, retryable: false }),
          );
        }
        const wrong = status === 200 ? checkShape(def, data) : undefined;
        if (wrong) {
          throw new AttemptError(
            this.#error(ctx, {
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
      }

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
          body = text.length > 2000 ? text.slice(0, 2000) : text;
        }
      }
      const decoded = decodeErrorBody(body);
      const retryable = status === 429 || (ctx.idempotent && RETRYABLE_STATUSES.has(status));
      const retryAfterMs = status === 429 ? parseRetryAfter(res.headers["retry-after"]) : undefined;
      throw new AttemptError(
        this.#error(ctx, {
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
    } finally {
      if (!stream) unhook();
    }
  }

  /** The decompressed body stream of a stream endpoint; the caller's signal destroys it. */
  #bodyStream(res: Dispatcher.ResponseData, userSignal?: AbortSignal): Readable {
    const raw = res.body as unknown as Readable;
    const enc = headerValue(res.headers["content-encoding"]).toLowerCase();
    let out: Readable = raw;
    if (enc === "gzip" || enc === "x-gzip" || enc === "deflate" || enc === "br") {
      const z =
        enc === "br"
          ? zlib.createBrotliDecompress()
          : enc === "deflate"
            ? zlib.createInflate()
            : zlib.createGunzip();
      raw.on("error", (e) => z.destroy(e));
      z.on("close", () => raw.destroy());
      out = raw.pipe(z);
    }
    if (userSignal) {
      const onAbort = () => out.destroy(new Error("aborted by the caller's signal"));
      userSignal.addEventListener("abort", onAbort, { once: true });
      out.once("close", () => userSignal.removeEventListener("abort", onAbort));
    }
    return out;
  }

  /** The keep-alive connection pool, created on first use. */
  #pool(): Dispatcher {
    if (!this.#dispatcher) {
      const u = undici();
      const proxy = this.#opts.proxy;
      this.#dispatcher =
        proxy === false
          ? new u.Agent()
          : typeof proxy === "string"
            ? new u.ProxyAgent(proxy)
            : // HTTP_PROXY / HTTPS_PROXY / NO_PROXY (either case); a direct pool when unset.
              new u.EnvHttpProxyAgent();
    }
    return this.#dispatcher;
  }

  #baseFor(def: EndpointDef): string {
    if ((def.api ?? "management") === "logging") {
      if (!this.#opts.loggingUrl) throw new MissingSettingError("loggingUrl");
      return this.#opts.loggingUrl.replace(/\/+$/, "");
    }
    return this.#opts.baseUrl.replace(/\/+$/, "");
  }

  #headersFor(def: EndpointDef, hasBody: boolean): Record<string, string> {
    const h: Record<string, string> = {
      "user-agent": USER_AGENT,
      "accept-encoding": "gzip, deflate",
      accept: def.responseType === "stream" ? "text/plain, */*" : "application/json",
    };
    if ((def.api ?? "management") === "logging" && this.#opts.loggingToken) {
      h.authorization = `Bearer ${this.#opts.loggingToken}`;
    } else {
      h.accesskey = this.#opts.apiKey;
    }
    if (hasBody) h["content-type"] = "application/json";
    return h;
  }

  #whyAborted(ctx: Pick<CallContext, "userSignal">): "aborted" | "deadline_exceeded" {
    return ctx.userSignal?.aborted ? "aborted" : "deadline_exceeded";
  }

  #abortError(
    ctx: Pick<CallContext, "def" | "path" | "idempotent">,
    code: "aborted" | "deadline_exceeded",
  ): EdgeApiError {
    return this.#networkError(
      ctx,
      code,
      false,
      code === "aborted"
        ? "aborted by the caller's signal"
        : `the call did not finish within deadlineMs (${this.#deadlineMs} ms)`,
    );
  }

  #error(
    ctx: Pick<CallContext, "def" | "path">,
    e: {
      status: number;
      errorKey?: string;
      detail?: string;
      fieldErrors?: { field: string; message: string }[];
      body?: unknown;
      retryable: boolean;
      code?: string;
    },
  ): EdgeApiError {
    return new EdgeApiError({
      ...e,
      operation: ctx.def.operation,
      method: ctx.def.method,
      path: ctx.path,
      secrets: this.#secrets,
    });
  }

  #networkError(
    ctx: Pick<CallContext, "def" | "path">,
    code: string,
    retryable: boolean,
    detail?: string,
  ): EdgeApiError {
    return this.#error(ctx, {
      status: 0,
      code,
      errorKey: code,
      detail,
      retryable:
        code !== "deadline_exceeded" &&
        code !== "aborted" &&
        retryable &&
        RETRYABLE_NETWORK_CODES.has(code),
    });
  }
}

function positive(name: string, v: number): number {
  if (!(typeof v === "number" && v > 0 && Number.isFinite(v))) {
    throw new RangeError(`${name}: must be a positive number of milliseconds; got ${String(v)}`);
  }
  return v;
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

/** What is wrong with a 200 JSON body, or undefined. */
function checkShape(def: EndpointDef, data: unknown): string | undefined {
  if (def.responseType === "stream") return undefined;
  if (data === undefined) {
    return def.allowEmpty ? undefined : "expected a JSON object, got an empty body";
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    if (def.allowEmpty && data === null) return undefined;
    return `expected a JSON object, got ${Array.isArray(data) ? "an array" : JSON.stringify(data)}`;
  }
  return def.validate?.(data as Record<string, unknown>);
}

/** Substitutes `{name}` placeholders with URL-encoded values. */
export function expandPath(template: string, params: Record<string, ParamValue>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined || v === "") {
      throw new TypeError(`missing path parameter "${name}" for ${template}`);
    }
    return encodeURIComponent(String(v));
  });
}

function queryString(q: Record<string, ParamValue | undefined> | undefined): string {
  if (!q) return "";
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.append(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}

function headerValue(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? "";
}

/** True for `application/json`, `text/json` and `application/*+json` content types. */
function isJsonContentType(v: string | string[] | undefined): boolean {
  const t = headerValue(v).split(";")[0].trim().toLowerCase();
  return t === "application/json" || t === "text/json" || /^application\/[^/]*\+json$/.test(t);
}

/** Reads (and decompresses) a whole body; past `limit` bytes the rest is drained, not kept. */
async function readBody(res: Dispatcher.ResponseData, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  let buf = Buffer.concat(chunks);
  const enc = headerValue(res.headers["content-encoding"]).toLowerCase();
  if (buf.length > 0 && size <= limit) {
    if (enc === "gzip" || enc === "x-gzip") buf = await gunzip(buf);
    else if (enc === "deflate") buf = await inflate(buf);
    else if (enc === "br") buf = await brotli(buf);
  }
  return buf.toString("utf8");
}
