/**
 * `check` of `edge.shield.RateLimitRule` (the zone-object engine's check, zone-objects/check.ts,
 * for the rate-limit rule's declaration). No API call.
 */
import { checkFor } from "../zone-objects/check";
import { rateLimitFields, rateLimitRuleKind } from "../../kinds/collections/rate-limit-rule";
import { configurationPlan } from "../zone-objects/plan";

/** Validates the inputs; returns them with enumeration values as names. Never throws. */
export const checkRateLimitRule = checkFor(rateLimitRuleKind, configurationPlan(rateLimitFields));
