/**
 * Endpoints as data: what an area module declares ({@link EndpointDef}), what one call passes
 * ({@link CallInput}, {@link RequestOptions}) and gets back ({@link ApiResponse}), and the
 * address of a call (base URL, expanded path, query string).
 */
import { MissingSettingError } from "../../settings";
import type { ClientOptions, RetryInfo } from "../client";

/** HTTP methods used by the platform. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

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
   * Default: true for GET, PUT, DELETE and PATCH, false for POST.
   */
  idempotent?: boolean;
  /** Path parameter whose value keys the logging limiter (for example `pullZoneId`). */
  limitBy?: string;
  /**
   * `"json"` (default) decodes the body; `"stream"` returns the raw (decompressed) stream;
   * `"text"` returns the whole body as a string (an answer typed JSON is still decoded: a
   * JSON string is the text, an object with an embedded failure fails the call).
   */
  responseType?: "json" | "stream" | "text";
  /**
   * How `CallInput.body` is sent: `"json"` (default) as JSON; `"html"` a string as it is,
   * with `Content-Type: text/html; charset=utf-8`; `"text"` likewise as `text/plain`.
   */
  requestType?: "json" | "html" | "text";
  /**
   * JSON endpoints: the top-level type of a 2xx body, `"object"` (default) or `"array"`
   * (`validate` applies to objects only).
   */
  bodyShape?: "object" | "array";
  /**
   * JSON endpoints: whether a 2xx may have an empty body (default false: every 2xx must carry
   * a JSON object, else the call fails with `unexpected_response`).
   */
  allowEmpty?: boolean;
  /**
   * Whether the endpoint may answer 202 with an `AcceptedResult` (the change is applied
   * later). Such a 202 is passed to the caller unchecked; any other 2xx is checked.
   */
  accepted?: boolean;
  /**
   * Checks the decoded body of a 2xx; returns what is wrong (the call then fails with
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
  /**
   * Request body (JSON, or the text of an `"html"` endpoint); `undefined` sends no body and
   * no `Content-Type`.
   */
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

/**
 * The base address of an endpoint's API, without trailing slashes.
 * @throws MissingSettingError for a logging endpoint without `loggingUrl`.
 */
export function baseFor(
  def: EndpointDef,
  opts: Pick<ClientOptions, "baseUrl" | "loggingUrl">,
): string {
  if ((def.api ?? "management") === "logging") {
    if (!opts.loggingUrl) throw new MissingSettingError("loggingUrl");
    return opts.loggingUrl.replace(/\/+$/, "");
  }
  return opts.baseUrl.replace(/\/+$/, "");
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

/** The query string (with its `?`) of the defined parameters, or `""` when there are none. */
export function queryString(q: Record<string, ParamValue | undefined> | undefined): string {
  if (!q) return "";
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.append(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}
