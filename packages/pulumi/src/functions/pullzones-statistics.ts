/**
 * Pull-zone statistics data sources: `getPullZoneStatistics` (the zone's traffic),
 * `getPullZoneOptimizerStatistics`, `getPullZoneSafeHopStatistics` and
 * `getPullZoneOriginShieldQueueStatistics`, each also as an Output form taking a PullZone's
 * `pullZoneId` output.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./pullzones-statistics-schemas";
import { checkedRange, EdgeApiError, InvalidArgumentError, type Client } from "edgeplatform-client";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { checkArgs } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";

const ref = <T>(name: string) => schemaRef<T>(__dirname, "./pullzones-statistics-schemas", name);
const trafficArgs = ref<typeof S.getPullZoneStatisticsArgsSchema>(
  "getPullZoneStatisticsArgsSchema",
);
const rangeArgs = ref<typeof S.pullZoneStatisticsRangeArgsSchema>(
  "pullZoneStatisticsRangeArgsSchema",
);

/** Arguments of {@link getPullZoneStatistics}. Without dates: the last 30 days. */
export type GetPullZoneStatisticsArgs = Static<typeof S.getPullZoneStatisticsArgsSchema>;
/** Arguments of the per-zone statistics. Without dates: the last 30 days. */
export type PullZoneStatisticsRangeArgs = Static<typeof S.pullZoneStatisticsRangeArgsSchema>;
/** Arguments of {@link getPullZoneOptimizerStatistics}. */
export type GetPullZoneOptimizerStatisticsArgs = PullZoneStatisticsRangeArgs;
/** Arguments of {@link getPullZoneSafeHopStatistics}. */
export type GetPullZoneSafeHopStatisticsArgs = PullZoneStatisticsRangeArgs;
/** Arguments of {@link getPullZoneOriginShieldQueueStatistics}. */
export type GetPullZoneOriginShieldQueueStatisticsArgs = PullZoneStatisticsRangeArgs;

/** A chart: the start of each hour or day (ISO 8601, UTC) → its value; `{}` when none. */
type Chart = Record<string, number>;
const chart = (c: Chart | null | undefined): Chart => c ?? {};
const sum = (c: Chart): number => Object.values(c).reduce((a, b) => a + b, 0);

/** Result of {@link getPullZoneStatistics}: the zone's traffic over the range. */
export interface GetPullZoneStatisticsResult {
  /** ID of the pull zone. */
  pullZoneId: number;
  /** Requests served (`TotalRequestsServed`). */
  totalRequestsServed: number;
  /** Bytes sent to clients (`TotalBandwidthUsed`). */
  totalBandwidthUsed: number;
  /** Bytes pulled from the origin (`TotalOriginTraffic`). */
  totalOriginTraffic: number;
  /** Share of requests served from the cache, in percent 0 to 100 (`CacheHitRate`). */
  cacheHitRate: number;
  /** The origin's median response time, in milliseconds (`AverageOriginResponseTime`). */
  averageOriginResponseTime: number;
  /** Responses with a 3xx status in the range (the sum of `error3xxChart`). */
  total3xxResponses: number;
  /** Responses with a 4xx status in the range (the sum of `error4xxChart`). */
  total4xxResponses: number;
  /** Responses with a 5xx status in the range (the sum of `error5xxChart`). */
  total5xxResponses: number;
  /** Requests served per hour or day (`RequestsServedChart`). */
  requestsServedChart: Chart;
  /** Bytes sent per hour or day (`BandwidthUsedChart`). */
  bandwidthUsedChart: Chart;
  /** Bytes sent from the cache per hour or day (`BandwidthCachedChart`). */
  bandwidthCachedChart: Chart;
  /** Cache hit rate (percent) per hour or day (`CacheHitRateChart`). */
  cacheHitRateChart: Chart;
  /** Requests pulled from the origin (uncached) per hour or day (`PullRequestsPulledChart`). */
  pullRequestsPulledChart: Chart;
  /** Bytes pulled from the origin per hour or day (`OriginTrafficChart`). */
  originTrafficChart: Chart;
  /** The origin's response time (milliseconds) per hour or day (`OriginResponseTimeChart`). */
  originResponseTimeChart: Chart;
  /** 3xx responses per hour or day (`Error3xxChart`). */
  error3xxChart: Chart;
  /** 4xx responses per hour or day (`Error4xxChart`). */
  error4xxChart: Chart;
  /** 5xx responses per hour or day (`Error5xxChart`). */
  error5xxChart: Chart;
}

