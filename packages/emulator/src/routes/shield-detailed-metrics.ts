/**
 * Shield's detailed metrics (the published "Bunny Shield API" v1, 2026-07-31): the detailed
 * overview over a range, a month's overages, one rate-limit rule's and one managed WAF rule's
 * metrics, and the metrics of bot detection, upload scanning and API guardian (a zone's or
 * one endpoint's). The figures are generated: deterministic for the zone (rule, endpoint) and
 * the emulator's clock; each total is the sum of its days (or buckets).
 */
import type { FastifyInstance } from "fastify";
import { INT32_MAX, MetricsOverviewResolution } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MANAGED_WAF_RULE_IDS } from "../fixtures-shield";
import { DAY_MS, HOUR_MS, hashInts, utcDayStart } from "../generators";
import { int32Params, OK_RESULT } from "./common";
import { pathParams } from "./collection-params";
import { dataError, zoneAccess, zoneMissing, zonePlan } from "./shield-access";
import { parseApiDocument } from "./shield-zone-features";

const DAYS = 28;

/** Counter `name` of bucket `t` for (seed, feature): a hash below `scale`. */
const value = (seed: number, feature: number, k: number, t: number, scale: number) =>
  (hashInts(seed, feature, k, Math.floor(t / 60_000)) >>> 0) % scale;

/** The past 28 UTC days, oldest first, as epoch ms. */
const pastDays = (now: number) => {
  const today = utcDayStart(now);
  return Array.from({ length: DAYS }, (_, i) => today - (DAYS - 1 - i) * DAY_MS);
};

/** `{totals..., overviewPastTwentyEightDays}` of one feature. */
function daily(
  seed: number,
  feature: number,
  names: readonly string[],
  scale: number,
  now: number,
): { totals: Record<string, number>; byDay: Record<string, Record<string, number>> } {
  const totals = Object.fromEntries(names.map((n) => [n, 0]));
  const byDay: Record<string, Record<string, number>> = {};
  for (const day of pastDays(now)) {
    const c = Object.fromEntries(names.map((n, k) => [n, value(seed, feature, k, day, scale)]));
    for (const n of names) totals[n] += c[n];
    byDay[new Date(day).toISOString()] = c;
  }
  return { totals, byDay };
}

/** `total` + the name with its first letter upper-cased (`loggedRequests` → `totalLoggedRequests`). */
const totalName = (n: string) => `total${n[0].toUpperCase()}${n.slice(1)}`;

const FEATURES: Record<string, readonly string[]> = {
  waf: ["totalTriggeredRules", "blockedRequests", "loggedRequests", "challengedRequests"],
  ddos: ["loggedRequests", "verifiedRequests", "blockedRequests", "challengedRequests"],
  rateLimit: ["totalBreaches", "loggedBreaches", "challengedBreaches", "blockedBreaches"],
  accessLists: ["allowedRequests", "blockedRequests", "challengedRequests", "loggedRequests"],
  botDetection: ["loggedRequests", "challengedRequests"],
  uploadScanning: ["loggedRequests", "blockedRequests", "filesScanned"],
  apiGuardian: [
    "blockedRequests",
    "loggedRequests",
    "rateLimited",
    "requestsInspected",
    "failedRequestValidation",
    "failedAuthenticationEnforcement",
  ],
};
const GUARDIAN = FEATURES.apiGuardian;

/** Bucket width of each resolution (Auto: hourly up to 2 days, else daily). */
const WIDTH: Record<number, number> = {
  1: 2 * 60_000,
  2: 10 * 60_000,
  3: HOUR_MS,
  4: DAY_MS,
  5: 7 * DAY_MS,
  6: 30 * DAY_MS,
};
/** Most buckets a detailed overview answers. */
const MAX_BUCKETS = 2000;

type Zoned = { Params: { shieldZoneId: number } };

