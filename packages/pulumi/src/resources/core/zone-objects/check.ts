/**
 * `check` of every zone-object kind: validates the inputs against the schema module and the
 * kind's configuration schema, and returns them with every enumeration value as its NAME,
 * whether the program wrote the integer (an exported enumeration constant) or the name
 * in any case: `preview --diff` shows the inputs `check` returns, so a reviewer reads
 * `actionType: "RateLimit" => "Challenge"`; the integer is what goes on the wire. No API call.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { validate } from "edgeplatform-client/spec/runtime";
import {
  checkInputs,
  Failure,
  isPlainObject,
  isUnknown,
  ownerConflicts,
  safeCheck,
  stripUnknowns,
} from "../common";
import { capabilitiesOf } from "./capabilities";
import { uniqueIn, withArticle } from "./create-messages";
import { wordsOf, type ZoneObjectKind } from "./kind";
import { placingFields } from "./parent";
import type { ConfigurationPlan } from "./plan";
import { publicName } from "./spelling";

const isSet = (v: unknown) => v !== undefined && v !== null;

/**
 * The ways to say which object a resource is, each with what it does (exactly one is set):
 * its id (adopt), its parent's field or another spelling of the parent (create).
 */
function placements(kind: ZoneObjectKind): Map<string, string> {
  const w = wordsOf(kind);
  const { parent } = kind;
  return new Map([
    [w.id, `${w.id} (adopt an existing ${w.one})`],
    [parent.field, `${parent.field} (create a new ${w.one} in that ${parent.word})`],
    ...(parent.spellings ?? []).map(
      (s) =>
        [s.field, `${s.field} (create a new ${w.one} in the ${parent.word} of that ${s.word})`] as [
          string,
          string,
        ],
    ),
  ]);
}

/**
 * Whether `check` sees a resource that will create an object: no previous inputs (a new
 * resource), or previous inputs in another parent, however spelled (a replacement).
 */
function createsNewObject(
  fields: readonly string[],
  olds: unknown,
  news: Record<string, unknown>,
): boolean {
  if (!isPlainObject(olds) || Object.keys(olds).filter((k) => k !== "__provider").length === 0) {
    return true;
  }
  return fields.some(
    (k) => isSet(olds[k]) && isSet(news[k]) && !isUnknown(news[k]) && olds[k] !== news[k],
  );
}

/**
 * The `check` of a kind whose configuration is one nested field (its spelling's `nested`,
 * its top-level shape its `inputsSchema`), in its public names: validates the inputs; returns
 * them with enumeration names. A new object (zone mode, no previous inputs) must also carry
 * the configuration fields it cannot exist without. Never throws.
 */
export const checkFor =
  (kind: ZoneObjectKind, plan: ConfigurationPlan) =>
  (olds: unknown, news: unknown): dynamic.CheckResult =>
    safeCheck(news, (n) => {
      const w = wordsOf(kind);
      const { fields, inputsSchema } = kind.spelling;
      if (!("nested" in fields) || !inputsSchema) {
        throw new Error(`${kind.typeName}: the engine's check needs a nested configuration`);
      }
      const cfg = fields.nested;
      const name = w.name;
      const ways = placements(kind);
      const says = [...ways.values()].join(", ");
      const conflicts = ownerConflicts(n, [w.id]);
      if (conflicts.length > 0) return { inputs: n, failures: conflicts };
      const failures: Failure[] = checkInputs(inputsSchema as Parameters<typeof checkInputs>[0], n);
      const placed = [...ways.keys()].filter((k) => isSet(n[k]));
      if (placed.length > 1) {
        failures.push({
          property: placed[1],
          reason: `set exactly one of ${says}; got ${placed.join(" and ")}`,
        });
      } else if (placed.length === 0) {
        failures.push({ property: kind.parent.field, reason: `one of ${says} is required` });
      }
      const creates = placed.length === 1 && placed[0] !== w.id;
      const was = isPlainObject(olds) ? [...ways.keys()].find((k) => isSet(olds[k])) : undefined;
      const spelled = (f: unknown) => f !== w.id && f !== kind.parent.field;
      if (
        creates &&
        was !== undefined &&
        was !== placed[0] &&
        (spelled(was) || spelled(placed[0])) &&
        isPlainObject(olds) &&
        typeof olds[name] === "string" &&
        typeof n[name] === "string" &&
        !isUnknown(n[name]) &&
        n[name] !== olds[name]
      ) {
        // Another spelling of a parent may name the very parent the object is in (a parent
        // reached through another object): the replacement would not find the object under its new name,
        // create a second one beside it, and (an adopted one) leave the first one in force.
        failures.push({
          property: w.name,
          reason:
            `cannot change together with the addressing (${was} to ${placed[0]}): the ${w.one} ` +
            `would be created again beside ${w.one} "${String(olds[name])}" instead of renamed. Change ` +
            `${w.name} alone first, run \`pulumi up\`, then change ${was} to ${placed[0]}`,
        });
      }
      if (creates && !isUnknown(n[name]) && (typeof n[name] !== "string" || n[name] === "")) {
        failures.push({
          property: w.name,
          reason:
            `is required when creating ${withArticle(w.one)} (${placingFields(kind.parent).join(" or ")}): ` +
            `names are unique in ${uniqueIn(w)}, and the name is how a create is made idempotent`,
        });
      }
      const config = n[cfg];
      if (
        creates &&
        createsNewObject(placingFields(kind.parent), olds, n) &&
        isPlainObject(config)
      ) {
        for (const missing of plan.missingForCreate({ fields: config })) {
          const property = publicName(kind, missing);
          failures.push({
            property,
            reason:
              `is required when creating ${withArticle(w.one)}: a new ${w.one} needs ` +
              plan.fields.requiredForCreate.join(", ") +
              (plan.fields.requiredNote ? ` ${plan.fields.requiredNote}` : ""),
          });
        }
      }
      if (config === undefined || config === null) {
        failures.push({ property: cfg, reason: "is required (an object)" });
      } else if (!isUnknown(config)) {
        const wire = kind.config.normalize(config);
        failures.push(...validate(kind.configurationSchema, stripUnknowns(wire), cfg));
        if (isPlainObject(wire)) failures.push(...capabilitiesOf(kind).extraChecks(wire));
      }
      return {
        inputs:
          isPlainObject(config) && !isUnknown(config) ? { ...n, [cfg]: plan.named(config) } : n,
        failures,
      };
    });
