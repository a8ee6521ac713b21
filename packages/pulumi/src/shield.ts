/**
 * Shield (WAF) area: the rule, access-list and zone-settings resources, the data sources and
 * every enumeration their inputs take (named constants: `edge.shield.DDoSShieldSensitivity.High`
 * is the integer the API takes; `check` stores and shows the name).
 */
export { RateLimitRule } from "./resources/public/rate-limit-rule";
export type {
  RateLimitRuleArgs,
  RateLimitRuleAdoptArgs,
  RateLimitRuleCreateInShieldZoneArgs,
  RateLimitRuleCreateInPullZoneArgs,
  RateLimitRuleCommonArgs,
  RateLimitRuleConfigurationArgs,
  ChainedRuleConditionArgs,
  RateLimitRuleState,
  RateLimitRuleConfigurationState,
  RateLimitRuleConfigurationStateOf,
  ChainedRuleConditionState,
  NoUnknownConfigurationFields,
} from "./resources/public/rate-limit-rule";
export { WafRule } from "./resources/public/waf-rule";
export { AccessList } from "./resources/public/access-list";
export type {
  AccessListArgs,
  AccessListAdoptArgs,
  AccessListCreateInShieldZoneArgs,
  AccessListCreateInPullZoneArgs,
  AccessListCommonArgs,
  AccessListState,
  AccessListField,
  AccessListTypeInput,
  AccessListActionInput,
} from "./resources/public/access-list";
export type {
  WafRuleArgs,
  WafRuleAdoptArgs,
  WafRuleCreateInShieldZoneArgs,
  WafRuleCreateInPullZoneArgs,
  WafRuleCommonArgs,
  WafRuleConfigurationArgs,
  WafRuleState,
  WafRuleConfigurationState,
  WafRuleConfigurationStateOf,
  NoUnknownWafConfigurationFields,
} from "./resources/public/waf-rule";
export { ManagedAccessList } from "./resources/public/managed-access-list";
export type {
  ManagedAccessListArgs,
  ManagedAccessListCommonArgs,
  ManagedAccessListState,
  ManagedAccessListPriorState,
  AccessListActionArg,
} from "./resources/public/managed-access-list";
export { ShieldZone } from "./resources/public/shield-zone";
export type {
  ShieldZoneArgs,
  ShieldZoneSettingsArgs,
  ShieldZoneWafArgs,
  ShieldZoneDdosArgs,
  ShieldZoneState,
  ParanoiaLevel,
} from "./resources/public/shield-zone";
export { BotDetection } from "./resources/public/bot-detection";
export type {
  BotDetectionArgs,
  BotDetectionSettingsArgs,
  BotDetectionState,
  BotDetectionSensitivityArg,
} from "./resources/public/bot-detection";
export { UploadScanning } from "./resources/public/upload-scanning";
export type {
  UploadScanningArgs,
  UploadScanningSettingsArgs,
  UploadScanningState,
  UploadScanningScannerModeArg,
} from "./resources/public/upload-scanning";
export { ApiGuardian } from "./resources/public/api-guardian";
export type {
  ApiGuardianArgs,
  ApiGuardianSettingsArgs,
  ApiGuardianState,
} from "./resources/public/api-guardian";
export { ResponsePage } from "./resources/public/response-page";
export type { ResponsePageArgs, ResponsePageState } from "./resources/public/response-page";
export { UnderAttackMode } from "./resources/public/under-attack-mode";
export type {
  UnderAttackModeArgs,
  UnderAttackModeSettingsArgs,
  UnderAttackModeState,
} from "./resources/public/under-attack-mode";
export { BotCategorization } from "./resources/public/bot-categorization";
export type {
  BotCategorizationArgs,
  BotCategorizationSettingsArgs,
  BotCategorizationState,
  BotCategoryActionArg,
  BotActionArg,
  BotCategoryName,
} from "./resources/public/bot-categorization";
export type {
  EnumArg,
  InShieldZoneArgs,
  InPullZoneArgs,
  SettingsZoneArgs,
  SettingsPriorArgs,
  SettingsStateBase,
} from "./resources/public/zone-settings-resource";
export { getEventLogs, getEventLogsOutput } from "./functions/shield";
export type { GetEventLogsArgs, GetEventLogsResult } from "./functions/shield";
export {
  getWafRules,
  getWafRulesOutput,
  getAccessLists,
  getAccessListsOutput,
} from "./functions/shield";
export type {
  GetWafRulesArgs,
  GetWafRulesResult,
  WafRuleSummary,
  GetAccessListsArgs,
  GetAccessListsResult,
  AccessListSummary,
  ShieldZoneByIdArgs,
  ShieldZoneByPullZoneArgs,
} from "./functions/shield";
export {
  getEventLogSearch,
  getEventLogSearchOutput,
  getShieldMetrics,
  getShieldMetricsOutput,
  getBots,
  getBotsOutput,
} from "./functions/shield-activity";
export type {
  GetEventLogSearchArgs,
  GetEventLogSearchResult,
  EventLogSearchRow,
  EventLogSearchGroup,
  GetShieldMetricsArgs,
  GetShieldMetricsResult,
  ShieldMetricsArea,
  ShieldMetricsByArea,
  DetailedMetricsView,
  OveragesView,
  GetBotsArgs,
  GetBotsResult,
  BotSummary,
  BotCategorySummary,
} from "./functions/shield-activity";
export {
  getZone,
  getZoneOutput,
  getZones,
  getZonesOutput,
  getManagedWafRules,
  getManagedWafRulesOutput,
  getMetrics,
  getMetricsOutput,
  getRateLimitMetrics,
  getRateLimitMetricsOutput,
} from "./functions/shield-zones";
export type {
  GetZoneArgs,
  GetZoneResult,
  GetZonesArgs,
  GetZonesResult,
  ShieldZonePullZone,
  GetManagedWafRulesArgs,
  GetManagedWafRulesResult,
  GetMetricsArgs,
  GetMetricsResult,
  GetRateLimitMetricsArgs,
  GetRateLimitMetricsResult,
  NamedValue,
  ShieldZoneView,
  ShieldZoneWafView,
  ShieldZoneDdosView,
  ShieldZoneParanoiaView,
} from "./functions/shield-zones";
export {
  RateLimitAction,
  OperatorType,
  SeverityType,
  TransformationType,
  CounterKeyType,
  Timeframe,
  BlockTime,
  VariableNames,
  WafRuleAction,
  AccessListType,
  AccessListAction,
  AccessListCategory,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  DDoSShieldSensitivity,
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
  UploadScanningScannerMode,
  UnmatchedPathAction,
  CustomPageTypes,
  BotCategory,
  BotCategoryAction,
  BotCategorizationAction,
} from "edgeplatform-client";
export type {
  RateLimitRuleConfiguration,
  WafRuleConfiguration,
  ChainedRuleCondition,
  VariableTypes,
  VariableName,
  EventLogEntry,
  EventLogPage,
} from "edgeplatform-client";
