/**
 * The platform's published Shield operations, and the request and response shapes of those
 * the client gained last (bot categorization, API guardian endpoints, event-log search and
 * export, detailed metrics, under-attack mode, triggered-rule review, WAF profiles, rules by
 * plan, enumerations), transcribed into TypeBox from "Bunny Shield API" v1,
 * `data/shield-api-v1.0.0.json` of ToshY/bunnynet-openapi-specification, the document as
 * updated 2026-07-31. Method and path of each operation, field names, types, `required`
 * lists and `additionalProperties: false` are the document's; `nullable` becomes `T | null`;
 * `format: int32` the int32 range; enumerations their integer values. Deliberately NOT
 * derived from the client's or the emulator's schemas: this is the other side of the
 * contract (test/contract/published-operations.test.ts).
 */
import { Type, type TSchema } from "@sinclair/typebox";

/** Every operation of the document: method and path template (65). */
export const PUBLISHED_SHIELD_OPERATIONS: readonly (readonly [string, string])[] = [
  ["GET", "/shield/shield-zone/{shieldZoneId}/access-lists"],
  ["POST", "/shield/shield-zone/{shieldZoneId}/access-lists"],
  ["PATCH", "/shield/shield-zone/{shieldZoneId}/access-lists/configurations/{id}"],
  ["GET", "/shield/shield-zone/{shieldZoneId}/access-lists/{id}"],
  ["PATCH", "/shield/shield-zone/{shieldZoneId}/access-lists/{id}"],
  ["DELETE", "/shield/shield-zone/{shieldZoneId}/access-lists/{id}"],
  ["GET", "/shield/shield-zone/{shieldZoneId}/access-lists/enums"],
  ["GET", "/shield/shield-zone/{shieldZoneId}/api-guardian"],
  ["PATCH", "/shield/shield-zone/{shieldZoneId}/api-guardian"],
  ["PATCH", "/shield/shield-zone/{shieldZoneId}/api-guardian/endpoint/{endpointId}"],
  ["POST", "/shield/shield-zone/{shieldZoneId}/api-guardian/spec"],
  ["PATCH", "/shield/shield-zone/{shieldZoneId}/api-guardian/spec"],
  ["GET", "/shield/shield-zone/{shieldZoneId}/api-guardian/enums"],
  ["GET", "/shield/shield-zone/{shieldZoneId}/bot-categorization"],
  ["PUT", "/shield/shield-zone/{shieldZoneId}/bot-categorization/bots/{botId}"],
  ["PUT", "/shield/shield-zone/{shieldZoneId}/bot-categorization/categories/{category}"],
  ["GET", "/shield/shield-zone/{shieldZoneId}/bot-detection"],
  ["PATCH", "/shield/shield-zone/{shieldZoneId}/bot-detection"],
  ["PUT", "/shield/shield-zone/{shieldZoneId}/custom-page/{pageType}"],
  ["GET", "/shield/shield-zone/{shieldZoneId}/custom-page/{pageType}"],
  ["DELETE", "/shield/shield-zone/{shieldZoneId}/custom-page/{pageType}"],
  ["GET", "/shield/ddos/enums"],
  ["GET", "/shield/event-logs/{shieldZoneId}/{date}/{continuationToken}"],
  ["POST", "/shield/event-logs/{shieldZoneId}/search"],
  ["POST", "/shield/event-logs/{shieldZoneId}/export"],
  ["GET", "/shield/metrics/overages/{shieldZoneId}"],
  ["GET", "/shield/metrics/overview/{shieldZoneId}"],
  ["GET", "/shield/metrics/overview/{shieldZoneId}/detailed"],
  ["GET", "/shield/metrics/rate-limits/{shieldZoneId}"],
  ["GET", "/shield/metrics/rate-limit/{id}"],
  ["GET", "/shield/metrics/shield-zone/{shieldZoneId}/waf-rule/{ruleId}"],
  ["GET", "/shield/metrics/shield-zone/{shieldZoneId}/bot-detection"],
  ["GET", "/shield/metrics/shield-zone/{shieldZoneId}/upload-scanning"],
  ["GET", "/shield/metrics/shield-zone/{shieldZoneId}/api-guardian"],
  ["GET", "/shield/metrics/shield-zone/{shieldZoneId}/api-guardian/endpoint/{endpointId}"],
  ["GET", "/shield/promo/state"],
  ["GET", "/shield/rate-limits/{shieldZoneId}"],
  ["GET", "/shield/rate-limit/{id}"],
  ["PATCH", "/shield/rate-limit/{id}"],
  ["DELETE", "/shield/rate-limit/{id}"],
  ["POST", "/shield/rate-limit"],
  ["GET", "/shield/shield-zones"],
  ["GET", "/shield/shield-zones/pullzone-mapping"],
  ["GET", "/shield/shield-zone/{shieldZoneId}"],
  ["GET", "/shield/shield-zone/get-by-pullzone/{pullZoneId}"],
  ["GET", "/shield/shield-zone/defaults"],
  ["POST", "/shield/shield-zone/under-attack"],
  ["POST", "/shield/shield-zone"],
  ["PATCH", "/shield/shield-zone"],
  ["GET", "/shield/shield-zone/{shieldZoneId}/upload-scanning"],
  ["PATCH", "/shield/shield-zone/{shieldZoneId}/upload-scanning"],
  ["GET", "/shield/waf/rules/{shieldZoneId}"],
  ["GET", "/shield/waf/rules/plan-segmentation"],
  ["GET", "/shield/waf/rules/review-triggered/{shieldZoneId}"],
  ["POST", "/shield/waf/rules/review-triggered/{shieldZoneId}"],
  ["GET", "/shield/waf/rules/review-triggered/ai-recommendation/{shieldZoneId}/{ruleId}"],
  ["GET", "/shield/waf/custom-rules/{shieldZoneId}"],
  ["GET", "/shield/waf/custom-rule/{id}"],
  ["PUT", "/shield/waf/custom-rule/{id}"],
  ["PATCH", "/shield/waf/custom-rule/{id}"],
  ["DELETE", "/shield/waf/custom-rule/{id}"],
  ["POST", "/shield/waf/custom-rule"],
  ["GET", "/shield/waf/profiles"],
  ["GET", "/shield/waf/enums"],
  ["GET", "/shield/waf/engine-config"],
];

