/**
 * The TypeBox declarations of the arguments of the pull-zone statistics data sources
 * (pullzones-statistics.ts) (a schema module: the build precompiles each exported `*Schema`,
 * and the data sources refer to them with `schemaRef`, so loading the data sources loads
 * neither TypeBox nor ajv's compiler; see edgeplatform-client's `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { anyValue, positiveId } from "./schema-helpers";

export const getPullZoneStatisticsArgsSchema = Type.Object(
  {
    /** ID of the pull zone (a PullZone's `pullZoneId` output). */
    pullZoneId: positiveId(),
    /**
     * Start of the range: a `Date`, an ISO 8601 date-time with a time zone, or a date
     * (`"2024-05-01"`: the start of that day in UTC). Default: 30 days before `dateTo`.
     */
    dateFrom: Type.Optional(anyValue<Date | string>()),
    /**
     * End of the range, not before `dateFrom`: like `dateFrom`, but a date (`"2024-05-02"`)
     * is the end of that day in UTC (`2024-05-02T23:59:59.999Z`). Default: now.
     */
    dateTo: Type.Optional(anyValue<Date | string>()),
    /**
     * Group the charts by hour instead of by day (default false). By hour, the range keeps
     * its hours; by day, the platform widens it to whole UTC days.
     */
    hourly: Type.Optional(Type.Boolean()),
    /** Only the traffic of this region (the platform's server zone id); default: every region. */
    serverZoneId: Type.Optional(positiveId()),
  },
  { additionalProperties: false },
);

/** Arguments of the per-zone statistics (optimizer, SafeHop, origin-shield queue). */
export const pullZoneStatisticsRangeArgsSchema = Type.Object(
  {
    /** ID of the pull zone (a PullZone's `pullZoneId` output). */
    pullZoneId: positiveId(),
    /**
     * Start of the range: a `Date`, an ISO 8601 date-time with a time zone, or a date
     * (`"2024-05-01"`: the start of that day in UTC). Default: 30 days before `dateTo`.
     */
    dateFrom: Type.Optional(anyValue<Date | string>()),
    /**
     * End of the range, not before `dateFrom`: like `dateFrom`, but a date (`"2024-05-02"`)
     * is the end of that day in UTC (`2024-05-02T23:59:59.999Z`). Default: now.
     */
    dateTo: Type.Optional(anyValue<Date | string>()),
    /** Group the charts by hour instead of by day (default false). */
    hourly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
