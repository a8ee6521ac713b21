/**
 * The TypeBox declarations of `edge.compute.ScriptSecret`'s `check` (a schema module: the
 * build precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`).
 * The value's checks never quote it: its length only (script-secret-fields.ts).
 */
import { Type } from "@sinclair/typebox";
import { EdgeScriptLimits } from "edgeplatform-client/spec/runtime";

/** The engine's configuration of a secret: its value (checked by length, never quoted). */
export const scriptSecretConfigurationSchema = Type.Object(
  { value: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

/** The public inputs of a secret, the value's text aside (checked without quoting it). */
export const scriptSecretInputsSchema = Type.Object(
  {
    secretId: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()]),
    ),
    scriptId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: EdgeScriptLimits.variableName })),
    value: Type.Optional(Type.String()),
    deleteOnDestroy: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
