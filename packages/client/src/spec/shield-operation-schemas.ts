/**
 * The rest of the Shield API (the operations of the published "Bunny Shield API" v1 document,
 * as updated 2026-07-31, beyond the zone's settings, rate limits, custom WAF rules and access
 * lists): bot categorization, API guardian endpoints, event-log search and export, the
 * detailed metrics, under-attack mode, the review of triggered WAF rules, WAF profiles, the
 * WAF rules by plan and the enumerations. Each shape is declared ONCE with TypeBox (the
 * constant is the JSON schema, `Static<typeof X>` the type). Request bodies reject unknown
 * properties (the platform's `additionalProperties: false`); answer shapes allow them (a
 * platform that adds a field must not break a reader).
 */
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { ShieldPlanType } from "./enums";
import {
  ApiGuardianRateLimitTimeframe,
  ApiGuardianRateLimitTypes,
  BotCategorizationAction,
  BotCategoryAction,
  EventLogFields,
  EventLogFilterOps,
  MetricsOverviewResolution,
  ReviewActionType,
} from "./shield-operation-enums";
import { genericRequestResponseSchema } from "./shield-schemas";
import { enumOf, int32, int64, nullable, nullableString, stringEnum } from "./schema-helpers";

const opt = <T extends TSchema>(t: T) => Type.Optional(t);
const count = () => Type.Integer({ minimum: 0 });
const counts = <K extends string>(...names: K[]) =>
  Type.Object(
    Object.fromEntries(names.map((n) => [n, opt(count())])) as Record<
      K,
      ReturnType<typeof opt<ReturnType<typeof count>>>
    >,
  );
const byDay = <T extends TSchema>(item: T) => opt(nullable(Type.Record(Type.String(), item)));

// ---------------------------------------------------------------------------------------
// Bot categorization
// ---------------------------------------------------------------------------------------

/** One known bot and the zone's action for it (`BotCategorizationDetails`). */
export const botCategorizationSchema = Type.Object({
  botId: int32(),
  /** What the bot's User-Agent matches. */
  userAgentMatch: nullableString(),
  category: Type.Integer(),
  action: enumOf(BotCategorizationAction, true),
  /** Whether the platform can verify that a request comes from the bot. */
  isVerifiable: Type.Boolean(),
});
/** One known bot and the zone's action for it. */
export type BotCategorization = Static<typeof botCategorizationSchema>;

/** The bots of one category and the zone's action for the category (`BotCategorizationGroup`). */
export const botCategorizationGroupSchema = Type.Object({
  category: Type.Integer(),
  categoryAction: enumOf(BotCategoryAction, true),
  bots: nullable(Type.Array(botCategorizationSchema)),
});
/** The bots of one category and the zone's action for the category. */
export type BotCategorizationGroup = Static<typeof botCategorizationGroupSchema>;

/** A zone's bot categorization (`BotCategorizationListResponse`). */
export const botCategorizationListSchema = Type.Object({
  categories: nullable(Type.Array(botCategorizationGroupSchema)),
  error: opt(nullable(genericRequestResponseSchema)),
});
/** A zone's bot categorization: the categories, each with its bots. */
export type BotCategorizationList = Static<typeof botCategorizationListSchema>;

/** Body of PUT `.../bot-categorization/bots/{botId}` (`UpdateBotCategorizationConfigurationRequest`). */
export const botActionRequestSchema = Type.Object(
  { action: enumOf(BotCategorizationAction, true) },
  { additionalProperties: false },
);
/** Body of PUT `.../bot-categorization/bots/{botId}`. */
export type BotActionRequest = Static<typeof botActionRequestSchema>;

/** Body of PUT `.../bot-categorization/categories/{category}` (`UpdateBotCategoryConfigurationRequest`). */
export const botCategoryActionRequestSchema = Type.Object(
  { action: enumOf(BotCategoryAction, true) },
  { additionalProperties: false },
);
/** Body of PUT `.../bot-categorization/categories/{category}`. */
export type BotCategoryActionRequest = Static<typeof botCategoryActionRequestSchema>;

