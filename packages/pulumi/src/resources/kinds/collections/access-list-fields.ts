/**
 * The provider boundary of `edge.shield.AccessList`: its `check`, and the mapping between
 * its public fields (`listId`, `name`, `description`, `type`, `entries`, `enabled`, `action`)
 * and the engine's neutral ones (`id`, `parentId`, `name`, `description`, `fields`). The
 * engine (provider.ts `zoneObjectEngine`) runs unchanged in between. (Its entries, held as a
 * count and a digest, are why it does not use the generic boundary, spelling.ts, yet.)
 *
 * The entries are held once: the inputs `check` returns hold `entries` as ONE string (the
 * entries joined by "\n", in the program's order: `preview --diff` shows a change as added
 * and removed lines); the state holds `entryCount` and `entriesDigest` (sha256 of the content),
 * never the entries. An old state's entries are known to the engine only when the digest of
 * the new entries equals the stored one (then they ARE the new entries); otherwise it gets a
 * value no content equals, so the entries count as changed, and `read` reports the platform's.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  AccessListAction,
  AccessListType,
  accessListEntries,
  schemaRef,
  validateAccessListEntries,
  type AccessListTypeValue,
} from "edgeplatform-client/spec/runtime";
import type { accessListInputsSchema as AccessListInputsSchema } from "./access-list-schemas";
import {
  checkInputs,
  Failure,
  isUnknown,
  ownerConflicts,
  PROVIDER_KEY,
  safeCheck,
} from "../../core/common";
import { idParts, zoneObjectEngine } from "../../core/zone-objects/provider";
import { PartialCreateError } from "../../core/zone-objects/recovery";
import type { TopField, ZoneObjectInputs, ZoneObjectOutputs } from "../../core/zone-objects/state";
import { accessListKind, digestOf, enumName } from "./access-list";

/** Inputs of an access list after `check` (`entries`: one string, the entries joined by "\n"). */
export interface AccessListInputs {
  listId?: number;
  shieldZoneId?: number;
  pullZoneId?: number;
  name?: string;
  description?: string | null;
  type?: string | number;
  entries?: string;
  enabled?: boolean;
  action?: string | number;
  deleteOnDestroy?: boolean;
}

/** The managed fields besides the name and description. */
const CONFIG = ["type", "entries", "enabled", "action"] as const;
/** A field of an access list that may be left out (not managed). */
export type AccessListField = "name" | "description" | (typeof CONFIG)[number];

/** State of an access list: identity, mode, the platform's values, the entries' digest. */
export interface AccessListOutputs {
  listId: number;
  shieldZoneId: number;
  pullZoneId?: number;
  configurationId?: number;
  name?: string | null;
  description?: string | null;
  type?: string | number;
  enabled?: boolean;
  action?: string | number;
  entryCount?: number;
  entriesDigest?: string;
  adopted: boolean;
  origin?: "adopted" | "created";
  deleteOnDestroy?: boolean;
  unmanaged?: AccessListField[];
  readOnly?: boolean;
}

