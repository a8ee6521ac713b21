/**
 * The descriptions of a DNS record's fields: the source of its public types
 * (`public/generated/dns-record.ts`, scripts/gen-kind-types.js) and of the plugin's schema.
 */
import { createOrAdoptKindDocs, type CollectionKindDocs } from "./rule-docs";

/** Its type, its docs' start, and the argument and outputs that say how it holds its record. */
const { head: HEAD, mode: MODE } = createOrAdoptKindDocs({
  type: "DnsRecord",
  noun: "record",
  idField: "recordId",
});

/** `edge.dns.DnsRecord`'s arguments (one form: `recordId` adopts) and outputs. */
export const dnsRecordDocs: CollectionKindDocs = {
  ...HEAD,
  argItems: {
    environmentVariables: {
      typeName: "DnsRecordVariableArgs",
      typeDoc: "An environment variable of a Script record.",
      stateName: "DnsRecordVariable",
      stateDoc: "An environment variable of a Script record, as the platform holds it.",
      fields: {
        name: { description: "Name of the variable.", tsType: "string", required: true },
        value: { description: "Value of the variable.", tsType: "string", required: true },
      },
    },
  },
  common: {
    zoneId: {
      description:
        "The DNS zone of the record (the record API is keyed by zone). Another zone replaces " +
        "the resource (a new record there; destroy of the old one deletes it if this resource " +
        "created it).",
      tsType: "number",
      required: true,
    },
    recordId: {
      description:
        "Adopt an existing record by id (with its `zoneId`): create = one write of the managed " +
        "fields that differ (none when they match); destroy leaves the record unless " +
        "`deleteOnDestroy` is true. Left out: a new record is created. A record is never found " +
        "by name (names are not unique in a zone).",
      tsType: "number",
    },
    type: {
      description:
        "The record's type: A, AAAA, CNAME, TXT, MX, Redirect, Flatten, PullZone, SRV, CAA, " +
        "PTR, Script, NS, SVCB, HTTPS or TLSA. Checked with the fields it takes before any " +
        "call. A change replaces a created record (delete first); an adopted record's is " +
        "refused.",
      tsType: "DnsRecordTypeName",
      required: true,
    },
    name: {
      description:
        'The record\'s name, relative to the zone (`"www"`); `""` is the zone apex, `"*"` ' +
        'or `"*.apps"` a wildcard. Labels of letters, digits, `-` and `_`. A CNAME is never at ' +
        "the apex nor beside another record of its name (RFC 1034): refused before any write.",
      tsType: "string",
      required: true,
    },
    value: {
      description:
        "The record's value, in the type's form: an IPv4 address (A), an IPv6 address (AAAA), a " +
        'hostname (CNAME, MX, NS, PTR, SRV, Flatten; kept without a trailing dot; `"."` for a ' +
        "null MX or a no-service SRV), an http(s) URL (Redirect), text (TXT, CAA…). Required " +
        "except for PullZone and Script records. Left out: not managed.",
      tsType: "string",
    },
    ttl: {
      description:
        "Time to live, in seconds. Left out: not managed (the platform's default for a new " +
        "record).",
      tsType: "number",
    },
    priority: {
      description: "Priority, 0–65535: MX and SRV records only (required for them).",
      tsType: "number",
    },
    weight: {
      description:
        "Weight: 0–100 for A and AAAA records (weighted answers), 0–65535 for SRV (required " +
        "there).",
      tsType: "number",
    },
    port: { description: "Port, 0–65535: SRV records only (required for them).", tsType: "number" },
    flags: { description: "Flags, 0–255: CAA records only (required for them).", tsType: "number" },
    tag: {
      description:
        "Property tag: CAA records only (required for them): 1 to 15 letters and digits (RFC " +
        "8659), such as issue, issuewild or iodef.",
      tsType: "string",
    },
    pullZoneId: {
      description: "The pull zone the record points at: PullZone records only (required for them).",
      tsType: "number",
    },
    scriptId: {
      description:
        "The edge script the record points at: Script records only (required for them). Read " +
        "back from the record's `ScriptId`, or from its `LinkName` where the platform names " +
        "the script there, and compared on refresh when the platform reports it.",
      tsType: "number",
    },
    accelerated: {
      description: "Whether the platform's CDN accelerates the record. Left out: not managed.",
      tsType: "boolean",
    },
    monitorType: {
      description: "Health monitoring: None, Ping, Http or Monitor. Left out: not managed.",
      tsType: "DnsMonitoringTypeName",
    },
    geolocationLatitude: {
      description:
        "Latitude of the record's server, -90 to 90 (geolocation routing). Left out: not managed.",
      tsType: "number",
    },
    geolocationLongitude: {
      description:
        "Longitude of the record's server, -180 to 180 (geolocation routing). Left out: not " +
        "managed.",
      tsType: "number",
    },
    latencyZone: {
      description: "The latency zone of the record (latency routing). Left out: not managed.",
      tsType: "string",
    },
    smartRoutingType: {
      description: "Smart routing: None, Latency or Geolocation. Left out: not managed.",
      tsType: "DnsSmartRoutingTypeName",
    },
    disabled: {
      description: "Whether the record is disabled (not served). Left out: not managed.",
      tsType: "boolean",
    },
    environmentVariables: {
      description: "Environment variables of a Script record, in order. Left out: not managed.",
      tsType: "pulumi.Input<DnsRecordVariableArgs>[]",
    },
    comment: { description: "A comment on the record. Left out: not managed.", tsType: "string" },
    autoSslIssuance: {
      description:
        "Whether the platform issues a certificate for the record's name. Left out: not managed.",
      tsType: "boolean",
    },
    deleteOnDestroy: MODE.deleteOnDestroy,
  },
  outputs: {
    recordId: {
      description: "Id of the record on the platform (also the resource id, as a string).",
      tsType: "number",
    },
    zoneId: { description: "The DNS zone of the record.", tsType: "number" },
    type: { description: 'The record\'s type, by name (`"MX"`).', tsType: "DnsRecordTypeName" },
    name: { description: 'The record\'s name (`""`: the zone apex).', tsType: "string" },
    value: { description: "The record's value on the platform.", tsType: "string | null" },
    ttl: { description: "Time to live, in seconds.", tsType: "number" },
    priority: { description: "Priority (MX, SRV; 0 for other types).", tsType: "number" },
    weight: { description: "Weight (A, AAAA, SRV; 0 for other types).", tsType: "number" },
    port: { description: "Port (SRV; 0 for other types).", tsType: "number" },
    flags: { description: "Flags (CAA; 0 for other types).", tsType: "number" },
    tag: { description: "Property tag (CAA).", tsType: "string | null" },
    pullZoneId: {
      description: "The pull zone a PullZone record points at (null: none).",
      tsType: "number | null",
    },
    scriptId: {
      description:
        "The edge script a Script record points at: as the platform reports it, else as written.",
      tsType: "number | null | undefined",
    },
    accelerated: {
      description: "Whether the platform's CDN accelerates the record.",
      tsType: "boolean",
    },
    monitorType: { description: "Health monitoring, by name.", tsType: "DnsMonitoringTypeName" },
    geolocationLatitude: { description: "Latitude of the record's server.", tsType: "number" },
    geolocationLongitude: { description: "Longitude of the record's server.", tsType: "number" },
    latencyZone: { description: "The latency zone of the record.", tsType: "string | null" },
    smartRoutingType: { description: "Smart routing, by name.", tsType: "DnsSmartRoutingTypeName" },
    disabled: { description: "Whether the record is disabled.", tsType: "boolean" },
    environmentVariables: {
      description: "Environment variables of a Script record.",
      tsType: "DnsRecordVariable[] | null",
    },
    comment: { description: "The comment on the record.", tsType: "string | null" },
    autoSslIssuance: {
      description: "Whether the platform issues a certificate for the record's name.",
      tsType: "boolean",
    },
    ...MODE.outputs,
  },
};
