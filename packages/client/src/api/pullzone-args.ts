/**
 * Checks of the pull-zone area's arguments before anything is sent: enumeration names turned
 * into their values (`"Redirect"` → 1, wherever the published shape has an enumeration, in
 * nested lists too), then the body or query checked against its published shape, a failure
 * thrown as an `InvalidArgumentError` naming the field and, for an enumeration, the names.
 */
import {
  schemaJson,
  specSchema,
  validate,
  type SpecSchemaName,
  type ValidationFailure,
} from "../spec/runtime";
import { InvalidArgumentError } from "./invalid-argument";
import { isObj } from "./is-object";

type Json = Record<string, unknown>;

/** The `{value: name}` of an enumeration schema (directly, or a branch of its `anyOf`). */
function enumNames(schema: Json): Record<string, string> | undefined {
  const own = schema["x-enum-names"];
  if (isObj(own)) return own as Record<string, string>;
  if (Array.isArray(schema.anyOf))
    for (const s of schema.anyOf) if (isObj(s) && isObj(s["x-enum-names"])) return enumNames(s);
  return undefined;
}

/** The object or array branch of a schema (`T | null` is an `anyOf`). */
function branch(schema: Json, key: "properties" | "items"): Json | undefined {
  if (schema[key] !== undefined) return schema;
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.find((s): s is Json => isObj(s) && s[key] !== undefined);
  return undefined;
}

/** A copy of `value` with enumeration names (any case) replaced by their values. */
export function enumNamesToValues(schema: Json, value: unknown): unknown {
  if (typeof value === "string") {
    const names = enumNames(schema);
    if (!names) return value;
    const hit = Object.entries(names).find(([, n]) => n.toLowerCase() === value.toLowerCase());
    return hit ? Number(hit[0]) : value;
  }
  if (Array.isArray(value)) {
    const items = branch(schema, "items")?.items;
    return isObj(items) ? value.map((v) => enumNamesToValues(items, v)) : value;
  }
  if (isObj(value)) {
    const props = branch(schema, "properties")?.properties;
    if (!isObj(props)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        isObj(props[k]) ? enumNamesToValues(props[k], v) : v,
      ]),
    );
  }
  return value;
}

/**
 * The fields whose values are secrets (a key, a token, a certificate's private key): a
 * failure names them but never shows their value.
 */
export const PULL_ZONE_SECRET_FIELDS: ReadonlySet<string> = new Set([
  "SecurityKey",
  "AWSSigningKey",
  "AWSSigningSecret",
  "LogForwardingToken",
  "CertificateKey",
]);

/** A failure without the value of a secret field (`…; got "…"` dropped). */
function hideSecret(f: ValidationFailure): ValidationFailure {
  const name =
    f.property
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop() ?? "";
  if (!PULL_ZONE_SECRET_FIELDS.has(name)) return f;
  return {
    ...f,
    reason: f.reason.replace(/;? got [\s\S]*$/, " (the value is a secret: not shown)"),
  };
}

/** Throws the first failure as an `InvalidArgumentError` (the others named in its reason). */
function refuse(operation: string, schema: Json, all: ValidationFailure[]): void {
  if (!all.length) return;
  const failures = all.map(hideSecret);
  const [first, ...rest] = failures;
  const field = first.property || "body";
  const props = isObj(schema.properties) ? schema.properties : {};
  const top = props[field];
  const names = isObj(top) ? enumNames(top) : undefined;
  const more = rest.length
    ? `; also ${rest.map((f) => `"${f.property}" ${f.reason}`).join("; ")}`
    : "";
  throw new InvalidArgumentError(
    operation,
    field,
    `${first.reason}${more}`,
    names ? Object.values(names) : undefined,
  );
}

/**
 * `value` with its enumeration names turned into values, checked against the published
 * shape `name` (`noun`: "argument" for a query, as `validate` says it).
 * @throws InvalidArgumentError naming the first field that is wrong.
 */
export function checked<T>(
  operation: string,
  name: SpecSchemaName,
  value: unknown,
  noun: "property" | "argument" = "property",
): T {
  const ref = specSchema(name);
  const schema = schemaJson(ref) as Json;
  const sent = enumNamesToValues(schema, value);
  refuse(operation, schema, validate(ref, sent, "", noun));
  return sent as T;
}

/** A required non-empty string argument (a hostname, a URL, a guid). */
export function checkText(operation: string, field: string, v: unknown): void {
  if (typeof v !== "string" || v.trim() === "")
    throw new InvalidArgumentError(
      operation,
      field,
      `must be a non-empty string; got ${JSON.stringify(v)}`,
    );
}
