/**
 * The request bodies of the Shield writes as the platform's published OpenAPI document
 * declares them, transcribed into TypeBox: "Bunny Shield API" v1, `data/shield-api-v1.0.0.json`
 * of ToshY/bunnynet-openapi-specification, the document as updated 2026-07-31. Field names,
 * types, `required` lists and `additionalProperties: false` are the document's; `nullable`
 * becomes `T | null`; `format: int32` becomes the int32 range; enumerations are their integer
 * values. Deliberately NOT derived from the client's schemas: this is the other side of the
 * contract (test/contract/published-requests.test.ts validates every body the client sends
 * against it), so a drift of the client fails a test.
 */
import { Type, type TSchema } from "@sinclair/typebox";

const nul = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const int32 = () => Type.Integer({ minimum: -2147483648, maximum: 2147483647 });
const int64 = () => Type.Integer();
const oneOf = (...values: number[]) => Type.Integer({ enum: values });
const closed = (props: Record<string, TSchema>, required: string[] = []) =>
  Type.Object(
    Object.fromEntries(
      Object.entries(props).map(([k, v]) => [k, required.includes(k) ? v : Type.Optional(v)]),
    ),
    { additionalProperties: false },
  );

// Enumerations (integer enums of the document).
const ShieldPlanType = () => oneOf(0, 1, 2, 3);
const WAFExecutionMode = () => oneOf(0, 1);
const WAFPayloadLimitAction = () => oneOf(0, 1, 2);
const DDoSShieldSensitivity = () => oneOf(0, 1, 2, 3, 4);
const AccessListAction = () => oneOf(0, 1, 2, 3, 4, 5);
const AccessListType = () => oneOf(0, 1, 2, 3, 4, 5);
const BotDetectionExecutionMode = () => oneOf(0, 1);
const BotDetectionSensitivity = () => oneOf(0, 1, 2, 3);
const BrowserFingerprintAggression = () => oneOf(0, 1, 2, 3, 4);
const UploadScanningScannerMode = () => oneOf(0, 1, 2);
const UnmatchedPathAction = () => oneOf(0, 1, 2);
const WafRuleActionType = () => oneOf(1, 2, 3, 4, 5);
const RatelimitRuleActionType = () => oneOf(1, 2, 3);
const WafRuleOperatorType = () => oneOf(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 14, 15, 17, 18);
const WafRuleSeverityType = () => oneOf(0, 1, 2);
const WafRuleTransformationType = () => oneOf(...Array.from({ length: 21 }, (_, i) => i + 1));
const WafRatelimitCounterKeyType = () => oneOf(0, 1, 2, 3, 4, 5, 6, 7);
const WafRateLimitTimeframeType = () => oneOf(1, 10, 60, 300, 900, 3600);
const WafRatelimitBlockType = () => oneOf(30, 60, 300, 900, 1800, 3600);

/** The keys of `variableTypes` (each a string; no others). */
const VARIABLE_KEYS = [
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
];
const variableTypes = () =>
  nul(closed(Object.fromEntries(VARIABLE_KEYS.map((k) => [k, Type.String()]))));

/** `PullZoneWafConfigVariableModel`. */
const PullZoneWafConfigVariableModel = closed(
  { name: nul(Type.String()), valueEncoded: nul(Type.String()) },
  ["name", "valueEncoded"],
);

/** `ShieldZoneRequest` (no `dDoSExecutionMode`: that is a `ShieldZoneResponse` field only). */
export const ShieldZoneRequest = closed({
  shieldZoneId: int64(),
  premiumPlan: nul(Type.Boolean()),
  planType: ShieldPlanType(),
  learningMode: nul(Type.Boolean()),
  learningModeUntil: nul(Type.String()),
  wafEnabled: nul(Type.Boolean()),
  wafExecutionMode: WAFExecutionMode(),
  wafDisabledRules: nul(Type.Array(Type.String(), { uniqueItems: true })),
  wafLogOnlyRules: nul(Type.Array(Type.String(), { uniqueItems: true })),
  wafCustomRuleOrder: nul(Type.Array(int64())),
  wafRequestHeaderLoggingEnabled: nul(Type.Boolean()),
  requestBodyLoggingEnabled: nul(Type.Boolean()),
  wafRequestIgnoredHeaders: nul(Type.Array(Type.String(), { uniqueItems: true })),
  wafRealtimeThreatIntelligenceEnabled: nul(Type.Boolean()),
  wafProfileId: nul(int32()),
  wafEngineConfig: nul(Type.Array(PullZoneWafConfigVariableModel)),
  wafRequestBodyLimitAction: WAFPayloadLimitAction(),
  wafResponseBodyLimitAction: WAFPayloadLimitAction(),
  dDoSShieldSensitivity: DDoSShieldSensitivity(),
  dDoSChallengeWindow: nul(int32()),
  whitelabelResponsePages: nul(Type.Boolean()),
});

