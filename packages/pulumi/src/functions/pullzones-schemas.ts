/**
 * The TypeBox declarations of the arguments of the pull-zone data sources (pullzones.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { NON_BLANK } from "edgeplatform-client/spec/runtime";

export const checkNameAvailabilityArgsSchema = Type.Object(
  {
    /** Pull-zone name to check. */
    name: Type.String({ pattern: NON_BLANK }),
  },
  { additionalProperties: false },
);
