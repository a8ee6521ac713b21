/**
 * The client's single error class and the decoder that turns every error body shape of
 * the platform into it: problem shapes A and B, the availability-check error, the
 * rate-limit `UnauthorizedResult`, embedded `GenericRequestResponse` results (also inside
 * a 2xx), the logging API's `{error: {code, message, details}}`, empty and non-JSON bodies.
 *
 * An {@link EdgeApiError} is always built from scratch: it never wraps the HTTP library's error, never
 * carries request headers or configuration, and its message never contains the API key or
 * the logging JWT.
 */
import { inspect } from "util";
import { isObj } from "./is-object";

/** One field-level validation failure reported by the platform. */
export interface FieldError {
  /** Property path as the platform names it (for example `ruleConfiguration.timeframe`). */
  field: string;
  /** Human-readable reason. */
  message: string;
}

/** Everything needed to build an {@link EdgeApiError}. */
export interface EdgeApiErrorInit {
  /** HTTP status; 0 for network errors and timeouts; the 2xx for embedded failures. */
  status: number;
  /** Client operation, for example `shield.updateRateLimit`. */
  operation: string;
  /** HTTP method of the request (`GET`, `PATCH`, ...). */
  method: string;
  /** Request path relative to the API base address, without the query string. */
  path: string;
  /** Platform error key or code, when the body carried one. */
  errorKey?: string;
  /** Human-readable detail from the body (problem `detail`, `Message`, `message`, ...). */
  detail?: string;
  /** Field-level failures (problem shape B `errors[]`, availability `Field`, logging `details`). */
  fieldErrors?: FieldError[];
  /** Decoded error body (never contains request headers). */
  body?: unknown;
  /** Number of attempts made before giving up (default 1). */
  attempts?: number;
  /** Whether repeating the same call may succeed (used by the transport). */
  retryable?: boolean;
  /** Network error code for status 0 (`ECONNRESET`, `timeout`, `deadline_exceeded`, ...). */
  code?: string;
  /** Strings that must never appear in the message or the body (API key, JWT). */
  secrets?: readonly string[];
  /**
   * What to fix, appended to the message: for a 401/403 the credential refused and where it
   * comes from; for an unreachable host the URL and its setting. Never a secret's value.
   */
  hint?: string;
}

/** Replaces every occurrence of each secret in `text` by `[redacted]`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join("[redacted]");
  }
  return out;
}

/**
 * `value` with every secret replaced in every string it holds (object keys included), walked
 * structurally: a secret holding a quote or a backslash is found too (JSON text escapes them).
 */
function redactValue(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (value === undefined || secrets.length === 0) return value;
  if (typeof value === "string") return redact(value, secrets);
  if (typeof value !== "object" || value === null) return value;
  if (depth > 32) return "[redacted: too deep]";
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[redact(k, secrets)] = redactValue(v, secrets, depth + 1);
  return out;
}

/**
 * An API call failed. Thrown by every client method for HTTP errors, embedded failures in a
 * 2xx, malformed responses, network errors, timeouts and an exhausted retry budget.
 */
export class EdgeApiError extends Error {
  /** Always `"EdgeApiError"`. */
  override readonly name = "EdgeApiError" as const;
  /** HTTP status; 0 for network errors and timeouts; the 2xx for embedded failures. */
  readonly status: number;
  /** `errorKey` | `ErrorKey` | `error.code` | problem `title`, when the body carried one. */
  readonly errorKey?: string;
  /** Field-level failures; empty when the platform reported none. */
  readonly fieldErrors: FieldError[];
  /** Client operation, for example `shield.updateRateLimit`. */
  readonly operation: string;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Request path (no query string, no host). */
  readonly path: string;
  /** Decoded error body; never contains request headers. */
  readonly body?: unknown;
  /** Human-readable detail from the body, when there was one. */
  readonly detail?: string;
  /** Attempts made (1 when the call was not retried). */
  readonly attempts: number;
  /** Whether the transport considered the failure transient. */
  readonly retryable: boolean;
  /** Network error code when `status` is 0 (`ECONNRESET`, `timeout`, `deadline_exceeded`, ...). */
  readonly code?: string;
  /**
   * What to fix, also at the end of the message: for a 401/403 which credential was refused
   * and where it comes from (stack config key, environment variable or explicit option); for
   * an unreachable host the URL and the setting it comes from. Never a secret's value.
   */
  readonly hint?: string;

