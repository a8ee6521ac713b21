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
  /** Id of the registry (what `registryId` selects). */
  id: number;
  /** Account the registry belongs to. */
  accountId: string;
  /** User who added the registry. */
  userId: string;
  /** Namespace of the registry. */
  namespaceId: string;
  /** Name shown for the registry. */
  displayName: string;
  /** Host name of the registry (`docker.io`, `ghcr.io`, ...). */
  hostName: string;
  /** User name the platform logs in to the registry with. */
  userName: string;
  /** First characters of the stored password (the password itself is never returned). */
  firstPasswordSymbols: string;
  /** Last characters of the stored password (the password itself is never returned). */
  lastPasswordSymbols: string;
  /** ISO 8601 UTC timestamp. */
  createdAt: string;
  /** Whether the registry is public (no credentials needed). */
  isPublic: boolean;
  /** Whether the platform manages the registry (not added by the user). */
  isPlatformManaged: boolean;
  /** ISO 8601 UTC timestamp. */
  lastUpdatedAt: string;
}

/** Application region settings (GET `/mc/apps/{appId}/region-settings`). */
export interface RegionSettings {
  /** Region identifiers the application may run in. */
  allowedRegionIds: string[];
  /** Regions the application must run in. */
  requiredRegionIds: string[];
  /** Maximum number of regions. May be absent on the live platform. */
  maxAllowedRegions?: number;
  /** How regions are provisioned (`ProvisioningTypes`; the spec does not list the values). */
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

/** A DNS record (`DnsRecordModel`; `Type` is a `DnsRecordType` number). */
export interface DnsRecord {
  Id: number;
  Type: number;
  Ttl: number;
  Value: string | null;
  Name: string | null;
  Weight: number;
  Priority: number;
  Port: number;
  Flags: number;
  Tag: string | null;
  Accelerated: boolean;
  AcceleratedPullZoneId: number;
  LinkName: string | null;
  MonitorStatus: number;
  MonitorType: number;
  GeolocationLatitude: number;
  GeolocationLongitude: number;
  EnviromentalVariables: { Name: string | null; Value: string | null }[] | null;
  LatencyZone: string | null;
  SmartRoutingType: number;
  Disabled: boolean;
  Comment: string | null;
  AutoSslIssuance: boolean;
  AccelerationStatus: number;
  [extra: string]: unknown;
}

/**
 * A DNS zone (`DnsZoneModel`, GET `/dnszone/{id}`): its settings and, embedded, its records
 * (`Records`, every one of them: a zone is read in one call).
 */
export interface DnsZone {
  Id: number;
  Domain: string;
  DnsSecEnabled: boolean;
  Records?: DnsRecord[] | null;
  DateCreated?: string;
  DateModified?: string;
  NameserversDetected?: boolean;
  CustomNameserversEnabled?: boolean;
  Nameserver1?: string | null;
  Nameserver2?: string | null;
  SoaEmail?: string | null;
  NameserversNextCheck?: string;
  LoggingEnabled?: boolean;
  LoggingIPAnonymizationEnabled?: boolean;
  LogAnonymizationType?: number | null;
  CertificateKeyType?: number;
  [extra: string]: unknown;
}

/** A page of a DNS list (`PaginationListModelOf…`): GET `/dnszone`, `/dnszone/{id}/records`. */
export interface DnsPage<T> {
  Items: T[];
  CurrentPage: number;
  TotalItems: number;
  HasMoreItems: boolean;
}

/** Result of POST `/dnszone/{zoneId}/import` (`DnsZoneImportResultModel`). */
export interface DnsZoneImportResult {
  RecordsSuccessful: number;
  RecordsFailed: number;
  RecordsSkipped: number;
}

/** Query statistics of a DNS zone (`DnsZoneStatisticsModel`; charts: ISO date-time → value). */
export interface DnsZoneStatistics {
  TotalQueriesServed: number;
  QueriesServedChart: Record<string, number> | null;
  NormalQueriesServedChart: Record<string, number> | null;
  SmartQueriesServedChart: Record<string, number> | null;
  QueriesByTypeChart: Record<string, number> | null;
}

/** Answer of POST `/dnszone/records/scan` (`DnsZoneRecordScanTriggerResponse`). */
export interface DnsRecordScanTrigger {
  JobId: string;
  Status: number;
}

/** A record found by a scan (`DnsZoneDiscoveredRecordModel`; `Name` `@` is the apex). */
export interface DnsDiscoveredRecord {
  Name: string | null;
  Type: number | null;
  Ttl: number | null;
  Value: string | null;
  Priority: number | null;
  Weight: number | null;
  Port: number | null;
  IsProxied: boolean;
}

/** The latest record scan of a zone (`DnsZoneRecordScanJobResponse`). */
export interface DnsRecordScanJob {
  JobId: string;
  ZoneId: number | null;
  Domain: string | null;
  AccountId: string | null;
  Status: number;
  CreatedAt: string;
  CompletedAt: string | null;
  Records: DnsDiscoveredRecord[] | null;
  Error: string | null;
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
  /** Id of the log entry. */
  logId: string;
  /** Epoch milliseconds. */
  timestamp: number;
  /** The log line. */
  log: string;
  /** Labels of the event (all strings, as the platform sends them). */
  labels: {
    /** Autonomous system number of the client. */
    asn: string;
    /** Country of the client. */
    country: string;
    /** Id of the rule that matched. */
    ruleId: string;
    /** Severity of the match. */
    severity: string;
    /** HTTP method of the request. */
    method: string;
    /** Group of the rule that matched. */
    ruleGroup: string;
    /** HTTP status of the answer. */
    status: string;
    /** Edge server zone that handled the request. */
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
  /** Pull zone that served the request. */
  pullZoneId: number;
  /** Id of the request. */
  requestId: string;
  /** Cache status (`HIT`, `MISS`, ...; `CacheStatuses`). */
  cacheStatus: CacheStatus;
  /** HTTP status code of the answer. */
  statusCode: number;
  /** Bytes sent to the client (headers and body). */
  bytesSent: number;
  /** IP address of the client. */
  remoteIp: string;
  /** Two-letter country code of the client. */
  countryCode: string;
  /** Edge location code that served the request. */
  edgeLocation: string;
  /** URL scheme (`http`, `https`). */
  scheme: string;
  /** Host name of the request. */
  host: string;
  /** Path of the request. */
  path: string;
  /** Full URL of the request. */
  url: string;
  /** User agent of the client. */
  userAgent: string;
  /** Referer of the request. */
  referer: string;
  /** Bytes of the body sent to the client. */
  bodyBytesSent: number;
  /** `Content-Range` of the answer (empty when none). */
  contentRange: string;
  /** `Authorization` header of the request, as the platform logs it. */
  authorizationHeader: string;
  /** JA4 TLS fingerprint of the client. */
  ja4Fingerprint: string;
  /** Autonomous system number of the client. */
  asn: number;
  /** Organization of the client's autonomous system. */
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
  /** Cache status (`HIT`, `MISS`, ...). */
  cacheStatus: string;
  /** HTTP status code of the answer. */
  statusCode: number;
  /** Epoch milliseconds. */
  timestamp: number;
  /** Bytes sent to the client. */
  bytesSent: number;
  /** Pull zone that served the request. */
  pullZoneId: number;
  /** IP address of the client. */
  remoteIp: string;
  /** Referer of the request. */
  referer: string;
  /** Full URL of the request. */
  url: string;
  /** Edge location code that served the request. */
  edgeLocation: string;
  /** User agent of the client. */
  userAgent: string;
  /** Id of the request. */
  requestId: string;
  /** Two-letter country code of the client. */
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
