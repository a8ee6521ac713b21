/**
 * DNS zones and records (published core API, tag "DNS Zone"): the enumerations with the
 * published numbering, and what a valid record of each {@link DnsRecordType} is — the value's
 * form (an IPv4 for A, a hostname for CNAME…), the fields each type takes (priority for MX
 * and SRV, weight for A, AAAA and SRV, port for SRV, flags and tag for CAA…) and the name (a
 * DNS name; no CNAME at the apex) — so a bad record is refused before any call, naming the
 * field and the allowed values; and a target's normal form ({@link normalDnsValue}). No
 * TypeBox here: the provider's processes read it through `spec/runtime`.
 */
import { isIP } from "net";
import type { ValidationFailure } from "./validation";

/** Record types (`DnsRecordTypes`), by name. */
export const DnsRecordType = {
  A: 0,
  AAAA: 1,
  CNAME: 2,
  TXT: 3,
  MX: 4,
  Redirect: 5,
  Flatten: 6,
  PullZone: 7,
  SRV: 8,
  CAA: 9,
  PTR: 10,
  Script: 11,
  NS: 12,
  SVCB: 13,
  HTTPS: 14,
  TLSA: 15,
} as const;
/** A record type's number. */
export type DnsRecordTypeValue = (typeof DnsRecordType)[keyof typeof DnsRecordType];
/** A record type's name. */
export type DnsRecordTypeName = keyof typeof DnsRecordType;

/** Health monitoring of a record (`DnsMonitoringType`). */
export const DnsMonitoringType = { None: 0, Ping: 1, Http: 2, Monitor: 3 } as const;
/** Monitoring status of a record, read-only (`DnsMonitoringStatus`). */
export const DnsMonitoringStatus = { Unknown: 0, Online: 1, Offline: 2 } as const;
/** Smart routing of a record (`DnsSmartRoutingType`). */
export const DnsSmartRoutingType = { None: 0, Latency: 1, Geolocation: 2 } as const;
/** Log anonymization of a zone (`LogAnonymizationType`). */
export const DnsLogAnonymizationType = { OneDigit: 0, Drop: 1 } as const;
/** Private key type of a zone's automatic certificates (`PrivateKeyType`). */
export const DnsCertificateKeyType = { Ecdsa: 0, Rsa: 1 } as const;
/** Acceleration status of a record, read-only (`AcceleratedStatus`). */
export const DnsAcceleratedStatus = {
  None: 0,
  Pending: 1,
  Processing: 2,
  Completed: 3,
  Failed: 4,
} as const;
/** Amount of detail of a zone read (`DnsViewType`). */
export const DnsViewType = { Full: 0, Lite: 1 } as const;
/** State of a record scan (`DnsZoneScanJobStatus`). */
export const DnsScanJobStatus = { Pending: 0, InProgress: 1, Completed: 2, Failed: 3 } as const;

/**
 * CAA property tags in the registry (RFC 8659, 8657, 9495…): examples only. A tag is any
 * {@link isCaaTag} (the platform and RFC 8659 take tags not registered yet, such as `tbs`).
 */
export const CaaTags = [
  "issue",
  "issuewild",
  "iodef",
  "issuemail",
  "issuevmc",
  "contactemail",
  "contactphone",
] as const;

/** Whether `t` is a CAA property tag as RFC 8659 §4.1 writes one: 1 to 15 letters and digits. */
export function isCaaTag(t: unknown): boolean {
  return typeof t === "string" && /^[A-Za-z0-9]{1,15}$/.test(t);
}

/** A record's own fields that only some types take, by field: the types that take it. */
export const DnsRecordTypeFields = {
  Priority: ["MX", "SRV"],
  Weight: ["A", "AAAA", "SRV"],
  Port: ["SRV"],
  Flags: ["CAA"],
  Tag: ["CAA"],
  PullZoneId: ["PullZone"],
  ScriptId: ["Script"],
} as const satisfies Record<string, readonly DnsRecordTypeName[]>;
type TypeField = keyof typeof DnsRecordTypeFields;

/** The fields type `t` requires (besides `Type`), as the platform needs them to serve it. */
const REQUIRED: Partial<Record<DnsRecordTypeName, readonly TypeField[]>> = {
  MX: ["Priority"],
  SRV: ["Priority", "Weight", "Port"],
  CAA: ["Flags", "Tag"],
  PullZone: ["PullZoneId"],
  Script: ["ScriptId"],
};