/** `CreateShieldZoneRequest` (POST `/shield/shield-zone`). */
export const CreateShieldZoneRequest = closed(
  {
    shieldZone: ShieldZoneRequest,
    pullZoneId: int64(),
    accessLists: nul(Type.Record(Type.String(), AccessListAction())),
    botDetectionExecutionMode: BotDetectionExecutionMode(),
    csamScanningMode: UploadScanningScannerMode(),
    antivirusScanningMode: UploadScanningScannerMode(),
  },
  ["pullZoneId"],
);

/** `UpdateShieldZoneRequest` (PATCH `/shield/shield-zone`). */
export const UpdateShieldZoneRequest = closed(
  { shieldZone: ShieldZoneRequest, shieldZoneId: int64() },
  ["shieldZoneId"],
);

/** `WafChainedRuleConditionItem`. */
const WafChainedRuleConditionItem = closed({
  variableTypes: variableTypes(),
  operatorType: WafRuleOperatorType(),
  value: nul(Type.String()),
  isNegated: nul(Type.Boolean()),
  isRegexVariable: nul(Type.Boolean()),
});

/** The match fields common to `CreateCustomWafRuleModel` and `CreateWafRateLimitRuleModel`. */
const matchFields = () => ({
  variableTypes: variableTypes(),
  operatorType: WafRuleOperatorType(),
  severityType: WafRuleSeverityType(),
  transformationTypes: nul(Type.Array(WafRuleTransformationType())),
  value: nul(Type.String()),
  isNegated: nul(Type.Boolean()),
  isRegexVariable: nul(Type.Boolean()),
  chainedRuleConditions: nul(Type.Array(WafChainedRuleConditionItem)),
});

/** `CreateWafRateLimitRuleModel`. */
const CreateWafRateLimitRuleModel = closed({
  actionType: RatelimitRuleActionType(),
  ...matchFields(),
  requestCount: int32(),
  counterKeyType: WafRatelimitCounterKeyType(),
  timeframe: WafRateLimitTimeframeType(),
  blockTime: WafRatelimitBlockType(),
});

/** `CreateCustomWafRuleModel`. */
const CreateCustomWafRuleModel = closed({ actionType: WafRuleActionType(), ...matchFields() });

/** `CreateWafRateLimitRequest` (POST `/shield/rate-limit`). */
export const CreateWafRateLimitRequest = closed({
  shieldZoneId: int32(),
  ruleName: nul(Type.String()),
  ruleDescription: nul(Type.String()),
  ruleConfiguration: CreateWafRateLimitRuleModel,
});

/** `UpdateWafRateLimitRequest` (PATCH `/shield/rate-limit/{id}`). */
export const UpdateWafRateLimitRequest = closed({
  ruleName: nul(Type.String()),
  ruleDescription: nul(Type.String()),
  ruleConfiguration: CreateWafRateLimitRuleModel,
});

/** `CreateCustomWafRuleRequest` (POST `/shield/waf/custom-rule`). */
export const CreateCustomWafRuleRequest = closed({
  shieldZoneId: int32(),
  ruleName: nul(Type.String()),
  ruleDescription: nul(Type.String()),
  ruleConfiguration: CreateCustomWafRuleModel,
});

/** `UpdateCustomWafRuleRequest` (PUT and PATCH `/shield/waf/custom-rule/{id}`). */
export const UpdateCustomWafRuleRequest = closed({
  ruleName: nul(Type.String()),
  ruleDescription: nul(Type.String()),
  ruleConfiguration: CreateCustomWafRuleModel,
});

/** `CreateCustomAccessListRequest` (POST `.../access-lists`). */
export const CreateCustomAccessListRequest = closed(
  {
    name: nul(Type.String()),
    description: nul(Type.String()),
    type: AccessListType(),
    content: nul(Type.String()),
    checksum: nul(Type.String()),
  },
  ["content", "name", "type"],
);

/** `UpdateCustomAccessListRequest` (PATCH `.../access-lists/{id}`). */
export const UpdateCustomAccessListRequest = closed({
  name: nul(Type.String()),
  content: nul(Type.String()),
  checksum: nul(Type.String()),
});

/** `UpdateAccessListConfigurationRequest` (PATCH `.../access-lists/configurations/{id}`). */
export const UpdateAccessListConfigurationRequest = closed({
  isEnabled: nul(Type.Boolean()),
  action: AccessListAction(),
});

/** `UpdateBotDetectionRequest` (PATCH `.../bot-detection`). */
export const UpdateBotDetectionRequest = closed({
  shieldZoneId: int32(),
  executionMode: BotDetectionExecutionMode(),
  requestIntegrity: closed({ sensitivity: BotDetectionSensitivity() }),
  ipAddress: closed({ sensitivity: BotDetectionSensitivity() }),
  browserFingerprint: closed({
    sensitivity: BotDetectionSensitivity(),
    aggression: BrowserFingerprintAggression(),
    complexEnabled: nul(Type.Boolean()),
  }),
});

/** `UpdateUploadScanningConfigurationRequest` (PATCH `.../upload-scanning`). */
export const UpdateUploadScanningConfigurationRequest = closed({
  shieldZoneId: int32(),
  isEnabled: nul(Type.Boolean()),
  csamScanningMode: UploadScanningScannerMode(),
  antivirusScanningMode: UploadScanningScannerMode(),
});

