/**
 * The TypeBox declarations of the arguments of the Shield data sources (shield.ts,
 * shield-zones.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import {
  EventLogFields,
  EventLogFilterOps,
  MetricsOverviewResolution,
} from "edgeplatform-client/spec";
import { anyValue, oneOf, positiveId } from "./schema-helpers";

export const getEventLogsArgsSchema = Type.Object(
  {
    /** ID of the shield zone. */
    shieldZoneId: positiveId(),
    /**
     * The UTC day to read: a `Date` (its UTC day), `MM-dd-yyyy`, or an ISO 8601 date /
     * date-time. Only today and the two previous days (UTC) are readable.
     */
    date: anyValue<Date | string>(),
    /** Read at most this many pages (default: all). The result says if more were left. */
    maxPages: Type.Optional(positiveId()),
  },
  { additionalProperties: false },
);

/** The zone of a shield data source: exactly one of `shieldZoneId` and `pullZoneId`. */
export const zoneArgsSchema = Type.Object(
  {
    /** ID of the shield zone. */
    shieldZoneId: Type.Optional(positiveId()),
    /** ID of a pull zone: its shield zone is read (GET `/shield/shield-zone/get-by-pullzone/{id}`). */
    pullZoneId: Type.Optional(positiveId()),
  },
  { additionalProperties: false },
);

/** The arguments of `getZones`: none (`{}`). */
export const getZonesArgsSchema = Type.Object({}, { additionalProperties: false });

const zoneMembers = {
  /** ID of the shield zone. */
  shieldZoneId: Type.Optional(positiveId()),
  /** ID of a pull zone: its shield zone is read. */
  pullZoneId: Type.Optional(positiveId()),
};

/** The arguments of `getEventLogSearch` (the window's instants are checked by the data source). */
export const getEventLogSearchArgsSchema = Type.Object(
  {
    ...zoneMembers,
    /**
     * Window start: a `Date`, an ISO 8601 date-time or Unix time in milliseconds; within the
     * last 72 hours.
     */
    from: anyValue<Date | string | number>(),
    /** Window end (exclusive), as `from`; after `from`. Default: the time of the call. */
    to: Type.Optional(anyValue<Date | string | number>()),
    /** Free text searched in IP, rule id, URL, User-Agent and rule name. */
    query: Type.Optional(Type.String()),
    /** Filters, combined with AND; a filter's values with OR. */
    filters: Type.Optional(
      Type.Array(
        Type.Object(
          {
            /** The event field the filter tests. */
            field: oneOf(EventLogFields),
            /** How the field is compared with the values. */
            op: oneOf(EventLogFilterOps),
            /** The values (at least one); the filter holds when any of them matches. */
            value: Type.Array(Type.String(), { minItems: 1 }),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    /** Dimensions to group by, in order (groups instead of rows). */
    groupBy: Type.Optional(Type.Array(oneOf(EventLogFields))),
    /** Time buckets of each group's `sparkline` (0: none; at most 500). */
    buckets: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    /** Rows (or groups) per page, 1–500 (default 500). */
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    /** Read at most this many pages (default: all). The result says if more were left. */
    maxPages: Type.Optional(positiveId()),
  },
  { additionalProperties: false },
);

/** The areas of `getShieldMetrics`. */
export const SHIELD_METRICS_AREAS = [
  "overview",
  "overages",
  "wafRule",
  "botDetection",
  "uploadScanning",
  "apiGuardian",
] as const;

/** The arguments of `getShieldMetrics` (which apply to which area: checked by the data source). */
export const getShieldMetricsArgsSchema = Type.Object(
  {
    ...zoneMembers,
    /** What to read: one of {@link SHIELD_METRICS_AREAS}. */
    area: oneOf(SHIELD_METRICS_AREAS),
    /** `overview`: start of the range (a `Date` or ISO 8601; a date alone: its start). */
    startDate: Type.Optional(anyValue<Date | string>()),
    /** `overview`: end of the range (a `Date` or ISO 8601; a date alone: its end). */
    endDate: Type.Optional(anyValue<Date | string>()),
    /** `overview`: the time resolution, by name. */
    resolution: Type.Optional(
      oneOf(Object.keys(MetricsOverviewResolution) as (keyof typeof MetricsOverviewResolution)[]),
    ),
    /** `overages`: the year (default: the current month's). */
    year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 9999 })),
    /** `overages`: the month, 1–12 (default: the current month). */
    month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    /** `wafRule`: the managed rule id (as `getManagedWafRules` lists them). */
    ruleId: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" })),
    /** `apiGuardian`: one endpoint's metrics instead of the zone's. */
    endpointId: Type.Optional(positiveId()),
  },
  { additionalProperties: false },
);