/** What `Value` must be for each type (types not listed take any non-empty text). */
type ValueForm = "ipv4" | "ipv6" | "hostname" | "url" | "none";
const VALUE_FORM: Partial<Record<DnsRecordTypeName, ValueForm>> = {
  A: "ipv4",
  AAAA: "ipv6",
  CNAME: "hostname",
  MX: "hostname",
  NS: "hostname",
  PTR: "hostname",
  SRV: "hostname",
  Flatten: "hostname",
  Redirect: "url",
  PullZone: "none",
  Script: "none",
};

/** Types whose value is a domain name (the record's target). */
const TARGET_TYPES: readonly DnsRecordTypeName[] = ["CNAME", "MX", "NS", "PTR", "SRV", "Flatten"];
/** Types whose target may be the root, `.`: a null MX (RFC 7505) and an SRV "no service" (RFC 2782). */
const ROOT_TARGET_TYPES: readonly DnsRecordTypeName[] = ["MX", "SRV"];

/**
 * A record's value in the platform's form: a target (CNAME, MX, NS, PTR, SRV, Flatten)
 * without its trailing dot (`mail.example.com.` → `mail.example.com`), the root `.` kept;
 * any other value as it is. The platform's own Terraform provider refuses a trailing dot on
 * these types (the platform keeps names relative to the root without it), so a program may
 * write either and both compare equal.
 */
export function normalDnsValue(type: unknown, value: unknown): unknown {
  const t = dnsRecordTypeName(type);
  if (typeof value !== "string" || !t || !TARGET_TYPES.includes(t) || value === ".") return value;
  return value.endsWith(".") ? value.slice(0, -1) : value;
}

/**
 * Whether `name` is a record name as the platform keeps it (relative to the zone): `""` (the
 * apex), `*` or `*.<name>` (a wildcard), or labels of 1-63 letters, digits, `-` and `_`
 * separated by dots, with no trailing dot.
 */
export function isDnsRecordName(name: string): boolean {
  if (name === "" || name === "*") return true;
  return !name.endsWith(".") && isDnsHostname(name);
}

