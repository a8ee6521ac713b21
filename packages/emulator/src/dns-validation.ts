/**
 * The emulator's rules for a DNS record by its type and for a zone's names, written from the
 * published core document and what the platform is known to take (not from the client's
 * rules: an ESLint rule keeps the client's DNS validation out of the emulator).
 *
 * - Value: an IPv4 address for A, an IPv6 address for AAAA, a hostname for CNAME, NS, PTR and
 *   Flatten, a hostname or `.` for MX (a null MX, RFC 7505) and SRV ("no service", RFC 2782),
 *   an http(s) URL for Redirect, nothing for PullZone and Script, any non-empty text otherwise.
 * - Weight: A and AAAA 0–100, SRV 0–65535. Priority: MX and SRV 0–65535. Port: SRV 0–65535.
 *   Flags (0–255) and Tag (an RFC 8659 tag: 1–255 ASCII letters and digits): CAA.
 *   PullZoneId: PullZone. ScriptId: Script. A field given (not null, 0 or "") to a type that
 *   does not take it is refused.
 * - Required: Priority for MX; Priority, Weight and Port for SRV; Flags and Tag for CAA;
 *   PullZoneId for PullZone; ScriptId for Script.
 */
import { isIP } from "net";
import { RECORD_TYPE_NAMES, type RecordTypeName } from "./dns-schemas";

/** One refused field: its path and why. */
export interface FieldFailure {
  field: string;
  message: string;
}

type Range = readonly [number, number];
type TypeField = "Weight" | "Priority" | "Port" | "Flags" | "Tag" | "PullZoneId" | "ScriptId";

/** The fields only some types take: for each, the types and (for numbers) the range. */
const TYPE_FIELDS: Record<TypeField, Partial<Record<RecordTypeName, Range | "text" | "id">>> = {
  Weight: { A: [0, 100], AAAA: [0, 100], SRV: [0, 65535] },
  Priority: { MX: [0, 65535], SRV: [0, 65535] },
  Port: { SRV: [0, 65535] },
  Flags: { CAA: [0, 255] },
  Tag: { CAA: "text" },
  PullZoneId: { PullZone: "id" },
  ScriptId: { Script: "id" },
};

const REQUIRED: Partial<Record<RecordTypeName, readonly TypeField[]>> = {
  MX: ["Priority"],
  SRV: ["Priority", "Weight", "Port"],
  CAA: ["Flags", "Tag"],
  PullZone: ["PullZoneId"],
  Script: ["ScriptId"],
};

type Form = "ipv4" | "ipv6" | "host" | "host-or-root" | "url" | "none" | "text";
const FORM: Partial<Record<RecordTypeName, Form>> = {
  A: "ipv4",
  AAAA: "ipv6",
  CNAME: "host",
  NS: "host",
  PTR: "host",
  Flatten: "host",
  MX: "host-or-root",
  SRV: "host-or-root",
  Redirect: "url",
  PullZone: "none",
  Script: "none",
};

const LABEL = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)$/;
const CAA_TAG = /^[A-Za-z0-9]{1,255}$/;

/** Whether `v` is a hostname: labels of 1–63 letters, digits, `-`, `_`; a leading `*.` and a trailing dot allowed. */
export function isHostname(v: string): boolean {
  const name = v.endsWith(".") ? v.slice(0, -1) : v;
  if (name === "" || name.length > 253) return false;
  const labels = name.split(".");
  if (labels[0] === "*") labels.shift();
  return labels.length > 0 && labels.every((l) => LABEL.test(l));
}

/** The name of a published record type number, else undefined. */
export function recordTypeName(t: unknown): RecordTypeName | undefined {
  return typeof t === "number" ? RECORD_TYPE_NAMES[t] : undefined;
}

/** Whether records of type `type` take `field` (Weight, Priority, Port, Flags, Tag, PullZoneId, ScriptId). */
export function typeTakes(type: RecordTypeName | undefined, field: TypeField): boolean {
  return type !== undefined && TYPE_FIELDS[field][type] !== undefined;
}

