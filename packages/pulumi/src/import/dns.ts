/**
 * The DNS resources of `edgeplatform-import`: an `edge.dns.DnsZone` per zone and an
 * `edge.dns.DnsRecord` per record, either adopted (`--dns-zone`: each record by its
 * `recordId`, with every field it holds that its type takes, so adopting it writes nothing)
 * or to create (`--bind-file`: the records of a zone file, no `recordId`). Enumerations as
 * names; a field at a new record's default is left out. A record type this provider does not
 * know is a comment naming it, never dropped silently.
 */
import {
  DnsMonitoringType,
  DnsRecordType,
  DnsRecordTypeFields,
  DnsSmartRoutingType,
  dnsRecordTypeName,
  type DnsRecord,
  type DnsRecordTypeName,
} from "edgeplatform-client/spec";
import { linkId } from "../resources/kinds/collections/dns-record-link";
import type { ZoneFileDnsRecord } from "./bind";
import { enumValue, literal, pushRendered, str, type Rendered, type Warn } from "./render";

/** The inputs of one `DnsRecord` (the names of the `edge.dns.DnsRecord` args), in program order. */
export interface DnsRecordArgs {
  recordId?: number;
  type: DnsRecordTypeName;
  name: string;
  value?: string;
  ttl?: number;
  priority?: number;
  weight?: number;
  port?: number;
  flags?: number;
  tag?: string;
  pullZoneId?: number;
  scriptId?: number;
  accelerated?: boolean;
  monitorType?: Rendered;
  geolocationLatitude?: number;
  geolocationLongitude?: number;
  latencyZone?: string;
  smartRoutingType?: Rendered;
  disabled?: boolean;
  environmentVariables?: { name: string; value: string }[];
  comment?: string;
  autoSslIssuance?: boolean;
}

/** Inputs of a record that only some types take (`DnsRecordTypeFields`), by platform field. */
const TYPE_FIELDS = {
  Priority: "priority",
  Weight: "weight",
  Port: "port",
  Flags: "flags",
  Tag: "tag",
  PullZoneId: "pullZoneId",
  ScriptId: "scriptId",
} as const satisfies Record<keyof typeof DnsRecordTypeFields, keyof DnsRecordArgs>;

/**
 * A type field's value as written: an A or AAAA record's weight of 0 is the platform's "no
 * weight" (it reads 0 back for a record never weighted), so it is left out.
 */
const typeFieldValue = (type: string, field: keyof typeof TYPE_FIELDS, v: unknown): unknown =>
  field === "Weight" && type !== "SRV" && (v === 0 || v === undefined || v === null)
    ? undefined
    : v;

/** Types whose record has no value of its own (it points at a pull zone or a script). */
const NO_VALUE: readonly DnsRecordTypeName[] = ["PullZone", "Script"];

/**
 * What a new record has when the program does not say (the platform's defaults for
 * `PUT /dnszone/{zoneId}/records`): a field at this value is not written.
 */
export const DNS_RECORD_DEFAULTS = {
  Accelerated: false,
  MonitorType: DnsMonitoringType.None,
  GeolocationLatitude: 0,
  GeolocationLongitude: 0,
  SmartRoutingType: DnsSmartRoutingType.None,
  Disabled: false,
  AutoSslIssuance: true,
} as const;

/**
 * The inputs that adopt platform record `r` (by its id) as it is. `undefined`, with a
 * warning, when its type is not one this provider knows: the caller writes a comment.
 * `notes` gets the comments a reviewer needs (a link the import cannot turn into an id).
 */