/** A category's action as the platform stored it (`BotCategoryDetails`). */
export const botCategoryDetailsSchema = Type.Object({
  category: Type.Integer(),
  action: enumOf(BotCategoryAction, true),
});
/** A category's action as the platform stored it. */
export type BotCategoryDetails = Static<typeof botCategoryDetailsSchema>;

// ---------------------------------------------------------------------------------------
// API guardian endpoints
// ---------------------------------------------------------------------------------------

const parameterNames = () =>
  Type.Object(
    {
      Path: opt(Type.Array(Type.String())),
      Query: opt(Type.Array(Type.String())),
      Header: opt(Type.Array(Type.String())),
      Cookie: opt(Type.Array(Type.String())),
    },
    { additionalProperties: false },
  );

/** Body of PATCH `.../api-guardian/endpoint/{endpointId}` (`UpdateApiGuardianEndpointRequest`). */
export const apiGuardianEndpointUpdateSchema = Type.Object(
  {
    isEnabled: opt(nullable(Type.Boolean())),
    validateRequestBodySchema: opt(nullable(Type.Boolean())),
    validateResponseBodySchema: opt(nullable(Type.Boolean())),
    validateAuthorization: opt(nullable(Type.Boolean())),
    /** The parameters checked for injections, by location. */
    injectionDetectionParameters: opt(nullable(parameterNames())),
    detectParameterXss: opt(nullable(Type.Boolean())),
    detectParameterSqli: opt(nullable(Type.Boolean())),
    rateLimitingEnabled: opt(nullable(Type.Boolean())),
    rateLimitingType: opt(stringEnum(ApiGuardianRateLimitTypes)),
    rateLimitingRequestCount: opt(nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
    rateLimitingTimeframe: opt(enumOf(ApiGuardianRateLimitTimeframe, true)),
  },
  { additionalProperties: false },
);
/** Body of PATCH `.../api-guardian/endpoint/{endpointId}`: only the fields sent change. */
export type ApiGuardianEndpointUpdate = Static<typeof apiGuardianEndpointUpdateSchema>;

/** One endpoint of API guardian (`ApiGuardianEndpointDetails`). */
export const apiGuardianEndpointSchema = Type.Object({
  apiGuardianEndpointId: int64(),
  shieldZoneId: opt(int64()),
  requestMethod: opt(nullableString()),
  requestPath: opt(nullableString()),
  isEnabled: opt(Type.Boolean()),
  validateRequestBodySchema: opt(Type.Boolean()),
  validateResponseBodySchema: opt(Type.Boolean()),
  validateAuthorization: opt(Type.Boolean()),
  injectionDetectionParameters: opt(nullable(parameterNames())),
  detectParameterXss: opt(Type.Boolean()),
  detectParameterSqli: opt(Type.Boolean()),
  rateLimitingEnabled: opt(Type.Boolean()),
  rateLimitingType: opt(Type.String()),
  rateLimitingRequestCount: opt(Type.Integer()),
  rateLimitingTimeframe: opt(Type.Integer()),
});
/** One endpoint of API guardian. */
export type ApiGuardianEndpoint = Static<typeof apiGuardianEndpointSchema>;

// ---------------------------------------------------------------------------------------
// Event-log search and export
// ---------------------------------------------------------------------------------------

/** One filter of an event-log search (`EventLogsFilter`); several values are OR-combined. */
export const eventLogFilterSchema = Type.Object(
  {
    field: stringEnum(EventLogFields),
    op: stringEnum(EventLogFilterOps),
    value: Type.Array(Type.String(), { minItems: 1 }),
  },
  { additionalProperties: false },
);
/** One filter of an event-log search. */
export type EventLogFilter = Static<typeof eventLogFilterSchema>;

const windowFields = {
  /** Window start, Unix time in milliseconds (UTC). */
  from: Type.Integer({ minimum: 0 }),
  /** Window end, Unix time in milliseconds (UTC): after `from`, within the last 72 hours. */
  to: Type.Integer({ minimum: 0 }),
  /** Free text searched in IP, rule id, URL, User-Agent and rule name. */
  query: opt(nullableString()),
  /** Filters, combined with AND. */
  filters: opt(nullable(Type.Array(eventLogFilterSchema))),
};

/** Body of POST `/shield/event-logs/{shieldZoneId}/search` (`EventLogsSearchRequest`). */
export const eventLogSearchRequestSchema = Type.Object(
  {
    ...windowFields,
    /** Dimensions to group by, in order (flat rows when absent). */
    groupBy: opt(nullable(Type.Array(stringEnum(EventLogFields)))),
    /** Time buckets of each group's sparkline (0: none; at most 500). */
    buckets: opt(Type.Integer({ minimum: 0, maximum: 500 })),
    /** Zero-based page index. */
    page: opt(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    /** Rows per page, 1–500 (platform default 50). */
    pageSize: opt(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
/** Body of an event-log search. */
export type EventLogSearchRequest = Static<typeof eventLogSearchRequestSchema>;

/** Body of POST `/shield/event-logs/{shieldZoneId}/export` (`EventLogsExportRequest`). */
export const eventLogExportRequestSchema = Type.Object(windowFields, {
  additionalProperties: false,
});
/** Body of an event-log export (the CSV of every matching event). */
export type EventLogExportRequest = Static<typeof eventLogExportRequestSchema>;

/** One event of a search (`EventRow`). */
export const eventRowSchema = Type.Object({
  logId: nullableString(),
  timestamp: Type.Integer(),
  /** The event as the platform logged it. */
  log: opt(Type.Unknown()),
  /** The event's dimensions (`ruleId`, `country`, `asn`, ...). */
  fields: opt(nullable(Type.Record(Type.String(), Type.String()))),
});
/** One event of a search. */
export type EventRow = Static<typeof eventRowSchema>;

/** A group of events (`EventGroup`, when the search has `groupBy`). */
export const eventGroupSchema = Type.Object({
  /** Each `groupBy` dimension and its value. */
  key: nullable(Type.Record(Type.String(), Type.String())),
  count: Type.Integer(),
  firstSeen: Type.Integer(),
  lastSeen: Type.Integer(),
  context: opt(nullable(Type.Record(Type.String(), Type.Unknown()))),
  /** Events per time bucket (when the search set `buckets`). */
  sparkline: opt(nullable(Type.Array(Type.Integer()))),
});
/** A group of events. */
export type EventGroup = Static<typeof eventGroupSchema>;

/** Answer of an event-log search (`EventLogsSearchResponse`). */
export const eventLogSearchResultSchema = Type.Object({
  rows: nullable(Type.Array(eventRowSchema)),
  groups: opt(nullable(Type.Array(eventGroupSchema))),
  total: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 0 }),
  errorResponse: opt(nullable(genericRequestResponseSchema)),
});
/** Answer of an event-log search: rows (or groups) of one page. */
export type EventLogSearchResult = Static<typeof eventLogSearchResultSchema>;

// ---------------------------------------------------------------------------------------
// Detailed metrics
// ---------------------------------------------------------------------------------------

/** Query of the detailed metrics overview (sent as `StartDate`, `EndDate`, `Resolution`). */
export const detailedMetricsQuerySchema = Type.Object(
  {
    /** Start of the range (ISO 8601 date-time). */
    startDate: opt(Type.String({ minLength: 1 })),
    /** End of the range (ISO 8601 date-time). */
    endDate: opt(Type.String({ minLength: 1 })),
    resolution: opt(enumOf(MetricsOverviewResolution, true)),
  },
  { additionalProperties: false },
);
/** Query of the detailed metrics overview. */
export type DetailedMetricsQuery = Static<typeof detailedMetricsQuerySchema>;

/** One feature of the detailed overview (`OverviewMetric`): series by time, and totals. */
export const overviewMetricSchema = Type.Object({
  /** Counter name → time (ISO 8601) → value. */
  metrics: opt(nullable(Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer())))),
  /** Counter name → total over the range. */
  totals: opt(nullable(Type.Record(Type.String(), Type.Integer()))),
});
/** One feature of the detailed overview. */
export type OverviewMetric = Static<typeof overviewMetricSchema>;

/** The detailed metrics overview (`ShieldOverviewMetricsData`). */
export const detailedMetricsOverviewSchema = Type.Object({
  waf: opt(overviewMetricSchema),
  ddos: opt(overviewMetricSchema),
  rateLimit: opt(overviewMetricSchema),
  accessLists: opt(overviewMetricSchema),
  botDetection: opt(overviewMetricSchema),
  uploadScanning: opt(overviewMetricSchema),
  apiGuardian: opt(overviewMetricSchema),
  totalCleanRequestsLimit: opt(Type.Integer()),
  totalBillableRequestsThisMonth: opt(Type.Integer()),
  resolution: opt(Type.Integer()),
});
/** The detailed metrics overview. */
export type DetailedMetricsOverview = Static<typeof detailedMetricsOverviewSchema>;

/** One segment of a month's overages (`OverageSegment`, a period on one plan). */
export const overageSegmentSchema = Type.Object({
  periodStart: Type.String(),
  periodEnd: Type.String(),
  planType: Type.Integer(),
  overageAllowance: Type.Integer(),
  overage: Type.Integer(),
});
/** One segment of a month's overages: a period on one plan. */
export type OverageSegment = Static<typeof overageSegmentSchema>;

/** A zone's overages of one month (`ShieldZoneMonthlyOveragesResult`). */
export const monthlyOveragesSchema = Type.Object({
  shieldZoneId: int64(),
  year: Type.Integer(),
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  totalOverage: Type.Integer(),
  totalCleanRequests: Type.Integer(),
  segments: nullable(Type.Array(overageSegmentSchema)),
  error: opt(nullable(genericRequestResponseSchema)),
});
/** A zone's overages of one month. */
export type MonthlyOverages = Static<typeof monthlyOveragesSchema>;

const rateLimitCounts = counts(
  "totalBreaches",
  "loggedBreaches",
  "challengedBreaches",
  "blockedBreaches",
);
/** One rate-limit rule's metrics (`RatelimitMetrics`). */
export const rateLimitRuleMetricsSchema = Type.Object({
  overview: opt(rateLimitCounts),
  ratelimitOverviewPastTwentyEightDays: byDay(rateLimitCounts),
});
/** One rate-limit rule's metrics: totals and the past 28 days. */
export type RateLimitRuleMetrics = Static<typeof rateLimitRuleMetricsSchema>;

const wafRuleCounts = counts(
  "totalTriggers",
  "blockedRequests",
  "loggedRequests",
  "challengedRequests",
);
/** One WAF rule's metrics in a zone (`WafRuleMetrics`). */
export const wafRuleMetricsSchema = Type.Object({
  totalTriggers: opt(count()),
  blockedRequests: opt(count()),
  loggedRequests: opt(count()),
  challengedRequests: opt(count()),
  overviewPastTwentyEightDays: byDay(wafRuleCounts),
});
/** One WAF rule's metrics in a zone. */
export type WafRuleMetrics = Static<typeof wafRuleMetricsSchema>;

/** A zone's bot detection metrics (`ShieldZoneBotDetectionMetrics`). */
export const botDetectionMetricsSchema = Type.Object({
  overviewPastTwentyEightDays: byDay(counts("loggedRequests", "challengedRequests")),
  totalLoggedRequests: opt(count()),
  totalChallengedRequests: opt(count()),
});
/** A zone's bot detection metrics. */
export type BotDetectionMetrics = Static<typeof botDetectionMetricsSchema>;

/** A zone's upload scanning metrics (`ShieldZoneUploadScanningMetrics`). */
export const uploadScanningMetricsSchema = Type.Object({
  overviewPastTwentyEightDays: byDay(counts("loggedRequests", "blockedRequests", "filesScanned")),
  totalLoggedRequests: opt(count()),
  totalBlockedRequests: opt(count()),
  totalFilesScanned: opt(count()),
});
/** A zone's upload scanning metrics. */
export type UploadScanningMetrics = Static<typeof uploadScanningMetricsSchema>;

/** API guardian's metrics, of a zone or one endpoint (`ApiGuardianMetrics`, `ApiGuardianEndpointMetrics`). */
export const apiGuardianMetricsSchema = Type.Object({
  totalBlockedRequests: opt(count()),
  totalLoggedRequests: opt(count()),
  totalRateLimited: opt(count()),
  totalRequestsInspected: opt(count()),
  totalFailedRequestValidation: opt(count()),
  totalFailedAuthenticationEnforcement: opt(count()),
  overviewPastTwentyEightDays: byDay(
    counts(
      "blockedRequests",
      "loggedRequests",
      "rateLimited",
      "requestsInspected",
      "failedRequestValidation",
      "failedAuthenticationEnforcement",
    ),
  ),
});
/** API guardian's metrics, of a zone or one endpoint. */
export type ApiGuardianMetrics = Static<typeof apiGuardianMetricsSchema>;

// ---------------------------------------------------------------------------------------
// Under-attack mode
// ---------------------------------------------------------------------------------------

/** Body of POST `/shield/shield-zone/under-attack` (`CreateUnderAttackShieldZoneRequest`). */
export const underAttackRequestSchema = Type.Object(
  {
    pullZoneId: int64(),
    planType: enumOf(ShieldPlanType, true),
  },
  { additionalProperties: false },
);
/** Body of POST `/shield/shield-zone/under-attack`: the pull zone and the plan of its new zone. */
export type UnderAttackRequest = Static<typeof underAttackRequestSchema>;

// ---------------------------------------------------------------------------------------
// WAF: triggered rules, profiles, rules by plan, enumerations
// ---------------------------------------------------------------------------------------

/** One event of a triggered rule (`Log`). */
export const triggeredRuleLogSchema = Type.Object({
  logId: nullableString(),
  timestamp: Type.Integer(),
  log: nullableString(),
  labels: opt(Type.Record(Type.String(), Type.Unknown())),
});

/** A managed WAF rule that triggered in a zone (`TriggeredRuleItem`). */
export const triggeredRuleSchema = Type.Object({
  ruleId: nullableString(),
  ruleDescription: opt(nullableString()),
  /** URL → requests that triggered the rule. */
  topTargetedUrls: opt(nullable(Type.Record(Type.String(), Type.Integer()))),
  totalTriggeredRequests: opt(count()),
  ruleLogs: opt(nullable(Type.Array(triggeredRuleLogSchema))),
});
/** A managed WAF rule that triggered in a zone. */
export type TriggeredRule = Static<typeof triggeredRuleSchema>;

/** The triggered WAF rules of a zone to review (`GetTriggeredRulesResponse`). */
export const triggeredRulesSchema = Type.Object({
  triggeredRules: nullable(Type.Array(triggeredRuleSchema)),
  totalTriggeredRules: count(),
  errorResponse: opt(nullable(genericRequestResponseSchema)),
});
/** The triggered WAF rules of a zone to review. */
export type TriggeredRules = Static<typeof triggeredRulesSchema>;

/** Body of POST `/shield/waf/rules/review-triggered/{shieldZoneId}` (`UpdateReviewTriggeredRuleRequest`). */
export const reviewTriggeredRuleRequestSchema = Type.Object(
  {
    ruleId: Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" }),
    action: enumOf(ReviewActionType, true),
  },
  { additionalProperties: false },
);
/** Body of a triggered rule's review: the rule and what to do with it. */
export type ReviewTriggeredRuleRequest = Static<typeof reviewTriggeredRuleRequestSchema>;

/** The platform's suggestion for a triggered rule (`TriggeredRuleRecommendationResponse`). */
export const triggeredRuleRecommendationSchema = Type.Object({
  shieldZoneId: int64(),
  ruleId: nullableString(),
  success: Type.Boolean(),
  recommendation: nullableString(),
  errorResponse: opt(nullable(genericRequestResponseSchema)),
});
/** The platform's suggestion for a triggered rule. */
export type TriggeredRuleRecommendation = Static<typeof triggeredRuleRecommendationSchema>;

/** A WAF profile (`WafProfileMinimal`). */
export const wafProfileSchema = Type.Object({
  id: int32(),
  name: nullableString(),
  isPremium: Type.Boolean(),
  profileCategory: opt(nullableString()),
  imageUrl: opt(nullableString()),
  features: opt(nullableString()),
});
/** A WAF profile (what `wafProfileId` of a zone names). */
export type WafProfile = Static<typeof wafProfileSchema>;

/** The managed WAF rules of one plan (`WafRulesByPlanModel`). */
export const wafRulesByPlanSchema = Type.Object({
  planValue: Type.Integer(),
  planName: nullableString(),
  /** Main groups → rule groups → rule ids (`WafRuleMainGroupModel`). */
  rules: nullable(
    Type.Array(
      Type.Object({
        name: nullableString(),
        ruleset: opt(nullableString()),
        ruleGroups: nullable(
          Type.Array(
            Type.Object({
              id: opt(int64()),
              name: nullableString(),
              code: opt(nullableString()),
              fileName: opt(nullableString()),
              mainGroup: opt(nullableString()),
              ruleset: opt(nullableString()),
              rules: nullable(Type.Array(Type.Object({ ruleId: nullableString() }))),
            }),
          ),
        ),
      }),
    ),
  ),
});
/** The managed WAF rules of one plan. */
export type WafRulesByPlan = Static<typeof wafRulesByPlanSchema>;

/** One value of a WAF or DDoS enumeration (`WafMappedEnum`). */
export const mappedEnumValueSchema = Type.Object({
  name: nullableString(),
  value: Type.Integer(),
  isPremium: opt(Type.Boolean()),
  optionalInput: opt(nullable(Type.Boolean())),
  supportedValues: opt(
    Type.Object({ values: nullable(Type.Array(Type.String())), editable: Type.Boolean() }),
  ),
  recommendedOperator: opt(
    Type.Object({ operator: Type.Integer(), values: nullable(Type.Array(Type.String())) }),
  ),
});
/** One WAF or DDoS enumeration and its values (`WafMappedEnumList`). */
export const mappedEnumSchema = Type.Object({
  enumName: nullableString(),
  enumValues: nullable(Type.Array(mappedEnumValueSchema)),
});
/** One WAF or DDoS enumeration and its values. */
export type MappedEnum = Static<typeof mappedEnumSchema>;

/** Enumerations as name → (value → name) maps (access lists', API guardian's). */
export const enumMapsSchema = Type.Record(Type.String(), Type.Record(Type.String(), Type.String()));
/** Enumerations as name → (value → name) maps. */
export type EnumMaps = Static<typeof enumMapsSchema>;

/** Path parameters with a managed WAF rule id (`ruleId`: 1–64 of `A-Z a-z 0-9 _ -`). */
export const WAF_RULE_ID_PATTERN = "^[A-Za-z0-9_-]{1,64}$";

/** Integer range of a query's `year` and `month` (overages). */
export const overagesQuerySchema = Type.Object(
  {
    year: opt(Type.Integer({ minimum: 2000, maximum: 9999 })),
    month: opt(Type.Integer({ minimum: 1, maximum: 12 })),
  },
  { additionalProperties: false },
);
/** Query of a zone's monthly overages (default: the current month). */
export type OveragesQuery = Static<typeof overagesQuerySchema>;