/** Result of {@link getPullZoneOptimizerStatistics}. */
export interface GetPullZoneOptimizerStatisticsResult {
  /** ID of the pull zone. */
  pullZoneId: number;
  /** Requests the optimizer processed (`TotalRequestsOptimized`). */
  totalRequestsOptimized: number;
  /** Bytes the optimizer saved (`TotalTrafficSaved`). */
  totalTrafficSaved: number;
  /** Average processing time of a request, in milliseconds (`AverageProcessingTime`). */
  averageProcessingTime: number;
  /** Average compression ratio of the responses (`AverageCompressionRatio`). */
  averageCompressionRatio: number;
  /** Optimized requests per hour or day (`RequestsOptimizedChart`). */
  requestsOptimizedChart: Chart;
  /** Average compression per hour or day (`AverageCompressionChart`). */
  averageCompressionChart: Chart;
  /** Bytes saved per hour or day (`TrafficSavedChart`). */
  trafficSavedChart: Chart;
  /** Average processing time (milliseconds) per hour or day (`AverageProcessingTimeChart`). */
  averageProcessingTimeChart: Chart;
}

/** Result of {@link getPullZoneSafeHopStatistics}. */
export interface GetPullZoneSafeHopStatisticsResult {
  /** ID of the pull zone. */
  pullZoneId: number;
  /** Requests SafeHop retried at another origin attempt (`TotalRequestsRetried`). */
  totalRequestsRetried: number;
  /** Retried requests that then succeeded (`TotalRequestsSaved`). */
  totalRequestsSaved: number;
  /** Retried requests per hour or day (`RequestsRetriedChart`). */
  requestsRetriedChart: Chart;
  /** Saved requests per hour or day (`RequestsSavedChart`). */
  requestsSavedChart: Chart;
}

/** Result of {@link getPullZoneOriginShieldQueueStatistics}. */
export interface GetPullZoneOriginShieldQueueStatisticsResult {
  /** ID of the pull zone. */
  pullZoneId: number;
  /** Concurrent requests at the origin shield per hour or day (`ConcurrentRequestsChart`). */
  concurrentRequestsChart: Chart;
  /** Requests queued at the origin shield per hour or day (`QueuedRequestsChart`). */
  queuedRequestsChart: Chart;
}

/**
 * Runs one statistics read: arguments checked, the range refused when a date is invalid or
 * `dateFrom` is after `dateTo`; a zone the platform does not know (404) is an
 * InvalidArgumentError naming `pullZoneId`, a range it refuses (400) one naming its field.
 */
async function read<A extends PullZoneStatisticsRangeArgs, R>(
  operation: string,
  schema: typeof trafficArgs | typeof rangeArgs,
  args: A,
  opts: DataSourceOptions,
  call: (c: Client, a: A, range: { dateFrom?: string; dateTo?: string }) => Promise<R>,
): Promise<R> {
  try {
    const a = checkArgs(operation, schema, args) as A;
    const range = checkedRange(operation, a);
    try {
      return await call(await connectedClient(opts), a, range);
    } catch (e) {
      if (!(e instanceof EdgeApiError) || (e.status !== 404 && e.status !== 400)) throw e;
      const field = e.status === 404 ? "pullZoneId" : (e.fieldErrors[0]?.field ?? "dateFrom");
      const reason =
        e.status === 404
          ? `no pull zone ${a.pullZoneId} (the platform answered 404)`
          : `refused by the platform: ${e.fieldErrors[0]?.message ?? e.detail ?? e.message}`;
      throw new InvalidArgumentError(operation, field, reason, undefined, e);
    }
  } catch (e) {
    throw programError(e);
  }
}

