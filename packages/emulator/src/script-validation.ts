/**
 * The emulator's own checks of the edge-scripting request bodies, written from the platform's
 * published edge-scripting document (field types, lengths, the script types, unknown fields
 * refused) and never taken from the client. A problem names the field and what is allowed,
 * and never quotes the value sent (it may be a secret).
 */

/** A refused field: what the 400 answer names. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** One field of a body: its kind and limits. */
interface Rule {
  kind: "string" | "boolean" | "type" | "object";
  required?: boolean;
  nullable?: boolean;
  min?: number;
  max?: number;
}

/** The script types of the document: 0 DNS, 1 CDN (standalone), 2 Middleware. */
export const SCRIPT_TYPES: Readonly<Record<number, string>> = Object.freeze({
  0: "DNS",
  1: "CDN",
  2: "Middleware",
});

const str = (max?: number, min?: number, required = false): Rule => ({
  kind: "string",
  nullable: !required,
  required,
  max,
  min,
});
const NAME = str(256, 1, true);
const VALUE = str(4096);

/** The bodies of the document, field by field. */
export const SCRIPT_BODIES = {
  addScript: {
    Name: str(100),
    Code: str(),
    ScriptType: { kind: "type" },
    CreateLinkedPullZone: { kind: "boolean" },
    LinkedPullZoneName: str(),
    Integration: { kind: "object", nullable: true },
  },
  updateScript: { Name: str(100), ScriptType: { kind: "type" } },
  code: { Code: str() },
  publish: { Note: str() },
  addVariable: { Name: NAME, Required: { kind: "boolean", required: true }, DefaultValue: VALUE },
  updateVariable: { DefaultValue: VALUE, Required: { kind: "boolean", nullable: true } },
  upsertVariable: {
    Name: NAME,
    Required: { kind: "boolean", nullable: true },
    DefaultValue: VALUE,
  },
  addSecret: { Name: NAME, Secret: VALUE },
  updateSecret: { Secret: VALUE },
  // The document lets Name be null; an upsert finds its secret by name, so one is needed.
  upsertSecret: { Name: NAME, Secret: VALUE },
} satisfies Record<string, Record<string, Rule>>;

/** The name of a body of {@link SCRIPT_BODIES}. */
export type ScriptBody = keyof typeof SCRIPT_BODIES;

/** The problem of one field's value, or undefined. */
function fieldProblem(field: string, rule: Rule, v: unknown): FieldProblem | undefined {
  const says = (message: string) => ({ field, message: `${field} ${message}` });
  if (v === undefined || v === null) {
    if (rule.required) return says("is required");
    if (v === null && !rule.nullable) return says("must not be null");
    return undefined;
  }
  switch (rule.kind) {
    case "boolean":
      return typeof v === "boolean" ? undefined : says("must be true or false");
    case "object":
      return typeof v === "object" && !Array.isArray(v) ? undefined : says("must be an object");
    case "type":
      return typeof v === "number" && v in SCRIPT_TYPES
        ? undefined
        : says(
            `must be one of ${Object.entries(SCRIPT_TYPES)
              .map(([n, name]) => `${n} (${name})`)
              .join(", ")}`,
          );
    case "string":
      if (typeof v !== "string") return says("must be a string");
      if (rule.min !== undefined && v.length < rule.min)
        return says(`must have at least ${rule.min} character${rule.min > 1 ? "s" : ""}`);
      if (rule.max !== undefined && v.length > rule.max)
        return says(`must have at most ${rule.max} characters (got ${v.length})`);
      return undefined;
  }
}

/** The first problem of `body` as the body `which`, or undefined when it is valid. */
export function scriptBodyProblem(which: ScriptBody, body: unknown): FieldProblem | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { field: "body", message: "the body must be a JSON object" };
  const rules: Record<string, Rule> = SCRIPT_BODIES[which];
  const unknown = Object.keys(body).find((k) => !(k in rules));
  if (unknown !== undefined)
    return {
      field: unknown,
      message: `${unknown} is not a field of this request; allowed: ${Object.keys(rules).join(", ")}`,
    };
  for (const [field, rule] of Object.entries(rules)) {
    const p = fieldProblem(field, rule, (body as Record<string, unknown>)[field]);
    if (p) return p;
  }
  return undefined;
}

/** `page` and `perPage` of a list query (1+ and 5 to 1000, defaults 1 and 1000), or a problem. */
export function pageQuery(q: {
  page?: unknown;
  perPage?: unknown;
}): { page: number; perPage: number } | FieldProblem {
  const int = (v: unknown) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN);
  const page = q.page === undefined ? 1 : int(q.page);
  const perPage = q.perPage === undefined ? 1000 : int(q.perPage);
  if (!(page >= 1 && page <= 2147483647))
    return { field: "page", message: "page must be an integer from 1 to 2147483647" };
  if (!(perPage >= 5 && perPage <= 1000))
    return { field: "perPage", message: "perPage must be an integer from 5 to 1000" };
  return { page, perPage };
}
