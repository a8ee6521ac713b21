/**
 * `check` of every zone-object kind: validates the inputs against the schema module and the
 * kind's configuration schema, and returns them with every enumeration value as its NAME,
 * whether the program wrote the integer (`edge.shield.RateLimitAction.Challenge`) or the name
 * in any case: `preview --diff` shows the inputs `check` returns, so a reviewer reads
 * `actionType: "RateLimit" => "Challenge"`; the integer is what goes on the wire. No API call.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { schemaRef, validate } from "edgeplatform-client/spec/runtime";
import {
  checkInputs,
  Failure,
  isPlainObject,
  isUnknown,
  ownerConflicts,
  safeCheck,
  stripUnknowns,
} from "../common";
import type { zoneObjectInputsSchema as ZoneObjectInputsSchema } from "./check-schemas";
import type { ZoneObjectKind } from "./kind";
import type { ConfigurationPlan } from "./plan";

/**
 * The top-level inputs (`ruleConfiguration` is validated on its own, after enum names are
 * turned into their integers, against the kind's configuration schema).
 */
const zoneObjectInputsSchema = schemaRef<typeof ZoneObjectInputsSchema>(
  __dirname,
  "./check-schemas",
  "zoneObjectInputsSchema",
);

/** The three ways to say which rule a resource is; exactly one is set. */
const PLACEMENT = {
  ruleId: "ruleId (adopt an existing rule)",
  shieldZoneId: "shieldZoneId (create a new rule in that shield zone)",
  pullZoneId: "pullZoneId (create a new rule in the shield zone of that pull zone)",
} as const;

const isSet = (v: unknown) => v !== undefined && v !== null;

/**
 * Whether `check` sees a resource that will create a rule: no previous inputs (a new
 * resource), or previous inputs in another shield zone or pull zone (a replacement).
 */
function createsNewRule(olds: unknown, news: Record<string, unknown>): boolean {
  if (!isPlainObject(olds) || Object.keys(olds).filter((k) => k !== "__provider").length === 0) {
    return true;
  }
  return (["shieldZoneId", "pullZoneId"] as const).some(
    (k) => isSet(olds[k]) && isSet(news[k]) && !isUnknown(news[k]) && olds[k] !== news[k],
  );
}

/** Which addressing field inputs use (undefined: none). */
const placementOf = (i: Record<string, unknown>) =>
  (Object.keys(PLACEMENT) as (keyof typeof PLACEMENT)[]).find((k) => isSet(i[k]));

/**
 * The `check` of a kind: validates the inputs; returns them with enumeration names.
 * A new object (zone mode, no previous inputs) must also carry the configuration fields it
 * cannot exist without. Never throws.
 */
export const checkFor =
  (kind: ZoneObjectKind, plan: ConfigurationPlan) =>
  (olds: unknown, news: unknown): dynamic.CheckResult =>
    safeCheck(news, (n) => {
      const conflicts = ownerConflicts(n, ["ruleId"]);
      if (conflicts.length > 0) return { inputs: n, failures: conflicts };
      const failures: Failure[] = checkInputs(zoneObjectInputsSchema, n);
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
      const creates = placed.length === 1 && placed[0] !== "ruleId";
      const was = isPlainObject(olds) ? placementOf(olds) : undefined;
      if (
        creates &&
        was !== undefined &&
        was !== placed[0] &&
        (was === "pullZoneId" || placed[0] === "pullZoneId") &&
        isPlainObject(olds) &&
        typeof olds.ruleName === "string" &&
        typeof n.ruleName === "string" &&
        !isUnknown(n.ruleName) &&
        n.ruleName !== olds.ruleName
      ) {
        // A pull zone may be the very shield zone the rule is in: the replacement would not
        // find the rule under its new name, create a second one beside it, and (an adopted
        // rule) leave the first one enforcing.
        failures.push({
          property: "ruleName",
          reason:
            `cannot change together with the addressing (${was} to ${placed[0]}): the rule ` +
            `would be created again beside rule "${olds.ruleName}" instead of renamed. Change ` +
            `ruleName alone first, run \`pulumi up\`, then change ${was} to ${placed[0]}`,
        });
      }
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
      if (creates && createsNewRule(olds, n) && isPlainObject(config)) {
        for (const property of plan.missingForCreate(n)) {
          failures.push({
            property,
            reason:
              `is required when creating a rule: a new rule needs ` +
              `${plan.fields.requiredForCreate.join(", ")} (variableTypes with at least one variable)`,
          });
        }
      }
      if (config === undefined || config === null) {
        failures.push({ property: "ruleConfiguration", reason: "is required (an object)" });
      } else if (!isUnknown(config)) {
        const wire = kind.config.normalize(config);
        failures.push(
          ...validate(kind.configurationSchema, stripUnknowns(wire), "ruleConfiguration"),
        );
        if (isPlainObject(wire) && kind.extraChecks) failures.push(...kind.extraChecks(wire));
      }
      return {
        inputs:
          isPlainObject(config) && !isUnknown(config)
            ? { ...n, ruleConfiguration: plan.named(config) }
            : n,
        failures,
      };
    });
