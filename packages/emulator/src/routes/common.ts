/** Small helpers shared by the route modules. */
import { INT32_MAX, type AcceptedResult } from "edgeplatform-client/spec";

/** Path-parameter schema of an int32 id (`{id}` style). */
export function int32Params(...names: string[]) {
  return {
    type: "object",
    required: names,
    properties: Object.fromEntries(
      names.map((n) => [n, { type: "integer", minimum: 0, maximum: INT32_MAX }]),
    ),
  } as const;
}

/** Path-parameter schema of an int64 id (bounded to JavaScript's safe integers). */
export function int64Params(...names: string[]) {
  return {
    type: "object",
    required: names,
    properties: Object.fromEntries(
      names.map((n) => [n, { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER }]),
    ),
  } as const;
}

/** Successful embedded result. */
export const OK_RESULT = { statusCode: 200, success: true, message: null, errorKey: null } as const;

/**
 * Body of a 202 for a delayed delete (the published `GenericRequestResponse` of a DELETE of a
 * custom WAF rule or a custom access list): accepted, applied later.
 */
export function deleteAccepted(message: string) {
  return { statusCode: 202, success: true, message, errorKey: null };
}

/**
 * Body of a 202 for a delayed write: names the object (`{location, value: {id}, statusCode}`)
 * or not, as the profile's `acceptedNamesRule` says: every `AcceptedResult` field null
 * (`"full"`), or only `location` and `value` (`"short"`, the access lists' answer).
 */
export function acceptedResult(
  names: boolean,
  location: string,
  id: number | string,
  unnamed: "full" | "short" = "full",
): AcceptedResult {
  if (names) return { location, value: { id }, statusCode: 202 };
  if (unnamed === "short") return { location: null, value: null, statusCode: 202 };
  return {
    location: null,
    value: null,
    formatters: null,
    contentTypes: null,
    declaredType: null,
    statusCode: 202,
  };
}
