/**
 * fastify validator compiler built on the project's generic JSON-schema validator (`validate()`
 * of edgeplatform-client/spec; the DNS routes give it schemas of their own, dns-schemas.ts):
 * unknown properties are REJECTED (nothing is stripped), enums and
 * int32 ranges are checked, and messages name the property path and the allowed values.
 * Path parameters and query strings are coerced from strings (integers, booleans)
 * before validation; bodies are never coerced.
 */
import type { FastifySchemaCompiler } from "fastify";
import { validate, ValidationFailure } from "edgeplatform-client/spec";
import type { FieldError } from "./errors";

/** A request failed schema validation. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = "EMU_VALIDATION";
  /** Field errors with property paths (`ruleConfiguration.actionType`). */
  readonly fieldErrors: FieldError[];

  constructor(
    readonly part: string,
    failures: ValidationFailure[],
  ) {
    super(failures.map((f) => `${f.property || part}: ${f.reason}`).join("; "));
    this.name = "RequestValidationError";
    this.fieldErrors = failures.map((f) => ({ field: f.property || part, message: f.reason }));
  }
}

type JsonSchemaLike = { type?: string | string[]; properties?: Record<string, JsonSchemaLike> };

function coerceScalar(schema: JsonSchemaLike | undefined, v: unknown): unknown {
  if (typeof v !== "string" || !schema) return v;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if ((types.includes("integer") || types.includes("number")) && /^-?\d+(\.\d+)?$/.test(v.trim())) {
    return Number(v.trim());
  }
  if (types.includes("boolean")) {
    if (v === "true" || v === "1") return true;
    if (v === "false" || v === "0") return false;
  }
  return v;
}

/** Copies `data` with string values coerced to the types the schema's properties declare. */
export function coerceStrings(schema: unknown, data: unknown): unknown {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return data;
  const props = (schema as JsonSchemaLike).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data as Record<string, unknown>))
    out[k] = coerceScalar(props[k], v);
  return out;
}

/** The validator compiler installed on the emulator's fastify instance. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const part = httpPart ?? "body";
  const coerce = part === "querystring" || part === "params";
  return (data: unknown) => {
    const value = coerce ? coerceStrings(schema, data ?? {}) : data === undefined ? null : data;
    const failures = validate(schema as object, value);
    if (failures.length) return { error: new RequestValidationError(part, failures) };
    return { value };
  };
};