/**
 * Reads the traffic of a pull zone (GET `/statistics?pullZone=…`): requests served,
 * bandwidth, cache hit rate, origin traffic and response time, and 3xx/4xx/5xx responses,
 * per day (or per hour with `hourly`). Without dates: the last 30 days. Dates are sent as
 * UTC date-times: a date-only `dateFrom` is the start of that day, a date-only `dateTo` its
 * end.
 *
 * ```ts
 * const s = await edge.pullzones.getPullZoneStatistics({ pullZoneId: 1, dateFrom: "2024-05-01" });
 * s.totalRequestsServed; s.cacheHitRate; Object.entries(s.requestsServedChart);
 * ```
 * @throws InvalidArgumentError for a bad `pullZoneId` or an unknown zone (naming
 * `pullZoneId`), an invalid date or `dateFrom` after `dateTo` (naming the field).
 * @throws EdgeApiError for other platform errors (401, 5xx after retries).
 */
export function getPullZoneStatistics(
  args: GetPullZoneStatisticsArgs,
  opts: DataSourceOptions = {},
): Promise<GetPullZoneStatisticsResult> {
  return read(
    "pullzones.getPullZoneStatistics",
    trafficArgs,
    args,
    opts,
    async (c, a: GetPullZoneStatisticsArgs, range) => {
      const s = await c.pullzoneStatistics.getStatistics({
        ...range,
        pullZone: a.pullZoneId,
        ...(a.serverZoneId !== undefined ? { serverZoneId: a.serverZoneId } : {}),
        ...(a.hourly ? { hourly: true, exactRange: true } : {}),
        loadErrors: true,
        loadRequestsServed: true,
        loadBandwidthUsed: true,
        loadOriginTraffic: true,
        loadOriginResponseTimes: true,
      });
      const errors = [s.Error3xxChart, s.Error4xxChart, s.Error5xxChart].map(chart);
      return {
        pullZoneId: a.pullZoneId,
        totalRequestsServed: s.TotalRequestsServed ?? 0,
        totalBandwidthUsed: s.TotalBandwidthUsed ?? 0,
        totalOriginTraffic: s.TotalOriginTraffic ?? 0,
        cacheHitRate: s.CacheHitRate ?? 0,
        averageOriginResponseTime: s.AverageOriginResponseTime ?? 0,
        total3xxResponses: sum(errors[0]),
        total4xxResponses: sum(errors[1]),
        total5xxResponses: sum(errors[2]),
        requestsServedChart: chart(s.RequestsServedChart),
        bandwidthUsedChart: chart(s.BandwidthUsedChart),
        bandwidthCachedChart: chart(s.BandwidthCachedChart),
        cacheHitRateChart: chart(s.CacheHitRateChart),
        pullRequestsPulledChart: chart(s.PullRequestsPulledChart),
        originTrafficChart: chart(s.OriginTrafficChart),
        originResponseTimeChart: chart(s.OriginResponseTimeChart),
        error3xxChart: errors[0],
        error4xxChart: errors[1],
        error5xxChart: errors[2],
      };
    },
  );
}

/** The range and grouping of a per-zone read, as the client takes them. */
const zoneQuery = (a: PullZoneStatisticsRangeArgs, range: object) => ({
  ...range,
  ...(a.hourly !== undefined ? { hourly: a.hourly } : {}),
});

/**
 * Reads the optimizer's statistics of a pull zone (GET `/pullzone/{id}/optimizer/statistics`):
 * requests optimized, bytes saved, processing time and compression, per day (or hour).
 * Without dates: the last 30 days.
 *
 * ```ts
 * const o = await edge.pullzones.getPullZoneOptimizerStatistics({ pullZoneId: 1 });
 * o.totalTrafficSaved;
 * ```
 * @throws InvalidArgumentError for a bad or unknown `pullZoneId`, an invalid date or a
 * reversed range (naming the field).
 */
export function getPullZoneOptimizerStatistics(
  args: GetPullZoneOptimizerStatisticsArgs,
  opts: DataSourceOptions = {},
): Promise<GetPullZoneOptimizerStatisticsResult> {
  return read(
    "pullzones.getPullZoneOptimizerStatistics",
    rangeArgs,
    args,
    opts,
    async (c, a, range) => {
      const s = await c.pullzoneStatistics.getOptimizerStatistics(
        a.pullZoneId,
        zoneQuery(a, range),
      );
      return {
        pullZoneId: a.pullZoneId,
        totalRequestsOptimized: s.TotalRequestsOptimized ?? 0,
        totalTrafficSaved: s.TotalTrafficSaved ?? 0,
        averageProcessingTime: s.AverageProcessingTime ?? 0,
        averageCompressionRatio: s.AverageCompressionRatio ?? 0,
        requestsOptimizedChart: chart(s.RequestsOptimizedChart),
        averageCompressionChart: chart(s.AverageCompressionChart),
        trafficSavedChart: chart(s.TrafficSavedChart),
        averageProcessingTimeChart: chart(s.AverageProcessingTimeChart),
      };
    },
  );
}