const inputsSchema = schemaRef<typeof AccessListInputsSchema>(
  __dirname,
  "./access-list-schemas",
  "accessListInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The integer of an enumeration input (name in any case, or the integer), or a failure. */
function enumValue(field: "type" | "action", v: unknown, failures: Failure[]): number | undefined {
  const e: Record<string, number> = field === "type" ? AccessListType : AccessListAction;
  if (typeof v === "number" && Object.values(e).includes(v)) return v;
  const hit =
    typeof v === "string" ? Object.keys(e).find((k) => k.toLowerCase() === v.toLowerCase()) : "";
  if (hit) return e[hit];
  failures.push({
    property: field,
    reason: `must be one of ${Object.entries(e)
      .map(([k, n]) => `"${k}" (${n})`)
      .join(", ")}; got ${JSON.stringify(v)}`,
  });
  return undefined;
}

/**
 * `check`: validates the inputs (the addressing, the enumerations, every entry against the
 * type) and returns them with `type` and `action` as names (`1` and `"cidr"` are `"CIDR"`)
 * and `entries` joined into one string. No API call.
 */
export function checkAccessList(olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const conflicts = ownerConflicts(n, ["listId"]);
    if (conflicts.length > 0) return { inputs: n, failures: conflicts };
    const failures = checkInputs(inputsSchema, n);
    const out: Record<string, unknown> = { ...n };
    const adopt = isSet(n.listId);
    if (adopt && !isSet(n.shieldZoneId)) {
      failures.push({
        property: "shieldZoneId",
        reason:
          "is required with listId: the shield zone the list is in (the API is keyed by zone)",
      });
    }
    if (adopt && isSet(n.pullZoneId)) {
      failures.push({ property: "pullZoneId", reason: "not with listId: use shieldZoneId" });
    }
    if (!adopt && isSet(n.shieldZoneId) && isSet(n.pullZoneId)) {
      failures.push({
        property: "pullZoneId",
        reason: "set exactly one of shieldZoneId, pullZoneId (create) or listId (adopt)",
      });
    }
    if (!adopt && !isSet(n.shieldZoneId) && !isSet(n.pullZoneId)) {
      failures.push({
        property: "shieldZoneId",
        reason:
          "one of listId (adopt an existing list, with its shieldZoneId), shieldZoneId or " +
          "pullZoneId (create a new list) is required",
      });
    }
    if (!adopt) {
      for (const [f, what] of [
        ["name", "names are unique in a zone, and the name is how a create is made idempotent"],
        ["type", "what the entries are (IP, CIDR, ASN, Country, Organization, JA4)"],
        ["entries", "the list's entries"],
      ] as const) {
        if (!isSet(n[f])) {
          failures.push({ property: f, reason: `is required when creating a list: ${what}` });
        }
      }
    }
    const type =
      isSet(n.type) && !isUnknown(n.type) ? enumValue("type", n.type, failures) : undefined;
    // The names, whichever form the program wrote (what `preview --diff` and the state show).
    if (type !== undefined) out.type = enumName("type", type);
    if (isSet(n.action) && !isUnknown(n.action)) {
      const action = enumValue("action", n.action, failures);
      if (action !== undefined) out.action = enumName("action", action);
    }
    const entries = n.entries;
    if (isSet(entries) && !isUnknown(entries)) {
      const list =
        typeof entries === "string"
          ? accessListEntries(entries)
          : Array.isArray(entries)
            ? // Padding is not part of an entry (the platform's content is split and trimmed):
              // checked and stored trimmed, so a padded entry is not rewritten on every run.
              entries.map((e) => (typeof e === "string" ? e.trim() : e))
            : undefined;
      if (!list) {
        failures.push({ property: "entries", reason: "must be a list of strings" });
      } else if (!list.some(isUnknown)) {
        if (type !== undefined) {
          const typeName = String(enumName("type", type));
          for (const f of validateAccessListEntries(type as AccessListTypeValue, list)) {
            failures.push({ ...f, reason: `${f.reason} (type ${typeName})` });
          }
        } else if (list.some((e) => typeof e !== "string")) {
          failures.push({ property: "entries", reason: "must be a list of strings" });
        }
        out.entries = list.join("\n");
      }
    }
    void olds;
    return { inputs: out, failures };
  });
}

/** The engine's inputs of the public ones. */
export function toEngineInputs(i: AccessListInputs): ZoneObjectInputs {
  const config: Record<string, unknown> = {};
  for (const f of CONFIG) if (i[f] !== undefined) config[f] = i[f];
  const out: ZoneObjectInputs & Record<string, unknown> = { fields: config };
  if (i.listId !== undefined) out.id = i.listId;
  if (i.shieldZoneId !== undefined) out.parentId = i.shieldZoneId;
  if (i.pullZoneId !== undefined) out.pullZoneId = i.pullZoneId;
  if (i.name !== undefined) out.name = i.name;
  if (i.description !== undefined) out.description = i.description;
  if (i.deleteOnDestroy !== undefined) out.deleteOnDestroy = i.deleteOnDestroy;
  const provider = (i as Record<string, unknown>)[PROVIDER_KEY];
  if (provider !== undefined) out[PROVIDER_KEY] = provider;
  return out;
}

/** The public inputs of the engine's (what `read` reports); an adopted list keeps its zone. */
function fromEngineInputs(
  i: ZoneObjectInputs & { pullZoneId?: number },
  zone: number,
): AccessListInputs {
  const out: AccessListInputs = {};
  if (isSet(i.id)) {
    out.listId = i.id as number;
    out.shieldZoneId = zone;
  }
  if (isSet(i.parentId)) out.shieldZoneId = i.parentId;
  if (isSet(i.pullZoneId)) out.pullZoneId = i.pullZoneId;
  if (i.name !== undefined) out.name = i.name as string;
  if (i.description !== undefined) out.description = i.description;
  const c = i.fields ?? {};
  for (const f of CONFIG) if (c[f] !== undefined) (out as Record<string, unknown>)[f] = c[f];
  if (i.deleteOnDestroy !== undefined) out.deleteOnDestroy = i.deleteOnDestroy;
  return out;
}

