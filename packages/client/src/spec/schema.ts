/**
 * The single source of truth for the platform's data shapes: enumerations, TypeScript
 * types, JSON schemas (used by the emulator's fastify routes) and input validation (used
 * by the dynamic resources' `check`). Nothing else in the project restates these rules.
 */
import Ajv, { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

// ---------------------------------------------------------------------------------------
// Enumerations (integer, int32; value = name)
// ---------------------------------------------------------------------------------------

/** What a rate-limit rule does when it matches (`actionType`). */
export const RateLimitAction = { RateLimit: 1, Log: 2, Challenge: 3 } as const;
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
export type VariableName = (typeof VariableNames)[number];
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

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

// ---------------------------------------------------------------------------------------
// Types: management API
// ---------------------------------------------------------------------------------------

/** `variableTypes`: variable name → match target (string). */
export type VariableTypes = Partial<Record<VariableName, string>>;

/** One chained condition of a rate-limit rule (`WafChainedRuleConditionItem`). */
export interface ChainedRuleCondition {
  variableTypes?: VariableTypes | null;
  operatorType?: OperatorTypeValue;
  value?: string | null;
  isNegated?: boolean | null;
  isRegexVariable?: boolean | null;
}

/** Rate-limit rule configuration (`CreateWafRateLimitRuleModel`). */
export interface RateLimitRuleConfiguration {
  actionType?: RateLimitActionValue;
  variableTypes?: VariableTypes | null;
  operatorType?: OperatorTypeValue;
  severityType?: SeverityTypeValue;
  transformationTypes?: TransformationTypeValue[] | null;
  value?: string | null;
  isNegated?: boolean | null;
  isRegexVariable?: boolean | null;
  /** Requests allowed per `timeframe` before the action applies (int32). */
  requestCount?: number;
  counterKeyType?: CounterKeyTypeValue;
  timeframe?: TimeframeValue;
  blockTime?: BlockTimeValue;
  chainedRuleConditions?: ChainedRuleCondition[] | null;
}

/** Embedded result object (`GenericRequestResponse`). */
export interface GenericRequestResponse {
  statusCode?: number;
  success?: boolean;
  message?: string | null;
  errorKey?: string | null;
}

/** A rate-limit rule as the platform returns it. */
export interface RateLimitRule {
  id: number;
  shieldZoneId: number;
  userId?: string | null;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleJson?: string | null;
  ruleConfiguration?: RateLimitRuleConfiguration;
  errorResponse?: GenericRequestResponse | null;
}

/** PATCH `/shield/rate-limit/{id}` body (`UpdateWafRateLimitRequest`). */
export interface UpdateRateLimitRequest {
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration?: RateLimitRuleConfiguration;
}

/** POST `/shield/rate-limit` body. */
export interface CreateRateLimitRequest extends UpdateRateLimitRequest {
  shieldZoneId: number;
}

/** Body of a 202 Accepted answer. */
export interface AcceptedResult {
  location?: string | null;
  value?: unknown;
  formatters?: object[] | null;
  contentTypes?: string[] | null;
  declaredType?: string | null;
  statusCode?: number | null;
}

/** Body of an unauthorized answer of the rate-limit update. */
export interface UnauthorizedResult {
  statusCode: number;
}

/** GET `/shield/rate-limits/{shieldZoneId}` page. */
export interface RateLimitRuleList {
  data: RateLimitRule[];
  page: {
    totalCount: number;
    totalPages: number;
    currentPage: number;
    nextPage: number | null;
    pageSize: number;
  };
  error?: GenericRequestResponse | null;
}

/** A container registry (GET `/mc/registries/{registryId}`). */
export interface ContainerRegistry {
  id: number;
  accountId: string;
  userId: string;
  namespaceId: string;
  displayName: string;
  hostName: string;
  userName: string;
  firstPasswordSymbols: string;
  lastPasswordSymbols: string;
  /** ISO 8601 UTC timestamp. */
  createdAt: string;
  isPublic: boolean;
  isPlatformManaged: boolean;
  /** ISO 8601 UTC timestamp. */
  lastUpdatedAt: string;
}

/** Application region settings (GET `/mc/apps/{appId}/region-settings`). */
export interface RegionSettings {
  allowedRegionIds: string[];
  requiredRegionIds: string[];
  /** May be absent on the live platform. */
  maxAllowedRegions?: number;
  provisioningType: "static" | "dynamic";
}

/** DNSSEC record of a DNS zone (POST/DELETE `/dnszone/{id}/dnssec`). */
export interface DnssecInfo {
  Enabled: boolean;
  DsRecord: string;
  Digest: string;
  DigestType: string;
  Algorithm: number;
  PublicKey: string;
  KeyTag: number;
  Flags: number;
  DsConfigured: boolean;
}

/** A DNS zone (GET `/dnszone/{id}`), the fields the provider uses. */
export interface DnsZone {
  Id: number;
  Domain: string;
  DnsSecEnabled: boolean;
  [extra: string]: unknown;
}

/** One instance of a volume template. */
export interface VolumeInstance {
  id: string;
  attachedContainers: string[];
  region: string;
  status: string;
  size: number;
  usage: number;
}

/** One volume template of an application. */
export interface Volume {
  id: string;
  name: string;
  size: number;
  totalInstancesCount: number;
  attachedInstancesCount: number;
  volumeInstances: VolumeInstance[];
}

/** GET `/mc/apps/{appId}/volumes`. */
export interface VolumeList {
  items: Volume[];
  meta: { totalItems: number };
}

/** DELETE `/mc/apps/{appId}/volumes/{volumeId}`. */
export interface VolumeDeletionResult {
  ids: string[];
}

/** Edge script statistics. Charts map a timestamp string to a number. */
export interface ScriptStatistics {
  TotalRequestsServed: number;
  TotalCpuUsed: number;
  TotalMonthlyCost: number;
  AverageCpuTimePerExecution: number;
  RequestsServedChart: Record<string, number>;
  AverageCpuTimeChart: Record<string, number>;
  TotalCpuTimeChart: Record<string, number>;
}

/** Shield event log entry. */
export interface EventLogEntry {
  logId: string;
  /** Epoch milliseconds. */
  timestamp: number;
  log: string;
  labels: {
    asn: string;
    country: string;
    ruleId: string;
    severity: string;
    method: string;
    ruleGroup: string;
    status: string;
    serverZone: string;
  };
}

/** One page of shield event logs. */
export interface EventLogPage {
  logs: EventLogEntry[];
  hasMoreData: boolean;
  continuationToken: string;
  startToken?: string;
  errorResponse?: GenericRequestResponse | null;
}

/** POST `/pullzone/checkavailability` success body. */
export interface NameAvailability {
  Available: boolean;
}

/** Availability-check error body. */
export interface AvailabilityError {
  ErrorKey: string;
  Field: string;
  Message: string;
}

// ---------------------------------------------------------------------------------------
// Types: logging API
// ---------------------------------------------------------------------------------------

/** One v2 access-log record. */
export interface AccessLogEntry {
  /** ISO 8601 timestamp. */
  timestamp: string;
  pullZoneId: number;
  requestId: string;
  cacheStatus: CacheStatus;
  statusCode: number;
  bytesSent: number;
  remoteIp: string;
  countryCode: string;
  edgeLocation: string;
  scheme: string;
  host: string;
  path: string;
  url: string;
  userAgent: string;
  referer: string;
  bodyBytesSent: number;
  contentRange: string;
  authorizationHeader: string;
  ja4Fingerprint: string;
  asn: number;
  asnOrganization: string;
}

/** v2 query parameters (`GET {logging_url}/v2/pullzones/{id}/logs`). */
export interface AccessLogQuery {
  from?: string;
  to?: string;
  status?: string;
  cacheStatus?: string;
  country?: string;
  edgeLocation?: string;
  remoteIp?: string;
  urlContains?: string;
  userAgentContains?: string;
  refererContains?: string;
  search?: string;
  requestId?: string;
  includeOriginShield?: boolean;
  limit?: number;
  offset?: number;
  order?: "asc" | "desc";
}

/** One v2 page. */
export interface AccessLogPage {
  data: AccessLogEntry[];
  pagination: { offset: number; limit: number; returned: number; hasMore: boolean };
  query: { pullZoneId: number; from: string; to: string; order: "asc" | "desc" };
}

/** Logging API error body. */
export interface LoggingErrorBody {
  error: { code: LoggingErrorCode; message: string; details: unknown[] };
}

export const LoggingErrorCodes = [
  "invalid_request",
  "unauthorized",
  "forbidden",
  "logging_disabled",
  "rate_limited",
  "internal_error",
] as const;
export type LoggingErrorCode = (typeof LoggingErrorCodes)[number];

/** One parsed v1 (pipe-delimited) access-log line. Empty fields (`-`) are `""`. */
export interface LegacyAccessLogRecord {
  cacheStatus: string;
  statusCode: number;
  /** Epoch milliseconds. */
  timestamp: number;
  bytesSent: number;
  pullZoneId: number;
  remoteIp: string;
  referer: string;
  url: string;
  edgeLocation: string;
  userAgent: string;
  requestId: string;
  countryCode: string;
  /** Extended logging only. */
  bodyBytesSent?: number;
  /** Extended logging only. */
  rangeHeader?: string;
  /** Extended logging only. */
  authorizationHeader?: string;
}

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

// ---------------------------------------------------------------------------------------
// JSON schemas (draft-07, as fastify/ajv use them)
// ---------------------------------------------------------------------------------------

const enumValues = (e: Record<string, number>): number[] => Object.values(e);

const nullable = (schema: Record<string, unknown>) => ({
  anyOf: [schema, { type: "null" }],
});

const int32 = { type: "integer", minimum: INT32_MIN, maximum: INT32_MAX } as const;

/** `variableTypes` object: only the listed keys, string values. */
export const variableTypesSchema = {
  type: "object",
  propertyNames: { enum: [...VariableNames] },
  additionalProperties: { type: "string" },
} as const;

/** `WafChainedRuleConditionItem`. */
export const chainedRuleConditionSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    variableTypes: nullable(variableTypesSchema),
    operatorType: { type: "integer", enum: enumValues(OperatorType) },
    value: { type: ["string", "null"] },
    isNegated: { type: ["boolean", "null"] },
    isRegexVariable: { type: ["boolean", "null"] },
  },
} as const;

