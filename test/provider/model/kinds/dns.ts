/**
 * The DNS resources as kinds of the model test: `edge.dns.DnsZone` (a zone and its settings)
 * and `edge.dns.DnsRecord` (one record of a zone). Their "zone" is a DNS zone, not a shield
 * zone: a record's `zone` is its DNS zone's id; every DNS zone's `zone` is 0 (the account), so
 * that invariant (3) holds one zone per domain.
 *
 * - DnsZone: created by `domain` (destroy deletes it with every record in it: the records of
 *   a zone are `within` it, world.ts) or adopted by `zoneId` (destroy restores the settings it
 *   had: invariant (7)); only the settings the program names are managed. A domain that
 *   already has a zone is refused before any write (no take-over by domain): the program's
 *   pool holds a fixture's domain, another actor creates zones of the pool's domains, and a
 *   second stack of the same program meets the first one's zone.
 * - DnsRecord: created in a fixture zone (1 `example.com`, 2 `example.org`, 3
 *   `records.example`, which holds one record of each type) or in a zone the program creates
 *   (`zoneId: { $ref: "d0" }`, the DnsZone resource's `zoneId` output, resolved by the engine),
 *   adopted by `recordId`; names are shared (round-robin sets of one name are normal), and a
 *   create that repeats every value of an existing record is refused before any write (the
 *   provider's documented refusal: docs/resources.md, "holding every value of this one").
 *
 * Values come from docs/resources.md and the published record model, not from the provider's
 * field maps.
 */
import fc from "fast-check";
import {
  DnsCertificateKeyType,
  DnsLogAnonymizationType,
  DnsRecordType,
} from "../../../../packages/client/src/spec";
import type { EmulatorState } from "../../../../packages/emulator/src";
import { dnssecInfo } from "../../../../packages/emulator/src/generators";
import { defaultDnsZoneSettings, dnsRecord } from "../../../../packages/emulator/src/state-dns";
import { dnsRecordProvider } from "../../../../packages/pulumi/src/resources/kinds/collections/dns-record-provider";
import { dnsZoneProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/dns-zone";
import { clone, ProgramInputs, StateEntry } from "../engine";
import type { FieldEdit, ModelKind, OobCreateSpec, PlatformObject } from "../kind";
import { canon } from "../oracle";
import { sometimes } from "./rules";

type StoredZone = EmulatorState["dnsZones"][number];
type StoredRecord = NonNullable<StoredZone["Records"]>[number];
type Names = Readonly<Record<string, number>>;

/** The fixtures' DNS zones (fixtures.ts): records go there or into a zone the program creates. */
const FIXTURE_ZONES = [1, 2, 3];

/** Domains a program creates zones for ("example.org" is fixture zone 2's: refused). */
export const DOMAINS = ["alpha.example", "Beta.Example.", "example.org"];
const normalDomain = (d: string) => d.trim().toLowerCase().replace(/\.$/, "");

/** A reference to the `zoneId` output of a DnsZone resource of the program (engine.ts). */
export interface ZoneRef {
  $ref: string;
}
export const isRef = (v: unknown): v is ZoneRef =>
  typeof v === "object" && v !== null && typeof (v as ZoneRef).$ref === "string";

// ---------------------------------------------------------------------------------------
// DnsZone
// ---------------------------------------------------------------------------------------

/** A zone setting: its public name, the platform's key, the program's values. */
interface ZoneField {
  path: string;
  key: string;
  values: fc.Arbitrary<unknown>;
  names?: Names;
}
const enumOf = (names: Names): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(...Object.keys(names)),
    fc.constantFrom<unknown>(...Object.values(names)),
  );
const ZONE_FIELDS: readonly ZoneField[] = [
  { path: "customNameserversEnabled", key: "CustomNameserversEnabled", values: fc.boolean() },
  {
    path: "nameserver1",
    key: "Nameserver1",
    values: fc.constantFrom("ns1.alpha.example", "ns1.beta.example"),
  },
  {
    path: "nameserver2",
    key: "Nameserver2",
    values: fc.constantFrom("ns2.alpha.example", "ns2.beta.example"),
  },
  {
    path: "soaEmail",
    key: "SoaEmail",
    values: fc.constantFrom("dns@alpha.example", "hostmaster@beta.example"),
  },
  { path: "loggingEnabled", key: "LoggingEnabled", values: fc.boolean() },
  {
    path: "logAnonymizationType",
    key: "LogAnonymizationType",
    values: enumOf(DnsLogAnonymizationType),
    names: DnsLogAnonymizationType,
  },
  {
    path: "certificateKeyType",
    key: "CertificateKeyType",
    values: enumOf(DnsCertificateKeyType),
    names: DnsCertificateKeyType,
  },
  {
    path: "loggingIpAnonymizationEnabled",
    key: "LoggingIPAnonymizationEnabled",
    values: fc.boolean(),
  },
];
const ZONE_BY_PATH = new Map(ZONE_FIELDS.map((f) => [f.path, f]));
const zoneWire = (f: ZoneField, v: unknown) =>
  f.names && typeof v === "string" && v in f.names ? f.names[v] : v;
