/**
 * Implementation of the `edge.shield.RateLimitRule` dynamic resource: the zone-object engine
 * (zone-objects/) built from the rate-limit rule's declaration
 * (kinds/collections/rate-limit-rule.ts). Loaded at run time by the serialized stub in
 * `loader.ts` (`require("pulumi-edgeplatform").__providers.rateLimitRule`). This module keeps
 * the names the rest of the package and the tests import.
 */
import { rateLimitRuleKind } from "./rate-limit-rule";
import { zoneObjectProvider } from "../../core/zone-objects/provider";

export type { RateLimitRuleInputs, RateLimitRuleOutputs } from "./rate-limit-rule-plan";
export { timing } from "../../core/zone-objects/recovery";

const rateLimitRule = zoneObjectProvider(rateLimitRuleKind);

/** The rate-limit rule's operations as the zone-object engine builds them (the native plugin's). */
export const rateLimitRuleEngine = rateLimitRule;

/** Creates (zone modes) or adopts (`ruleId`) the rule. */
export const createRateLimitRule = rateLimitRule.create;
/** Reads the rule; it leaves the state only when the zone's list confirms it is gone. */
export const readRateLimitRule = rateLimitRule.read;
/** Reports replacements (another rule or zone) and in-place changes. No API call. */
export const diffRateLimitRule = rateLimitRule.diff;
/** Brings the rule to the program's values (one GET and one PATCH when a value differs). */
export const updateRateLimitRule = rateLimitRule.update;
/** Deletes the rule when `deleteOnDestroy` (default for created rules); else leaves it. */
export const deleteRateLimitRule = rateLimitRule.delete;

/** The dynamic provider of `edge.shield.RateLimitRule` (what the serialized stub calls). */
export const rateLimitRuleProvider = rateLimitRule.provider;