export function adoptedRecordArgs(
  r: DnsRecord,
  warn: Warn,
  notes: string[] = [],
): DnsRecordArgs | undefined {
  const type = dnsRecordTypeName(r.Type);
  if (type === undefined || typeof r.Type !== "number") return undefined;
  const where = `DNS record ${r.Id}`;
  const w = (m: string) => warn(`${where}.${m}`);
  const args: DnsRecordArgs = { recordId: r.Id, type, name: r.Name ?? "" };
  if (!(NO_VALUE.includes(type) && (r.Value ?? "") === "")) args.value = r.Value ?? "";
  if (typeof r.Ttl === "number") args.ttl = r.Ttl;
  const takes = (f: keyof typeof DnsRecordTypeFields) =>
    (DnsRecordTypeFields[f] as readonly string[]).includes(type);
  for (const f of ["Priority", "Weight", "Port", "Flags"] as const)
    if (takes(f) && typeof typeFieldValue(type, f, r[f]) === "number") args[TYPE_FIELDS[f]] = r[f];
  if (takes("Tag") && typeof r.Tag === "string") args.tag = r.Tag;
  if (type === "PullZone") {
    const id =
      r.AcceleratedPullZoneId > 0 ? r.AcceleratedPullZoneId : linkId(r.LinkName, "pullzone");
    if (id !== undefined) args.pullZoneId = id;
    else {
      const m = `pullZoneId left out: the platform names the pull zone ${literal(r.LinkName)}, not its id`;
      w(m);
      notes.push(m);
    }
  }
  if (type === "Script") {
    const id = linkId(r.LinkName, "script");
    if (id !== undefined) args.scriptId = id;
    else {
      const m = `scriptId left out: the platform names the script ${literal(r.LinkName)}, not its id`;
      w(m);
      notes.push(m);
    }
  }
  const d = DNS_RECORD_DEFAULTS;
  if (typeof r.Accelerated === "boolean" && r.Accelerated !== d.Accelerated)
    args.accelerated = r.Accelerated;
  if (r.MonitorType !== undefined && r.MonitorType !== null && r.MonitorType !== d.MonitorType)
    args.monitorType = enumValue("monitorType", DnsMonitoringType, r.MonitorType, w);
  if (typeof r.GeolocationLatitude === "number" && r.GeolocationLatitude !== 0)
    args.geolocationLatitude = r.GeolocationLatitude;
  if (typeof r.GeolocationLongitude === "number" && r.GeolocationLongitude !== 0)
    args.geolocationLongitude = r.GeolocationLongitude;
  if (typeof r.LatencyZone === "string" && r.LatencyZone !== "") args.latencyZone = r.LatencyZone;
  if (
    r.SmartRoutingType !== undefined &&
    r.SmartRoutingType !== null &&
    r.SmartRoutingType !== d.SmartRoutingType
  )
    args.smartRoutingType = enumValue(
      "smartRoutingType",
      DnsSmartRoutingType,
      r.SmartRoutingType,
      w,
    );
  if (typeof r.Disabled === "boolean" && r.Disabled !== d.Disabled) args.disabled = r.Disabled;
  if (Array.isArray(r.EnviromentalVariables) && r.EnviromentalVariables.length > 0)
    args.environmentVariables = r.EnviromentalVariables.map((v) => ({
      name: v.Name ?? "",
      value: v.Value ?? "",
    }));
  if (typeof r.Comment === "string" && r.Comment !== "") args.comment = r.Comment;
  if (typeof r.AutoSslIssuance === "boolean" && r.AutoSslIssuance !== d.AutoSslIssuance)
    args.autoSslIssuance = r.AutoSslIssuance;
  return args;
}

/** The inputs that create a record of a zone file. */
export function zoneFileRecordArgs(r: ZoneFileDnsRecord): DnsRecordArgs {
  const { line: _line, ...rest } = r;
  return rest;
}

/** Whether platform record `p` is already what zone file record `f` says (its TTL aside). */
export function sameRecord(p: DnsRecord, f: ZoneFileDnsRecord): boolean {
  const norm = (v: unknown) =>
    typeof v === "string" ? v.toLowerCase().replace(/\.$/, "") : (v ?? undefined);
  if (p.Type !== DnsRecordType[f.type]) return false;
  if (norm(p.Name ?? "") !== norm(f.name)) return false;
  if (norm(p.Value ?? "") !== norm(f.value)) return false;
  const takes = (field: keyof typeof DnsRecordTypeFields) =>
    (DnsRecordTypeFields[field] as readonly string[]).includes(f.type);
  for (const field of ["Priority", "Weight", "Port", "Flags", "Tag"] as const)
    if (
      takes(field) &&
      norm(typeFieldValue(f.type, field, p[field])) !==
        norm(typeFieldValue(f.type, field, f[TYPE_FIELDS[field] as keyof ZoneFileDnsRecord]))
    )
      return false;
  return true;
}

/** Base of a record's resource name: `<type>-<name>` (`a-www`, `txt-apex`, `cname-wildcard-apps`). */
export function recordBaseName(type: string, name: string): string {
  const label =
    name === "" || name === "@"
      ? "apex"
      : name
          .toLowerCase()
          .replace(/\*/g, "wildcard")
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "");
  return `${type.toLowerCase()}-${label || "record"}`;
}

/** `new edge.dns.DnsRecord(name, { … });` for `args`, in the zone `zoneRef` (`zone.zoneId`). */
export function dnsRecordLines(
  variable: string,
  name: string,
  zoneRef: string,
  args: DnsRecordArgs,
  lead?: string,
  notes: string[] = [],
): string[] {
  const out = [
    `const ${variable} = new edge.dns.DnsRecord(${str(name)}, {${lead ? ` // ${lead}` : ""}`,
    `  zoneId: ${zoneRef},`,
  ];
  for (const [k, v] of Object.entries(args) as [keyof DnsRecordArgs, unknown][]) {
    if (v === undefined) continue;
    if (k === "environmentVariables") {
      const vars = v as { name: string; value: string }[];
      out.push("  environmentVariables: [");
      for (const x of vars) out.push(`    { name: ${str(x.name)}, value: ${str(x.value)} },`);
      out.push("  ],");
    } else if (k === "monitorType" || k === "smartRoutingType") {
      pushRendered(out, "  ", `${k}: `, v as Rendered);
    } else out.push(`  ${k}: ${literal(v)},`);
  }
  for (const n of notes) out.push(`  // ${n}`);
  out.push("});");
  return out;
}
