/**
 * The TypeBox declarations of the arguments of the v1 logging data source (legacy-logging.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { legacyAccessLogQuerySchema } from "edgeplatform-client/spec";
import { anyValue, oneOf, positiveId } from "./schema-helpers";
import type { StatusFilter } from "./logging";

const q = legacyAccessLogQuerySchema.properties;
export const getLegacyAccessLogsArgsSchema = Type.Object(
  {
    /** ID of the pull zone (logging must be enabled on it). */
    pullZoneId: positiveId(),
    /**
     * The UTC day: a `Date`, `MM-dd-yy`, `MM-dd-yyyy` or an ISO 8601 date. Only today and
     * the two previous days (UTC) are retained.
     */
    date: anyValue<Date | string>(),
    /** Status codes or classes, e.g. `404`, `"5xx"`, `"200,304"`. */
    status: Type.Optional(anyValue<StatusFilter>()),
    /**
     * Malformed lines: `"skip"` (default; listed in `skippedLines`) or `"fail"` (the call
     * fails with a `LegacyLogParseError` carrying the line number).
     */
    onMalformed: Type.Optional(oneOf(["skip", "fail"] as const)),
    // The spec's fields, one by one: a `Type.Composite` or a spread of a `Type.Pick` loses
    // the fields' doc comments in the emitted .d.ts (the schemas are the spec's own).
    /** First line of the window (0-based, platform semantics). */
    start: q.start,
    /** End line of the window; not before `start`. */
    end: q.end,
    /** Free-text search. */
    search: q.search,
    /** `"asc"` (oldest first) or `"desc"` (newest first). */
    order: q.order,
  },
  { additionalProperties: false },
);
