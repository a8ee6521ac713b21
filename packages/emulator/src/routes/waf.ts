/**
 * Shield custom WAF rules (`spec/shield.md`): GET/POST/PATCH/PUT/DELETE one rule and the
 * paged list of a zone. Bodies are validated with the client package's schemas; a create in
 * a zone at its `customWafRulesLimit` is refused with an error naming the limit and the plan.
 * Behaviour profiles apply as for rate-limit rules (replace vs merge, defaults, 202, not-found).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  CreateCustomWafRuleRequest,
  createCustomWafRuleRequestSchema,
  CustomWafRule,
  GenericRequestResponse,
  UpdateCustomWafRuleRequest,
  updateCustomWafRuleRequestSchema,
  WafRuleConfiguration,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { fillRuleDefaults, WAF_RULE_CONFIG_DEFAULTS } from "../profiles";
import { acceptedResult, deleteAccepted, int64Params, OK_RESULT } from "./common";
import { embeddedRuleFailure, listQuerySchema, zoneListPage, zoneNotFound } from "./shield";
import { planName, zoneAccess, zonePlan } from "./shield-access";

const NOT_FOUND_KEY = "not_found.waf_rule";
/** Error key of a create beyond the zone's plan limit. */
export const WAF_LIMIT_KEY = "limit_reached.custom_waf_rule";