/** The types that take `field`, in words. */
const takers = (field: TypeField) => Object.keys(TYPE_FIELDS[field]).join(", ");

const isAbsent = (v: unknown) => v === undefined || v === null || v === 0 || v === "";

/**
 * The failures of a whole record (an added one, or a stored one after an update) by its type.
 * Shapes (int32, enumerations, unknown properties) are the schemas' job. `prefix` prefixes
 * the field paths (`Records[0]`).
 */
export function recordFailures(record: Record<string, unknown>, prefix = ""): FieldFailure[] {
  const at = (f: string) => (prefix ? `${prefix}.${f}` : f);
  const out: FieldFailure[] = [];
  const fail = (f: string, message: string) => out.push({ field: at(f), message });
  const type = recordTypeName(record.Type);
  if (!type) {
    fail("Type", `is required: ${RECORD_TYPE_NAMES.map((n, i) => `${i} (${n})`).join(", ")}`);
    return out;
  }
  for (const field of Object.keys(TYPE_FIELDS) as TypeField[]) {
    const rule = TYPE_FIELDS[field][type];
    const v = record[field];
    if (!rule) {
      if (!isAbsent(v))
        fail(
          field,
          `type ${type} does not take ${field} (only ${takers(field)}); got ${JSON.stringify(v)}`,
        );
      continue;
    }
    if (v === undefined || v === null) {
      if (REQUIRED[type]?.includes(field)) fail(field, `is required for type ${type}`);
      continue;
    }
    if (rule === "text") {
      if (typeof v !== "string" || !CAA_TAG.test(v))
        fail(
          field,
          `must be a CAA tag of 1 to 255 ASCII letters and digits (RFC 8659); got ${JSON.stringify(v)}`,
        );
    } else if (
      rule !== "id" &&
      (!Number.isInteger(v) || (v as number) < rule[0] || (v as number) > rule[1])
    ) {
      fail(
        field,
        `must be an integer from ${rule[0]} to ${rule[1]} for type ${type}; got ${JSON.stringify(v)}`,
      );
    }
  }
  const form = FORM[type] ?? "text";
  const value = record.Value;
  if (value === undefined || value === null || (value === "" && form === "none")) {
    if (form !== "none") fail("Value", `is required for type ${type}`);
    return out;
  }
  if (typeof value !== "string") return out;
  const bad = (what: string) =>
    fail("Value", `must be ${what} for type ${type}; got ${JSON.stringify(value)}`);
  switch (form) {
    case "ipv4":
      if (isIP(value) !== 4) bad("an IPv4 address");
      break;
    case "ipv6":
      if (isIP(value) !== 6) bad("an IPv6 address");
      break;
    case "host":
      if (!isHostname(value)) bad("a hostname");
      break;
    case "host-or-root":
      if (value !== "." && !isHostname(value)) bad('a hostname, or "." for none');
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

/** The failure of a zone's domain (`DnsZoneAddModel.Domain`), if any. */
export function domainFailure(domain: string, given: string): FieldFailure | undefined {
  if (isHostname(domain) && domain.includes(".") && !domain.startsWith("*")) return undefined;
  return {
    field: "Domain",
    message: `must be a domain name such as example.com; got ${JSON.stringify(given)}`,
  };
}

/** The failures of a zone's settings (`UpdateDnsZoneModel`): nameservers and SOA e-mail. */
export function zoneSettingsFailures(body: Record<string, unknown>): FieldFailure[] {
  const out: FieldFailure[] = [];
  for (const k of ["Nameserver1", "Nameserver2"])
    if (typeof body[k] === "string" && body[k] !== "" && !isHostname(body[k] as string))
      out.push({ field: k, message: `must be a hostname; got ${JSON.stringify(body[k])}` });
  if (typeof body.SoaEmail === "string" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.SoaEmail))
    out.push({
      field: "SoaEmail",
      message: `must be an e-mail address; got ${JSON.stringify(body.SoaEmail)}`,
    });
  return out;
}
