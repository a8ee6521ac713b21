/**
 * The TypeBox declarations of `edge.pullzones.EdgeRule`'s `check` (a schema module: the build
 * precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`). The
 * configuration is checked in its wire form: enumeration names already turned into the
 * platform's integers (the client's generated pull-zone enumerations).
 */
import { Type } from "@sinclair/typebox";
import {
  EdgeRuleActionType,
  INT32_MAX,
  PatternMatchingTypes,
  TriggerMatchingTypes,
  TriggerTypes,
} from "edgeplatform-client/spec/runtime";

/** One of an enumeration's integers. */
const oneOf = (e: Record<string, number>) =>
  Type.Unsafe<number>({ type: "integer", enum: [...new Set(Object.values(e))] });
const nullableText = () => Type.Optional(Type.Unsafe<string | null>({ type: ["string", "null"] }));

/** One trigger of an edge rule (wire form). */
const trigger = Type.Object(
  {
    type: oneOf(TriggerTypes),
    patternMatches: Type.Array(Type.String()),
    patternMatchingType: Type.Optional(oneOf(PatternMatchingTypes)),
    parameter1: nullableText(),
  },
  { additionalProperties: false },
);

/** The engine's configuration of an edge rule (wire form). */
export const edgeRuleConfigurationSchema = Type.Object(
  {
    actionType: Type.Optional(oneOf(EdgeRuleActionType)),
    actionParameter1: nullableText(),
    actionParameter2: nullableText(),
    triggers: Type.Optional(Type.Array(trigger)),
    triggerMatchingType: Type.Optional(oneOf(TriggerMatchingTypes)),
    enabled: Type.Optional(Type.Boolean()),
    priority: Type.Optional(Type.Integer({ minimum: -INT32_MAX - 1, maximum: INT32_MAX })),
  },
  { additionalProperties: false },
);

/** The public inputs of an edge rule (enumerations and triggers are checked apart). */
export const edgeRuleInputsSchema = Type.Object(
  {
    edgeRuleId: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])),
    pullZoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX })),
    description: Type.Optional(Type.String()),
    actionType: Type.Optional(Type.Unsafe<unknown>({})),
    actionParameter1: nullableText(),
    actionParameter2: nullableText(),
    triggers: Type.Optional(Type.Unsafe<unknown>({})),
    triggerMatchingType: Type.Optional(Type.Unsafe<unknown>({})),
    enabled: Type.Optional(Type.Boolean()),
    priority: Type.Optional(Type.Integer({ minimum: -INT32_MAX - 1, maximum: INT32_MAX })),
    deleteOnDestroy: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
