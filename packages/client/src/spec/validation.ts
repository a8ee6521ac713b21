/**
 * The one validator of the project (ajv, draft-07): the resources' `check`, the data
 * sources' argument checks and the emulator's routes all validate with `validate`, so a
 * failure reads the same everywhere: a property path (`ruleConfiguration.actionType`) and a
 * reason naming the allowed values (`must be one of 1 (RateLimit), 2 (Log), 3 (Challenge);
 * got 7`).
 */
import type Ajv from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import {
  EnumsByField,
  INT32_MAX,
  INT32_MIN,
  OperatorType,
  VariableNames,
  WafEnumsByField,
} from "./enums";
import { isSchemaRef, loadSchema, precompiledValidator, type SchemaRef } from "./precompiled";

/** The `pattern` of a string that must not be empty or blank. */
export const NON_BLANK = "\\S";

/** One validation failure: a property path (`ruleConfiguration.actionType`) and a reason. */
export interface ValidationFailure {
  property: string;
  reason: string;
}

/**
 * The options of the ajv instance; `scripts/precompile-schemas.js` generates the precompiled
 * validators with the same ones (plus `code.source`), so their errors are the same.
 */
export const AJV_OPTIONS = { allErrors: true, strict: false, verbose: true } as const;

/**
 * The ajv instance, made on the first validation: ajv and ajv-formats are about 70 modules, and
 * a process that never validates (the provider host of a refresh or destroy) need not load them.
 */
