/**
 * The answers of the DNS operations the emulator serves, as the platform's published core
 * OpenAPI document declares them (`data/core-api-v1.0.0.json` of
 * ToshY/bunnynet-openapi-specification, tag "DNS Zone"), transcribed into TypeBox: field
 * names and types as published, `additionalProperties: false` as published, `nullable` as
 * `T | null`, int32 as its range, enumerations as their integer values. Deliberately NOT
 * derived from the client's or the emulator's declarations: this is the other side of the
 * contract (test/contract/dns-zones.test.ts holds every emulator answer against it).
 */
import { Type, type TSchema } from "@sinclair/typebox";

const nul = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const int32 = () => Type.Integer({ minimum: -2147483648, maximum: 2147483647 });
const int64 = () => Type.Integer();
const oneOf = (...values: number[]) => Type.Integer({ enum: values });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const dateTime = () => Type.String({ format: "date-time" });
const closed = (props: Record<string, TSchema>) =>
  Type.Object(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Type.Optional(v)])), {
    additionalProperties: false,
  });
const dict = (t: TSchema) => nul(Type.Record(Type.String(), t));

/** `DnsRecordModel`. */
export const DnsRecordModel = closed({
  Id: int64(),
  Type: oneOf(...range(16)),
  Ttl: int32(),
  Value: nul(Type.String()),
  Name: nul(Type.String()),
  Weight: int32(),
  Priority: int32(),
  Port: int32(),
  Flags: Type.Integer({ minimum: 0, maximum: 255 }),
  Tag: nul(Type.String()),
  Accelerated: Type.Boolean(),
  AcceleratedPullZoneId: int64(),
  LinkName: nul(Type.String()),
  IPGeoLocationInfo: nul(
    closed({
      CountryCode: nul(Type.String()),
      Country: nul(Type.String()),
      ASN: int64(),
      OrganizationName: nul(Type.String()),
      City: nul(Type.String()),
    }),
  ),
  GeolocationInfo: nul(
    closed({
      Country: nul(Type.String()),
      City: nul(Type.String()),
      Latitude: Type.Number(),
      Longitude: Type.Number(),
    }),
  ),
  MonitorStatus: oneOf(0, 1, 2),
  MonitorType: oneOf(0, 1, 2, 3),
  GeolocationLatitude: Type.Number(),
  GeolocationLongitude: Type.Number(),
  EnviromentalVariables: nul(
    Type.Array(closed({ Name: nul(Type.String()), Value: nul(Type.String()) })),
  ),
  LatencyZone: nul(Type.String()),
  SmartRoutingType: oneOf(0, 1, 2),
  Disabled: Type.Boolean(),
  Comment: nul(Type.String()),
  AutoSslIssuance: Type.Boolean(),
  AccelerationStatus: oneOf(0, 1, 2, 3, 4),
});

/** `DnsZoneModel`. */
export const DnsZoneModel = closed({
  Id: int64(),
  Domain: nul(Type.String()),
  Records: nul(Type.Array(DnsRecordModel)),
  DateModified: dateTime(),
  DateCreated: dateTime(),
  NameserversDetected: Type.Boolean(),
  CustomNameserversEnabled: Type.Boolean(),
  Nameserver1: nul(Type.String()),
  Nameserver2: nul(Type.String()),
  SoaEmail: nul(Type.String()),
  NameserversNextCheck: dateTime(),
  LoggingEnabled: Type.Boolean(),
  LoggingIPAnonymizationEnabled: Type.Boolean(),
  LogAnonymizationType: nul(oneOf(0, 1)),
  DnsSecEnabled: Type.Boolean(),
  CertificateKeyType: oneOf(0, 1),
});

const pageOf = (item: TSchema) =>
  closed({
    Items: nul(Type.Array(item)),
    CurrentPage: int32(),
    TotalItems: int32(),
    HasMoreItems: Type.Boolean(),
  });

/** `PaginationListModelOfDnsZoneModel`. */
export const DnsZonePage = pageOf(DnsZoneModel);
/** `PaginationListModelOfDnsRecordModel`. */
export const DnsRecordPage = pageOf(DnsRecordModel);

/** `DnsZoneImportResultModel`. */
export const DnsZoneImportResultModel = closed({
  RecordsSuccessful: int32(),
  RecordsFailed: int32(),
  RecordsSkipped: int32(),
});

/** `DnsZoneStatisticsModel`. */
export const DnsZoneStatisticsModel = closed({
  TotalQueriesServed: int64(),
  QueriesServedChart: dict(Type.Number()),
  NormalQueriesServedChart: dict(Type.Number()),
  SmartQueriesServedChart: dict(Type.Number()),
  QueriesByTypeChart: dict(Type.Integer()),
});

/** `DnsZoneRecordScanTriggerResponse`. */
export const DnsZoneRecordScanTriggerResponse = closed({
  JobId: Type.String(),
  Status: oneOf(0, 1, 2, 3),
});

/** `DnsZoneRecordScanJobResponse`. */
export const DnsZoneRecordScanJobResponse = closed({
  JobId: Type.String(),
  ZoneId: nul(int64()),
  Domain: nul(Type.String()),
  AccountId: nul(Type.String()),
  Status: oneOf(0, 1, 2, 3),
  CreatedAt: dateTime(),
  CompletedAt: nul(dateTime()),
  Records: nul(
    Type.Array(
      closed({
        Name: nul(Type.String()),
        Type: nul(Type.Integer()),
        Ttl: nul(int32()),
        Value: nul(Type.String()),
        Priority: nul(int32()),
        Weight: nul(int32()),
        Port: nul(int32()),
        IsProxied: Type.Boolean(),
      }),
    ),
  ),
  Error: nul(Type.String()),
});

/** `DnsSecDsRecordModel`. */
export const DnsSecDsRecordModel = closed({
  Enabled: Type.Boolean(),
  DsRecord: nul(Type.String()),
  Digest: nul(Type.String()),
  DigestType: nul(Type.String()),
  Algorithm: int32(),
  PublicKey: nul(Type.String()),
  KeyTag: int32(),
  Flags: int32(),
  DsConfigured: Type.Boolean(),
});

/** The published record type numbering (`DnsRecordTypes`), transcribed. */
export const PUBLISHED_RECORD_TYPES = {
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
};
