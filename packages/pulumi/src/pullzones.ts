/** Pull-zone area: pull zones and their settings, and name availability. */
// The resources of the area, from the list of kinds (kinds/kind-list.json, npm run kinds).
export * from "./resources/public/pullzones.generated";
export { checkNameAvailability, checkNameAvailabilityOutput } from "./functions/pullzones";
export type { CheckNameAvailabilityArgs, CheckNameAvailabilityResult } from "./functions/pullzones";
