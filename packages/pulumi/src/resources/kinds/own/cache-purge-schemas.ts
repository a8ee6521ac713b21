/**
 * The TypeBox declarations of `edge.pullzones.CachePurge`'s `check` (a schema module: the build
 * precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { INT32_MAX, NON_BLANK } from "edgeplatform-client/spec/runtime";

/** The inputs, checked with the project's one validator (the target forms: see the check). */
export const cachePurgeInputsSchema = Type.Object(
  {
    pullZoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX })),
    cacheTag: Type.Optional(Type.String({ pattern: NON_BLANK })),
    url: Type.Optional(Type.String({ pattern: "^https?://[^\\s/]+" })),
    /** Any change of it runs the purge again. */
    triggers: Type.Optional(Type.Union([Type.Array(Type.Unknown()), Type.Null()])),
  },
  { additionalProperties: false },
);
