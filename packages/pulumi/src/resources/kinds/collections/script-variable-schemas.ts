/**
 * The TypeBox declarations of `edge.compute.ScriptVariable`'s `check` (a schema module: the
 * build precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { EdgeScriptLimits } from "edgeplatform-client/spec/runtime";

const defaultValue = () =>
  Type.Optional(
    Type.Unsafe<string | null>({ type: ["string", "null"], maxLength: EdgeScriptLimits.value }),
  );

/** The engine's configuration of a variable. */
export const scriptVariableConfigurationSchema = Type.Object(
  { defaultValue: defaultValue(), required: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** The public inputs of a variable. */
export const scriptVariableInputsSchema = Type.Object(
  {
    variableId: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()]),
    ),
    scriptId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: EdgeScriptLimits.variableName })),
    defaultValue: defaultValue(),
    required: Type.Optional(Type.Boolean()),
    deleteOnDestroy: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
