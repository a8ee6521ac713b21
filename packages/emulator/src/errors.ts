/**
 * The platform's error body shapes and the mapping of a request path to the shape its
 * endpoint uses (management problem shapes A/B, UnauthorizedResult, availability error,
 * logging `{error:{code,message,details}}`).
 */
import { randomUUID } from "crypto";
import type { FastifyReply } from "fastify";
import type { LoggingErrorCode } from "edgeplatform-client/spec";

/** Which error family an endpoint belongs to. */
export type ErrorArea =
  "control" | "logging" | "availability" | "ratelimit" | "dns" | "pullzone" | "management";

/** The error family of a path (no query string). */
export function areaOf(path: string): ErrorArea {
  if (path === "/_emulator" || path.startsWith("/_emulator/")) return "control";
  if (path === "/logging" || path.startsWith("/logging/")) return "logging";
  if (path === "/pullzone/checkavailability") return "availability";
  if (path.startsWith("/shield/rate-limit")) return "ratelimit";
  if (path === "/dnszone" || path.startsWith("/dnszone/")) return "dns";
  if (path === "/pullzone" || path.startsWith("/pullzone/") || path === "/purge") return "pullzone";
  return "management";
}

/** One field error of problem shape B. */
export interface FieldError {
  field: string;
  message: string;
}

/** Problem shape A: `{type, title, status, detail, instance}`. */
export function problemA(status: number, title: string, detail: string, instance: string) {
  return { type: `https://httpstatuses.io/${status}`, title, status, detail, instance };
}

/** Problem shape B: `{title, status, detail, instance, errors[], id}`. */
export function problemB(
  status: number,
  title: string,
  detail: string,
  instance: string,
  errors: FieldError[] = [],
) {
  return { title, status, detail, instance, errors, id: randomUUID() };
}

/** Logging API error body. */
export function loggingError(code: LoggingErrorCode, message: string, details: unknown[] = []) {
  return { error: { code, message, details } };
}

/**
 * The published DNS 400 body (`ApiErrorData`): one field; the message is the first failure's
 * reason, further failures follow as `field: reason`.
 */
export function dnsError(key: string, message: string, fieldErrors: FieldError[]) {
  const [first, ...rest] = fieldErrors;
  if (!first) return { ErrorKey: key, Field: "", Message: message };
  return {
    ErrorKey: key,
    Field: first.field,
    Message: [first.message, ...rest.map((f) => `${f.field}: ${f.message}`)].join("; "),
  };
}

/** Availability-check error body. */
export function availabilityError(ErrorKey: string, Field: string, Message: string) {
  return { ErrorKey, Field, Message };
}

/** Logging error code for an HTTP status. */
export function loggingCodeFor(status: number): LoggingErrorCode {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "logging_disabled";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "internal_error";
  return "invalid_request";
}

/** A generic key for a status (problem titles, ErrorKey). */
export function keyFor(status: number): string {
  switch (status) {
    case 400:
      return "validation_error";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    case 502:
      return "bad_gateway";
    case 503:
      return "service_unavailable";
    case 504:
      return "gateway_timeout";
    default:
      return status >= 500 ? "internal_error" : "error";
  }
}

/**
 * The body an endpoint answers an error with, in its area's shape. `fieldErrors` are
 * used by shapes that carry them (problem B, availability, logging details).
 */
export function errorBody(
  path: string,
  status: number,
  message: string,
  opts: { key?: string; fieldErrors?: FieldError[]; shape?: "A" | "B" } = {},
): unknown {
  const key = opts.key ?? keyFor(status);
  const fieldErrors = opts.fieldErrors ?? [];
  switch (areaOf(path)) {
    case "control":
      return { error: message };
    case "logging":
      return loggingError(loggingCodeFor(status), message, fieldErrors);
    case "availability":
      if (status === 401) return availabilityError("unauthorized", "AccessKey", message);
      return availabilityError(
        key,
        fieldErrors[0]?.field ?? "",
        fieldErrors[0]?.message ?? message,
      );
    case "dns":
    case "pullzone":
      // The published document declares the DNS and pull-zone 400 answers (`ApiErrorData`);
      // the others are as elsewhere.
      if (status === 400) return dnsError(key, message, fieldErrors);
      return managementError(path, status, key, message, fieldErrors, opts.shape);
    default:
      if (status === 401 && areaOf(path) === "ratelimit") return { statusCode: 401 };
      return managementError(path, status, key, message, fieldErrors, opts.shape);
  }
}

/** A management error: problem A, or B when it carries field errors or is a client error. */
function managementError(
  path: string,
  status: number,
  key: string,
  message: string,
  fieldErrors: FieldError[],
  shape?: "A" | "B",
) {
  const s =
    shape ?? (fieldErrors.length > 0 || [400, 409, 413, 415, 422].includes(status) ? "B" : "A");
  return s === "A"
    ? problemA(status, key, message, path)
    : problemB(status, key, message, path, fieldErrors);
}

/** Sends an error in the shape of the request's area. */
export function sendError(
  reply: FastifyReply,
  path: string,
  status: number,
  message: string,
  opts: {
    key?: string;
    fieldErrors?: FieldError[];
    shape?: "A" | "B";
    headers?: Record<string, string>;
  } = {},
): FastifyReply {
  reply.code(status).type("application/json; charset=utf-8");
  if (opts.headers) reply.headers(opts.headers);
  return reply.send(JSON.stringify(errorBody(path, status, message, opts)));
}