/** `CreateWafRateLimitRuleModel`. */
export const ruleConfigurationSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    actionType: { type: "integer", enum: enumValues(RateLimitAction) },
    variableTypes: nullable(variableTypesSchema),
    operatorType: { type: "integer", enum: enumValues(OperatorType) },
    severityType: { type: "integer", enum: enumValues(SeverityType) },
    transformationTypes: nullable({
      type: "array",
      items: { type: "integer", enum: enumValues(TransformationType) },
    }),
    value: { type: ["string", "null"] },
    isNegated: { type: ["boolean", "null"] },
    isRegexVariable: { type: ["boolean", "null"] },
    requestCount: int32,
    counterKeyType: { type: "integer", enum: enumValues(CounterKeyType) },
    timeframe: { type: "integer", enum: enumValues(Timeframe) },
    blockTime: { type: "integer", enum: enumValues(BlockTime) },
    chainedRuleConditions: nullable({ type: "array", items: chainedRuleConditionSchema }),
  },
} as const;

/** PATCH `/shield/rate-limit/{id}` body. */
export const updateRateLimitRequestSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    ruleName: { type: ["string", "null"] },
    ruleDescription: { type: ["string", "null"] },
    ruleConfiguration: ruleConfigurationSchema,
  },
} as const;

/** POST `/shield/rate-limit` body. */
export const createRateLimitRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["shieldZoneId"],
  properties: {
    shieldZoneId: int32,
    ruleName: { type: ["string", "null"] },
    ruleDescription: { type: ["string", "null"] },
    ruleConfiguration: ruleConfigurationSchema,
  },
} as const;

