/**
 * `edgeplatform-client/spec`: the single source of truth for the platform's shapes —
 * enumerations and limits (`enums.ts`), request/query shapes as TypeBox declarations that are
 * both the JSON schema and the type (`schemas.ts`), response types (`types.ts`), the one
 * validator (`validation.ts`) and the log retention window (`retention.ts`). The emulator and
 * pulumi-edgeplatform validate with these; most users need only the main entry point.
 */
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
  LoggingErrorCodes,
  LegacyLogFields,
  EnumsByField,
  INT32_MIN,
  INT32_MAX,
  Limits,
} from "./enums";
export type {
  RateLimitActionValue,
  OperatorTypeValue,
  SeverityTypeValue,
  TransformationTypeValue,
  CounterKeyTypeValue,
  TimeframeValue,
  BlockTimeValue,
  VariableName,
  CacheStatus,
  LoggingErrorCode,
} from "./enums";
export {
  variableTypesSchema,
  chainedRuleConditionSchema,
  ruleConfigurationSchema,
  updateRateLimitRequestSchema,
  createRateLimitRequestSchema,
  shieldZoneByPullZoneSchema,
  shieldZoneByPullZoneParamsSchema,
  checkAvailabilityRequestSchema,
  scriptStatisticsQuerySchema,
  accessLogQuerySchema,
  legacyAccessLogQuerySchema,
  eventLogDatePattern,
  legacyLogDatePattern,
  statusListPattern,
  AccessLogTextFilters,
  LogOrders,
} from "./schemas";
export type {
  VariableTypes,
  ChainedRuleCondition,
  RateLimitRuleConfiguration,
  UpdateRateLimitRequest,
  CreateRateLimitRequest,
  ShieldZoneByPullZone,
  CheckAvailabilityRequest,
  AccessLogQuery,
  LogOrder,
} from "./schemas";
export type * from "./types";
export { validate, normalizeRuleConfiguration, NON_BLANK } from "./validation";
export type { ValidationFailure } from "./validation";
export {
  DAY_MS,
  utcDayStart,
  retainedDayStarts,
  oldestRetainedDayStart,
  isRetainedDay,
} from "./retention";
