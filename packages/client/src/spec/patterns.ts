/**
 * Plain values of the spec's query declarations (date patterns, sort orders, status lists,
 * text filters), apart from `schemas.ts` so that reading them does not load TypeBox
 * (`edgeplatform-client/spec` and `spec/runtime` both export them).
 */

/** `MM-dd-yyyy` (shield event logs). */
export const eventLogDatePattern = "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$";
/** `MM-dd-yy` (v1 access logs). */
export const legacyLogDatePattern = "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{2}$";

/** Sort orders of both logging versions: oldest first / newest first (platform default). */
export const LogOrders = ["asc", "desc"] as const;
/** A sort order: `"asc"` (oldest first) or `"desc"` (newest first, the platform default). */
export type LogOrder = (typeof LogOrders)[number];

/** `200`, `4xx`, or a comma-separated list of them (v2 `status`). */
export const statusListPattern = "^([1-5][0-9][0-9]|[1-5]xx)(,([1-5][0-9][0-9]|[1-5]xx))*$";

/**
 * The v2 filters that pass through as plain strings (the data source `getAccessLogs` takes
 * them as they are; `status`, `cacheStatus`, `search` and the window have their own forms).
 */
export const AccessLogTextFilters = [
  "country",
  "edgeLocation",
  "remoteIp",
  "urlContains",
  "userAgentContains",
  "refererContains",
  "requestId",
] as const;
