/**
 * The TypeBox declarations of the arguments of the pull-zone data sources (pullzones.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { INT32_MAX, NON_BLANK } from "edgeplatform-client/spec/runtime";

export const checkNameAvailabilityArgsSchema = Type.Object(
  {
    /** Pull-zone name to check. */
    name: Type.String({ pattern: NON_BLANK }),
  },
  { additionalProperties: false },
);

export const getPullZoneArgsSchema = Type.Object(
  {
    /** ID of the pull zone. Give either this or `name`. */
    pullZoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX })),
    /**
     * Name of the pull zone, exactly (case-insensitive; not a search). Give either this or
     * `pullZoneId`.
     */
    name: Type.Optional(Type.String({ pattern: NON_BLANK })),
  },
  { additionalProperties: false },
);

export const getPullZonesArgsSchema = Type.Object(
  {
    /** Only the zones whose name contains this text (the platform's `search`). */
    search: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
