/**
 * edgeplatform-client: the plain API client of the edge/CDN platform (no Pulumi) and the
 * spec's enumerations and types. JSON schemas and validation: `edgeplatform-client/spec`.
 */
export { Client } from "./api/client";
export type { ClientOptions, RetryInfo } from "./api/client";
export {
  EdgeApiError,
  decodeErrorBody,
  embeddedStatusOf,
  findEmbeddedFailure,
  redact,
} from "./api/errors";
export type { EdgeApiErrorInit, FieldError, DecodedError } from "./api/errors";
export { InvalidArgumentError } from "./api/invalid-argument";
export { ShieldApi, shieldEndpoints } from "./api/shield";
export type {
  RateLimitWriteResult,
  PageProgress,
  EventLogPagesOptions,
  ListAllOptions,
} from "./api/shield";
export { WafApi, wafEndpoints } from "./api/waf";
export { ShieldZonesApi, shieldZoneEndpoints } from "./api/shield-zones";
export type { ShieldZoneWriteResult } from "./api/shield-zones";
export type { WafRuleWriteResult } from "./api/waf";
export { AccessListsApi, accessListEndpoints } from "./api/access-lists";
export { ShieldBotsApi, shieldBotsEndpoints } from "./api/shield-bots";
export { ShieldMetricsApi, shieldMetricsEndpoints } from "./api/shield-metrics";
export {
  ShieldEventSearchApi,
  shieldEventSearchEndpoints,
  EVENT_LOG_SEARCH_WINDOW_MS,
} from "./api/shield-event-search";
export { WafReviewApi, wafReviewEndpoints } from "./api/shield-waf-review";
export { ShieldCatalogApi, shieldCatalogEndpoints } from "./api/shield-catalog";
export { ShieldZoneActionsApi, shieldZoneActionsEndpoints } from "./api/shield-zone-actions";
export type {
  AccessListWriteResult,
  AccessListConfigurationResult,
  AccessListConfigurationState,
  AccessListWithConfiguration,
} from "./api/access-lists";
export { DnsApi, dnsEndpoints, normalizeDnsRecord } from "./api/dns";
export { normalDigestType } from "./api/dnssec";
export { ContainersApi, containersEndpoints } from "./api/containers";
export type { ContainersMethod, McPageQuery } from "./api/containers";
export * from "./spec/containers-enums";
export type * from "./spec/containers-schemas";
export { ComputeApi, computeEndpoints, statisticsRange } from "./api/compute";
export type { ScriptStatisticsQuery } from "./api/compute";
export { PullZonesApi, pullZonesEndpoints } from "./api/pullzones";
export type { NameAvailabilityAnswer, WithEnumNames } from "./api/pullzones";
export {
  checkedRange,
  PullZoneStatisticsApi,
  pullZoneStatisticsEndpoints,
} from "./api/pullzone-statistics";
export type { StatisticsRange, TrafficStatisticsQuery } from "./api/pullzone-statistics";
export { LoggingApi, loggingEndpoints } from "./api/logging";
export type {
  AccessLogPagesOptions,
  LegacyAccessLogQuery,
  LegacyAccessLogRecordsOptions,
} from "./api/logging";
export { SlidingWindowLimiter, realClock } from "./api/limiter";
export type { RateLimit, Permit, LimiterClock } from "./api/limiter";
export { formatEventLogDate, formatLegacyLogDate, toIsoDateTime } from "./api/dates";
export type { DateTimeOptions } from "./api/dates";
export { Transport, TRANSPORT_DEFAULTS, parseRetryAfter, backoffDelay } from "./api/transport";
export type {
  EndpointDef,
  CallInput,
  ApiResponse,
  HttpMethod,
  ApiKind,
  RequestOptions,
  Caller,
} from "./api/transport";
export {
  parseLegacyLogLine,
  parseLegacyLogStream,
  parseLegacyLogBatches,
  LegacyLogParseError,
} from "./api/legacy-log-parser";
export type { LegacyParseWarning, LegacyParseOptions } from "./api/legacy-log-parser";
export {
  resolveSettings,
  resolveClientTuning,
  MissingSettingError,
  InvalidSettingError,
  UnsendableSettingError,
  SETTING_SOURCES,
  TUNING_SOURCES,
  CONFIG_NAMESPACE,
  describeUrl,
  refusedCredentialHint,
  unreachableHint,
  UNREACHABLE_CODES,
} from "./settings";
export type {
  EdgeSettings,
  ResolvedSettings,
  ConfigSource,
  ClientTuning,
  SettingName,
  SettingSourceMap,
  ExplicitSourceName,
} from "./settings";
export {
  RateLimitAction,
  OperatorType,
  SeverityType,
  TransformationType,
  CounterKeyType,
  Timeframe,
  BlockTime,
  VariableNames,
  CacheStatuses,
  ProvisioningTypes,
  LegacyLogFields,
  WafRuleAction,
  AccessListType,
  AccessListAction,
  AccessListCategory,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  DDoSShieldSensitivity,
  DDoSExecutionMode,
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
  UploadScanningScannerMode,
  UnmatchedPathAction,
  CustomPageTypes,
  ShieldZoneEnumsByField,
  ApiGuardianEnumsByField,
} from "./spec/enums";
export {
  BotCategory,
  BotCategorizationAction,
  BotCategoryAction,
  ReviewActionType,
  MetricsOverviewResolution,
  ApiGuardianRateLimitTimeframe,
  ApiGuardianRateLimitTypes,
  EventLogFields,
  EventLogFilterOps,
} from "./spec/shield-operation-enums";
export {
  DnsRecordType,
  DnsMonitoringType,
  DnsMonitoringStatus,
  DnsSmartRoutingType,
  DnsLogAnonymizationType,
  DnsCertificateKeyType,
  DnsAcceleratedStatus,
  DnsViewType,
  DnsScanJobStatus,
  CaaTags,
  DnsRecordTypeFields,
  checkDnsRecord,
} from "./spec/dns-records";
export type { DnsRecordTypeName, DnsRecordTypeValue } from "./spec/dns-records";
// Pull zones: the published enumerations and operations (generated), and the shapes' types.
export * from "./spec/pullzone-enums";
export type * from "./spec/pullzone-schemas";
// Edge scripting.
export { EdgeScriptType, EdgeScriptReleaseStatus, EdgeScriptLimits } from "./spec/script-enums";
export type {
  AddEdgeScriptRequest,
  AddEdgeScriptVariableRequest,
  EdgeScriptCodeRequest,
  EdgeScriptListQuery,
  EdgeScriptReleaseListQuery,
  EdgeScriptSecretRequest,
  PublishEdgeScriptRequest,
  UpdateEdgeScriptRequest,
  UpdateEdgeScriptVariableRequest,
  UpsertEdgeScriptVariableRequest,
} from "./spec/script-schemas";
export type {
  EdgeScript,
  EdgeScriptCode,
  EdgeScriptLinkedPullZone,
  EdgeScriptPage,
  EdgeScriptRelease,
  EdgeScriptSecret,
  EdgeScriptVariable,
} from "./spec/script-types";
export type {
  AddDnsRecordRequest,
  AddDnsZoneRequest,
  DnsRecordListQuery,
  DnsRecordScanRequest,
  DnsZoneAvailabilityRequest,
  DnsZoneListQuery,
  DnsZoneStatisticsQuery,
  UpdateDnsRecordRequest,
  UpdateDnsZoneRequest,
} from "./spec/dns-schemas";
export type {
  OptimizerStatisticsModel,
  OriginShieldConcurrencyStatisticsModel,
  PullZoneStatisticsRangeQuery,
  SafeHopStatisticsModel,
  StatisticsModel,
  StatisticsQuery,
} from "./spec/pullzone-statistics-schemas";
export type {
  ApiGuardianEndpoint,
  ApiGuardianEndpointUpdate,
  ApiGuardianMetrics,
  BotActionRequest,
  BotCategorization,
  BotCategorizationGroup,
  BotCategorizationList,
  BotCategoryActionRequest,
  BotCategoryDetails,
  BotDetectionMetrics,
  DetailedMetricsOverview,
  DetailedMetricsQuery,
  EnumMaps,
  EventGroup,
  EventLogExportRequest,
  EventLogFilter,
  EventLogSearchRequest,
  EventLogSearchResult,
  EventRow,
  MappedEnum,
  MonthlyOverages,
  OverageSegment,
  OveragesQuery,
  OverviewMetric,
  RateLimitRuleMetrics,
  ReviewTriggeredRuleRequest,
  TriggeredRule,
  TriggeredRuleRecommendation,
  TriggeredRules,
  UnderAttackRequest,
  UploadScanningMetrics,
  WafProfile,
  WafRuleMetrics,
  WafRulesByPlan,
} from "./spec/shield-operation-schemas";
export {
  validateAccessListEntries,
  accessListEntryProblem,
  accessListEntries,
  accessListContent,
} from "./spec/access-list-entries";
export type {
  RateLimitActionValue,
  WafRuleActionValue,
  AccessListTypeValue,
  AccessListActionValue,
  ShieldPlanTypeValue,
  WafExecutionModeValue,
  WafPayloadLimitActionValue,
  DDoSShieldSensitivityValue,
  DDoSExecutionModeValue,
  BotDetectionExecutionModeValue,
  BotDetectionSensitivityValue,
  BrowserFingerprintAggressionValue,
  UploadScanningScannerModeValue,
  UnmatchedPathActionValue,
  CustomPageType,
  ShieldZoneSettings,
  ShieldZoneRequest,
  ShieldZoneDefaults,
  SuggestedAccessList,
  ShieldZoneResponse,
  CreateShieldZoneRequest,
  UpdateShieldZoneRequest,
  ShieldZonePullZoneMapping,
  WafEngineConfigItem,
  ManagedWafRule,
  ManagedWafRuleGroup,
  ManagedWafRuleset,
  BotDetection,
  BotDetectionUpdate,
  UploadScanning,
  UploadScanningUpdate,
  ApiGuardian,
  ApiGuardianUpdate,
  ApiGuardianSpecRequest,
  ShieldMetricsOverview,
  RateLimitMetrics,
  WafRuleConfiguration,
  CreateCustomWafRuleRequest,
  UpdateCustomWafRuleRequest,
  CustomWafRule,
  CustomWafRuleList,
  AccessListDetails,
  ZoneAccessLists,
  CustomAccessList,
  CustomAccessListResponse,
  CreateAccessListRequest,
  UpdateAccessListRequest,
  AccessListConfigurationRequest,
  PageInfo,
  OperatorTypeValue,
  SeverityTypeValue,
  TransformationTypeValue,
  CounterKeyTypeValue,
  TimeframeValue,
  BlockTimeValue,
  VariableName,
  CacheStatus,
  VariableTypes,
  ChainedRuleCondition,
  RateLimitRuleConfiguration,
  UpdateRateLimitRequest,
  CreateRateLimitRequest,
  ShieldZoneByPullZone,
  AccessLogQuery,
  LogOrder,
  GenericRequestResponse,
  RateLimitRule,
  RateLimitRuleList,
  AcceptedResult,
  ContainerRegistry,
  RegionSettings,
  DnssecInfo,
  DnsZone,
  DnsRecord,
  DnsPage,
  DnsZoneImportResult,
  DnsZoneStatistics,
  DnsRecordScanTrigger,
  DnsRecordScanJob,
  DnsDiscoveredRecord,
  Volume,
  VolumeInstance,
  VolumeList,
  VolumeDeletionResult,
  ScriptStatistics,
  EventLogEntry,
  EventLogPage,
  NameAvailability,
  AccessLogEntry,
  AccessLogPage,
  LegacyAccessLogRecord,
} from "./spec";
