/**
 * State and identity of a zone object (no I/O): the inputs after `check`, the state the
 * engine keeps (managed fields only, enumerations by name, holding the platform's
 * last-known values), what a PATCH carries, and what `diff` reports. Parameterised by the
 * kind's {@link ConfigurationPlan}; identity, mode and `origin` rules are the same for all.
 *
 * State holds the managed fields only, in the form of the inputs `check` returns (every
 * enumeration by name), so `read` can rebuild exactly the program's inputs when nothing
 * drifted and show a drift in that form. A state written by 0.1 holds the integers where the
 * program wrote integers: `read` keeps that spelling (a refresh reports no drift for it), and
 * `diff` compares by value, so only the next real update writes the names.
 */
import { isUnknown } from "../common";
import type { ObjectId, ZoneObject } from "./kind";
import { present, type ConfigurationPlan } from "./plan";

/**
 * Inputs of a zone object after `check` (enumerations by name), in the engine's neutral names
 * (a kind's public spelling is mapped to them at its boundary, spelling.ts). `I`: the form of
 * its id. A parent's other spelling (`pullZoneId`) is kept under its own field.
 */
export interface ZoneObjectInputs<I extends ObjectId = number> {
  /** The object's id: the program adopts it (adopt mode). */
  id?: I;
  /** The parent a new object goes into. */
  parentId?: number;
  name?: string | null;
  description?: string | null;
  /** The configuration (the managed fields). */
  fields: Record<string, unknown>;
  deleteOnDestroy?: boolean;
}

/**
 * State of a zone object: its identity, the mode, and the managed fields (as the program
 * wrote them) holding the platform's values. Unmanaged fields are not kept.
 */
export interface ZoneObjectOutputs<I extends ObjectId = number> {
  /** Id of the object on the platform. */
  id: I;
  /** Parent of the object. (A parent's other spelling the program used is kept beside.) */
  parentId: number;
  // The descriptions of `adopted` and `origin` are the native plugin's schema for the rule
  // kinds (the collection resources it serves): their words stay until it takes them from a
  // kind's declaration.
  /** True when the program addresses the object by `ruleId` (adopt mode). */
  adopted: boolean;
  /**
   * Where the object came from: `"adopted"` (it existed before this resource and was adopted
   * with `ruleId`) or `"created"` (this resource created it). Stored only when it differs
   * from what `adopted` implies (an object adopted and now addressed by zone and name, or one
   * created and now addressed by `ruleId`). Addressing it differently never changes it: only
   * `deleteOnDestroy: true` makes destroy delete an adopted object.
   */
  origin?: "adopted" | "created";
  /** Name on the platform (managed unless listed in `unmanaged`). */
  name?: string | null;
  /** Description on the platform (managed unless listed in `unmanaged`). */
  description?: string | null;
  /** The managed configuration fields, holding the platform's values. */
  fields: Record<string, unknown>;
  deleteOnDestroy?: boolean;
  /** Top-level fields reported for reference but not managed (left out by the program). */
  unmanaged?: TopField[];
  /** True for the read-only view of `get` (never managed, never deleted). */
  readOnly?: boolean;
  /** What the platform reports beside the managed fields (a kind's own; none for most kinds). */
  reported?: Record<string, unknown>;
}

/** Inputs of an object of any kind, inside the engine (its id a number or a string). */
export type ObjectInputs = ZoneObjectInputs<ObjectId>;

/** State of an object of any kind, inside the engine. */
export type ObjectOutputs = ZoneObjectOutputs<ObjectId>;

/** Top-level fields besides the configuration. */
export type TopField = "name" | "description";

/** Top-level fields a PATCH can carry (the object's fields of the same names). */
export type PatchField = TopField | "fields";

/** Whether a state manages a top-level field (absent from 0.1 states: managed if present). */
export const managesTop = (o: Partial<ObjectOutputs>, f: TopField): boolean =>
  o[f] !== undefined && !(o.unmanaged ?? []).includes(f);

/** Whether the program addresses the object by its id. */
export const isAdoptMode = (i: { id?: unknown }): boolean => i.id !== undefined && i.id !== null;

/**
 * The fields of a parent's other spellings ({@link spellingFields}: `pullZoneId`), which the
 * state keeps as the program wrote them.
 */
