/**
 * A kind's public spelling of the engine's neutral inputs and state, declared once
 * ({@link Spelling}, with the kind's {@link Words} and its parent's field), and the one
 * boundary that applies it: public inputs to the engine's, the engine's state to the public
 * one and back (what refresh, diff, update and delete read), the engine's field names in
 * diffs and messages, and how a `get` or import id names the parent.
 *
 * The public names: the id is `words.id`, the name `words.name`, the parent the parent's
 * `field` (its other spellings keep their own fields), the description the spelling's
 * `description`; the configuration is either one nested object (`{ nested: "<field>" }`: the
 * state holds what the engine keeps, renamed, nothing else) or flat top-level fields
 * (`{ flat: [...] }`: the state holds every field, the managed ones as the program wrote
 * them, the others as the platform reports them, listed in `unmanaged`). A flat kind may also
 * declare the forms its state keeps (fields always stored, a field held as a count and a
 * digest, values reported beside the fields, normal forms, fields the platform may not
 * report, a view without unset fields): each an option of {@link Spelling}, named for what it
 * does.
 */
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { isPlainObject, PROVIDER_KEY, ResourceOperationError } from "../common";
import { idOfText, isObjectId } from "./ids";
import type { ObjectId, ZoneObjectKind } from "./kind";
import { spellingFields } from "./parent";
import type { ConfigurationPlan } from "./plan";
import type { ObjectInputs, ObjectOutputs } from "./state";

/** How a kind's public fields spell the engine's (beside its words' id and name). */
export interface Spelling {
  /** The public field of the description (none: the kind has no description field). */
  description?: string;
  /**
   * Where the configuration is: under one public field (`{ nested: "ruleConfiguration" }`)
   * or in top-level public fields of their own (`{ flat: ["actionType", …] }`).
   */
  fields: { nested: string } | { flat: readonly string[] };
  /**
   * The parent's field is given with the id too (an API keyed by parent): the inputs a read
   * reports hold it whatever the mode, unless another spelling of the parent places the
   * object (`pullZoneId`). Default: false (an adopt names the id only).
   */
  parentAlways?: boolean;
  /**
   * A `get` or import id names the parent: `"<parent>/<id>"` (required with no state;
   * `example` is shown when it is missing). Default: the id alone.
   */
  idWithParent?: { example: string };
  /**
   * The top-level inputs' schema the engine's `check` validates (a nested configuration: the
   * configuration itself is validated against the kind's `configurationSchema`). A kind with
   * flat fields brings its own `check` instead.
   */
  inputsSchema?: SchemaRef;
  /**
   * Flat fields: state fields present whatever the mode and never listed in `unmanaged`: a
   * configuration field (its managed or reported value, as text), the name field (`""` when
   * the object has none) or `origin` (what `adopted` implies when nothing else is recorded).
   * Default: none.
   */
  alwaysStored?: readonly string[];
  /**
   * Flat fields: a field the program leaves out is listed in `unmanaged` whenever the object
   * was read, also when the platform does not report it. Default: only a field it reports.
   */
  listsUnreported?: boolean;
  /**
   * Flat fields: the normal form of a field's value, given the whole public state (a target
   * without its trailing dot): a state written before values were kept in it is read in it.
   */
  normalForms?: Record<string, (value: unknown, state: Record<string, unknown>) => unknown>;
  /**
   * Flat fields that the platform may not report (its answer has no such field): when the
   * program manages one and the platform holds none, the state keeps the program's value
   * (a create's inputs, an update's new then old values, a refresh's old state).
   */
  keptWhenUnreported?: readonly string[];
  /** Values the platform reports beside the fields (`reported`), kept in the state as they are. */
  reportedOnly?: readonly string[];
  /** Flat fields: a field whose value the state holds as a count and a digest only. */
  digested?: Digested;
  /**
   * Flat fields: the read-only view of a read with no state (`get`, import) leaves out the
   * fields the object does not set (`null`): neither inputs nor state; listed in `unmanaged`.
   */
  viewLeavesOutUnset?: boolean;
}

/**
 * A field kept in the state as a count and a digest, never as its value (an access list's
 * entries, one text): an old state's value is known to the engine only when the program's
 * new value has the stored digest (then it IS that value); otherwise the engine gets a value
 * no content equals, so the field counts as changed.
 */
export interface Digested {
  /** The field (its value a string). */
  field: string;
  /** The state field of the count and how a value counts. */
  count: string;
  countOf(value: string): number;
  /** The state field of the digest and how a value is digested. */
  digest: string;
  digestOf(value: string): string;
}

type Row = Record<string, unknown>;
type Kind = Pick<ZoneObjectKind, "words" | "parent" | "spelling" | "ids" | "typeName">;

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The flat fields of a kind (none when its configuration is nested). */
const flatOf = (k: Kind): readonly string[] =>
  "flat" in k.spelling.fields ? k.spelling.fields.flat : [];

