/**
 * Pure planning for `edge.shield.RateLimitRule` (no I/O): what a field means, how a desired
 * configuration compares with the platform's, what a PATCH must carry, and how platform
 * values are written back in the program's own form.
 *
 * Field semantics (at every depth):
 * - a field the program leaves out is NOT managed: the platform's value stays, and it is
 *   neither compared nor reported;
 * - an explicit `null` clears a nullable field (`null`, an empty list and an empty object are
 *   the same value for a nullable field);
 * - `transformationTypes` and `chainedRuleConditions` are managed as whole values when
 *   present: a chained condition's field left out is the platform's default for a new item
 *   (no operator = BEGINSWITH, not negated, no regex variable, no value), never the field of
 *   whatever item the platform holds at that position.
 *
 * State (outputs) holds the managed fields only, in the program's form (an enumeration
 * written as a name stays a name), carrying the platform's last-known values; so `read` can
 * rebuild exactly the program's inputs when nothing drifted and show a drift in the form the
 * program used.
 */
import { EnumsByField, normalizeRuleConfiguration, RateLimitRule } from "edgeplatform-client/spec";
import { containsUnknown, deepEqual, isPlainObject, isUnknown } from "./common";

/** Inputs of a rate-limit rule after `check` (the program's form: enum names kept). */
export interface RateLimitRuleInputs {
  ruleId?: number;
  shieldZoneId?: number;
  pullZoneId?: number;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration: Record<string, unknown>;
  deleteOnDestroy?: boolean;
}

/**
 * State of a rate-limit rule: its identity, the mode, and the managed fields (as the program
 * wrote them) holding the platform's values. Unmanaged fields are not kept.
 */
export interface RateLimitRuleOutputs {
  /** Id of the rule on the platform. */
  ruleId: number;
  /** Shield zone of the rule. */
  shieldZoneId: number;
  /** Pull zone the rule was placed by (only when the program uses `pullZoneId`). */
  pullZoneId?: number;
  /** True when the program addresses the rule by `ruleId` (adopt mode). */
  adopted: boolean;
  /**
   * Where the rule came from: `"adopted"` (it existed before this resource and was adopted
   * with `ruleId`) or `"created"` (this resource created it). Stored only when it differs
   * from what `adopted` implies (a rule adopted and now addressed by zone and name, or one
   * created and now addressed by `ruleId`). Addressing the rule differently never changes
   * it: only `deleteOnDestroy: true` makes destroy delete an adopted rule.
   */
  origin?: "adopted" | "created";
  /** Name of the rule on the platform (managed unless listed in `unmanaged`). */
  ruleName?: string | null;
  /** Description of the rule on the platform (managed unless listed in `unmanaged`). */
  ruleDescription?: string | null;
  ruleConfiguration: Record<string, unknown>;
  deleteOnDestroy?: boolean;
  /** Top-level fields reported for reference but not managed (left out by the program). */
  unmanaged?: TopField[];
  /** True for the read-only view of `RateLimitRule.get` (never managed, never deleted). */
  readOnly?: boolean;
}

/** Top-level fields besides the configuration. */
export type TopField = "ruleName" | "ruleDescription";

/** Whether a state manages a top-level field (absent from 0.1 states: managed if present). */
export const managesTop = (o: Partial<RateLimitRuleOutputs>, f: TopField): boolean =>
  o[f] !== undefined && !(o.unmanaged ?? []).includes(f);

/** Top-level fields a PATCH can carry. */
export type PatchField = "ruleName" | "ruleDescription" | "ruleConfiguration";

/** Configuration fields the API declares nullable: `null`, `[]` and `{}` are one value. */
const NULLABLE = new Set([
  "variableTypes",
  "transformationTypes",
  "value",
  "isNegated",
  "isRegexVariable",
  "chainedRuleConditions",
]);

const isEmptyish = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (Array.isArray(v) && v.length === 0) ||
  (isPlainObject(v) && Object.keys(v).length === 0);

const present = (o: Record<string, unknown> | undefined, k: string): boolean =>
  !!o && Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

/** Integer form of one configuration field's value (names → integers, case-insensitive). */
function wireValue(field: string, v: unknown): unknown {
  return (normalizeRuleConfiguration({ [field]: v }) as Record<string, unknown>)[field];
}

/** Canonical value of a field for comparison (integers; nullable empties → null). */
function canonical(field: string, v: unknown): unknown {
  const w = wireValue(field, v);
  if (NULLABLE.has(field) && isEmptyish(w)) return null;
  if (field === "variableTypes" && isPlainObject(w)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(w)) if (x !== undefined && x !== null) out[k] = x;
    return out;
  }
  return w === undefined ? null : w;
}

/**
 * The platform's defaults for a field of a new chained condition: a field the program leaves
 * out of an item must hold one of these (absent, null, or the default the platform fills).
 */
