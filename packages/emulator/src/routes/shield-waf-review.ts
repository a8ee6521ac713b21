/**
 * Review of the managed WAF rules that triggered in a zone (the published "Bunny Shield API"
 * v1, 2026-07-31): the rules of the zone's generated event logs (the past three days) not yet
 * reviewed, with their top URLs and events; a review (`Ignore`, `LogOnly` → the zone's
 * `wafLogOnlyRules`, `DisableRule` → its `wafDisabledRules`, read back by the zone's reads);
 * and a recommendation for one rule.
 */
import type { FastifyInstance } from "fastify";
import {
  reviewTriggeredRuleRequestSchema,
  type EventLogEntry,
  type ReviewTriggeredRuleRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { MANAGED_WAF_RULESETS, MANAGED_WAF_RULE_IDS } from "../fixtures-shield";
import { DAY_MS, eventLogEntry, utcDayStart } from "../generators";
import { int64Params, OK_RESULT } from "./common";
import { pathParams } from "./collection-params";
import { dataError, zoneAccess, zoneMissing } from "./shield-access";
import { entryOf, memoryOf } from "./shield-operations-state";

/** What each managed rule detects (its description in the catalogue). */
const DESCRIPTIONS = new Map(
  MANAGED_WAF_RULESETS.flatMap((s) =>
    s.ruleGroups.flatMap((g) => g.rules.map((r) => [r.ruleId, r.description ?? null] as const)),
  ),
);

/** Most events listed per triggered rule. */
const LOGS_PER_RULE = 5;

/** Registers the triggered-rule review routes. */
export function registerShieldWafReviewRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zoneFor } = zoneAccess(ctx);
  const base = "/shield/waf/rules/review-triggered";

  /** The zone's events of today and the two previous days whose rule is a managed one. */
  const managedEvents = (zoneId: number): EventLogEntry[] => {
    const cfg = ctx.store.state.eventLogs.find((x) => x.shieldZoneId === zoneId);
    if (!cfg || cfg.pagesPerDay <= 0) return [];
    const now = ctx.now();
    const today = utcDayStart(now) / DAY_MS;
    const total = cfg.pagesPerDay * cfg.logsPerPage;
    const out: EventLogEntry[] = [];
    for (let day = today - 2; day <= today; day++) {
      const span = day === today ? Math.max(1, Math.min(DAY_MS, now - day * DAY_MS)) : DAY_MS;
      for (let p = 0; p < cfg.pagesPerDay; p++)
        for (let i = 0; i < cfg.logsPerPage; i++) {
          const e = eventLogEntry(zoneId, day, p, i, cfg.logsPerPage, total, span);
          if (MANAGED_WAF_RULE_IDS.has(e.labels.ruleId)) out.push(e);
        }
    }
    return out;
  };

  app.get<{ Params: { shieldZoneId: number } }>(
    `${base}/:shieldZoneId`,
    { schema: { params: int64Params("shieldZoneId") } },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const reviewed = memoryOf(ctx.store.state).reviewed.get(z.id) ?? new Set<string>();
      const byRule = new Map<string, EventLogEntry[]>();
      for (const e of managedEvents(z.id)) {
        if (reviewed.has(e.labels.ruleId)) continue;
        entryOf(byRule, e.labels.ruleId, () => []).push(e);
      }
      const triggeredRules = [...byRule.entries()]
        .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
        .map(([ruleId, logs]) => {
          const urls: Record<string, number> = {};
          for (const e of logs) {
            const url = e.log.split(" ").pop() ?? "";
            urls[url] = (urls[url] ?? 0) + 1;
          }
          return {
            ruleId,
            ruleDescription: DESCRIPTIONS.get(ruleId) ?? null,
            topTargetedUrls: urls,
            totalTriggeredRequests: logs.length,
            ruleLogs: logs.slice(-LOGS_PER_RULE),
          };
        });
      return {
        errorResponse: { ...OK_RESULT },
        triggeredRules,
        totalTriggeredRules: triggeredRules.length,
      };
    },
  );

  app.post<{ Params: { shieldZoneId: number }; Body: ReviewTriggeredRuleRequest }>(
    `${base}/:shieldZoneId`,
    { schema: { params: int64Params("shieldZoneId"), body: reviewTriggeredRuleRequestSchema } },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const { ruleId, action } = req.body;
      if (!MANAGED_WAF_RULE_IDS.has(ruleId))
        return dataError(
          reply,
          400,
          "invalid_waf_rule",
          `ruleId: unknown managed WAF rule ${JSON.stringify(ruleId)}; see GET /shield/waf/rules/${z.id}`,
        );
      const settings = z.settings!;
      const add = (list: string[] | null | undefined) =>
        list?.includes(ruleId) ? list : [...(list ?? []), ruleId];
      if (action === 1) settings.wafLogOnlyRules = add(settings.wafLogOnlyRules);
      if (action === 2) settings.wafDisabledRules = add(settings.wafDisabledRules);
      entryOf(memoryOf(ctx.store.state).reviewed, z.id, () => new Set<string>()).add(ruleId);
      ctx.store.commit();
      return { errorResponse: { ...OK_RESULT }, success: true };
    },
  );

  app.get<{ Params: { shieldZoneId: number; ruleId: string } }>(
    `${base}/ai-recommendation/:shieldZoneId/:ruleId`,
    {
      schema: {
        params: pathParams({ shieldZoneId: "int64", ruleId: { type: "string", minLength: 1 } }),
      },
    },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const { ruleId } = req.params;
      if (!MANAGED_WAF_RULE_IDS.has(ruleId))
        return {
          shieldZoneId: z.id,
          ruleId,
          success: false,
          recommendation: null,
          errorResponse: {
            statusCode: 404,
            success: false,
            message: `ruleId: unknown managed WAF rule ${JSON.stringify(ruleId)}`,
            errorKey: "not_found.waf_rule",
          },
        };
      const hits = managedEvents(z.id).filter((e) => e.labels.ruleId === ruleId).length;
      const recommendation =
        hits === 0
          ? `Rule ${ruleId} did not trigger in the last three days: no change needed.`
          : `Rule ${ruleId} (${DESCRIPTIONS.get(ruleId) ?? "managed rule"}) triggered ${hits} times; ` +
            "if these requests are legitimate, set it to log only (ReviewActionType LogOnly) " +
            "rather than disabling it.";
      return {
        shieldZoneId: z.id,
        ruleId,
        success: true,
        recommendation,
        errorResponse: { ...OK_RESULT },
      };
    },
  );
}
