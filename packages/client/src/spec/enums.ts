/**
 * The platform's enumerations and constants: integer enums (value = name), the string
 * vocabularies (variable names, cache statuses, ...), int32 bounds and the platform limits.
 * Types and JSON schemas are in `schemas.ts`, validation in `validation.ts`.
 */

/** What a rate-limit rule does when it matches (`actionType`). */
export const RateLimitAction = { RateLimit: 1, Log: 2, Challenge: 3 } as const;
/** What a custom WAF rule does when it matches (`ruleConfiguration.actionType`). */
export const WafRuleAction = { Block: 1, Log: 2, Challenge: 3, Allow: 4, Bypass: 5 } as const;
/** What the entries of an access list are (`type`). */
export const AccessListType = {
  IP: 0,
  CIDR: 1,
  ASN: 2,
  Country: 3,
  Organization: 4,
  JA4: 5,
} as const;
/** What a matching access list does (`action` of its configuration). */
export const AccessListAction = {
  None: 0,
  Allow: 1,
  Block: 2,
  Challenge: 3,
  Log: 4,
  Bypass: 5,
} as const;
/** Category of a managed access list (`category`; flags, combined with `|`). */
export const AccessListCategory = {
  None: 0,
  VPNs: 1,
  Datacenters: 2,
  Proxies: 4,
  TorExitNodes: 8,
  Botnets: 16,
  VulnerabilityScanners: 32,
  WebScrapers: 64,
  SearchEngines: 128,
  SearchEngineCrawlers: 256,
  AiSearch: 512,
  AiCrawlers: 1024,
  AiAgents: 2048,
  PagePreview: 4096,
  InternetTools: 8192,
} as const;
/** Plan of a shield zone (`planType`, and `requiredPlan` of a managed access list). */
export const ShieldPlanType = { Basic: 0, Advanced: 1, Business: 2, Enterprise: 3 } as const;
/** WAF execution mode of a shield zone (`wafExecutionMode`) and of API guardian (`executionMode`). */
export const WafExecutionMode = { Log: 0, Block: 1 } as const;
/**
 * What the WAF does with a body over its size limit (`wafRequestBodyLimitAction`,
 * `wafResponseBodyLimitAction` of a zone; API guardian's `bodyLimitAction`).
 */
export const WafPayloadLimitAction = { Block: 0, Log: 1, Ignore: 2 } as const;
/** How hard the DDoS shield of a zone reacts (`dDoSShieldSensitivity`). */
export const DDoSShieldSensitivity = { Off: 0, Low: 1, Medium: 2, High: 3, Challenge: 4 } as const;
/** Whether the DDoS shield only logs or blocks (`dDoSExecutionMode`). */
export const DDoSExecutionMode = { Log: 0, Block: 1 } as const;
/** What bot detection does with a detected bot (`executionMode`). */
export const BotDetectionExecutionMode = { LogOnly: 0, Challenge: 1 } as const;
/** Sensitivity of one bot-detection signal (`requestIntegrity`, `ipAddress`, `browserFingerprint`). */
export const BotDetectionSensitivity = { Off: 0, Low: 1, Medium: 2, High: 3 } as const;
/** How aggressive browser fingerprinting is (`browserFingerprint.aggression`). */
export const BrowserFingerprintAggression = {
  Unknown: 0,
  Low: 1,
  Medium: 2,
  High: 3,
  Custom: 4,
} as const;
/** What an upload scanner does (`csamScanningMode`, `antivirusScanningMode`). */
export const UploadScanningScannerMode = { Disabled: 0, Log: 1, Block: 2 } as const;
/** What API guardian does with a request whose path the API document lacks (`unmatchedPathAction`). */
export const UnmatchedPathAction = { Block: 0, Log: 1, Ignore: 2 } as const;
/** The custom response pages of a shield zone (`pageType` of `/custom-page/{pageType}`). */
export const CustomPageTypes = ["block", "challenge", "ratelimit"] as const;
/** WAF rule operator (`operatorType`). */
export const OperatorType = {
  BEGINSWITH: 0,
  ENDSWITH: 1,
  CONTAINS: 2,
  CONTAINSWORD: 3,
  STRMATCH: 4,
  EQ: 5,
  GE: 6,
  GT: 7,
  LE: 8,
  LT: 9,
  WITHIN: 12,
  RX: 14,
  STREQ: 15,
  DETECTSQLI: 17,
  DETECTXSS: 18,
} as const;
/** WAF rule severity (`severityType`). */
export const SeverityType = { NOTICE: 0, WARNING: 1, CRITICAL: 2 } as const;
/** WAF transformation applied before matching (`transformationTypes[]`). */
export const TransformationType = {
  CMDLINE: 1,
  COMPRESSWHITESPACE: 2,
  CSSDECODE: 3,
  HEXENCODE: 4,
  HTMLENTITYDECODE: 5,
  JSDECODE: 6,
  LENGTH: 7,
  LOWERCASE: 8,
  MD5: 9,
  NORMALIZEPATH: 10,
  NORMALISEPATH: 11,
  NORMALIZEPATHWIN: 12,
  NORMALISEPATHWIN: 13,
  REMOVECOMMENTS: 14,
  REMOVENULLS: 15,
  REMOVEWHITESPACE: 16,
  REPLACECOMMENTS: 17,
  SHA1: 18,
  URLDECODE: 19,
  URLDECODEUNI: 20,
  UTF8TOUNICODE: 21,
} as const;
/** What requests are counted together (`counterKeyType`). */
export const CounterKeyType = {
  IP: 0,
  Host: 1,
  Country: 2,
  City: 3,
  ASN: 4,
  Organization: 5,
  JA4: 6,
  IP_JA4: 7,
} as const;
/** Counting window in seconds (`timeframe`). */
export const Timeframe = {
  PerSecond: 1,
  PerTenSeconds: 10,
  PerOneMinute: 60,
  PerFiveMinutes: 300,
  PerFifteenMinutes: 900,
  PerOneHour: 3600,
} as const;
/** How long a client is blocked, in seconds (`blockTime`). */
export const BlockTime = {
  ForThirtySeconds: 30,
  ForOneMinute: 60,
  ForFiveMinutes: 300,
  ForFifteenMinutes: 900,
  ForThirtyMinutes: 1800,
  ForOneHour: 3600,
} as const;