const CONDITION_DEFAULTS: Record<string, readonly unknown[]> = {
  variableTypes: [undefined, null],
  operatorType: [undefined, null, 0],
  value: [undefined, null],
  isNegated: [undefined, null, false],
  isRegexVariable: [undefined, null, false],
};

/** Whether a platform value of a chained-condition field the program left out is a default. */
function isConditionDefault(key: string, v: unknown): boolean {
  if (key === "variableTypes" && isPlainObject(v) && Object.keys(v).length === 0) return true;
  const allowed = CONDITION_DEFAULTS[key];
  return allowed ? allowed.includes(v) : v === undefined || v === null;
}

/** Keys of a condition the program wrote (values not undefined). */
const writtenKeys = (c: Record<string, unknown>) =>
  Object.keys(c).filter((k) => c[k] !== undefined);

/**
 * Whether a chained condition the program wrote is the platform's one: the fields it wrote
 * are equal, and every field it left out holds the platform's default for a new item.
 */
function sameCondition(desired: unknown, actual: unknown): boolean {
  if (!isPlainObject(desired) || !isPlainObject(actual)) return deepEqual(desired, actual);
  const mine = writtenKeys(desired);
  return (
    mine.every((k) => sameField(k, desired[k], actual[k])) &&
    Object.keys(actual)
      .filter((k) => !mine.includes(k))
      .every((k) => isConditionDefault(k, actual[k]))
  );
}

/**
 * Whether the program's value of one configuration field equals the platform's. Chained
 * conditions compare item by item, each on the keys the program wrote.
 */
export function sameField(field: string, desired: unknown, actual: unknown): boolean {
  if (containsUnknown(desired)) return false;
  if (field === "chainedRuleConditions") {
    const d = canonical(field, desired);
    const a = canonical(field, actual);
    if (!Array.isArray(d) || !Array.isArray(a)) return deepEqual(d, a);
    return d.length === a.length && d.every((x, i) => sameCondition(x, a[i]));
  }
  return deepEqual(canonical(field, desired), canonical(field, actual));
}

/** Name of an enumeration value, when the field has one (exact case). */
function nameOf(field: string, v: unknown): unknown {
  const e = (EnumsByField as Record<string, Record<string, number>>)[field];
  if (!e || typeof v !== "number") return v;
  const hit = Object.entries(e).find(([, n]) => n === v);
  return hit ? hit[0] : v;
}

/** True when the program wrote this enumeration value as a name. */
const writtenAsName = (v: unknown): boolean =>
  typeof v === "string" || (Array.isArray(v) && v.some((x) => typeof x === "string"));

/**
 * The platform's value of a field, written like the program wrote it: the program's own
 * value when the two are equal; else the platform's value with enumeration names where the
 * program used names (and, inside chained conditions, the keys the program manages).
 */
export function renderLike(field: string, actual: unknown, mine: unknown): unknown {
  if (sameField(field, mine, actual)) return mine;
  if (actual === undefined) return null;
  if (field === "chainedRuleConditions" && Array.isArray(actual)) {
    const own = Array.isArray(mine) ? mine : [];
    return actual.map((item, i) => {
      const m = own[i];
      if (!isPlainObject(item)) return item;
      const keys = isPlainObject(m)
        ? [
            ...writtenKeys(m),
            ...Object.keys(item).filter(
              (k) => m[k] === undefined && !isConditionDefault(k, item[k]),
            ),
          ]
        : Object.keys(item);
      const out: Record<string, unknown> = {};
      for (const k of keys) {
        out[k] = renderLike(k, item[k], isPlainObject(m) ? m[k] : undefined);
      }
      return out;
    });
  }
  if (!writtenAsName(mine)) return actual;
  return Array.isArray(actual) ? actual.map((x) => nameOf(field, x)) : nameOf(field, actual);
}

/** The managed configuration rendered from the platform's configuration. */
export function renderManaged(
  actual: Record<string, unknown> | undefined,
  mine: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(mine)) {
    if (mine[k] === undefined) continue;
    out[k] = renderLike(k, actual?.[k], mine[k]);
  }
  return out;
}

/** Configuration fields whose program value differs from the platform's. */
export function changedConfigFields(
  desired: Record<string, unknown>,
  actual: Record<string, unknown> | undefined,
): string[] {
  if (isUnknown(desired)) return ["ruleConfiguration"];
  return Object.keys(desired).filter(
    (k) =>
      desired[k] !== undefined && (!present(actual, k) || !sameField(k, desired[k], actual?.[k])),
  );
}

/**
 * Top-level fields whose managed values differ between the program and a rule as the
 * platform holds it (`ruleConfiguration` when any managed configuration field differs).
 */
