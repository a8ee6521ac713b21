/** Compute data source: `getScriptStatistics` (also as an Output form). */
import * as pulumi from "@pulumi/pulumi";
import type { ScriptStatistics } from "edgeplatform-client/spec";
import { ArgChecker, clientFor, DataSourceOptions, Inputs, resolveInputs } from "./settings";

/** Arguments of {@link getScriptStatistics}. Without dates the platform returns the last 30 days. */
export interface GetScriptStatisticsArgs {
  /** ID of the edge script. */
  scriptId: number;
  /** Start of the range: a `Date` or an ISO 8601 date/date-time string. */
  dateFrom?: Date | string;
  /** End of the range: a `Date` or an ISO 8601 date/date-time string; not before `dateFrom`. */
  dateTo?: Date | string;
  /** Load the most recent data as soon as available (platform default false). */
  loadLatest?: boolean;
  /** Group the charts by hour instead of by day (platform default false). */
  hourly?: boolean;
}

/**
 * Result of {@link getScriptStatistics}: totals plus three charts, each mapping a timestamp
 * string to a number.
 */
export type GetScriptStatisticsResult = ScriptStatistics;

const ARGS = ["scriptId", "dateFrom", "dateTo", "loadLatest", "hourly"] as const;

/**
 * Reads the usage statistics of an edge script (GET `/compute/script/{id}/statistics`).
 * Dates are sent as ISO 8601 date-times (UTC).
 *
 * ```ts
 * const s = await edge.compute.getScriptStatistics({ scriptId: 1, dateFrom: "2024-05-01", hourly: true });
 * s.TotalRequestsServed; Object.entries(s.RequestsServedChart);
 * ```
 * @throws InvalidArgumentError for a bad `scriptId`, an invalid date (naming `dateFrom` or
 * `dateTo`), or `dateFrom` after `dateTo`.
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown script).
 */
export async function getScriptStatistics(
  args: GetScriptStatisticsArgs,
  opts: DataSourceOptions = {},
): Promise<GetScriptStatisticsResult> {
  const c = new ArgChecker("compute.getScriptStatistics");
  c.object(args);
  c.noUnknown(args, ARGS);
  const scriptId = c.int("scriptId", args.scriptId, 1);
  const dateFrom = c.optInstant("dateFrom", args.dateFrom);
  const dateTo = c.optInstant("dateTo", args.dateTo);
  if (dateFrom && dateTo && dateFrom > dateTo) {
    c.fail("dateFrom", `must not be after dateTo (${dateFrom} > ${dateTo})`);
  }
  const loadLatest = c.optBool("loadLatest", args.loadLatest);
  const hourly = c.optBool("hourly", args.hourly);
  return clientFor(opts).compute.getScriptStatistics(scriptId, {
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
    ...(loadLatest !== undefined ? { loadLatest } : {}),
    ...(hourly !== undefined ? { hourly } : {}),
  });
}

/** Output form of {@link getScriptStatistics} (accepts Inputs). */
export function getScriptStatisticsOutput(
  args: Inputs<GetScriptStatisticsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetScriptStatisticsResult> {
  return resolveInputs<GetScriptStatisticsArgs>(args).apply((a) => getScriptStatistics(a, opts));
}