/** Keys allowed in `variableTypes`. */
export const VariableNames = [
  "REQUEST_URI",
  "REQUEST_URI_RAW",
  "ARGS",
  "ARGS_COMBINED_SIZE",
  "ARGS_GET",
  "ARGS_GET_NAMES",
  "ARGS_POST",
  "ARGS_POST_NAMES",
  "FILES_NAMES",
  "GEO",
  "REMOTE_ADDR",
  "QUERY_STRING",
  "REQUEST_BASENAME",
  "REQUEST_BODY",
  "REQUEST_COOKIES_NAMES",
  "REQUEST_COOKIES",
  "REQUEST_FILENAME",
  "REQUEST_HEADERS_NAMES",
  "REQUEST_HEADERS",
  "REQUEST_LINE",
  "REQUEST_METHOD",
  "REQUEST_PROTOCOL",
  "RESPONSE_BODY",
  "RESPONSE_HEADERS",
  "RESPONSE_STATUS",
  "FINGERPRINT",
  "VERIFIED_BOT_CATEGORY",
] as const;

/** CDN log cache status values (both logging versions). `-` = no cache interaction. */
export const CacheStatuses = [
  "HIT",
  "MISS",
  "BYPASS",
  "REVALIDATED",
  "STALE",
  "UPDATING",
  "-",
] as const;

/** Region-settings provisioning types. */
export const ProvisioningTypes = ["static", "dynamic"] as const;

export type RateLimitActionValue = (typeof RateLimitAction)[keyof typeof RateLimitAction];
export type OperatorTypeValue = (typeof OperatorType)[keyof typeof OperatorType];
export type SeverityTypeValue = (typeof SeverityType)[keyof typeof SeverityType];
export type TransformationTypeValue = (typeof TransformationType)[keyof typeof TransformationType];
export type CounterKeyTypeValue = (typeof CounterKeyType)[keyof typeof CounterKeyType];
export type TimeframeValue = (typeof Timeframe)[keyof typeof Timeframe];
export type BlockTimeValue = (typeof BlockTime)[keyof typeof BlockTime];
export type WafRuleActionValue = (typeof WafRuleAction)[keyof typeof WafRuleAction];
export type AccessListTypeValue = (typeof AccessListType)[keyof typeof AccessListType];
export type AccessListActionValue = (typeof AccessListAction)[keyof typeof AccessListAction];
export type ShieldPlanTypeValue = (typeof ShieldPlanType)[keyof typeof ShieldPlanType];
export type VariableName = (typeof VariableNames)[number];
export type WafExecutionModeValue = (typeof WafExecutionMode)[keyof typeof WafExecutionMode];
export type WafPayloadLimitActionValue =
  (typeof WafPayloadLimitAction)[keyof typeof WafPayloadLimitAction];