const zoneManaged = (p: ProgramInputs) =>
  ZONE_FIELDS.filter((f) => p[f.path] !== undefined).map((f) => f.path);

/** What a zone's settings are compared by: everything but its records and its last write's date. */
function zoneRaw(z: StoredZone): Record<string, unknown> {
  const {
    Records: _records,
    DateModified: _date,
    ...rest
  } = z as StoredZone & {
    DateModified?: string;
  };
  return rest;
}

const projectZone = (z: StoredZone): PlatformObject => {
  const raw = zoneRaw(z) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  const keys = new Set(ZONE_FIELDS.map((f) => f.key));
  for (const f of ZONE_FIELDS) fields[f.path] = raw[f.key] ?? null;
  for (const [k, v] of Object.entries(raw)) if (!keys.has(k)) fields[`platform.${k}`] = v;
  return { key: `d:${z.Id}`, id: z.Id, zone: 0, name: z.Domain, fields, raw };
};

/** Written only with `customNameserversEnabled: true`, and then all three (DnsZone's check). */
const CUSTOM_NS = ["nameserver1", "nameserver2", "soaEmail"];
/** What the rule fills in when custom nameservers are turned on without them (deterministic). */
const CUSTOM_NS_FILL: Record<string, string> = {
  nameserver1: "ns1.alpha.example",
  nameserver2: "ns2.alpha.example",
  soaEmail: "dns@alpha.example",
};

/** `prog` brought to the custom nameserver rule: the three with custom on, none without. */
function keepNameserverRule(prog: ProgramInputs): void {
  for (const path of CUSTOM_NS) {
    if (prog.customNameserversEnabled !== true) delete prog[path];
    else if (prog[path] === undefined) prog[path] = CUSTOM_NS_FILL[path];
  }
}

const someZoneSettings = fc
  .subarray([...ZONE_FIELDS], { minLength: 0, maxLength: 3 })
  .chain((fs) => fc.tuple(...fs.map((f) => f.values.map((v) => [f.path, v] as const))))
  .map((pairs) => {
    const prog: ProgramInputs = Object.fromEntries(pairs);
    keepNameserverRule(prog);
    return Object.entries(prog) as [string, unknown][];
  });