/** Registers the custom WAF rule routes. */
export function registerWafRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;
  const { sees, zoneFor } = zoneAccess(ctx);
  const withOk = (r: CustomWafRule): CustomWafRule => ({ ...r, errorResponse: { ...OK_RESULT } });
  const outOfScope = (r: CustomWafRule) => embeddedRuleFailure(zoneNotFound(r.shieldZoneId));
  const notFound = (reply: FastifyReply, url: string, id: number, generic = false) => {
    const message = `Custom WAF rule ${id} was not found`;
    if (ctx.profile.notFoundAnswer === "embedded-200") {
      const err: GenericRequestResponse = {
        statusCode: 404,
        success: false,
        message,
        errorKey: NOT_FOUND_KEY,
      };
      return reply.code(200).send(generic ? err : embeddedRuleFailure(err));
    }
    return sendError(reply, pathOf(url), 404, message, { key: NOT_FOUND_KEY, shape: "A" });
  };
  /** The configuration a write stores: merged over `old` and/or defaults filled, per profile. */
  const stored = (old: WafRuleConfiguration | null | undefined, sent: WafRuleConfiguration) => {
    const p = ctx.profile;
    const merged = p.ruleConfigPatch === "merge" && old ? { ...old, ...sent } : sent;
    return p.fillDefaults ? fillRuleDefaults(merged, WAF_RULE_CONFIG_DEFAULTS) : merged;
  };

  app.get<{ Params: { id: number } }>(
    "/shield/waf/custom-rule/:id",
    { schema: { params: int64Params("id") } },
    async (req, reply) => {
      const rule = s().wafRules.find((r) => r.id === req.params.id);
      if (!rule) return notFound(reply, req.url, req.params.id);
      if (!sees(req, rule.shieldZoneId)) return outOfScope(rule);
      return withOk(rule);
    },
  );

  app.post<{ Body: CreateCustomWafRuleRequest }>(
    "/shield/waf/custom-rule",
    { schema: { body: createCustomWafRuleRequestSchema } },
    async (req, reply) => {
      const b = req.body;
      const st = s();
      const cfgSent = b.ruleConfiguration ?? {};
      const zone = zoneFor(req, b.shieldZoneId);
      if (!zone) {
        return {
          ...embeddedRuleFailure(zoneNotFound(b.shieldZoneId)),
          shieldZoneId: b.shieldZoneId,
          ruleName: b.ruleName ?? null,
          ruleDescription: b.ruleDescription ?? null,
          ruleConfiguration: cfgSent,
        };
      }
      const plan = zonePlan(zone);
      const used = st.wafRules.filter((r) => r.shieldZoneId === zone.id).length;
      if (used >= plan.customWafRulesLimit) {
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
      }
      const id = st.nextIds.wafRule++;
      const make = (): CustomWafRule => {
        const cfg = stored(undefined, cfgSent);
        return {
          id,
          shieldZoneId: zone.id,
          userId: "user-1",
          ruleName: b.ruleName ?? null,
          ruleDescription: b.ruleDescription ?? null,
          ruleJson: JSON.stringify(cfg),
          ruleConfiguration: cfg,
        };
      };
      if (ctx.profile.writeDelayMs > 0) {
        ctx.store.commit(); // the id is taken now
        ctx.pending.schedule(ctx.profile.writeDelayMs, () => {
          const cur = s();
          if (!cur.shieldZones.some((z) => z.id === zone.id)) return;
          if (cur.wafRules.some((r) => r.id === id)) return;
          cur.wafRules.push(make());
          ctx.store.commit();
        });
        return reply
          .code(202)
          .send(acceptedResult(ctx.profile.acceptedNamesRule, `/shield/waf/custom-rule/${id}`, id));
      }
      const rule = make();
      st.wafRules.push(rule);
      ctx.store.commit();
      return withOk(rule);
    },
  );

  const update = async (
    req: {
      url: string;
      headers: Record<string, string | string[] | undefined>;
      params: { id: number };
      body: UpdateCustomWafRuleRequest;
    },
    reply: FastifyReply,
  ) => {
    const id = req.params.id;
    const rule = s().wafRules.find((r) => r.id === id);
    if (!rule) return notFound(reply, req.url, id);
    if (!sees(req, rule.shieldZoneId)) return outOfScope(rule);
    const b = req.body;
    const apply = (target: CustomWafRule) => {
      if (b.ruleName !== undefined) target.ruleName = b.ruleName;
      if (b.ruleDescription !== undefined) target.ruleDescription = b.ruleDescription;
      if (b.ruleConfiguration !== undefined) {
        const cfg = stored(target.ruleConfiguration, b.ruleConfiguration);
        target.ruleConfiguration = cfg;
        target.ruleJson = JSON.stringify(cfg);
      }
    };
    if (ctx.profile.writeDelayMs > 0) {
      ctx.pending.schedule(ctx.profile.writeDelayMs, () => {
        const cur = s().wafRules.find((r) => r.id === id);
        if (!cur) return; // deleted meanwhile
        apply(cur);
        ctx.store.commit();
      });
      return reply
        .code(202)
        .send(acceptedResult(ctx.profile.acceptedNamesRule, `/shield/waf/custom-rule/${id}`, id));
    }
    apply(rule);
    ctx.store.commit();
    return withOk(rule);
  };
  type UpdateRoute = { Params: { id: number }; Body: UpdateCustomWafRuleRequest };
  const updateSchema = {
    schema: { params: int64Params("id"), body: updateCustomWafRuleRequestSchema },
  };
  app.patch<UpdateRoute>("/shield/waf/custom-rule/:id", updateSchema, update);
  app.put<UpdateRoute>("/shield/waf/custom-rule/:id", updateSchema, update);

  app.delete<{ Params: { id: number } }>(
    "/shield/waf/custom-rule/:id",
    { schema: { params: int64Params("id") } },
    async (req, reply) => {
      const st = s();
      const i = st.wafRules.findIndex((r) => r.id === req.params.id);
      if (i === -1) return notFound(reply, req.url, req.params.id, true);
      if (!sees(req, st.wafRules[i].shieldZoneId)) return outOfScope(st.wafRules[i]);
      const id = req.params.id;
      if (ctx.profile.writeDelayMs > 0) {
        // Accepted (the published 202): the rule is still read and listed until applied.
        ctx.pending.schedule(ctx.profile.writeDelayMs, () => {
          const cur = s();
          const at = cur.wafRules.findIndex((r) => r.id === id);
          if (at === -1) return; // deleted meanwhile
          cur.wafRules.splice(at, 1);
          ctx.store.commit();
        });
        return reply.code(202).send(deleteAccepted(`Custom WAF rule ${id} deletion accepted`));
      }
      st.wafRules.splice(i, 1);
      ctx.store.commit();
      const res: GenericRequestResponse = {
        statusCode: 200,
        success: true,
        message: `Custom WAF rule ${req.params.id} deleted`,
        errorKey: null,
      };
      return res;
    },
  );

  app.get<{ Params: { shieldZoneId: number }; Querystring: { page?: number; perPage?: number } }>(
    "/shield/waf/custom-rules/:shieldZoneId",
    { schema: { params: int64Params("shieldZoneId"), querystring: listQuerySchema } },
    async (req) => {
      const zoneId = req.params.shieldZoneId;
      const page = req.query.page ?? 1;
      const pageSize = req.query.perPage ?? 10;
      return zoneListPage(
        zoneId,
        !!zoneFor(req, zoneId),
        () => s().wafRules.filter((r) => r.shieldZoneId === zoneId),
        page,
        pageSize,
      );
    },
  );
}
