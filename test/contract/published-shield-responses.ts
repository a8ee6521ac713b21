/**
 * The answers of the Shield operations the emulator serves, as the platform's published
 * OpenAPI document declares them, transcribed into TypeBox: "Bunny Shield API" v1,
 * `data/shield-api-v1.0.0.json` of ToshY/bunnynet-openapi-specification, the document as
 * updated 2026-07-31. Per operation: the declared statuses, each with its content types and
 * schema. Field names, types, `required` lists and `additionalProperties: false` are the
 * document's; `nullable` becomes `T | null`; `format: int32` becomes the int32 range;
 * enumerations are their integer values. Deliberately NOT derived from the client's or the
 * emulator's schemas: this is the other side of the contract
 * (test/contract/published-responses.test.ts validates every emulator answer against it).
 *
 * Two readings, named here so they can be checked:
 * - The document gives an envelope's `data` (and a rule's `ruleConfiguration`, and
 *   `errorResponse` / `error`) as a bare `$ref`, which OpenAPI 3.0 cannot mark nullable; a
 *   failure answers `data: null` beside its `error`. Those members take `null` here.
 * - {@link PUBLISHED_ERRATA}: where the document contradicts itself.
 */
import { Type, type TSchema } from "@sinclair/typebox";
import {
  CreateShieldZoneRequest,
  GetShieldZoneDefaultsResponse,
  UpdateShieldZoneRequest,
} from "./published-shield-requests";

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
/** An object keyed by anything (`additionalProperties: {schema}`), nullable. */
const dict = (t: TSchema) => nul(Type.Record(Type.String(), t));

// Enumerations (integer enums of the document).
const ShieldPlanType = () => oneOf(0, 1, 2, 3);
const WAFExecutionMode = () => oneOf(0, 1);
const WAFPayloadLimitAction = () => oneOf(0, 1, 2);
const UnmatchedPathAction = () => oneOf(0, 1, 2);
const AccessListAction = () => oneOf(0, 1, 2, 3, 4, 5);
const AccessListType = () => oneOf(0, 1, 2, 3, 4, 5);
const AccessListCategory = () =>
  oneOf(0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192);
const BotDetectionExecutionMode = () => oneOf(0, 1);
const BotDetectionSensitivity = () => oneOf(0, 1, 2, 3);
const BrowserFingerprintAggression = () => oneOf(0, 1, 2, 3, 4);
const UploadScanningScannerMode = () => oneOf(0, 1, 2);
const DDoSShieldSensitivity = () => oneOf(0, 1, 2, 3, 4);
const DDoSExecutionMode = () => oneOf(0, 1);
const WafRuleActionType = () => oneOf(1, 2, 3, 4, 5);
const RatelimitRuleActionType = () => oneOf(1, 2, 3);
const WafRuleOperatorType = () => oneOf(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 14, 15, 17, 18);
const WafRuleSeverityType = () => oneOf(0, 1, 2);
const WafRuleTransformationType = () => oneOf(...Array.from({ length: 21 }, (_, i) => i + 1));
const WafRatelimitCounterKeyType = () => oneOf(0, 1, 2, 3, 4, 5, 6, 7);
const WafRateLimitTimeframeType = () => oneOf(1, 10, 60, 300, 900, 3600);
const WafRatelimitBlockType = () => oneOf(30, 60, 300, 900, 1800, 3600);
const ApiGuardianRateLimitType = () => Type.Union([Type.Literal("Global"), Type.Literal("IP")]);
const AuthSchemeType = () =>
  Type.Union(["ApiKey", "Http", "OAuth2", "OpenIdConnect"].map((v) => Type.Literal(v)));
const AuthLocation = () => Type.Union(["Header", "Query", "Cookie"].map((v) => Type.Literal(v)));
/** `HttpStatusCode`: the document lists the status codes from 100 to 511. */
const HttpStatusCode = () => Type.Integer({ minimum: 100, maximum: 511 });

/** `GenericRequestResponse`. */
export const GenericRequestResponse = closed({
  statusCode: HttpStatusCode(),
  success: Type.Boolean(),
  message: nul(Type.String()),
  errorKey: nul(Type.String()),
});
/** An envelope's `error` (a bare `$ref` in the document). */
const error = () => nul(GenericRequestResponse);

