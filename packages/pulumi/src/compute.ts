/** Compute area: edge script statistics. */
export { getScriptStatistics, getScriptStatisticsOutput } from "./functions/compute";
export type { GetScriptStatisticsArgs, GetScriptStatisticsResult } from "./functions/compute";
