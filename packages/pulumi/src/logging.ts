/** CDN logging area: access logs v2 (JSON) and v1 (pipe-delimited). */
export { getAccessLogs, getAccessLogsOutput, LogOrders } from "./functions/logging";
export type {
  GetAccessLogsArgs,
  StatusFilter,
  CacheStatusFilter,
  GetAccessLogsResult,
  AccessLogsOptions,
  LogOrder,
} from "./functions/logging";
export { getLegacyAccessLogs, getLegacyAccessLogsOutput } from "./functions/legacy-logging";
export type {
  GetLegacyAccessLogsArgs,
  GetLegacyAccessLogsResult,
  SkippedLine,
} from "./functions/legacy-logging";
export { CacheStatuses, LegacyLogFields } from "edgeplatform-client";
export type {
  AccessLogEntry,
  AccessLogQuery,
  AccessLogPage,
  LegacyAccessLogRecord,
  CacheStatus,
} from "edgeplatform-client";
