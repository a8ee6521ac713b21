/**
 * The TypeBox declarations of the arguments of the v2 logging data source (logging.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { accessLogQuerySchema, Limits } from "edgeplatform-client/spec";
import { anyValue, positiveId } from "./schema-helpers";
import type { CacheStatusFilter, StatusFilter } from "./logging";

const q = accessLogQuerySchema.properties;
export const getAccessLogsArgsSchema = Type.Object(
  {
    /** ID of the pull zone (logging must be enabled on it). */
    pullZoneId: positiveId(),
    /** Start of the window (inclusive): a `Date` or ISO 8601 string. Default `to` − 24 h. */
    from: Type.Optional(anyValue<Date | string>()),
    /** End of the window (exclusive): a `Date` or ISO 8601 string. Default now. */
    to: Type.Optional(anyValue<Date | string>()),
    /** Status codes or classes, e.g. `404`, `"5xx"`, `"200,304"`, `[200, "5xx"]`. */
    status: Type.Optional(anyValue<StatusFilter>()),
    /** Cache statuses (`HIT`, `MISS`, `BYPASS`, `REVALIDATED`, `STALE`, `UPDATING`, `-`). */
    cacheStatus: Type.Optional(anyValue<CacheStatusFilter>()),
    /** Stop after this many records (default: all). The result says if more were left. */
    maxRecords: Type.Optional(positiveId()),
    // The spec's fields, one by one: a `Type.Composite` or a spread of a `Type.Pick` loses
    // the fields' doc comments in the emitted .d.ts (the schemas are the spec's own).
    /** Two-letter country code of the client. */
    country: q.country,
    /** Edge location code. */
    edgeLocation: q.edgeLocation,
    /** Exact client IP. */
    remoteIp: q.remoteIp,
    /** Substring of the URL. */
    urlContains: q.urlContains,
    /** Substring of the user agent. */
    userAgentContains: q.userAgentContains,
    /** Substring of the referer. */
    refererContains: q.refererContains,
    /** One request ID. */
    requestId: q.requestId,
    /** Free-text search, at most 16 whitespace-separated tokens. */
    search: q.search,
    /** Include origin-shield requests (platform default false). */
    includeOriginShield: q.includeOriginShield,
    /** `"asc"` (oldest first) or `"desc"` (newest first, the platform default). */
    order: q.order,
  },
  { additionalProperties: false },
);

export const pageSizeArgsSchema = Type.Object({
  /** Records per request. */
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.accessLogMaxLimit })),
});