  /** Builds the error; the message is derived from the fields (see {@link formatErrorMessage}). */
  constructor(init: EdgeApiErrorInit) {
    const secrets = init.secrets ?? [];
    const fieldErrors = (init.fieldErrors ?? []).map((f) => ({
      field: redact(f.field, secrets),
      message: redact(f.message, secrets),
    }));
    const detail = init.detail === undefined ? undefined : redact(init.detail, secrets);
    const errorKey = init.errorKey === undefined ? undefined : redact(init.errorKey, secrets);
    const hint = init.hint === undefined ? undefined : redact(init.hint, secrets);
    super(
      redact(
        formatErrorMessage({ ...init, detail, errorKey, fieldErrors, hint, secrets: undefined }),
        secrets,
      ),
    );
    this.status = init.status;
    this.errorKey = errorKey;
    this.fieldErrors = fieldErrors;
    this.operation = init.operation;
    this.method = init.method;
    this.path = redact(init.path, secrets);
    this.body = redactValue(init.body, secrets);
    this.detail = detail;
    this.attempts = init.attempts ?? 1;
    this.retryable = init.retryable ?? false;
    this.code = init.code;
    this.hint = hint;
    Object.setPrototypeOf(this, new.target.prototype);
  }

  /**
   * "Not found": true for an HTTP 404, for an embedded `GenericRequestResponse` whose
   * `statusCode` is 404 (with or without an `errorKey`; the shield API answers some failures
   * with a 2xx carrying one), or for an error key starting with `not_found`
   * (case-insensitive).
   *
   * Not proof that the object is gone: check {@link isAmbiguousNotFound}, and confirm with a
   * second look (for example the zone's rule list) before dropping anything from state.
   */
  get isNotFound(): boolean {
    return (
      this.status === 404 ||
      embeddedStatusOf(this.body) === 404 ||
      (this.errorKey?.toLowerCase().startsWith("not_found") ?? false)
    );
  }

  /**
   * True when the error key starts with `not_found_or_unauthorised_access` (case-insensitive,
   * for example `not_found_or_unauthorised_access.shieldzone`). The platform answers this
   * both for a missing object and for a key that lacks access to it (wrong key scope), so it
   * must never alone be read as "gone". Such an error is also {@link isNotFound}.
   */
  get isAmbiguousNotFound(): boolean {
    return this.errorKey?.toLowerCase().startsWith("not_found_or_unauthorised_access") ?? false;
  }

  /** A copy of this error with a different attempt count and retryable flag. */
  withAttempts(attempts: number, retryable = this.retryable): EdgeApiError {
    return new EdgeApiError({
      status: this.status,
      operation: this.operation,
      method: this.method,
      path: this.path,
      errorKey: this.errorKey,
      detail: this.detail,
      fieldErrors: this.fieldErrors,
      body: this.body,
      attempts,
      retryable,
      code: this.code,
      hint: this.hint,
    });
  }

  /** Plain, header-free JSON form (what `JSON.stringify(err)` prints). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      errorKey: this.errorKey,
      fieldErrors: this.fieldErrors,
      operation: this.operation,
      method: this.method,
      path: this.path,
      body: this.body,
      attempts: this.attempts,
      code: this.code,
      hint: this.hint,
    };
  }

  /** `util.inspect` form: the same safe fields plus the stack. */
  [inspect.custom](): string {
    return `${this.stack ?? this.message}\n${inspect(this.toJSON(), { depth: 4 })}`;
  }
}

/**
 * Formats `operation (METHOD /path) failed: STATUS key: field: reason; ...; detail`.
 * Network errors read `failed: network error CODE (detail)`. A hint follows as `. Hint`.
 */
export function formatErrorMessage(init: EdgeApiErrorInit): string {
  const text = formatFailure(init);
  return init.hint ? `${text}. ${init.hint[0].toUpperCase()}${init.hint.slice(1)}` : text;
}

function formatFailure(init: EdgeApiErrorInit): string {
  const head = `${init.operation} (${init.method} ${init.path}) failed: `;
  const parts: string[] = [];
  for (const f of init.fieldErrors ?? [])
    parts.push(f.field ? `${f.field}: ${f.message}` : f.message);
  if (init.detail && !parts.some((p) => p.includes(init.detail as string))) parts.push(init.detail);
  let status: string;
  if (init.status === 0) {
    status = `network error ${init.code ?? init.errorKey ?? "unknown"}`;
    const tail = parts.length ? ` (${parts.join("; ")})` : "";
    const attempts = (init.attempts ?? 1) > 1 ? ` after ${init.attempts} attempts` : "";
    return `${head}${status}${tail}${attempts}`;
  }
  status = `${init.status}${init.errorKey ? ` ${init.errorKey}` : ""}`;
  const attempts = (init.attempts ?? 1) > 1 ? ` (after ${init.attempts} attempts)` : "";
  return `${head}${status}${parts.length ? `: ${parts.join("; ")}` : ""}${attempts}`;
}

