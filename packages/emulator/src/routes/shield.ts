/**
 * Shield routes: rate-limit rules (GET/POST/PATCH/DELETE, list per zone), the shield zone of a
 * pull zone and the event logs of a shield zone (paged with an opaque continuation token).
 * The shield zone itself and its settings: `shield-zones.ts`, `shield-zone-features.ts`.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  createRateLimitRequestSchema,
  CreateRateLimitRequest,
  eventLogDatePattern,
  EventLogPage,
  GenericRequestResponse,
  INT32_MAX,
  RateLimitRule,
  RateLimitRuleConfiguration as RuleConfig,
  ShieldZoneByPullZone,
  shieldZoneByPullZoneParamsSchema,
  updateRateLimitRequestSchema,
  UpdateRateLimitRequest,
  isRetainedDay,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { sendError } from "../errors";
import { DAY_MS, eventLogEntry, utcDayStart } from "../generators";
import { BehaviourProfile, fillRuleDefaults } from "../profiles";
import { acceptedResult, int32Params, int64Params, OK_RESULT } from "./common";

export { listOk, zoneListPage, zoneNotFound } from "./zone-lists";
import { zoneListPage, zoneNotFound } from "./zone-lists";

const PULL_ZONE_NOT_FOUND_KEY = "not_found_or_unauthorised_access.pullzone";

const pullZoneNotFound = (id: number): GenericRequestResponse => ({
  statusCode: 404,
  success: false,
  message: `Pull zone ${id} was not found, has no shield zone, or you do not have access to it`,
  errorKey: PULL_ZONE_NOT_FOUND_KEY,
});

export const listQuerySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    page: { type: "integer", minimum: 1, maximum: INT32_MAX },
    perPage: { type: "integer", minimum: 1, maximum: 1000 },
  },
} as const;

const eventLogParamsSchema = {
  type: "object",
  required: ["shieldZoneId", "date"],
  properties: {
    shieldZoneId: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    date: { type: "string", pattern: eventLogDatePattern },
    continuationToken: { type: "string" },
  },
} as const;

/** Encodes an event-log page position as an opaque token. */
export function encodeEventLogToken(zone: number, day: number, page: number): string {
  return Buffer.from(JSON.stringify({ z: zone, d: day, p: page })).toString("base64url");
}

function decodeEventLogToken(token: string): { z: number; d: number; p: number } | undefined {
  try {
    const v = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    if ([v.z, v.d, v.p].every((x) => Number.isInteger(x)))
      return v as { z: number; d: number; p: number };
  } catch {
    // not a token of ours
  }
  return undefined;
}

/** Parses `MM-dd-yyyy` (already pattern-checked) to a UTC day number, or undefined if no such day. */
export function parseEventLogDate(s: string): number | undefined {
  const [mm, dd, yyyy] = s.split("-").map(Number);
  const ms = Date.UTC(yyyy, mm - 1, dd);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== yyyy || d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd)
    return undefined;
  return ms / DAY_MS;
}

/** A rule-shaped 200 body that carries a failure in `errorResponse` (the shield API's way). */
export function embeddedRuleFailure(errorResponse: GenericRequestResponse) {
  return {
    id: 0,
    shieldZoneId: 0,
    userId: null,
    ruleName: null,
    ruleDescription: null,
    ruleJson: null,
    ruleConfiguration: null,
    errorResponse,
  };
}

