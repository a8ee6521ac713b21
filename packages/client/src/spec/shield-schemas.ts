/**
 * Shield beyond rate limits (`spec/shield.md`): the shield zone and its settings (also those on
 * their own paths: bot detection, upload scanning, API guardian), metrics, custom WAF rules
 * and access lists, each shape
 * declared ONCE with TypeBox (the constant is the JSON schema, `Static<typeof X>` the type).
 * Request bodies reject unknown properties (the platform's "no extra properties"); answer
 * shapes allow them (a platform that adds a field must not break a reader).
 */
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import {
  AccessListAction,
  AccessListType,
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
  CustomPageTypes,
  DDoSExecutionMode,
  DDoSShieldSensitivity,
  ShieldPlanType,
  UnmatchedPathAction,
  UploadScanningScannerMode,
  WafExecutionMode,
  WafPayloadLimitAction,
  WafRuleAction,
} from "./enums";
import { chainedRuleConditionsField, ruleMatchFields } from "./schemas";
import {
  enumOf,
  int32,
  int64,
  nullable,
  nullableString,
  stringEnum,
  uint32,
} from "./schema-helpers";
import { NON_BLANK } from "./validation";

/** `GenericRequestResponse`: the embedded result of every Shield answer. */
export const genericRequestResponseSchema = Type.Object({
  statusCode: Type.Optional(Type.Integer()),
  success: Type.Optional(Type.Boolean()),
  message: Type.Optional(nullableString()),
  errorKey: Type.Optional(nullableString()),
});

/** A page of a Shield list (`page` of a list answer). */
export const pageInfoSchema = Type.Object({
  totalCount: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
  currentPage: Type.Integer({ minimum: 0 }),
  nextPage: nullable(Type.Integer({ minimum: 1 })),
  pageSize: Type.Integer({ minimum: 0 }),
});
/** A page of a Shield list (`page` of a list answer). */
export type PageInfo = Static<typeof pageInfoSchema>;

// ---------------------------------------------------------------------------------------
// The shield zone
// ---------------------------------------------------------------------------------------

/** One WAF engine variable of a zone (`wafEngineConfig[]`, `PullZoneWafConfigVariableModel`). */
export const wafEngineConfigItemSchema = Type.Object(
  {
    /** Variable name, e.g. `detection_paranoia_level`, `allowed_methods`. */
    name: Type.String({ pattern: NON_BLANK }),
    /** The value as text (a digit, a space-separated list, `|type| |type|`). */
    valueEncoded: Type.String(),
  },
  { additionalProperties: false },
);
/** One WAF engine variable of a zone (`{name, valueEncoded}`). */
export type WafEngineConfigItem = Static<typeof wafEngineConfigItemSchema>;

const ruleIds = () => Type.Array(Type.String({ pattern: NON_BLANK }), { uniqueItems: true });

/**
 * The settings of a shield zone: the fields of the published `ShieldZoneRequest` (the platform's
 * OpenAPI document "Bunny Shield API" v1 as updated 2026-07-31) that a write sets, each optional.
 * Writes send only these: the request refuses other fields (`additionalProperties: false`).
 * Read-only fields of `ShieldZoneResponse` (`dDoSExecutionMode`, the limits) are added by
 * {@link shieldZoneResponseSchema} only.
 */