export function fieldsToPatch(news: RateLimitRuleInputs, rule: RateLimitRule): PatchField[] {
  const out: PatchField[] = [];
  for (const f of ["ruleName", "ruleDescription"] as const) {
    if (news[f] === undefined) continue;
    if (isUnknown(news[f]) || (news[f] ?? null) !== (rule[f] ?? null)) out.push(f);
  }
  const actual = (rule.ruleConfiguration ?? {}) as Record<string, unknown>;
  const desired = news.ruleConfiguration ?? {};
  const differs = Object.keys(desired).some(
    (k) => desired[k] !== undefined && !sameField(k, desired[k], actual[k]),
  );
  if (differs) out.push("ruleConfiguration");
  return out;
}

function normalizeConditionNames(c: unknown): unknown {
  if (!isPlainObject(c) || !("operatorType" in c)) return c;
  return { ...c, operatorType: wireValue("operatorType", c.operatorType) };
}

/**
 * The `ruleConfiguration` a PATCH sends: every field the platform holds (nulls included, so
 * a platform that replaces the configuration whole keeps them, and one that merges changes
 * nothing it should not), with the program's managed fields (integers) over them. Chained
 * conditions are the program's list as written: an item's fields left out get the
 * platform's defaults for a new item, never those of the item at the same position.
 */
export function mergeConfiguration(
  actual: Record<string, unknown> | undefined,
  desired: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(actual ?? {}) };
  const wire = normalizeRuleConfiguration(desired) as Record<string, unknown>;
  for (const [k, v] of Object.entries(wire)) {
    if (v === undefined) continue;
    out[k] = k === "chainedRuleConditions" && Array.isArray(v) ? v.map(normalizeConditionNames) : v;
  }
  return out;
}

/** The PATCH body that brings a rule to the program's managed values (undefined: none). */
export function patchFor(
  news: RateLimitRuleInputs,
  rule: RateLimitRule,
): { body: Record<string, unknown>; fields: PatchField[] } | undefined {
  const fields = fieldsToPatch(news, rule);
  if (fields.length === 0) return undefined;
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    body[f] =
      f === "ruleConfiguration"
        ? mergeConfiguration(
            rule.ruleConfiguration as Record<string, unknown>,
            news.ruleConfiguration,
          )
        : news[f];
  }
  return { body, fields };
}

/**
 * Configuration fields a new rule cannot exist without: what it matches (variables and
 * operator), what it does (action) and its rate (request count, time frame, block time).
 */
export const REQUIRED_FOR_CREATE = [
  "actionType",
  "variableTypes",
  "operatorType",
  "requestCount",
  "timeframe",
  "blockTime",
] as const;

/**
 * The `ruleConfiguration.<field>` paths a create lacks (absent, null, or no variable at
 * all). A value not known yet (preview) counts as given.
 */
export function missingForCreate(i: { ruleConfiguration?: unknown }): string[] {
  const c = i.ruleConfiguration;
  if (isUnknown(c)) return [];
  const config = isPlainObject(c) ? c : {};
  return REQUIRED_FOR_CREATE.filter((k) => {
    const v = config[k];
    if (isUnknown(v)) return false;
    if (k === "variableTypes") return !isPlainObject(v) || Object.keys(v).length === 0;
    return v === undefined || v === null;
  }).map((k) => `ruleConfiguration.${k}`);
}

/** Which of `ruleId`, `pullZoneId`, `shieldZoneId` places the rule. */
const placementOf = (i: RateLimitRuleInputs) =>
  isAdoptMode(i)
    ? "ruleId"
    : i.pullZoneId !== undefined && i.pullZoneId !== null
      ? "pullZoneId"
      : "shieldZoneId";

/** Whether the program addresses the rule by `ruleId`. */
export const isAdoptMode = (i: { ruleId?: unknown }): boolean =>
  i.ruleId !== undefined && i.ruleId !== null;

/**
 * Where a rule in a state came from: `"adopted"` (it existed before its resource) or
 * `"created"`. States written before `origin` existed: adopted when addressed by `ruleId`.
 */
export const originOf = (o: Partial<RateLimitRuleOutputs>): "adopted" | "created" =>
  o.origin ?? (o.adopted === true ? "adopted" : "created");

/**
 * State built from a rule as the platform holds it, for the program's managed fields.
 * `origin` is where the rule came from: kept from the previous state, never inferred from
 * how the program addresses the rule now.
 */