let ajvInstance: Ajv | undefined;
function ajv(): Ajv {
  if (!ajvInstance) {
    const { default: AjvClass } = require("ajv") as typeof import("ajv");
    const { default: addFormats } = require("ajv-formats") as typeof import("ajv-formats");
    ajvInstance = new AjvClass({ ...AJV_OPTIONS });
    addFormats(ajvInstance);
  }
  return ajvInstance;
}
const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of a schema or of a {@link SchemaRef} (precompiled when it can be). */
function validatorFor(schema: object | SchemaRef): ValidateFunction {
  if (isSchemaRef(schema)) {
    const pre = precompiledValidator(schema);
    if (pre) return pre as unknown as ValidateFunction;
    return validatorFor(loadSchema(schema));
  }
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv().compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

function enumNamesFor(path: string): Record<string, number> | undefined {
  const last = path
    .split(".")
    .reverse()
    .find((p) => !/^\[\d+\]$/.test(p) && !/^\d+$/.test(p));
  const key = (last ?? "").replace(/\[\d+\]$/, "") as keyof typeof EnumsByField;
  return EnumsByField[key];
}

function describeAllowed(path: string, allowed: unknown[], schema?: unknown): string {
  const own = (schema as { "x-enum-names"?: Record<string, string> } | undefined)?.["x-enum-names"];
  if (own) return allowed.map((v) => `${v} (${own[String(v)] ?? v})`).join(", ");
  const names = enumNamesFor(path);
  if (names) {
    const byValue = new Map(Object.entries(names).map(([n, v]) => [v, n]));
    return allowed.map((v) => `${v} (${byValue.get(v as number) ?? v})`).join(", ");
  }
  return allowed.map((v) => JSON.stringify(v)).join(", ");
}

function toPath(prefix: string, instancePath: string): string {
  const parts = instancePath
    .split("/")
    .filter((p) => p !== "")
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join("");
  const joined = `${prefix}${parts}`;
  return joined.startsWith(".") ? joined.slice(1) : joined;
}

/** What the validated object's members are called in messages. */
export type MemberNoun = "property" | "argument";

function describe(prefix: string, e: ErrorObject, noun: MemberNoun): ValidationFailure | undefined {
  const at = toPath(prefix, e.instancePath);
  switch (e.keyword) {
    case "additionalProperties": {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const schemaProps = Object.keys(
        ((e.parentSchema as { properties?: object })?.properties ?? {}) as object,
      );
      return {
        property: at ? `${at}.${extra}` : extra,
        reason:
          noun === "argument"
            ? `unknown argument; allowed arguments: ${schemaProps.join(", ")}`
            : `unknown property "${extra}"; allowed properties: ${schemaProps.join(", ")}`,
      };
    }
    case "propertyNames":
      return undefined; // reported by the nested enum error below
    case "enum": {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      if (e.propertyName !== undefined || e.schemaPath.includes("propertyNames")) {
        const key = (e as ErrorObject & { propertyName?: string }).propertyName ?? e.data;
        return {
          property: at ? `${at}.${String(key)}` : String(key),
          reason: `unknown variable name "${String(key)}"; allowed: ${VariableNames.join(", ")}`,
        };
      }
      return {
        property: at,
        reason: `must be one of ${describeAllowed(at, allowed, e.parentSchema)}; got ${JSON.stringify(e.data)}`,
      };
    }
    case "minimum":
    case "maximum": {
      const ps = (e.parentSchema ?? {}) as { minimum?: number; maximum?: number };
      const int32Range = ps.minimum === INT32_MIN && ps.maximum === INT32_MAX;
      return {
        property: at,
        reason: `must be an integer from ${ps.minimum ?? INT32_MIN} to ${ps.maximum ?? INT32_MAX}${
          int32Range ? " (int32)" : ""
        }; got ${JSON.stringify(e.data)}`,
      };
    }
    case "minLength":
    case "pattern":
      if (e.keyword === "minLength" || (e.params as { pattern?: string }).pattern === NON_BLANK) {
        const min = (e.params as { limit?: number }).limit ?? 1;
        return {
          property: at,
          reason: `must be a non-empty string${min > 1 ? ` of at least ${min} characters` : ""}; got ${JSON.stringify(e.data)}`,
        };
      }
      return { property: at, reason: e.message ?? "is invalid" };
    case "anyOf":
      return undefined; // the branch errors say more
    case "type":
      if (e.schemaPath.includes("anyOf/1")) return undefined; // the "null" branch
      return { property: at, reason: typeReason(e, noun) };
    case "required":
      return {
        property: at
          ? `${at}.${(e.params as { missingProperty: string }).missingProperty}`
          : (e.params as { missingProperty: string }).missingProperty,
        reason: noun === "argument" ? "is required; got undefined" : "is required",
      };
    default:
      return { property: at, reason: e.message ?? "is invalid" };
  }
}

const ARTICLE: Record<string, string> = {
  integer: "an integer",
  number: "a number",
  string: "a string",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  null: "null",
};

/**
 * The reason of a type failure, in words: `must be an integer from 1 to 2147483647`, `must
 * be a string or null`, `must be a boolean` (`must be true or false` for an argument).
 */
function typeReason(e: ErrorObject, noun: MemberNoun): string {
  const ps = (e.parentSchema ?? {}) as { minimum?: number; maximum?: number };
  const got = e.data === undefined ? "undefined" : JSON.stringify(e.data);
  const t = (e.params as { type: string | string[] }).type;
  const types = Array.isArray(t) ? t : String(t).split(",");
  if (types.length === 1 && types[0] === "integer" && (ps.minimum ?? ps.maximum) !== undefined) {
    const min = ps.minimum ?? -Number.MAX_SAFE_INTEGER;
    const max = ps.maximum ?? Number.MAX_SAFE_INTEGER;
    const int32 = min === INT32_MIN && max === INT32_MAX ? " (int32)" : "";
    return `must be an integer from ${min} to ${max}${int32}; got ${got}`;
  }
  if (noun === "argument" && types.length === 1 && types[0] === "boolean") {
    return `must be true or false; got ${got}`;
  }
  return `must be ${types.map((x) => ARTICLE[x] ?? x).join(" or ")}; got ${got}`;
}

/**
 * Validates `value` against a schema of `schemas.ts` (or any TypeBox/JSON schema, or a
 * {@link SchemaRef}: then with its precompiled validator, see `precompiled.ts`). Returns
 * every failure with its property path (prefixed by `prefix`) and a reason naming the
 * allowed values; `noun` says whether unknown members are "properties" (inputs, bodies) or
 * "arguments" (data-source arguments). Never throws.
 */
export function validate(
  schema: object | SchemaRef,
  value: unknown,
  prefix = "",
  noun: MemberNoun = "property",
): ValidationFailure[] {
  const fn = validatorFor(schema);
  if (fn(value)) return [];
  const errors = fn.errors ?? [];
  // An enum failure says more than a type failure at the same place: keep only the former.
  const enumAt = new Set(errors.filter((e) => e.keyword === "enum").map((e) => e.instancePath));
  const out: ValidationFailure[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === "type" && enumAt.has(e.instancePath)) continue;
    const f = describe(prefix, e, noun);
    if (!f) continue;
    const key = `${f.property}|${f.reason}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(f);
    }
  }
  return out;
}

/**
 * Turns enum names into their integers inside a rule configuration (`"Challenge"` → 3,
 * `["LOWERCASE"]` → `[8]`), matching names case-insensitively. Values that are neither a
 * known name nor a number are left as they are for `validate` to report. Returns a copy.
 * `enums`: the enumerations by field (default: those of a rate-limit rule).
 */
export function normalizeRuleConfiguration(
  input: unknown,
  enums: Record<string, Record<string, number>> = EnumsByField,
): unknown {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [field, e] of Object.entries(enums)) {
    if (!(field in out)) continue;
    const v = out[field];
    out[field] = Array.isArray(v) ? v.map((x) => enumValue(e, x)) : enumValue(e, v);
  }
  if (Array.isArray(out.chainedRuleConditions)) {
    out.chainedRuleConditions = out.chainedRuleConditions.map((c) =>
      c && typeof c === "object" && !Array.isArray(c) && "operatorType" in c
        ? {
            ...c,
            operatorType: enumValue(OperatorType, (c as { operatorType: unknown }).operatorType),
          }
        : c,
    );
  }
  return out;
}

/**
 * {@link normalizeRuleConfiguration} for a custom WAF rule: `actionType` names are those of
 * `WafRuleAction` (`"Block"` → 1, `"Bypass"` → 5).
 */
export function normalizeWafRuleConfiguration(input: unknown): unknown {
  return normalizeRuleConfiguration(input, WafEnumsByField);
}

function enumValue(e: Record<string, number>, v: unknown): unknown {
  if (typeof v !== "string") return v;
  const hit = Object.keys(e).find((k) => k.toLowerCase() === v.trim().toLowerCase());
  if (hit !== undefined) return e[hit];
  if (/^-?\d+$/.test(v.trim())) return Number(v.trim());
  return v;
}
