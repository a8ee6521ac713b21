/**
 * Built-in fixtures of Shield beyond rate limits: two custom WAF rules in shield zone 2 (its
 * limit is 3), the platform's managed access lists (VPNs, Tor exit nodes, AI crawlers, and
 * known botnets, which needs the Business plan), shield zone 1's configuration of them and
 * one custom list in zone 1; and the shield zones on the Business and Enterprise plans.
 */
import type {
  CustomWafRule,
  ManagedWafRuleset,
  WafRuleConfiguration,
} from "edgeplatform-client/spec";
import type { ShieldExtraState } from "./state-shield";
import type { ShieldZoneState } from "./state";

const wafRule = (
  id: number,
  shieldZoneId: number,
  ruleName: string,
  ruleDescription: string,
  ruleConfiguration: WafRuleConfiguration,
): CustomWafRule => ({
  id,
  shieldZoneId,
  userId: "user-1",
  ruleName,
  ruleDescription,
  ruleJson: JSON.stringify(ruleConfiguration),
  ruleConfiguration,
});

const UPDATED = "2026-01-10T06:00:00Z";

/** The Shield parts of the built-in fixtures (a fresh copy on every call). */
export function shieldExtraFixtures(): ShieldExtraState {
  return {
    wafRules: [
      wafRule(301, 2, "block-wp-admin", "Block WordPress admin probes", {
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
      wafRule(302, 2, "log-sqli", "Log SQL injection attempts in the query", {
        actionType: 2,
        variableTypes: { QUERY_STRING: "" },
        operatorType: 17,
        severityType: 1,
        transformationTypes: [19, 8],
        value: "",
        isNegated: false,
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
    managedAccessLists: [
      {
        listId: 1,
        name: "VPN Providers",
        description: "Address ranges of commercial VPN providers",
        type: 1,
        category: 1,
        requiredPlan: 0,
        entryCount: 18250,
        updateFrequency: "daily",
        lastUpdated: UPDATED,
      },
      {
        listId: 2,
        name: "Tor Exit Nodes",
        description: "Current Tor exit relays",
        type: 0,
        category: 8,
        requiredPlan: 0,
        entryCount: 1200,
        updateFrequency: "hourly",
        lastUpdated: UPDATED,
      },
      {
        listId: 3,
        name: "AI Crawlers",
        description: "Crawlers that collect training data for AI models",
        type: 1,
        category: 1024,
        requiredPlan: 0,
        entryCount: 340,
        updateFrequency: "daily",
        lastUpdated: UPDATED,
      },
      {
        listId: 4,
        name: "Known Botnets",
        description: "Addresses seen in botnet traffic (Business plan and above)",
        type: 0,
        category: 16,
        requiredPlan: 2,
        entryCount: 52000,
        updateFrequency: "hourly",
        lastUpdated: UPDATED,
      },
    ],
    accessListConfigs: [
      { configurationId: 7001, shieldZoneId: 1, listId: 1, isEnabled: true, action: 2 },
      { configurationId: 7002, shieldZoneId: 1, listId: 2, isEnabled: true, action: 3 },
      { configurationId: 7003, shieldZoneId: 1, listId: 3, isEnabled: false, action: 0 },
      { configurationId: 7004, shieldZoneId: 1, listId: 4, isEnabled: false, action: 0 },
    ],
    accessLists: [
      {
        id: 501,
        shieldZoneId: 1,
        configurationId: 7101,
        name: "office-network",
        description: "Office egress ranges",
        type: 1,
        content: "203.0.113.0/24\n198.51.100.0/25",
        checksum: null,
        lastModified: UPDATED,
        isEnabled: true,
        action: 1,
      },
    ],
  };
}

/** An API document API guardian knows (two endpoints). */
export const FIXTURE_API_DOCUMENT = JSON.stringify({
  openapi: "3.0.0",
  info: { title: "Shop API", version: "1.4.0" },
  paths: {
    "/orders": { get: { responses: { "200": { description: "OK" } } } },
    "/orders/{id}": { delete: { responses: { "204": { description: "Gone" } } } },
  },
});

/** The HTML of shield zone 3's custom block page. */
export const FIXTURE_BLOCK_PAGE = "<html><body><h1>Blocked by shield-three</h1></body></html>";

/**
 * Shield zones 3 (Business plan, pull zone 5: a custom block page, WAF log-only rule 942100,
 * DDoS high) and 4 (Enterprise plan, pull zone 6: API guardian on with an API document,
 * upload scanning blocking); other settings are the defaults.
 */
export function shieldZonePlanFixtures(): ShieldZoneState[] {
  return [
    {
      id: 3,
      name: "shield-three",
      pullZoneId: 5,
      planType: 2,
      rateLimitRulesLimit: 50,
      customWafRulesLimit: 50,
      settings: {
        wafLogOnlyRules: ["942100"],
        dDoSShieldSensitivity: 3,
      } as ShieldZoneState["settings"],
      customPages: { block: FIXTURE_BLOCK_PAGE },
    },
    {
      id: 4,
      name: "shield-four",
      pullZoneId: 6,
      planType: 3,
      rateLimitRulesLimit: 100,
      customWafRulesLimit: 100,
      uploadScanning: { isEnabled: true, csamScanningMode: 2, antivirusScanningMode: 2 },
      apiGuardian: {
        configuration: {
          isEnabled: true,
          executionMode: 1,
          bodyLimitAction: 0,
          unmatchedPathAction: 1,
        },
        spec: { content: FIXTURE_API_DOCUMENT, enforceAuthorizationValidation: true },
      },
    },
  ];
}

const group = (id: number, name: string, code: string, rules: [string, string][]) => ({
  id,
  name,
  code,
  description: `${name} rules of the OWASP Core Rule Set (${code}xxx)`,
  rules: rules.map(([ruleId, description]) => ({ ruleId, description })),
});

/**
 * The platform's managed WAF rules (`GET /shield/waf/rules/{shieldZoneId}`): the same fixed
 * catalogue in every zone; its rule ids are what `wafDisabledRules` and `wafLogOnlyRules` may name.
 */
export const MANAGED_WAF_RULESETS: readonly ManagedWafRuleset[] = Object.freeze([
  {
    name: "OWASP Core Rule Set",
    ruleset: "owasp-crs-4",
    ruleGroups: [
      group(1, "Protocol Enforcement", "920", [
        ["920100", "Invalid HTTP Request Line"],
        ["920170", "GET or HEAD Request with Body Content"],
        ["920280", "Request Missing a Host Header"],
        ["920350", "Host header is a numeric IP address"],
      ]),
      group(2, "Local File Inclusion", "930", [
        ["930100", "Path Traversal Attack (/../)"],
        ["930120", "OS File Access Attempt"],
      ]),
      group(3, "Remote Code Execution", "932", [
        ["932100", "Remote Command Execution: Unix Command Injection"],
        ["932160", "Remote Command Execution: Unix Shell Code Found"],
      ]),
      group(4, "Cross-Site Scripting", "941", [
        ["941100", "XSS Attack Detected via libinjection"],
        ["941110", "XSS Filter - Category 1: Script Tag Vector"],
      ]),
      group(5, "SQL Injection", "942", [
        ["942100", "SQL Injection Attack Detected via libinjection"],
        ["942200", "Detects MySQL comment-/space-obfuscated injections and backtick termination"],
      ]),
    ],
  },
]);

/** Every managed WAF rule id of {@link MANAGED_WAF_RULESETS}. */
export const MANAGED_WAF_RULE_IDS: ReadonlySet<string> = new Set(
  MANAGED_WAF_RULESETS.flatMap((s) => s.ruleGroups.flatMap((g) => g.rules.map((r) => r.ruleId))),
);
