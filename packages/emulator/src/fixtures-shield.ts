/**
 * Built-in fixtures of Shield beyond rate limits: two custom WAF rules in shield zone 2 (its
 * limit is 3), the platform's managed access lists (VPNs, Tor exit nodes, AI crawlers, and
 * known botnets, which needs the Business plan), shield zone 1's configuration of them and
 * one custom list in zone 1.
 */
import type { CustomWafRule, WafRuleConfiguration } from "edgeplatform-client/spec";
import type { ShieldExtraState } from "./state-shield";

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
