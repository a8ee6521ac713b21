/**
 * Shield (WAF) area: the rule, access-list and zone-settings resources, the data sources and
 * every enumeration their inputs take (named constants: `edge.shield.DDoSShieldSensitivity.High`
 * is the integer the API takes; `check` stores and shows the name).
 */
// The resources of the area, from the list of kinds (kinds/kind-list.json, npm run kinds).
export * from "./resources/public/shield.generated";
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
  AccessListType,
  AccessListAction,
  AccessListCategory,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  DDoSShieldSensitivity,
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