const nul = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const int32 = () => Type.Integer({ minimum: -2147483648, maximum: 2147483647 });
const int64 = () => Type.Integer();
const oneOf = (...values: number[]) => Type.Integer({ enum: values });
const str = () => Type.String();
const bool = () => Type.Boolean();
const closed = (props: Record<string, TSchema>, required: string[] = []) =>
  Type.Object(
    Object.fromEntries(
      Object.entries(props).map(([k, v]) => [k, required.includes(k) ? v : Type.Optional(v)]),
    ),
    { additionalProperties: false },
  );
const map = (v: TSchema) => Type.Record(Type.String(), v);

// Enumerations.
const HttpStatusCode = () =>
  oneOf(
    ...[100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226],
    ...[300, 301, 302, 303, 304, 305, 306, 307, 308],
    ...[400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416],
    ...[417, 421, 422, 423, 424, 426, 428, 429, 431, 451],
    ...[500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511],
  );
const ShieldPlanType = () => oneOf(0, 1, 2, 3);
const BotCategory = () => oneOf(0, 1, 2, 3, 4, 5, 6, 7);
const BotCategorizationAction = () => oneOf(0, 1, 2, 3);
const BotCategoryAction = () => oneOf(0, 1, 2);
const ReviewActionType = () => oneOf(0, 1, 2);
const MetricsOverviewResolution = () => oneOf(0, 1, 2, 3, 4, 5, 6);
const RateLimitTimeframe = () => oneOf(1, 10, 60, 300, 900, 3600);
const ApiGuardianRateLimitType = () => Type.Union([Type.Literal("Global"), Type.Literal("IP")]);
const AccessListAction = () => oneOf(0, 1, 2, 3, 4, 5);
const BotDetectionExecutionMode = () => oneOf(0, 1);
const UploadScanningScannerMode = () => oneOf(0, 1, 2);
const WAFExecutionMode = () => oneOf(0, 1);
const WAFPayloadLimitAction = () => oneOf(0, 1, 2);
const DDoSShieldSensitivity = () => oneOf(0, 1, 2, 3, 4);
const WafRuleOperatorType = () => oneOf(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 14, 15, 17, 18);

