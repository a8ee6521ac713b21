/** CDN logging area: access logs v2 (JSON) and v1 (pipe-delimited). */
export {
  getAccessLogs,
  getAccessLogsOutput,
  getLegacyAccessLogs,
  getLegacyAccessLogsOutput,
  LogOrders,
} from "./functions/logging";
export type {
  GetAccessLogsResult,
  GetLegacyAccessLogsResult,
  AccessLogsOptions,
  SkippedLine,
  LogOrder,
} from "./functions/logging";
export {
  parseLegacyLogLine,
  parseLegacyLogStream,
  LegacyLogParseError,
} from "./api/legacy-log-parser";
export type { LegacyParseWarning } from "./api/legacy-log-parser";
export { CacheStatuses, LegacyLogFields } from "./schema";
export type {
  AccessLogEntry,
  AccessLogQuery,
  AccessLogPage,
  LegacyAccessLogRecord,
  CacheStatus,
} from "./schema";
