/** CDN logging area: access logs v2 (JSON) and v1 (pipe-delimited). */
export {
  getAccessLogs,
  getAccessLogsOutput,
  getLegacyAccessLogs,
  getLegacyAccessLogsOutput,
  LogOrders,
} from "./functions/logging";
export type {
  GetAccessLogsArgs,
  GetLegacyAccessLogsArgs,
  StatusFilter,
  CacheStatusFilter,
  GetAccessLogsResult,
  GetLegacyAccessLogsResult,
  AccessLogsOptions,
  SkippedLine,
  LogOrder,
} from "./functions/logging";
export { CacheStatuses, LegacyLogFields } from "edgeplatform-client";
export type {
  AccessLogEntry,
  AccessLogQuery,
  AccessLogPage,
  LegacyAccessLogRecord,
  CacheStatus,
} from "edgeplatform-client";
