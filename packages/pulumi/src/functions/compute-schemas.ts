/**
 * The TypeBox declarations of the arguments of the compute data sources (compute.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { anyValue, positiveId } from "./schema-helpers";

export const getScriptStatisticsArgsSchema = Type.Object(
  {
    /** ID of the edge script. */
    scriptId: positiveId(),
    /**
     * Start of the range: a `Date`, an ISO 8601 date-time with a time zone, or a date
     * (`"2024-05-01"`: the start of that day in UTC).
     */
    dateFrom: Type.Optional(anyValue<Date | string>()),
    /**
     * End of the range, not before `dateFrom`: like `dateFrom`, but a date (`"2024-05-02"`)
     * is the end of that day in UTC (`2024-05-02T23:59:59.999Z`).
     */
    dateTo: Type.Optional(anyValue<Date | string>()),
    /** Load the most recent data as soon as available (platform default false). */
    loadLatest: Type.Optional(Type.Boolean()),
    /** Group the charts by hour instead of by day (platform default false). */
    hourly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