/** Registers the detailed metrics routes. */
export function registerShieldDetailedMetricsRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
): void {
  const { zoneFor } = zoneAccess(ctx);
  const zoned = { schema: { params: int32Params("shieldZoneId") } };
  const ok = () => ({ ...OK_RESULT });
  const bad = (url: string, reply: Parameters<typeof sendError>[0], field: string, msg: string) =>
    sendError(reply, pathOf(url), 400, `${field}: ${msg}`, {
      key: "validation_error",
      fieldErrors: [{ field, message: msg }],
    });

  app.get<Zoned & { Querystring: { StartDate?: string; EndDate?: string; Resolution?: number } }>(
    "/shield/metrics/overview/:shieldZoneId/detailed",
    {
      schema: {
        params: int32Params("shieldZoneId"),
        querystring: {
          type: "object",
          properties: {
            StartDate: { type: "string" },
            EndDate: { type: "string" },
            Resolution: { type: "integer", enum: Object.values(MetricsOverviewResolution) },
          },
        },
      },
    },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const now = ctx.now();
      const end = req.query.EndDate === undefined ? now : Date.parse(req.query.EndDate);
      const start =
        req.query.StartDate === undefined ? end - 7 * DAY_MS : Date.parse(req.query.StartDate);
      if (Number.isNaN(start)) return bad(req.url, reply, "StartDate", "not an ISO 8601 date-time");
      if (Number.isNaN(end)) return bad(req.url, reply, "EndDate", "not an ISO 8601 date-time");
      if (end <= start) return bad(req.url, reply, "EndDate", "must be after StartDate");
      const resolution = req.query.Resolution ?? 0;
      const width = WIDTH[resolution] ?? (end - start <= 2 * DAY_MS ? HOUR_MS : DAY_MS);
      const first = Math.floor(start / width) * width;
      const buckets = Math.ceil((end - first) / width);
      if (buckets > MAX_BUCKETS)
        return bad(
          req.url,
          reply,
          "Resolution",
          `${buckets} buckets in the range; at most ${MAX_BUCKETS} (choose a coarser resolution)`,
        );
      const times = Array.from({ length: buckets }, (_, i) => first + i * width);
      const data: Record<string, unknown> = {};
      Object.entries(FEATURES).forEach(([feature, names], f) => {
        const metrics: Record<string, Record<string, number>> = {};
        const totals: Record<string, number> = {};
        names.forEach((n, k) => {
          metrics[n] = {};
          totals[n] = 0;
          for (const t of times) {
            const v = value(z.id, f + 1, k, t, 100);
            metrics[n][new Date(t).toISOString()] = v;
            totals[n] += v;
          }
        });
        data[feature] = { metrics, totals };
      });
      data.totalCleanRequestsLimit = 1_000_000 * (1 + zonePlan(z).planType);
      data.totalBillableRequestsThisMonth = 10_000 + ((hashInts(z.id, 8) >>> 0) % 90_000);
      data.resolution = resolution;
      return { data, error: ok() };
    },
  );

  app.get<Zoned & { Querystring: { year?: number; month?: number } }>(
    "/shield/metrics/overages/:shieldZoneId",
    {
      schema: {
        params: int32Params("shieldZoneId"),
        querystring: {
          type: "object",
          properties: {
            year: { type: "integer", minimum: 2000, maximum: 9999 },
            month: { type: "integer", minimum: 1, maximum: 12 },
          },
        },
      },
    },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const today = new Date(ctx.now());
      const year = req.query.year ?? today.getUTCFullYear();
      const month = req.query.month ?? today.getUTCMonth() + 1;
      const planType = zonePlan(z).planType;
      const allowance = 1_000_000 * (1 + planType);
      const clean = (hashInts(z.id, year, month, 9) >>> 0) % (2 * allowance);
      const overage = Math.max(0, clean - allowance);
      return {
        shieldZoneId: z.id,
        year,
        month,
        totalOverage: overage,
        totalCleanRequests: clean,
        segments: [
          {
            periodStart: new Date(Date.UTC(year, month - 1, 1)).toISOString(),
            periodEnd: new Date(Date.UTC(year, month, 1) - 1).toISOString(),
            planType,
            overageAllowance: allowance,
            overage,
          },
        ],
        error: ok(),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    "/shield/metrics/rate-limit/:id",
    { schema: { params: int32Params("id") } },
    async (req, reply) => {
      const r = ctx.store.state.rateLimitRules.find((x) => x.id === req.params.id);
      if (!r || !zoneFor(req, r.shieldZoneId))
        return dataError(reply, 404, "not_found.ratelimit", `no rate-limit rule ${req.params.id}`);
      const x = daily(r.id, 3, FEATURES.rateLimit, 100, ctx.now());
      return {
        data: { overview: x.totals, ratelimitOverviewPastTwentyEightDays: x.byDay },
        error: ok(),
      };
    },
  );

  app.get<{ Params: { shieldZoneId: number; ruleId: string } }>(
    "/shield/metrics/shield-zone/:shieldZoneId/waf-rule/:ruleId",
    {
      schema: {
        params: {
          type: "object",
          required: ["shieldZoneId", "ruleId"],
          properties: {
            shieldZoneId: { type: "integer", minimum: 0, maximum: INT32_MAX },
            ruleId: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
          },
        },
      },
    },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      if (!MANAGED_WAF_RULE_IDS.has(req.params.ruleId))
        return dataError(
          reply,
          404,
          "not_found.waf_rule",
          `ruleId: no managed WAF rule ${JSON.stringify(req.params.ruleId)}; see GET /shield/waf/rules/${z.id}`,
        );
      const names = ["totalTriggers", "blockedRequests", "loggedRequests", "challengedRequests"];
      const x = daily(hashInts(z.id, Number(req.params.ruleId) || 0), 1, names, 40, ctx.now());
      return { data: { ...x.totals, overviewPastTwentyEightDays: x.byDay }, error: ok() };
    },
  );

  const feature = (path: string, f: number, names: readonly string[], scale: number) =>
    app.get<Zoned>(
      `/shield/metrics/shield-zone/:shieldZoneId/${path}`,
      zoned,
      async (req, reply) => {
        const z = zoneFor(req, req.params.shieldZoneId);
        if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
        const x = daily(z.id, f, names, scale, ctx.now());
        const totals = Object.fromEntries(names.map((n) => [totalName(n), x.totals[n]]));
        return { data: { overviewPastTwentyEightDays: x.byDay, ...totals }, error: ok() };
      },
    );
  feature("bot-detection", 4, FEATURES.botDetection, 300);
  feature("upload-scanning", 6, FEATURES.uploadScanning, 50);
  feature("api-guardian", 7, GUARDIAN, 80);

  app.get<{ Params: { shieldZoneId: number; endpointId: number } }>(
    "/shield/metrics/shield-zone/:shieldZoneId/api-guardian/endpoint/:endpointId",
    {
      schema: {
        params: pathParams({ shieldZoneId: "int32", endpointId: "int64" }),
      },
    },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const doc = z.apiGuardian?.spec ? parseApiDocument(z.apiGuardian.spec.content) : undefined;
      const i = req.params.endpointId - z.id * 1000 - 1;
      if (i < 0 || !doc?.endpoints[i])
        return dataError(
          reply,
          404,
          "not_found.api_guardian_endpoint",
          `endpointId: zone ${z.id} has no API guardian endpoint ${req.params.endpointId}`,
        );
      const x = daily(req.params.endpointId, 7, GUARDIAN, 20, ctx.now());
      const totals = Object.fromEntries(GUARDIAN.map((n) => [totalName(n), x.totals[n]]));
      return { error: ok(), data: { ...totals, overviewPastTwentyEightDays: x.byDay } };
    },
  );
}