/** `AcceptedResult` (the 202 of the rule and zone operations that declare it). */
export const AcceptedResult = closed({
  location: nul(Type.String()),
  value: Type.Unknown(),
  formatters: nul(Type.Array(closed({}))),
  contentTypes: nul(Type.Array(Type.String())),
  declaredType: nul(Type.String()),
  statusCode: nul(int32()),
});

/** `PaginationResponse`. */
const PaginationResponse = closed({
  totalCount: int32(),
  totalPages: int32(),
  currentPage: int32(),
  nextPage: nul(int32()),
  pageSize: int32(),
});

// Rules.
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
const WafChainedRuleConditionItem = closed({
  variableTypes: variableTypes(),
  operatorType: WafRuleOperatorType(),
  value: nul(Type.String()),
  isNegated: nul(Type.Boolean()),
  isRegexVariable: nul(Type.Boolean()),
});
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
/** `CreateCustomWafRuleModel`. */
const CreateCustomWafRuleModel = closed({ actionType: WafRuleActionType(), ...matchFields() });
/** `CreateWafRateLimitRuleModel`. */
const CreateWafRateLimitRuleModel = closed({
  actionType: RatelimitRuleActionType(),
  ...matchFields(),
  requestCount: int32(),
  counterKeyType: WafRatelimitCounterKeyType(),
  timeframe: WafRateLimitTimeframeType(),
  blockTime: WafRatelimitBlockType(),
});
const ruleFields = () => ({
  id: int64(),
  shieldZoneId: int64(),
  userId: nul(Type.String()),
  ruleName: nul(Type.String()),
  ruleDescription: nul(Type.String()),
  ruleJson: nul(Type.String()),
  errorResponse: error(),
});
/** `CustomWafRule`. */
export const CustomWafRule = closed({
  ...ruleFields(),
  ruleConfiguration: nul(CreateCustomWafRuleModel),
});
/** `RateLimitRule`. */
export const RateLimitRule = closed({
  ...ruleFields(),
  ruleConfiguration: nul(CreateWafRateLimitRuleModel),
});
/** `GetCustomWafRulesResponse` over rules of `rule`'s shape. */
const rulePage = (rule: TSchema) =>
  closed({ data: nul(Type.Array(rule)), page: nul(PaginationResponse), error: error() });

// Shield zones.
const PullZoneWafConfigVariableModel = closed(
  { name: nul(Type.String()), valueEncoded: nul(Type.String()) },
  ["name", "valueEncoded"],
);
const stringSet = () => nul(Type.Array(Type.String(), { uniqueItems: true }));
/** `ShieldZoneResponse`. */
const ShieldZoneResponse = closed({
  shieldZoneId: int64(),
  pullZoneId: nul(int64()),
  learningMode: nul(Type.Boolean()),
  learningModeUntil: nul(Type.String()),
  wafEnabled: nul(Type.Boolean()),
  wafExecutionMode: WAFExecutionMode(),
  wafDisabledRules: stringSet(),
  wafLogOnlyRules: stringSet(),
  wafCustomRuleOrder: nul(Type.Array(int64())),
  wafRequestHeaderLoggingEnabled: Type.Boolean(),
  requestBodyLoggingEnabled: Type.Boolean(),
  wafRequestIgnoredHeaders: stringSet(),
  wafRealtimeThreatIntelligenceEnabled: nul(Type.Boolean()),
  wafProfileId: nul(int32()),
  wafEngineConfig: nul(Type.Array(PullZoneWafConfigVariableModel)),
  wafRequestBodyLimitAction: WAFPayloadLimitAction(),
  wafResponseBodyLimitAction: WAFPayloadLimitAction(),
  rateLimitRulesLimit: int32(),
  customWafRulesLimit: int32(),
  planType: ShieldPlanType(),
  dDoSShieldSensitivity: DDoSShieldSensitivity(),
  dDoSExecutionMode: DDoSExecutionMode(),
  dDoSChallengeWindow: nul(int32()),
  whitelabelResponsePages: nul(Type.Boolean()),
});
/** `GetShieldZoneResponse`: `data` only. */
const GetShieldZoneResponse = closed({ data: nul(ShieldZoneResponse) });
const GetShieldZonesResponse = closed({
  data: nul(Type.Array(ShieldZoneResponse)),
  page: nul(PaginationResponse),
});
const GetShieldZonePullzoneMappingResponse = closed({
  data: nul(Type.Array(closed({ shieldZoneId: int64(), pullZoneId: nul(int64()) }))),
});
/** `CreateShieldZoneResponse`: the create's request echoed (no `dDoSExecutionMode`). */
const CreateShieldZoneResponse = closed({ data: nul(CreateShieldZoneRequest), error: error() });
const UpdateShieldZoneResponse = closed({ data: nul(UpdateShieldZoneRequest), error: error() });
const GetWafEngineConfigResponse = closed({
  data: nul(Type.Array(closed({ name: nul(Type.String()), valueEncoded: nul(Type.String()) }))),
});
const WafRuleModel = closed({ ruleId: nul(Type.String()), description: nul(Type.String()) });
const WafRuleGroupModel = closed({
  id: int64(),
  name: nul(Type.String()),
  code: nul(Type.String()),
  fileName: nul(Type.String()),
  mainGroup: nul(Type.String()),
  ruleset: nul(Type.String()),
  description: nul(Type.String()),
  rules: nul(Type.Array(WafRuleModel)),
});
const WafRuleMainGroupModel = closed({
  name: nul(Type.String()),
  ruleset: nul(Type.String()),
  ruleGroups: nul(Type.Array(WafRuleGroupModel)),
});

