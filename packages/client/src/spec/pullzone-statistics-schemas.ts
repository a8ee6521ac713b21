/**
 * Pull-zone statistics (published core API, tag "Statistics"): the queries and answers of
 * GET `/statistics` (`StatisticsModel`), `/pullzone/{id}/optimizer/statistics`
 * (`OptimizerStatisticsModel`), `/pullzone/{id}/safehop/statistics` (`SafeHopStatisticsModel`)
 * and `/pullzone/{id}/originshield/queuestatistics`
 * (`OriginShieldConcurrencyStatisticsModel`), as TypeBox declarations (the constant is the
 * JSON schema, the type its `Static`). Charts map an ISO 8601 date-time (the start of the hour
 * or day) to a value; the document lets each chart be `null`.
 */
import { Type, type Static } from "@sinclair/typebox";
import { nullable } from "./schema-helpers";

/** A chart of the document: ISO date-time → number, or null. */
const chart = () => nullable(Type.Record(Type.String(), Type.Number()));
/** A chart of whole numbers (int64 values in the document), or null. */
const intChart = () => nullable(Type.Record(Type.String(), Type.Integer()));
const dateTime = () => Type.Optional(Type.String({ format: "date-time" }));
const flag = () => Type.Optional(Type.Boolean());

/**
 * Query of GET `/statistics` (`StatisticsPublic_GetStatistics`). Without dates the platform
 * answers the last 30 days; `pullZone` and `serverZoneId` default to -1 (all).
 */
export const statisticsQuerySchema = Type.Object(
  {
    dateFrom: dateTime(),
    dateTo: dateTime(),
    pullZone: Type.Optional(Type.Integer({ minimum: -1 })),
    serverZoneId: Type.Optional(Type.Integer({ minimum: -1 })),
    loadErrors: flag(),
    hourly: flag(),
    exactRange: flag(),
    loadOriginResponseTimes: flag(),
    loadOriginTraffic: flag(),
    loadRequestsServed: flag(),
    loadBandwidthUsed: flag(),
    loadOriginShieldBandwidth: flag(),
    loadGeographicTrafficDistribution: flag(),
    loadUserBalanceHistory: flag(),
  },
  { additionalProperties: false },
);
/** Query of GET `/statistics`. */
export type StatisticsQuery = Static<typeof statisticsQuerySchema>;

/**
 * Query of the per-zone statistics (optimizer, SafeHop, origin-shield queue): the range and
 * the grouping. Without dates the platform answers the last 30 days.
 */
export const pullZoneStatisticsRangeQuerySchema = Type.Object(
  { dateFrom: dateTime(), dateTo: dateTime(), hourly: flag() },
  { additionalProperties: false },
);
/** Query of the per-zone statistics. */
export type PullZoneStatisticsRangeQuery = Static<typeof pullZoneStatisticsRangeQuerySchema>;

/** `StatisticsModel` of the published document (GET `/statistics`). */
export const statisticsModelSchema = Type.Object(
  {
    TotalBandwidthUsed: Type.Optional(Type.Integer()),
    TotalOriginTraffic: Type.Optional(Type.Integer()),
    AverageOriginResponseTime: Type.Optional(Type.Integer()),
    OriginResponseTimeChart: Type.Optional(chart()),
    TotalRequestsServed: Type.Optional(Type.Integer()),
    CacheHitRate: Type.Optional(Type.Number()),
    BandwidthUsedChart: Type.Optional(chart()),
    BandwidthCachedChart: Type.Optional(chart()),
    CacheHitRateChart: Type.Optional(chart()),
    RequestsServedChart: Type.Optional(chart()),
    PullRequestsPulledChart: Type.Optional(chart()),
    OriginShieldBandwidthUsedChart: Type.Optional(chart()),
    OriginShieldInternalBandwidthUsedChart: Type.Optional(chart()),
    OriginTrafficChart: Type.Optional(chart()),
    UserBalanceHistoryChart: Type.Optional(chart()),
    GeoTrafficDistribution: Type.Optional(intChart()),
    Error3xxChart: Type.Optional(chart()),
    Error4xxChart: Type.Optional(chart()),
    Error5xxChart: Type.Optional(chart()),
  },
  { additionalProperties: false },
);
/** `StatisticsModel` of the published document. */
export type StatisticsModel = Static<typeof statisticsModelSchema>;

/** `OptimizerStatisticsModel` of the published document. */
export const optimizerStatisticsModelSchema = Type.Object(
  {
    RequestsOptimizedChart: Type.Optional(intChart()),
    AverageCompressionChart: Type.Optional(intChart()),
    TrafficSavedChart: Type.Optional(intChart()),
    AverageProcessingTimeChart: Type.Optional(intChart()),
    TotalRequestsOptimized: Type.Optional(Type.Number()),
    TotalTrafficSaved: Type.Optional(Type.Number()),
    AverageProcessingTime: Type.Optional(Type.Number()),
    AverageCompressionRatio: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
/** `OptimizerStatisticsModel` of the published document. */
export type OptimizerStatisticsModel = Static<typeof optimizerStatisticsModelSchema>;

/** `SafeHopStatisticsModel` of the published document. */
export const safeHopStatisticsModelSchema = Type.Object(
  {
    RequestsRetriedChart: Type.Optional(intChart()),
    RequestsSavedChart: Type.Optional(intChart()),
    TotalRequestsRetried: Type.Optional(Type.Number()),
    TotalRequestsSaved: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
/** `SafeHopStatisticsModel` of the published document. */
export type SafeHopStatisticsModel = Static<typeof safeHopStatisticsModelSchema>;

/** `OriginShieldConcurrencyStatisticsModel` of the published document. */
export const originShieldConcurrencyStatisticsModelSchema = Type.Object(
  {
    ConcurrentRequestsChart: Type.Optional(intChart()),
    QueuedRequestsChart: Type.Optional(intChart()),
  },
  { additionalProperties: false },
);
/** `OriginShieldConcurrencyStatisticsModel` of the published document. */
export type OriginShieldConcurrencyStatisticsModel = Static<
  typeof originShieldConcurrencyStatisticsModelSchema
>;