/** The nested configuration field of a kind (undefined: flat). */
const nestedOf = (k: Kind): string | undefined =>
  "nested" in k.spelling.fields ? k.spelling.fields.nested : undefined;

/** The engine's top-level names → the kind's public ones (undefined: none). */
const topNames = (k: Kind): Record<string, string | undefined> => ({
  id: k.words.id,
  parentId: k.parent.field,
  name: k.words.name,
  description: k.spelling.description,
  fields: nestedOf(k),
});

/**
 * The public name of an engine field or path (`id`, `parentId`, `name`, `description`,
 * `fields.<field>`; another field, a parent's other spelling, as it is).
 */
export function publicName(k: Kind, f: string): string {
  const nested = nestedOf(k);
  if (f.startsWith("fields.")) return nested ? `${nested}.${f.slice(7)}` : f.slice(7);
  return topNames(k)[f] ?? f;
}

/** `o` with its keys renamed by `names` (a key named undefined left out), order kept. */
function renamed(o: Row, names: Record<string, string | undefined>): Row {
  const out: Row = {};
  for (const [key, v] of Object.entries(o)) {
    if (!(key in names)) out[key] = v;
    else if (names[key] !== undefined) out[names[key]!] = v;
  }
  return out;
}

/** The inverse of {@link topNames}: public → engine. */
const engineNames = (k: Kind): Record<string, string> =>
  Object.fromEntries(
    Object.entries(topNames(k))
      .filter(([, pub]) => pub !== undefined)
      .map(([engine, pub]) => [pub!, engine]),
  );

/** `unmanaged` entries renamed (`name` ↔ the public name field), those with no name left out. */
const unmanagedAs = (list: unknown, names: Record<string, string | undefined>) =>
  (Array.isArray(list) ? list : [])
    .filter((f: string) => !(f in names) || names[f] !== undefined)
    .map((f: string) => (f in names ? names[f]! : f));

/** The engine's inputs of a program's (after `check`). */
export function toEngineInputs(k: Kind, i: unknown): ObjectInputs {
  if (!isPlainObject(i)) return i as ObjectInputs;
  if (nestedOf(k)) return renamed(i, engineNames(k)) as unknown as ObjectInputs;
  const fields: Row = {};
  for (const f of flatOf(k)) if (i[f] !== undefined) fields[f] = i[f];
  const out: Row = { fields };
  if (isSet(i[k.words.id])) out.id = i[k.words.id];
  if (i[k.parent.field] !== undefined) out.parentId = i[k.parent.field];
  for (const f of spellingFields(k.parent)) if (i[f] !== undefined) out[f] = i[f];
  if (i[k.words.name] !== undefined) out.name = i[k.words.name];
  const d = k.spelling.description;
  if (d !== undefined && i[d] !== undefined) out.description = i[d];
  if (i.deleteOnDestroy !== undefined) out.deleteOnDestroy = i.deleteOnDestroy;
  if (i[PROVIDER_KEY] !== undefined) out[PROVIDER_KEY] = i[PROVIDER_KEY];
  return out as unknown as ObjectInputs;
}

/**
 * The value of a field kept when unreported ({@link Spelling.keptWhenUnreported}): the first
 * set one of `sources` (the program's inputs, an older state), or undefined.
 */
const keptValue = (f: string, sources: readonly unknown[]): unknown =>
  sources.map((s) => (isPlainObject(s) ? s[f] : undefined)).find(isSet);

/** `out`'s fields kept when unreported: the engine's `null` replaced by a source's value. */
function keepUnreported(k: Kind, fields: Row, out: Row, sources: readonly unknown[]) {
  for (const f of k.spelling.keptWhenUnreported ?? []) {
    const v = fields[f] === null ? keptValue(f, sources) : undefined;
    if (v !== undefined) out[f] = v;
  }
}

/**
 * The program's inputs of the engine's (what `read` reports); `parentId`: the object's;
 * `sources`: where a field the platform does not report is kept ({@link keepUnreported}).
 */
