/**
 * The provider of `edge.compute.ScriptSecret`: its `check` (before any call) and the
 * collection engine's provider built from its declaration, whose boundary applies the kind's
 * spelling (script-secret.ts `SCRIPT_SECRET_SPELLING`: `secretId`, `scriptId`, `name`, the
 * flat field `value`).
 *
 * The secret API is keyed by script, so `scriptId` is always given: with `secretId` it adopts
 * that secret of the script, without it a new secret is created under `name` (unique in the
 * script). `value` is required to create; an adopt (`secretId`) without it leaves the value
 * as it is (what `pulumi import` gives: the platform has no value to read). No failure of the
 * check quotes the value.
 */
import { EdgeScriptLimits, schemaRef } from "edgeplatform-client/spec/runtime";
import { isUnknown } from "../../core/common";
import { flatCheck } from "../../core/zone-objects/boundary";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
import { scriptSecretKind } from "./script-secret";
import type { scriptSecretInputsSchema as ScriptSecretInputsSchema } from "./script-secret-schemas";

const inputsSchema = schemaRef<typeof ScriptSecretInputsSchema>(
  __dirname,
  "./script-secret-schemas",
  "scriptSecretInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The `check` of a script secret: validates the inputs (no call), never quoting the value. */
export const checkScriptSecretInputs = flatCheck(scriptSecretKind, {
  inputsSchema,
  parentRequired: "is required: the edge script of the secret (with secretId to adopt one of it)",
  own: (n, out, failures) => {
    if (!isSet(n.secretId) && !isUnknown(n.name) && (typeof n.name !== "string" || n.name === "")) {
      failures.push({
        property: "name",
        reason:
          "is required when creating a secret (no secretId): it is the secret's name, unique " +
          "in its script, and how a create is made idempotent",
      });
    }
    const v = n.value;
    if (isUnknown(v) || (v === undefined && isSet(n.secretId))) return;
    if (typeof v !== "string") {
      failures.push({
        property: "value",
        reason:
          "is required when creating a secret (no secretId): the secret's value (a string; " +
          "with secretId, left out: the value is not managed)",
      });
    } else if (v.length > EdgeScriptLimits.value) {
      failures.push({
        property: "value",
        reason: `is ${v.length} characters long: at most ${EdgeScriptLimits.value} are allowed`,
      });
    }
  },
});

/** The engine built from the declaration, with the kind's own check. */
export const scriptSecretEngine = zoneObjectProvider(scriptSecretKind, {
  check: checkScriptSecretInputs,
});

/** The fields the diff finds changed, by their public names (no API call). */
export const scriptSecretFieldChanges = scriptSecretEngine.fieldChanges;

/** The dynamic provider of `edge.compute.ScriptSecret` (what the serialized stub calls). */
export const scriptSecretProvider = scriptSecretEngine.provider;
