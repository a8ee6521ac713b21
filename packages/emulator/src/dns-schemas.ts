/**
 * The emulator's JSON schemas of the DNS requests, written from the published core document
 * (`AddDnsRecordModel`, `UpdateDnsRecordModel`, `DnsZoneAddModel`, `UpdateDnsZoneModel`,
 * `ZoneAvailabilityRequestModel`, `TriggerDnsZoneRecordScanRequest` and the queries of the
 * DNS paths): the shape of each field (int32, byte, int64, the published enumerations),
 * unknown properties refused. What a record of each type takes is `dns-validation.ts`.
 * The emulator's own: never the client's declarations (an ESLint rule keeps them apart).
 */

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The published record types (`DnsRecordTypes`), in the order of their numbers. */
export const RECORD_TYPE_NAMES = [
  "A",
  "AAAA",
  "CNAME",
  "TXT",
  "MX",
  "Redirect",
  "Flatten",
  "PullZone",
  "SRV",
  "CAA",
  "PTR",
  "Script",
  "NS",
  "SVCB",
  "HTTPS",
  "TLSA",
] as const;
/** A published record type's name. */
export type RecordTypeName = (typeof RECORD_TYPE_NAMES)[number];

/** An integer enumeration of the document, named in messages (`0 (A), 1 (AAAA), …`). */
const namedEnum = (names: readonly string[]) => ({
  type: "integer",
  enum: names.map((_, i) => i),
  "x-enum-names": Object.fromEntries(names.map((n, i) => [i, n])),
});
/** `schema` or null (the null branch is silent in messages). */
const orNull = (schema: object) => ({ anyOf: [schema, { type: "null" }] });
const int32 = { type: "integer", minimum: INT32_MIN, maximum: INT32_MAX };
const int64 = { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
const byte = { type: "integer", minimum: 0, maximum: 255 };
const text = { type: ["string", "null"] };
const flag = { type: ["boolean", "null"] };

const recordProperties = {
  Type: orNull(namedEnum(RECORD_TYPE_NAMES)),
  Ttl: orNull(int32),
  Value: text,
  Name: text,
  Weight: orNull(int32),
  Priority: orNull(int32),
  Flags: orNull(byte),
  Tag: text,
  Port: orNull(int32),
  PullZoneId: orNull(int64),
  ScriptId: orNull(int64),
  Accelerated: flag,
  MonitorType: orNull(namedEnum(["None", "Ping", "Http", "Monitor"])),
  GeolocationLatitude: orNull({ type: "number" }),
  GeolocationLongitude: orNull({ type: "number" }),
  LatencyZone: text,
  SmartRoutingType: orNull(namedEnum(["None", "Latency", "Geolocation"])),
  Disabled: flag,
  EnviromentalVariables: orNull({
    type: "array",
    items: {
      type: "object",
      properties: { Name: text, Value: text },
      additionalProperties: false,
    },
  }),
  Comment: text,
  AutoSslIssuance: flag,
};

/** Body of PUT `/dnszone/{zoneId}/records` (`AddDnsRecordModel`). */
export const addRecordBody = {
  type: "object",
  properties: recordProperties,
  additionalProperties: false,
} as const;

/** Body of POST `/dnszone/{zoneId}/records/{id}` (`UpdateDnsRecordModel`). */
export const updateRecordBody = {
  type: "object",
  properties: { ...recordProperties, Id: int64 },
  additionalProperties: false,
} as const;

/** Body of POST `/dnszone` (`DnsZoneAddModel`: `Domain` required). */
export const addZoneBody = {
  type: "object",
  required: ["Domain"],
  properties: {
    Domain: { type: "string", minLength: 1 },
    Records: orNull({ type: "array", items: addRecordBody }),
  },
  additionalProperties: false,
} as const;

/** Body of POST `/dnszone/{id}` (`UpdateDnsZoneModel`). */
export const updateZoneBody = {
  type: "object",
  properties: {
    CustomNameserversEnabled: flag,
    Nameserver1: text,
    Nameserver2: text,
    SoaEmail: text,
    LoggingEnabled: flag,
    LogAnonymizationType: orNull(namedEnum(["OneDigit", "Drop"])),
    CertificateKeyType: orNull(namedEnum(["Ecdsa", "Rsa"])),
    LoggingIPAnonymizationEnabled: flag,
  },
  additionalProperties: false,
} as const;

/** Body of POST `/dnszone/checkavailability` (`ZoneAvailabilityRequestModel`). */
export const availabilityBody = {
  type: "object",
  required: ["Name"],
  properties: { Name: { type: "string", minLength: 1 } },
  additionalProperties: false,
} as const;

/** Body of POST `/dnszone/records/scan` (`TriggerDnsZoneRecordScanRequest`). */
export const scanBody = {
  type: "object",
  properties: { ZoneId: orNull(int64), Domain: text },
  additionalProperties: false,
} as const;

const page = { type: "integer", minimum: 1, maximum: INT32_MAX };
const perPage = { type: "integer", minimum: 5, maximum: 1000 };

/** Query of GET `/dnszone`. */
export const zoneListQuery = {
  type: "object",
  properties: { page, perPage, search: { type: "string" }, view: namedEnum(["Full", "Lite"]) },
  additionalProperties: false,
} as const;

/** Query of GET `/dnszone/{zoneId}/records`. */
export const recordListQuery = {
  type: "object",
  properties: { page, perPage, type: namedEnum(RECORD_TYPE_NAMES), search: { type: "string" } },
  additionalProperties: false,
} as const;

/** Query of GET `/dnszone/{id}/statistics` (ISO 8601 date-times). */
export const statisticsQuery = {
  type: "object",
  properties: {
    dateFrom: { type: "string", format: "date-time" },
    dateTo: { type: "string", format: "date-time" },
  },
  additionalProperties: false,
} as const;
