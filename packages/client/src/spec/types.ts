/**
 * The platform's answers (response bodies), as TypeScript types. These shapes are read, not
 * validated (the transport checks the few fields it relies on), so they have no JSON schema;
 * request bodies and queries are declared with their schemas in `schemas.ts`.
 */
import type { CacheStatus, LoggingErrorCode } from "./enums";
import type { RateLimitRuleConfiguration, ShieldZoneByPullZone } from "./schemas";

/** Embedded result object (`GenericRequestResponse`). */
export interface GenericRequestResponse {
  statusCode?: number;
  success?: boolean;
  message?: string | null;
  errorKey?: string | null;
}

/** A rate-limit rule as the platform returns it. */
export interface RateLimitRule {
  id: number;
  shieldZoneId: number;
  userId?: string | null;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleJson?: string | null;
  ruleConfiguration?: RateLimitRuleConfiguration;
  errorResponse?: GenericRequestResponse | null;
}

/** Body of a 202 Accepted answer. */
export interface AcceptedResult {
  location?: string | null;
  value?: unknown;
  formatters?: object[] | null;
  contentTypes?: string[] | null;
  declaredType?: string | null;
  statusCode?: number | null;
}

/** Body of an unauthorized answer of the rate-limit update. */
export interface UnauthorizedResult {
  statusCode: number;
}

/** GET `/shield/rate-limits/{shieldZoneId}` page. */
export interface RateLimitRuleList {
  data: RateLimitRule[];
  page: {
    totalCount: number;
    totalPages: number;
    currentPage: number;
    nextPage: number | null;
    pageSize: number;
  };
  error?: GenericRequestResponse | null;
}

/** A container registry (GET `/mc/registries/{registryId}`). */
export interface ContainerRegistry {
  id: number;
  accountId: string;
  userId: string;
  namespaceId: string;
  displayName: string;
  hostName: string;
  userName: string;
  firstPasswordSymbols: string;
  lastPasswordSymbols: string;
  /** ISO 8601 UTC timestamp. */
  createdAt: string;
  isPublic: boolean;
  isPlatformManaged: boolean;
  /** ISO 8601 UTC timestamp. */
  lastUpdatedAt: string;
}

/** Application region settings (GET `/mc/apps/{appId}/region-settings`). */
export interface RegionSettings {
  allowedRegionIds: string[];
  requiredRegionIds: string[];
  /** May be absent on the live platform. */
  maxAllowedRegions?: number;
  provisioningType: "static" | "dynamic";
}

/** DNSSEC record of a DNS zone (POST/DELETE `/dnszone/{id}/dnssec`). */
export interface DnssecInfo {
  Enabled: boolean;
  DsRecord: string;
  Digest: string;
  DigestType: string;
  Algorithm: number;
  PublicKey: string;
  KeyTag: number;
  Flags: number;
  DsConfigured: boolean;
}

/** A DNS zone (GET `/dnszone/{id}`), the fields the provider uses. */
export interface DnsZone {
  Id: number;
  Domain: string;
  DnsSecEnabled: boolean;
  [extra: string]: unknown;
}

/** One instance of a volume template. */
export interface VolumeInstance {
  id: string;
  attachedContainers: string[];
  region: string;
  status: string;
  size: number;
  usage: number;
}

/** One volume template of an application. */
export interface Volume {
  id: string;
  name: string;
  size: number;
  totalInstancesCount: number;
  attachedInstancesCount: number;
  volumeInstances: VolumeInstance[];
}

/** GET `/mc/apps/{appId}/volumes`. */
export interface VolumeList {
  items: Volume[];
  meta: { totalItems: number };
}

/** DELETE `/mc/apps/{appId}/volumes/{volumeId}`. */
export interface VolumeDeletionResult {
  ids: string[];
}

/** Edge script statistics. Charts map a timestamp string to a number. */
export interface ScriptStatistics {
  TotalRequestsServed: number;
  TotalCpuUsed: number;
  TotalMonthlyCost: number;
  AverageCpuTimePerExecution: number;
  RequestsServedChart: Record<string, number>;
  AverageCpuTimeChart: Record<string, number>;
  TotalCpuTimeChart: Record<string, number>;
}

/** Shield event log entry. */
export interface EventLogEntry {
  logId: string;
  /** Epoch milliseconds. */
  timestamp: number;
  log: string;
  labels: {
    asn: string;
    country: string;
    ruleId: string;
    severity: string;
    method: string;
    ruleGroup: string;
    status: string;
    serverZone: string;
  };
}

/** One page of shield event logs. */
export interface EventLogPage {
  logs: EventLogEntry[];
  hasMoreData: boolean;
  continuationToken: string;
  startToken?: string;
  errorResponse?: GenericRequestResponse | null;
}

/** POST `/pullzone/checkavailability` success body. */
export interface NameAvailability {
  Available: boolean;
}

/** Availability-check error body. */
export interface AvailabilityError {
  ErrorKey: string;
  Field: string;
  Message: string;
}

/** One v2 access-log record. */
export interface AccessLogEntry {
  /** ISO 8601 timestamp. */
  timestamp: string;
  pullZoneId: number;
  requestId: string;
  cacheStatus: CacheStatus;
  statusCode: number;
  bytesSent: number;
  remoteIp: string;
  countryCode: string;
  edgeLocation: string;
  scheme: string;
  host: string;
  path: string;
  url: string;
  userAgent: string;
  referer: string;
  bodyBytesSent: number;
  contentRange: string;
  authorizationHeader: string;
  ja4Fingerprint: string;
  asn: number;
  asnOrganization: string;
}

/** One v2 page. */
export interface AccessLogPage {
  data: AccessLogEntry[];
  pagination: { offset: number; limit: number; returned: number; hasMore: boolean };
  query: { pullZoneId: number; from: string; to: string; order: "asc" | "desc" };
}

/** Logging API error body. */
export interface LoggingErrorBody {
  error: { code: LoggingErrorCode; message: string; details: unknown[] };
}

/** One parsed v1 (pipe-delimited) access-log line. Empty fields (`-`) are `""`. */
export interface LegacyAccessLogRecord {
  cacheStatus: string;
  statusCode: number;
  /** Epoch milliseconds. */
  timestamp: number;
  bytesSent: number;
  pullZoneId: number;
  remoteIp: string;
  referer: string;
  url: string;
  edgeLocation: string;
  userAgent: string;
  requestId: string;
  countryCode: string;
  /** Extended logging only. */
  bodyBytesSent?: number;
  /** Extended logging only. */
  rangeHeader?: string;
  /** Extended logging only. */
  authorizationHeader?: string;
}

/** Body of `get-by-pullzone`: `data` on success, or `data: null` with an embedded `error`. */
export interface ShieldZoneByPullZoneResponse {
  data: ShieldZoneByPullZone | null;
  error?: GenericRequestResponse | null;
}
