/** The platform HTTP client: `Client`, its area APIs, `EdgeApiError` and helpers. */
export { Client } from "./client";
export type { ClientOptions, RetryInfo } from "./client";
export {
  EdgeApiError,
  decodeErrorBody,
  embeddedStatusOf,
  findEmbeddedFailure,
  redact,
} from "./errors";
export type { EdgeApiErrorInit, FieldError, DecodedError } from "./errors";
export { ShieldApi, shieldEndpoints } from "./shield";
export type { RateLimitWriteResult, PageProgress, EventLogPagesOptions } from "./shield";
export { DnsApi, dnsEndpoints } from "./dns";
export { ContainersApi, containersEndpoints } from "./containers";
export { ComputeApi, computeEndpoints } from "./compute";
export type { ScriptStatisticsQuery } from "./compute";
export { PullZonesApi, pullZonesEndpoints } from "./pullzones";
export type { NameAvailabilityAnswer } from "./pullzones";
export { LoggingApi, loggingEndpoints } from "./logging";
export type {
  AccessLogPagesOptions,
  LegacyAccessLogQuery,
  LegacyAccessLogRecordsOptions,
} from "./logging";
export { SlidingWindowLimiter, realClock } from "./limiter";
export type { RateLimit, Permit, LimiterClock } from "./limiter";
export { formatEventLogDate, formatLegacyLogDate, toIsoDateTime } from "./dates";
export { Transport, TRANSPORT_DEFAULTS, parseRetryAfter, backoffDelay } from "./transport";
export type {
  EndpointDef,
  CallInput,
  ApiResponse,
  HttpMethod,
  ApiKind,
  RequestOptions,
  Caller,
} from "./transport";
