/**
 * Deterministic pull-zone statistics: traffic (`StatisticsModel`), optimizer, SafeHop and the
 * origin shield's queue, each a pure function of (zone id, bucket start, grouping), so the
 * same zone and range always answer the same figures and a total is the sum of its chart.
 * Chart keys are the ISO timestamps of the bucket starts (UTC hours or days).
 */
import type {
  OptimizerStatisticsModel,
  OriginShieldConcurrencyStatisticsModel,
  SafeHopStatisticsModel,
  StatisticsModel,
} from "edgeplatform-client/spec";
import { DAY_MS, hashInts, HOUR_MS, Rng } from "./generators";

/** A range of buckets: `[fromMs, toMs)`, by hour or by day. */
export interface Buckets {
  fromMs: number;
  toMs: number;
  hourly: boolean;
}

/** Which optional charts of `StatisticsModel` to fill (the query's `load*` flags). */
export interface TrafficCharts {
  errors: boolean;
  originShield: boolean;
  geo: boolean;
  balance: boolean;
}

/** Seeds of the statistics kinds (kept apart so two kinds never share figures). */
const SEED = { traffic: 11, optimizer: 12, safeHop: 13, queue: 14 } as const;

/** The bucket starts of a range and their chart keys. */
function* buckets(b: Buckets): Generator<{ at: number; key: string }> {
  const step = b.hourly ? HOUR_MS : DAY_MS;
  for (let at = Math.floor(b.fromMs / step) * step; at < b.toMs; at += step)
    yield { at, key: new Date(at).toISOString().replace(".000Z", "Z") };
}

/** The generator of one bucket of one zone. */
const rngOf = (seed: number, zoneId: number, at: number, hourly: boolean) =>
  new Rng(hashInts(seed, zoneId, Math.floor(at / HOUR_MS), hourly ? 1 : 2));

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/** One bucket of one zone's traffic. */
function trafficBucket(zoneId: number, at: number, hourly: boolean) {
  const r = rngOf(SEED.traffic, zoneId, at, hourly);
  const requests = hourly ? 1_000 + r.int(9_000) : 50_000 + r.int(200_000);
  const hits = Math.round(requests * (0.6 + r.int(380) / 1000));
  const bytesPerRequest = 10_000 + r.int(190_000);
  const bandwidth = requests * bytesPerRequest;
  const cached = hits * bytesPerRequest;
  return {
    requests,
    hits,
    bandwidth,
    cached,
    origin: bandwidth - cached,
    responseMs: 40 + r.int(400),
    e3: Math.round(requests * (r.int(30) / 1000)),
    e4: Math.round(requests * (r.int(15) / 1000)),
    e5: Math.round(requests * (r.int(3) / 1000)),
    shield: Math.round((bandwidth - cached) * 0.8),
  };
}

const COUNTRIES = ["DE", "US", "GB", "FR", "NL", "SI", "JP", "BR"];

/**
 * Traffic statistics of the zones `zoneIds` (one zone, or every zone of the account) over a
 * range: totals and charts summed over the zones; the optional charts only when asked, else
 * null (as the platform leaves them out).
 */