/**
 * The `statusCode` of a `GenericRequestResponse` carried by a body: at the top level, or
 * as its `errorResponse` / `error` member. Undefined when there is none.
 */
export function embeddedStatusOf(body: unknown): number | undefined {
  if (!isObj(body)) return undefined;
  for (const c of [body.errorResponse, body.error, body]) {
    if (isObj(c) && typeof c.statusCode === "number") return c.statusCode;
  }
  return undefined;
}

/** What {@link decodeErrorBody} extracts from a body. */
export interface DecodedError {
  errorKey?: string;
  detail?: string;
  fieldErrors: FieldError[];
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | undefined =>
  typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : undefined;

/** Reads a `GenericRequestResponse`-like object (`errorKey`, `message`). */
function fromGeneric(o: Obj): DecodedError {
  return { errorKey: str(o.errorKey), detail: str(o.message), fieldErrors: [] };
}

/**
 * Decodes any error body of the platform into key, detail and field errors. `body` is the
 * parsed JSON, a raw string (non-JSON bodies; shortened to 300 characters, so redact secrets
 * before, as the transport does) or `undefined` (empty bodies).
 */
export function decodeErrorBody(body: unknown): DecodedError {
  if (body === undefined || body === null || body === "") return { fieldErrors: [] };
  if (typeof body === "string") {
    const text = body.replace(/\s+/g, " ").trim();
    return { detail: text.length > 300 ? `${text.slice(0, 300)}…` : text, fieldErrors: [] };
  }
  if (!isObj(body)) return { fieldErrors: [] };

  // Logging API: {error: {code, message, details}}; also embedded {error: GenericRequestResponse}.
  if (isObj(body.error)) {
    const e = body.error;
    if ("code" in e) {
      return {
        errorKey: str(e.code),
        detail: str(e.message),
        fieldErrors: Array.isArray(e.details) ? e.details.flatMap(toFieldError) : [],
      };
    }
    if ("success" in e || "errorKey" in e) return fromGeneric(e);
  }
  // Embedded result inside a rule / page: {errorResponse: GenericRequestResponse}.
  if (isObj(body.errorResponse) && body.errorResponse.success === false) {
    return fromGeneric(body.errorResponse);
  }
  // Availability-check error: {ErrorKey, Field, Message}.
  if ("ErrorKey" in body || "Message" in body) {
    const field = str(body.Field);
    const message = str(body.Message);
    return {
      errorKey: str(body.ErrorKey),
      detail: field ? undefined : message,
      fieldErrors: field ? [{ field, message: message ?? "is invalid" }] : [],
    };
  }
  // Problem details A/B: {type?, title, status, detail, instance, errors?, id?}.
  if ("title" in body || "detail" in body || "errors" in body) {
    return {
      errorKey: str(body.title),
      detail: str(body.detail),
      fieldErrors: toFieldErrors(body.errors),
    };
  }
  // Top-level GenericRequestResponse.
  if ("errorKey" in body || "success" in body) return fromGeneric(body);
  // UnauthorizedResult {statusCode} or an unknown shape: nothing more to say.
  return { detail: str(body.message), fieldErrors: [] };
}

function toFieldErrors(errors: unknown): FieldError[] {
  if (Array.isArray(errors)) return errors.flatMap(toFieldError);
  // ASP.NET style {field: [messages]}.
  if (isObj(errors)) {
    return Object.entries(errors).flatMap(([field, msgs]) =>
      (Array.isArray(msgs) ? msgs : [msgs]).map((m) => ({ field, message: String(m) })),
    );
  }
  return [];
}

function toFieldError(e: unknown): FieldError[] {
  if (typeof e === "string") return [{ field: "", message: e }];
  if (!isObj(e)) return [];
  const field = str(e.field) ?? str(e.Field) ?? str(e.property) ?? str(e.path) ?? "";
  const message = str(e.message) ?? str(e.Message) ?? str(e.reason) ?? "is invalid";
  return [{ field, message }];
}

/**
 * Finds an embedded failure in a 2xx body: a top-level `GenericRequestResponse`, or an
 * `errorResponse` / `error` member, with `success === false` or a `statusCode` of 400 or
 * more (an embedded 404 may come without `success` or `errorKey`). Returns the decoded
 * error or `undefined` when the body reports no failure.
 */
export function findEmbeddedFailure(body: unknown): DecodedError | undefined {
  if (!isObj(body)) return undefined;
  for (const candidate of [body.errorResponse, body.error, body]) {
    if (!isObj(candidate)) continue;
    const failedStatus = typeof candidate.statusCode === "number" && candidate.statusCode >= 400;
    if (candidate.success === false || (failedStatus && candidate.success !== true)) {
      return fromGeneric(candidate);
    }
  }
  return undefined;
}
