/**
 * Request bodies and queries of the platform, each declared ONCE with TypeBox: the constant
 * is the JSON schema (draft-07, used by the emulator's fastify routes and by `validate`),
 * and `Static<typeof X>` is its TypeScript type. Nothing else restates these shapes.
 *
 * Enumerations are declared with `enumOf` (a JSON `enum` of integers typed as the union of
 * their values) rather than `Type.Union` of literals, so that validation reports one `enum`
 * failure naming every allowed value instead of one failure per literal.
 */
import { Type, type Static } from "@sinclair/typebox";
import {
  BlockTime,
  CounterKeyType,
  Limits,
  OperatorType,
  RateLimitAction,
  SeverityType,
  Timeframe,
  TransformationType,
  VariableNames,
  type VariableName,
} from "./enums";
import {
  enumOf,
  nullable,
  nullableBoolean,
  nullableString,
  int32,
  stringEnum,
  uint32,
} from "./schema-helpers";
import { LogOrders, statusListPattern } from "./patterns";

// ---------------------------------------------------------------------------------------
// Shield: rate-limit rules
// ---------------------------------------------------------------------------------------

/** `variableTypes`: variable name → match target (string); only the listed names. */
export const variableTypesSchema = Type.Unsafe<Partial<Record<VariableName, string>>>({
  type: "object",
  propertyNames: { enum: [...VariableNames] },
  additionalProperties: { type: "string" },
});
/** `variableTypes`: variable name → match target (string). */
export type VariableTypes = Static<typeof variableTypesSchema>;

/** One chained condition of a rate-limit rule (`WafChainedRuleConditionItem`). */
export const chainedRuleConditionSchema = Type.Object(
  {
    variableTypes: Type.Optional(nullable(variableTypesSchema)),
    operatorType: Type.Optional(enumOf(OperatorType)),
    value: Type.Optional(nullableString()),
    isNegated: Type.Optional(nullableBoolean()),
    isRegexVariable: Type.Optional(nullableBoolean()),
  },
  { additionalProperties: false },
);
/** One chained condition of a rate-limit rule (`WafChainedRuleConditionItem`). */
export type ChainedRuleCondition = Static<typeof chainedRuleConditionSchema>;

/**
 * The match fields every WAF-style rule shares (rate-limit rules and custom WAF rules), in
 * the order the platform documents them; `chainedRuleConditions` comes last in both shapes.
 */
export const ruleMatchFields = {
  variableTypes: Type.Optional(nullable(variableTypesSchema)),
  operatorType: Type.Optional(enumOf(OperatorType)),
  severityType: Type.Optional(enumOf(SeverityType)),
  transformationTypes: Type.Optional(nullable(Type.Array(enumOf(TransformationType)))),
  value: Type.Optional(nullableString()),
  isNegated: Type.Optional(nullableBoolean()),
  isRegexVariable: Type.Optional(nullableBoolean()),
};
/** `chainedRuleConditions` of a rule configuration (a whole list, or null). */
export const chainedRuleConditionsField = {
  chainedRuleConditions: Type.Optional(nullable(Type.Array(chainedRuleConditionSchema))),
};

/** Rate-limit rule configuration (`CreateWafRateLimitRuleModel`). */
export const ruleConfigurationSchema = Type.Object(
  {
    actionType: Type.Optional(enumOf(RateLimitAction)),
    ...ruleMatchFields,
    /** Requests allowed per `timeframe` before the action applies (int32). */
    requestCount: Type.Optional(int32()),
    counterKeyType: Type.Optional(enumOf(CounterKeyType)),
    timeframe: Type.Optional(enumOf(Timeframe)),
    blockTime: Type.Optional(enumOf(BlockTime)),
    ...chainedRuleConditionsField,
  },
  { additionalProperties: false },
);
/** Rate-limit rule configuration (`CreateWafRateLimitRuleModel`). */
export type RateLimitRuleConfiguration = Static<typeof ruleConfigurationSchema>;

const ruleTexts = {
  ruleName: Type.Optional(nullableString()),
  ruleDescription: Type.Optional(nullableString()),
  ruleConfiguration: Type.Optional(ruleConfigurationSchema),
};

/** PATCH `/shield/rate-limit/{id}` body (`UpdateWafRateLimitRequest`). */
export const updateRateLimitRequestSchema = Type.Object(ruleTexts, {
  additionalProperties: false,
});
/** PATCH `/shield/rate-limit/{id}` body (`UpdateWafRateLimitRequest`). */
export type UpdateRateLimitRequest = Static<typeof updateRateLimitRequestSchema>;

/** POST `/shield/rate-limit` body. */
export const createRateLimitRequestSchema = Type.Object(
  { shieldZoneId: int32(), ...ruleTexts },
  { additionalProperties: false },
);
/** POST `/shield/rate-limit` body. */
export type CreateRateLimitRequest = Static<typeof createRateLimitRequestSchema>;

