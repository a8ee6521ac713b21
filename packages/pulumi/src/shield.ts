/** Shield (WAF) area: the rate-limit rule resource, event-log data source and enumerations. */
export { RateLimitRule } from "./resources/rate-limit-rule";
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
} from "./resources/rate-limit-rule";
export { getEventLogs, getEventLogsOutput } from "./functions/shield";
export type { GetEventLogsArgs, GetEventLogsResult } from "./functions/shield";
export {
  RateLimitAction,
  OperatorType,
  SeverityType,
  TransformationType,
  CounterKeyType,
  Timeframe,
  BlockTime,
  VariableNames,
} from "edgeplatform-client";
export type {
  RateLimitRuleConfiguration,
  ChainedRuleCondition,
  VariableTypes,
  VariableName,
  EventLogEntry,
  EventLogPage,
} from "edgeplatform-client";
