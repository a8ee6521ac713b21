/**
 * The one HTTP transport of the client. Area modules describe endpoints as data
 * ({@link EndpointDef}); this module owns everything cross-cutting, in small layers:
 *
 * 1. `send` — one attempt: auth header, per-attempt timeout, keep-alive agents, gzip,
 *    no redirects, body decoding (malformed JSON and embedded failures in a 2xx included).
 * 2. `limit` — the per-pull-zone logging limiter ({@link SlidingWindowLimiter}).
 * 3. `call` — retries with `Retry-After` / exponential full-jitter backoff, bounded by
 *    `maxAttempts` and the total deadline `deadlineMs`.
 *
 * Retry policy (see also the README):
 * - 429: retried for every method, after `Retry-After` (seconds or HTTP-date) or backoff.
 *   A 429 is answered before the request is processed, so even a POST is safe to repeat.
 * - 502/503/504, connection resets, per-attempt timeouts and malformed 2xx JSON: retried
 *   only for idempotent endpoints (GET, DELETE, PATCH with whole-value bodies, and reads
 *   sent as POST that an endpoint explicitly marks `idempotent`).
 * - A POST is otherwise never re-sent: a POST that timed out or whose connection dropped
 *   may have been applied, so it fails at once with status 0.
 * - `ECONNREFUSED` (the request never left the client) is retried for every method.
 * - Nothing else is retried (4xx, 500, embedded failures).
 */
import http from "http";
import https from "https";
import type { Socket } from "net";
import { Readable } from "stream";
import axios, { AxiosInstance, AxiosResponse } from "axios";
import { MissingSettingError } from "../config";
import { decodeErrorBody, EdgeApiError, findEmbeddedFailure } from "./errors";
import { RateLimit, SlidingWindowLimiter } from "./limiter";
import type { ClientOptions } from "./client";

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
  "ERR_BAD_RESPONSE",
  "timeout",
]);
const USER_AGENT = "pulumi-edgeplatform-client/0.1";
const MAX_ERROR_BODY_BYTES = 64 * 1024;

type Outcome<T> =
  | { ok: true; response: ApiResponse<T> }
  | { ok: false; error: EdgeApiError; retryAfterMs?: number };

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref?.();
  });

/**
 * Parses a `Retry-After` header (delta seconds or HTTP-date) into milliseconds from `now`.
 * Returns undefined when absent or unparseable.
 */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
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

/** The HTTP transport shared by all API areas of one {@link Client}. */
export class Transport {
  private readonly http: AxiosInstance;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly limiter?: SlidingWindowLimiter;
  private readonly secrets: string[];
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly deadlineMs: number;
  private readonly retryBaseDelayMs: number;
  private readonly retryMaxDelayMs: number;

