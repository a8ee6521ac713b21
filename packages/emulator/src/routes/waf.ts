/**
 * Shield custom WAF rules (`spec/shield.md`): GET/POST/PATCH/PUT/DELETE one rule and the
 * paged list of a zone, declared as a collection table (`shield-rule-kinds.ts`). Bodies are
 * validated with the client package's schemas; a create in a zone at its
 * `customWafRulesLimit` is refused with an error naming the limit and the plan. Behaviour
 * profiles apply as for rate-limit rules (replace vs merge, defaults, 202, not-found), and a
 * DELETE is accepted (202) too.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { registerCollection } from "./collection";
import { wafRuleKind } from "./shield-rule-kinds";
import { shieldRuleTable } from "./shield-rules";

export { WAF_LIMIT_KEY } from "./shield-rule-kinds";

/** Registers the custom WAF rule routes. */
export function registerWafRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  registerCollection(app, ctx, shieldRuleTable(ctx, wafRuleKind(ctx)));
}