// Event logs.
const Log = closed({
  logId: nul(Type.String()),
  timestamp: int64(),
  log: nul(Type.String()),
  labels: nul(
    closed(
      Object.fromEntries(
        ["asn", "country", "ruleId", "severity", "method", "ruleGroup", "status", "serverZone"].map(
          (k) => [k, nul(Type.String())],
        ),
      ),
    ),
  ),
});
const WafLoggingResponse = closed({
  logs: nul(Type.Array(Log)),
  hasMoreData: Type.Boolean(),
  continuationToken: nul(Type.String()),
  startToken: nul(Type.String()),
  errorResponse: error(),
});

// Zone features.
const BotDetectionConfigurationState = closed(
  {
    shieldZoneId: int32(),
    requestIntegrity: closed({ sensitivity: BotDetectionSensitivity() }),
    ipAddress: closed({ sensitivity: BotDetectionSensitivity() }),
    browserFingerprint: closed({
      sensitivity: BotDetectionSensitivity(),
      aggression: BrowserFingerprintAggression(),
      complexEnabled: nul(Type.Boolean()),
    }),
    executionMode: BotDetectionExecutionMode(),
  },
  ["browserFingerprint", "ipAddress", "requestIntegrity"],
);
const BotDetectionResponse = closed({ data: nul(BotDetectionConfigurationState), error: error() });
const UploadScanningConfigurationState = closed({
  shieldZoneId: int32(),
  isEnabled: Type.Boolean(),
  csamScanningMode: UploadScanningScannerMode(),
  antivirusScanningMode: UploadScanningScannerMode(),
});
const UploadScanningResponse = closed({
  data: nul(UploadScanningConfigurationState),
  error: error(),
});
const ApiGuardianConfigurationDetails = closed({
  shieldZoneId: int32(),
  isEnabled: Type.Boolean(),
  executionMode: WAFExecutionMode(),
  bodyLimitAction: WAFPayloadLimitAction(),
  unmatchedPathAction: UnmatchedPathAction(),
  title: nul(Type.String()),
  version: nul(Type.String()),
  maxEndpoints: int32(),
  maxFieldsPerType: int32(),
  maxNestingDepth: int32(),
  maxTotalSchemaNodes: int32(),
  maxTotalRegexLength: int32(),
  createdAt: Type.String(),
  updatedAt: nul(Type.String()),
});
const parameterLists = () =>
  nul(
    closed(
      Object.fromEntries(
        ["Path", "Query", "Header", "Cookie"].map((k) => [k, Type.Array(Type.String())]),
      ),
    ),
  );
