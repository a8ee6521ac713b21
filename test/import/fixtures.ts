/**
 * Fixtures of the `edgeplatform-import` tests (CLI and e2e): the emulator's defaults plus
 * a second shield zone with rules that exercise names (a name shared across zones, a name
 * that starts with a digit, a reserved word, a rule without a name), nulls, chained
 * conditions, a third zone with more rules than one list page holds, and an empty fourth.
 * Pull zones: 1 → shield zone 1, 4 → 2, 7 → 3; pull zones 2 and 3 have no shield zone.
 */
import { defaultFixtures, EmulatorState } from "../../packages/emulator/src";
import type { RateLimitRule, RateLimitRuleConfiguration } from "../../packages/client/src/spec";

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
  f.rateLimitRules = [
    ...f.rateLimitRules,
    ...zoneTwoRules(),
    ...Array.from({ length: BIG_ZONE_RULES }, (_, i) =>
      fixtureRule(3000 + i, 3, `bulk ${i}`, `bulk rule ${i}`, plainConfig(10 + i)),
    ),
  ];
  return f;
}
