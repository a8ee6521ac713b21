/**
 * The provider boundary of `edge.dns.DnsRecord`: its `check` (validation by type with the
 * client's `checkDnsRecord`, before any call), and the mapping between its public fields
 * (`recordId`, `zoneId`, `name`, `type`, `value`, …) and the engine's neutral ones (`id`,
 * `parentId`, `name`, `fields`). The engine (provider.ts `zoneObjectEngine`) runs unchanged
 * in between. (Its state's own forms, `type` and `origin` always present, a target kept
 * without its trailing dot, a Script record's `scriptId`, are why it does not use the generic
 * boundary, spelling.ts, yet.)
 *
 * The state holds every field as the platform holds it (flat, enumerations by name): the
 * fields the program writes are managed (compared, written), the others reported and listed
 * in `unmanaged`.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { checkDnsRecord, normalDnsValue, schemaRef } from "edgeplatform-client/spec/runtime";
import {
  checkInputs,
  isPlainObject,
  isUnknown,
  ownerConflicts,
  PROVIDER_KEY,
  safeCheck,
  stripUnknowns,
  type Failure,
} from "../../core/common";
import { currentUrn } from "../../core/engine-log";
import { idParts, zoneObjectEngine } from "../../core/zone-objects/provider";
import { PartialCreateError } from "../../core/zone-objects/recovery";
import type { ZoneObjectInputs, ZoneObjectOutputs } from "../../core/zone-objects/state";
import {
  DNS_RECORD_ENUMS,
  DNS_RECORD_FIELD_NAMES,
  DNS_RECORD_FIELDS,
  dnsRecordKind,
  enumName,
  enumWire,
  wireBody,
  type DnsRecordField,
} from "./dns-record";
import type { dnsRecordInputsSchema as DnsRecordInputsSchema } from "./dns-record-schemas";

/** An environment variable of a Script record. */
export interface DnsRecordVariable {
  name: string;
  value: string;
}

/** Inputs of a DNS record after `check` (enumerations by name). */
export interface DnsRecordInputs {
  zoneId?: number;
  recordId?: number | null;
  type?: string;
  name?: string;
  value?: string | null;
  ttl?: number;
  priority?: number;
  weight?: number;
  port?: number;
  flags?: number;
  tag?: string | null;
  pullZoneId?: number;
  scriptId?: number;
  accelerated?: boolean;
  monitorType?: string;
  geolocationLatitude?: number;
  geolocationLongitude?: number;
  latencyZone?: string | null;
  smartRoutingType?: string;
  disabled?: boolean;
  environmentVariables?: DnsRecordVariable[];
  comment?: string | null;
  autoSslIssuance?: boolean;
  deleteOnDestroy?: boolean;
}

/** State of a DNS record: identity, mode, every field as the platform holds it. */
export interface DnsRecordOutputs {
  recordId: number;
  zoneId: number;
  type: string;
  name: string;
  value?: string | null;
  ttl?: number;
  priority?: number;
  weight?: number;
  port?: number;
  flags?: number;
  tag?: string | null;
  pullZoneId?: number | null;
  scriptId?: number | null;
  accelerated?: boolean;
  monitorType?: string;
  geolocationLatitude?: number;
  geolocationLongitude?: number;
  latencyZone?: string | null;
  smartRoutingType?: string;
  disabled?: boolean;
  environmentVariables?: DnsRecordVariable[] | null;
  comment?: string | null;
  autoSslIssuance?: boolean;
  adopted: boolean;
  origin: "adopted" | "created";
  deleteOnDestroy?: boolean;
  /** Fields reported but not managed (left out by the program). */
  unmanaged?: DnsRecordField[];
  readOnly?: boolean;
}