const HOSTNAME =
  /^(?=.{1,253}\.?$)(?:\*\.)?(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.?$/;

/** Whether `v` is a hostname (labels of 1-63 letters, digits, `-`, `_`; a trailing dot allowed). */
export function isDnsHostname(v: string): boolean {
  return HOSTNAME.test(v);
}

const typeNames = Object.keys(DnsRecordType) as DnsRecordTypeName[];

/** The allowed record types in words: `0 (A), 1 (AAAA), …`. */
export function dnsRecordTypesInWords(): string {
  return typeNames.map((n) => `${DnsRecordType[n]} (${n})`).join(", ");
}

/** The name of a record type given by number or name (case-insensitive), else undefined. */
export function dnsRecordTypeName(t: unknown): DnsRecordTypeName | undefined {
  if (typeof t === "number") return typeNames.find((n) => DnsRecordType[n] === t);
  if (typeof t === "string")
    return typeNames.find((n) => n.toLowerCase() === t.trim().toLowerCase());
  return undefined;
}

/** Whether a value counts as "not given" for a type-specific field (the platform's reads carry 0). */
const absent = (v: unknown) => v === undefined || v === null || v === 0 || v === "";

/**
 * The failures of a DNS record body (`AddDnsRecordModel` / `UpdateDnsRecordModel`) by its
 * type: the value's form, the fields the type requires, and a refusal of a field the type
 * does not take. `partial` (an update): only the fields present are checked, and nothing is
 * required; without a `Type` an update is checked against `storedType` when given. Property
 * paths are prefixed by `prefix`. Shape and range checks are the schemas' job
 * (`addDnsRecordSchema`); this adds what depends on the type.
 */
export function checkDnsRecord(
  record: Record<string, unknown>,
  opts: { partial?: boolean; storedType?: number; prefix?: string } = {},
): ValidationFailure[] {
  const at = (f: string) => (opts.prefix ? `${opts.prefix}.${f}` : f);
  const out: ValidationFailure[] = [];
  const given = record.Type ?? (opts.partial ? opts.storedType : undefined);
  if (given === undefined || given === null) {
    if (!opts.partial)
      out.push({ property: at("Type"), reason: `is required; one of ${dnsRecordTypesInWords()}` });
    return out;
  }
  const type = dnsRecordTypeName(given);
  if (!type) {
    out.push({
      property: at("Type"),
      reason: `must be one of ${dnsRecordTypesInWords()}; got ${JSON.stringify(given)}`,
    });
    return out;
  }
  for (const [field, types] of Object.entries(DnsRecordTypeFields) as [
    TypeField,
    readonly DnsRecordTypeName[],
  ][]) {
    if ((types as readonly string[]).includes(type)) continue;
    if (!absent(record[field]))
      out.push({
        property: at(field),
        reason: `type ${type} does not take ${field} (only ${types.join(", ")}); got ${JSON.stringify(record[field])}`,
      });
  }
  if (!opts.partial)
    for (const field of REQUIRED[type] ?? [])
      if (record[field] === undefined || record[field] === null)
        out.push({ property: at(field), reason: `is required for type ${type}` });
  const name = record.Name;
  if (typeof name === "string") {
    if (!isDnsRecordName(name))
      out.push({
        property: at("Name"),
        reason:
          `must be a DNS name relative to the zone: "" for the apex, "*" or "*.<name>" for a ` +
          `wildcard, else labels of 1 to 63 letters, digits, - and _ separated by dots (no ` +
          `space, no trailing dot); got ${JSON.stringify(name)}`,
      });
    else if (name === "" && type === "CNAME")
      out.push({
        property: at("Name"),
        reason:
          `a CNAME cannot be at the zone apex ("") (RFC 1034 §3.6.2: a CNAME's name holds no ` +
          `other record, and the apex holds the zone's SOA and NS); use a Flatten record there`,
      });
  }
  const range = (field: TypeField, min: number, max: number) => {
    const v = record[field];
    if (
      v === undefined ||
      v === null ||
      !(DnsRecordTypeFields[field] as readonly string[]).includes(type)
    )
      return;
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
      out.push({
        property: at(field),
        reason: `must be an integer from ${min} to ${max} for type ${type}; got ${JSON.stringify(v)}`,
      });
  };
  range("Priority", 0, 65535);
  // The platform's weight of an A/AAAA record (weighted answers) is 0-100; an SRV's is RFC 2782's.
  range("Weight", 0, type === "SRV" ? 65535 : 100);
  range("Port", 0, 65535);
  range("Flags", 0, 255);
  if (type === "CAA" && record.Tag !== undefined && record.Tag !== null && !isCaaTag(record.Tag))
    out.push({
      property: at("Tag"),
      reason:
        `must be a CAA property tag: 1 to 15 letters and digits (RFC 8659 §4.1), such as ` +
        `${CaaTags.slice(0, 3)
          .map((t) => JSON.stringify(t))
          .join(", ")}; got ${JSON.stringify(record.Tag)}`,
    });
  const value = record.Value;
  const form = VALUE_FORM[type];
  if (value === undefined || value === null) {
    if (!opts.partial && form !== "none")
      out.push({ property: at("Value"), reason: `is required for type ${type}` });
    return out;
  }
  if (typeof value !== "string") return out; // the schema reports the type
  const bad = (what: string) =>
    out.push({
      property: at("Value"),
      reason: `must be ${what} for type ${type}; got ${JSON.stringify(value)}`,
    });
  switch (form) {
    case "ipv4":
      if (isIP(value) !== 4) bad("an IPv4 address");
      break;
    case "ipv6":
      if (isIP(value) !== 6) bad("an IPv6 address");
      break;
    case "hostname":
      if (value === "." && ROOT_TARGET_TYPES.includes(type)) break; // null MX, no-service SRV
      if (isIP(value.replace(/\.$/, "")) !== 0)
        bad(
          "a hostname, not an IP address (a target is a name; an address needs an A or AAAA record)",
        );
      else if (!isDnsHostname(value))
        bad(`a hostname${ROOT_TARGET_TYPES.includes(type) ? ' (or "." for none)' : ""}`);
      break;
    case "url":
      if (!/^https?:\/\/[^\s/]+\S*$/i.test(value)) bad("an http:// or https:// URL");
      break;
    case "none":
      break;
    default:
      if (value.trim() === "") bad("a non-empty text");
  }
  return out;
}
