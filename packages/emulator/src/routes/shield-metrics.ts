/**
 * Shield metrics (`spec/shield.md` "Read-only views"): a zone's overview and the metrics of
 * each of its rate-limit rules. The figures are generated: deterministic for a zone (or rule)
 * id and the emulator's clock, each total the sum of its past 28 days (keyed by the ISO 8601
 * start of each UTC day, oldest first).
 */
import type { FastifyInstance } from "fastify";
import { shieldMetricsOverviewSchema } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { DAY_MS, hashInts, utcDayStart } from "../generators";
import { int32Params, OK_RESULT } from "./common";
import { zoneAccess, zoneMissing } from "./shield-access";

const DAYS = 28;
type Counters = Record<string, number>;

/**
 * One feature's counters over the past 28 days: `{total, byDay}`; counter `k` of day `d` is
 * a hash of (seed, feature, k, day) below `scale`.
 */
function series(
  seed: number,
  feature: number,
  names: readonly string[],
  scale: number,
  days: string[],
): { total: Counters; byDay: Record<string, Counters> } {
  const total: Counters = Object.fromEntries(names.map((n) => [n, 0]));
  const byDay: Record<string, Counters> = {};
  days.forEach((day, d) => {
    const c: Counters = {};
    names.forEach((n, k) => {
      c[n] = (hashInts(seed, feature, k, d) >>> 0) % scale;
      total[n] += c[n];
    });
    byDay[day] = c;
  });
  return { total, byDay };
}

/** The counter names of one part of the published `ShieldZoneMetrics` (the client's schema). */
const counterNames = (part: keyof typeof shieldMetricsOverviewSchema.properties): string[] =>
  Object.keys(
    (shieldMetricsOverviewSchema.properties[part] as { properties?: object }).properties ?? {},
  );
const WAF = counterNames("waf");
const DDOS = counterNames("dDoS");
const RATE = counterNames("ratelimit");
const BOT = counterNames("botDetection");
/**
 * Access-list counters of the published `AccessList` metrics (`totalActions`, their sum, is
 * added by {@link withTotalActions}); the document has no count of allowed requests.
 */
const ACCESS = ["blockedRequests", "loggedRequests", "challengedRequests"];

/** Access-list counters with `totalActions` first: blocked + logged + challenged. */
const withTotalActions = (c: Counters): Counters => ({
  totalActions: c.blockedRequests + c.loggedRequests + c.challengedRequests,
  ...c,
});
const UPLOAD = counterNames("uploadScanning");
const GUARDIAN = counterNames("apiGuardian");

/** Registers the metrics routes. */
export function registerShieldMetricsRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zoneFor } = zoneAccess(ctx);
  /** The past 28 UTC days, oldest first (ISO 8601 day starts). */
  const days = () => {
    const today = utcDayStart(ctx.now());
    return Array.from({ length: DAYS }, (_, i) =>
      new Date(today - (DAYS - 1 - i) * DAY_MS).toISOString(),
    );
  };
  const zoned = { schema: { params: int32Params("shieldZoneId") } };

  app.get<{ Params: { shieldZoneId: number } }>(
    "/shield/metrics/overview/:shieldZoneId",
    zoned,
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const d = days();
      const waf = series(z.id, 1, WAF, 500, d);
      const ddos = series(z.id, 2, DDOS, 2000, d);
      const rate = series(z.id, 3, RATE, 100, d);
      const bot = series(z.id, 4, BOT, 300, d);
      const access = series(z.id, 5, ACCESS, 200, d);
      const upload = series(z.id, 6, UPLOAD, 50, d);
      const guardian = series(z.id, 7, GUARDIAN, 80, d);
      const overviewOf = (day?: string) => {
        const pick = (x: ReturnType<typeof series>, k: string) =>
          day === undefined ? x.total[k] : x.byDay[day][k];
        return {
          dDoSMitigated: pick(ddos, "blockedRequests") + pick(ddos, "challengedRequests"),
          wafTriggeredRules: pick(waf, "totalTriggeredRules"),
          ratelimitBreaches: pick(rate, "totalBreaches"),
          botDetectionChallenged: pick(bot, "challengedRequests"),
          accessListActions: pick(access, "blockedRequests") + pick(access, "challengedRequests"),
          uploadScanningBlocks: pick(upload, "blockedRequests"),
          apiGuardianBlocks: pick(guardian, "blockedRequests"),
        };
      };
      const data = {
        overview: overviewOf(),
        overviewPastTwentyEightDays: Object.fromEntries(d.map((day) => [day, overviewOf(day)])),
        waf: waf.total,
        dDoS: ddos.total,
        dDoSOverviewPastTwentyEightDays: ddos.byDay,
        ratelimit: rate.total,
        ratelimitOverviewPastTwentyEightDays: rate.byDay,
        botDetection: bot.total,
        botDetectionOverviewPastTwentyEightDays: bot.byDay,
        accessList: withTotalActions(access.total),
        accessListOverviewPastTwentyEightDays: Object.fromEntries(
          Object.entries(access.byDay).map(([day, c]) => [day, withTotalActions(c)]),
        ),
        uploadScanning: upload.total,
        uploadScanningOverviewPastTwentyEightDays: upload.byDay,
        apiGuardian: guardian.total,
        apiGuardianOverviewPastTwentyEightDays: guardian.byDay,
        totalCleanRequestsLimit: 1_000_000 * (1 + (z.planType ?? 0)),
        totalBillableRequests: 10_000 + ((hashInts(z.id, 8) >>> 0) % 90_000),
      };
      return { data, error: { ...OK_RESULT } };
    },
  );

  app.get<{ Params: { shieldZoneId: number } }>(
    "/shield/metrics/rate-limits/:shieldZoneId",
    zoned,
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const d = days();
      const data = ctx.store.state.rateLimitRules
        .filter((r) => r.shieldZoneId === z.id)
        .sort((a, b) => a.id - b.id)
        .map((r) => {
          const x = series(r.id, 3, RATE, 100, d);
          return {
            ratelimitId: r.id,
            overview: x.total,
            ratelimitOverviewPastTwentyEightDays: x.byDay,
          };
        });
      return { data, error: { ...OK_RESULT } };
    },
  );
}
