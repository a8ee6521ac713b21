/**
 * `edge.dns.DnsRecord` as a zone-object kind: one record of a DNS zone (`/dnszone/{zoneId}/
 * records…`, the published core API, tag "DNS Zone"). Identity, adopt by id, "gone" on
 * evidence, claims and recovery are the engine's; what is its own:
 * - names are shared (`names: "shared"`): a round-robin set is several records of one name,
 *   so there is no name check; "no take-over" works by id only (adopt by `recordId`), and a
 *   create whose answer was lost, or answered with the zone instead of the record, is
 *   recovered by proof (`sentIn`: a new record holding every field sent), never by name;
 * - its zone is a DNS zone (messages say "DNS zone N"), and a zone's GET holds every record:
 *   a record is read from its zone's answer, shared by the reads of one refresh (zone-reads.ts
 *   `sharedZoneAnswer`: a refresh of N records of a zone makes one call, and so do N adopts
 *   by `recordId`: `adoptReadsShared`);
 * - an update sends only the fields that changed (POST `/dnszone/{zoneId}/records/{id}`); the
 *   type cannot change in place (a created record is replaced, an adopted one refused).
 *
 * In the engine's terms a record is `{id, parentId: its DNS zone, name: Name,
 * fields: {type, value, ttl, …}}` with the public field names and the
 * enumerations as integers; the public fields are its spelling ({@link DNS_RECORD_SPELLING}),
 * applied at the generic boundary (core/zone-objects/boundary.ts; its `check`:
 * dns-record-fields.ts).
 */
import { parentKeyed } from "../../core/zone-objects/parent";
import { linkId } from "./dns-record-link";
import { refuseCnameConflicts } from "./dns-record-names";
import {
  DnsMonitoringType,
  DnsRecordType,
  DnsSmartRoutingType,
  normalDnsValue,
  schemaRef,
  type DnsRecord,
  type DnsZone,
} from "edgeplatform-client/spec/runtime";
import { deepEqual, isPlainObject } from "../../core/common";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, Words, ZoneObject } from "../../core/zone-objects/kind";
import type { Spelling } from "../../core/zone-objects/spelling";
import { mayReplace } from "../../core/zone-objects/state";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";
import { dnsZoneParent } from "../parents/dns-zone";
import { enumCodec } from "./enum-codec";
import { dnsRecordDocs } from "./dns-record-docs";
import type { DescribedKind } from "./rule-docs";

/** The words of a DNS record's messages and its public id, name and zone fields. */
export const DNS_RECORD_WORDS: Words = {
  one: "record",
  many: "records",
  id: "recordId",
  name: "name",
};

/** The enumerations of a record, by public field: names in the state, integers on the wire. */
export const DNS_RECORD_ENUMS: Record<string, Record<string, number>> = {
  type: DnsRecordType,
  monitorType: DnsMonitoringType,
  smartRoutingType: DnsSmartRoutingType,
};

/** A record's fields besides its name: public name → the platform's (`DnsRecordModel`). */
export const DNS_RECORD_FIELDS = {
  type: "Type",
  value: "Value",
  ttl: "Ttl",
  priority: "Priority",
  weight: "Weight",
  port: "Port",
  flags: "Flags",
  tag: "Tag",
  pullZoneId: "PullZoneId",
  scriptId: "ScriptId",
  accelerated: "Accelerated",
  monitorType: "MonitorType",
  geolocationLatitude: "GeolocationLatitude",
  geolocationLongitude: "GeolocationLongitude",
  latencyZone: "LatencyZone",
  smartRoutingType: "SmartRoutingType",
  disabled: "Disabled",
  environmentVariables: "EnviromentalVariables",
  comment: "Comment",
  autoSslIssuance: "AutoSslIssuance",
} as const;
/** A record's field, by its public name. */
export type DnsRecordField = keyof typeof DNS_RECORD_FIELDS;
/** Every field, in the published order. */
export const DNS_RECORD_FIELD_NAMES = Object.keys(DNS_RECORD_FIELDS) as DnsRecordField[];

