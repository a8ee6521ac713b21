/** Pull-zone area: pull zones and their settings, purges, name availability and reading zones. */
// The resources of the area, from the list of kinds (kinds/kind-list.json, npm run kinds).
export * from "./resources/public/pullzones.generated";
export { checkNameAvailability, checkNameAvailabilityOutput } from "./functions/pullzones";
export type { CheckNameAvailabilityArgs, CheckNameAvailabilityResult } from "./functions/pullzones";
export {
  getPullZone,
  getPullZoneOutput,
  getPullZones,
  getPullZonesOutput,
} from "./functions/pullzones-zones";
export type {
  GetPullZoneArgs,
  GetPullZoneResult,
  GetPullZonesArgs,
  GetPullZonesResult,
  PullZoneHostnameResult,
  PullZoneResult,
} from "./functions/pullzones-zones";
export {
  getPullZoneOptimizerStatistics,
  getPullZoneOptimizerStatisticsOutput,
  getPullZoneOriginShieldQueueStatistics,
  getPullZoneOriginShieldQueueStatisticsOutput,
  getPullZoneSafeHopStatistics,
  getPullZoneSafeHopStatisticsOutput,
  getPullZoneStatistics,
  getPullZoneStatisticsOutput,
} from "./functions/pullzones-statistics";
export type {
  GetPullZoneOptimizerStatisticsArgs,
  GetPullZoneOptimizerStatisticsResult,
  GetPullZoneOriginShieldQueueStatisticsArgs,
  GetPullZoneOriginShieldQueueStatisticsResult,
  GetPullZoneSafeHopStatisticsArgs,
  GetPullZoneSafeHopStatisticsResult,
  GetPullZoneStatisticsArgs,
  GetPullZoneStatisticsResult,
  PullZoneStatisticsRangeArgs,
} from "./functions/pullzones-statistics";
