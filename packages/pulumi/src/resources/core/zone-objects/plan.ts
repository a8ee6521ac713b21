/**
 * What a configuration field means, for every kind of zone object (no I/O), parameterised by
 * the kind's {@link ConfigurationFields} (its enumerations, nullable and required fields):
 * how a desired configuration compares with the platform's, what a PATCH must carry, and how
 * platform values are written back in the program's own form.
 *
 * Field semantics (at every depth):
 * - a field the program leaves out is NOT managed: the platform's value stays, and it is
 *   neither compared nor reported;
 * - an explicit `null` clears a nullable field (`null`, an empty list and an empty object are
 *   the same value for a nullable field);
 * - lists and objects are managed as whole values when present; a list the kind declares
 *   compared item by item ({@link FieldShapes}: a list of conditions) takes an
 *   item's field left out as the platform's default for a new item, never the field of
 *   whatever item the platform holds at that position;
 * - a map the kind declares ({@link FieldShapes}: a map of variables) compares
 *   without its `null` entries, and an empty one is no value.
 */
import { containsUnknown, deepEqual, isPlainObject, isUnknown } from "../common";
import type { ConfigurationFields, ItemList } from "./kind";

const isEmptyish = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (Array.isArray(v) && v.length === 0) ||
  (isPlainObject(v) && Object.keys(v).length === 0);

/** Whether `o` has `k` with a value other than undefined. */
export const present = (o: Record<string, unknown> | undefined, k: string): boolean =>
  !!o && Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

/** Keys of a condition the program wrote (values not undefined). */
const writtenKeys = (c: Record<string, unknown>) =>
  Object.keys(c).filter((k) => c[k] !== undefined);

/** True when the program wrote this enumeration value as a name. */
const writtenAsName = (v: unknown): boolean =>
  typeof v === "string" || (Array.isArray(v) && v.some((x) => typeof x === "string"));

/**
 * The name of an enumeration value written as the integer, as a numeric string or as a name
 * in any case (exact case of the constants: `3`, `"3"`, `"challenge"` → `"Challenge"`).
 * Anything else (a value not known yet, a value no name has) is returned as it is, for
 * `validate` to report.
 */
export function enumNameOf(e: Record<string, number>, v: unknown): unknown {
  let n: unknown = v;
  if (typeof v === "string") {
    const t = v.trim();
    const hit = Object.keys(e).find((k) => k.toLowerCase() === t.toLowerCase());
    if (hit !== undefined) return hit;
    if (!/^-?\d+$/.test(t)) return v;
    n = Number(t);
  }
  if (typeof n !== "number") return v;
  const name = Object.entries(e).find(([, x]) => x === n)?.[0];
  return name ?? v;
}

/** The field semantics of one kind's configuration. */
export type ConfigurationPlan = ReturnType<typeof configurationPlan>;