/** POST `/pullzone/checkavailability` body. */
export const checkAvailabilityRequestSchema = {
  type: "object",
  additionalProperties: false,
  required: ["Name"],
  properties: { Name: { type: "string" } },
} as const;

/** `MM-dd-yyyy` (shield event logs). */
export const eventLogDatePattern = "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$";
/** `MM-dd-yy` (v1 access logs). */
export const legacyLogDatePattern = "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{2}$";

/** Script statistics query. */
export const scriptStatisticsQuerySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    dateFrom: { type: "string", format: "date-time" },
    dateTo: { type: "string", format: "date-time" },
    loadLatest: { type: "boolean" },
    hourly: { type: "boolean" },
  },
} as const;

/** v2 access-log query. */
export const accessLogQuerySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    from: { type: "string", format: "date-time" },
    to: { type: "string", format: "date-time" },
    status: { type: "string", pattern: "^([1-5][0-9][0-9]|[1-5]xx)(,([1-5][0-9][0-9]|[1-5]xx))*$" },
    cacheStatus: { type: "string" },
    country: { type: "string" },
    edgeLocation: { type: "string" },
    remoteIp: { type: "string" },
    urlContains: { type: "string" },
    userAgentContains: { type: "string" },
    refererContains: { type: "string" },
    search: { type: "string" },
    requestId: { type: "string" },
    includeOriginShield: { type: "boolean" },
    limit: { type: "integer", minimum: 1, maximum: Limits.accessLogMaxLimit },
    offset: { type: "integer", minimum: 0, maximum: INT32_MAX },
    order: { type: "string", enum: ["asc", "desc"] },
  },
} as const;

