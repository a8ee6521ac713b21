/**
 * Pure planning for `edge.shield.RateLimitRule` (no I/O): the zone-object engine's field
 * semantics (zone-objects/plan.ts, zone-objects/state.ts) for the rate-limit rule's
 * declaration, under the names this module always had.
 */
import { rateLimitFields } from "./rate-limit-rule";
import { configurationPlan } from "../../core/zone-objects/plan";
import { spellingFields } from "../../core/zone-objects/parent";
import { shieldZoneParent } from "../parents/shield-zone";
import { statePlan } from "../../core/zone-objects/state";
import type { RuleInputs, RuleOutputs } from "./rule-object";

export { REQUIRED_FOR_CREATE } from "./rate-limit-rule";
export {
  deletesOnDestroy,
  inputsFromOutputs,
  isAdoptMode,
  managesTop,
  originOf,
  replacedBy,
} from "../../core/zone-objects/state";
export type { PatchField, TopField } from "../../core/zone-objects/state";

/** Inputs of a rate-limit rule after `check` (enumerations by name). */
export type RateLimitRuleInputs = RuleInputs;
/** State of a rate-limit rule (managed fields only, holding the platform's values). */
export type RateLimitRuleOutputs = RuleOutputs;

const plan = statePlan(configurationPlan(rateLimitFields), spellingFields(shieldZoneParent));

export const {
  sameField,
  renderLike,
  renderManaged,
  changedConfigFields,
  mergeConfiguration,
  missingForCreate,
  fieldsToPatch,
  patchFor,
  toOutputs,
  planChanges,
} = plan;