/** `edge.dns.DnsZone`. */
export const dnsZoneKind: ModelKind = {
  name: "DnsZone",
  tag: "d",
  provider: dnsZoneProvider,
  objects: (s) => s.dnsZones.map(projectZone),
  paths: {
    create: "^/dnszone$",
    one: "^/dnszone/\\d+$",
    list: "^/dnszone$",
    read: /^\/dnszone\/(\d+)$/,
    methods: { update: "POST" },
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.zoneId === "number" ? p.zoneId : undefined),
  zoneOf: () => undefined,
  managedFields: zoneManaged,
  differences(p, obj) {
    const out: string[] = [];
    if (typeof p.domain === "string" && normalDomain(p.domain) !== obj.name)
      out.push(`domain: program ${p.domain}, platform ${String(obj.name)}`);
    for (const path of zoneManaged(p)) {
      const f = ZONE_BY_PATH.get(path)!;
      if (canon(zoneWire(f, p[path])) !== canon(obj.fields[path]))
        out.push(`${path}: program ${canon(p[path])}, platform ${canon(obj.fields[path])}`);
    }
    return out;
  },
  expectedErrors: [
    // a domain that has a zone (a fixture's, another actor's, the other stack's, or the one an
    // interrupted run created): never taken over by its domain
    /the account already has DNS zone \d+ for/,
    /another resource of this program (already|now) manages/, // one zone, one resource
  ],
  restoresPrior: { fields: ZONE_FIELDS.map((f) => f.path), unseen: {} },
  createdBy: (st) => st.outputs.origin === "created",
  newContainer: (i) => ({ domain: DOMAINS[i % DOMAINS.length] }),
  addInputs: fc.tuple(fc.constantFrom(...DOMAINS), someZoneSettings).map(([domain, pairs]) => {
    const inputs: ProgramInputs = { domain };
    for (const [path, v] of pairs) inputs[path] = clone(v);
    return inputs;
  }),
  edits: fc
    .constantFrom(...ZONE_FIELDS)
    .chain((f) =>
      fc
        .tuple(f.values, fc.boolean())
        .map(([value, remove]): FieldEdit => ({ field: f.path, value, remove })),
    ),
  applyEdit(prog, e) {
    const before = JSON.stringify(prog);
    let said: string;
    if (e.remove) {
      delete prog[e.field];
      said = `${e.field} removed (unmanaged)`;
    } else {
      prog[e.field] = clone(e.value);
      said = `${e.field} = ${JSON.stringify(e.value)}`;
    }
    keepNameserverRule(prog);
    const after = JSON.stringify(prog);
    if (after === before) return undefined;
    return CUSTOM_NS.includes(e.field) || e.field === "customNameserversEnabled"
      ? `${said} (custom nameservers: ${after})`
      : said;
  },
  adoptSpecs: someZoneSettings,
  adoptInputs(obj, spec) {
    const inputs: ProgramInputs = { zoneId: obj.id };
    for (const [path, v] of spec as [string, unknown][]) inputs[path] = clone(v);
    return inputs;
  },
  oobEdits: fc
    .constantFrom(...ZONE_FIELDS)
    .chain((f) => f.values.map((v) => ({ field: f.path, value: zoneWire(f, v) }))),
  oobEdit(s, obj, e) {
    const z = s.dnsZones.find((x) => x.Id === obj.id)!;
    (z as unknown as Record<string, unknown>)[ZONE_BY_PATH.get(e.field)!.key] = clone(e.value);
  },
  // Another actor adds a zone of a domain the program may create (never one that exists).
  oobCreates: fc
    .constantFrom(...DOMAINS)
    .map((d): OobCreateSpec => ({ zone: 0, name: normalDomain(d), body: {} })),
  oobCreate(s, c) {
    if (s.dnsZones.some((z) => z.Domain === c.name)) return undefined;
    const ids = s.nextIds as unknown as { dnsZone: number };
    const id = ids.dnsZone++;
    s.dnsZones.push({
      Id: id,
      Domain: c.name!,
      DnsSecEnabled: false,
      dnssec: dnssecInfo(id, c.name!, false),
      ...defaultDnsZoneSettings(c.name!, "2026-02-01T00:00:00Z"),
      Records: [],
    });
    return id;
  },
};

// ---------------------------------------------------------------------------------------
// DnsRecord
// ---------------------------------------------------------------------------------------

/** The record types the programs write, with values of each (docs/resources.md forms). */
const RECORD_VALUES: Record<string, string[]> = {
  A: ["192.0.2.1", "192.0.2.2", "192.0.2.10"],
  AAAA: ["2001:db8::1", "2001:db8::2"],
  TXT: ["v=spf1 -all", "hello"],
  MX: ["mail.records.example", "mx.alpha.example"],
};
const RECORD_TYPES = Object.keys(RECORD_VALUES);
/** Names the programs write (zone 3 has records of these names: A www, TXT/MX at the apex). */
const RECORD_NAMES = ["www", "", "mail"];
/** The public fields of a record the programs manage, by the platform's name. */
const RECORD_KEYS: Record<string, string> = {
  type: "Type",
  name: "Name",
  value: "Value",
  ttl: "Ttl",
  priority: "Priority",
  comment: "Comment",
};
const TYPE_NAMES = Object.fromEntries(Object.entries(DnsRecordType).map(([n, v]) => [v, n]));

const recordManaged = (p: ProgramInputs) =>
  Object.keys(RECORD_KEYS).filter((f) => p[f] !== undefined);

/** The platform value of a program's value of a record field. */
function recordWire(field: string, v: unknown): unknown {
  if (field === "type" && typeof v === "string") return (DnsRecordType as Names)[v] ?? v;
  return v;
}

const recordsOf = (s: EmulatorState): [number, StoredRecord][] =>
  s.dnsZones.flatMap((z) => (z.Records ?? []).map((r) => [z.Id, r] as [number, StoredRecord]));

const projectRecord = (zone: number, r: StoredRecord): PlatformObject => {
  const raw = r as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  const byKey = new Map(Object.entries(RECORD_KEYS).map(([pub, key]) => [key, pub]));
  for (const [k, v] of Object.entries(raw)) {
    if (k === "Id") continue;
    fields[byKey.get(k) ?? `platform.${k}`] = v;
  }
  return { key: `n:${r.Id}`, id: r.Id, zone, name: r.Name, fields, raw };
};