/** `GenericRequestResponse`. */
const GenericRequestResponse = closed({
  statusCode: HttpStatusCode(),
  success: bool(),
  message: nul(str()),
  errorKey: nul(str()),
});

const parameterLocations = () =>
  nul(
    closed({
      Path: Type.Array(str()),
      Query: Type.Array(str()),
      Header: Type.Array(str()),
      Cookie: Type.Array(str()),
    }),
  );

// ---- Requests -------------------------------------------------------------------------

/** `UpdateBotCategorizationConfigurationRequest`. */
export const UpdateBotCategorizationConfigurationRequest = closed(
  { action: BotCategorizationAction() },
  ["action"],
);
/** `UpdateBotCategoryConfigurationRequest`. */
export const UpdateBotCategoryConfigurationRequest = closed({ action: BotCategoryAction() }, [
  "action",
]);
/** `UpdateApiGuardianEndpointRequest`. */
export const UpdateApiGuardianEndpointRequest = closed({
  isEnabled: nul(bool()),
  validateRequestBodySchema: nul(bool()),
  validateResponseBodySchema: nul(bool()),
  validateAuthorization: nul(bool()),
  injectionDetectionParameters: parameterLocations(),
  detectParameterXss: nul(bool()),
  detectParameterSqli: nul(bool()),
  rateLimitingEnabled: nul(bool()),
  rateLimitingType: ApiGuardianRateLimitType(),
  rateLimitingRequestCount: nul(int32()),
  rateLimitingTimeframe: RateLimitTimeframe(),
});
/** `EventLogsFilter`. */
const EventLogsFilter = closed({
  field: nul(str()),
  op: nul(str()),
  value: nul(Type.Array(str())),
});
/** `EventLogsExportRequest`. */
export const EventLogsExportRequest = closed({
  from: int64(),
  to: int64(),
  query: nul(str()),
  filters: nul(Type.Array(EventLogsFilter)),
});
/** `EventLogsSearchRequest`. */
export const EventLogsSearchRequest = closed({
  from: int64(),
  to: int64(),
  query: nul(str()),
  filters: nul(Type.Array(EventLogsFilter)),
  groupBy: nul(Type.Array(str())),
  buckets: int32(),
  page: int32(),
  pageSize: int32(),
});
/** `CreateUnderAttackShieldZoneRequest`. */
export const CreateUnderAttackShieldZoneRequest = closed(
  { pullZoneId: int64(), planType: ShieldPlanType() },
  ["planType", "pullZoneId"],
);
/** `UpdateReviewTriggeredRuleRequest`. */
export const UpdateReviewTriggeredRuleRequest = closed({
  ruleId: nul(str()),
  action: ReviewActionType(),
});
/** `WafChainedRuleConditionItem` (variable keys left open here; the other file holds them). */
const variableTypes = () => nul(map(str()));
/** `CreateCustomWafRuleModel`. */
const CreateCustomWafRuleModel = closed({
  actionType: oneOf(1, 2, 3, 4, 5),
  variableTypes: variableTypes(),
  operatorType: WafRuleOperatorType(),
  severityType: oneOf(0, 1, 2),
  transformationTypes: nul(Type.Array(oneOf(...Array.from({ length: 21 }, (_, i) => i + 1)))),
  value: nul(str()),
  isNegated: nul(bool()),
  isRegexVariable: nul(bool()),
  chainedRuleConditions: nul(
    Type.Array(
      closed({
        variableTypes: variableTypes(),
        operatorType: WafRuleOperatorType(),
        value: nul(str()),
        isNegated: nul(bool()),
        isRegexVariable: nul(bool()),
      }),
    ),
  ),
});
/** `UpdateCustomWafRuleRequest` (PUT). */
export const UpdateCustomWafRuleRequest = closed({
  ruleName: nul(str()),
  ruleDescription: nul(str()),
  ruleConfiguration: CreateCustomWafRuleModel,
});

