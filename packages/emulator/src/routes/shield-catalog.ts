/**
 * Shield's reference data (the published "Bunny Shield API" v1, 2026-07-31): the WAF profiles,
 * the managed WAF rules of each plan (the catalogue of `GET /shield/waf/rules/{shieldZoneId}`,
 * available from the Basic plan up) and the WAF and DDoS enumerations with their values.
 */
import type { FastifyInstance } from "fastify";
import {
  DDoSShieldSensitivity,
  OperatorType,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  WafRuleAction,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { MANAGED_WAF_RULESETS } from "../fixtures-shield";
import { OK_RESULT } from "./common";

/** The WAF profiles, in groups (as the platform lists them). */
const WAF_PROFILES = [
  [
    {
      id: 1,
      name: "Default",
      isPremium: false,
      profileCategory: "General",
      imageUrl: null,
      features: "OWASP Core Rule Set",
    },
    {
      id: 2,
      name: "WordPress",
      isPremium: false,
      profileCategory: "CMS",
      imageUrl: null,
      features: "WordPress exclusions",
    },
  ],
  [
    {
      id: 3,
      name: "API",
      isPremium: true,
      profileCategory: "Applications",
      imageUrl: null,
      features: "JSON body inspection",
    },
  ],
];

/** An enumeration as the published `WafMappedEnumList`. */
const mapped = (enumName: string, e: Record<string, number>, premium: number[] = []) => ({
  enumName,
  enumValues: Object.entries(e).map(([name, value]) => ({
    optionalInput: null,
    isPremium: premium.includes(value),
    name,
    value,
    supportedValues: { values: null, editable: true },
    recommendedOperator: { operator: 0, values: null },
  })),
});

/** Registers the reference-data routes. */
export function registerShieldCatalogRoutes(app: FastifyInstance, _ctx: EmulatorContext): void {
  app.get("/shield/waf/profiles", async () => ({ data: WAF_PROFILES }));

  app.get("/shield/waf/rules/plan-segmentation", async () => ({
    data: Object.entries(ShieldPlanType).map(([planName, planValue]) => ({
      planValue,
      planName,
      rules: MANAGED_WAF_RULESETS.map((s) => ({
        name: s.name,
        ruleset: s.ruleset ?? null,
        ruleGroups: s.ruleGroups.map((g) => ({
          id: g.id,
          name: g.name,
          code: g.code ?? null,
          fileName: null,
          mainGroup: s.name,
          ruleset: s.ruleset ?? null,
          rules: g.rules.map((r) => ({ ruleId: r.ruleId })),
        })),
      })),
    })),
    error: { ...OK_RESULT },
  }));

  app.get("/shield/waf/enums", async () => ({
    data: [
      mapped("WafRuleActionType", WafRuleAction),
      mapped("WafRuleOperatorType", OperatorType),
      mapped("WAFExecutionMode", WafExecutionMode),
      mapped("WAFPayloadLimitAction", WafPayloadLimitAction),
    ],
  }));

  app.get("/shield/ddos/enums", async () => ({
    data: [
      mapped("DDoSShieldSensitivity", DDoSShieldSensitivity, [DDoSShieldSensitivity.Challenge]),
    ],
  }));
}