const TOP: [TopField, AccessListField][] = [
  ["name", "name"],
  ["description", "description"],
];

/** The public state of the engine's: the entries become their count and digest. */
export function toPublicOutputs(o: ZoneObjectOutputs & Record<string, unknown>): AccessListOutputs {
  const c = o.fields ?? {};
  const r = o.reported ?? {};
  const managed = (f: string) => c[f] !== undefined;
  const unmanaged: AccessListField[] = TOP.filter(([t]) => (o.unmanaged ?? []).includes(t)).map(
    ([, p]) => p,
  );
  for (const f of CONFIG) if (!managed(f) && o.reported) unmanaged.push(f);
  const entries = typeof c.entries === "string" ? c.entries : undefined;
  const out: AccessListOutputs & Record<string, unknown> = {
    listId: o.id as number,
    shieldZoneId: o.parentId,
    ...(o.pullZoneId !== undefined ? { pullZoneId: o.pullZoneId as number } : {}),
    ...(r.configurationId !== undefined ? { configurationId: r.configurationId as number } : {}),
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.description !== undefined ? { description: o.description } : {}),
    ...(managed("type") || r.type !== undefined
      ? { type: (managed("type") ? c.type : enumName("type", r.type)) as string | number }
      : {}),
    ...(managed("enabled") || r.enabled !== undefined
      ? { enabled: (managed("enabled") ? c.enabled : r.enabled) as boolean }
      : {}),
    ...(managed("action") || r.action !== undefined
      ? { action: (managed("action") ? c.action : enumName("action", r.action)) as string }
      : {}),
    ...(entries !== undefined
      ? { entryCount: accessListEntries(entries).length, entriesDigest: digestOf(entries) }
      : r.entriesDigest !== undefined
        ? { entryCount: r.entryCount as number, entriesDigest: r.entriesDigest as string }
        : {}),
    adopted: o.adopted,
    ...(o.origin !== undefined ? { origin: o.origin } : {}),
    ...(o.deleteOnDestroy !== undefined ? { deleteOnDestroy: o.deleteOnDestroy } : {}),
    ...(unmanaged.length > 0 ? { unmanaged } : {}),
    ...(o.readOnly !== undefined ? { readOnly: o.readOnly } : {}),
  };
  if (o[PROVIDER_KEY] !== undefined) out[PROVIDER_KEY] = o[PROVIDER_KEY];
  return out;
}

/**
 * The engine's state of the public one. `entries`: the new inputs' entries, used as the old
 * entries only when their digest is the stored one.
 */
export function toEngineOutputs(
  o: AccessListOutputs & Record<string, unknown>,
  entries?: unknown,
): ZoneObjectOutputs {
  const unmanaged = o.unmanaged ?? [];
  const config: Record<string, unknown> = {};
  for (const f of ["type", "enabled", "action"] as const) {
    if (o[f] !== undefined && !unmanaged.includes(f)) config[f] = o[f];
  }
  if (o.entriesDigest !== undefined && !unmanaged.includes("entries")) {
    config.entries =
      typeof entries === "string" && digestOf(entries) === o.entriesDigest
        ? entries
        : { entriesDigest: o.entriesDigest };
  }
  const out: ZoneObjectOutputs & { pullZoneId?: number } = {
    id: o.listId,
    parentId: o.shieldZoneId,
    adopted: o.adopted === true,
    fields: config,
    reported: {
      configurationId: o.configurationId,
      type: wire("type", o.type),
      enabled: o.enabled,
      action: wire("action", o.action),
      entryCount: o.entryCount,
      entriesDigest: o.entriesDigest,
    },
  };
  if (o.pullZoneId !== undefined) out.pullZoneId = o.pullZoneId;
  if (o.origin !== undefined) out.origin = o.origin;
  if (o.name !== undefined) out.name = o.name;
  if (o.description !== undefined) out.description = o.description;
  if (o.deleteOnDestroy !== undefined) out.deleteOnDestroy = o.deleteOnDestroy;
  const top = TOP.filter(([, p]) => unmanaged.includes(p)).map(([t]) => t);
  if (top.length > 0) out.unmanaged = top;
  if (o.readOnly !== undefined) out.readOnly = o.readOnly;
  return out;
}

const wire = (field: string, v: unknown): unknown =>
  (accessListKind.config.normalize({ [field]: v }) as Record<string, unknown>)[field];

/** Public names of the engine's replaced fields. */
const publicName = (f: string) => (f === "id" ? "listId" : f === "parentId" ? "shieldZoneId" : f);

