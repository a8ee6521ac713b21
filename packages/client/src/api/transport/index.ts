/**
 * The one HTTP transport of the client. Area modules describe endpoints as data
 * ({@link EndpointDef}); this folder owns everything cross-cutting, as small layers around
 * a core, Octokit style (outermost first), one module each:
 *
 * 1. `deadline` — one `AbortSignal` per call, aborted by the caller's `signal` or when the
 *    total budget `deadlineMs` is spent. Everything below waits on it: limiter, backoff, I/O.
 * 2. `retry` — the design's rules (`policy`): `Retry-After` or exponential full-jitter
 *    backoff, bounded by `maxAttempts` and the deadline.
 * 3. `throttle` — the per-pull-zone logging limiter ({@link SlidingWindowLimiter}); its wait
 *    is cancellable, and the slot is released whatever the outcome.
 * 4. `request` — one attempt: URL, auth header, per-attempt timeout, keep-alive connections
 *    (direct: Node's `http`; through a proxy: undici, `HTTP_PROXY`/`HTTPS_PROXY`/`NO_PROXY`
 *    honoured), gzip, no redirects,
 *    body decoding (`body`) and the error model (malformed JSON, embedded failures in a 2xx,
 *    response shapes that would corrupt state).
 *
 * `endpoint` holds the endpoint and call types and the addressing; `context` the state of one
 * call and how its errors are built. This module composes the layers in {@link Transport}.
 *
 * Waiting keeps the process alive: backoff and limiter waits are ordinary (ref'd) timers, so
 * a plain script that awaits a call is never ended by Node in the middle of it.
 */
import { inspect } from "node:util";
import {
  MissingSettingError,
  refusedCredentialHint,
  unreachableHint,
  UNREACHABLE_CODES,
} from "../../settings";
import { RateLimit, SlidingWindowLimiter } from "../limiter";
import type { ClientOptions } from "../client";
import {
  ApiResponse,
  baseFor,
  CallInput,
  Caller,
  EndpointDef,
  expandPath,
  RequestOptions,
} from "./endpoint";
import { Explain, failures, Failures, Next } from "./context";
import { deadline } from "./deadline";
import { retry, RetrySettings } from "./retry";
import { throttle } from "./throttle";
import { createPool, headersFor, request, RequestSettings } from "./request";
import { Pools } from "./pools";

export { expandPath } from "./endpoint";
export type {
  ApiKind,
  ApiResponse,
  CallInput,
  Caller,
  EndpointDef,
  HttpMethod,
  ParamValue,
  RequestOptions,
} from "./endpoint";
export { backoffDelay, parseRetryAfter } from "./policy";

/** Defaults of the transport options. */
export const TRANSPORT_DEFAULTS = {
  timeoutMs: 30_000,
  maxAttempts: 5,
  deadlineMs: 120_000,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 30_000,
  loggingRateLimit: { requests: 30, windowMs: 10_000 } as RateLimit,
} as const;

/** The HTTP transport shared by all API areas of one {@link Client}. */
export class Transport implements Caller {
  /**
   * Options, secrets and the connection pool: private fields, invisible to inspect/JSON. The
   * layers get closures over them, never the options themselves.
   */
  readonly #opts: ClientOptions;
  readonly #pools: Pools;
  readonly #limiter?: SlidingWindowLimiter;
  readonly #deadlineMs: number;
  readonly #fail: Failures;
  /** Layers 2 to 4: retry → throttle → request. */
  readonly #send: Next;

  /** Creates the transport (limiter; connections open on the first call). */
  constructor(opts: ClientOptions) {
    if (!opts.apiKey) throw new MissingSettingError("apiKey");
    if (!opts.baseUrl) throw new MissingSettingError("baseUrl");
    this.#opts = { ...opts };
    const timeoutMs = positive("timeoutMs", opts.timeoutMs ?? TRANSPORT_DEFAULTS.timeoutMs);
    const maxAttempts = Math.max(1, opts.maxAttempts ?? TRANSPORT_DEFAULTS.maxAttempts);
    this.#deadlineMs = positive("deadlineMs", opts.deadlineMs ?? TRANSPORT_DEFAULTS.deadlineMs);
    const baseDelayMs = opts.retryBaseDelayMs ?? TRANSPORT_DEFAULTS.retryBaseDelayMs;
    const maxDelayMs = opts.retryMaxDelayMs ?? TRANSPORT_DEFAULTS.retryMaxDelayMs;
    const secrets = [opts.apiKey, opts.loggingToken ?? ""].filter((s) => s.length > 0);
    const rl = opts.loggingRateLimit ?? TRANSPORT_DEFAULTS.loggingRateLimit;
    if (rl !== false) this.#limiter = new SlidingWindowLimiter(rl);

    const fail = (this.#fail = failures(secrets, this.#deadlineMs, explainFor(this.#opts)));
    const requestSettings: RequestSettings = {
      timeoutMs,
      headers: (def, hasBody) => headersFor(def, hasBody, this.#opts),
      pools: (this.#pools = new Pools(() => createPool(this.#opts.proxy))),
      fail,
    };
    const core: Next = (ctx) => request(ctx, requestSettings);
    const throttled: Next = (ctx) => throttle(ctx, this.#limiter, fail, core);
    const retrySettings: RetrySettings = {
      maxAttempts,
      baseDelayMs,
      maxDelayMs,
      onRetry: (info) => this.#opts.onRetry?.(info),
      fail,
    };
    this.#send = (ctx) => retry(ctx, retrySettings, throttled);
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
    this.#pools.close();
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
    const base = baseFor(def, this.#opts);
    const path = expandPath(def.path, input.params ?? {});
    const idempotent = def.idempotent ?? def.method !== "POST";
    const call = { def, input, base, path, idempotent };
    return (await deadline(call, opts, this.#deadlineMs, this.#fail, this.#send)) as ApiResponse<T>;
  }
}

/**
 * The hints of a client's failures: a 401/403 names the credential sent (the logging token
 * for a logging call when one is set, else the API key) and where it comes from; a host that
 * cannot be reached names the URL and its setting (`baseUrl`, `loggingUrl` for logging).
 */
function explainFor(opts: ClientOptions): Explain {
  const sources = opts.settingSources ?? {};
  return (def, status, code) => {
    const logging = (def.api ?? "management") === "logging";
    const urlSetting = logging ? "loggingUrl" : "baseUrl";
    const url = (logging ? opts.loggingUrl : opts.baseUrl) ?? "";
    if (status === 401 || status === 403) {
      const credential = logging && opts.loggingToken ? "loggingToken" : "apiKey";
      return refusedCredentialHint(credential, status, sources[credential], url);
    }
    if (status === 0 && code !== undefined && UNREACHABLE_CODES.has(code)) {
      return unreachableHint(urlSetting, code, sources[urlSetting], url);
    }
    return undefined;
  };
}

function positive(name: string, v: number): number {
  if (!(typeof v === "number" && v > 0 && Number.isFinite(v))) {
    throw new RangeError(`${name}: must be a positive number of milliseconds; got ${String(v)}`);
  }
  return v;
}
