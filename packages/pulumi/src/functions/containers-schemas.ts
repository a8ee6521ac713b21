/**
 * The TypeBox declarations of the arguments of the containers data sources (containers.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { NON_BLANK } from "edgeplatform-client/spec/runtime";
import { positiveId } from "./schema-helpers";

export const getRegistryArgsSchema = Type.Object(
  {
    /** ID of the container registry (int64). */
    registryId: positiveId(),
  },
  { additionalProperties: false },
);

export const getRegionSettingsArgsSchema = Type.Object(
  {
    /** ID of the application. */
    appId: Type.String({ pattern: NON_BLANK }),
  },
  { additionalProperties: false },
);

export const getContainerAppArgsSchema = Type.Object(
  {
    /** ID of the application (`app-…`). */
    appId: Type.String({ pattern: NON_BLANK }),
  },
  { additionalProperties: false },
);

export const getContainerAppsArgsSchema = Type.Object(
  {
    /** Only the applications with exactly this name (case-sensitive); default: every one. */
    name: Type.Optional(Type.String({ pattern: NON_BLANK })),
  },
  { additionalProperties: false },
);
