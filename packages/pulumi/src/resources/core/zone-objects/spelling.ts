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
 * them, the others as the platform reports them, listed in `unmanaged`).
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
   * reports hold it whatever the mode. Default: false (an adopt names the id only).
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
   * Outputs the platform reports beside the flat fields (a hostname's `hasCertificate`):
   * copied from the object's `reported` values into the state, never inputs. Default: none.
   */
  reported?: readonly string[];
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

/** The program's inputs of the engine's (what `read` reports); `parentId`: the object's. */
export function toPublicInputs(k: Kind, i: ObjectInputs, parentId: number): Row {
  const e = i as unknown as Row;
  const sp = k.spelling;
  if (nestedOf(k)) {
    const out = renamed(e, topNames(k));
    return sp.parentAlways && out[k.parent.field] === undefined
      ? { [k.parent.field]: parentId, ...out }
      : out;
  }
  const out: Row = {};
  if (sp.parentAlways || e.parentId !== undefined) out[k.parent.field] = e.parentId ?? parentId;
  for (const f of spellingFields(k.parent)) if (e[f] !== undefined) out[f] = e[f];
  if (isSet(e.id)) out[k.words.id] = e.id;
  if (typeof e.name === "string") out[k.words.name] = e.name;
  if (sp.description !== undefined && e.description !== undefined) {
    out[sp.description] = e.description;
  }
  const c = (e.fields ?? {}) as Row;
  for (const f of flatOf(k)) if (c[f] !== undefined) out[f] = c[f];
  if (e.deleteOnDestroy !== undefined) out.deleteOnDestroy = e.deleteOnDestroy;
  return out;
}

/** The public state of the engine's. */
export function toPublicOutputs(k: Kind, plan: ConfigurationPlan, o: ObjectOutputs): Row {
  const e = o as unknown as Row;
  const names = topNames(k);
  if (nestedOf(k)) {
    const out = renamed(e, names);
    if (e.unmanaged !== undefined) out.unmanaged = unmanagedAs(e.unmanaged, names);
    return out;
  }
  const c = (e.fields ?? {}) as Row;
  const r = (e.reported ?? {}) as Row;
  const named = (f: string, v: unknown) => (plan.named({ [f]: v }) as Row)[f];
  const out: Row = { [k.words.id]: e.id, [k.parent.field]: e.parentId, adopted: e.adopted };
  for (const f of spellingFields(k.parent)) if (e[f] !== undefined) out[f] = e[f];
  if (isSet(e.name)) out[k.words.name] = e.name;
  const d = k.spelling.description;
  if (d !== undefined && isSet(e.description)) out[d] = e.description;
  const unmanaged = unmanagedAs(e.unmanaged, names);
  for (const f of flatOf(k)) {
    if (c[f] !== undefined) out[f] = named(f, c[f]);
    else if (f in r) {
      out[f] = named(f, r[f]);
      unmanaged.push(f);
    }
  }
  for (const f of ["origin", "deleteOnDestroy"]) if (e[f] !== undefined) out[f] = e[f];
  for (const f of k.spelling.reported ?? []) if (r[f] !== undefined) out[f] = r[f];
  if (unmanaged.length > 0) out.unmanaged = unmanaged;
  if (e.readOnly !== undefined) out.readOnly = e.readOnly;
  if (e[PROVIDER_KEY] !== undefined) out[PROVIDER_KEY] = e[PROVIDER_KEY];
  return out;
}

/** The engine's state of the public one (a state written by this boundary, any version). */
export function toEngineOutputs(k: Kind, plan: ConfigurationPlan, o: unknown): ObjectOutputs {
  if (!isPlainObject(o)) return o as ObjectOutputs;
  const back = engineNames(k);
  if (nestedOf(k)) {
    const out = renamed(o, back);
    if (o.unmanaged !== undefined) out.unmanaged = unmanagedAs(o.unmanaged, back);
    return out as unknown as ObjectOutputs;
  }
  const unmanaged = Array.isArray(o.unmanaged) ? (o.unmanaged as string[]) : [];
  const fields: Row = {};
  const reported: Row = {};
  for (const f of flatOf(k)) {
    if (o[f] === undefined) continue;
    reported[f] = plan.mergeConfiguration({}, { [f]: o[f] })[f];
    if (!unmanaged.includes(f)) fields[f] = o[f];
  }
  for (const f of k.spelling.reported ?? []) if (o[f] !== undefined) reported[f] = o[f];
  const out: Row = {
    id: o[k.words.id],
    parentId: o[k.parent.field],
    adopted: o.adopted === true,
    fields,
    reported,
  };
  for (const f of spellingFields(k.parent)) if (o[f] !== undefined) out[f] = o[f];
  if (o.origin !== undefined) out.origin = o.origin;
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
 * @throws when the id does not name the parent.
 */
export function viewOf(k: Kind, rid: string): { parent: number; known: ObjectOutputs } {
  const { parent, id } = splitId(k, rid);
  if (parent === undefined) {
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