export type SpellingFields = readonly string[];

/** The value of field `f` of inputs or a state (a spelling field, read by its name). */
export const valueAt = (o: object, f: string): unknown => (o as Record<string, unknown>)[f];

/** The spelling field `i` places the object by (undefined: none). */
const spelledBy = (spellings: SpellingFields, i: object): string | undefined =>
  spellings.find((f) => valueAt(i, f) !== undefined && valueAt(i, f) !== null);

/** Which of `id`, a spelling of the parent, or `parentId` places the object. */
const placementOf = (i: ObjectInputs, spellings: SpellingFields) =>
  isAdoptMode(i) ? "id" : (spelledBy(spellings, i) ?? "parentId");

/**
 * Where an object in a state came from: `"adopted"` (it existed before its resource) or
 * `"created"`. States written before `origin` existed: adopted when addressed by its id.
 */
export const originOf = (o: Partial<ObjectOutputs>): "adopted" | "created" =>
  o.origin ?? (o.adopted === true ? "adopted" : "created");

/**
 * Whether destroying the resource deletes the object: `deleteOnDestroy` when given; else
 * only an object this resource created and that the program does not address by its id.
 * An adopted object is never deleted unless the program says `deleteOnDestroy: true`,
 * however it is addressed later.
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

/**
 * Whether a change the platform cannot make in place (a kind's `replacedBy`: an access list's
 * `type`, a DNS record's) may replace the object: only an object addressed by zone (not
 * its id) that destroy deletes by both the old state (its delete runs first) and the program.
 * An object destroy would leave is never replaced: its delete would leave it, and the engine
 * would already have dropped the resource; the kind's `update` refuses the change instead,
 * before any write.
 */
export function mayReplace(olds: Partial<ObjectOutputs>, news: ObjectInputs): boolean {
  if (news.id !== undefined && news.id !== null) return false;
  return (
    deletesOnDestroy(olds) &&
    deletesOnDestroy({
      deleteOnDestroy: news.deleteOnDestroy,
      adopted: false,
      origin: originOf(olds),
    })
  );
}

/**
 * The program's inputs that a state stands for: what `read` reports, so that a refresh that
 * found no drift leaves `preview --diff` clean and one that found drift shows it once, in
 * the program's form.
 */
export function inputsFromOutputs(o: ObjectOutputs, spellings: SpellingFields): ObjectInputs {
  const spelled = spelledBy(spellings, o);
  const inputs: ObjectInputs = o.adopted
    ? { id: o.id, fields: {} }
    : spelled !== undefined
      ? ({ [spelled]: valueAt(o, spelled), fields: {} } as ObjectInputs)
      : { parentId: o.parentId, fields: {} };
  if (managesTop(o, "name")) inputs.name = o.name;
  if (managesTop(o, "description")) inputs.description = o.description;
  inputs.fields = { ...(o.fields ?? {}) };
  if (typeof o.deleteOnDestroy === "boolean") inputs.deleteOnDestroy = o.deleteOnDestroy;
  return inputs;
}

/** Identity fields whose change replaces the resource (a different object or zone). */
export function replacedBy(
  olds: Partial<ObjectOutputs>,
  news: ObjectInputs,
  spellings: SpellingFields,
): string[] {
  const differs = (v: unknown, o: unknown) =>
    v !== undefined && v !== null && (isUnknown(v) || v !== o);
  const out: string[] = [];
  if (differs(news.id, olds.id)) out.push("id");
  if (differs(news.parentId, olds.parentId)) out.push("parentId");
  for (const f of spellings) {
    if (differs(valueAt(news, f), valueAt(olds, f))) {
      out.push(f);
    }
  }
  return out;
}

/** The state functions of one kind, built on its configuration plan. */
export type StatePlan = ReturnType<typeof statePlan>;

/**
 * Builds the state functions of a kind from its configuration plan and its parent's
 * spelling fields.
 */
