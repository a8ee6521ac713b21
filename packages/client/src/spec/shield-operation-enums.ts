/**
 * The enumerations of the Shield operations in `shield-operation-schemas.ts` (bot categorization,
 * API guardian endpoints, event-log search, detailed metrics, triggered-rule review): plain
 * constants (value = name), loadable without TypeBox.
 */

/**
 * Category of a known bot (`BotCategory`). The document's enumeration lists 0–7; its path
 * parameter also names `255 = System`, which the platform may answer.
 */
export const BotCategory = {
  None: 0,
  SEO: 1,
  AIScraper: 2,
  AITool: 3,
  Tool: 4,
  Ads: 5,
  Preview: 6,
  Social: 7,
} as const;
/** What a zone does with one known bot (`BotCategorizationAction`; `None` clears it). */
export const BotCategorizationAction = { None: 0, Block: 1, Allow: 2, Ignore: 3 } as const;
/** What a zone does with a whole bot category (`BotCategoryAction`; `None` clears it). */
export const BotCategoryAction = { None: 0, Block: 1, Allow: 2 } as const;
/** What the review of a triggered WAF rule does with it (`ReviewActionType`). */
export const ReviewActionType = { Ignore: 0, LogOnly: 1, DisableRule: 2 } as const;
/** Time resolution of the detailed metrics overview (`MetricsOverviewResolution`). */
export const MetricsOverviewResolution = {
  Auto: 0,
  TwoMinutes: 1,
  TenMinutes: 2,
  Hourly: 3,
  Daily: 4,
  Weekly: 5,
  Monthly: 6,
} as const;
/** Timeframe of an API guardian endpoint's rate limit, in seconds (`RateLimitTimeframe`). */
export const ApiGuardianRateLimitTimeframe = {
  PerSecond: 1,
  PerTenSeconds: 10,
  PerOneMinute: 60,
  PerFiveMinutes: 300,
  PerFifteenMinutes: 900,
  PerOneHour: 3600,
} as const;
/** What an API guardian endpoint's rate limit counts by (`ApiGuardianRateLimitType`). */
export const ApiGuardianRateLimitTypes = ["Global", "IP"] as const;
/** The dimensions event-log search filters and groups by (`EventLogsFilter.field`, `groupBy`). */
export const EventLogFields = [
  "feature",
  "ruleId",
  "ip",
  "ja4",
  "ua",
  "url",
  "asn",
  "country",
  "action",
] as const;
/** The operators of an event-log filter (`EventLogsFilter.op`; `cidr` for `ip` only). */
export const EventLogFilterOps = ["eq", "in", "contains", "cidr", "wildcard"] as const;