const ApiGuardianEndpointDetails = closed({
  apiGuardianEndpointId: int64(),
  shieldZoneId: int32(),
  requestMethod: nul(Type.String()),
  requestPath: nul(Type.String()),
  validateRequestBodySchema: Type.Boolean(),
  validateResponseBodySchema: Type.Boolean(),
  validateAuthorization: Type.Boolean(),
  isEnabled: Type.Boolean(),
  authSchemes: nul(
    Type.Array(
      closed({
        schemeName: nul(Type.String()),
        schemeType: AuthSchemeType(),
        location: AuthLocation(),
        credentialName: nul(Type.String()),
        httpScheme: nul(Type.String()),
      }),
    ),
  ),
  requestBodySchemaYaml: nul(Type.String()),
  responseBodySchemasYaml: dict(Type.String()),
  availableParameters: parameterLists(),
  injectionDetectionParameters: parameterLists(),
  detectParameterXss: Type.Boolean(),
  detectParameterSqli: Type.Boolean(),
  rateLimitingEnabled: Type.Boolean(),
  rateLimitingType: ApiGuardianRateLimitType(),
  rateLimitingRequestCount: int32(),
  rateLimitingTimeframe: oneOf(1, 10, 60, 300, 900, 3600),
  createdAt: Type.String(),
  updatedAt: nul(Type.String()),
});
const ApiGuardianConfigurationResponse = closed(
  {
    configuration: ApiGuardianConfigurationDetails,
    endpoints: nul(Type.Array(ApiGuardianEndpointDetails)),
  },
  ["configuration", "endpoints"],
);
/** `GetApiGuardianResponse` and `UpsertOpenApiSpecificationResponse` (the same members). */
const ApiGuardianResponse = closed({ error: error(), data: nul(ApiGuardianConfigurationResponse) });
const UpdateApiGuardianConfigurationResponse = closed({
  error: error(),
  data: nul(ApiGuardianConfigurationDetails),
});

// Metrics.
const counters = (names: string[]) => closed(Object.fromEntries(names.map((n) => [n, int32()])));
const ShieldOverview = counters([
  "dDoSMitigated",
  "wafTriggeredRules",
  "ratelimitBreaches",
  "botDetectionChallenged",
  "accessListActions",
  "uploadScanningBlocks",
  "apiGuardianBlocks",
]);
const Waf = counters([
  "totalTriggeredRules",
  "blockedRequests",
  "loggedRequests",
  "challengedRequests",
]);
const DDoS = counters([
  "loggedRequests",
  "verifiedRequests",
  "blockedRequests",
  "challengedRequests",
]);
const Ratelimit = counters([
  "totalBreaches",
  "loggedBreaches",
  "challengedBreaches",
  "blockedBreaches",
]);
const BotDetectionData = counters(["loggedRequests", "challengedRequests"]);
/** `AccessList` (metrics): no `allowedRequests`. */
const AccessListMetrics = counters([
  "totalActions",
  "blockedRequests",
  "loggedRequests",
  "challengedRequests",
]);
const UploadScanning = counters(["loggedRequests", "blockedRequests", "filesScanned"]);
const ApiGuardianEndpointActivity = counters([
  "blockedRequests",
  "loggedRequests",
  "rateLimited",
  "requestsInspected",
  "failedRequestValidation",
  "failedAuthenticationEnforcement",
]);
const ShieldZoneMetrics = closed({
  overview: ShieldOverview,
  waf: Waf,
  overviewPastTwentyEightDays: dict(ShieldOverview),
  dDoS: DDoS,
  dDoSOverviewPastTwentyEightDays: dict(DDoS),
  ratelimit: Ratelimit,
  ratelimitOverviewPastTwentyEightDays: dict(Ratelimit),
  botDetection: BotDetectionData,
  botDetectionOverviewPastTwentyEightDays: dict(BotDetectionData),
  accessList: AccessListMetrics,
  accessListOverviewPastTwentyEightDays: dict(AccessListMetrics),
  uploadScanningOverviewPastTwentyEightDays: dict(UploadScanning),
  apiGuardian: ApiGuardianEndpointActivity,
  apiGuardianOverviewPastTwentyEightDays: dict(ApiGuardianEndpointActivity),
  totalCleanRequestsLimit: int64(),
  totalBillableRequests: int64(),
  uploadScanning: UploadScanning,
});
const GetShieldZoneMetricsOverviewResponse = closed({
  data: nul(ShieldZoneMetrics),
  error: error(),
});
const GetShieldZoneRatelimitMetricsResponse = closed({
  data: nul(
    Type.Array(
      closed({
        ratelimitId: int64(),
        overview: Ratelimit,
        ratelimitOverviewPastTwentyEightDays: dict(Ratelimit),
      }),
    ),
  ),
  error: error(),
});

