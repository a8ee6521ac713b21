/**
 * Pull-zone statistics routes (published core API, tag "Statistics"): GET `/statistics` (the
 * account's traffic, or one zone's with `pullZone`) and per zone the optimizer, SafeHop and
 * origin-shield queue statistics. Figures are generated (generators-statistics.ts),
 * deterministic per zone, range and grouping. Without dates: the last 30 days. The emulator's
 * own validation: `dateFrom` after `dateTo` and a range over MAX_STATISTICS_BUCKETS buckets
 * are 400s naming `dateFrom` (`ApiErrorData` under `/pullzone/…`, problem B on
 * `/statistics`); an unknown zone (or one a scoped key may not see) is a 404.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  Limits,
  pullZoneStatisticsRangeQuerySchema,
  statisticsQuerySchema,
  type StatisticsQuery,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { DAY_MS, HOUR_MS } from "../generators";
import {
  optimizerStatistics,
  originShieldQueueStatistics,
  safeHopStatistics,
  trafficStatistics,
  type Buckets,
} from "../generators-statistics";
import { int64Params } from "./common";
import { MAX_STATISTICS_BUCKETS } from "./compute";
import { pullZoneParts } from "./pullzone-parts";

interface Range {
  dateFrom?: string;
  dateTo?: string;
  hourly?: boolean;
}

/**
 * The buckets of a query's range, or the reason it is refused. `wholeDays`: the range is
 * widened to whole UTC days (`/statistics` without `exactRange`).
 */
function rangeOf(
  q: Range,
  now: number,
  wholeDays = false,
): { buckets: Buckets } | { reason: string } {
  let to = q.dateTo !== undefined ? Date.parse(q.dateTo) : now;
  let from =
    q.dateFrom !== undefined ? Date.parse(q.dateFrom) : to - Limits.statisticsDefaultDays * DAY_MS;
  if (!(from < to)) return { reason: "dateFrom must be before dateTo" };
  if (wholeDays) {
    from = Math.floor(from / DAY_MS) * DAY_MS;
    to = Math.ceil(to / DAY_MS) * DAY_MS;
  }
  const hourly = q.hourly === true;
  if ((to - from) / (hourly ? HOUR_MS : DAY_MS) > MAX_STATISTICS_BUCKETS)
    return {
      reason: `the range covers more than ${MAX_STATISTICS_BUCKETS} ${hourly ? "hours" : "days"}`,
    };
  return { buckets: { fromMs: from, toMs: to, hourly } };
}

/** The 400 of a refused range, naming `dateFrom`. */
const refused = (reply: FastifyReply, url: string, reason: string) =>
  sendError(reply, pathOf(url), 400, reason, {
    key: "validation_error.statistics",
    fieldErrors: [{ field: "dateFrom", message: reason }],
  });

/** Registers the pull-zone statistics routes. */
export function registerPullZoneStatisticsRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const parts = pullZoneParts(ctx);

  app.get<{ Querystring: StatisticsQuery }>(
    "/statistics",
    { schema: { querystring: statisticsQuerySchema } },
    async (req, reply) => {
      const q = req.query;
      const one = q.pullZone !== undefined && q.pullZone !== -1 ? q.pullZone : undefined;
      if (one !== undefined && !(parts.visible(one, req) && parts.find(one)?.model))
        return sendError(reply, pathOf(req.url), 404, `pull zone ${one} not found`, {
          key: "not_found.pullzone",
        });
      const range = rangeOf(q, ctx.now(), !(q.hourly && q.exactRange));
      if ("reason" in range) return refused(reply, req.url, range.reason);
      const ids =
        one !== undefined
          ? [one]
          : parts
              .zones()
              .filter((z) => z.model && parts.visible(z.id, req))
              .map((z) => z.id);
      return trafficStatistics(ids, range.buckets, {
        errors: q.loadErrors === true,
        originShield: q.loadOriginShieldBandwidth === true,
        geo: q.loadGeographicTrafficDistribution === true,
        balance: q.loadUserBalanceHistory === true,
      });
    },
  );

  const perZone = (
    path: string,
    generate: (zoneId: number, b: Buckets) => Record<string, unknown>,
  ) =>
    app.get<{ Params: { pullZoneId: number }; Querystring: Range }>(
      path,
      {
        schema: {
          params: int64Params("pullZoneId"),
          querystring: pullZoneStatisticsRangeQuerySchema,
        },
      },
      parts.withZone((z, req, reply) => {
        const range = rangeOf(req.query, ctx.now());
        if ("reason" in range) return refused(reply, req.url, range.reason);
        return generate(z.id, range.buckets);
      }, "pullZoneId"),
    );
  perZone("/pullzone/:pullZoneId/optimizer/statistics", optimizerStatistics);
  perZone("/pullzone/:pullZoneId/safehop/statistics", safeHopStatistics);
  perZone("/pullzone/:pullZoneId/originshield/queuestatistics", originShieldQueueStatistics);
}
