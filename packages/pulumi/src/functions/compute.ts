/** Compute data source: `getScriptStatistics` (also as an Output form). */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./compute-schemas";
import { statisticsRange, type ScriptStatistics } from "edgeplatform-client";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { checkArgs, fail } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";

const OPERATION = "compute.getScriptStatistics";

const getScriptStatisticsArgs = schemaRef<typeof S.getScriptStatisticsArgsSchema>(
  __dirname,
  "./compute-schemas",
  "getScriptStatisticsArgsSchema",
);
/** Arguments of {@link getScriptStatistics}. Without dates the platform returns the last 30 days. */
export type GetScriptStatisticsArgs = Static<typeof S.getScriptStatisticsArgsSchema>;

/**
 * Result of {@link getScriptStatistics}: totals plus three charts, each mapping a timestamp
 * string to a number. The platform's names are PascalCase (`TotalRequestsServed`, ...);
 * like every output of this package they are camelCase here.
 */
export interface GetScriptStatisticsResult {
  /** Requests served in the range (`TotalRequestsServed`). */
  totalRequestsServed: number;
  /** CPU time used in the range (`TotalCpuUsed`). */
  totalCpuUsed: number;
  /** Cost of the month (`TotalMonthlyCost`). */
  totalMonthlyCost: number;
  /** Average CPU time of one execution (`AverageCpuTimePerExecution`). */
  averageCpuTimePerExecution: number;
  /** Requests served per timestamp (`RequestsServedChart`). */
  requestsServedChart: Record<string, number>;
  /** Average CPU time per timestamp (`AverageCpuTimeChart`). */
  averageCpuTimeChart: Record<string, number>;
  /** Total CPU time per timestamp (`TotalCpuTimeChart`). */
  totalCpuTimeChart: Record<string, number>;
}

/** The platform's statistics in this package's casing. */
function camelCased(s: ScriptStatistics): GetScriptStatisticsResult {
  return {
    totalRequestsServed: s.TotalRequestsServed,
    totalCpuUsed: s.TotalCpuUsed,
    totalMonthlyCost: s.TotalMonthlyCost,
    averageCpuTimePerExecution: s.AverageCpuTimePerExecution,
    requestsServedChart: s.RequestsServedChart,
    averageCpuTimeChart: s.AverageCpuTimeChart,
    totalCpuTimeChart: s.TotalCpuTimeChart,
  };
}

/**
 * Reads the usage statistics of an edge script (GET `/compute/script/{id}/statistics`).
 * Dates are sent as ISO 8601 date-times (UTC): a date-only `dateFrom` is the start of that
 * day, a date-only `dateTo` its end; a date-time needs a time zone (`Z` or `±hh:mm`).
 *
 * ```ts
 * const s = await edge.compute.getScriptStatistics({ scriptId: 1, dateFrom: "2024-05-01", hourly: true });
 * s.totalRequestsServed; Object.entries(s.requestsServedChart);
 * ```
 * @throws InvalidArgumentError for a bad `scriptId`, an invalid date (naming `dateFrom` or
 * `dateTo`), or `dateFrom` after `dateTo`.
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown script).
 */
export async function getScriptStatistics(
  args: GetScriptStatisticsArgs,
  opts: DataSourceOptions = {},
): Promise<GetScriptStatisticsResult> {
  try {
    const { scriptId, loadLatest, hourly, ...range } = checkArgs(
      OPERATION,
      getScriptStatisticsArgs,
      args,
    );
    // Date-only strings become date-times (dateFrom: start of the day, dateTo: its end, UTC);
    // anything the published spec would refuse is refused here, before the call.
    const { dateFrom, dateTo } = statisticsRange(
      range as { dateFrom?: string | Date; dateTo?: string | Date },
    );
    if (dateFrom && dateTo && dateFrom > dateTo) {
      fail(OPERATION, "dateFrom", `must not be after dateTo (${dateFrom} > ${dateTo})`);
    }
    const stats = await (
      await connectedClient(opts)
    ).compute.getScriptStatistics(scriptId, {
      ...(dateFrom ? { dateFrom } : {}),
      ...(dateTo ? { dateTo } : {}),
      ...(loadLatest !== undefined ? { loadLatest } : {}),
      ...(hourly !== undefined ? { hourly } : {}),
    });
    return camelCased(stats);
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getScriptStatistics} (accepts Inputs). */
export function getScriptStatisticsOutput(
  args: Inputs<GetScriptStatisticsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetScriptStatisticsResult> {
  return dataSourceOutput(args, opts, getScriptStatistics);
}