/**
 * The public spelling of a record (with {@link DNS_RECORD_WORDS} and the DNS zone's
 * `zoneId`): its fields flat at the top level (the state holds every one, those the program
 * leaves out listed in `unmanaged`), its zone given with its id too, and a `get` id of the
 * form `"<zoneId>/<recordId>"`. Its state always holds `type`, `name` and `origin`; a target
 * is kept without its trailing dot (a state written before is read so); a Script record's
 * `scriptId`, which the platform may not report, is kept as the program wrote it; and a
 * read-only view leaves out the fields the record does not set.
 */
export const DNS_RECORD_SPELLING: Spelling = {
  fields: { flat: DNS_RECORD_FIELD_NAMES },
  parentAlways: true,
  idWithParent: { example: "3/301" },
  alwaysStored: ["type", "name", "origin"],
  listsUnreported: true,
  normalForms: { value: (value, state) => normalDnsValue(state.type, value) },
  keptWhenUnreported: ["scriptId"],
  viewLeavesOutUnset: true,
};

/** A record's enumerations both ways (a name matched with the white space around it left out). */
const ENUMS = enumCodec(DNS_RECORD_ENUMS, { trim: true });
/** The integer of an enumeration value given as a name (any case); other values as they are. */
export const enumWire = ENUMS.wire;
/** The name of an enumeration integer (`4` → `"MX"`); other values as they are. */
export const enumName = ENUMS.name;

/** The field semantics of a record's managed values. */
export const dnsRecordFields: ConfigurationFields = {
  enums: DNS_RECORD_ENUMS,
  normalize: ENUMS.normalize,
  // What the platform reads back as null for a value never set (an empty list of variables).
  nullable: new Set(["comment", "latencyZone", "environmentVariables"]),
  requiredForCreate: ["type"],
};

/** A record in the engine's terms. */
export type DnsRecordObject = ZoneObject<number>;

/** The platform's environment variables in the program's form (`{name, value}`). */
const variablesOf = (v: unknown): { name: string; value: string }[] =>
  Array.isArray(v)
    ? v.map((x: { Name?: unknown; Value?: unknown }) => ({
        name: String(x?.Name ?? ""),
        value: String(x?.Value ?? ""),
      }))
    : [];

/**
 * The script a Script record points at, by id: its `ScriptId` when the platform reports one
 * (the published record model has none), else its `LinkName` when that names the script by
 * id (`script-<id>` or `<id>`, as `edgeplatform-import` reads it); undefined otherwise (a
 * link by name: the state keeps the program's value, `keptWhenUnreported` of its spelling).
 */
export function scriptIdOf(r: Pick<DnsRecord, "Type" | "LinkName"> & { ScriptId?: unknown }) {
  if (typeof r.ScriptId === "number") return r.ScriptId;
  return r.Type === DnsRecordType.Script ? linkId(r.LinkName, "script") : undefined;
}

/**
 * A record as the platform returns it, in the engine's terms. `pullZoneId` is the record's
 * `AcceleratedPullZoneId` (0: none); `scriptId` as {@link scriptIdOf} reads it (not read when
 * the platform names the script otherwise).
 */
export function fromRecord(zone: number, r: DnsRecord): DnsRecordObject {
  const c: Record<string, unknown> = {
    type: r.Type,
    // A target in the platform's form: a platform that keeps a trailing dot compares equal.
    value: normalDnsValue(r.Type, r.Value) ?? null,
    ttl: r.Ttl,
    priority: r.Priority,
    weight: r.Weight,
    port: r.Port,
    flags: r.Flags,
    tag: r.Tag ?? null,
    pullZoneId: r.AcceleratedPullZoneId || null,
    accelerated: r.Accelerated,
    monitorType: r.MonitorType,
    geolocationLatitude: r.GeolocationLatitude,
    geolocationLongitude: r.GeolocationLongitude,
    latencyZone: r.LatencyZone ?? null,
    smartRoutingType: r.SmartRoutingType,
    disabled: r.Disabled,
    environmentVariables: variablesOf(r.EnviromentalVariables),
    comment: r.Comment ?? null,
    autoSslIssuance: r.AutoSslIssuance,
  };
  const scriptId = scriptIdOf(r);
  if (scriptId !== undefined) c.scriptId = scriptId;
  // Every field is also reported: the state shows the fields the program leaves out.
  return {
    id: r.Id,
    parentId: zone,
    name: r.Name ?? "",
    fields: c,
    reported: { ...c },
  };
}

