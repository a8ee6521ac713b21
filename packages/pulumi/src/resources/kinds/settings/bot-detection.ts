/**
 * Bot detection of a shield zone (`BotDetection`): `GET`/`PATCH
 * /shield/shield-zone/{id}/bot-detection`. The PATCH carries the whole object as just read
 * with the changed fields over it. Not available on the Basic plan
 * (`invalid_plan_type.bot_detection`).
 */
import {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
  type BotDetection,
  type BotDetectionUpdate,
} from "edgeplatform-client";
import { getClient } from "../../core/settings";
import { settingsProvider, type EngineKind } from "../../core/zone-settings/engine";
import {
  enumField,
  field,
  getPath,
  setPath,
  type SettingsSnapshot,
} from "../../core/zone-settings/kind";

const FIELDS = [
  enumField(
    "executionMode",
    BotDetectionExecutionMode,
    '`"LogOnly"` or `"Challenge"` (0–1): what happens to a detected bot.',
  ),
  enumField(
    "requestIntegrity.sensitivity",
    BotDetectionSensitivity,
    "The sensitivity of the request integrity checks.",
  ),
  enumField(
    "ipAddress.sensitivity",
    BotDetectionSensitivity,
    "The sensitivity of the IP address reputation.",
  ),
  enumField(
    "browserFingerprint.sensitivity",
    BotDetectionSensitivity,
    "The sensitivity of the browser fingerprinting.",
  ),
  enumField(
    "browserFingerprint.aggression",
    BrowserFingerprintAggression,
    '`"Unknown"`, `"Low"`, `"Medium"`, `"High"`, `"Custom"` (0–4).',
  ),
  field(
    "browserFingerprint.complexEnabled",
    { type: "boolean" },
    "Whether complex browser fingerprinting is on.",
  ),
] as const;

function snapshotOf(b: BotDetection): SettingsSnapshot<BotDetection> {
  return {
    raw: b,
    values: Object.fromEntries(FIELDS.map((f) => [f.path, getPath(b, f.path) ?? null])),
  };
}

const readBot = async (zone: number) =>
  snapshotOf(await getClient().shieldZones.getBotDetection(zone));

/** `edge.shield.BotDetection`. */
export const botDetectionKind: EngineKind<BotDetection> = {
  type: "BotDetection",
  noun: "the bot detection settings",
  inputsSchema: "botDetectionInputsSchema",
  fields: FIELDS,
  docs: {
    argsDoc: "Settings of {@link BotDetectionArgs}; each left out is not managed. At least one.",
    groups: {
      requestIntegrity: { description: "Request integrity checks." },
      ipAddress: { description: "IP address reputation." },
      browserFingerprint: { description: "Browser fingerprinting." },
    },
  },
  read: (t) => readBot(t.zone),
  async write(t, current, changes) {
    const { shieldZoneId: _z, ...rest } = current.raw as BotDetection & Record<string, unknown>;
    const body = JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
    for (const [path, v] of Object.entries(changes)) setPath(body, path, v);
    await getClient().shieldZones.updateBotDetection(t.zone, body as BotDetectionUpdate);
  },
};

/** The dynamic provider of `edge.shield.BotDetection` (what its serialized stub calls). */
export const botDetectionProvider = settingsProvider(botDetectionKind);