const Z = "/shield/shield-zone/\\d+";
/** The new writes with a JSON body: method, path pattern, request schema. */
export const PUBLISHED_NEW_WRITES: readonly {
  op: string;
  method: string;
  path: RegExp;
  schema: TSchema;
}[] = [
  {
    op: "SetBotCategorizationAction",
    method: "PUT",
    path: new RegExp(`^${Z}/bot-categorization/bots/\\d+$`),
    schema: UpdateBotCategorizationConfigurationRequest,
  },
  {
    op: "SetBotCategoryAction",
    method: "PUT",
    path: new RegExp(`^${Z}/bot-categorization/categories/\\d+$`),
    schema: UpdateBotCategoryConfigurationRequest,
  },
  {
    op: "UpdateApiGuardianEndpoint",
    method: "PATCH",
    path: new RegExp(`^${Z}/api-guardian/endpoint/\\d+$`),
    schema: UpdateApiGuardianEndpointRequest,
  },
  {
    op: "SearchEventLogs",
    method: "POST",
    path: /^\/shield\/event-logs\/\d+\/search$/,
    schema: EventLogsSearchRequest,
  },
  {
    op: "ExportEventLogs",
    method: "POST",
    path: /^\/shield\/event-logs\/\d+\/export$/,
    schema: EventLogsExportRequest,
  },
  {
    op: "CreateShieldZoneUnderAttack",
    method: "POST",
    path: /^\/shield\/shield-zone\/under-attack$/,
    schema: CreateUnderAttackShieldZoneRequest,
  },
  {
    op: "UpdateTriggeredWafRule",
    method: "POST",
    path: /^\/shield\/waf\/rules\/review-triggered\/\d+$/,
    schema: UpdateReviewTriggeredRuleRequest,
  },
  {
    op: "UpdateCustomWafRule",
    method: "PUT",
    path: /^\/shield\/waf\/custom-rule\/\d+$/,
    schema: UpdateCustomWafRuleRequest,
  },
];

// ---- Responses ------------------------------------------------------------------------

