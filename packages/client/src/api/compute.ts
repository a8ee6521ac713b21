/** Compute API: edge script statistics. */
import type { ScriptStatistics } from "../spec";
import { toIsoDateTime } from "./dates";
import type { EndpointDef, Caller, RequestOptions } from "./transport";

/** Endpoint definitions of the compute area. */
export const computeEndpoints = {
  getScriptStatistics: {
    operation: "compute.getScriptStatistics",
    method: "GET",
    path: "/compute/script/{id}/statistics",
  },
} as const satisfies Record<string, EndpointDef>;

const OPERATION = "compute.getScriptStatistics";
const from = { operation: OPERATION, dateOnly: "start" } as const;
const to = { operation: OPERATION, dateOnly: "end" } as const;

/**
 * The query values of `dateFrom` and `dateTo` as the platform requires them (date-times in
 * UTC): a date-only `dateFrom` is the start of that day, a date-only `dateTo` its end
 * (`2024-05-02` → `2024-05-02T23:59:59.999Z`). See {@link toIsoDateTime}.
 * @throws InvalidArgumentError naming the field and the accepted forms.
 */
export function statisticsRange(q: Pick<ScriptStatisticsQuery, "dateFrom" | "dateTo">): {
  dateFrom?: string;
  dateTo?: string;
} {
  return {
    ...(q.dateFrom !== undefined ? { dateFrom: toIsoDateTime(q.dateFrom, "dateFrom", from) } : {}),
    ...(q.dateTo !== undefined ? { dateTo: toIsoDateTime(q.dateTo, "dateTo", to) } : {}),
  };
}

/** Query of {@link ComputeApi.getScriptStatistics}. Without dates: the last 30 days. */
export interface ScriptStatisticsQuery {
  /**
   * Start: a `Date`, an ISO 8601 date-time with a time zone, or a date (`2024-05-01`, the
   * start of that day in UTC). Sent as a UTC date-time; anything else is refused before the
   * call (`InvalidArgumentError`).
   */
  dateFrom?: string | Date;
  /**
   * End: like `dateFrom`, but a date (`2024-05-02`) is the END of that day in UTC
   * (`2024-05-02T23:59:59.999Z`).
   */
  dateTo?: string | Date;
  /** Load the most recent data as soon as available (platform default false). */
  loadLatest?: boolean;
  /** Group by hour instead of by day (platform default false). */
  hourly?: boolean;
}

/** Compute area of the {@link Client}. */
export class ComputeApi {
  /** @internal Use `client.compute`. */
  constructor(private readonly t: Caller) {}

  /** Reads the usage statistics of an edge script (GET `/compute/script/{id}/statistics`). */
  async getScriptStatistics(
    scriptId: number,
    q: ScriptStatisticsQuery = {},
    opts?: RequestOptions,
  ): Promise<ScriptStatistics> {
    const res = await this.t.call<ScriptStatistics>(
      computeEndpoints.getScriptStatistics,
      {
        params: { id: scriptId },
        query: {
          ...statisticsRange(q),
          loadLatest: q.loadLatest,
          hourly: q.hourly,
        },
      },
      opts,
    );
    return res.data;
  }
}