const shieldZoneSettingsFields = {
  /** The zone's plan ({@link ShieldPlanType}). */
  planType: Type.Optional(enumOf(ShieldPlanType, true)),
  /** Learning mode: the WAF only learns (logs) until `learningModeUntil`. */
  learningMode: Type.Optional(Type.Boolean()),
  /** ISO 8601 date-time learning mode ends, or null. */
  learningModeUntil: Type.Optional(nullableString()),
  /** Whether the WAF is on. */
  wafEnabled: Type.Optional(Type.Boolean()),
  /** {@link WafExecutionMode}. */
  wafExecutionMode: Type.Optional(enumOf(WafExecutionMode, true)),
  /** Managed WAF rule ids turned off (ids of `GET /shield/waf/rules/{shieldZoneId}`). */
  wafDisabledRules: Type.Optional(ruleIds()),
  /** Managed WAF rule ids that only log. */
  wafLogOnlyRules: Type.Optional(ruleIds()),
  /** Ids of the zone's custom WAF rules in the order they run. */
  wafCustomRuleOrder: Type.Optional(Type.Array(int64())),
  /** Whether the WAF logs request headers. */
  wafRequestHeaderLoggingEnabled: Type.Optional(Type.Boolean()),
  /** Whether request bodies are logged. */
  requestBodyLoggingEnabled: Type.Optional(Type.Boolean()),
  /** Request headers left out of the WAF's logs. */
  wafRequestIgnoredHeaders: Type.Optional(Type.Array(Type.String(), { uniqueItems: true })),
  /** Whether the WAF uses real-time threat intelligence. */
  wafRealtimeThreatIntelligenceEnabled: Type.Optional(Type.Boolean()),
  /** WAF profile (int32), or null for none. */
  wafProfileId: Type.Optional(nullable(int32())),
  /** WAF engine variables; a variable left out uses the engine-config default. */
  wafEngineConfig: Type.Optional(Type.Array(wafEngineConfigItemSchema)),
  /** {@link WafPayloadLimitAction}. */
  wafRequestBodyLimitAction: Type.Optional(enumOf(WafPayloadLimitAction, true)),
  /** {@link WafPayloadLimitAction}. */
  wafResponseBodyLimitAction: Type.Optional(enumOf(WafPayloadLimitAction, true)),
  /** {@link DDoSShieldSensitivity}. */
  dDoSShieldSensitivity: Type.Optional(enumOf(DDoSShieldSensitivity, true)),
  /** How long a passed DDoS challenge holds, in seconds (int32). */
  dDoSChallengeWindow: Type.Optional(uint32()),
  /** Response pages without the platform's branding. */
  whitelabelResponsePages: Type.Optional(Type.Boolean()),
};

/**
 * The settings of a shield zone (`ShieldZoneRequest` fields): every field optional, no extra
 * properties. What `PATCH /shield/shield-zone` sends as `shieldZone`, and the `shieldZone` of
 * what `GET /shield/shield-zone/defaults` answers.
 */
export const shieldZoneSettingsSchema = Type.Object(shieldZoneSettingsFields, {
  additionalProperties: false,
});
/** The settings of a shield zone (`ShieldZoneRequest` fields, every field optional). */
export type ShieldZoneSettings = Static<typeof shieldZoneSettingsSchema>;

/**
 * The published `ShieldZoneRequest` whole: the settings plus the zone's id and the deprecated
 * `premiumPlan` (superseded by `planType`). The `shieldZone` of a create or update body; the
 * client sends neither extra field.
 */
export const shieldZoneRequestSchema = Type.Object(
  {
    shieldZoneId: Type.Optional(int64()),
    /** Deprecated in the published document (use `planType`); accepted, never sent. */
    premiumPlan: Type.Optional(nullable(Type.Boolean())),
    ...shieldZoneSettingsFields,
  },
  { additionalProperties: false },
);
/** The published `ShieldZoneRequest`. */
export type ShieldZoneRequest = Static<typeof shieldZoneRequestSchema>;

/**
 * A zone's settings as it reads: the request fields plus the read-only `dDoSExecutionMode`
 * (no extra properties; what the emulator stores).
 */
export const shieldZoneReadSettingsSchema = Type.Object(
  {
    ...shieldZoneSettingsFields,
    dDoSExecutionMode: Type.Optional(enumOf(DDoSExecutionMode, true)),
  },
  { additionalProperties: false },
);
/** A zone's settings as it reads (request fields plus `dDoSExecutionMode`). */
export type ShieldZoneReadSettings = Static<typeof shieldZoneReadSettingsSchema>;

/**
 * A shield zone as `GET /shield/shield-zone/{shieldZoneId}` returns it (`data` of the answer,
 * `ShieldZoneResponse`): the settings, the identity and the plan's limits. More fields are
 * allowed (a platform that adds one must not break a reader).
 */
export const shieldZoneResponseSchema = Type.Object({
  /** Id of the shield zone. */
  shieldZoneId: int64(),
  /** The pull zone it protects; null when none. */
  pullZoneId: Type.Optional(nullable(int64())),
  ...shieldZoneSettingsFields,
  /**
   * {@link DDoSExecutionMode}. Read-only: in the published `ShieldZoneResponse`, not in
   * `ShieldZoneRequest` since the document of 2026-07-31 (a write refuses it).
   */
  dDoSExecutionMode: Type.Optional(enumOf(DDoSExecutionMode, true)),
  /** Most rate-limit rules the zone may hold. */
  rateLimitRulesLimit: Type.Optional(Type.Integer()),
  /** Most custom WAF rules the zone may hold. */
  customWafRulesLimit: Type.Optional(Type.Integer()),
});
/** A shield zone (`ShieldZoneResponse`; more fields allowed). */
export type ShieldZoneResponse = Static<typeof shieldZoneResponseSchema>;

