/**
 * The provider of `edge.pullzones.EdgeRule`: its `check` (before any call), its public types,
 * and the zone-object engine's provider built from its declaration, whose boundary applies
 * the kind's spelling (edge-rule.ts `EDGE_RULE_SPELLING`: `edgeRuleId`, `pullZoneId`,
 * `description`, flat fields `actionType`, …, `priority`).
 *
 * The rule API is keyed by pull zone, so `pullZoneId` is always given: with `edgeRuleId` it
 * adopts that rule of the zone, without it a new rule is created under `description` (its
 * name, unique in the zone). The state holds every field as the platform holds it
 * (enumerations by name): the fields the program writes are managed, the others reported and
 * listed in `unmanaged`.
 */
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { isPlainObject, isUnknown, type Failure } from "../../core/common";
import { flatCheck } from "../../core/zone-objects/boundary";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
import { EDGE_RULE_ENUMS, EDGE_RULE_FIELDS, edgeRuleKind } from "./edge-rule";
import type { edgeRuleInputsSchema as EdgeRuleInputsSchema } from "./edge-rule-schemas";

/** A trigger of an edge rule (enumerations by name). */
export interface EdgeRuleTriggerInput {
  type: string;
  patternMatches: string[];
  patternMatchingType?: string;
  parameter1?: string | null;
}

/** A rule's managed fields, by public name. */
export type EdgeRuleField = keyof typeof EDGE_RULE_FIELDS;

/** Inputs of an edge rule after `check` (enumerations by name). */
export interface EdgeRuleInputs {
  edgeRuleId?: string | null;
  pullZoneId?: number;
  description?: string;
  actionType?: string;
  actionParameter1?: string | null;
  actionParameter2?: string | null;
  triggers?: EdgeRuleTriggerInput[];
  triggerMatchingType?: string;
  enabled?: boolean;
  priority?: number;
  deleteOnDestroy?: boolean;
}

/** State of an edge rule: identity, mode, every field as the platform holds it. */
export interface EdgeRuleOutputs extends Omit<EdgeRuleInputs, "edgeRuleId" | "pullZoneId"> {
  edgeRuleId: string;
  pullZoneId: number;
  adopted: boolean;
  origin?: "adopted" | "created";
  /** Fields reported but not managed (left out by the program). */
  unmanaged?: (EdgeRuleField | "description")[];
  readOnly?: boolean;
}

const inputsSchema = schemaRef<typeof EdgeRuleInputsSchema>(
  __dirname,
  "./edge-rule-schemas",
  "edgeRuleInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The name of an enumeration value (a name in any case, or the integer), or a failure. */
function enumInput(field: string, property: string, v: unknown, failures: Failure[]) {
  const e = EDGE_RULE_ENUMS[field];
  const hit =
    typeof v === "number"
      ? Object.keys(e).find((k) => e[k] === v)
      : typeof v === "string"
        ? Object.keys(e).find((k) => k.toLowerCase() === v.toLowerCase())
        : undefined;
  if (hit !== undefined) return hit;
  failures.push({
    property,
    reason: `must be one of ${Object.keys(e).join(", ")} (or its integer); got ${JSON.stringify(v)}`,
  });
  return v;
}

const TRIGGER_KEYS = ["type", "patternMatches", "patternMatchingType", "parameter1"];

/** One trigger checked, its enumerations as names. */
function checkTrigger(t: unknown, at: string, failures: Failure[]): unknown {
  if (isUnknown(t)) return t;
  if (!isPlainObject(t)) {
    failures.push({ property: at, reason: "must be an object ({type, patternMatches, …})" });
    return t;
  }
  const out: Record<string, unknown> = { ...t };
  for (const k of Object.keys(t)) {
    if (!TRIGGER_KEYS.includes(k)) {
      failures.push({
        property: `${at}.${k}`,
        reason: `is not a field of a trigger (${TRIGGER_KEYS.join(", ")})`,
      });
    }
  }
  if (!isSet(t.type)) failures.push({ property: `${at}.type`, reason: "is required" });
  else if (!isUnknown(t.type)) out.type = enumInput("type", `${at}.type`, t.type, failures);
  if (isSet(t.patternMatchingType) && !isUnknown(t.patternMatchingType)) {
    out.patternMatchingType = enumInput(
      "patternMatchingType",
      `${at}.patternMatchingType`,
      t.patternMatchingType,
      failures,
    );
  }
  const pm = t.patternMatches;
  if (
    !isUnknown(pm) &&
    (!Array.isArray(pm) || pm.some((x) => !isUnknown(x) && typeof x !== "string"))
  ) {
    failures.push({ property: `${at}.patternMatches`, reason: "is required: a list of strings" });
  }
  if (isSet(t.parameter1) && !isUnknown(t.parameter1) && typeof t.parameter1 !== "string") {
    failures.push({ property: `${at}.parameter1`, reason: "must be a string" });
  }
  return out;
}

/** The `check` of an edge rule: validates the inputs; returns them with enumeration names. */
export const checkEdgeRuleInputs = flatCheck(edgeRuleKind, {
  inputsSchema,
  parentRequired: "is required: the pull zone of the rule (with edgeRuleId to adopt a rule of it)",
  own: (n, out, failures) => {
    if (!isSet(n.edgeRuleId)) {
      if (
        !isUnknown(n.description) &&
        (typeof n.description !== "string" || n.description === "")
      ) {
        failures.push({
          property: "description",
          reason:
            "is required when creating an edge rule (no edgeRuleId): it is the rule's name, " +
            "unique in its pull zone, and how a create is made idempotent",
        });
      }
      for (const f of ["actionType", "triggers"]) {
        if (!isSet(n[f])) {
          failures.push({ property: f, reason: "is required when creating an edge rule" });
        }
      }
    }
    for (const f of ["actionType", "triggerMatchingType"]) {
      if (isSet(n[f]) && !isUnknown(n[f])) out[f] = enumInput(f, f, n[f], failures);
    }
    const triggers = n.triggers;
    if (isSet(triggers) && !isUnknown(triggers)) {
      if (!Array.isArray(triggers)) {
        failures.push({ property: "triggers", reason: "must be a list of triggers" });
      } else {
        out.triggers = triggers.map((t, i) => checkTrigger(t, `triggers[${i}]`, failures));
      }
    }
  },
});

/** The engine built from the declaration, with the kind's own check. */
export const edgeRuleEngine = zoneObjectProvider(edgeRuleKind, { check: checkEdgeRuleInputs });

/**
 * The fields the diff finds changed, by their public names: the engine's per-field report of
 * the mapped inputs and state. No API call.
 */
export const edgeRuleFieldChanges = edgeRuleEngine.fieldChanges;

/** The dynamic provider of `edge.pullzones.EdgeRule` (what the serialized stub calls). */
export const edgeRuleProvider = edgeRuleEngine.provider;
