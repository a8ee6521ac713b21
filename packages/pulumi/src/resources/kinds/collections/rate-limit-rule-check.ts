/**
 * `check` of `edge.shield.RateLimitRule` (the zone-object engine's check, zone-objects/check.ts,
 * for the rate-limit rule's declaration). No API call.
 */
import { checkFor } from "../../core/zone-objects/check";
import { rateLimitFields, rateLimitRuleKind } from "./rate-limit-rule";
import { configurationPlan } from "../../core/zone-objects/plan";

/** Validates the inputs; returns them with enumeration values as names. Never throws. */
export const checkRateLimitRule = checkFor(rateLimitRuleKind, configurationPlan(rateLimitFields));
