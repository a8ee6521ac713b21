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

/** Query of {@link ComputeApi.getScriptStatistics}. Without dates: the last 30 days. */
export interface ScriptStatisticsQuery {
  /** Start (ISO 8601 date-time or `Date`). */
  dateFrom?: string | Date;
  /** End (ISO 8601 date-time or `Date`). */
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
          dateFrom: q.dateFrom === undefined ? undefined : toIsoDateTime(q.dateFrom, "dateFrom"),
          dateTo: q.dateTo === undefined ? undefined : toIsoDateTime(q.dateTo, "dateTo"),
          loadLatest: q.loadLatest,
          hourly: q.hourly,
        },
      },
      opts,
    );
    return res.data;
  }
}
