/**
 * The provider of `edge.dns.DnsRecord`: its `check` (validation by type with the client's
 * `checkDnsRecord`, before any call), its public types, and the zone-object engine's provider
 * built from its declaration, whose boundary applies the kind's spelling (dns-record.ts
 * `DNS_RECORD_SPELLING`: `recordId`, `zoneId`, `name`, flat fields `type`, `value`, …).
 *
 * The state holds every field as the platform holds it (flat, enumerations by name): the
 * fields the program writes are managed (compared, written), the others reported and listed
 * in `unmanaged`.
 */
import { checkDnsRecord, normalDnsValue, schemaRef } from "edgeplatform-client/spec/runtime";
import { isUnknown, stripUnknowns, type Failure } from "../../core/common";
import { currentUrn } from "../../core/engine-log";
import { flatCheck } from "../../core/zone-objects/boundary";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
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
export const checkDnsRecordInputs = flatCheck(dnsRecordKind, {
  inputsSchema,
  required: {
    zoneId: "is required: the DNS zone of the record (the record API is keyed by zone)",
    type: `is required: one of ${Object.keys(DNS_RECORD_ENUMS.type).join(", ")}`,
    name: 'is required: the record\'s name ("" for the zone apex)',
  },
  own: (n, out, failures) => {
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
    failures.splice(0, failures.length, ...failures.map(onTopLevelField));
  },
});

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

/** The provider built from the declaration, with the kind's own check. */
export const dnsRecordEngine = zoneObjectProvider(dnsRecordKind, { check: checkDnsRecordInputs });

/**
 * The fields the diff finds changed, by their public names (the native plugin's
 * `detailedDiff`). No API call.
 */
export const dnsRecordFieldChanges = dnsRecordEngine.fieldChanges;

/** The dynamic provider of `edge.dns.DnsRecord` (what the serialized stub calls). */
export const dnsRecordProvider = dnsRecordEngine.provider;