  /** Creates the transport (keep-alive agents, limiter) from the client options. */
  constructor(private readonly opts: ClientOptions) {
    if (!opts.apiKey) throw new MissingSettingError("apiKey");
    if (!opts.baseUrl) throw new MissingSettingError("baseUrl");
    this.timeoutMs = opts.timeoutMs ?? TRANSPORT_DEFAULTS.timeoutMs;
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? TRANSPORT_DEFAULTS.maxAttempts);
    this.deadlineMs = opts.deadlineMs ?? TRANSPORT_DEFAULTS.deadlineMs;
    this.retryBaseDelayMs = opts.retryBaseDelayMs ?? TRANSPORT_DEFAULTS.retryBaseDelayMs;
    this.retryMaxDelayMs = opts.retryMaxDelayMs ?? TRANSPORT_DEFAULTS.retryMaxDelayMs;
    this.secrets = [opts.apiKey, opts.loggingToken ?? ""].filter((s) => s.length > 0);
    this.httpAgent = new http.Agent({ keepAlive: true });
    this.httpsAgent = new https.Agent({ keepAlive: true });
    const rl = opts.loggingRateLimit ?? TRANSPORT_DEFAULTS.loggingRateLimit;
    if (rl !== false) this.limiter = new SlidingWindowLimiter(rl);
    this.http = axios.create({
      httpAgent: this.httpAgent,
      httpsAgent: this.httpsAgent,
      maxRedirects: 0,
      decompress: true,
      validateStatus: () => true,
      transformResponse: [(d: unknown) => d],
      proxy: false,
    });
  }

  /** Closes idle keep-alive connections. The transport stays usable (new sockets open). */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /**
   * Performs one API call with limiter, retries and deadline.
   * @throws EdgeApiError on any failure; MissingSettingError for a logging call without
   * `loggingUrl`.
   */
  async call<T>(def: EndpointDef, input: CallInput = {}): Promise<ApiResponse<T>> {
    const base = this.baseFor(def);
    const path = expandPath(def.path, input.params ?? {});
    const idempotent = def.idempotent ?? def.method !== "POST";
    const deadline = Date.now() + this.deadlineMs;
    let attempt = 0;
    for (;;) {
      attempt++;
      const permit =
        def.limitBy && this.limiter
          ? await this.limiter.acquire(String(input.params?.[def.limitBy] ?? ""))
          : undefined;
      let outcome: Outcome<T>;
      try {
        const remaining = deadline - Date.now();
        outcome =
          remaining <= 0
            ? { ok: false, error: this.networkError(def, path, "deadline_exceeded", idempotent) }
            : await this.send<T>(def, base, path, input, idempotent, remaining);
      } finally {
        permit?.release();
      }
      if (outcome.ok) return outcome.response;

      const err = outcome.error;
      const remaining = deadline - Date.now();
      const delayMs =
        outcome.retryAfterMs ?? backoffDelay(attempt, this.retryBaseDelayMs, this.retryMaxDelayMs);
      const giveUp =
        !err.retryable ||
        attempt >= this.maxAttempts ||
        err.code === "deadline_exceeded" ||
        delayMs >= remaining;
      if (giveUp) throw attempt > 1 ? err.withAttempts(attempt) : err;
      this.opts.onRetry?.({ operation: def.operation, attempt, status: err.status, delayMs });
      if (delayMs > 0) await sleep(delayMs);
    }
  }

  private baseFor(def: EndpointDef): string {
    if ((def.api ?? "management") === "logging") {
      if (!this.opts.loggingUrl) throw new MissingSettingError("loggingUrl");
      return this.opts.loggingUrl.replace(/\/+$/, "");
    }
    return this.opts.baseUrl.replace(/\/+$/, "");
  }

  private headersFor(def: EndpointDef, hasBody: boolean): Record<string, string | false> {
    const h: Record<string, string | false> = {
      "User-Agent": USER_AGENT,
      "Accept-Encoding": "gzip, deflate",
      Accept: def.responseType === "stream" ? "text/plain, */*" : "application/json",
    };
    if ((def.api ?? "management") === "logging" && this.opts.loggingToken) {
      h.Authorization = `Bearer ${this.opts.loggingToken}`;
    } else {
      h.AccessKey = this.opts.apiKey;
    }
    // Without a body no Content-Type at all (axios would default to form encoding).
    h["Content-Type"] = hasBody ? "application/json" : false;
    return h;
  }

  /** One attempt. Never throws: failures come back as an outcome. */
  private async send<T>(
    def: EndpointDef,
    base: string,
    path: string,
    input: CallInput,
    idempotent: boolean,
    remainingMs: number,
  ): Promise<Outcome<T>> {
    const stream = def.responseType === "stream";
    const controller = new AbortController();
    const attemptMs = Math.min(this.timeoutMs, remainingMs);
    let timedOut: "timeout" | "deadline_exceeded" | undefined;
    const timer = setTimeout(() => {
      timedOut = attemptMs < this.timeoutMs ? "deadline_exceeded" : "timeout";
      controller.abort();
    }, attemptMs);
    timer.unref?.();
    let res: AxiosResponse;
    try {
      res = await this.http.request({
        method: def.method,
        url: base + path,
        params: cleanQuery(input.query),
        data: input.body === undefined ? undefined : JSON.stringify(input.body),
        headers: this.headersFor(def, input.body !== undefined),
        responseType: stream ? "stream" : "text",
        signal: controller.signal,
      });
    } catch (e) {
      clearTimeout(timer);
      // Build a fresh error: the axios error (config, headers, request) is dropped here.
      const code = timedOut ?? (axios.isAxiosError(e) ? e.code : undefined) ?? "network_error";
      const detail = timedOut
        ? `no response within ${attemptMs} ms`
        : e instanceof Error
          ? e.message
          : undefined;
      return {
        ok: false,
        error: this.networkError(def, path, code, idempotent || code === "ECONNREFUSED", detail),
      };
    }
    // For streams the per-attempt timer covers the wait for the response head; after that
    // the socket gets an idle timeout of `timeoutMs` so a stalled body fails instead of hanging.
    if (stream) {
      clearTimeout(timer);
      const socket = (res.request as { socket?: Socket } | undefined)?.socket;
      if (socket) {
        const onIdle = () => socket.destroy(new Error(`no data for ${this.timeoutMs} ms`));
        socket.setTimeout(this.timeoutMs, onIdle);
        // Keep-alive sockets are reused: remove the idle handler once this body is done.
        const done = () => {
          socket.setTimeout(0);
          socket.removeListener("timeout", onIdle);
        };
        (res.data as NodeJS.EventEmitter).once?.("end", done);
        (res.data as NodeJS.EventEmitter).once?.("close", done);
      }
    }

    const status = res.status;
    try {
      if (status >= 200 && status < 300) {
        // A stream endpoint that answers a 2xx with a JSON body is not sending data: decode it
        // like any JSON answer, so an embedded failure (`success: false`) fails the call.
        const jsonStream = stream && isJsonContentType(res.headers["content-type"]);
        if (stream && !jsonStream) return { ok: true, response: { status, data: res.data as T } };
        const text = jsonStream
          ? await readText(res.data)
          : typeof res.data === "string"
            ? res.data
            : String(res.data ?? "");
        let data: unknown;
        if (text.trim() !== "") {
          try {
            data = JSON.parse(text);
          } catch {
            return {
              ok: false,
              error: this.error(def, path, {
                status,
                errorKey: "malformed_response",
                detail: `response body is not valid JSON (${text.length} bytes)`,
                retryable: idempotent,
              }),
            };
          }
        }
        const embedded = findEmbeddedFailure(data);
        if (embedded) {
          return {
            ok: false,
            error: this.error(def, path, { status, ...embedded, body: data, retryable: false }),
          };
        }
        if (jsonStream) return { ok: true, response: { status, data: Readable.from([text]) as T } };
        return { ok: true, response: { status, data: data as T } };
      }

      const text = stream ? await readText(res.data) : String(res.data ?? "");
      let body: unknown = undefined;
      if (text.trim() !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          body = text.length > 2000 ? text.slice(0, 2000) : text;
        }
      }
      const decoded = decodeErrorBody(body);
      const retryable = status === 429 || (idempotent && RETRYABLE_STATUSES.has(status));
      const retryAfterMs = status === 429 ? parseRetryAfter(res.headers["retry-after"]) : undefined;
      return {
        ok: false,
        error: this.error(def, path, {
          status,
          ...decoded,
          detail:
            decoded.detail ??
            (status >= 300 && status < 400 ? "redirects are not followed" : undefined),
          body,
          retryable,
        }),
        retryAfterMs,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  private error(
    def: EndpointDef,
    path: string,
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
      operation: def.operation,
      method: def.method,
      path,
      secrets: this.secrets,
    });
  }

  private networkError(
    def: EndpointDef,
    path: string,
    code: string,
    retryable: boolean,
    detail?: string,
  ): EdgeApiError {
    return this.error(def, path, {
      status: 0,
      code,
      errorKey: code,
      detail,
      retryable: code !== "deadline_exceeded" && retryable && isRetryableNetworkCode(code),
    });
  }
}

function isRetryableNetworkCode(code: string): boolean {
  return RETRYABLE_NETWORK_CODES.has(code) || code === "ECONNREFUSED" || code === "network_error";
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

function cleanQuery(
  q: Record<string, ParamValue | undefined> | undefined,
): Record<string, string> | undefined {
  if (!q) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined) out[k] = String(v);
  return Object.keys(out).length ? out : undefined;
}

/** True for `application/json`, `text/json` and `application/*+json` content types. */
function isJsonContentType(v: unknown): boolean {
  const t = String(v ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  return t === "application/json" || t === "text/json" || /^application\/[^/]*\+json$/.test(t);
}

async function readText(stream: unknown): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const b = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += b.length;
      if (size <= MAX_ERROR_BODY_BYTES) chunks.push(b);
    }
  } catch {
    // A broken error body is still an error; keep what arrived.
  }
  return Buffer.concat(chunks).toString("utf8");
}
