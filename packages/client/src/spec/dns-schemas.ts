/**
 * DNS zones and records (published core API, tag "DNS Zone"): request bodies and queries,
 * each declared ONCE with TypeBox (the constant is the JSON schema the emulator's routes and
 * `validate` use; `Static<typeof X>` is its type). What depends on a record's type (the
 * value's form, the fields a type takes) is `checkDnsRecord` in `dns-records.ts`.
 */
import { Type, type Static } from "@sinclair/typebox";
import {
  DnsCertificateKeyType,
  DnsLogAnonymizationType,
  DnsMonitoringType,
  DnsRecordType,
  DnsSmartRoutingType,
  DnsViewType,
} from "./dns-records";
import { INT32_MAX } from "./enums";
import { enumOf, int32, int64, nullable, nullableBoolean, nullableString } from "./schema-helpers";

const page = () => Type.Integer({ minimum: 1, maximum: INT32_MAX });
/** `perPage` of both DNS lists: 5 to 1000 (platform default 1000). */
const perPage = () => Type.Integer({ minimum: 5, maximum: 1000 });

/** Query of GET `/dnszone` (the zones of the account, paged; `search` filters by domain). */
export const dnsZoneListQuerySchema = Type.Object(
  {
    page: Type.Optional(page()),
    perPage: Type.Optional(perPage()),
    search: Type.Optional(Type.String()),
    view: Type.Optional(enumOf(DnsViewType, true)),
  },
  { additionalProperties: false },
);
/** Query of GET `/dnszone`. */
export type DnsZoneListQuery = Static<typeof dnsZoneListQuerySchema>;

/** Query of GET `/dnszone/{zoneId}/records` (`type` and `search` filter). */
export const dnsRecordListQuerySchema = Type.Object(
  {
    page: Type.Optional(page()),
    perPage: Type.Optional(perPage()),
    type: Type.Optional(enumOf(DnsRecordType, true)),
    search: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
/** Query of GET `/dnszone/{zoneId}/records`. */
export type DnsRecordListQuery = Static<typeof dnsRecordListQuerySchema>;

/** Query of GET `/dnszone/{id}/statistics` (ISO 8601 date-times; platform default: 30 days). */
export const dnsZoneStatisticsQuerySchema = Type.Object(
  {
    dateFrom: Type.Optional(Type.String({ format: "date-time" })),
    dateTo: Type.Optional(Type.String({ format: "date-time" })),
  },
  { additionalProperties: false },
);
/** Query of GET `/dnszone/{id}/statistics`. */
export type DnsZoneStatisticsQuery = Static<typeof dnsZoneStatisticsQuerySchema>;

/** An environment variable of a Script record (`DnsRecordEnviromentalVariableModel`). */
export const dnsRecordVariableSchema = Type.Object(
  { Name: Type.Optional(nullableString()), Value: Type.Optional(nullableString()) },
  { additionalProperties: false },
);

/** The fields of a record write; which ones a type takes is `checkDnsRecord`'s job. */
const recordFields = {
  Type: Type.Optional(nullable(enumOf(DnsRecordType, true))),
  Ttl: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: INT32_MAX }))),
  Value: Type.Optional(nullableString()),
  Name: Type.Optional(nullableString()),
  Weight: Type.Optional(nullable(int32())),
  Priority: Type.Optional(nullable(int32())),
  Flags: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 255 }))),
  Tag: Type.Optional(nullableString()),
  Port: Type.Optional(nullable(int32())),
  PullZoneId: Type.Optional(nullable(int64())),
  ScriptId: Type.Optional(nullable(int64())),
  Accelerated: Type.Optional(nullableBoolean()),
  MonitorType: Type.Optional(nullable(enumOf(DnsMonitoringType, true))),
  GeolocationLatitude: Type.Optional(nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  GeolocationLongitude: Type.Optional(nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  LatencyZone: Type.Optional(nullableString()),
  SmartRoutingType: Type.Optional(nullable(enumOf(DnsSmartRoutingType, true))),
  Disabled: Type.Optional(nullableBoolean()),
  EnviromentalVariables: Type.Optional(nullable(Type.Array(dnsRecordVariableSchema))),
  Comment: Type.Optional(nullableString()),
  AutoSslIssuance: Type.Optional(nullableBoolean()),
};

/** Body of PUT `/dnszone/{zoneId}/records` (`AddDnsRecordModel`). */
export const addDnsRecordSchema = Type.Object(recordFields, { additionalProperties: false });
/** Body of PUT `/dnszone/{zoneId}/records`. */
export type AddDnsRecordRequest = Static<typeof addDnsRecordSchema>;

/** Body of POST `/dnszone/{zoneId}/records/{id}` (`UpdateDnsRecordModel`: only what is sent changes). */
export const updateDnsRecordSchema = Type.Object(
  { ...recordFields, Id: Type.Optional(int64()) },
  { additionalProperties: false },
);
/** Body of POST `/dnszone/{zoneId}/records/{id}`. */
export type UpdateDnsRecordRequest = Static<typeof updateDnsRecordSchema>;

/** Body of POST `/dnszone` (`DnsZoneAddModel`): the domain, optionally with its first records. */
export const addDnsZoneSchema = Type.Object(
  {
    Domain: Type.String({ minLength: 1 }),
    Records: Type.Optional(nullable(Type.Array(addDnsRecordSchema))),
  },
  { additionalProperties: false },
);
/** Body of POST `/dnszone`. */
export type AddDnsZoneRequest = Static<typeof addDnsZoneSchema>;

/** Body of POST `/dnszone/{id}` (`UpdateDnsZoneModel`: only what is sent changes). */
export const updateDnsZoneSchema = Type.Object(
  {
    CustomNameserversEnabled: Type.Optional(nullableBoolean()),
    Nameserver1: Type.Optional(nullableString()),
    Nameserver2: Type.Optional(nullableString()),
    SoaEmail: Type.Optional(nullableString()),
    LoggingEnabled: Type.Optional(nullableBoolean()),
    LogAnonymizationType: Type.Optional(nullable(enumOf(DnsLogAnonymizationType, true))),
    CertificateKeyType: Type.Optional(nullable(enumOf(DnsCertificateKeyType, true))),
    LoggingIPAnonymizationEnabled: Type.Optional(nullableBoolean()),
  },
  { additionalProperties: false },
);
/** Body of POST `/dnszone/{id}`. */
export type UpdateDnsZoneRequest = Static<typeof updateDnsZoneSchema>;

/** Body of POST `/dnszone/checkavailability` (`ZoneAvailabilityRequestModel`). */
export const dnsZoneAvailabilitySchema = Type.Object(
  { Name: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
/** Body of POST `/dnszone/checkavailability`. */
export type DnsZoneAvailabilityRequest = Static<typeof dnsZoneAvailabilitySchema>;

/** Body of POST `/dnszone/records/scan` (`TriggerDnsZoneRecordScanRequest`): a zone id or a domain. */
export const dnsRecordScanRequestSchema = Type.Object(
  {
    ZoneId: Type.Optional(nullable(int64())),
    Domain: Type.Optional(nullableString()),
  },
  { additionalProperties: false },
);
/** Body of POST `/dnszone/records/scan`. */
export type DnsRecordScanRequest = Static<typeof dnsRecordScanRequestSchema>;
