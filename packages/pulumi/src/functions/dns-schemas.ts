/**
 * The TypeBox declarations of the arguments of the DNS data sources (dns.ts) (a schema
 * module: the build precompiles each exported `*Schema`, and the data sources refer to them
 * with `schemaRef`, so loading the data sources loads neither TypeBox nor ajv's compiler; see
 * edgeplatform-client's `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { DnsRecordType, type DnsRecordTypeName } from "edgeplatform-client/spec/runtime";
import { anyValue, positiveId } from "./schema-helpers";

export const getDnsZoneArgsSchema = Type.Object(
  {
    /** ID of the DNS zone. Give either this or `domain`. */
    zoneId: Type.Optional(positiveId()),
    /**
     * Domain of the DNS zone, exactly (case-insensitive, a trailing dot ignored; not a search).
     * Give either this or `zoneId`.
     */
    domain: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

export const getDnsZonesArgsSchema = Type.Object(
  {
    /** Only the zones whose domain contains this text (case-insensitive; the platform's `search`). */
    search: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const getDnsRecordsArgsSchema = Type.Object(
  {
    /** ID of the DNS zone. */
    zoneId: positiveId(),
    /** Only records of this type: a name (`"MX"`) or its published number (4). */
    type: Type.Optional(
      Type.Unsafe<DnsRecordTypeName | number>({
        enum: [...Object.keys(DnsRecordType), ...Object.values(DnsRecordType)],
      }),
    ),
    /** Only records of this name, relative to the zone (`""` or `"@"`: the apex; case-insensitive). */
    name: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const getDnsZoneStatisticsArgsSchema = Type.Object(
  {
    /** ID of the DNS zone. */
    zoneId: positiveId(),
    /**
     * Start of the range: a `Date`, an ISO 8601 date-time with a time zone, or a date
     * (`"2026-05-01"`: the start of that day in UTC). Platform default: 30 days before `dateTo`.
     */
    dateFrom: Type.Optional(anyValue<Date | string>()),
    /** End of the range, not before `dateFrom`: like `dateFrom`, a date is the end of that day. */
    dateTo: Type.Optional(anyValue<Date | string>()),
  },
  { additionalProperties: false },
);
