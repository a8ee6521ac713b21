/** Small helpers shared by the route modules. */
import { INT32_MAX } from "edgeplatform-client/spec";

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
