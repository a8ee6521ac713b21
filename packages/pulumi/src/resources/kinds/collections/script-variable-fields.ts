/**
 * The provider of `edge.compute.ScriptVariable`: its `check` (before any call) and the
 * collection engine's provider built from its declaration, whose boundary applies the kind's
 * spelling (script-variable.ts `SCRIPT_VARIABLE_SPELLING`: `variableId`, `scriptId`, `name`,
 * flat fields `defaultValue`, `required`).
 *
 * The variable API is keyed by script, so `scriptId` is always given: with `variableId` it
 * adopts that variable of the script, without it a new variable is created under `name`
 * (unique in the script).
 */
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { isUnknown } from "../../core/common";
import { flatCheck } from "../../core/zone-objects/boundary";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
import { scriptVariableKind, type SCRIPT_VARIABLE_FIELDS } from "./script-variable";
import type { scriptVariableInputsSchema as ScriptVariableInputsSchema } from "./script-variable-schemas";

/** A variable's managed fields, by public name. */
export type ScriptVariableField = keyof typeof SCRIPT_VARIABLE_FIELDS;

const inputsSchema = schemaRef<typeof ScriptVariableInputsSchema>(
  __dirname,
  "./script-variable-schemas",
  "scriptVariableInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The `check` of a script variable: validates the inputs (no call). */
export const checkScriptVariableInputs = flatCheck(scriptVariableKind, {
  inputsSchema,
  parentRequired:
    "is required: the edge script of the variable (with variableId to adopt one of it)",
  own: (n, out, failures) => {
    if (
      !isSet(n.variableId) &&
      !isUnknown(n.name) &&
      (typeof n.name !== "string" || n.name === "")
    ) {
      failures.push({
        property: "name",
        reason:
          "is required when creating a variable (no variableId): it is the variable's name, " +
          "unique in its script, and how a create is made idempotent",
      });
    }
  },
});

/** The engine built from the declaration, with the kind's own check. */
export const scriptVariableEngine = zoneObjectProvider(scriptVariableKind, {
  check: checkScriptVariableInputs,
});

/** The fields the diff finds changed, by their public names (no API call). */
export const scriptVariableFieldChanges = scriptVariableEngine.fieldChanges;

/** The dynamic provider of `edge.compute.ScriptVariable` (what the serialized stub calls). */
export const scriptVariableProvider = scriptVariableEngine.provider;
