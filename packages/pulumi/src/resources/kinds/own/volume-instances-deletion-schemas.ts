/**
 * The TypeBox declarations of `edge.containers.VolumeInstancesDeletion`'s `check` (a schema module: the build precompiles each
 * exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";

/** The inputs, checked with the project's one validator (required: see the check). */
export const volumeInstancesDeletionInputsSchema = Type.Object(
  {
    appId: Type.Optional(Type.String({ minLength: 1 })),
    volumeId: Type.Optional(Type.String({ minLength: 1 })),
    /** Any change of it runs the deletion again. */
    triggers: Type.Optional(Type.Union([Type.Array(Type.Unknown()), Type.Null()])),
  },
  { additionalProperties: false },
);