// Access lists.
const AccessListDetails = closed(
  {
    listId: int64(),
    configurationId: int64(),
    name: nul(Type.String()),
    description: nul(Type.String()),
    isEnabled: Type.Boolean(),
    type: AccessListType(),
    category: AccessListCategory(),
    action: AccessListAction(),
    requiredPlan: ShieldPlanType(),
    entryCount: int64(),
    updateFrequency: nul(Type.String()),
    lastUpdated: Type.String(),
  },
  ["action", "configurationId", "entryCount", "isEnabled", "lastUpdated", "listId", "name", "type"],
);
const AccessListsDetailsResponse = closed({
  managedLists: nul(Type.Array(AccessListDetails)),
  customLists: nul(Type.Array(AccessListDetails)),
  customEntryCount: nul(int32()),
  customEntryLimit: nul(int32()),
  customListCount: nul(int32()),
  customListLimit: nul(int32()),
  error: error(),
});
const CustomAccessList = closed(
  {
    id: int64(),
    name: nul(Type.String()),
    description: nul(Type.String()),
    type: AccessListType(),
    content: nul(Type.String()),
    checksum: nul(Type.String()),
    entryCount: nul(int64()),
    lastModified: nul(Type.String()),
  },
  ["id"],
);
const CustomAccessListResponse = closed({ data: nul(CustomAccessList), error: error() });
/** `UpdateAccessListConfigurationResponse`: `data` is `{isEnabled, action}`. */
const UpdateAccessListConfigurationResponse = closed({
  data: nul(closed({ isEnabled: nul(Type.Boolean()), action: AccessListAction() })),
  error: error(),
});

/** One declared answer: its content types and body schema (`"text"`: a string body). */
export interface DeclaredAnswer {
  contentTypes: string[];
  schema: TSchema;
}
const JSON_TYPES = ["text/plain", "application/json", "text/json"];
const json = (schema: TSchema): DeclaredAnswer => ({ contentTypes: JSON_TYPES, schema });

/** One published operation: method, path template and its declared answers by status. */
export interface PublishedOperation {
  method: string;
  path: string;
  answers: Record<number, DeclaredAnswer>;
}
const op = (
  method: string,
  path: string,
  answers: Record<number, DeclaredAnswer>,
): PublishedOperation => ({ method, path, answers });
const ZONE = "/shield/shield-zone/{shieldZoneId}";
const LISTS = `${ZONE}/access-lists`;

/**
 * Where the document contradicts itself, and the reading used here (each is an operation
 * whose declared 200 cannot hold what the same document's other operations say it holds).
 */
export const PUBLISHED_ERRATA = [
  "GET /shield/rate-limit/{id} declares a `CustomWafRule` (whose configuration has no " +
    "requestCount, counterKeyType, timeframe or blockTime, additionalProperties false), while " +
    "POST and PATCH of the same rule answer `RateLimitRule`: read as `RateLimitRule`.",
  "GET /shield/rate-limits/{shieldZoneId} declares `GetCustomWafRulesResponse` for the same " +
    "reason: read as a page of `RateLimitRule`.",
] as const;

