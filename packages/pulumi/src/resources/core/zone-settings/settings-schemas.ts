/**
 * The inputs schemas of the settings kinds (kinds/*.ts), one `*InputsSchema` per kind, built
 * from the kind's declaration (its fields, key input and extra inputs) by
 * {@link settingsInputsSchema}. A schema module: the build precompiles each exported
 * `*Schema`, and the engine refers to them with `schemaRef` (the kind names its export), so
 * the provider host loads neither TypeBox nor ajv's compiler (see edgeplatform-client's
 * `spec/precompiled.ts`). Nothing at run time imports this module: it loads every kind.
 */
import { INT32_MAX } from "edgeplatform-client/spec/runtime";
import type { EngineKind } from "./engine";
import { settingsSchema, type JsonSchema } from "./kind";
import { apiGuardianKind } from "../../kinds/settings/api-guardian";
import { botCategorizationKind } from "../../kinds/settings/bot-categorization";
import { botDetectionKind } from "../../kinds/settings/bot-detection";
import { responsePageKind } from "../../kinds/settings/response-page";
import { shieldZoneKind } from "../../kinds/settings/shield-zone";
import { underAttackModeKind } from "../../kinds/settings/under-attack-mode";
import { uploadScanningKind } from "../../kinds/settings/upload-scanning";
import { zoneDnssecKind } from "../../kinds/settings/zone-dnssec";
import { managedAccessListKind } from "../../kinds/settings/managed-access-list";
import { dnsZoneKind } from "../../kinds/settings/dns-zone";

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
  const zone = kind.address
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

/** Inputs of `edge.shield.ShieldZone`. */
export const shieldZoneInputsSchema = settingsInputsSchema(shieldZoneKind);
/** Inputs of `edge.shield.BotDetection`. */
export const botDetectionInputsSchema = settingsInputsSchema(botDetectionKind);
/** Inputs of `edge.shield.UploadScanning`. */
export const uploadScanningInputsSchema = settingsInputsSchema(uploadScanningKind);
/** Inputs of `edge.shield.ApiGuardian`. */
export const apiGuardianInputsSchema = settingsInputsSchema(apiGuardianKind);
/** Inputs of `edge.shield.ResponsePage`. */
export const responsePageInputsSchema = settingsInputsSchema(responsePageKind);
/** Inputs of `edge.dns.ZoneDnssec` (in the engine's form: see the kind's stored form). */
export const zoneDnssecInputsSchema = settingsInputsSchema(zoneDnssecKind);
/** Inputs of `edge.shield.ManagedAccessList`. */
export const managedAccessListInputsSchema = settingsInputsSchema(managedAccessListKind);
/** Inputs of `edge.shield.UnderAttackMode`. */
export const underAttackModeInputsSchema = settingsInputsSchema(underAttackModeKind);
/** Inputs of `edge.shield.BotCategorization`. */
export const botCategorizationInputsSchema = settingsInputsSchema(botCategorizationKind);
/** Inputs of `edge.dns.DnsZone` (in the engine's form: see the kind's stored form). */
export const dnsZoneInputsSchema = settingsInputsSchema(dnsZoneKind);
