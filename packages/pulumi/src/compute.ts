/** Compute area: edge scripts (their code and live release), their variables, and their statistics. */
// The resources of the area, from the list of kinds (kinds/kind-list.json, npm run kinds).
export * from "./resources/public/compute.generated";
export { getScriptStatistics, getScriptStatisticsOutput } from "./functions/compute";
export type { GetScriptStatisticsArgs, GetScriptStatisticsResult } from "./functions/compute";
export {
  getEdgeScript,
  getEdgeScriptOutput,
  getEdgeScripts,
  getEdgeScriptsOutput,
  getReleases,
  getReleasesOutput,
} from "./functions/compute-scripts";
export type {
  EdgeScriptLinkedPullZoneResult,
  EdgeScriptReleaseResult,
  EdgeScriptSummaryResult,
  EdgeScriptVariableResult,
  GetEdgeScriptArgs,
  GetEdgeScriptResult,
  GetEdgeScriptsArgs,
  GetEdgeScriptsResult,
  GetReleasesArgs,
  GetReleasesResult,
} from "./functions/compute-scripts";