/** The published operations the emulator serves, with their declared answers (401/500 left out). */
export const PUBLISHED_OPERATIONS: PublishedOperation[] = [
  // Rate-limit rules.
  op("GET", "/shield/rate-limit/{id}", { 200: json(RateLimitRule), 202: json(AcceptedResult) }),
  op("POST", "/shield/rate-limit", { 200: json(RateLimitRule), 202: json(AcceptedResult) }),
  op("PATCH", "/shield/rate-limit/{id}", { 200: json(RateLimitRule), 202: json(AcceptedResult) }),
  op("DELETE", "/shield/rate-limit/{id}", { 200: json(GenericRequestResponse) }),
  op("GET", "/shield/rate-limits/{shieldZoneId}", { 200: json(rulePage(RateLimitRule)) }),
  // Custom WAF rules.
  op("GET", "/shield/waf/custom-rule/{id}", { 200: json(CustomWafRule) }),
  op("POST", "/shield/waf/custom-rule", { 200: json(CustomWafRule), 202: json(AcceptedResult) }),
  op("PATCH", "/shield/waf/custom-rule/{id}", {
    200: json(CustomWafRule),
    202: json(AcceptedResult),
  }),
  op("PUT", "/shield/waf/custom-rule/{id}", {
    200: json(CustomWafRule),
    202: json(AcceptedResult),
  }),
  op("DELETE", "/shield/waf/custom-rule/{id}", {
    200: json(GenericRequestResponse),
    202: json(AcceptedResult),
  }),
  op("GET", "/shield/waf/custom-rules/{shieldZoneId}", { 200: json(rulePage(CustomWafRule)) }),
  op("GET", "/shield/waf/rules/{shieldZoneId}", {
    200: json(Type.Array(WafRuleMainGroupModel)),
  }),
  op("GET", "/shield/waf/engine-config", { 200: json(GetWafEngineConfigResponse) }),
  // Shield zones.
  op("GET", "/shield/shield-zone/defaults", { 200: json(GetShieldZoneDefaultsResponse) }),
  op("GET", "/shield/shield-zone/get-by-pullzone/{pullZoneId}", {
    200: json(GetShieldZoneResponse),
    202: json(AcceptedResult),
  }),
  op("GET", ZONE, { 200: json(GetShieldZoneResponse), 202: json(AcceptedResult) }),
  op("GET", "/shield/shield-zones", { 200: json(GetShieldZonesResponse) }),
  op("GET", "/shield/shield-zones/pullzone-mapping", {
    200: json(GetShieldZonePullzoneMappingResponse),
  }),
  op("POST", "/shield/shield-zone", {
    200: json(CreateShieldZoneResponse),
    400: json(CreateShieldZoneResponse),
    403: json(CreateShieldZoneResponse),
    409: json(CreateShieldZoneResponse),
  }),
  op("PATCH", "/shield/shield-zone", {
    200: json(UpdateShieldZoneResponse),
    202: json(CreateShieldZoneResponse),
  }),
  // Event logs (the document has the paged form only).
  op("GET", "/shield/event-logs/{shieldZoneId}/{date}/{continuationToken}", {
    200: json(WafLoggingResponse),
  }),
  // Zone features.
  ...["GET", "PATCH"].map((m) =>
    op(m, `${ZONE}/bot-detection`, {
      200: json(BotDetectionResponse),
      403: json(BotDetectionResponse),
      404: json(BotDetectionResponse),
    }),
  ),
  ...["GET", "PATCH"].map((m) =>
    op(m, `${ZONE}/upload-scanning`, {
      200: json(UploadScanningResponse),
      403: json(UploadScanningResponse),
      404: json(UploadScanningResponse),
    }),
  ),
  op("GET", `${ZONE}/api-guardian`, {
    200: json(ApiGuardianResponse),
    403: json(ApiGuardianResponse),
    404: json(ApiGuardianResponse),
  }),
  op("PATCH", `${ZONE}/api-guardian`, {
    200: json(UpdateApiGuardianConfigurationResponse),
    403: json(UpdateApiGuardianConfigurationResponse),
    404: json(UpdateApiGuardianConfigurationResponse),
  }),
  ...["POST", "PATCH"].map((m) =>
    op(m, `${ZONE}/api-guardian/spec`, {
      200: json(ApiGuardianResponse),
      403: json(ApiGuardianResponse),
      404: json(ApiGuardianResponse),
    }),
  ),
  op("GET", `${ZONE}/custom-page/{pageType}`, {
    200: json(Type.String()),
    400: json(GenericRequestResponse),
    404: json(GenericRequestResponse),
  }),
  ...["PUT", "DELETE"].map((m) =>
    op(m, `${ZONE}/custom-page/{pageType}`, {
      200: json(GenericRequestResponse),
      400: json(GenericRequestResponse),
      404: json(GenericRequestResponse),
    }),
  ),
  // Metrics.
  op("GET", "/shield/metrics/overview/{shieldZoneId}", {
    200: json(GetShieldZoneMetricsOverviewResponse),
  }),
  op("GET", "/shield/metrics/rate-limits/{shieldZoneId}", {
    200: json(GetShieldZoneRatelimitMetricsResponse),
  }),
  // Access lists.
  op("GET", LISTS, { 200: json(AccessListsDetailsResponse) }),
  op("POST", LISTS, {
    200: json(CustomAccessListResponse),
    202: json(CustomAccessListResponse),
    400: json(CustomAccessListResponse),
  }),
  op("GET", `${LISTS}/{id}`, {
    200: json(CustomAccessListResponse),
    202: json(CustomAccessListResponse),
  }),
  op("PATCH", `${LISTS}/{id}`, {
    200: json(CustomAccessListResponse),
    202: json(CustomAccessListResponse),
    400: json(CustomAccessListResponse),
  }),
  op("DELETE", `${LISTS}/{id}`, {
    200: json(GenericRequestResponse),
    202: json(GenericRequestResponse),
  }),
  op("PATCH", `${LISTS}/configurations/{id}`, {
    200: json(UpdateAccessListConfigurationResponse),
    202: json(UpdateAccessListConfigurationResponse),
    400: json(UpdateAccessListConfigurationResponse),
  }),
];