/** The platform's body of a record's fields (wire form: enumerations as integers). */
export function wireBody(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(dnsRecordFields.normalize(config) as object)) {
    const wire = DNS_RECORD_FIELDS[k as DnsRecordField];
    if (!wire || v === undefined) continue;
    out[wire] =
      k === "environmentVariables" && Array.isArray(v)
        ? v.map((x: { name: string; value: string }) => ({ Name: x.name, Value: x.value }))
        : v;
  }
  return out;
}

/** A record's field as compared (a nullable field's empties are one value; 0 is "no pull zone"). */
function comparable(field: string, v: unknown): unknown {
  const w = enumWire(field, v);
  if (dnsRecordFields.nullable.has(field) && (w === undefined || w === null)) return null;
  if (field === "environmentVariables" && Array.isArray(w) && w.length === 0) return null;
  if (field === "pullZoneId" && (w === 0 || w === undefined)) return null;
  return w === undefined ? null : w;
}

/** Whether a record's field holds a value (the program's or the platform's form). */
export const sameValue = (field: string, a: unknown, b: unknown): boolean =>
  deepEqual(comparable(field, a), comparable(field, b));

/** A record type's name, from the engine's value (an integer or a name). */
const typeName = (v: unknown) => String(enumName("type", enumWire("type", v)));

const api = () => getClient().dns;

/** A zone answer's records by id (built once per answer: a refresh reads N records of it). */
const recordsById = new WeakMap<DnsZone, Map<number, DnsRecord>>();
function byId(z: DnsZone): Map<number, DnsRecord> {
  let m = recordsById.get(z);
  if (!m) recordsById.set(z, (m = new Map((z.Records ?? []).map((r) => [r.Id, r]))));
  return m;
}

/** The record `id` of a zone's answer, or a not-found error. */
function recordIn(z: DnsZone, zone: number, id: number): DnsRecordObject {
  const r = byId(z).get(id);
  if (!r) throw notIn(zone, id);
  return fromRecord(zone, r);
}

/** A missing object of its parent's answer (a plain not-found), and the parent a call needs. */
const { notIn, parentOf: zoneOf } = parentKeyed(dnsZoneParent, "record");

/** Whether an answer of the record PUT is its zone (`Domain`, `Records`), not the record. */
const isZoneAnswer = (a: unknown): boolean =>
  isPlainObject(a) && (typeof a.Domain === "string" || Array.isArray(a.Records));

