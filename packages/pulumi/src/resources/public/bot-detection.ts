/**
 * `edge.shield.BotDetection`: the bot detection settings of a shield zone as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/shield:BotDetection`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import type {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
} from "edgeplatform-client/spec";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { EnumArg, SettingsStateBase, SettingsZoneArgs } from "./zone-settings-resource";

/** A bot-detection signal's sensitivity: `"Off"`, `"Low"`, `"Medium"`, `"High"` (0–3). */
export type BotDetectionSensitivityArg = EnumArg<typeof BotDetectionSensitivity>;

/** Settings of {@link BotDetectionArgs}; each left out is not managed. At least one. */
export interface BotDetectionSettingsArgs {
  /** `"LogOnly"` or `"Challenge"` (0–1): what happens to a detected bot. */
  executionMode?: pulumi.Input<EnumArg<typeof BotDetectionExecutionMode>>;
  /** Request integrity checks. */
  requestIntegrity?: pulumi.Input<{ sensitivity?: pulumi.Input<BotDetectionSensitivityArg> }>;
  /** IP address reputation. */
  ipAddress?: pulumi.Input<{ sensitivity?: pulumi.Input<BotDetectionSensitivityArg> }>;
  /** Browser fingerprinting. */
  browserFingerprint?: pulumi.Input<{
    sensitivity?: pulumi.Input<BotDetectionSensitivityArg>;
    /** `"Unknown"`, `"Low"`, `"Medium"`, `"High"`, `"Custom"` (0–4). */
    aggression?: pulumi.Input<EnumArg<typeof BrowserFingerprintAggression>>;
    complexEnabled?: pulumi.Input<boolean>;
  }>;
}

/** Arguments of {@link BotDetection}: the zone and the settings to manage. */
export type BotDetectionArgs = BotDetectionSettingsArgs & SettingsZoneArgs;

/** State (outputs) of a {@link BotDetection}. */
export interface BotDetectionState extends SettingsStateBase {
  /** What happens to a detected bot, when managed. */
  executionMode: string | number | undefined;
  /** Request integrity, when managed. */
  requestIntegrity: Record<string, unknown> | undefined;
  /** IP address reputation, when managed. */
  ipAddress: Record<string, unknown> | undefined;
  /** Browser fingerprinting, when managed. */
  browserFingerprint: Record<string, unknown> | undefined;
}

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<BotDetectionArgs> = {
  stub: "bot-detection",
  type: "BotDetection",
  noun: "the bot detection settings",
  outputs: ["executionMode", "requestIntegrity", "ipAddress", "browserFingerprint"],
};

/**
 * The bot detection settings of a shield zone (not on the Basic plan: the create fails
 * naming the zone's plan and the platform's answer). Only the named settings are managed;
 * destroy restores them to their values before Pulumi (`prior`).
 *
 * ```ts
 * new edge.shield.BotDetection("bots", { shieldZoneId: 2, executionMode: "Challenge" });
 * ```
 */
export class BotDetection extends ZoneSettingsResource<BotDetectionArgs> {
  /** What happens to a detected bot, when managed. */
  declare public readonly executionMode: pulumi.Output<string | number | undefined>;
  /** Request integrity, when managed. */
  declare public readonly requestIntegrity: pulumi.Output<Record<string, unknown> | undefined>;
  /** IP address reputation, when managed. */
  declare public readonly ipAddress: pulumi.Output<Record<string, unknown> | undefined>;
  /** Browser fingerprinting, when managed. */
  declare public readonly browserFingerprint: pulumi.Output<Record<string, unknown> | undefined>;

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
