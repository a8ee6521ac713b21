/**
 * The two kinds of shield rule as tables for `shieldRuleTable`: rate-limit rules
 * (`/shield/rate-limit`) and custom WAF rules (`/shield/waf/custom-rule`, with a per-plan
 * limit and a 202 DELETE under the write delay).
 */
import type { FastifyReply } from "fastify";
import {
  createCustomWafRuleRequestSchema,
  createRateLimitRequestSchema,
  RateLimitRuleConfiguration,
  updateCustomWafRuleRequestSchema,
  updateRateLimitRequestSchema,
  WafRuleConfiguration,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { RULE_CONFIG_DEFAULTS, storedRuleConfig, WAF_RULE_CONFIG_DEFAULTS } from "../profiles";
import type { ShieldZoneState } from "../state";
import { int32Params } from "./common";
import { planName, zonePlan } from "./shield-access";
import { embeddedRuleFailure, type RuleKind } from "./shield-rules";

/** Error key of a custom WAF rule's create beyond the zone's plan limit. */
export const WAF_LIMIT_KEY = "limit_reached.custom_waf_rule";

/** Rate-limit rules. */
export function rateLimitRuleKind(ctx: EmulatorContext): RuleKind<RateLimitRuleConfiguration> {
  const s = () => ctx.store.state;
  return {
    noun: "Rate limit rule",
    notFoundKey: "not_found.ratelimit",
    path: "/shield/rate-limit",
    listPath: "/shield/rate-limits",
    rules: () => s().rateLimitRules,
    nextId: () => s().nextIds.rateLimitRule++,
    createBody: createRateLimitRequestSchema,
    updateBody: updateRateLimitRequestSchema,
    updateMethods: ["PATCH"],
    itemParams: int32Params("id"),
    // "replace" (default): a sent configuration replaces the stored one whole; the profile as
    // it was when the write came.
    stored: (profile, old, sent) => storedRuleConfig(profile, old, sent, RULE_CONFIG_DEFAULTS),
    // The published API has no 202 for a rate-limit rule's DELETE: applied at once.
    deleteAccepted: false,
  };
}

/** Custom WAF rules. */
export function wafRuleKind(ctx: EmulatorContext): RuleKind<WafRuleConfiguration> {
  const s = () => ctx.store.state;
  /** A create in a zone at its `customWafRulesLimit`: refused, naming the limit and the plan. */
  const refuse = (reply: FastifyReply, zone: ShieldZoneState) => {
    const plan = zonePlan(zone);
    const used = s().wafRules.filter((r) => r.shieldZoneId === zone.id).length;
    if (used < plan.customWafRulesLimit) return undefined;
    return reply.code(400).send({
      ...embeddedRuleFailure({
        statusCode: 400,
        success: false,
        message:
          `Unable to create waf rule: shield zone ${zone.id} already has ${used} custom WAF ` +
          `rules, the limit of its ${planName(plan.planType)} plan ` +
          `(customWafRulesLimit ${plan.customWafRulesLimit}); delete a rule or upgrade the plan`,
        errorKey: WAF_LIMIT_KEY,
      }),
      shieldZoneId: zone.id,
    });
  };
  return {
    noun: "Custom WAF rule",
    notFoundKey: "not_found.waf_rule",
    path: "/shield/waf/custom-rule",
    listPath: "/shield/waf/custom-rules",
    rules: () => s().wafRules,
    nextId: () => s().nextIds.wafRule++,
    createBody: createCustomWafRuleRequestSchema,
    updateBody: updateCustomWafRuleRequestSchema,
    updateMethods: ["PATCH", "PUT"],
    // The profile as it is when the write is applied (a delayed one: then).
    stored: (_atRequest, old, sent) =>
      storedRuleConfig(ctx.profile, old, sent, WAF_RULE_CONFIG_DEFAULTS),
    refuse,
    deleteAccepted: (id) => `Custom WAF rule ${id} deletion accepted`,
  };
}
