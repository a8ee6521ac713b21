/**
 * `check` of `edge.shield.RateLimitRule`: validates the inputs against the schema module
 * and returns them AS THE PROGRAM WROTE THEM (an enumeration name stays a name, so that
 * `preview --diff` shows `actionType: "RateLimit" => "Challenge"`; the integer is what goes
 * on the wire). No API call.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  INT32_MAX,
  normalizeRuleConfiguration,
  ruleConfigurationSchema,
  validate,
} from "edgeplatform-client/spec";
import {
  checkInteger,
  checkType,
  containsUnknown,
  Failure,
  isPlainObject,
  isUnknown,
  safeCheck,
  unknownProperties,
} from "./common";

/** Top-level input names. */
export const RATE_LIMIT_RULE_INPUTS = [
  "ruleId",
  "shieldZoneId",
  "pullZoneId",
  "ruleName",
  "ruleDescription",
  "ruleConfiguration",
  "deleteOnDestroy",
] as const;

/** The three ways to say which rule a resource is; exactly one is set. */
const PLACEMENT = {
  ruleId: "ruleId (adopt an existing rule)",
  shieldZoneId: "shieldZoneId (create a new rule in that shield zone)",
  pullZoneId: "pullZoneId (create a new rule in the shield zone of that pull zone)",
} as const;

/** Copy of `v` with unknown values left out (so that validation skips them). */
function stripUnknowns(v: unknown): unknown {
  if (Array.isArray(v)) return v.some(containsUnknown) ? undefined : v;
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (isUnknown(x)) continue;
      const s = stripUnknowns(x);
      if (s !== undefined) out[k] = s;
    }
    return out;
  }
  return v;
}

const isSet = (v: unknown) => v !== undefined && v !== null;

/** Validates the inputs; returns them unchanged (the program's form). Never throws. */
export function checkRateLimitRule(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const failures: Failure[] = [...unknownProperties(n, RATE_LIMIT_RULE_INPUTS)];
    const placed = (Object.keys(PLACEMENT) as (keyof typeof PLACEMENT)[]).filter((k) =>
      isSet(n[k]),
    );
    if (placed.length > 1) {
      failures.push({
        property: placed[1],
        reason: `set exactly one of ${Object.values(PLACEMENT).join(", ")}; got ${placed.join(" and ")}`,
      });
    } else if (placed.length === 0) {
      failures.push({
        property: "shieldZoneId",
        reason: `one of ${Object.values(PLACEMENT).join(", ")} is required`,
      });
    }
    for (const k of Object.keys(PLACEMENT)) {
      failures.push(...checkInteger(n[k] ?? undefined, k, 1, INT32_MAX, "an integer"));
    }
    failures.push(...checkType(n.ruleName, "ruleName", "string", { nullable: true }));
    failures.push(...checkType(n.ruleDescription, "ruleDescription", "string", { nullable: true }));
    failures.push(...checkType(n.deleteOnDestroy, "deleteOnDestroy", "boolean"));
    const creates = placed.length === 1 && placed[0] !== "ruleId";
    if (
      creates &&
      !isUnknown(n.ruleName) &&
      (typeof n.ruleName !== "string" || n.ruleName === "")
    ) {
      failures.push({
        property: "ruleName",
        reason:
          "is required when creating a rule (shieldZoneId or pullZoneId): names are unique in a " +
          "zone, and the name is how a create is made idempotent",
      });
    }
    const config = n.ruleConfiguration;
    if (config === undefined || config === null) {
      failures.push({ property: "ruleConfiguration", reason: "is required (an object)" });
    } else if (!isUnknown(config)) {
      const wire = normalizeRuleConfiguration(config);
      failures.push(...validate(ruleConfigurationSchema, stripUnknowns(wire), "ruleConfiguration"));
      const count = isPlainObject(wire) ? wire.requestCount : undefined;
      if (typeof count === "number" && Number.isInteger(count) && count <= 0) {
        failures.push({
          property: "ruleConfiguration.requestCount",
          reason: `must be greater than 0; got ${count}`,
        });
      }
    }
    return { inputs: n, failures };
  });
}