/** `BotCategorizationDetails`. */
const BotCategorizationDetails = closed(
  {
    botId: int32(),
    userAgentMatch: nul(str()),
    category: BotCategory(),
    action: BotCategorizationAction(),
    isVerifiable: bool(),
  },
  ["action", "botId", "category", "isVerifiable", "userAgentMatch"],
);
/** `BotCategorizationListResponse`. */
export const BotCategorizationListResponse = closed({
  categories: nul(
    Type.Array(
      closed(
        {
          category: BotCategory(),
          categoryAction: BotCategoryAction(),
          bots: nul(Type.Array(BotCategorizationDetails)),
        },
        ["bots", "category", "categoryAction"],
      ),
    ),
  ),
  error: GenericRequestResponse,
});
/** `UpdateBotCategorizationConfigurationResponse`. */
export const UpdateBotCategorizationConfigurationResponse = closed({
  data: BotCategorizationDetails,
  error: GenericRequestResponse,
});
/** `UpdateBotCategoryConfigurationResponse`. */
export const UpdateBotCategoryConfigurationResponse = closed({
  data: closed({ category: BotCategory(), action: BotCategoryAction() }, ["action", "category"]),
  error: GenericRequestResponse,
});
/** `UpdateApiGuardianEndpointResponse` (`ApiGuardianEndpointDetails`). */
export const UpdateApiGuardianEndpointResponse = closed({
  error: GenericRequestResponse,
  data: closed({
    apiGuardianEndpointId: int64(),
    shieldZoneId: int32(),
    requestMethod: nul(str()),
    requestPath: nul(str()),
    validateRequestBodySchema: bool(),
    validateResponseBodySchema: bool(),
    validateAuthorization: bool(),
    isEnabled: bool(),
    authSchemes: nul(
      Type.Array(
        closed({
          schemeName: nul(str()),
          schemeType: Type.Union(
            ["ApiKey", "Http", "OAuth2", "OpenIdConnect"].map((v) => Type.Literal(v)),
          ),
          location: Type.Union(["Header", "Query", "Cookie"].map((v) => Type.Literal(v))),
          credentialName: nul(str()),
          httpScheme: nul(str()),
        }),
      ),
    ),
    requestBodySchemaYaml: nul(str()),
    responseBodySchemasYaml: nul(map(str())),
    availableParameters: parameterLocations(),
    injectionDetectionParameters: parameterLocations(),
    detectParameterXss: bool(),
    detectParameterSqli: bool(),
    rateLimitingEnabled: bool(),
    rateLimitingType: ApiGuardianRateLimitType(),
    rateLimitingRequestCount: int32(),
    rateLimitingTimeframe: RateLimitTimeframe(),
    createdAt: str(),
    updatedAt: nul(str()),
  }),
});
/** `EventLogsSearchResponse`. */
export const EventLogsSearchResponse = closed({
  rows: nul(
    Type.Array(
      closed({
        logId: nul(str()),
        timestamp: int64(),
        log: Type.Unknown(),
        fields: nul(map(str())),
      }),
    ),
  ),
  groups: nul(
    Type.Array(
      closed({
        key: nul(map(str())),
        count: int64(),
        firstSeen: int64(),
        lastSeen: int64(),
        context: nul(map(Type.Unknown())),
        sparkline: nul(Type.Array(int64())),
      }),
    ),
  ),
  total: int64(),
  totalPages: int32(),
  page: int32(),
  errorResponse: GenericRequestResponse,
});
/** `ShieldZoneMonthlyOveragesResult`. */
export const ShieldZoneMonthlyOveragesResult = closed({
  shieldZoneId: int32(),
  year: int32(),
  month: int32(),
  totalOverage: int64(),
  totalCleanRequests: int64(),
  segments: nul(
    Type.Array(
      closed({
        periodStart: str(),
        periodEnd: str(),
        planType: ShieldPlanType(),
        overageAllowance: int64(),
        overage: int64(),
      }),
    ),
  ),
  error: GenericRequestResponse,
});
/** `OverviewMetric`. */
const OverviewMetric = closed({ metrics: nul(map(map(int64()))), totals: nul(map(int64())) });
/** `ShieldOverviewMetrics` (detailed overview). */
export const ShieldOverviewMetrics = closed({
  data: closed({
    waf: OverviewMetric,
    ddos: OverviewMetric,
    rateLimit: OverviewMetric,
    accessLists: OverviewMetric,
    botDetection: OverviewMetric,
    uploadScanning: OverviewMetric,
    apiGuardian: OverviewMetric,
    totalCleanRequestsLimit: int64(),
    totalBillableRequestsThisMonth: int64(),
    resolution: MetricsOverviewResolution(),
  }),
  error: GenericRequestResponse,
});
const IndividualRatelimit = closed({
  totalBreaches: int32(),
  loggedBreaches: int32(),
  challengedBreaches: int32(),
  blockedBreaches: int32(),
});
/** `GetRatelimitMetricsResponse`. */
export const GetRatelimitMetricsResponse = closed({
  data: closed({
    overview: IndividualRatelimit,
    ratelimitOverviewPastTwentyEightDays: nul(map(IndividualRatelimit)),
  }),
  error: GenericRequestResponse,
});
const WafRule = closed({
  totalTriggers: int32(),
  blockedRequests: int32(),
  loggedRequests: int32(),
  challengedRequests: int32(),
});
/** `GetWafRuleMetricsResponse`. */
export const GetWafRuleMetricsResponse = closed({
  data: closed({
    totalTriggers: int32(),
    blockedRequests: int32(),
    loggedRequests: int32(),
    challengedRequests: int32(),
    overviewPastTwentyEightDays: nul(map(WafRule)),
  }),
  error: GenericRequestResponse,
});
/** `GetShieldZoneBotDetectionMetricsResponse`. */
export const GetShieldZoneBotDetectionMetricsResponse = closed({
  error: GenericRequestResponse,
  data: closed({
    overviewPastTwentyEightDays: nul(
      map(closed({ loggedRequests: int32(), challengedRequests: int32() })),
    ),
    totalLoggedRequests: int32(),
    totalChallengedRequests: int32(),
  }),
});
/** `GetShieldZoneUploadScanningMetricsResponse`. */
export const GetShieldZoneUploadScanningMetricsResponse = closed({
  error: GenericRequestResponse,
  data: closed({
    overviewPastTwentyEightDays: nul(
      map(closed({ loggedRequests: int32(), blockedRequests: int32(), filesScanned: int32() })),
    ),
    totalLoggedRequests: int32(),
    totalBlockedRequests: int32(),
    totalFilesScanned: int32(),
  }),
});
const ApiGuardianMetricsData = closed({
  totalBlockedRequests: int64(),
  totalLoggedRequests: int64(),
  totalRateLimited: int64(),
  totalRequestsInspected: int64(),
  totalFailedRequestValidation: int64(),
  totalFailedAuthenticationEnforcement: int64(),
  overviewPastTwentyEightDays: nul(
    map(
      closed({
        blockedRequests: int32(),
        loggedRequests: int32(),
        rateLimited: int32(),
        requestsInspected: int32(),
        failedRequestValidation: int32(),
        failedAuthenticationEnforcement: int32(),
      }),
    ),
  ),
});
/** `GetApiGuardianMetricsResponse` (and `GetApiGuardianEndpointMetricsResponse`, the same fields). */
export const GetApiGuardianMetricsResponse = closed({
  error: GenericRequestResponse,
  data: ApiGuardianMetricsData,
});
/** `CreateShieldZoneResponse` (the under-attack create's answer: `data` is a `CreateShieldZoneRequest`). */
export const CreateShieldZoneResponse = closed({
  data: closed(
    {
      shieldZone: closed({
        shieldZoneId: int64(),
        premiumPlan: nul(bool()),
        planType: ShieldPlanType(),
        learningMode: nul(bool()),
        learningModeUntil: nul(str()),
        wafEnabled: nul(bool()),
        wafExecutionMode: WAFExecutionMode(),
        wafDisabledRules: nul(Type.Array(str(), { uniqueItems: true })),
        wafLogOnlyRules: nul(Type.Array(str(), { uniqueItems: true })),
        wafCustomRuleOrder: nul(Type.Array(int64())),
        wafRequestHeaderLoggingEnabled: nul(bool()),
        requestBodyLoggingEnabled: nul(bool()),
        wafRequestIgnoredHeaders: nul(Type.Array(str(), { uniqueItems: true })),
        wafRealtimeThreatIntelligenceEnabled: nul(bool()),
        wafProfileId: nul(int32()),
        wafEngineConfig: nul(
          Type.Array(
            closed({ name: nul(str()), valueEncoded: nul(str()) }, ["name", "valueEncoded"]),
          ),
        ),
        wafRequestBodyLimitAction: WAFPayloadLimitAction(),
        wafResponseBodyLimitAction: WAFPayloadLimitAction(),
        dDoSShieldSensitivity: DDoSShieldSensitivity(),
        dDoSChallengeWindow: nul(int32()),
        whitelabelResponsePages: nul(bool()),
      }),
      pullZoneId: int64(),
      accessLists: nul(map(AccessListAction())),
      botDetectionExecutionMode: BotDetectionExecutionMode(),
      csamScanningMode: UploadScanningScannerMode(),
      antivirusScanningMode: UploadScanningScannerMode(),
    },
    ["pullZoneId"],
  ),
  error: GenericRequestResponse,
});
const Log = closed({
  logId: nul(str()),
  timestamp: int64(),
  log: nul(str()),
  labels: closed({
    asn: nul(str()),
    country: nul(str()),
    ruleId: nul(str()),
    severity: nul(str()),
    method: nul(str()),
    ruleGroup: nul(str()),
    status: nul(str()),
    serverZone: nul(str()),
  }),
});
/** `GetTriggeredRulesResponse`. */
export const GetTriggeredRulesResponse = closed({
  errorResponse: GenericRequestResponse,
  triggeredRules: nul(
    Type.Array(
      closed({
        ruleId: nul(str()),
        ruleDescription: nul(str()),
        topTargetedUrls: nul(map(int32())),
        totalTriggeredRequests: int32(),
        ruleLogs: nul(Type.Array(Log)),
      }),
    ),
  ),
  totalTriggeredRules: int32(),
});
/** `UpdateReviewTriggeredRuleResponse`. */
export const UpdateReviewTriggeredRuleResponse = closed({
  errorResponse: GenericRequestResponse,
  success: bool(),
});
/** `TriggeredRuleRecommendationResponse`. */
export const TriggeredRuleRecommendationResponse = closed({
  shieldZoneId: int64(),
  ruleId: nul(str()),
  success: bool(),
  recommendation: nul(str()),
  errorResponse: GenericRequestResponse,
});
/** `CustomWafRule` (the PUT's 200 answer). */
export const CustomWafRule = closed({
  id: int64(),
  shieldZoneId: int64(),
  userId: nul(str()),
  ruleName: nul(str()),
  ruleDescription: nul(str()),
  ruleJson: nul(str()),
  ruleConfiguration: CreateCustomWafRuleModel,
  errorResponse: GenericRequestResponse,
});
/** `GetWafProfilesResponse`. */
export const GetWafProfilesResponse = closed({
  data: nul(
    Type.Array(
      Type.Array(
        closed({
          id: int32(),
          name: nul(str()),
          isPremium: bool(),
          profileCategory: nul(str()),
          imageUrl: nul(str()),
          features: nul(str()),
        }),
      ),
    ),
  ),
});
/** `GetWafEnumsResponse` (also the DDoS enumerations' answer). */
export const GetWafEnumsResponse = closed({
  data: nul(
    Type.Array(
      closed({
        enumName: nul(str()),
        enumValues: nul(
          Type.Array(
            closed({
              optionalInput: nul(bool()),
              isPremium: bool(),
              name: nul(str()),
              value: int32(),
              supportedValues: closed({ values: nul(Type.Array(str())), editable: bool() }),
              recommendedOperator: closed({
                operator: WafRuleOperatorType(),
                values: nul(Type.Array(str())),
              }),
            }),
          ),
        ),
      }),
    ),
  ),
});
/** `GetWafRulesSegmentedByPlanResponse`. */
export const GetWafRulesSegmentedByPlanResponse = closed({
  data: nul(
    Type.Array(
      closed({
        planValue: int32(),
        planName: nul(str()),
        rules: nul(
          Type.Array(
            closed({
              name: nul(str()),
              ruleset: nul(str()),
              ruleGroups: nul(
                Type.Array(
                  closed({
                    id: int64(),
                    name: nul(str()),
                    code: nul(str()),
                    fileName: nul(str()),
                    mainGroup: nul(str()),
                    ruleset: nul(str()),
                    rules: nul(Type.Array(closed({ ruleId: nul(str()) }))),
                  }),
                ),
              ),
            }),
          ),
        ),
      }),
    ),
  ),
  error: GenericRequestResponse,
});
/** The access lists' and API guardian's enumerations: name → (value → name). */
export const EnumMapsResponse = map(map(str()));