/** The shield zone that protects a pull zone (`data` of `get-by-pullzone`); more fields allowed. */
export const shieldZoneByPullZoneSchema = Type.Object({
  /** Id of the shield zone (what rate-limit rules are created in). */
  shieldZoneId: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  /** The pull zone asked for. */
  pullZoneId: uint32(),
  /** The zone's plan type (an integer). */
  planType: Type.Integer(),
  /** Most rate-limit rules the zone may hold. */
  rateLimitRulesLimit: Type.Integer(),
  /** Most custom WAF rules the zone may hold. */
  customWafRulesLimit: Type.Integer(),
  /** Whether the WAF is on for the zone. */
  wafEnabled: Type.Boolean(),
});
/** The shield zone that protects a pull zone (`data` of `get-by-pullzone`). */
export type ShieldZoneByPullZone = Static<typeof shieldZoneByPullZoneSchema>;

/** Path parameters of `get-by-pullzone` (`pullZoneId` is int32). */
export const shieldZoneByPullZoneParamsSchema = Type.Object({ pullZoneId: uint32() });

// ---------------------------------------------------------------------------------------
// Pull zones, compute
// ---------------------------------------------------------------------------------------

/** POST `/pullzone/checkavailability` body. */
export const checkAvailabilityRequestSchema = Type.Object(
  { Name: Type.String() },
  { additionalProperties: false },
);
/** POST `/pullzone/checkavailability` body. */
export type CheckAvailabilityRequest = Static<typeof checkAvailabilityRequestSchema>;

/** Script statistics query (GET `/compute/script/{id}/statistics`). */
export const scriptStatisticsQuerySchema = Type.Object(
  {
    dateFrom: Type.Optional(Type.String({ format: "date-time" })),
    dateTo: Type.Optional(Type.String({ format: "date-time" })),
    loadLatest: Type.Optional(Type.Boolean()),
    hourly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------
// Logging
// ---------------------------------------------------------------------------------------

/** v2 query parameters (`GET {logging_url}/v2/pullzones/{id}/logs`). */
export const accessLogQuerySchema = Type.Object(
  {
    /** Start of the window (inclusive), ISO 8601. Platform default `to` − 24 h. */
    from: Type.Optional(Type.String({ format: "date-time" })),
    /** End of the window (exclusive), ISO 8601. Platform default now. */
    to: Type.Optional(Type.String({ format: "date-time" })),
    /** Status codes or classes, comma-separated, e.g. `"404"`, `"5xx"`, `"200,304"`. */
    status: Type.Optional(Type.String({ pattern: statusListPattern })),
    /** Cache statuses, comma-separated (`HIT`, `MISS`, `BYPASS`, ...). */
    cacheStatus: Type.Optional(Type.String()),
    /** Two-letter country code of the client. */
    country: Type.Optional(Type.String()),
    /** Edge location code. */
    edgeLocation: Type.Optional(Type.String()),
    /** Exact client IP. */
    remoteIp: Type.Optional(Type.String()),
    /** Substring of the URL. */
    urlContains: Type.Optional(Type.String()),
    /** Substring of the user agent. */
    userAgentContains: Type.Optional(Type.String()),
    /** Substring of the referer. */
    refererContains: Type.Optional(Type.String()),
    /** Free-text search, at most 16 whitespace-separated tokens. */
    search: Type.Optional(Type.String()),
    /** One request ID. */
    requestId: Type.Optional(Type.String()),
    /** Include origin-shield requests (platform default false). */
    includeOriginShield: Type.Optional(Type.Boolean()),
    /** Page size, 1..10000 (platform default 100). */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.accessLogMaxLimit })),
    /** Records to skip. */
    offset: Type.Optional(uint32()),
    /** `"asc"` or `"desc"` (platform default `"desc"`, newest first). */
    order: Type.Optional(stringEnum(LogOrders)),
  },
  { additionalProperties: false },
);
/** v2 query parameters (`GET {logging_url}/v2/pullzones/{id}/logs`). */
export type AccessLogQuery = Static<typeof accessLogQuerySchema>;

/** v1 access-log query. `order` and `sort` are both accepted. */
export const legacyAccessLogQuerySchema = Type.Object(
  {
    /** First line of the window (0-based, platform semantics). */
    start: Type.Optional(uint32()),
    /** End line of the window; not before `start`. */
    end: Type.Optional(uint32()),
    /** Status codes or classes, e.g. `"404"`, `"5xx"`. */
    status: Type.Optional(Type.String()),
    /** Free-text search. */
    search: Type.Optional(Type.String()),
    /** Download as a file. */
    download: Type.Optional(Type.Boolean()),
    /** `"asc"` or `"desc"`. */
    order: Type.Optional(stringEnum(LogOrders)),
    /** Same as `order`. */
    sort: Type.Optional(stringEnum(LogOrders)),
  },
  { additionalProperties: false },
);
