/**
 * `edge.shield.BotDetection`: the bot detection settings of a shield zone as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/shield:BotDetection`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import type { BotDetectionSensitivity } from "edgeplatform-client/spec";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { EnumArg, SettingsZoneArgs } from "./zone-settings-resource";
import type { BotDetectionOutputs, BotDetectionSettingsArgs } from "./generated/bot-detection";
import { BOT_DETECTION_OUTPUTS, BOT_DETECTION_SECRET_OUTPUTS } from "./generated/bot-detection";

export type { BotDetectionSettingsArgs, BotDetectionState } from "./generated/bot-detection";

/** The enumerations of the settings (named constants; the area exports them: `edge.shield.*`). */
export {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
} from "edgeplatform-client";

/** A bot-detection signal's sensitivity: `"Off"`, `"Low"`, `"Medium"`, `"High"` (0–3). */
export type BotDetectionSensitivityArg = EnumArg<typeof BotDetectionSensitivity>;

/** Arguments of {@link BotDetection}: the zone and the settings to manage. */
export type BotDetectionArgs = BotDetectionSettingsArgs & SettingsZoneArgs;

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<BotDetectionArgs> = {
  stub: "bot-detection",
  type: "BotDetection",
  noun: "the bot detection settings",
  outputs: BOT_DETECTION_OUTPUTS,
  secretOutputs: BOT_DETECTION_SECRET_OUTPUTS,
};

/** The outputs of a {@link BotDetection}: its settings' (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface BotDetection extends BotDetectionOutputs {}

/**
 * The bot detection settings of a shield zone (not on the Basic plan: the create fails
 * naming the zone's plan and the platform's answer). Only the named settings are managed;
 * destroy restores them to their values before Pulumi (`prior`).
 *
 * ```ts
 * new edge.shield.BotDetection("bots", { shieldZoneId: 2, executionMode: "Challenge" });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class BotDetection extends ZoneSettingsResource<BotDetectionArgs> {
  /**
   * Manages bot detection settings of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone and the settings to manage.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: BotDetectionArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