const inputsSchema = schemaRef<typeof DnsRecordInputsSchema>(
  __dirname,
  "./dns-record-schemas",
  "dnsRecordInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The public name of a platform field (`Priority` → `priority`). */
const WIRE_TO_PUBLIC = new Map<string, string>([
  ...Object.entries(DNS_RECORD_FIELDS).map(([pub, wire]): [string, string] => [wire, pub]),
  ["Name", "name"],
]);
const WIRE_NAMES = new RegExp(`\\b(${[...WIRE_TO_PUBLIC.keys()].join("|")})\\b`, "g");
/** A text of the client's check with the platform's field names in the program's. */
const inPublicWords = (text: string) => text.replace(WIRE_NAMES, (w) => WIRE_TO_PUBLIC.get(w)!);

/** How a failure names the record: the resource (when the host named it) and the DNS name. */
function recordLabel(name: unknown, type: string): string {
  const urn = currentUrn();
  const resource = urn ? `DnsRecord "${urn.slice(urn.lastIndexOf("::") + 2)}": ` : "";
  const dns = typeof name !== "string" ? "?" : name === "" ? "@ (the zone apex)" : name;
  return `${resource}record "${dns}" of type ${type}`;
}

/** The name of an enumeration input (a name in any case, or the integer), or a failure. */
function enumInput(field: string, v: unknown, failures: Failure[]): string | undefined {
  const e = DNS_RECORD_ENUMS[field];
  const n = typeof v === "number" ? enumName(field, v) : enumName(field, enumWire(field, v));
  if (typeof n === "string" && n in e) return n;
  failures.push({
    property: field,
    reason:
      `must be one of ${Object.keys(e)
        .map((k) => JSON.stringify(k))
        .join(", ")} (or the integer ${Object.values(e)[0]}–${Math.max(...Object.values(e))}); ` +
      `got ${JSON.stringify(v)}`,
  });
  return undefined;
}

/**
 * `check`: validates the inputs (their shapes, the enumerations, and what the record's type
 * takes and requires, with the client's `checkDnsRecord`: an IPv4 for A, a hostname for
 * CNAME, priority for MX and SRV, flags and tag for CAA, a field the type does not take),
 * each failure naming the field and the record. Returns the enumerations as names. No API call.
 */
export function checkDnsRecordInputs(olds: unknown, news: unknown): dynamic.CheckResult {
  void olds;
  return safeCheck(news, (n) => {
    const conflicts = ownerConflicts(n, ["recordId"]);
    if (conflicts.length > 0) return { inputs: n, failures: conflicts };
    const failures = checkInputs(inputsSchema, n, {
      zoneId: "is required: the DNS zone of the record (the record API is keyed by zone)",
      type: `is required: one of ${Object.keys(DNS_RECORD_ENUMS.type).join(", ")}`,
      name: 'is required: the record\'s name ("" for the zone apex)',
    });
    const out: Record<string, unknown> = { ...n };
    for (const f of Object.keys(DNS_RECORD_ENUMS)) {
      if (!isSet(n[f]) || isUnknown(n[f])) continue;
      const name = enumInput(f, n[f], failures);
      if (name !== undefined) out[f] = name;
    }
    const type = out.type;
    if (typeof type === "string" && type in DNS_RECORD_ENUMS.type && failures.length === 0) {
      const known = stripUnknowns(
        Object.fromEntries(DNS_RECORD_FIELD_NAMES.map((f) => [f, out[f]])),
      ) as Record<string, unknown>;
      const adopts = isSet(n.recordId);
      // A field not known yet (preview) is not required here: it is checked once known.
      const unknownFields = DNS_RECORD_FIELD_NAMES.filter((f) => isUnknown(n[f]));
      const label = recordLabel(n.name, type);
      const body = { ...wireBody(known), ...(typeof n.name === "string" ? { Name: n.name } : {}) };
      for (const f of checkDnsRecord(body, { partial: adopts })) {
        const property = WIRE_TO_PUBLIC.get(f.property) ?? f.property;
        if (unknownFields.includes(property as DnsRecordField)) continue;
        failures.push({ property, reason: `${inPublicWords(f.reason)} (${label})` });
      }
      // A target in the platform's form (no trailing dot): what is sent, kept and compared.
      if (failures.length === 0 && typeof out.value === "string")
        out.value = normalDnsValue(type, out.value);
    }
    return { inputs: out, failures: failures.map(onTopLevelField) };
  });
}

/**
 * A failure reported on its top-level field, the nested path in the reason
 * (`environmentVariables[0].name` → `environmentVariables`): the engine prints the value of
 * the property a failure names, and has none for a nested path (`value {<nil>}`).
 */
function onTopLevelField(f: Failure): Failure {
  const top = /^[^.[]+/.exec(f.property)?.[0];
  return top === undefined || top === f.property
    ? f
    : { property: top, reason: `${f.property}: ${f.reason}` };
}

/** The engine's inputs of the public ones. */
export function toEngineInputs(i: DnsRecordInputs): ZoneObjectInputs {
  const config: Record<string, unknown> = {};
  for (const f of DNS_RECORD_FIELD_NAMES) {
    if (i[f] !== undefined) config[f] = i[f];
  }
  const out: ZoneObjectInputs & Record<string, unknown> = { fields: config };
  if (isSet(i.recordId)) out.id = i.recordId as number;
  if (i.zoneId !== undefined) out.parentId = i.zoneId;
  if (i.name !== undefined) out.name = i.name;
  if (i.deleteOnDestroy !== undefined) out.deleteOnDestroy = i.deleteOnDestroy;
  const provider = (i as Record<string, unknown>)[PROVIDER_KEY];
  if (provider !== undefined) out[PROVIDER_KEY] = provider;
  return out;
}

/** The public inputs of the engine's (what `read` reports); an adopted record keeps its zone. */
function fromEngineInputs(
  i: ZoneObjectInputs,
  zone: number,
  scriptId: number | null | undefined,
): DnsRecordInputs {
  const out: DnsRecordInputs = {};
  if (isSet(i.id)) out.recordId = i.id as number;
  out.zoneId = i.parentId ?? zone;
  if (i.name !== undefined) out.name = i.name ?? "";
  const c = i.fields ?? {};
  for (const f of DNS_RECORD_FIELD_NAMES) {
    if (c[f] !== undefined) (out as Record<string, unknown>)[f] = c[f];
  }
  if (out.scriptId === null && typeof scriptId === "number") out.scriptId = scriptId;
  if (i.deleteOnDestroy !== undefined) out.deleteOnDestroy = i.deleteOnDestroy;
  return out;
}

/**
 * The public state of the engine's: the managed fields as the program wrote them, the others
 * as the platform reports them (enumerations by name). `scriptId`: the program's, when the
 * platform does not report one (the published record model has no `ScriptId`).
 */
export function toPublicOutputs(
  o: ZoneObjectOutputs & Record<string, unknown>,
  scriptId?: number | null,
): DnsRecordOutputs {
  const c = o.fields ?? {};
  const r = o.reported ?? {};
  const out: DnsRecordOutputs & Record<string, unknown> = {
    recordId: o.id as number,
    zoneId: o.parentId,
    type: String(enumName("type", c.type ?? r.type)),
    name: String(o.name ?? ""),
    adopted: o.adopted,
    origin: o.origin ?? (o.adopted ? "adopted" : "created"),
  };
  const unmanaged: DnsRecordField[] = [];
  for (const f of DNS_RECORD_FIELD_NAMES) {
    if (f === "type") continue;
    const put = out as Record<string, unknown>;
    if (c[f] !== undefined) put[f] = c[f];
    else {
      if (r[f] !== undefined) put[f] = enumName(f, r[f]);
      if (o.reported) unmanaged.push(f);
    }
  }
  if (c.scriptId === null && !("scriptId" in r) && typeof scriptId === "number") {
    out.scriptId = scriptId;
  }
  if (o.deleteOnDestroy !== undefined) out.deleteOnDestroy = o.deleteOnDestroy;
  if (unmanaged.length > 0) out.unmanaged = unmanaged;
  if (o.readOnly !== undefined) out.readOnly = o.readOnly;
  if (o[PROVIDER_KEY] !== undefined) out[PROVIDER_KEY] = o[PROVIDER_KEY];
  return out;
}

/** The engine's state of the public one. */
export function toEngineOutputs(o: DnsRecordOutputs & Record<string, unknown>): ZoneObjectOutputs {
  const unmanaged = o.unmanaged ?? [];
  const config: Record<string, unknown> = {};
  const reported: Record<string, unknown> = {};
  for (const f of DNS_RECORD_FIELD_NAMES) {
    // A state written before targets were kept without their trailing dot compares as now.
    const v = f === "value" ? normalDnsValue(o.type, o.value) : o[f];
    if (v === undefined) continue;
    reported[f] = enumWire(f, v);
    if (!unmanaged.includes(f)) config[f] = v;
  }
  const out: ZoneObjectOutputs = {
    id: o.recordId,
    parentId: o.zoneId,
    adopted: o.adopted === true,
    name: o.name,
    description: null,
    unmanaged: ["description"],
    fields: config,
    reported,
  };
  if (o.origin !== undefined && o.origin !== (out.adopted ? "adopted" : "created")) {
    out.origin = o.origin;
  }
  if (o.deleteOnDestroy !== undefined) out.deleteOnDestroy = o.deleteOnDestroy;
  if (o.readOnly !== undefined) out.readOnly = o.readOnly;
  return out;
}

/** A field of the engine's by its public name (`fields.ttl` → `ttl`). */
const publicField = (f: string): string =>
  f === "id" ? "recordId" : f === "parentId" ? "zoneId" : f.replace(/^fields\./, "");

/** A resource id `"<zoneId>/<recordId>"` (what `DnsRecord.get` takes) split. */
function splitId(rid: string): { zone?: number; record: number } {
  const m = /^(\d+)\/(\d+)$/.exec(rid);
  return m ? { zone: Number(m[1]), record: Number(m[2]) } : { record: Number(rid) };
}

const engine = zoneObjectEngine(dnsRecordKind);

/** The record's operations as the zone-object engine builds them. */
export const dnsRecordEngine = engine;

/** Maps a partial create's state to the public form (the record's id stays in the state). */
function publicPartial(e: unknown): never {
  if (e instanceof PartialCreateError && typeof e.properties.id === "number") {
    const props = e.properties as ZoneObjectOutputs & Record<string, unknown>;
    (e as { properties: Record<string, unknown> }).properties = { ...toPublicOutputs(props) };
  }
  throw e;
}

/** Creates a record (`zoneId`), or adopts one (`recordId`, with its `zoneId`). */
async function create(inputs: DnsRecordInputs): Promise<dynamic.CreateResult> {
  try {
    const res = await engine.create(toEngineInputs(inputs));
    return { id: res.id, outs: toPublicOutputs(res.outs as never, inputs.scriptId) };
  } catch (e) {
    return publicPartial(e);
  }
}

/** Reads the record from its zone's answer; a `get` id may be `"<zoneId>/<recordId>"`. */
async function read(rid: string, props: DnsRecordOutputs): Promise<dynamic.ReadResult> {
  const view = typeof props?.recordId !== "number";
  // With no state (`get`, `pulumi import`) the id names the zone too.
  const { zone, record } = view
    ? (([z, o]) => ({ zone: z, record: o }))(
        idParts(rid, ["zoneId", "recordId"], "3/301", `edgeplatform DnsRecord: read`),
      )
    : splitId(rid);
  const known = view
    ? ({ id: record, parentId: zone, readOnly: true } as unknown as ZoneObjectOutputs)
    : toEngineOutputs(props as never);
  const res = await engine.read(String(record), known);
  if (!res.id || !res.props) return { id: res.id };
  const outs = res.props as ZoneObjectOutputs;
  const inputs = fromEngineInputs(
    res.inputs as ZoneObjectInputs,
    outs.parentId,
    props?.scriptId,
  ) as Record<string, unknown>;
  const state = toPublicOutputs(outs as never, props?.scriptId) as DnsRecordOutputs &
    Record<string, unknown>;
  // A read-only view's fields the record does not set (`null`: no comment, no pull zone) are
  // neither inputs nor managed nor in the state (an import's program leaves them out, and the
  // engine keeps no null output: a refresh shows no change).
  if (state.readOnly === true) {
    const unset = DNS_RECORD_FIELD_NAMES.filter((f) => state[f] === null);
    for (const f of unset) {
      delete inputs[f];
      delete state[f];
    }
    const unmanaged = new Set([...(state.unmanaged ?? []), ...unset]);
    if (unmanaged.size > 0) state.unmanaged = [...unmanaged];
  }
  return { id: zone !== undefined ? rid : res.id, props: state, inputs: inputs as never };
}

/** Replacements (another record or zone, a created record's type) and changes. No API call. */
function diff(rid: string, olds: DnsRecordOutputs, news: DnsRecordInputs): dynamic.DiffResult {
  const res = engine.diff(rid, toEngineOutputs(olds as never), toEngineInputs(news));
  return { ...res, replaces: (res.replaces ?? []).map(publicField) };
}

/** Brings the record to the program's values: one POST of the fields that differ. */
async function update(
  rid: string,
  olds: DnsRecordOutputs,
  news: DnsRecordInputs,
): Promise<dynamic.UpdateResult> {
  const res = await engine.update(
    String(splitId(rid).record),
    toEngineOutputs(olds as never),
    toEngineInputs(news),
  );
  return { outs: toPublicOutputs(res.outs as never, news?.scriptId ?? olds?.scriptId) };
}

/** Deletes a created record (`deleteOnDestroy`); leaves an adopted one. */
async function del(rid: string, props: DnsRecordOutputs): Promise<void> {
  await engine.delete(String(splitId(rid).record), toEngineOutputs(props as never));
}

/**
 * The fields the diff finds changed, by their public names (the native plugin's
 * `detailedDiff`). No API call.
 */
export function dnsRecordFieldChanges(
  olds: DnsRecordOutputs,
  news: DnsRecordInputs,
): { replaces: string[]; changed: string[]; removed: string[] } {
  const r = engine.fieldChanges(
    toEngineOutputs((olds ?? {}) as never),
    toEngineInputs(isPlainObject(news) ? news : {}),
  );
  return {
    replaces: r.replaces.map(publicField),
    changed: r.changed.map(publicField),
    removed: r.removed.map(publicField),
  };
}

/** The dynamic provider of `edge.dns.DnsRecord` (what the serialized stub calls). */
export const dnsRecordProvider = {
  configure: engine.configure,
  check: async (olds: unknown, news: unknown) => checkDnsRecordInputs(olds, news),
  diff: async (rid: string, olds: DnsRecordOutputs, news: DnsRecordInputs) => diff(rid, olds, news),
  create,
  read,
  update,
  delete: del,
};
