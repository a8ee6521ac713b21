/**
 * The TypeBox declarations of `edge.pullzones.OptimizerClass`'s `check` (a schema module: the
 * build precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`).
 * A class is the published document's `PullZoneOptimizerClassModel`: a `Name` and its
 * `Properties`, a map of setting → value (strings) the class sends to the optimizer.
 */
import { Type } from "@sinclair/typebox";
import { INT32_MAX } from "edgeplatform-client/spec/runtime";

/** The properties of a class: setting name → value, both strings. */
const properties = () =>
  Type.Record(Type.String({ minLength: 1 }), Type.String(), { additionalProperties: false });

/** The engine's configuration of an optimizer class. */
export const optimizerClassConfigurationSchema = Type.Object(
  { properties: Type.Optional(properties()) },
  { additionalProperties: false },
);

/** The public inputs of an optimizer class. */
export const optimizerClassInputsSchema = Type.Object(
  {
    className: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])),
    pullZoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX })),
    name: Type.Optional(Type.String()),
    properties: Type.Optional(Type.Unsafe<unknown>({})),
    deleteOnDestroy: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