/** A record's program values of one type (MX: with a priority). */
const recordOf = (type: string, i: number, priority: number): ProgramInputs => ({
  type,
  value: RECORD_VALUES[type][i % RECORD_VALUES[type].length],
  ...(type === "MX" ? { priority } : {}),
});

/** `edge.dns.DnsRecord`. */
export const dnsRecordKind: ModelKind = {
  name: "DnsRecord",
  tag: "n",
  provider: dnsRecordProvider,
  objects: (s) => recordsOf(s).map(([zone, r]) => projectRecord(zone, r)),
  within: "d",
  refField: "zoneId",
  fixtureContainers: FIXTURE_ZONES,
  paths: {
    create: "^/dnszone/\\d+/records$",
    one: "^/dnszone/\\d+/records/\\d+$",
    list: "^/dnszone/\\d+$",
    read: /^$/, // a record is read in its zone's answer: see readZone
    readZone: /^\/dnszone\/(\d+)$/,
    methods: { create: "PUT", update: "POST" },
  },
  uniqueNames: false,
  adoptId: (p) => (typeof p.recordId === "number" ? p.recordId : undefined),
  zoneOf: (p) => (typeof p.zoneId === "number" ? p.zoneId : undefined),
  managedFields: recordManaged,
  differences(p, obj) {
    const out: string[] = [];
    for (const f of recordManaged(p)) {
      const mine = recordWire(f, p[f]);
      if (canon(mine ?? null) !== canon(obj.fields[f] ?? null))
        out.push(`${f}: program ${canon(p[f])}, platform ${canon(obj.fields[f])}`);
    }
    return out;
  },
  expectedErrors: [
    // the documented refusal: a create repeating every value of an existing record (another
    // stack's, another actor's, a fixture's, this stack's own after an interrupted run, or a
    // copy in the program)
    /holding every value of this one/,
    /already manages (DNS )?record \d+|another resource of this program (already|now) manages/,
    // an adopted record whose type the program changes (destroy would leave the old one)
    /a type change replaces a record, and an adopted record is not replaced/,
    /was not found|has no record|not_found\.dnsrecord|not found/i, // deleted out-of-band
    // a record in a zone the program creates, where the zone's create was refused (its error
    // stops the run before the record) or the zone is not in the state
    /the account already has DNS zone \d+ for/,
  ],
  addInputs: fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom<unknown>(...FIXTURE_ZONES) },
        // a zone of the program, by index (commands.ts resolves it when the resource is added)
        { weight: 2, arbitrary: fc.nat(3).map((i): unknown => ({ $ref: `#${i}` })) },
      ),
      fc.constantFrom(...RECORD_TYPES),
      fc.constantFrom(...RECORD_NAMES),
      fc.nat(2),
      fc.constantFrom(10, 20),
      sometimes(fc.constantFrom(60, 300, 3600), 1, 1),
      sometimes(fc.constantFrom<string | null>("managed by pulumi", null), 2, 1),
      sometimes(fc.boolean(), 6, 1),
    )
    .map(([zoneId, type, name, i, priority, ttl, comment, deleteOnDestroy]) => {
      const inputs: ProgramInputs = { zoneId, name, ...recordOf(type, i, priority) };
      if (ttl !== undefined) inputs.ttl = ttl;
      if (comment !== undefined) inputs.comment = comment;
      if (deleteOnDestroy !== undefined) inputs.deleteOnDestroy = deleteOnDestroy;
      return inputs;
    }),
  edits: fc.oneof(
    fc.tuple(fc.nat(2), fc.boolean()).map(([i, remove]) => ({ field: "value", value: i, remove })),
    fc
      .tuple(fc.constantFrom(60, 300, 3600), fc.boolean())
      .map(([value, remove]) => ({ field: "ttl", value, remove })),
    fc
      .tuple(fc.constantFrom<unknown>("one", "two", null), fc.boolean())
      .map(([value, remove]) => ({ field: "comment", value, remove })),
    fc.constantFrom(...RECORD_NAMES).map((value) => ({ field: "name", value, remove: false })),
    fc.constantFrom(...RECORD_TYPES).map((value) => ({ field: "type", value, remove: false })),
  ),
  applyEdit(prog, e) {
    if (e.field === "value") {
      if (e.remove) {
        if (prog.value === undefined || typeof prog.recordId !== "number") return undefined;
        delete prog.value; // an adopted record's value left as it is
        return "value removed (unmanaged)";
      }
      if (typeof prog.type !== "string" || !(prog.type in RECORD_VALUES)) return undefined;
      prog.value = RECORD_VALUES[prog.type][Number(e.value) % RECORD_VALUES[prog.type].length];
      return `value = ${JSON.stringify(prog.value)}`;
    }
    if (e.field === "type") {
      Object.assign(prog, recordOf(String(e.value), 0, 10));
      if (e.value !== "MX") delete prog.priority;
      return `type = ${JSON.stringify(e.value)}, value = ${JSON.stringify(prog.value)}`;
    }
    if (e.remove) {
      if (prog[e.field] === undefined) return undefined;
      delete prog[e.field];
      return `${e.field} removed (unmanaged)`;
    }
    prog[e.field] = clone(e.value);
    return `${e.field} = ${JSON.stringify(e.value)}`;
  },
  // A created record rewritten as adopt-by-id (the same zone), or an adopted one back to a
  // create: the latter repeats every value of the record it adopted, so it is refused.
  modeSwitch(prog: ProgramInputs, st: StateEntry) {
    if (typeof prog.recordId !== "number") {
      // The same zoneId as written (a zone the program creates stays its output).
      prog.recordId = Number(st.id);
      return `switched to recordId ${st.id}`;
    }
    // A create needs what a new record of its type needs (programs create the pool's types).
    if (typeof prog.type !== "string" || !(prog.type in RECORD_VALUES)) return undefined;
    if (prog.value === undefined || (prog.type === "MX" && prog.priority === undefined))
      return undefined;
    delete prog.recordId;
    return `switched back to a create in DNS zone ${JSON.stringify(prog.zoneId)}`;
  },
  adoptSpecs: fc.record({
    keepValue: fc.boolean(),
    ttl: sometimes(fc.constantFrom(60, 300, 3600), 1, 1),
    comment: sometimes(fc.constantFrom("adopted"), 1, 1),
  }),
  adoptInputs(obj, spec) {
    const a = spec as { keepValue: boolean; ttl?: number; comment?: string };
    const r = obj.raw as StoredRecord;
    const inputs: ProgramInputs = {
      zoneId: obj.zone,
      recordId: r.Id,
      type: TYPE_NAMES[r.Type],
      name: r.Name ?? "",
    };
    if (a.keepValue && r.Value) inputs.value = r.Value;
    if (a.ttl !== undefined) inputs.ttl = a.ttl;
    if (a.comment !== undefined) inputs.comment = a.comment;
    return inputs;
  },
  oobEdits: fc.oneof(
    fc.nat(2).map((value) => ({ field: "value", value })),
    fc.constantFrom(60, 300, 3600).map((value) => ({ field: "ttl", value })),
    fc
      .constantFrom<unknown>("edited elsewhere", null)
      .map((value) => ({ field: "comment", value })),
  ),
  oobEdit(s, obj, e) {
    const r = recordsOf(s).find(([, x]) => x.Id === obj.id)![1];
    if (e.field === "value") {
      const type = TYPE_NAMES[r.Type];
      if (!(type in RECORD_VALUES)) return false;
      r.Value = RECORD_VALUES[type][Number(e.value) % RECORD_VALUES[type].length];
    } else if (e.field === "ttl") r.Ttl = e.value as number;
    else r.Comment = e.value as string | null;
  },
  oobDelete(s, obj) {
    const z = s.dnsZones.find((x) => x.Id === obj.zone)!;
    z.Records = (z.Records ?? []).filter((r) => r.Id !== obj.id);
  },
  // Another actor adds a record of the programs' values to a fixture zone: a create of the
  // program that repeats it is then refused.
  oobCreates: fc
    .tuple(
      fc.constantFrom(...FIXTURE_ZONES),
      fc.constantFrom(...RECORD_NAMES),
      fc.constantFrom(...RECORD_TYPES),
      fc.nat(2),
    )
    .map(([zone, name, type, i]): OobCreateSpec => ({ zone, name, body: recordOf(type, i, 10) })),
  oobCreate(s, c) {
    const z = s.dnsZones.find((x) => x.Id === c.zone);
    if (!z) return undefined;
    const ids = s.nextIds as unknown as { dnsRecord: number };
    const id = ids.dnsRecord++;
    const b = c.body as { type: string; value: string; priority?: number };
    z.Records = [
      ...(z.Records ?? []),
      dnsRecord(id, {
        Type: (DnsRecordType as Names)[b.type] as StoredRecord["Type"],
        Name: c.name ?? "",
        Value: b.value,
        Priority: b.priority ?? 0,
        Comment: "made by another tool",
      }),
    ];
    return id;
  },
};