/** POST `/shield/shield-zone` body: a shield zone for a pull zone (at most one per pull zone). */
export const createShieldZoneRequestSchema = Type.Object(
  {
    pullZoneId: int64(),
    /** The new zone's settings; those left out get the defaults. */
    shieldZone: Type.Optional(shieldZoneRequestSchema),
    /** Managed access lists to configure at once: list id → {@link AccessListAction}. */
    accessLists: Type.Optional(
      nullable(Type.Record(Type.String(), enumOf(AccessListAction, true))),
    ),
    botDetectionExecutionMode: Type.Optional(enumOf(BotDetectionExecutionMode, true)),
    csamScanningMode: Type.Optional(enumOf(UploadScanningScannerMode, true)),
    antivirusScanningMode: Type.Optional(enumOf(UploadScanningScannerMode, true)),
  },
  { additionalProperties: false },
);
/** POST `/shield/shield-zone` body. */
export type CreateShieldZoneRequest = Static<typeof createShieldZoneRequestSchema>;

/** PATCH `/shield/shield-zone` body: the settings to change (`UpdateShieldZoneRequest`). */
export const updateShieldZoneRequestSchema = Type.Object(
  { shieldZoneId: int64(), shieldZone: shieldZoneRequestSchema },
  { additionalProperties: false },
);
/** PATCH `/shield/shield-zone` body. */
export type UpdateShieldZoneRequest = Static<typeof updateShieldZoneRequestSchema>;

/** A managed access list a new zone is offered (`SuggestedAccessList`). */
export const suggestedAccessListSchema = Type.Object({
  listId: int64(),
  name: nullableString(),
  description: Type.Optional(nullableString()),
  /** Lowest {@link ShieldPlanType} the list is available on. */
  requiredPlan: enumOf(ShieldPlanType, true),
  /** {@link AccessListAction}. */
  action: enumOf(AccessListAction, true),
});
/** A managed access list a new zone is offered (`SuggestedAccessList`). */
export type SuggestedAccessList = Static<typeof suggestedAccessListSchema>;

/**
 * What a new shield zone gets (`data` of `GET /shield/shield-zone/defaults`, the published
 * `ShieldZoneDefaults`): the zone's settings under `shieldZone`, bot detection's and upload
 * scanning's modes, and the managed access lists offered. More fields are allowed.
 */
export const shieldZoneDefaultsSchema = Type.Object({
  shieldZone: shieldZoneRequestSchema,
  /** {@link BotDetectionExecutionMode}. */
  botDetectionExecutionMode: enumOf(BotDetectionExecutionMode, true),
  /** {@link UploadScanningScannerMode}. */
  csamScanningMode: enumOf(UploadScanningScannerMode, true),
  /** {@link UploadScanningScannerMode}. */
  antivirusScanningMode: enumOf(UploadScanningScannerMode, true),
  accessLists: nullable(Type.Array(suggestedAccessListSchema)),
});
/** What a new shield zone gets (`ShieldZoneDefaults`). */
export type ShieldZoneDefaults = Static<typeof shieldZoneDefaultsSchema>;

/** One entry of `GET /shield/shield-zones/pullzone-mapping`. */
export const shieldZonePullZoneMappingSchema = Type.Object({
  shieldZoneId: int64(),
  pullZoneId: int64(),
});
/** One entry of `GET /shield/shield-zones/pullzone-mapping`. */
export type ShieldZonePullZoneMapping = Static<typeof shieldZonePullZoneMappingSchema>;

/** A managed WAF rule (`WafRuleModel`): the id `wafDisabledRules` / `wafLogOnlyRules` name. */
export const managedWafRuleSchema = Type.Object({
  /** The rule's id (`"920100"`): what `wafDisabledRules` / `wafLogOnlyRules` name. */
  ruleId: Type.String(),
  /** What the rule detects. */
  description: Type.Optional(nullableString()),
});
/** A group of managed WAF rules (`WafRuleGroupModel`). */
export const managedWafRuleGroupSchema = Type.Object({
  /** Id of the group. */
  id: int64(),
  /** Name of the group (`SQL Injection`). */
  name: Type.String(),
  /** The group's code, the prefix of its rule ids (`942`). */
  code: Type.Optional(nullableString()),
  /** What the group covers. */
  description: Type.Optional(nullableString()),
  /** The group's rules. */
  rules: Type.Array(managedWafRuleSchema),
});
/**
 * A managed WAF ruleset of a zone (`WafRuleMainGroupModel`), as
 * `GET /shield/waf/rules/{shieldZoneId}` lists them.
 */