/** Registers the shield routes. */
export function registerShieldRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;
  type Req = { headers: Record<string, string | string[] | undefined> };
  /** Whether the request's key may see the shield zone (scoped keys see only theirs). */
  const sees = (req: Req, zoneId: number) => {
    const scope = scopeOf(ctx, req);
    return !scope || scope.shieldZones.includes(zoneId);
  };
  /** A zone the key cannot see exists as far as the key knows: the platform's wrong-scope answer. */
  const zoneKnown = (req: Req, zoneId: number) =>
    s().shieldZones.some((z) => z.id === zoneId) && sees(req, zoneId);
  /** Rule-shaped 200 answer to a rule in a zone the key cannot see. */
  const outOfScope = (rule: RateLimitRule) => embeddedRuleFailure(zoneNotFound(rule.shieldZoneId));
  const withOk = (r: RateLimitRule): RateLimitRule => ({ ...r, errorResponse: { ...OK_RESULT } });
  /** The answer to a missing rule, in the shape the profile says. */
  const notFound = (
    reply: FastifyReply,
    url: string,
    id: number,
    shape: "rule" | "generic" = "rule",
  ) => {
    const message = `Rate limit rule ${id} was not found`;
    if (ctx.profile.notFoundAnswer === "embedded-200") {
      const err: GenericRequestResponse = {
        statusCode: 404,
        success: false,
        message,
        errorKey: "not_found.ratelimit",
      };
      return reply.code(200).send(shape === "generic" ? err : embeddedRuleFailure(err));
    }
    return sendError(reply, pathOf(url), 404, message, {
      key: "not_found.ratelimit",
      shape: "A",
    });
  };
  /** The configuration a write stores: merged over `old` and/or defaults filled, per profile. */
  const storedConfig = (
    prof: BehaviourProfile,
    old: RuleConfig | undefined,
    sent: RuleConfig,
  ): RuleConfig => {
    const merged = prof.ruleConfigPatch === "merge" && old ? { ...old, ...sent } : sent;
    return prof.fillDefaults ? fillRuleDefaults(merged) : merged;
  };

  app.get<{ Params: { id: number } }>(
    "/shield/rate-limit/:id",
    { schema: { params: int64Params("id") } },
    async (req, reply) => {
      const rule = s().rateLimitRules.find((r) => r.id === req.params.id);
      if (!rule) return notFound(reply, req.url, req.params.id);
      if (!sees(req, rule.shieldZoneId)) return outOfScope(rule);
      return withOk(rule);
    },
  );

  app.post<{ Body: CreateRateLimitRequest }>(
    "/shield/rate-limit",
    { schema: { body: createRateLimitRequestSchema } },
    async (req, reply) => {
      const prof = ctx.profile;
      const b = req.body;
      const st = s();
      const ruleConfiguration = b.ruleConfiguration ?? {};
      if (!zoneKnown(req, b.shieldZoneId)) {
        return {
          id: 0,
          shieldZoneId: b.shieldZoneId,
          userId: null,
          ruleName: b.ruleName ?? null,
          ruleDescription: b.ruleDescription ?? null,
          ruleJson: null,
          ruleConfiguration,
          errorResponse: zoneNotFound(b.shieldZoneId),
        };
      }
      const id = st.nextIds.rateLimitRule++;
      const make = (): RateLimitRule => {
        const cfg = storedConfig(prof, undefined, ruleConfiguration);
        return {
          id,
          shieldZoneId: b.shieldZoneId,
          userId: "user-1",
          ruleName: b.ruleName ?? null,
          ruleDescription: b.ruleDescription ?? null,
          ruleJson: JSON.stringify(cfg),
          ruleConfiguration: cfg,
        };
      };
      if (prof.writeDelayMs > 0) {
        ctx.store.commit(); // the id is taken now
        ctx.pending.schedule(prof.writeDelayMs, () => {
          const cur = s();
          // The zone went away (or the id was taken by a state PUT) meanwhile: dropped.
          if (!cur.shieldZones.some((z) => z.id === b.shieldZoneId)) return;
          if (cur.rateLimitRules.some((r) => r.id === id)) return;
          cur.rateLimitRules.push(make());
          ctx.store.commit();
        });
        return reply
          .code(202)
          .send(acceptedResult(prof.acceptedNamesRule, `/shield/rate-limit/${id}`, id));
      }
      const rule = make();
      st.rateLimitRules.push(rule);
      ctx.store.commit();
      return withOk(rule);
    },
  );

  app.patch<{ Params: { id: number }; Body: UpdateRateLimitRequest }>(
    "/shield/rate-limit/:id",
    { schema: { params: int32Params("id"), body: updateRateLimitRequestSchema } },
    async (req, reply) => {
      const prof = ctx.profile;
      const id = req.params.id;
      const rule = s().rateLimitRules.find((r) => r.id === id);
      if (!rule) return notFound(reply, req.url, id);
      if (!sees(req, rule.shieldZoneId)) return outOfScope(rule);
      const b = req.body;
      const apply = (target: RateLimitRule) => {
        if (b.ruleName !== undefined) target.ruleName = b.ruleName;
        if (b.ruleDescription !== undefined) target.ruleDescription = b.ruleDescription;
        if (b.ruleConfiguration !== undefined) {
          // "replace" (default): replaced whole, never merged.
          const cfg = storedConfig(prof, target.ruleConfiguration, b.ruleConfiguration);
          target.ruleConfiguration = cfg;
          target.ruleJson = JSON.stringify(cfg);
        }
      };
      if (prof.writeDelayMs > 0) {
        ctx.pending.schedule(prof.writeDelayMs, () => {
          const cur = s().rateLimitRules.find((r) => r.id === id);
          if (!cur) return; // deleted meanwhile
          apply(cur);
          ctx.store.commit();
        });
        return reply
          .code(202)
          .send(acceptedResult(prof.acceptedNamesRule, `/shield/rate-limit/${id}`, id));
      }
      apply(rule);
      ctx.store.commit();
      return withOk(rule);
    },
  );

  app.delete<{ Params: { id: number } }>(
    "/shield/rate-limit/:id",
    { schema: { params: int32Params("id") } },
    async (req, reply) => {
      const st = s();
      const i = st.rateLimitRules.findIndex((r) => r.id === req.params.id);
      if (i === -1) return notFound(reply, req.url, req.params.id, "generic");
      if (!sees(req, st.rateLimitRules[i].shieldZoneId)) return outOfScope(st.rateLimitRules[i]);
      st.rateLimitRules.splice(i, 1);
      ctx.store.commit();
      const res: GenericRequestResponse = {
        statusCode: 200,
        success: true,
        message: `Rate limit rule ${req.params.id} deleted`,
        errorKey: null,
      };
      return res;
    },
  );

  app.get<{ Params: { shieldZoneId: number }; Querystring: { page?: number; perPage?: number } }>(
    "/shield/rate-limits/:shieldZoneId",
    { schema: { params: int64Params("shieldZoneId"), querystring: listQuerySchema } },
    async (req) => {
      const zoneId = req.params.shieldZoneId;
      const page = req.query.page ?? 1;
      const pageSize = req.query.perPage ?? 10;
      return zoneListPage(
        zoneId,
        zoneKnown(req, zoneId),
        () => s().rateLimitRules.filter((r) => r.shieldZoneId === zoneId),
        page,
        pageSize,
      );
    },
  );

  // The shield zone of a pull zone: `{data}` (the published `GetShieldZoneResponse`, no `error`
  // member), or 200 `{data: null, error}` for a pull zone without one (the platform's answer;
  // the published document declares none).
  app.get<{ Params: { pullZoneId: number } }>(
    "/shield/shield-zone/get-by-pullzone/:pullZoneId",
    { schema: { params: shieldZoneByPullZoneParamsSchema } },
    async (req) => {
      const pullZoneId = req.params.pullZoneId;
      const z = s().shieldZones.find((x) => x.pullZoneId === pullZoneId);
      if (!z || !sees(req, z.id)) return { data: null, error: pullZoneNotFound(pullZoneId) };
      const data: ShieldZoneByPullZone = {
        shieldZoneId: z.id,
        pullZoneId,
        planType: z.planType ?? 0,
        rateLimitRulesLimit: z.rateLimitRulesLimit ?? 10,
        customWafRulesLimit: z.customWafRulesLimit ?? 10,
        wafEnabled: z.wafEnabled ?? true,
      };
      return { data };
    },
  );

  const eventLogs = async (
    req: {
      url: string;
      headers: Req["headers"];
      params: { shieldZoneId: number; date: string; continuationToken?: string };
    },
    reply: FastifyReply,
  ) => {
    const path = pathOf(req.url);
    const { shieldZoneId, date } = req.params;
    const token = req.params.continuationToken ?? "";
    const day = parseEventLogDate(date);
    if (day === undefined) {
      return sendError(reply, path, 400, `date ${date} is not a valid MM-dd-yyyy date`, {
        fieldErrors: [{ field: "date", message: "must be a calendar date formatted MM-dd-yyyy" }],
      });
    }
    if (!isRetainedDay(day * DAY_MS, ctx.now())) {
      return sendError(
        reply,
        path,
        400,
        "Event logs can only be read for today and the two previous days (UTC)",
        {
          key: "invalid_datetime_window.event_logs",
          fieldErrors: [
            { field: "date", message: "must be today or one of the two previous days (UTC)" },
          ],
        },
      );
    }
    if (!zoneKnown(req, shieldZoneId)) {
      const page: EventLogPage = {
        logs: [],
        hasMoreData: false,
        continuationToken: "",
        startToken: token,
        errorResponse: zoneNotFound(shieldZoneId),
      };
      return page;
    }
    const cfg = s().eventLogs.find((e) => e.shieldZoneId === shieldZoneId) ?? {
      shieldZoneId,
      pagesPerDay: 0,
      logsPerPage: 0,
    };
    let pageIndex = 0;
    if (token !== "") {
      const t = decodeEventLogToken(token);
      if (!t || t.z !== shieldZoneId || t.d !== day || t.p < 1 || t.p >= cfg.pagesPerDay) {
        return sendError(
          reply,
          path,
          400,
          "continuationToken is not valid for this zone and date",
          {
            key: "invalid_continuation_token",
            fieldErrors: [{ field: "continuationToken", message: "unknown or expired token" }],
          },
        );
      }
      pageIndex = t.p;
    }
    const totalLogs = cfg.pagesPerDay * cfg.logsPerPage;
    const dayStart = day * DAY_MS;
    const today = utcDayStart(ctx.now()) / DAY_MS;
    const span = day === today ? Math.max(1, Math.min(DAY_MS, ctx.now() - dayStart)) : DAY_MS;
    const logs =
      cfg.pagesPerDay > 0
        ? Array.from({ length: cfg.logsPerPage }, (_, i) =>
            eventLogEntry(shieldZoneId, day, pageIndex, i, cfg.logsPerPage, totalLogs, span),
          )
        : [];
    const hasMoreData = pageIndex + 1 < cfg.pagesPerDay;
    const page: EventLogPage = {
      logs,
      hasMoreData,
      continuationToken: hasMoreData ? encodeEventLogToken(shieldZoneId, day, pageIndex + 1) : "",
      startToken: token,
      errorResponse: { ...OK_RESULT },
    };
    return page;
  };

  type ELParams = { shieldZoneId: number; date: string; continuationToken?: string };
  app.get<{ Params: ELParams }>(
    "/shield/event-logs/:shieldZoneId/:date",
    { schema: { params: eventLogParamsSchema } },
    eventLogs,
  );
  app.get<{ Params: ELParams }>(
    "/shield/event-logs/:shieldZoneId/:date/:continuationToken",
    { schema: { params: eventLogParamsSchema } },
    eventLogs,
  );
}
