/**
 * Fixtures of the `edgeplatform-import` tests (CLI and e2e): the emulator's defaults plus
 * a second shield zone with rules that exercise names (a name shared across zones, a name
 * that starts with a digit, a reserved word, a rule without a name), nulls, chained
 * conditions, a third zone with more rules than one list page holds, and an empty fourth.
 * Pull zones: 1 → shield zone 1, 4 → 2, 7 → 3; pull zones 2 and 3 have no shield zone.
 */
import { defaultFixtures, EmulatorState } from "../../packages/emulator/src";
import type {
  AccessListActionValue,
  AccessListDetails,
  AccessListTypeValue,
  CustomWafRule,
  RateLimitRule,
  RateLimitRuleConfiguration,
  WafRuleConfiguration,
} from "../../packages/client/src/spec";
import type { SettingsDefaults, ShieldZoneImport } from "../../packages/pulumi/src/import/generate";

/** A custom access list of a zone's import, with its line of the zone's listing. */
type AccessListImport = NonNullable<ShieldZoneImport["accessLists"]>[number];

/** A rule as the platform stores it. */
export function fixtureRule(
  id: number,
  shieldZoneId: number,
  ruleName: string | null,
  ruleDescription: string | null,
  ruleConfiguration: RateLimitRuleConfiguration,
): RateLimitRule {
  return {
    id,
    shieldZoneId,
    userId: "user-1",
    ruleName,
    ruleDescription,
    ruleJson: JSON.stringify(ruleConfiguration),
    ruleConfiguration,
  };
}

/** A full configuration, for rules whose content does not matter. */
export const plainConfig = (requestCount: number): RateLimitRuleConfiguration => ({
  actionType: 2,
  variableTypes: { REQUEST_URI: "/" },
  operatorType: 0,
  severityType: 0,
  transformationTypes: [],
  value: "/",
  isNegated: false,
  isRegexVariable: false,
  requestCount,
  counterKeyType: 1,
  timeframe: 1,
  blockTime: 30,
  chainedRuleConditions: [],
});

/** Zone 2's rules: the name cases and nulls. */
export const zoneTwoRules = (): RateLimitRule[] => [
  fixtureRule(201, 2, "api-burst", null, {
    actionType: 3,
    variableTypes: { REQUEST_URI: "/v2/api" },
    operatorType: 0,
    severityType: 0,
    transformationTypes: [8, 16],
    value: "/v2/api",
    isNegated: null,
    isRegexVariable: false,
    requestCount: 500,
    counterKeyType: 4,
    timeframe: 300,
    blockTime: 1800,
    chainedRuleConditions: [
      {
        variableTypes: { REQUEST_HEADERS: "x-api-key" },
        operatorType: 14,
        value: "^test-",
        isNegated: true,
        isRegexVariable: false,
      },
      {
        variableTypes: null,
        operatorType: 5,
        value: null,
        isNegated: null,
        isRegexVariable: null,
      },
    ],
  }),
  fixtureRule(202, 2, "2FA login (strict)", "Second factor: slow down", {
    actionType: 1,
    variableTypes: null,
    operatorType: 2,
    severityType: 2,
    transformationTypes: null,
    value: null,
    isNegated: false,
    isRegexVariable: null,
    requestCount: 3,
    counterKeyType: 0,
    timeframe: 3600,
    blockTime: 3600,
    chainedRuleConditions: null,
  }),
  fixtureRule(203, 2, "delete", "A name that is a reserved word", plainConfig(7)),
  fixtureRule(204, 2, null, null, plainConfig(8)),
];

/**
 * The `--kind`s whose resources exist in `pulumi-edgeplatform` today: a program imported with
 * them type-checks and runs (the CLI test and the e2e test take this list). Every kind the
 * import writes is here.
 */
export const RESOURCE_KINDS_AVAILABLE = [
  "rate-limit-rule",
  "waf-rule",
  "access-list",
  "managed-access-list",
  "shield-zone",
  "bot-detection",
  "upload-scanning",
  "api-guardian",
  "response-page",
] as const;

