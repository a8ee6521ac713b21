/** Pull-zone area: name availability. */
export { checkNameAvailability, checkNameAvailabilityOutput } from "./functions/pullzones";
export type { CheckNameAvailabilityArgs, CheckNameAvailabilityResult } from "./functions/pullzones";