/** Builds the field semantics of a configuration from the kind's declaration. */
export function configurationPlan(fields: ConfigurationFields) {
  const maps = new Set(fields.shapes?.maps ?? []);
  const itemLists: Record<string, ItemList> = fields.shapes?.itemLists ?? {};
  /** The item list `field` is, when the kind declares one. */
  const itemListOf = (field: string): ItemList | undefined =>
    Object.prototype.hasOwnProperty.call(itemLists, field) ? itemLists[field] : undefined;
  /** Whether `v` is an empty declared map (no value). */
  const emptyMap = (field: string, v: unknown): boolean =>
    maps.has(field) && isPlainObject(v) && Object.keys(v).length === 0;

  /** Whether a platform value of an item's field the program left out is a default. */
  function isItemDefault(list: ItemList, key: string, v: unknown): boolean {
    if (emptyMap(key, v)) return true;
    const allowed = list.defaults[key];
    return allowed ? allowed.includes(v) : v === undefined || v === null;
  }

  /** Integer form of one configuration field's value (names → integers, case-insensitive). */
  const wireValue = (field: string, v: unknown): unknown =>
    (fields.normalize({ [field]: v }) as Record<string, unknown>)[field];

  /** Canonical value of a field for comparison (integers; nullable empties → null). */
  function canonical(field: string, v: unknown): unknown {
    const w = wireValue(field, v);
    if (fields.nullable.has(field) && isEmptyish(w)) return null;
    if (fields.compareForm) return fields.compareForm(field, w) ?? null;
    if (maps.has(field) && isPlainObject(w)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(w)) if (x !== undefined && x !== null) out[k] = x;
      return out;
    }
    return w === undefined ? null : w;
  }

  /**
   * Whether an item the program wrote is the platform's one: the fields it wrote are equal,
   * and every field it left out holds the platform's default for a new item.
   */
  function sameItem(list: ItemList, desired: unknown, actual: unknown): boolean {
    if (!isPlainObject(desired) || !isPlainObject(actual)) return deepEqual(desired, actual);
    const mine = writtenKeys(desired);
    return (
      mine.every((k) => sameField(k, desired[k], actual[k])) &&
      Object.keys(actual)
        .filter((k) => !mine.includes(k))
        .every((k) => isItemDefault(list, k, actual[k]))
    );
  }

  /**
   * Whether the program's value of one configuration field equals the platform's. A declared
   * item list compares item by item, each on the keys the program wrote.
   */
  function sameField(field: string, desired: unknown, actual: unknown): boolean {
    if (containsUnknown(desired)) return false;
    const list = itemListOf(field);
    if (list) {
      const d = canonical(field, desired);
      const a = canonical(field, actual);
      if (!Array.isArray(d) || !Array.isArray(a)) return deepEqual(d, a);
      return d.length === a.length && d.every((x, i) => sameItem(list, x, a[i]));
    }
    return deepEqual(canonical(field, desired), canonical(field, actual));
  }

  /**
   * A configuration with every enumeration value as its name (exact case), those of declared
   * list items included: what `check` returns and the state keeps, so that a reviewer reads
   * `actionType: "Challenge"` whether the program wrote 3 or the name.
   */
  function named(config: unknown): unknown {
    if (!isPlainObject(config)) return config;
    const out: Record<string, unknown> = { ...config };
    for (const [field, e] of Object.entries(fields.enums)) {
      const v = out[field];
      if (v === undefined || isUnknown(v)) continue;
      out[field] = Array.isArray(v) ? v.map((x) => enumNameOf(e, x)) : enumNameOf(e, v);
    }
    for (const [field, list] of Object.entries(itemLists)) {
      const items = out[field];
      if (Array.isArray(items)) out[field] = items.map((c) => namedItem(list, c));
    }
    return out;
  }

  /** An item of a declared list with its enumeration values as names. */
  function namedItem(list: ItemList, c: unknown): unknown {
    if (!isPlainObject(c)) return c;
    let out = c;
    for (const k of list.enums) {
      const e = fields.enums[k];
      if (e && c[k] !== undefined && !isUnknown(c[k])) out = { ...out, [k]: enumNameOf(e, c[k]) };
    }
    return out;
  }

  /** Name of an enumeration value, when the field has one (exact case). */
  function nameOf(field: string, v: unknown): unknown {
    const e = fields.enums[field];
    if (!e || typeof v !== "number") return v;
    const hit = Object.entries(e).find(([, n]) => n === v);
    return hit ? hit[0] : v;
  }

  /**
   * The platform's value of a field, written like the program wrote it: the program's own
   * value when the two are equal; else the platform's value with enumeration names where the
   * program used names (and, inside declared list items, the keys the program manages).
   */
  function renderLike(field: string, actual: unknown, mine: unknown): unknown {
    if (sameField(field, mine, actual)) return mine;
    if (actual === undefined) return null;
    const list = itemListOf(field);
    if (list && Array.isArray(actual)) {
      const own = Array.isArray(mine) ? mine : [];
      return actual.map((item, i) => renderItem(list, item, own[i]));
    }
    if (!writtenAsName(mine)) return actual;
    return Array.isArray(actual) ? actual.map((x) => nameOf(field, x)) : nameOf(field, actual);
  }

  /** A platform item of a declared list, written like the program's item `m` at its place. */
  function renderItem(list: ItemList, item: unknown, m: unknown): unknown {
    if (!isPlainObject(item)) return item;
    const keys = isPlainObject(m)
      ? [
          ...writtenKeys(m),
          ...Object.keys(item).filter(
            (k) => m[k] === undefined && !isItemDefault(list, k, item[k]),
          ),
        ]
      : Object.keys(item);
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      out[k] = renderLike(k, item[k], isPlainObject(m) ? m[k] : undefined);
    }
    return out;
  }

  /** The managed configuration rendered from the platform's configuration. */
  function renderManaged(
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
  function changedConfigFields(
    desired: Record<string, unknown>,
    actual: Record<string, unknown> | undefined,
  ): string[] {
    if (isUnknown(desired)) return ["fields"];
    return Object.keys(desired).filter(
      (k) =>
        desired[k] !== undefined && (!present(actual, k) || !sameField(k, desired[k], actual?.[k])),
    );
  }

  /** An item of a declared list with its enumeration names as integers. */
  function wireItem(list: ItemList, c: unknown): unknown {
    if (!isPlainObject(c)) return c;
    let out = c;
    for (const k of list.enums) if (k in c) out = { ...out, [k]: wireValue(k, c[k]) };
    return out;
  }

  /**
   * The configuration (`fields`) a PATCH sends: every field the platform holds (nulls included, so
   * a platform that replaces the configuration whole keeps them, and one that merges changes
   * nothing it should not), with the program's managed fields (integers) over them. A
   * declared item list is the program's list as written: an item's fields left out get the
   * platform's defaults for a new item, never those of the item at the same position.
   */
  function mergeConfiguration(
    actual: Record<string, unknown> | undefined,
    desired: Record<string, unknown>,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = { ...(actual ?? {}) };
    const wire = fields.normalize(desired) as Record<string, unknown>;
    for (const [k, v] of Object.entries(wire)) {
      if (v === undefined) continue;
      const list = itemListOf(k);
      out[k] = list && Array.isArray(v) ? v.map((c) => wireItem(list, c)) : v;
    }
    return out;
  }

  /**
   * The `fields.<field>` paths a create lacks (absent, null, or an empty declared
   * map). A value not known yet (preview) counts as given.
   */
  function missingForCreate(i: { fields?: unknown }): string[] {
    const c = i.fields;
    if (isUnknown(c)) return [];
    const config = isPlainObject(c) ? c : {};
    return fields.requiredForCreate
      .filter((k) => {
        const v = config[k];
        if (isUnknown(v)) return false;
        if (maps.has(k)) return !isPlainObject(v) || Object.keys(v).length === 0;
        return v === undefined || v === null;
      })
      .map((k) => `fields.${k}`);
  }

  return {
    fields,
    named,
    sameField,
    renderLike,
    renderManaged,
    changedConfigFields,
    mergeConfiguration,
    missingForCreate,
  };
}