/** `--kind` flags for {@link RESOURCE_KINDS_AVAILABLE}. */
export const availableKindFlags = (): string[] =>
  RESOURCE_KINDS_AVAILABLE.flatMap((k) => ["--kind", k]);

/** Zone 3: more rules than one list page (the client asks for 100 per page). */
export const BIG_ZONE_RULES = 105;

/** The fixtures of the import tests (fresh copy on every call). */
export function importFixtures(): EmulatorState {
  const f = defaultFixtures();
  f.shieldZones = [
    { id: 1, name: "shield-one", pullZoneId: 1 },
    { id: 2, name: "shield-two", pullZoneId: 4 },
    { id: 3, name: "shield-big", pullZoneId: 7 },
    { id: 4, name: "shield-empty" },
  ];
  // Pull zone 7 (of shield zone 3): a new zone's record.
  f.pullZones = [
    ...f.pullZones,
    { id: 7, name: "zone-big", logging: "enabled", extendedLogging: false, logRecordsPerDay: 2000 },
  ];
  f.rateLimitRules = [
    ...f.rateLimitRules,
    ...zoneTwoRules(),
    ...Array.from({ length: BIG_ZONE_RULES }, (_, i) =>
      fixtureRule(3000 + i, 3, `bulk ${i}`, `bulk rule ${i}`, plainConfig(10 + i)),
    ),
  ];
  return f;
}

/** A custom WAF rule as the platform stores it. */
export function wafRule(
  id: number,
  shieldZoneId: number,
  ruleName: string | null,
  ruleDescription: string | null,
  ruleConfiguration: WafRuleConfiguration,
): CustomWafRule {
  return {
    id,
    shieldZoneId,
    userId: "user-1",
    ruleName,
    ruleDescription,
    ruleJson: JSON.stringify(ruleConfiguration),
    ruleConfiguration,
  };
}

/** A custom access list as the import reads it: the list and its line of the listing. */
export function accessListImport(
  id: number,
  name: string,
  description: string | null,
  type: AccessListTypeValue,
  content: string,
  config: { isEnabled: boolean; action: AccessListActionValue },
): AccessListImport {
  const entryCount = content.split("\n").filter((e) => e !== "").length;
  return {
    list: { id, name, description, type, content, checksum: null, entryCount },
    details: {
      listId: id,
      configurationId: 7100 + id,
      name,
      description,
      type,
      category: 0,
      requiredPlan: 0,
      entryCount,
      ...config,
    },
  };
}

/** A managed list's line of a zone's listing. */
export function managedList(
  listId: number,
  name: string,
  config: { isEnabled: boolean; action: AccessListActionValue },
): AccessListDetails {
  return {
    listId,
    configurationId: 7000 + listId,
    name,
    description: `${name} (managed)`,
    type: 1,
    category: 1,
    requiredPlan: 0,
    entryCount: 100,
    ...config,
  };
}

/**
 * Shield zone 1 with every kind: a rate-limit rule and a WAF rule that share the name
 * `api-burst`, two custom lists, two configured managed lists and one at its defaults.
 */
export function shieldKindsZone(): ShieldZoneImport {
  return {
    shieldZoneId: 1,
    rules: [defaultFixtures().rateLimitRules[0]],
    wafRules: [
      wafRule(301, 1, "block-wp-admin", "Block WordPress admin probes", {
        actionType: 1,
        variableTypes: { REQUEST_URI: "/wp-admin" },
        operatorType: 0,
        severityType: 2,
        transformationTypes: [8],
        value: "/wp-admin",
        isNegated: false,
        isRegexVariable: false,
        chainedRuleConditions: [],
      }),
      wafRule(302, 1, "api-burst", null, {
        actionType: 5,
        variableTypes: null,
        operatorType: 17,
        severityType: 1,
        transformationTypes: [19, 8],
        value: null,
        isNegated: null,
        isRegexVariable: false,
        chainedRuleConditions: [
          {
            variableTypes: { REQUEST_METHOD: "GET" },
            operatorType: 15,
            value: "GET",
            isNegated: false,
            isRegexVariable: false,
          },
        ],
      }),
    ],
    accessLists: [
      accessListImport(
        501,
        "office-network",
        "Office egress ranges",
        1,
        "203.0.113.0/24\n198.51.100.0/25",
        {
          isEnabled: true,
          action: 1,
        },
      ),
      accessListImport(502, "Rule list", null, 3, "DE\nFR", { isEnabled: false, action: 0 }),
    ],
    managedAccessLists: [
      managedList(1, "VPN Providers", { isEnabled: true, action: 2 }),
      managedList(2, "Tor Exit Nodes", { isEnabled: true, action: 3 }),
      managedList(3, "AI Crawlers", { isEnabled: false, action: 0 }),
    ],
  };
}

