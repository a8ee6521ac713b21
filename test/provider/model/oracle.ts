/**
 * The model test's oracle, written from the scenario and the design's field semantics, NOT
 * from the provider's plan functions: what a program's managed value means on the wire, and
 * whether a platform rule holds it.
 *
 * - enumerations written as names are the schema's integers;
 * - a nullable field the program sets to `null` (or an empty list/object) is cleared: the
 *   platform holds null, nothing, or an empty value;
 * - `variableTypes` is compared whole (null-valued keys are no keys);
 * - `chainedRuleConditions` is a whole list: same length, each item holds the keys the
 *   program wrote in it, and a key left out of an item holds the platform's default for a
 *   new item (absent, null, operator 0, not negated, no regex variable), never a value of
 *   another item.
 */
import {
  BlockTime,
  CounterKeyType,
  OperatorType,
  RateLimitAction,
  SeverityType,
  Timeframe,
  TransformationType,
  WafRuleAction,
} from "../../../packages/client/src/spec";

/** Enumerations by configuration field of a kind (name → integer). */
export type Enums = Record<string, Record<string, number>>;

/** A rate-limit rule's enumerations by configuration field (the spec module's constants). */
export const RATE_LIMIT_ENUMS: Enums = {
  actionType: RateLimitAction,
  operatorType: OperatorType,
  severityType: SeverityType,
  transformationTypes: TransformationType,
  counterKeyType: CounterKeyType,
  timeframe: Timeframe,
  blockTime: BlockTime,
};

/** A custom WAF rule's: its own action enumeration, no rate fields. */
export const WAF_ENUMS: Enums = {
  actionType: WafRuleAction,
  operatorType: OperatorType,
  severityType: SeverityType,
  transformationTypes: TransformationType,
};

/** Configuration fields the API declares nullable. */
export const NULLABLE_FIELDS = new Set([
  "variableTypes",
  "transformationTypes",
  "value",
  "isNegated",
  "isRegexVariable",
  "chainedRuleConditions",
]);

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const empty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (Array.isArray(v) && v.length === 0) ||
  (isObj(v) && Object.keys(v).length === 0);

/** JSON with sorted keys (object key order is not a difference). */
export function canon(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  if (isObj(v)) {
    return `{${Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canon(v[k])}`)
      .join(",")}}`;
  }
  return v === undefined ? "null" : JSON.stringify(v);
}

/** The wire (integer) form of one field's value as the program wrote it. */
export function wire(field: string, v: unknown, enums: Enums = RATE_LIMIT_ENUMS): unknown {
  const e = enums[field];
  const one = (x: unknown) => (e && typeof x === "string" && x in e ? e[x] : x);
  if (Array.isArray(v)) return v.map(one);
  return one(v);
}

const dropNullKeys = (v: unknown): unknown =>
  isObj(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null)) : v;

/** What the platform holds in a new chained condition for a key the program left out. */
const NEW_ITEM_DEFAULTS: Record<string, unknown[]> = {
  variableTypes: [null, {}],
  operatorType: [null, 0],
  value: [null],
  isNegated: [null, false],
  isRegexVariable: [null, false],
};

/** Whether the platform's value `actual` holds the program's managed value `mine`. */
export function holds(
  field: string,
  mine: unknown,
  actual: unknown,
  enums: Enums = RATE_LIMIT_ENUMS,
): boolean {
  const w = wire(field, mine, enums);
  if (NULLABLE_FIELDS.has(field) && empty(w)) return empty(actual);
  if (field === "variableTypes") return canon(dropNullKeys(w)) === canon(dropNullKeys(actual));
  if (field === "chainedRuleConditions") {
    if (!Array.isArray(w) || !Array.isArray(actual) || w.length !== actual.length) return false;
    return w.every((item, i) => {
      const a = actual[i] as unknown;
      if (!isObj(item) || !isObj(a)) return canon(item) === canon(a);
      const mine = Object.keys(item).filter((k) => item[k] !== undefined);
      return (
        mine.every((k) => holds(k, item[k], a[k], enums)) &&
        Object.keys(a)
          .filter((k) => !mine.includes(k))
          .every((k) => NEW_ITEM_DEFAULTS[k]?.some((d) => canon(d) === canon(a[k])) ?? empty(a[k]))
      );
    });
  }
  return canon(w) === canon(actual);
}

/** The managed configuration fields a program's configuration names. */
export const managedKeys = (cfg: Record<string, unknown> | undefined): string[] =>
  Object.keys(cfg ?? {}).filter((k) => cfg?.[k] !== undefined);

/** Differences between a program's managed values and a platform rule (empty: it holds them). */
export function managedDifferences(
  prog: Record<string, unknown> & { ruleConfiguration: Record<string, unknown> },
  rule: Record<string, unknown>,
  enums: Enums = RATE_LIMIT_ENUMS,
): string[] {
  const out: string[] = [];
  for (const f of ["ruleName", "ruleDescription"]) {
    if (prog[f] === undefined) continue;
    if ((prog[f] ?? null) !== (rule[f] ?? null)) {
      out.push(`${f}: program ${canon(prog[f])}, platform ${canon(rule[f])}`);
    }
  }
  const cfg = (rule.ruleConfiguration ?? {}) as Record<string, unknown>;
  for (const k of managedKeys(prog.ruleConfiguration)) {
    if (!holds(k, prog.ruleConfiguration[k], cfg[k], enums)) {
      out.push(
        `ruleConfiguration.${k}: program ${canon(prog.ruleConfiguration[k])}, platform ${canon(cfg[k])}`,
      );
    }
  }
  return out;
}
