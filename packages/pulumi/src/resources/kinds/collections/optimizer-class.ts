/**
 * `edge.pullzones.OptimizerClass` as a zone-object kind: one optimizer class of a pull zone
 * (the zone's `OptimizerClasses`, published core API, tag "Pull Zone"), identified by its
 * name (string ids: a class's id is its `Name`, unique in the zone). Identity, adopt by id,
 * "gone" on evidence, claims and recovery are the engine's; what is its own:
 * - its parent is a pull zone (kinds/parents/pull-zone.ts): its classes come in the zone's
 *   GET (`OptimizerClasses`), and a refresh's reads share one answer of the zone;
 * - the platform has no endpoint of a class: the only write is POST `/pullzone/{id}` with the
 *   zone's whole array. Every create, update and delete is therefore a read-modify-write of
 *   that array (read the zone, change this one class, write the array, read back), under the
 *   pull-zone parent's one-at-a-time queue: the classes it does not own are sent as read, so
 *   a write never drops one;
 * - a class cannot be renamed (its name is its identity): another `name` replaces it.
 *
 * In the engine's terms a class is `{id: Name, parentId: its pull zone, name: Name,
 * fields: {properties}}`.
 */
import { keepSlotRead, parentKeyed, takeSlotRead } from "../../core/zone-objects/parent";
import { schemaRef, type PullZoneModel } from "edgeplatform-client/spec/runtime";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, Words, ZoneObject } from "../../core/zone-objects/kind";
import type { Spelling } from "../../core/zone-objects/spelling";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";
import { pullZoneParent, pullZoneSlotKey, type PullZoneChildKind } from "../parents/pull-zone";
import { settingsBody } from "../settings/pull-zone";
import { optimizerClassDocs } from "./optimizer-class-docs";
import type { CollectionKindDocs } from "./rule-docs";

/** The words of a class's messages and its public id and name fields. */
export const OPTIMIZER_CLASS_WORDS: Words = {
  one: "optimizer class",
  many: "optimizer classes",
  id: "className",
  name: "name",
};

/** A class's managed fields: public name → the platform's (`PullZoneOptimizerClassModel`). */
export const OPTIMIZER_CLASS_FIELDS = { properties: "Properties" } as const;

/**
 * The public spelling of a class (with {@link OPTIMIZER_CLASS_WORDS} and the pull zone's
 * `pullZoneId`): its `properties` flat at the top level, its pull zone given with its id too,
 * and a `get` id of the form `"<pullZoneId>/<name>"`.
 */
export const OPTIMIZER_CLASS_SPELLING: Spelling = {
  fields: { flat: Object.keys(OPTIMIZER_CLASS_FIELDS) },
  parentAlways: true,
  idWithParent: { example: "1/thumbnail" },
};

/** The field semantics of a class's values: `properties` is one value, compared whole. */
export const optimizerClassFields: ConfigurationFields = {
  enums: {},
  normalize: (c) => c,
  nullable: new Set(["properties"]),
  requiredForCreate: [],
};

/** A class in the engine's terms. */
export type OptimizerClassObject = ZoneObject<string>;

/** A class as the platform holds it. */
interface WireClass {
  Name?: string | null;
  Properties?: Record<string, string> | null;
}

const classesOf = (z: PullZoneModel): WireClass[] => (z.OptimizerClasses ?? []) as WireClass[];

/** A class as the platform returns it, in the engine's terms. */
export function fromOptimizerClass(zone: number, c: WireClass): OptimizerClassObject {
  const fields = { properties: { ...(c.Properties ?? {}) } };
  return { id: c.Name ?? "", parentId: zone, name: c.Name ?? "", fields, reported: fields };
}

const api = () => getClient().pullzones;

/** A missing object of its parent's answer (a plain not-found), and the parent a call needs. */
const { notIn, parentOf: zoneOf } = parentKeyed(pullZoneParent, "optimizer class");

/** Class `name` of a zone's answer, or a not-found error. */
function classIn(z: PullZoneModel, zone: number, name: string): OptimizerClassObject {
  const c = classesOf(z).find((x) => x.Name === name);
  if (!c) throw notIn(zone, name);
  return fromOptimizerClass(zone, c);
}

/**
 * One read-modify-write of zone `zone`'s classes: the zone as this write read it (its name
 * check's listing, its update's read: parent.ts `takeSlotRead`), else read now, under the
 * parent's queue either way, so no write of this process is between it and the write; a
 * write never takes another write's read, nor an answer of a write. `change` applied to its
 * array, then one POST `/pullzone/{id}` of every setting as read (`settingsBody`: a platform
 * that replaces the zone's settings with the body keeps them) with the whole array (every
 * class it does not change as read). `once`: the write is sent once,
 * never retried (a new class's write: an unknown outcome is resolved by reading the zone,
 * never by sending an array read before it again). @returns the write's answer, the zone as
 * written (no read back: a read after it would tell no more, a later writer's change coming
 * after either).
 */
