/**
 * How a settings kind's inputs schema is built from its declaration (its fields, key input and
 * extra inputs): {@link settingsInputsSchema}. The schemas themselves, one `*InputsSchema` per
 * kind, are in the generated schema module `kinds/settings-inputs-schemas.ts` (the list of
 * kinds, scripts/gen-kinds.js), which the build precompiles; the engine refers to them with
 * `schemaRef` (the kind names its export), so the provider host loads neither TypeBox nor
 * ajv's compiler (see edgeplatform-client's `spec/precompiled.ts`).
 */
import { INT32_MAX } from "edgeplatform-client/spec/runtime";
import type { EngineKind } from "./engine";
import { settingsSchema, type JsonSchema } from "./kind";

const zoneId = (): JsonSchema => ({ minimum: 1, maximum: INT32_MAX, type: "integer" });

/**
 * The schema of a settings resource's inputs: the zone (`shieldZoneId` or `pullZoneId`), the
 * kind's key input, its extra inputs, its settings, and `prior` (the values before Pulumi,
 * stated by the program: the way out after an interrupted run; the settings' own schemas,
 * each also `null`, not set). No unknown properties at any depth.
 */
export function settingsInputsSchema(
  kind: Pick<EngineKind, "fields" | "keyInput" | "extraInputs" | "address" | "key">,
): JsonSchema {
  const keyName = kind.keyInput?.name;
  // A zone addressed by an input of its own (a DNS zone id) has no pull-zone spelling.
  // An object named by a string id (`address.ids: "string"`): a string of 1–200 characters.
  const zone =
    kind.address?.ids === "string"
      ? { shieldZoneId: { type: "string", minLength: 1, maxLength: 200, pattern: "^[^\\s/]+$" } }
      : kind.address
        ? { shieldZoneId: { ...zoneId(), maximum: Number.MAX_SAFE_INTEGER } }
        : { shieldZoneId: zoneId(), pullZoneId: zoneId() };
  return {
    additionalProperties: false,
    type: "object",
    properties: {
      ...zone,
      ...(keyName ? { [keyName]: { enum: [...kind.keyInput!.values] } } : {}),
      // A resolved key: by id (an integer) or by name (not blank).
      ...(kind.key
        ? {
            [kind.key.id]: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            [kind.key.name]: { type: "string", pattern: "\\S" },
          }
        : {}),
      ...(kind.extraInputs ?? {}),
      ...settingsSchema(kind.fields),
      prior: {
        additionalProperties: false,
        type: "object",
        properties: settingsSchema(
          kind.fields.map((f) => ({
            ...f,
            schema: { anyOf: [f.priorSchema ?? f.schema, { type: "null" }] },
          })),
        ),
      },
    },
  };
}