export function toOutputs(
  rule: RateLimitRule,
  news: RateLimitRuleInputs,
  origin: "adopted" | "created",
): RateLimitRuleOutputs {
  const outs: RateLimitRuleOutputs = {
    ruleId: rule.id,
    shieldZoneId: rule.shieldZoneId,
    adopted: isAdoptMode(news),
    ...(origin !== (isAdoptMode(news) ? "adopted" : "created") ? { origin } : {}),
    ruleConfiguration: renderManaged(
      rule.ruleConfiguration as Record<string, unknown>,
      news.ruleConfiguration ?? {},
    ),
  };
  if (news.pullZoneId !== undefined && news.pullZoneId !== null) outs.pullZoneId = news.pullZoneId;
  const unmanaged: TopField[] = [];
  for (const f of ["ruleName", "ruleDescription"] as const) {
    const actual = rule[f] ?? null;
    if (news[f] === undefined) unmanaged.push(f);
    outs[f] = news[f] !== undefined && (news[f] ?? null) === actual ? news[f] : actual;
  }
  if (typeof news.deleteOnDestroy === "boolean") outs.deleteOnDestroy = news.deleteOnDestroy;
  if (unmanaged.length > 0) outs.unmanaged = unmanaged;
  return outs;
}

/**
 * The program's inputs that a state stands for: what `read` reports, so that a refresh that
 * found no drift leaves `preview --diff` clean and one that found drift shows it once, in
 * the program's form.
 */
export function inputsFromOutputs(o: RateLimitRuleOutputs): RateLimitRuleInputs {
  const inputs: RateLimitRuleInputs = o.adopted
    ? { ruleId: o.ruleId, ruleConfiguration: {} }
    : o.pullZoneId !== undefined && o.pullZoneId !== null
      ? { pullZoneId: o.pullZoneId, ruleConfiguration: {} }
      : { shieldZoneId: o.shieldZoneId, ruleConfiguration: {} };
  if (managesTop(o, "ruleName")) inputs.ruleName = o.ruleName;
  if (managesTop(o, "ruleDescription")) inputs.ruleDescription = o.ruleDescription;
  inputs.ruleConfiguration = { ...(o.ruleConfiguration ?? {}) };
  if (typeof o.deleteOnDestroy === "boolean") inputs.deleteOnDestroy = o.deleteOnDestroy;
  return inputs;
}

/**
 * Whether destroying the resource deletes the rule: `deleteOnDestroy` when given; else only
 * a rule this resource created and that the program does not address by `ruleId`. An
 * adopted rule is never deleted unless the program says `deleteOnDestroy: true`, however it
 * is addressed later.
 */
export const deletesOnDestroy = (o: {
  deleteOnDestroy?: unknown;
  adopted?: unknown;
  origin?: unknown;
}): boolean =>
  typeof o.deleteOnDestroy === "boolean"
    ? o.deleteOnDestroy
    : o.adopted !== true && o.origin !== "adopted";
/* `origin` absent means what `adopted` implies, so an adopt-mode state is never deleted by
   default and a zone-mode one is unless it records `origin: "adopted"`. */

/** Identity fields whose change replaces the resource (a different rule or zone). */
export function replacedBy(
  olds: Partial<RateLimitRuleOutputs>,
  news: RateLimitRuleInputs,
): string[] {
  const differs = (v: unknown, o: unknown) =>
    v !== undefined && v !== null && (isUnknown(v) || v !== o);
  const out: string[] = [];
  if (differs(news.ruleId, olds.ruleId)) out.push("ruleId");
  if (differs(news.shieldZoneId, olds.shieldZoneId)) out.push("shieldZoneId");
  if (differs(news.pullZoneId, olds.pullZoneId)) out.push("pullZoneId");
  return out;
}

/**
 * Everything `diff` needs: replaced identity fields, and whether anything else changed (a
 * managed value, the managed set, the mode, `deleteOnDestroy`). No API call.
 */
export function planChanges(
  olds: Partial<RateLimitRuleOutputs>,
  news: RateLimitRuleInputs,
): { replaces: string[]; changed: string[] } {
  const replaces = replacedBy(olds, news);
  const changed: string[] = [];
  const mode = placementOf(news);
  if (
    mode !== placementOf(inputsFromOutputs({ adopted: false, ...olds } as RateLimitRuleOutputs))
  ) {
    changed.push(mode);
  }
  for (const f of ["ruleName", "ruleDescription"] as const) {
    const managed = managesTop(olds, f);
    if (news[f] === undefined && !managed) continue;
    if (news[f] === undefined || !managed || isUnknown(news[f]) || news[f] !== olds[f]) {
      changed.push(f);
    }
  }
  const desired = news.ruleConfiguration ?? {};
  const known = olds.ruleConfiguration ?? {};
  if (
    isUnknown(desired) ||
    changedConfigFields(desired, known).length > 0 ||
    Object.keys(known).some((k) => !present(desired, k))
  ) {
    changed.push("ruleConfiguration");
  }
  if (
    deletesOnDestroy({ ...news, adopted: isAdoptMode(news), origin: originOf(olds) }) !==
      deletesOnDestroy(olds) ||
    (news.deleteOnDestroy === undefined) !== (olds.deleteOnDestroy === undefined)
  ) {
    changed.push("deleteOnDestroy");
  }
  return { replaces, changed };
}