export function statePlan(cp: ConfigurationPlan, spellings: SpellingFields) {
  /**
   * Top-level fields whose managed values differ between the program and an object as the
   * platform holds it (`fields` when any managed configuration field differs).
   */
  function fieldsToPatch(news: ObjectInputs, object: ZoneObject): PatchField[] {
    const out: PatchField[] = [];
    for (const f of ["name", "description"] as const) {
      if (news[f] === undefined) continue;
      if (isUnknown(news[f]) || (news[f] ?? null) !== (object[f] ?? null)) {
        out.push(f);
      }
    }
    const actual = (object.fields ?? {}) as Record<string, unknown>;
    const desired = news.fields ?? {};
    const differs = Object.keys(desired).some(
      (k) => desired[k] !== undefined && !cp.sameField(k, desired[k], actual[k]),
    );
    if (differs) out.push("fields");
    return out;
  }

  /**
   * The PATCH body (neutral names) that brings an object to the program's managed values, and
   * the input fields it changes (undefined: none).
   */
  function patchFor(
    news: ObjectInputs,
    object: ZoneObject,
  ): { body: Record<string, unknown>; fields: PatchField[] } | undefined {
    const fields = fieldsToPatch(news, object);
    if (fields.length === 0) return undefined;
    const body: Record<string, unknown> = {};
    for (const f of fields) {
      body[f] =
        f === "fields"
          ? cp.mergeConfiguration(object.fields as Record<string, unknown>, news.fields)
          : news[f];
    }
    return { body, fields };
  }

  /**
   * State built from an object as the platform holds it, for the program's managed fields.
   * `origin` is where it came from: kept from the previous state, never inferred from how
   * the program addresses it now.
   */
  function toOutputs(
    object: ZoneObject,
    news: ObjectInputs,
    origin: "adopted" | "created",
  ): ObjectOutputs {
    const outs: ObjectOutputs = {
      id: object.id,
      parentId: object.parentId,
      adopted: isAdoptMode(news),
      ...(origin !== (isAdoptMode(news) ? "adopted" : "created") ? { origin } : {}),
      fields: cp.renderManaged(object.fields as Record<string, unknown>, news.fields ?? {}),
    };
    const spelled = spelledBy(spellings, news);
    if (spelled !== undefined) {
      Object.assign(outs, { [spelled]: valueAt(news, spelled) });
    }
    const unmanaged: TopField[] = [];
    for (const f of ["name", "description"] as const) {
      const actual = object[f] ?? null;
      if (news[f] === undefined) unmanaged.push(f);
      outs[f] = news[f] !== undefined && (news[f] ?? null) === actual ? news[f] : actual;
    }
    if (typeof news.deleteOnDestroy === "boolean") outs.deleteOnDestroy = news.deleteOnDestroy;
    if (unmanaged.length > 0) outs.unmanaged = unmanaged;
    if (object.reported) outs.reported = object.reported;
    return outs;
  }

  /**
   * Everything `diff` needs: replaced identity fields, and whether anything else changed (a
   * managed value, the managed set, the mode, `deleteOnDestroy`). No API call.
   */
  function planChanges(
    olds: Partial<ObjectOutputs>,
    news: ObjectInputs,
  ): { replaces: string[]; changed: string[] } {
    const replaces = replacedBy(olds, news, spellings);
    const changed: string[] = [];
    const mode = placementOf(news, spellings);
    const was = inputsFromOutputs({ adopted: false, ...olds } as ObjectOutputs, spellings);
    if (mode !== placementOf(was, spellings)) {
      changed.push(mode);
    }
    for (const f of ["name", "description"] as const) {
      const managed = managesTop(olds, f);
      if (news[f] === undefined && !managed) continue;
      if (news[f] === undefined || !managed || isUnknown(news[f]) || news[f] !== olds[f]) {
        changed.push(f);
      }
    }
    const desired = news.fields ?? {};
    const known = olds.fields ?? {};
    if (
      isUnknown(desired) ||
      cp.changedConfigFields(desired, known).length > 0 ||
      Object.keys(known).some((k) => !present(desired, k))
    ) {
      changed.push("fields");
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

  /** The program's inputs that a state stands for ({@link inputsFromOutputs}). */
  const inputsOf = (o: ObjectOutputs): ObjectInputs => inputsFromOutputs(o, spellings);

  return { ...cp, spellings, fieldsToPatch, patchFor, toOutputs, planChanges, inputsOf };
}