/** v1 access-log query. `order` and `sort` are both accepted. */
export const legacyAccessLogQuerySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    start: { type: "integer", minimum: 0, maximum: INT32_MAX },
    end: { type: "integer", minimum: 0, maximum: INT32_MAX },
    status: { type: "string" },
    search: { type: "string" },
    download: { type: "boolean" },
    order: { type: "string", enum: ["asc", "desc"] },
    sort: { type: "string", enum: ["asc", "desc"] },
  },
} as const;

// ---------------------------------------------------------------------------------------
// Validation with messages that name the property path and the allowed values
// ---------------------------------------------------------------------------------------

/** One validation failure: a property path (`ruleConfiguration.actionType`) and a reason. */
export interface ValidationFailure {
  property: string;
  reason: string;
}

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
addFormats(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

function enumNamesFor(path: string): Record<string, number> | undefined {
  const last = path
    .split(".")
    .reverse()
    .find((p) => !/^\[\d+\]$/.test(p) && !/^\d+$/.test(p));
  const key = (last ?? "").replace(/\[\d+\]$/, "") as keyof typeof EnumsByField;
  return EnumsByField[key];
}

function describeAllowed(path: string, allowed: unknown[]): string {
  const names = enumNamesFor(path);
  if (names) {
    const byValue = new Map(Object.entries(names).map(([n, v]) => [v, n]));
    return allowed.map((v) => `${v} (${byValue.get(v as number) ?? v})`).join(", ");
  }
  return allowed.map((v) => JSON.stringify(v)).join(", ");
}

function toPath(prefix: string, instancePath: string): string {
  const parts = instancePath
    .split("/")
    .filter((p) => p !== "")
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join("");
  const joined = `${prefix}${parts}`;
  return joined.startsWith(".") ? joined.slice(1) : joined;
}

function describe(prefix: string, e: ErrorObject): ValidationFailure | undefined {
  const at = toPath(prefix, e.instancePath);
  switch (e.keyword) {
    case "additionalProperties": {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const schemaProps = Object.keys(
        ((e.parentSchema as { properties?: object })?.properties ?? {}) as object,
      );
      return {
        property: at ? `${at}.${extra}` : extra,
        reason: `unknown property "${extra}"; allowed properties: ${schemaProps.join(", ")}`,
      };
    }
    case "propertyNames":
      return undefined; // reported by the nested enum error below
    case "enum": {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      if (e.propertyName !== undefined || e.schemaPath.includes("propertyNames")) {
        const key = (e as ErrorObject & { propertyName?: string }).propertyName ?? e.data;
        return {
          property: at ? `${at}.${String(key)}` : String(key),
          reason: `unknown variable name "${String(key)}"; allowed: ${VariableNames.join(", ")}`,
        };
      }
      return {
        property: at,
        reason: `must be one of ${describeAllowed(at, allowed)}; got ${JSON.stringify(e.data)}`,
      };
    }
    case "minimum":
    case "maximum": {
      const ps = (e.parentSchema ?? {}) as { minimum?: number; maximum?: number };
      const int32Range = ps.minimum === INT32_MIN && ps.maximum === INT32_MAX;
      return {
        property: at,
        reason: `must be an integer from ${ps.minimum ?? INT32_MIN} to ${ps.maximum ?? INT32_MAX}${
          int32Range ? " (int32)" : ""
        }; got ${JSON.stringify(e.data)}`,
      };
    }
    case "anyOf":
      return undefined; // the branch errors say more
    case "type":
      if (e.schemaPath.includes("anyOf/1")) return undefined; // the "null" branch
      return {
        property: at,
        reason: `must be ${(e.params as { type: string | string[] }).type
          .toString()
          .replace(",", " or ")}; got ${JSON.stringify(e.data)}`,
      };
    case "required":
      return {
        property: at
          ? `${at}.${(e.params as { missingProperty: string }).missingProperty}`
          : (e.params as { missingProperty: string }).missingProperty,
        reason: "is required",
      };
    default:
      return { property: at, reason: e.message ?? "is invalid" };
  }
}

/**
 * Validates `value` against one of the schemas above. Returns every failure with its
 * property path (prefixed by `prefix`) and a reason naming the allowed values. Never throws.
 */
export function validate(schema: object, value: unknown, prefix = ""): ValidationFailure[] {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  if (fn(value)) return [];
  const errors = fn.errors ?? [];
  // An enum failure says more than a type failure at the same place: keep only the former.
  const enumAt = new Set(errors.filter((e) => e.keyword === "enum").map((e) => e.instancePath));
  const out: ValidationFailure[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === "type" && enumAt.has(e.instancePath)) continue;
    const f = describe(prefix, e);
    if (!f) continue;
    const key = `${f.property}|${f.reason}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(f);
    }
  }
  return out;
}

/**
 * Turns enum names into their integers inside a rule configuration (`"Challenge"` → 3,
 * `["LOWERCASE"]` → `[8]`), matching names case-insensitively. Values that are neither a
 * known name nor a number are left as they are for `validate` to report. Returns a copy.
 */
export function normalizeRuleConfiguration(input: unknown): unknown {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [field, e] of Object.entries(EnumsByField)) {
    if (!(field in out)) continue;
    const v = out[field];
    out[field] = Array.isArray(v) ? v.map((x) => enumValue(e, x)) : enumValue(e, v);
  }
  if (Array.isArray(out.chainedRuleConditions)) {
    out.chainedRuleConditions = out.chainedRuleConditions.map((c) =>
      c && typeof c === "object" && !Array.isArray(c) && "operatorType" in c
        ? {
            ...c,
            operatorType: enumValue(OperatorType, (c as { operatorType: unknown }).operatorType),
          }
        : c,
    );
  }
  return out;
}

function enumValue(e: Record<string, number>, v: unknown): unknown {
  if (typeof v !== "string") return v;
  const hit = Object.keys(e).find((k) => k.toLowerCase() === v.trim().toLowerCase());
  if (hit !== undefined) return e[hit];
  if (/^-?\d+$/.test(v.trim())) return Number(v.trim());
  return v;
}

// ---------------------------------------------------------------------------------------
// Shield zone of a pull zone (GET /shield/shield-zone/get-by-pullzone/{pullZoneId})
// ---------------------------------------------------------------------------------------

/** The shield zone that protects a pull zone (`data` of `get-by-pullzone`). */
export interface ShieldZoneByPullZone {
  /** Id of the shield zone (what rate-limit rules are created in). */
  shieldZoneId: number;
  /** The pull zone asked for. */
  pullZoneId: number;
  /** The zone's plan type (an integer). */
  planType: number;
  /** Most rate-limit rules the zone may hold. */
  rateLimitRulesLimit: number;
  /** Most custom WAF rules the zone may hold. */
  customWafRulesLimit: number;
  /** Whether the WAF is on for the zone. */
  wafEnabled: boolean;
}

/** Body of `get-by-pullzone`: `data` on success, or `data: null` with an embedded `error`. */
export interface ShieldZoneByPullZoneResponse {
  data: ShieldZoneByPullZone | null;
  error?: GenericRequestResponse | null;
}

/** JSON schema of {@link ShieldZoneByPullZone} (further platform fields are allowed). */
export const shieldZoneByPullZoneSchema = {
  type: "object",
  required: [
    "shieldZoneId",
    "pullZoneId",
    "planType",
    "rateLimitRulesLimit",
    "customWafRulesLimit",
    "wafEnabled",
  ],
  properties: {
    shieldZoneId: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    pullZoneId: { type: "integer", minimum: 0, maximum: INT32_MAX },
    planType: { type: "integer" },
    rateLimitRulesLimit: { type: "integer" },
    customWafRulesLimit: { type: "integer" },
    wafEnabled: { type: "boolean" },
  },
} as const;

/** Path parameters of `get-by-pullzone` (`pullZoneId` is int32). */
export const shieldZoneByPullZoneParamsSchema = {
  type: "object",
  required: ["pullZoneId"],
  properties: { pullZoneId: { type: "integer", minimum: 0, maximum: INT32_MAX } },
} as const;
