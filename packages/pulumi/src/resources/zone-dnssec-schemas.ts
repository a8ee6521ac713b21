/**
 * The TypeBox declarations of `edge.dns.ZoneDnssec`'s `check` (a schema module: the build precompiles each
 * exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";

/** The inputs, checked with the project's one validator (required: see `checkZoneDnssec`). */
export const zoneDnssecInputsSchema = Type.Object(
  {
    zoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    enabled: Type.Optional(Type.Boolean()),
    priorEnabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