export function trafficStatistics(
  zoneIds: readonly number[],
  b: Buckets,
  charts: TrafficCharts,
): StatisticsModel {
  const c = {
    requests: {} as Record<string, number>,
    bandwidth: {} as Record<string, number>,
    cached: {} as Record<string, number>,
    hitRate: {} as Record<string, number>,
    pulled: {} as Record<string, number>,
    origin: {} as Record<string, number>,
    response: {} as Record<string, number>,
    shield: {} as Record<string, number>,
    e3: {} as Record<string, number>,
    e4: {} as Record<string, number>,
    e5: {} as Record<string, number>,
  };
  const t = { requests: 0, hits: 0, bandwidth: 0, origin: 0, responseSum: 0, buckets: 0 };
  for (const { at, key } of buckets(b)) {
    const sum = { requests: 0, hits: 0, bandwidth: 0, cached: 0, origin: 0, ms: 0 };
    const errors = { e3: 0, e4: 0, e5: 0, shield: 0 };
    for (const id of zoneIds) {
      const x = trafficBucket(id, at, b.hourly);
      sum.requests += x.requests;
      sum.hits += x.hits;
      sum.bandwidth += x.bandwidth;
      sum.cached += x.cached;
      sum.origin += x.origin;
      sum.ms += x.responseMs;
      errors.e3 += x.e3;
      errors.e4 += x.e4;
      errors.e5 += x.e5;
      errors.shield += x.shield;
    }
    const ms = zoneIds.length ? Math.round(sum.ms / zoneIds.length) : 0;
    c.requests[key] = sum.requests;
    c.bandwidth[key] = sum.bandwidth;
    c.cached[key] = sum.cached;
    c.hitRate[key] = sum.requests ? round((sum.hits / sum.requests) * 100) : 0;
    c.pulled[key] = sum.requests - sum.hits;
    c.origin[key] = sum.origin;
    c.response[key] = ms;
    c.shield[key] = errors.shield;
    c.e3[key] = errors.e3;
    c.e4[key] = errors.e4;
    c.e5[key] = errors.e5;
    t.requests += sum.requests;
    t.hits += sum.hits;
    t.bandwidth += sum.bandwidth;
    t.origin += sum.origin;
    t.responseSum += ms;
    t.buckets++;
  }
  const geo: Record<string, number> = {};
  if (charts.geo) {
    const r = new Rng(hashInts(SEED.traffic, zoneIds.length, Math.floor(b.fromMs / DAY_MS)));
    let left = t.bandwidth;
    COUNTRIES.forEach((cc, i) => {
      const share = i === COUNTRIES.length - 1 ? left : Math.floor(left * (0.2 + r.int(30) / 100));
      geo[cc] = share;
      left -= share;
    });
  }
  return {
    TotalBandwidthUsed: t.bandwidth,
    TotalOriginTraffic: t.origin,
    AverageOriginResponseTime: t.buckets ? Math.round(t.responseSum / t.buckets) : 0,
    OriginResponseTimeChart: c.response,
    TotalRequestsServed: t.requests,
    CacheHitRate: t.requests ? round((t.hits / t.requests) * 100) : 0,
    BandwidthUsedChart: c.bandwidth,
    BandwidthCachedChart: c.cached,
    CacheHitRateChart: c.hitRate,
    RequestsServedChart: c.requests,
    PullRequestsPulledChart: c.pulled,
    OriginShieldBandwidthUsedChart: charts.originShield ? c.shield : null,
    OriginShieldInternalBandwidthUsedChart: charts.originShield ? {} : null,
    OriginTrafficChart: c.origin,
    UserBalanceHistoryChart: charts.balance ? {} : null,
    GeoTrafficDistribution: charts.geo ? geo : null,
    Error3xxChart: charts.errors ? c.e3 : null,
    Error4xxChart: charts.errors ? c.e4 : null,
    Error5xxChart: charts.errors ? c.e5 : null,
  };
}

/** The optimizer's statistics of a zone over a range. */
export function optimizerStatistics(zoneId: number, b: Buckets): OptimizerStatisticsModel {
  const optimized: Record<string, number> = {};
  const compression: Record<string, number> = {};
  const saved: Record<string, number> = {};
  const processing: Record<string, number> = {};
  let requests = 0;
  let traffic = 0;
  let ms = 0;
  let ratio = 0;
  let n = 0;
  for (const { at, key } of buckets(b)) {
    const r = rngOf(SEED.optimizer, zoneId, at, b.hourly);
    optimized[key] = b.hourly ? 100 + r.int(900) : 5_000 + r.int(20_000);
    compression[key] = 20 + r.int(60);
    saved[key] = optimized[key] * (5_000 + r.int(50_000));
    processing[key] = 5 + r.int(95);
    requests += optimized[key];
    traffic += saved[key];
    ms += processing[key];
    ratio += compression[key];
    n++;
  }
  return {
    RequestsOptimizedChart: optimized,
    AverageCompressionChart: compression,
    TrafficSavedChart: saved,
    AverageProcessingTimeChart: processing,
    TotalRequestsOptimized: requests,
    TotalTrafficSaved: traffic,
    AverageProcessingTime: n ? round(ms / n) : 0,
    AverageCompressionRatio: n ? round(ratio / n) : 0,
  };
}

/** SafeHop's retried and saved requests of a zone over a range. */
export function safeHopStatistics(zoneId: number, b: Buckets): SafeHopStatisticsModel {
  const retried: Record<string, number> = {};
  const saved: Record<string, number> = {};
  let totalRetried = 0;
  let totalSaved = 0;
  for (const { at, key } of buckets(b)) {
    const r = rngOf(SEED.safeHop, zoneId, at, b.hourly);
    retried[key] = b.hourly ? r.int(50) : r.int(1_000);
    saved[key] = Math.floor(retried[key] * (0.5 + r.int(50) / 100));
    totalRetried += retried[key];
    totalSaved += saved[key];
  }
  return {
    RequestsRetriedChart: retried,
    RequestsSavedChart: saved,
    TotalRequestsRetried: totalRetried,
    TotalRequestsSaved: totalSaved,
  };
}

/** The origin shield's concurrent and queued requests of a zone over a range. */
export function originShieldQueueStatistics(
  zoneId: number,
  b: Buckets,
): OriginShieldConcurrencyStatisticsModel {
  const concurrent: Record<string, number> = {};
  const queued: Record<string, number> = {};
  for (const { at, key } of buckets(b)) {
    const r = rngOf(SEED.queue, zoneId, at, b.hourly);
    concurrent[key] = 1 + r.int(200);
    queued[key] = r.int(Math.max(1, Math.floor(concurrent[key] / 10)));
  }
  return { ConcurrentRequestsChart: concurrent, QueuedRequestsChart: queued };
}