/** `UpdateApiGuardianConfigurationRequest` (PATCH `.../api-guardian`). */
export const UpdateApiGuardianConfigurationRequest = closed({
  isEnabled: nul(Type.Boolean()),
  executionMode: WAFExecutionMode(),
  bodyLimitAction: WAFPayloadLimitAction(),
  unmatchedPathAction: UnmatchedPathAction(),
});

/** `UpsertOpenApiSpecificationRequest` (POST and PATCH `.../api-guardian/spec`). */
export const UpsertOpenApiSpecificationRequest = closed({
  content: nul(Type.String()),
  enforceAuthorizationValidation: nul(Type.Boolean()),
});

const Z = "/shield/shield-zone/\\d+";
/** Each published Shield write with a JSON body: method, path pattern, request schema. */
export const PUBLISHED_WRITES: readonly {
  op: string;
  method: string;
  path: RegExp;
  schema: TSchema;
}[] = [
  {
    op: "CreateShieldZone",
    method: "POST",
    path: /^\/shield\/shield-zone$/,
    schema: CreateShieldZoneRequest,
  },
  {
    op: "UpdateShieldZone",
    method: "PATCH",
    path: /^\/shield\/shield-zone$/,
    schema: UpdateShieldZoneRequest,
  },
  {
    op: "CreateRateLimit",
    method: "POST",
    path: /^\/shield\/rate-limit$/,
    schema: CreateWafRateLimitRequest,
  },
  {
    op: "UpdateRateLimit",
    method: "PATCH",
    path: /^\/shield\/rate-limit\/\d+$/,
    schema: UpdateWafRateLimitRequest,
  },
  {
    op: "CreateCustomWafRule",
    method: "POST",
    path: /^\/shield\/waf\/custom-rule$/,
    schema: CreateCustomWafRuleRequest,
  },
  {
    op: "UpdateCustomWafRule",
    method: "PATCH",
    path: /^\/shield\/waf\/custom-rule\/\d+$/,
    schema: UpdateCustomWafRuleRequest,
  },
  {
    op: "UpdateCustomWafRule",
    method: "PUT",
    path: /^\/shield\/waf\/custom-rule\/\d+$/,
    schema: UpdateCustomWafRuleRequest,
  },
  {
    op: "CreateCustomAccessList",
    method: "POST",
    path: new RegExp(`^${Z}/access-lists$`),
    schema: CreateCustomAccessListRequest,
  },
  {
    op: "UpdateAccessListConfiguration",
    method: "PATCH",
    path: new RegExp(`^${Z}/access-lists/configurations/\\d+$`),
    schema: UpdateAccessListConfigurationRequest,
  },
  {
    op: "UpdateCustomAccessList",
    method: "PATCH",
    path: new RegExp(`^${Z}/access-lists/\\d+$`),
    schema: UpdateCustomAccessListRequest,
  },
  {
    op: "UpdateBotDetection",
    method: "PATCH",
    path: new RegExp(`^${Z}/bot-detection$`),
    schema: UpdateBotDetectionRequest,
  },
  {
    op: "UpdateUploadScanning",
    method: "PATCH",
    path: new RegExp(`^${Z}/upload-scanning$`),
    schema: UpdateUploadScanningConfigurationRequest,
  },
  {
    op: "UpdateApiGuardian",
    method: "PATCH",
    path: new RegExp(`^${Z}/api-guardian$`),
    schema: UpdateApiGuardianConfigurationRequest,
  },
  {
    op: "UploadOpenApiSpecification",
    method: "POST",
    path: new RegExp(`^${Z}/api-guardian/spec$`),
    schema: UpsertOpenApiSpecificationRequest,
  },
  {
    op: "UpdateOpenApiSpecification",
    method: "PATCH",
    path: new RegExp(`^${Z}/api-guardian/spec$`),
    schema: UpsertOpenApiSpecificationRequest,
  },
];

/** `SuggestedAccessList`. */
const SuggestedAccessList = closed(
  {
    listId: int64(),
    name: nul(Type.String()),
    description: nul(Type.String()),
    requiredPlan: ShieldPlanType(),
    action: AccessListAction(),
  },
  ["action", "listId", "name", "requiredPlan"],
);

/** `GenericRequestResponse`. */
const GenericRequestResponse = closed({
  statusCode: Type.Integer(),
  success: Type.Boolean(),
  message: nul(Type.String()),
  errorKey: nul(Type.String()),
});

/** `GetShieldZoneDefaultsResponse` (GET `/shield/shield-zone/defaults`, its `ShieldZoneDefaults`). */
export const GetShieldZoneDefaultsResponse = closed({
  data: closed(
    {
      shieldZone: ShieldZoneRequest,
      botDetectionExecutionMode: BotDetectionExecutionMode(),
      csamScanningMode: UploadScanningScannerMode(),
      antivirusScanningMode: UploadScanningScannerMode(),
      accessLists: nul(Type.Array(SuggestedAccessList)),
    },
    [
      "accessLists",
      "antivirusScanningMode",
      "botDetectionExecutionMode",
      "csamScanningMode",
      "shieldZone",
    ],
  ),
  error: GenericRequestResponse,
});
