/**
 * Pull-zone statistics (published core API, tag "Statistics"): the traffic of the account or
 * of one pull zone (GET `/statistics`), and per zone the optimizer's, SafeHop's and the origin
 * shield's queue (`/pullzone/{id}/optimizer/statistics`, `…/safehop/statistics`,
 * `…/originshield/queuestatistics`). Shapes: `spec/pullzone-statistics-schemas.ts`. Dates are
 * sent as UTC date-times (a date-only `dateFrom` is the start of that day, a date-only
 * `dateTo` its end); a bad date, a reversed range or a bad id is refused before the call with
 * an `InvalidArgumentError` naming the field.
 */
import type {
  OptimizerStatisticsModel,
  OriginShieldConcurrencyStatisticsModel,
  SafeHopStatisticsModel,
  StatisticsModel,
  StatisticsQuery,
} from "../spec";
import { specSchema, validate, type SpecSchemaName } from "../spec/runtime";
import { toIsoDateTime } from "./dates";
import { InvalidArgumentError } from "./invalid-argument";
import { checkId } from "./shield-args";
import type { Caller, EndpointDef, RequestOptions } from "./transport";

/**
 * Endpoint definitions of the pull-zone statistics (reads: retried like every GET; the
 * transport refuses an answer that is not a JSON object).
 */
export const pullZoneStatisticsEndpoints = {
  getStatistics: {
    operation: "statistics.getStatistics",
    method: "GET",
    path: "/statistics",
  },
  getOptimizerStatistics: {
    operation: "statistics.getOptimizerStatistics",
    method: "GET",
    path: "/pullzone/{pullZoneId}/optimizer/statistics",
  },
  getSafeHopStatistics: {
    operation: "statistics.getSafeHopStatistics",
    method: "GET",
    path: "/pullzone/{pullZoneId}/safehop/statistics",
  },
  getOriginShieldQueueStatistics: {
    operation: "statistics.getOriginShieldQueueStatistics",
    method: "GET",
    path: "/pullzone/{pullZoneId}/originshield/queuestatistics",
  },
} satisfies Record<string, EndpointDef>;

/** A range of the statistics; without dates the platform answers the last 30 days. */
export interface StatisticsRange {
  /**
   * Start: a `Date`, an ISO 8601 date-time with a time zone, or a date (`2024-05-01`, the
   * start of that day in UTC).
   */
  dateFrom?: string | Date;
  /** End, not before `dateFrom`: like `dateFrom`, but a date is the END of that day (UTC). */
  dateTo?: string | Date;
  /** Group the charts by hour instead of by day (platform default false). */
  hourly?: boolean;
}

/** Query of {@link PullZoneStatisticsApi.getStatistics}: {@link StatisticsQuery} with `Date`s. */
export type TrafficStatisticsQuery = Omit<StatisticsQuery, "dateFrom" | "dateTo"> & StatisticsRange;

/**
 * `dateFrom`/`dateTo` as the platform takes them (UTC date-times), refused when invalid or
 * reversed (`dateFrom` after `dateTo`), naming the field.
 */
export function checkedRange(
  operation: string,
  q: Pick<StatisticsRange, "dateFrom" | "dateTo">,
): { dateFrom?: string; dateTo?: string } {
  const dateFrom =
    q.dateFrom === undefined
      ? undefined
      : toIsoDateTime(q.dateFrom, "dateFrom", { operation, dateOnly: "start" });
  const dateTo =
    q.dateTo === undefined
      ? undefined
      : toIsoDateTime(q.dateTo, "dateTo", { operation, dateOnly: "end" });
  if (dateFrom && dateTo && dateFrom > dateTo)
    throw new InvalidArgumentError(
      operation,
      "dateFrom",
      `must not be after dateTo (${dateFrom} > ${dateTo})`,
    );
  return { ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}) };
}

/** Checks `value` against the spec's schema `name`; the first failure is thrown. */
function checkShape(operation: string, name: SpecSchemaName, value: unknown): void {
  const [first] = validate(specSchema(name), value, "", "argument");
  if (first) throw new InvalidArgumentError(operation, first.property || "query", first.reason);
}

const E = pullZoneStatisticsEndpoints;

/** Statistics area of the {@link Client} (`client.pullzoneStatistics`). */
export class PullZoneStatisticsApi {
  /** @internal Use `client.pullzoneStatistics`. */
  constructor(private readonly t: Caller) {}

  /**
   * Traffic statistics (GET `/statistics`): requests served, bandwidth, cache hit rate,
   * origin traffic and response times, errors (with `loadErrors`), per day or per hour; of
   * the account, or of one zone with `pullZone` (and one region with `serverZoneId`). The
   * `load*` flags ask for the charts the platform otherwise leaves out.
   */
  async getStatistics(
    q: TrafficStatisticsQuery = {},
    opts?: RequestOptions,
  ): Promise<StatisticsModel> {
    const def = E.getStatistics;
    const { dateFrom: _f, dateTo: _t, ...rest } = q;
    const query = { ...rest, ...checkedRange(def.operation, q) };
    checkShape(def.operation, "statisticsQuerySchema", query);
    return (await this.t.call<StatisticsModel>(def, { query }, opts)).data;
  }

  /** The optimizer's statistics of a zone (GET `/pullzone/{id}/optimizer/statistics`). */
  getOptimizerStatistics(
    pullZoneId: number,
    q: StatisticsRange = {},
    opts?: RequestOptions,
  ): Promise<OptimizerStatisticsModel> {
    return this.zone(E.getOptimizerStatistics, pullZoneId, q, opts);
  }

  /** SafeHop's retried and saved requests of a zone (GET `/pullzone/{id}/safehop/statistics`). */
  getSafeHopStatistics(
    pullZoneId: number,
    q: StatisticsRange = {},
    opts?: RequestOptions,
  ): Promise<SafeHopStatisticsModel> {
    return this.zone(E.getSafeHopStatistics, pullZoneId, q, opts);
  }

  /**
   * The origin shield's concurrent and queued requests of a zone
   * (GET `/pullzone/{id}/originshield/queuestatistics`).
   */
  getOriginShieldQueueStatistics(
    pullZoneId: number,
    q: StatisticsRange = {},
    opts?: RequestOptions,
  ): Promise<OriginShieldConcurrencyStatisticsModel> {
    return this.zone(E.getOriginShieldQueueStatistics, pullZoneId, q, opts);
  }

  /** One per-zone statistics read: id, range and grouping checked, then one GET. */
  private async zone<T>(
    def: EndpointDef,
    pullZoneId: number,
    q: StatisticsRange,
    opts: RequestOptions | undefined,
  ): Promise<T> {
    checkId(def.operation, "pullZoneId", pullZoneId, true);
    const query = {
      ...checkedRange(def.operation, q),
      ...(q.hourly !== undefined ? { hourly: q.hourly } : {}),
    };
    checkShape(def.operation, "pullZoneStatisticsRangeQuerySchema", query);
    return (await this.t.call<T>(def, { params: { pullZoneId }, query }, opts)).data;
  }
}