export function toPublicInputs(
  k: Kind,
  i: ObjectInputs,
  parentId: number,
  sources: readonly unknown[] = [],
): Row {
  const e = i as unknown as Row;
  const sp = k.spelling;
  if (nestedOf(k)) {
    const out = renamed(e, topNames(k));
    return sp.parentAlways && out[k.parent.field] === undefined
      ? { [k.parent.field]: parentId, ...out }
      : out;
  }
  const out: Row = {};
  const spelled = spellingFields(k.parent).some((f) => isSet(e[f]));
  if ((sp.parentAlways && !spelled) || e.parentId !== undefined) {
    out[k.parent.field] = e.parentId ?? parentId;
  }
  for (const f of spellingFields(k.parent)) if (e[f] !== undefined) out[f] = e[f];
  if (isSet(e.id)) out[k.words.id] = e.id;
  if (typeof e.name === "string") out[k.words.name] = e.name;
  if (sp.description !== undefined && e.description !== undefined) {
    out[sp.description] = e.description;
  }
  const c = (e.fields ?? {}) as Row;
  for (const f of flatOf(k)) if (c[f] !== undefined) out[f] = c[f];
  keepUnreported(k, c, out, sources);
  if (e.deleteOnDestroy !== undefined) out.deleteOnDestroy = e.deleteOnDestroy;
  return out;
}

/** What `adopted` implies `origin` is when the state records none. */
const impliedOrigin = (adopted: unknown) => (adopted === true ? "adopted" : "created");

/** The state's count and digest of a digested field ({@link Spelling.digested}). */
function digestedOutputs(d: Digested, c: Row, r: Row, out: Row) {
  const v = c[d.field];
  if (typeof v === "string") {
    out[d.count] = d.countOf(v);
    out[d.digest] = d.digestOf(v);
  } else if (r[d.digest] !== undefined) {
    out[d.count] = r[d.count];
    out[d.digest] = r[d.digest];
  }
}

/**
 * The flat fields of the public state: the managed ones as the program wrote them, the others
 * as the platform reports them (enumerations by name) and listed in `unmanaged`.
 */
function flatOutputs(k: Kind, plan: ConfigurationPlan, e: Row, out: Row, unmanaged: string[]) {
  const sp = k.spelling;
  const always = sp.alwaysStored ?? [];
  const c = (e.fields ?? {}) as Row;
  const r = (e.reported ?? {}) as Row;
  const named = (f: string, v: unknown) => (plan.named({ [f]: v }) as Row)[f];
  for (const f of flatOf(k)) {
    if (always.includes(f)) {
      out[f] = String(named(f, c[f] ?? r[f]));
      continue;
    }
    if (f === sp.digested?.field) digestedOutputs(sp.digested, c, r, out);
    else if (c[f] !== undefined) out[f] = c[f];
    else if (f in r) out[f] = named(f, r[f]);
    if (c[f] === undefined && (f in r || (sp.listsUnreported && e.reported !== undefined))) {
      unmanaged.push(f);
    }
  }
}

/**
 * The public state of the engine's. `sources`: where a field the platform does not report is
 * kept ({@link Spelling.keptWhenUnreported}; a partial create's state has none).
 */
export function toPublicOutputs(
  k: Kind,
  plan: ConfigurationPlan,
  o: ObjectOutputs,
  sources: readonly unknown[] = [],
): Row {
  const e = o as unknown as Row;
  const names = topNames(k);
  if (nestedOf(k)) {
    const out = renamed(e, names);
    if (e.unmanaged !== undefined) out.unmanaged = unmanagedAs(e.unmanaged, names);
    return out;
  }
  const always = k.spelling.alwaysStored ?? [];
  const out: Row = { [k.words.id]: e.id, [k.parent.field]: e.parentId, adopted: e.adopted };
  for (const f of spellingFields(k.parent)) if (e[f] !== undefined) out[f] = e[f];
  if (always.includes(k.words.name)) out[k.words.name] = String(e.name ?? "");
  else if (e.name !== undefined) out[k.words.name] = e.name;
  const d = k.spelling.description;
  if (d !== undefined && e.description !== undefined) out[d] = e.description;
  const unmanaged = unmanagedAs(e.unmanaged, names).filter((f) => !always.includes(f));
  flatOutputs(k, plan, e, out, unmanaged);
  keepUnreported(k, (e.fields ?? {}) as Row, out, sources);
  const r = (e.reported ?? {}) as Row;
  for (const f of k.spelling.reportedOnly ?? []) if (r[f] !== undefined) out[f] = r[f];
  if (always.includes("origin")) out.origin = e.origin ?? impliedOrigin(e.adopted);
  else if (e.origin !== undefined) out.origin = e.origin;
  if (e.deleteOnDestroy !== undefined) out.deleteOnDestroy = e.deleteOnDestroy;
  if (unmanaged.length > 0) out.unmanaged = unmanaged;
  if (e.readOnly !== undefined) out.readOnly = e.readOnly;
  if (e[PROVIDER_KEY] !== undefined) out[PROVIDER_KEY] = e[PROVIDER_KEY];
  return out;
}

/**
 * The engine's value of a digested field of state `o`: the program's new value when it has
 * the stored digest, else a value no content equals (absent when the state has no digest).
 */
