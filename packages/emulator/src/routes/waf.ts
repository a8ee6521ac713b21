/**
 * Shield custom WAF rules (`spec/shield.md`): GET/POST/PATCH/PUT/DELETE one rule and the
 * paged list of a zone. Bodies are validated with the client package's schemas; a create in
 * a zone at its `customWafRulesLimit` is refused with an error naming the limit and the plan.
 * Behaviour profiles apply as for rate-limit rules (replace vs merge, defaults, 202, not-found),
 * and a DELETE is accepted (202) too.
 */
import type { FastifyInstance } from "fastify";
import {
  createCustomWafRuleRequestSchema,
  updateCustomWafRuleRequestSchema,
  WafRuleConfiguration,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { storedRuleConfig, WAF_RULE_CONFIG_DEFAULTS } from "../profiles";
import { registerCollection } from "./collection";
import { planName, zonePlan } from "./shield-access";
import { embeddedRuleFailure, shieldRuleTable } from "./shield-rules";

/** Error key of a create beyond the zone's plan limit. */
export const WAF_LIMIT_KEY = "limit_reached.custom_waf_rule";

/** Registers the custom WAF rule routes. */
export function registerWafRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;
  const table = shieldRuleTable<WafRuleConfiguration>(ctx, {
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
    refuse: (reply, zone) => {
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
    },
    deleteAccepted: (id) => `Custom WAF rule ${id} deletion accepted`,
  });
  registerCollection(app, ctx, table);
}
