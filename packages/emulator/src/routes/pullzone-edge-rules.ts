/**
 * Edge rules of a pull zone (published core API): written by guid (POST
 * `…/edgerules/addOrUpdate`: the rule its `Guid` names is rewritten in its place, a rule
 * without a known guid is added, with a new guid unless it brought one, and with the next
 * order index unless it gave one), switched (`…/setEdgeRuleEnabled`) and deleted. Each write
 * is a zone rewrite (`rewrite` in pullzone-parts.ts: lost updates under the `lost-updates`
 * profile). The rules are read with their zone; the write answers 201 with the rule, or
 * without a body (`edgeRuleAddAnswer: "empty"`).
 */
import { randomUUID } from "crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { PULL_ZONE_SHAPES } from "../pullzone-document";
import { edgeRuleFailures } from "../pullzone-validation";
import type { EdgeRuleRecord, Json } from "../state-pullzone";
import { int64Params } from "./common";
import { copy, pullZoneParts, zoneRoute } from "./pullzone-parts";

type RuleParams = { pullZoneId: number; edgeRuleId: string };

/** Path parameters of a rule: the zone's int64 id and the rule's guid. */
const ruleParams = {
  type: "object",
  required: ["pullZoneId", "edgeRuleId"],
  properties: {
    pullZoneId: int64Params("pullZoneId").properties.pullZoneId,
    edgeRuleId: { type: "string", minLength: 1 },
  },
} as const;

/** The fields of a rule a write sets (null and absent leave a field of an existing rule). */
const RULE_FIELDS = Object.keys(
  (PULL_ZONE_SHAPES.EdgeRuleV2Model.properties ?? {}) as Record<string, unknown>,
);

/** A new rule's fields before the write's (the document's fields, empty). */
const NEW_RULE: Json = {
  ActionParameter1: null,
  ActionParameter2: null,
  ActionParameter3: null,
  Triggers: [],
  ExtraActions: [],
  TriggerMatchingType: 0,
  Description: null,
  Enabled: true,
  ReadOnly: false,
};

/** Registers the edge-rule routes. */
export function registerPullZoneEdgeRuleRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { invalid, withZone, rewrite, missing } = pullZoneParts(ctx);

  app.post<{ Params: { pullZoneId: number }; Body: Json }>(
    "/pullzone/:pullZoneId/edgerules/addOrUpdate",
    zoneRoute("EdgeRuleV2Model", "pullZoneId"),
    withZone(async (z, req, reply) => {
      const b = req.body;
      const guid = typeof b.Guid === "string" ? b.Guid.toLowerCase() : undefined;
      const isNew = !z.model.EdgeRules.some((r) => r.Guid.toLowerCase() === guid);
      const failures = edgeRuleFailures(b, isNew);
      if (failures.length) return invalid(reply, req.url, failures);
      const written = await rewrite(z.id, (record) => {
        const at = record.EdgeRules.findIndex((r) => r.Guid.toLowerCase() === guid);
        const old: Json =
          at >= 0
            ? record.EdgeRules[at]
            : {
                ...NEW_RULE,
                Guid: guid ?? randomUUID(),
                OrderIndex: record.EdgeRules.reduce((m, r) => Math.max(m, r.OrderIndex + 1), 1),
              };
        const rule = { ...old } as EdgeRuleRecord;
        for (const k of RULE_FIELDS)
          if (k !== "Guid" && b[k] !== undefined && b[k] !== null) rule[k] = copy(b[k]);
        if (at >= 0) record.EdgeRules[at] = rule;
        else record.EdgeRules.push(rule);
        return rule;
      });
      if (!written) return missing(reply, req.url, z.id);
      // The document declares no body: the profile says whether the rule comes back.
      if (ctx.profile.edgeRuleAddAnswer === "empty") return reply.code(201).send();
      return reply.code(201).send(written.result);
    }, "pullZoneId"),
  );

  /** A handler of one rule: 404 when the zone or the rule is not there. */
  const onRule = (change: (rules: EdgeRuleRecord[], at: number, body: Json) => void) =>
    withZone<FastifyRequest<{ Params: RuleParams; Body: Json }>>(async (z, req, reply) => {
      const guid = req.params.edgeRuleId.toLowerCase();
      const found = (rules: EdgeRuleRecord[]) =>
        rules.findIndex((r) => r.Guid.toLowerCase() === guid);
      if (found(z.model.EdgeRules) < 0)
        return sendError(reply, pathOf(req.url), 404, `edge rule ${guid} not found`, {
          key: "not_found.edgerule",
        });
      const written = await rewrite(z.id, (record) => {
        const at = found(record.EdgeRules);
        if (at >= 0) change(record.EdgeRules, at, req.body ?? {});
      });
      if (!written) return missing(reply, req.url, z.id);
      return reply.code(204).send();
    }, "pullZoneId");

  app.delete<{ Params: RuleParams; Body: Json }>(
    "/pullzone/:pullZoneId/edgerules/:edgeRuleId",
    { schema: { params: ruleParams } },
    onRule((rules, at) => void rules.splice(at, 1)),
  );

  app.post<{ Params: RuleParams; Body: Json }>(
    "/pullzone/:pullZoneId/edgerules/:edgeRuleId/setEdgeRuleEnabled",
    { schema: { params: ruleParams, body: PULL_ZONE_SHAPES.ToggleRequestModel } },
    async (req, reply) => {
      if (typeof req.body.Value !== "boolean")
        return invalid(reply, req.url, [{ field: "Value", message: "must be true or false" }]);
      return onRule((rules, at, body) => {
        rules[at] = { ...rules[at], Enabled: body.Value as boolean };
      })(req, reply);
    },
  );
}