/**
 * Reads SafeHop's statistics of a pull zone (GET `/pullzone/{id}/safehop/statistics`):
 * requests retried at the origin and those saved by the retry, per day (or hour). Without
 * dates: the last 30 days.
 * @throws InvalidArgumentError for a bad or unknown `pullZoneId`, an invalid date or a
 * reversed range (naming the field).
 */
export function getPullZoneSafeHopStatistics(
  args: GetPullZoneSafeHopStatisticsArgs,
  opts: DataSourceOptions = {},
): Promise<GetPullZoneSafeHopStatisticsResult> {
  return read(
    "pullzones.getPullZoneSafeHopStatistics",
    rangeArgs,
    args,
    opts,
    async (c, a, range) => {
      const s = await c.pullzoneStatistics.getSafeHopStatistics(a.pullZoneId, zoneQuery(a, range));
      return {
        pullZoneId: a.pullZoneId,
        totalRequestsRetried: s.TotalRequestsRetried ?? 0,
        totalRequestsSaved: s.TotalRequestsSaved ?? 0,
        requestsRetriedChart: chart(s.RequestsRetriedChart),
        requestsSavedChart: chart(s.RequestsSavedChart),
      };
    },
  );
}

/**
 * Reads the origin shield's queue of a pull zone (GET
 * `/pullzone/{id}/originshield/queuestatistics`): concurrent and queued requests, per day
 * (or hour). Without dates: the last 30 days.
 * @throws InvalidArgumentError for a bad or unknown `pullZoneId`, an invalid date or a
 * reversed range (naming the field).
 */
export function getPullZoneOriginShieldQueueStatistics(
  args: GetPullZoneOriginShieldQueueStatisticsArgs,
  opts: DataSourceOptions = {},
): Promise<GetPullZoneOriginShieldQueueStatisticsResult> {
  return read(
    "pullzones.getPullZoneOriginShieldQueueStatistics",
    rangeArgs,
    args,
    opts,
    async (c, a, range) => {
      const s = await c.pullzoneStatistics.getOriginShieldQueueStatistics(
        a.pullZoneId,
        zoneQuery(a, range),
      );
      return {
        pullZoneId: a.pullZoneId,
        concurrentRequestsChart: chart(s.ConcurrentRequestsChart),
        queuedRequestsChart: chart(s.QueuedRequestsChart),
      };
    },
  );
}

/** Output form of {@link getPullZoneStatistics} (accepts Inputs: a PullZone's `pullZoneId`). */
export function getPullZoneStatisticsOutput(
  args: Inputs<GetPullZoneStatisticsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetPullZoneStatisticsResult> {
  return dataSourceOutput(args, opts, getPullZoneStatistics);
}

/** Output form of {@link getPullZoneOptimizerStatistics} (accepts Inputs). */
export function getPullZoneOptimizerStatisticsOutput(
  args: Inputs<GetPullZoneOptimizerStatisticsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetPullZoneOptimizerStatisticsResult> {
  return dataSourceOutput(args, opts, getPullZoneOptimizerStatistics);
}

/** Output form of {@link getPullZoneSafeHopStatistics} (accepts Inputs). */
export function getPullZoneSafeHopStatisticsOutput(
  args: Inputs<GetPullZoneSafeHopStatisticsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetPullZoneSafeHopStatisticsResult> {
  return dataSourceOutput(args, opts, getPullZoneSafeHopStatistics);
}

/** Output form of {@link getPullZoneOriginShieldQueueStatistics} (accepts Inputs). */
export function getPullZoneOriginShieldQueueStatisticsOutput(
  args: Inputs<GetPullZoneOriginShieldQueueStatisticsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetPullZoneOriginShieldQueueStatisticsResult> {
  return dataSourceOutput(args, opts, getPullZoneOriginShieldQueueStatistics);
}