/**
 * Defaults of the settings kinds for the generator tests: a new zone's settings (plan
 * Basic, WAF on in Log mode, DDoS Medium, 30 s challenge window, ...), the engine's items
 * (paranoia 1, GET/HEAD/POST, HTTP/1.1 and 2, two content types, one item ShieldZone does not
 * manage) and the bot detection / upload scanning / API guardian a new zone has.
 */
export function settingsDefaults(): SettingsDefaults {
  return {
    zone: {
      planType: 0,
      learningMode: false,
      wafEnabled: true,
      wafExecutionMode: 0,
      wafDisabledRules: [],
      wafLogOnlyRules: [],
      wafCustomRuleOrder: [],
      wafRequestHeaderLoggingEnabled: false,
      requestBodyLoggingEnabled: false,
      wafRequestIgnoredHeaders: [],
      wafRealtimeThreatIntelligenceEnabled: false,
      wafProfileId: null,
      wafRequestBodyLimitAction: 0,
      wafResponseBodyLimitAction: 1,
      dDoSShieldSensitivity: 2,
      dDoSChallengeWindow: 30,
      whitelabelResponsePages: false,
    },
    engineConfig: [
      { name: "detection_paranoia_level", valueEncoded: "1" },
      { name: "executing_paranoia_level", valueEncoded: "1" },
      { name: "blocking_paranoia_level", valueEncoded: "1" },
      { name: "allowed_methods", valueEncoded: "GET HEAD POST" },
      { name: "allowed_http_versions", valueEncoded: "HTTP/1.1 HTTP/2" },
      { name: "allowed_request_content_type", valueEncoded: "|application/json| |text/plain|" },
      { name: "arg_length", valueEncoded: "400" },
    ],
    botDetection: {
      executionMode: 0,
      requestIntegrity: { sensitivity: 1 },
      ipAddress: { sensitivity: 1 },
      browserFingerprint: { sensitivity: 1, aggression: 1, complexEnabled: false },
    },
    uploadScanning: { isEnabled: false, csamScanningMode: 0, antivirusScanningMode: 0 },
    apiGuardian: { isEnabled: false, executionMode: 0, bodyLimitAction: 0, unmatchedPathAction: 1 },
  };
}

/**
 * Shield zone 7 (pull zone 70) with settings that differ from {@link settingsDefaults}: plan
 * Business, WAF in Block mode with two disabled rules, detection paranoia 2 (its own item),
 * allowed methods with PUT (its own item), executing paranoia as the engine default (its own
 * item, equal), no blocking item (the engine default), DDoS High, a custom rule order,
 * white-label pages; request body logging on (ShieldZone does not manage it). Bot detection
 * in Challenge mode with aggressive fingerprints; upload scanning as a new zone has it; API
 * guardian on in Block mode; a custom block page.
 */
