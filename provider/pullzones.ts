/** Pull-zone area: name availability. */
export { checkNameAvailability, checkNameAvailabilityOutput } from "./functions/pullzones";
export type { CheckNameAvailabilityResult } from "./functions/pullzones";