export type DDoSShieldSensitivityValue =
  (typeof DDoSShieldSensitivity)[keyof typeof DDoSShieldSensitivity];
export type DDoSExecutionModeValue = (typeof DDoSExecutionMode)[keyof typeof DDoSExecutionMode];
export type BotDetectionExecutionModeValue =
  (typeof BotDetectionExecutionMode)[keyof typeof BotDetectionExecutionMode];
export type BotDetectionSensitivityValue =
  (typeof BotDetectionSensitivity)[keyof typeof BotDetectionSensitivity];
export type BrowserFingerprintAggressionValue =
  (typeof BrowserFingerprintAggression)[keyof typeof BrowserFingerprintAggression];
export type UploadScanningScannerModeValue =
  (typeof UploadScanningScannerMode)[keyof typeof UploadScanningScannerMode];
export type UnmatchedPathActionValue =
  (typeof UnmatchedPathAction)[keyof typeof UnmatchedPathAction];
/** A custom response page of a shield zone: `"block"`, `"challenge"` or `"ratelimit"`. */
export type CustomPageType = (typeof CustomPageTypes)[number];

export type CacheStatus = (typeof CacheStatuses)[number];

/** Every integer enumeration by the field that carries it. */
export const EnumsByField = {
  actionType: RateLimitAction,
  operatorType: OperatorType,
  severityType: SeverityType,
  transformationTypes: TransformationType,
  counterKeyType: CounterKeyType,
  timeframe: Timeframe,
  blockTime: BlockTime,
} as const;

/**
 * The integer enumerations of a custom WAF rule's configuration by field: the rate-limit
 * ones without the rate fields, and `actionType` is {@link WafRuleAction}.
 */
export const WafEnumsByField = {
  actionType: WafRuleAction,
  operatorType: OperatorType,
  severityType: SeverityType,
  transformationTypes: TransformationType,
} as const;

/**
 * The integer enumerations of a shield zone's settings by field (`ShieldZoneRequest`; the
 * answer adds `dDoSExecutionMode`): what an input may name instead of a number.
 */
export const ShieldZoneEnumsByField = {
  planType: ShieldPlanType,
  wafExecutionMode: WafExecutionMode,
  wafRequestBodyLimitAction: WafPayloadLimitAction,
  wafResponseBodyLimitAction: WafPayloadLimitAction,
  dDoSShieldSensitivity: DDoSShieldSensitivity,
  dDoSExecutionMode: DDoSExecutionMode,
} as const;

/**
 * The integer enumerations of API guardian's configuration by field. The published OpenAPI
 * document types them with the WAF's own enumerations: `executionMode` is
 * {@link WafExecutionMode}, `bodyLimitAction` {@link WafPayloadLimitAction}.
 */
export const ApiGuardianEnumsByField = {
  executionMode: WafExecutionMode,
  bodyLimitAction: WafPayloadLimitAction,
  unmatchedPathAction: UnmatchedPathAction,
} as const;

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** Error codes of the logging API (`{error:{code}}`). */
export const LoggingErrorCodes = [
  "invalid_request",
  "unauthorized",
  "forbidden",
  "logging_disabled",
  "rate_limited",
  "internal_error",
] as const;
export type LoggingErrorCode = (typeof LoggingErrorCodes)[number];

/** v1 field order (12 fields; extended logging appends the last 3). */
export const LegacyLogFields = [
  "cacheStatus",
  "statusCode",
  "timestamp",
  "bytesSent",
  "pullZoneId",
  "remoteIp",
  "referer",
  "url",
  "edgeLocation",
  "userAgent",
  "requestId",
  "countryCode",
  "bodyBytesSent",
  "rangeHeader",
  "authorizationHeader",
] as const;

/** Limits of the platform that both the client and the emulator respect. */
export const Limits = {
  /** Logging API: requests per window per pull zone. */
  loggingRequestsPerWindow: 30,
  /** Logging API: the window, in milliseconds. */
  loggingWindowMs: 10_000,
  /** Log retention, in days (CDN logs and shield event logs read window). */
  retentionDays: 3,
  /** v2: largest page size. */
  accessLogMaxLimit: 10_000,
  /** v2: default page size. */
  accessLogDefaultLimit: 100,
  /** v2: most `search` tokens. */
  accessLogMaxSearchTokens: 16,
  /** Script statistics default range, in days. */
  statisticsDefaultDays: 30,
} as const;
