/**
 * The TypeBox declarations of the arguments of the compute data sources (compute.ts,
 * compute-scripts.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { EdgeScriptType } from "edgeplatform-client/spec/runtime";
import { anyValue, positiveId } from "./schema-helpers";

/** A script type's name (`EdgeScriptType`: `"CDN"` is a standalone script). */
export type EdgeScriptTypeName = keyof typeof EdgeScriptType;

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

export const getEdgeScriptArgsSchema = Type.Object(
  {
    /** ID of the edge script. */
    scriptId: positiveId(),
    /**
     * Also return the saved code itself (`code`). Default false: only its sha256 and size.
     */
    includeCode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const getEdgeScriptsArgsSchema = Type.Object(
  {
    /** Only the scripts whose name contains this text (the platform's `search`). */
    search: Type.Optional(Type.String()),
    /**
     * Only the scripts of this type: `"CDN"` (standalone), `"Middleware"` or `"DNS"`, or its
     * published number (1, 2, 0).
     */
    type: Type.Optional(
      Type.Unsafe<EdgeScriptTypeName | EdgeScriptType>({
        enum: [...Object.keys(EdgeScriptType), ...Object.values(EdgeScriptType)],
      }),
    ),
  },
  { additionalProperties: false },
);

export const getReleasesArgsSchema = Type.Object(
  {
    /** ID of the edge script. */
    scriptId: positiveId(),
  },
  { additionalProperties: false },
);