/** A resource id `"<shieldZoneId>/<listId>"` (what `AccessList.get` takes) split. */
function splitId(rid: string): { zone?: number; list: number } {
  const m = /^(\d+)\/(\d+)$/.exec(rid);
  return m ? { zone: Number(m[1]), list: Number(m[2]) } : { list: Number(rid) };
}

const engine = zoneObjectEngine(accessListKind);

/** Maps a partial create's state to the public form (the list's id stays in the state). */
function publicPartial(e: unknown): never {
  if (e instanceof PartialCreateError && typeof e.properties.id === "number") {
    const props = e.properties as ZoneObjectOutputs & Record<string, unknown>;
    (e as { properties: Record<string, unknown> }).properties = { ...toPublicOutputs(props) };
  }
  throw e;
}

/** Creates (zone modes) or adopts (`listId`) the list. */
async function create(inputs: AccessListInputs): Promise<dynamic.CreateResult> {
  try {
    const res = await engine.create(toEngineInputs(inputs));
    return { id: res.id, outs: toPublicOutputs(res.outs as never) };
  } catch (e) {
    return publicPartial(e);
  }
}

/** Reads the list; a `get` id may be `"<shieldZoneId>/<listId>"`. */
async function read(rid: string, props: AccessListOutputs): Promise<dynamic.ReadResult> {
  const view = typeof props?.listId !== "number";
  // With no state (`get`, `pulumi import`) the id names the zone too.
  const { zone, list } = view
    ? (([z, o]) => ({ zone: z, list: o }))(
        idParts(rid, ["shieldZoneId", "listId"], "1/501", `edgeplatform AccessList: read`),
      )
    : splitId(rid);
  const known = view
    ? ({ id: list, parentId: zone, readOnly: true } as unknown as ZoneObjectOutputs)
    : toEngineOutputs(props as never);
  const res = await engine.read(String(list), known);
  if (!res.id || !res.props) return { id: res.id };
  const outs = res.props as ZoneObjectOutputs;
  return {
    id: zone !== undefined ? rid : res.id,
    props: toPublicOutputs(outs as never),
    inputs: fromEngineInputs(res.inputs as ZoneObjectInputs, outs.parentId) as never,
  };
}

/** Replacements (another list or zone, a created list's type or description) and changes. */
function diff(rid: string, olds: AccessListOutputs, news: AccessListInputs): dynamic.DiffResult {
  const res = engine.diff(rid, toEngineOutputs(olds as never, news?.entries), toEngineInputs(news));
  return { ...res, replaces: (res.replaces ?? []).map(publicName) };
}

/** Brings the list to the program's values (only what differs). */
async function update(
  rid: string,
  olds: AccessListOutputs,
  news: AccessListInputs,
): Promise<dynamic.UpdateResult> {
  const res = await engine.update(
    String(splitId(rid).list),
    toEngineOutputs(olds as never, news?.entries),
    toEngineInputs(news),
  );
  return { outs: toPublicOutputs(res.outs as never) };
}

/** Deletes a created list (`deleteOnDestroy`); leaves an adopted one. */
async function del(rid: string, props: AccessListOutputs): Promise<void> {
  await engine.delete(String(splitId(rid).list), toEngineOutputs(props as never));
}

/** A field of the engine's (`fields.entries`) by its public name (`entries`). */
const publicField = (f: string): string =>
  f === "id" ? "listId" : f === "parentId" ? "shieldZoneId" : f.replace(/^fields\./, "");

/**
 * The fields the diff finds changed, by their public names (the native plugin's
 * `detailedDiff`): the engine's per-field report of the mapped inputs and state. No API call.
 */
export function accessListFieldChanges(
  olds: AccessListOutputs,
  news: AccessListInputs,
): { replaces: string[]; changed: string[]; removed: string[] } {
  const r = engine.fieldChanges(
    toEngineOutputs((olds ?? {}) as never, news?.entries),
    toEngineInputs(news ?? {}),
  );
  return {
    replaces: r.replaces.map(publicField),
    changed: r.changed.map(publicField),
    removed: r.removed.map(publicField),
  };
}

/** The dynamic provider of `edge.shield.AccessList` (what the serialized stub calls). */
export const accessListProvider = {
  configure: engine.configure,
  check: async (olds: unknown, news: unknown) => checkAccessList(olds, news),
  diff: async (rid: string, olds: AccessListOutputs, news: AccessListInputs) =>
    diff(rid, olds, news),
  create,
  read,
  update,
  delete: del,
};