function digestedField(d: Digested, o: Row, news: unknown): unknown {
  if (o[d.digest] === undefined) return undefined;
  const v = isPlainObject(news) ? news[d.field] : undefined;
  return typeof v === "string" && d.digestOf(v) === o[d.digest] ? v : { [d.digest]: o[d.digest] };
}

/** The engine's managed and reported fields of the public state `o` (flat fields). */
function flatFields(k: Kind, plan: ConfigurationPlan, o: Row, news: unknown) {
  const sp = k.spelling;
  const unmanaged = Array.isArray(o.unmanaged) ? (o.unmanaged as string[]) : [];
  const fields: Row = {};
  const reported: Row = {};
  for (const f of flatOf(k)) {
    if (f === sp.digested?.field) continue;
    const normal = sp.normalForms?.[f];
    const v = normal ? normal(o[f], o) : o[f];
    if (v === undefined) continue;
    reported[f] = plan.mergeConfiguration({}, { [f]: v })[f];
    if (!unmanaged.includes(f)) fields[f] = v;
  }
  const d = sp.digested;
  if (d) {
    const v = unmanaged.includes(d.field) ? undefined : digestedField(d, o, news);
    if (v !== undefined) fields[d.field] = v;
    for (const f of [d.count, d.digest]) if (o[f] !== undefined) reported[f] = o[f];
  }
  for (const f of sp.reportedOnly ?? []) if (o[f] !== undefined) reported[f] = o[f];
  return { fields, reported, unmanaged };
}

/**
 * The engine's state of the public one (a state written by this boundary, any version).
 * `news`: the program's new inputs, when known (a digested field's value, {@link Digested}).
 */
export function toEngineOutputs(
  k: Kind,
  plan: ConfigurationPlan,
  o: unknown,
  news?: unknown,
): ObjectOutputs {
  if (!isPlainObject(o)) return o as ObjectOutputs;
  const back = engineNames(k);
  if (nestedOf(k)) {
    const out = renamed(o, back);
    if (o.unmanaged !== undefined) out.unmanaged = unmanagedAs(o.unmanaged, back);
    return out as unknown as ObjectOutputs;
  }
  const { fields, reported, unmanaged } = flatFields(k, plan, o, news);
  const out: Row = {
    id: o[k.words.id],
    parentId: o[k.parent.field],
    adopted: o.adopted === true,
    fields,
    reported,
  };
  for (const f of spellingFields(k.parent)) if (o[f] !== undefined) out[f] = o[f];
  const redundant =
    (k.spelling.alwaysStored ?? []).includes("origin") && o.origin === impliedOrigin(o.adopted);
  if (o.origin !== undefined && !redundant) out.origin = o.origin;
  if (o[k.words.name] !== undefined) out.name = o[k.words.name];
  const d = k.spelling.description;
  if (d !== undefined && o[d] !== undefined) out.description = o[d];
  const top = unmanagedAs(
    unmanaged.filter((f) => f in back),
    back,
  );
  if (top.length > 0) out.unmanaged = top;
  if (o.deleteOnDestroy !== undefined) out.deleteOnDestroy = o.deleteOnDestroy;
  if (o.readOnly !== undefined) out.readOnly = o.readOnly;
  return out as unknown as ObjectOutputs;
}

/**
 * The object id and the parent a resource id names: `"<parent>/<id>"` for a kind whose
 * ids name the parent ({@link Spelling.idWithParent}), else the id alone (as text).
 */
export function splitId(k: Kind, rid: string): { parent?: number; id: string } {
  if (!k.spelling.idWithParent) return { id: rid };
  const m = /^(\d{1,16})\/([^/]+)$/.exec(rid);
  return m ? { parent: Number(m[1]), id: m[2] } : { id: rid };
}

/**
 * The engine's known state of a read with no state (`get`, import) of a kind whose ids name
 * the parent: the read-only view of the object the id names.
 * @throws when the id does not name the parent, or (number ids) names no number.
 */
export function viewOf(k: Kind, rid: string): { parent: number; known: ObjectOutputs } {
  const { parent, id } = splitId(k, rid);
  if (parent === undefined || (k.ids !== "string" && !/^\d{1,16}$/.test(id))) {
    throw new ResourceOperationError(
      `edgeplatform ${k.typeName}: read failed: the id must be ` +
        `"<${k.parent.field}>/<${k.words.id}>" (e.g. "${k.spelling.idWithParent!.example}"); ` +
        `got ${JSON.stringify(rid)}`,
    );
  }
  const objectId: ObjectId = idOfText(k.ids, id);
  return { parent, known: { id: objectId, parentId: parent, readOnly: true } as ObjectOutputs };
}

/** Whether public state `props` holds the object's id (else: a read with no state). */
export const holdsId = (k: Kind, props: unknown): boolean =>
  isPlainObject(props) && isObjectId(k.ids, props[k.words.id]);