export const managedWafRulesetSchema = Type.Object({
  /** Name of the ruleset (`OWASP Core Rule Set`). */
  name: Type.String(),
  /** The ruleset's identifier (`owasp-crs-4`). */
  ruleset: Type.Optional(nullableString()),
  /** Its rule groups. */
  ruleGroups: Type.Array(managedWafRuleGroupSchema),
});
/** A managed WAF rule (`{ruleId, description}`). */
export type ManagedWafRule = Static<typeof managedWafRuleSchema>;
/** A group of managed WAF rules. */
export type ManagedWafRuleGroup = Static<typeof managedWafRuleGroupSchema>;
/** A managed WAF ruleset (`{name, ruleset, ruleGroups}`). */
export type ManagedWafRuleset = Static<typeof managedWafRulesetSchema>;

// ---------------------------------------------------------------------------------------
// Settings on their own paths: bot detection, upload scanning, API guardian
// ---------------------------------------------------------------------------------------

const sensitivity = () =>
  Type.Object(
    { sensitivity: Type.Optional(enumOf(BotDetectionSensitivity, true)) },
    { additionalProperties: false },
  );
const botDetectionFields = {
  /** {@link BotDetectionExecutionMode}. */
  executionMode: Type.Optional(enumOf(BotDetectionExecutionMode, true)),
  requestIntegrity: Type.Optional(sensitivity()),
  ipAddress: Type.Optional(sensitivity()),
  browserFingerprint: Type.Optional(
    Type.Object(
      {
        sensitivity: Type.Optional(enumOf(BotDetectionSensitivity, true)),
        /** {@link BrowserFingerprintAggression}. */
        aggression: Type.Optional(enumOf(BrowserFingerprintAggression, true)),
        complexEnabled: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
};

/**
 * PATCH `/shield/shield-zone/{id}/bot-detection` settings (`UpdateBotDetectionRequest`
 * without `shieldZoneId`, which the client adds): every top-level field optional.
 */
export const botDetectionUpdateSchema = Type.Object(botDetectionFields, {
  additionalProperties: false,
});
/** Bot detection settings to write (the client adds `shieldZoneId`). */
export type BotDetectionUpdate = Static<typeof botDetectionUpdateSchema>;

/** PATCH `/shield/shield-zone/{id}/bot-detection` body as sent (with `shieldZoneId`). */
export const botDetectionRequestSchema = Type.Object(
  { shieldZoneId: Type.Optional(int32()), ...botDetectionFields },
  { additionalProperties: false },
);

/** Bot detection of a zone (`BotDetectionConfigurationState`). */
export const botDetectionSchema = Type.Object({
  shieldZoneId: int64(),
  executionMode: enumOf(BotDetectionExecutionMode, true),
  requestIntegrity: Type.Object({ sensitivity: enumOf(BotDetectionSensitivity, true) }),
  ipAddress: Type.Object({ sensitivity: enumOf(BotDetectionSensitivity, true) }),
  browserFingerprint: Type.Object({
    sensitivity: enumOf(BotDetectionSensitivity, true),
    aggression: enumOf(BrowserFingerprintAggression, true),
    complexEnabled: Type.Boolean(),
  }),
});
/** Bot detection of a zone (`BotDetectionConfigurationState`). */
export type BotDetection = Static<typeof botDetectionSchema>;

const uploadScanningFields = {
  isEnabled: Type.Optional(Type.Boolean()),
  /** {@link UploadScanningScannerMode}. */
  csamScanningMode: Type.Optional(enumOf(UploadScanningScannerMode, true)),
  /** {@link UploadScanningScannerMode}. */
  antivirusScanningMode: Type.Optional(enumOf(UploadScanningScannerMode, true)),
};
/** Upload scanning settings to write (the client adds `shieldZoneId`); every field optional. */
export const uploadScanningUpdateSchema = Type.Object(uploadScanningFields, {
  additionalProperties: false,
});
/** Upload scanning settings to write. */
export type UploadScanningUpdate = Static<typeof uploadScanningUpdateSchema>;
/** PATCH `/shield/shield-zone/{id}/upload-scanning` body as sent (with `shieldZoneId`). */
export const uploadScanningRequestSchema = Type.Object(
  { shieldZoneId: Type.Optional(int32()), ...uploadScanningFields },
  { additionalProperties: false },
);
/** Upload scanning of a zone (`UploadScanningConfigurationState`). */
export const uploadScanningSchema = Type.Object({
  shieldZoneId: int64(),
  isEnabled: Type.Boolean(),
  csamScanningMode: enumOf(UploadScanningScannerMode, true),
  antivirusScanningMode: enumOf(UploadScanningScannerMode, true),
});
/** Upload scanning of a zone. */
export type UploadScanning = Static<typeof uploadScanningSchema>;

/**
 * PATCH `/shield/shield-zone/{id}/api-guardian` body (`UpdateApiGuardianConfigurationRequest`):
 * only the fields sent change.
 */
export const apiGuardianUpdateSchema = Type.Object(
  {
    isEnabled: Type.Optional(Type.Boolean()),
    /** {@link WafExecutionMode}. */
    executionMode: Type.Optional(enumOf(WafExecutionMode, true)),
    /** {@link WafPayloadLimitAction}. */
    bodyLimitAction: Type.Optional(enumOf(WafPayloadLimitAction, true)),
    /** {@link UnmatchedPathAction}. */
    unmatchedPathAction: Type.Optional(enumOf(UnmatchedPathAction, true)),
  },
  { additionalProperties: false },
);
/** API guardian settings to write. */
export type ApiGuardianUpdate = Static<typeof apiGuardianUpdateSchema>;

/** POST / PATCH `/shield/shield-zone/{id}/api-guardian/spec` body (`UpsertOpenApiSpecificationRequest`). */
export const apiGuardianSpecRequestSchema = Type.Object(
  {
    /** The OpenAPI document, as text. */
    content: Type.String({ pattern: NON_BLANK }),
    /** Enforce the document's authentication requirements (upload default: true). */
    enforceAuthorizationValidation: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** The API document of API guardian. */
export type ApiGuardianSpecRequest = Static<typeof apiGuardianSpecRequestSchema>;

/** API guardian's global configuration (`ApiGuardianConfigurationDetails`; more fields allowed). */
export const apiGuardianConfigurationSchema = Type.Object({
  shieldZoneId: Type.Optional(int64()),
  isEnabled: Type.Boolean(),
  executionMode: enumOf(WafExecutionMode, true),
  bodyLimitAction: enumOf(WafPayloadLimitAction, true),
  unmatchedPathAction: enumOf(UnmatchedPathAction, true),
  /** `info.title` of the uploaded document. */
  title: Type.Optional(nullableString()),
  /** `info.version` of the uploaded document. */
  version: Type.Optional(nullableString()),
  /** Plan limit: most endpoints the document may define. */
  maxEndpoints: Type.Optional(Type.Integer()),
});
/** API guardian of a zone (`ApiGuardianConfigurationResponse`): configuration and endpoints. */
export const apiGuardianSchema = Type.Object({
  configuration: apiGuardianConfigurationSchema,
  /** Endpoints found in the uploaded document (`ApiGuardianEndpointDetails`). */
  endpoints: Type.Array(Type.Unknown()),
});
/** API guardian of a zone. */
export type ApiGuardian = Static<typeof apiGuardianSchema>;

// ---------------------------------------------------------------------------------------
// Metrics (read-only)
// ---------------------------------------------------------------------------------------

const optionalCount = () => Type.Optional(Type.Integer({ minimum: 0 }));
const counters = <K extends string>(...names: K[]) =>
  Type.Object(
    Object.fromEntries(names.map((n) => [n, optionalCount()])) as Record<
      K,
      ReturnType<typeof optionalCount>
    >,
  );
const byDay = <T extends TSchema>(item: T) =>
  Type.Optional(nullable(Type.Record(Type.String(), item)));

const overviewCounters = counters(
  "dDoSMitigated",
  "wafTriggeredRules",
  "ratelimitBreaches",
  "botDetectionChallenged",
  "accessListActions",
  "uploadScanningBlocks",
  "apiGuardianBlocks",
);
const wafCounters = counters(
  "totalTriggeredRules",
  "blockedRequests",
  "loggedRequests",
  "challengedRequests",
);
const ddosCounters = counters(
  "loggedRequests",
  "verifiedRequests",
  "blockedRequests",
  "challengedRequests",
);
const rateLimitCounters = counters(
  "totalBreaches",
  "loggedBreaches",
  "challengedBreaches",
  "blockedBreaches",
);
const botCounters = counters("loggedRequests", "challengedRequests");
const accessListCounters = Type.Record(Type.String(), Type.Unknown());
const uploadCounters = counters("loggedRequests", "blockedRequests", "filesScanned");
const apiGuardianCounters = counters(
  "blockedRequests",
  "loggedRequests",
  "rateLimited",
  "requestsInspected",
  "failedRequestValidation",
  "failedAuthenticationEnforcement",
);

/**
 * A zone's metrics overview (`GET /shield/metrics/overview/{shieldZoneId}`, `ShieldZoneMetrics`):
 * totals per feature and the past 28 days keyed by date. Loose: more fields allowed.
 */
export const shieldMetricsOverviewSchema = Type.Object({
  /** Totals of every feature (DDoS mitigated, WAF rules triggered, rate-limit breaches, ...). */
  overview: Type.Optional(overviewCounters),
  /** The same totals for each of the past 28 days, keyed by date. */
  overviewPastTwentyEightDays: byDay(overviewCounters),
  /** WAF counters (triggered rules, blocked, logged, challenged requests). */
  waf: Type.Optional(wafCounters),
  /** DDoS counters (logged, verified, blocked, challenged requests). */
  dDoS: Type.Optional(ddosCounters),
  /** DDoS counters for each of the past 28 days, keyed by date. */
  dDoSOverviewPastTwentyEightDays: byDay(ddosCounters),
  /** Rate-limit counters (breaches: total, logged, challenged, blocked). */
  ratelimit: Type.Optional(rateLimitCounters),
  /** Rate-limit counters for each of the past 28 days, keyed by date. */
  ratelimitOverviewPastTwentyEightDays: byDay(rateLimitCounters),
  /** Bot detection counters (logged, challenged requests). */
  botDetection: Type.Optional(botCounters),
  /** Bot detection counters for each of the past 28 days, keyed by date. */
  botDetectionOverviewPastTwentyEightDays: byDay(botCounters),
  /** Access-list counters, as the platform gives them. */
  accessList: Type.Optional(accessListCounters),
  /** Access-list counters for each of the past 28 days, keyed by date. */
  accessListOverviewPastTwentyEightDays: byDay(accessListCounters),
  /** Upload scanning counters (logged, blocked requests, files scanned). */
  uploadScanning: Type.Optional(uploadCounters),
  /** Upload scanning counters for each of the past 28 days, keyed by date. */
  uploadScanningOverviewPastTwentyEightDays: byDay(uploadCounters),
  /** API guardian counters (blocked, logged, rate-limited, inspected, failed validation, ...). */
  apiGuardian: Type.Optional(apiGuardianCounters),
  /** API guardian counters for each of the past 28 days, keyed by date. */
  apiGuardianOverviewPastTwentyEightDays: byDay(apiGuardianCounters),
  /** Clean requests included in the plan. */
  totalCleanRequestsLimit: optionalCount(),
  /** Requests billed (this month). */
  totalBillableRequests: optionalCount(),
});
/** A zone's metrics overview (`ShieldZoneMetrics`). */
export type ShieldMetricsOverview = Static<typeof shieldMetricsOverviewSchema>;

/** One rate-limit rule's metrics (`ShieldZoneRatelimitMetrics`). */
export const rateLimitMetricsSchema = Type.Object({
  /** The rate-limit rule. */
  ratelimitId: int64(),
  /** The rule's breaches: total, logged, challenged, blocked. */
  overview: Type.Optional(rateLimitCounters),
  /** The same for each of the past 28 days, keyed by date. */
  ratelimitOverviewPastTwentyEightDays: byDay(rateLimitCounters),
});
/** One rate-limit rule's metrics (`ratelimitId` + counters). */
export type RateLimitMetrics = Static<typeof rateLimitMetricsSchema>;

/** Path parameters of the custom-page routes. */
export const customPageParamsSchema = Type.Object({
  shieldZoneId: uint32(),
  pageType: stringEnum(CustomPageTypes),
});

// ---------------------------------------------------------------------------------------
// Custom WAF rules
// ---------------------------------------------------------------------------------------

/**
 * Custom WAF rule configuration (`CreateCustomWafRuleModel`): the rate-limit rule's match
 * fields without the rate fields; `actionType` is {@link WafRuleAction}.
 */
export const wafRuleConfigurationSchema = Type.Object(
  {
    actionType: Type.Optional(enumOf(WafRuleAction, true)),
    ...ruleMatchFields,
    ...chainedRuleConditionsField,
  },
  { additionalProperties: false },
);
/** Custom WAF rule configuration (`CreateCustomWafRuleModel`). */
export type WafRuleConfiguration = Static<typeof wafRuleConfigurationSchema>;

const wafRuleTexts = {
  ruleName: Type.Optional(nullableString()),
  ruleDescription: Type.Optional(nullableString()),
  ruleConfiguration: Type.Optional(wafRuleConfigurationSchema),
};

/** POST `/shield/waf/custom-rule` body (`CreateCustomWafRuleRequest`). */
export const createCustomWafRuleRequestSchema = Type.Object(
  { shieldZoneId: int32(), ...wafRuleTexts },
  { additionalProperties: false },
);
/** POST `/shield/waf/custom-rule` body (`CreateCustomWafRuleRequest`). */
export type CreateCustomWafRuleRequest = Static<typeof createCustomWafRuleRequestSchema>;

/** PATCH (or PUT) `/shield/waf/custom-rule/{id}` body (`UpdateCustomWafRuleRequest`). */
export const updateCustomWafRuleRequestSchema = Type.Object(wafRuleTexts, {
  additionalProperties: false,
});
/** PATCH (or PUT) `/shield/waf/custom-rule/{id}` body (`UpdateCustomWafRuleRequest`). */
export type UpdateCustomWafRuleRequest = Static<typeof updateCustomWafRuleRequestSchema>;

/** A custom WAF rule as the platform returns it (`CustomWafRule`). */
export const customWafRuleSchema = Type.Object({
  /** Id of the rule (int64). */
  id: int64(),
  /** The shield zone the rule belongs to. */
  shieldZoneId: int64(),
  /** Who created the rule. */
  userId: Type.Optional(nullableString()),
  ruleName: Type.Optional(nullableString()),
  ruleDescription: Type.Optional(nullableString()),
  /** The configuration as the platform stores it, serialised. */
  ruleJson: Type.Optional(nullableString()),
  ruleConfiguration: Type.Optional(nullable(wafRuleConfigurationSchema)),
  /** The embedded result (`success: false` = the call failed; the transport throws). */
  errorResponse: Type.Optional(nullable(genericRequestResponseSchema)),
});
/** A custom WAF rule as the platform returns it (`CustomWafRule`). */
export type CustomWafRule = Static<typeof customWafRuleSchema>;

/** GET `/shield/waf/custom-rules/{shieldZoneId}` page (`GetCustomWafRulesResponse`). */
export const customWafRuleListSchema = Type.Object({
  data: Type.Array(customWafRuleSchema),
  page: pageInfoSchema,
  error: Type.Optional(nullable(genericRequestResponseSchema)),
});
/** GET `/shield/waf/custom-rules/{shieldZoneId}` page (`GetCustomWafRulesResponse`). */
export type CustomWafRuleList = Static<typeof customWafRuleListSchema>;

// ---------------------------------------------------------------------------------------
// Access lists
// ---------------------------------------------------------------------------------------

/** One list of a zone's listing, managed or custom (`AccessListDetails`). */
export const accessListDetailsSchema = Type.Object({
  /** Id of the list (a custom list: the `id` of its `CustomAccessList`). */
  listId: int64(),
  /** Id of the zone's configuration of the list: what the configuration PATCH is keyed by. */
  configurationId: int64(),
  name: Type.String(),
  description: Type.Optional(nullableString()),
  /** Whether the list is applied in the zone. */
  isEnabled: Type.Boolean(),
  type: enumOf(AccessListType, true),
  /** Category flags of a managed list (`AccessListCategory`, combined). */
  category: Type.Integer({ minimum: 0 }),
  action: enumOf(AccessListAction, true),
  /** The lowest plan the list is available on ({@link ShieldPlanType}). */
  requiredPlan: enumOf(ShieldPlanType, true),
  entryCount: Type.Integer({ minimum: 0 }),
  /** How often the platform refreshes a managed list (free text, e.g. `"daily"`). */
  updateFrequency: Type.Optional(nullableString()),
  /** ISO 8601 timestamp of the last change of the entries. */
  lastUpdated: Type.Optional(nullableString()),
});
/** One list of a zone's listing, managed or custom (`AccessListDetails`). */
export type AccessListDetails = Static<typeof accessListDetailsSchema>;

/** GET `/shield/shield-zone/{shieldZoneId}/access-lists`: every list of a zone, and its limits. */
export const zoneAccessListsSchema = Type.Object({
  managedLists: Type.Array(accessListDetailsSchema),
  customLists: Type.Array(accessListDetailsSchema),
  /** Entries in the zone's custom lists, all lists together. */
  customEntryCount: Type.Integer({ minimum: 0 }),
  /** Most entries the zone's custom lists may hold together (plan limit). */
  customEntryLimit: Type.Integer({ minimum: 0 }),
  customListCount: Type.Integer({ minimum: 0 }),
  /** Most custom lists the zone may hold (plan limit). */
  customListLimit: Type.Integer({ minimum: 0 }),
  error: Type.Optional(nullable(genericRequestResponseSchema)),
});
/** GET `/shield/shield-zone/{shieldZoneId}/access-lists`: every list of a zone, and its limits. */
export type ZoneAccessLists = Static<typeof zoneAccessListsSchema>;

/** A custom access list (`CustomAccessList`): entries, not the zone's configuration of it. */
export const customAccessListSchema = Type.Object({
  id: int64(),
  name: Type.String(),
  description: Type.Optional(nullableString()),
  type: enumOf(AccessListType, true),
  /** The entries joined by `"\n"`. */
  content: Type.String(),
  checksum: Type.Optional(nullableString()),
  entryCount: Type.Integer({ minimum: 0 }),
  /** ISO 8601 timestamp. */
  lastModified: Type.Optional(nullableString()),
});
/** A custom access list (`CustomAccessList`). */
export type CustomAccessList = Static<typeof customAccessListSchema>;

/** Answer of a custom list's create, read and update: `{data, error}`. */
export const customAccessListResponseSchema = Type.Object({
  data: nullable(customAccessListSchema),
  error: Type.Optional(nullable(genericRequestResponseSchema)),
});
/** Answer of a custom list's create, read and update: `{data, error}`. */
export type CustomAccessListResponse = Static<typeof customAccessListResponseSchema>;

const listName = () => Type.String({ pattern: NON_BLANK });

/** POST `/shield/shield-zone/{shieldZoneId}/access-lists` body. */
export const createAccessListRequestSchema = Type.Object(
  {
    name: listName(),
    description: Type.Optional(nullableString()),
    type: enumOf(AccessListType, true),
    /** The entries joined by `"\n"` (see `accessListContent`). */
    content: Type.String(),
    checksum: Type.Optional(nullableString()),
  },
  { additionalProperties: false },
);
/** POST `/shield/shield-zone/{shieldZoneId}/access-lists` body. */
export type CreateAccessListRequest = Static<typeof createAccessListRequestSchema>;

/** PATCH `/shield/shield-zone/{shieldZoneId}/access-lists/{id}` body (type and description are fixed). */
export const updateAccessListRequestSchema = Type.Object(
  {
    name: Type.Optional(listName()),
    content: Type.Optional(Type.String()),
    checksum: Type.Optional(nullableString()),
  },
  { additionalProperties: false },
);
/** PATCH `/shield/shield-zone/{shieldZoneId}/access-lists/{id}` body. */
export type UpdateAccessListRequest = Static<typeof updateAccessListRequestSchema>;

/** PATCH `/shield/shield-zone/{shieldZoneId}/access-lists/configurations/{configurationId}` body. */
export const accessListConfigurationRequestSchema = Type.Object(
  {
    isEnabled: Type.Optional(Type.Boolean()),
    action: Type.Optional(enumOf(AccessListAction, true)),
  },
  { additionalProperties: false },
);
/** PATCH `.../access-lists/configurations/{configurationId}` body. */
export type AccessListConfigurationRequest = Static<typeof accessListConfigurationRequestSchema>;

/** Path parameters of the zone's access-list routes (`shieldZoneId` is int32). */
export const accessListParamsSchema = Type.Object({ shieldZoneId: uint32(), id: int64() });
/** Path parameters of the configuration PATCH. */
export const accessListConfigurationParamsSchema = Type.Object({
  shieldZoneId: uint32(),
  configurationId: int64(),
});