async function rewriteClasses(
  zone: number,
  change: (classes: WireClass[]) => WireClass[],
  once = false,
): Promise<PullZoneModel> {
  // The zone as this write read it just before (its name check, its update's read), else now.
  const read = takeSlotRead<PullZoneModel>(pullZoneSlotKey(zone)) ?? (await api().get(zone));
  const classes = change(classesOf(read).map((c) => ({ ...c })));
  const body = { ...settingsBody(read as Record<string, unknown>, {}), OptimizerClasses: classes };
  const stop = new AbortController();
  const opts = once ? { signal: stop.signal, onRetry: () => stop.abort() } : undefined;
  return api().update(zone, body as never, opts);
}

/** The platform's form of a class named `name` with the engine's `fields`. */
function wireClass(name: string, fields: Record<string, unknown>, was?: WireClass): WireClass {
  const p = fields.properties;
  const properties = p === undefined ? (was?.Properties ?? {}) : ((p ?? {}) as object);
  return { Name: name, Properties: { ...(properties as Record<string, string>) } };
}

/** The optimizer-class kind (with the descriptions of its public types, `docs`). */
export const optimizerClassKind: PullZoneChildKind<OptimizerClassObject> & {
  docs: CollectionKindDocs;
} = {
  typeName: "OptimizerClass",
  noun: "optimizer class",
  words: OPTIMIZER_CLASS_WORDS,
  parent: pullZoneParent,
  spelling: OPTIMIZER_CLASS_SPELLING,
  ids: "string",
  claimKey: "optimizer-class",
  config: optimizerClassFields,
  configurationSchema: schemaRef(
    __dirname,
    "./optimizer-class-schemas",
    "optimizerClassConfigurationSchema",
  ),
  adoptReadsShared: true,
  // A class's name is its identity: another name is another class.
  replacedBy: (olds, news) =>
    typeof news.name === "string" && typeof olds.name === "string" && news.name !== olds.name
      ? ["name"]
      : [],
  childrenInZone: (z, zone) => classesOf(z).map((c) => fromOptimizerClass(zone, c)),
  endpoints: {
    /** The class as the zone holds it now (kept as the base of this write's rewrite). */
    get: async (name, zone) => {
      const z = zoneOf(zone, name);
      const read = await api().get(z);
      keepSlotRead(pullZoneSlotKey(z), read);
      return classIn(read, z, name);
    },
    /** A refresh's read: the zone's answer the reads of this refresh share, else a fresh one. */
    read: async (name, zone) => {
      const shared = await sharedZoneAnswer(`pull-zone\0${zone}`, name, () => api().get(zone));
      if (classesOf(shared).some((c) => c.Name === name)) return classIn(shared, zone, name);
      return classIn(await api().get(zone), zone, name);
    },
    /**
     * The zone's array with the new class appended. A class of that name found by the read
     * (made since the engine's name check) is refused, never taken over: nothing is written.
     */
    create: async (body) => {
      const zone = body.parentId as number;
      const name = body.name as string;
      const fields = (body.fields ?? {}) as Record<string, unknown>;
      const back = await rewriteClasses(
        zone,
        (cs) => {
          if (cs.some((c) => c.Name === name)) {
            throw new Error(
              `pull zone ${zone} already has an optimizer class ${name}: nothing was written ` +
                "(adopt it with `className`, or choose another name)",
            );
          }
          return [...cs, wireClass(name, fields)];
        },
        true,
      );
      const found = classesOf(back).find((c) => c.Name === name);
      return found
        ? { status: 200, object: fromOptimizerClass(zone, found) }
        : { status: "unnamed" };
    },
    /** The zone's array with this class's planned fields over it as just read. */
    update: async (name, body, current) => {
      const zone = current.parentId;
      const fields = { ...(current.fields ?? {}), ...((body.fields ?? {}) as object) };
      const back = await rewriteClasses(zone, (cs) => {
        const at = cs.findIndex((c) => c.Name === name);
        if (at < 0) throw notIn(zone, name);
        cs[at] = wireClass(name, fields, cs[at]);
        return cs;
      });
      return { status: 200, object: classIn(back, zone, name) };
    },
    /** The zone's array without this class (already gone: a not-found, confirmed by the engine). */
    delete: async (name, zone) => {
      const z = zoneOf(zone, name);
      await rewriteClasses(z, (cs) => {
        if (!cs.some((c) => c.Name === name)) throw notIn(z, name);
        return cs.filter((c) => c.Name !== name);
      });
    },
  },
  docs: optimizerClassDocs,
};