/** The DNS record kind. */
export const dnsRecordKind: DescribedKind<DnsRecordObject> = {
  typeName: "DnsRecord",
  noun: "DNS record",
  words: DNS_RECORD_WORDS,
  parent: dnsZoneParent,
  spelling: DNS_RECORD_SPELLING,
  claimKey: "dns-record",
  config: dnsRecordFields,
  configurationSchema: schemaRef(__dirname, "./dns-record-schemas", "dnsRecordConfigurationSchema"),
  names: "shared",
  // An adopt by recordId reads the record from the zone's answer a run's reads share: N
  // adopts of one zone (what `edgeplatform-import --dns-zone` writes) make one call.
  adoptReadsShared: true,
  /**
   * Proof that a record is the one a create sent: its name and every field sent hold the
   * values sent (the platform's defaults fill the fields not sent).
   */
  sentIn: (object, body) => {
    if ((object.name ?? "") !== (body.name ?? "")) return false;
    const sent = (body.fields ?? {}) as Record<string, unknown>;
    const held = (object.fields ?? {}) as Record<string, unknown>;
    return Object.entries(sent).every(
      ([k, v]) => v === undefined || (k === "scriptId" && !(k in held)) || sameValue(k, v, held[k]),
    );
  },
  endpoints: {
    get: async (id, zone) => recordIn(await api().getZone(zoneOf(zone, id)), zone!, id),
    /**
     * A refresh's read: the zone's answer the reads of this refresh share (one call for the
     * zone's records); a record missing from it (created since) is looked up in a fresh one.
     */
    read: async (id, zone) => {
      const shared = await sharedZoneAnswer(`dns-zone\0${zone}`, id, () => api().getZone(zone));
      if (byId(shared).has(id)) return recordIn(shared, zone, id);
      return recordIn(await api().getZone(zone), zone, id);
    },
    listZone: async (zone) =>
      ((await api().getZone(zone)).Records ?? []).map((r) => fromRecord(zone, r)),
    /** PUT the record (its name and the fields the program gives). */
    create: async (body) => {
      const zone = body.parentId as number;
      const config = (body.fields ?? {}) as Record<string, unknown>;
      const answer = await api().addRecord(zone, {
        ...wireBody(config),
        Name: body.name as string,
      } as never);
      // A platform that answers with the zone names no record (its `Id` is the zone's).
      if (isZoneAnswer(answer)) return { status: "unnamed" };
      return { status: 200, object: fromRecord(zone, answer) };
    },
    /** One POST of the fields that differ from the record as just read (nothing else). */
    update: async (id, body, current) => {
      const zone = current.parentId;
      const now = (current.fields ?? {}) as Record<string, unknown>;
      const want = (body.fields ?? now) as Record<string, unknown>;
      if (want.type !== undefined && !sameValue("type", want.type, now.type)) {
        throw new Error(
          `type: record ${id} is of type ${String(enumName("type", now.type))} on the ` +
            `platform and ${String(enumName("type", want.type))} in the program; a type ` +
            `change replaces a record, and an adopted record is not replaced (destroy would ` +
            `leave the old one). Nothing was written. Write the record's type, or create a new ` +
            `record without recordId.`,
        );
      }
      const changed: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(want)) {
        if (v !== undefined && !sameValue(k, v, now[k])) changed[k] = v;
      }
      const sent = wireBody(changed);
      if (typeof body.name === "string" && body.name !== current.name) {
        sent.Name = body.name;
        // A rename meets DNS's CNAME rule as a create does: against the zone as it is now.
        const listed = ((await api().getZone(zone)).Records ?? [])
          .filter((r) => r.Id !== id)
          .map((r) => fromRecord(zone, r));
        refuseCnameConflicts(
          {
            zone,
            listed,
            what: `edgeplatform DnsRecord ${id}: rename`,
            inputs: { name: body.name, fields: { type: want.type ?? now.type } },
          },
          typeName,
        );
      }
      if (Object.keys(sent).length > 0) {
        await api().updateRecord(zone, id, sent as never, { storedType: now.type as number });
      }
      return {
        status: 200,
        object: {
          ...current,
          name: typeof sent.Name === "string" ? sent.Name : current.name,
          fields: { ...now, ...(dnsRecordFields.normalize(changed) as object) },
        },
      };
    },
    delete: (id, zone) => api().deleteRecord(zoneOf(zone, id), id),
  },
  /**
   * DNS's CNAME rule (dns-record-names.ts), against the zone as read before the PUT and the
   * records this run creates in it: refused before any write (a rename, `update`, too).
   */
  beforeCreate: async (ctx) => refuseCnameConflicts(ctx, typeName),
  /**
   * What the platform cannot change in place: a created record's type (delete first: a name
   * may not hold a CNAME beside another record). A record destroy would leave (adopted, or
   * `deleteOnDestroy: false`) is not replaced: `update` refuses the change, before any write.
   */
  replacedBy: (olds, news) => {
    if (!mayReplace(olds, news)) return [];
    const was = olds.fields?.type ?? olds.reported?.type;
    const now = news.fields?.type;
    return now !== undefined && was !== undefined && !sameValue("type", now, was) ? ["type"] : [];
  },
  docs: dnsRecordDocs,
};