export function settingsZone(): ShieldZoneImport {
  const d = settingsDefaults();
  return {
    shieldZoneId: 7,
    pullZoneIds: [70],
    settings: {
      ...d.zone,
      shieldZoneId: 7,
      pullZoneId: 70,
      planType: 2,
      wafExecutionMode: 1,
      wafDisabledRules: ["920100", "930110"],
      wafCustomRuleOrder: [302, 301],
      requestBodyLoggingEnabled: true,
      dDoSShieldSensitivity: 3,
      whitelabelResponsePages: true,
      wafEngineConfig: [
        { name: "detection_paranoia_level", valueEncoded: "2" },
        { name: "executing_paranoia_level", valueEncoded: "1" },
        { name: "allowed_methods", valueEncoded: "GET HEAD POST PUT" },
      ],
      rateLimitRulesLimit: 25,
      customWafRulesLimit: 25,
    },
    botDetection: {
      shieldZoneId: 7,
      executionMode: 1,
      requestIntegrity: { sensitivity: 1 },
      ipAddress: { sensitivity: 1 },
      browserFingerprint: { sensitivity: 1, aggression: 3, complexEnabled: false },
    },
    uploadScanning: {
      shieldZoneId: 7,
      isEnabled: false,
      csamScanningMode: 0,
      antivirusScanningMode: 0,
    },
    apiGuardian: {
      configuration: {
        isEnabled: true,
        executionMode: 1,
        bodyLimitAction: 0,
        unmatchedPathAction: 1,
      },
      endpoints: [],
    },
    responsePages: { block: "<h1>Blocked</h1>" },
  };
}

/**
 * Zone 2's settings in the import tests against the emulator (CLI and e2e), where they differ
 * from a new zone's: Enterprise plan, WAF in Log mode with rule 920100 disabled, its own
 * detection paranoia 2, DDoS High, its custom WAF rules in the order 302, 301; bot detection challenging with IP sensitivity Medium;
 * upload scanning blocking viruses; API guardian on in Block mode; a custom block page.
 */
export function zoneTwoSettings(): Partial<EmulatorState["shieldZones"][number]> {
  return {
    planType: 3,
    settings: {
      wafExecutionMode: 0,
      wafDisabledRules: ["920100"],
      wafEngineConfig: [{ name: "detection_paranoia_level", valueEncoded: "2" }],
      wafCustomRuleOrder: [302, 301],
      dDoSShieldSensitivity: 3,
    } as EmulatorState["shieldZones"][number]["settings"],
    botDetection: {
      executionMode: 1,
      requestIntegrity: { sensitivity: 1 },
      ipAddress: { sensitivity: 2 },
      browserFingerprint: { sensitivity: 1, aggression: 1, complexEnabled: false },
    },
    uploadScanning: { isEnabled: true, csamScanningMode: 0, antivirusScanningMode: 2 },
    apiGuardian: {
      configuration: {
        isEnabled: true,
        executionMode: 1,
        bodyLimitAction: 1,
        unmatchedPathAction: 1,
      },
    },
    customPages: { block: "<h1>Blocked by shield-two</h1>" },
  };
}

/**
 * What `edgeplatform-import` writes for {@link zoneTwoSettings} (after zone 2's other kinds;
 * with its WAF rules 301 `blockWpAdmin` and 302 `logSqli`, which the rule order names).
 */
export const ZONE_TWO_SETTINGS_PROGRAM = [
  "// zone settings that differ from the platform's defaults",
  'const shieldZone2 = new edge.shield.ShieldZone("shield-zone-2", {',
  "  shieldZoneId: 2,",
  '  planType: "Enterprise",',
  '  waf: { mode: "Log", disabledRules: ["920100"], paranoia: { detection: 2 } },',
  '  ddos: { sensitivity: "High" },',
  "  customRuleOrder: [logSqli.ruleId, blockWpAdmin.ruleId],",
  "});",
  'const botDetectionZone2 = new edge.shield.BotDetection("bot-detection-zone-2", {',
  "  shieldZoneId: 2,",
  '  executionMode: "Challenge",',
  '  ipAddress: { sensitivity: "Medium" },',
  "});",
  'const uploadScanningZone2 = new edge.shield.UploadScanning("upload-scanning-zone-2", {',
  "  shieldZoneId: 2,",
  "  enabled: true,",
  '  antivirusScanningMode: "Block",',
  "});",
  'const apiGuardianZone2 = new edge.shield.ApiGuardian("api-guardian-zone-2", {',
  "  shieldZoneId: 2,",
  "  enabled: true,",
  '  executionMode: "Block",',
  "});",
  'const blockPage = new edge.shield.ResponsePage("block-page", {',
  "  shieldZoneId: 2,",
  '  pageType: "block",',
  '  html: "<h1>Blocked by shield-two</h1>",',
  "});",
].join("\n");
