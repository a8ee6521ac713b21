/**
 * The provider of `edge.pullzones.OptimizerClass`: its `check` (before any call) and the
 * zone-object engine's provider built from its declaration, whose boundary applies the kind's
 * spelling (optimizer-class.ts `OPTIMIZER_CLASS_SPELLING`: `className`, `pullZoneId`, `name`,
 * `properties`).
 *
 * The class API is the pull zone's, so `pullZoneId` is always given: with `className` it
 * adopts that class of the zone, without it a new class is created under `name` (unique in
 * the zone). The state holds `properties` as the platform holds them; left out by the
 * program, they are reported and listed in `unmanaged`.
 */
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { isPlainObject, isUnknown, type Failure } from "../../core/common";
import { flatCheck } from "../../core/zone-objects/boundary";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
import { optimizerClassKind } from "./optimizer-class";
import type { optimizerClassInputsSchema as InputsSchema } from "./optimizer-class-schemas";

const inputsSchema = schemaRef<typeof InputsSchema>(
  __dirname,
  "./optimizer-class-schemas",
  "optimizerClassInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;

/** A class's name: what the platform puts in a query string (`?class=<name>`). */
const NAME = /^[A-Za-z0-9_-]+$/;

/** Problems of a class name given as `field`. */
function nameFailures(field: string, v: unknown): Failure[] {
  if (isUnknown(v) || (typeof v === "string" && NAME.test(v))) return [];
  return [
    {
      property: field,
      reason:
        "must be a class name of letters, digits, `-` and `_` (it is used in the query " +
        `string, \`?class=<name>\`); got ${JSON.stringify(v)}`,
    },
  ];
}

/** Problems of `properties`: a map of setting name → string value. */
function propertyFailures(p: unknown): Failure[] {
  if (!isSet(p) || isUnknown(p)) return [];
  if (!isPlainObject(p)) {
    return [{ property: "properties", reason: "must be a map of setting → value (strings)" }];
  }
  const out: Failure[] = [];
  for (const [k, v] of Object.entries(p)) {
    if (k === "") out.push({ property: "properties", reason: "a setting's name may not be empty" });
    if (!isUnknown(v) && typeof v !== "string") {
      out.push({
        property: `properties.${k}`,
        reason: `must be a string (the platform holds every value as text); got ${JSON.stringify(v)}`,
      });
    }
  }
  return out;
}

/** The `check` of an optimizer class: validates the inputs before any call. */
export const checkOptimizerClassInputs = flatCheck(optimizerClassKind, {
  inputsSchema,
  parentRequired: "is required: the pull zone of the class (with className to adopt a class of it)",
  own: (n, out, failures) => {
    if (isSet(n.className)) {
      failures.push(...nameFailures("className", n.className));
      if (
        isSet(n.name) &&
        !isUnknown(n.name) &&
        !isUnknown(n.className) &&
        n.name !== n.className
      ) {
        failures.push({
          property: "name",
          reason: `must be the adopted class's name (${String(n.className)}) or left out: a class cannot be renamed`,
        });
      }
    } else if (!isSet(n.name)) {
      failures.push({
        property: "name",
        reason:
          "is required when creating an optimizer class (no className): it is the class's " +
          "identity, unique in its pull zone",
      });
    } else {
      failures.push(...nameFailures("name", n.name));
    }
    failures.push(...propertyFailures(n.properties));
  },
});

/** The engine built from the declaration, with the kind's own check. */
export const optimizerClassEngine = zoneObjectProvider(optimizerClassKind, {
  check: checkOptimizerClassInputs,
});

/** The fields the diff finds changed, by their public names. No API call. */
export const optimizerClassFieldChanges = optimizerClassEngine.fieldChanges;

/** The dynamic provider of `edge.pullzones.OptimizerClass` (what the serialized stub calls). */
export const optimizerClassProvider = optimizerClassEngine.provider;
