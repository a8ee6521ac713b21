/**
 * The TypeBox declaration of the rule kinds' top-level inputs for `check` (a schema module:
 * the build precompiles each exported `*Schema`, and `check` refers to them with `schemaRef`,
 * so the provider host loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { INT32_MAX } from "edgeplatform-client/spec/runtime";

const ruleIdentity = () =>
  Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: INT32_MAX }), Type.Null()]));
const nullableText = () => Type.Optional(Type.Unsafe<string | null>({ type: ["string", "null"] }));

/**
 * The top-level inputs (`ruleConfiguration` is validated on its own, after enum names are
 * turned into their integers, against the kind's configuration schema).
 */
export const ruleInputsSchema = Type.Object(
  {
    ruleId: ruleIdentity(),
    shieldZoneId: ruleIdentity(),
    pullZoneId: ruleIdentity(),
    ruleName: nullableText(),
    ruleDescription: nullableText(),
    ruleConfiguration: Type.Optional(Type.Unsafe<unknown>({})),
    deleteOnDestroy: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
