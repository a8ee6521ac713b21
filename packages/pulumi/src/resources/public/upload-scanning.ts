/**
 * `edge.shield.UploadScanning`: the upload scanning settings of a shield zone as a Pulumi
 * dynamic resource (type token `pulumi-nodejs:dynamic/shield:UploadScanning`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import type { UploadScanningScannerMode } from "edgeplatform-client/spec";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { EnumArg, SettingsStateBase, SettingsZoneArgs } from "./zone-settings-resource";

/** A scanner's mode: `"Disabled"`, `"Log"`, `"Block"` (0–2). */
export type UploadScanningScannerModeArg = EnumArg<typeof UploadScanningScannerMode>;

/** Settings of {@link UploadScanningArgs}; each left out is not managed. At least one. */
export interface UploadScanningSettingsArgs {
  /** Whether uploads are scanned (`isEnabled`). */
  enabled?: pulumi.Input<boolean>;
  /** The CSAM scanner's mode. */
  csamScanningMode?: pulumi.Input<UploadScanningScannerModeArg>;
  /** The antivirus scanner's mode. */
  antivirusScanningMode?: pulumi.Input<UploadScanningScannerModeArg>;
}

/** Arguments of {@link UploadScanning}: the zone and the settings to manage. */
export type UploadScanningArgs = UploadScanningSettingsArgs & SettingsZoneArgs;

/** State (outputs) of an {@link UploadScanning}. */
export interface UploadScanningState extends SettingsStateBase {
  /** Whether uploads are scanned, when managed. */
  enabled: boolean | undefined;
  /** The CSAM scanner's mode, when managed. */
  csamScanningMode: string | number | undefined;
  /** The antivirus scanner's mode, when managed. */
  antivirusScanningMode: string | number | undefined;
}

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<UploadScanningArgs> = {
  stub: "upload-scanning",
  type: "UploadScanning",
  noun: "the upload scanning settings",
  outputs: ["enabled", "csamScanningMode", "antivirusScanningMode"],
};

/**
 * The upload scanning settings of a shield zone (every plan). Only the named settings are
 * managed; destroy restores them to their values before Pulumi (`prior`).
 *
 * ```ts
 * new edge.shield.UploadScanning("scan", { pullZoneId: 1, enabled: true, antivirusScanningMode: "Block" });
 * ```
 */
export class UploadScanning extends ZoneSettingsResource<UploadScanningArgs> {
  /** Whether uploads are scanned, when managed. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** The CSAM scanner's mode, when managed. */
  declare public readonly csamScanningMode: pulumi.Output<string | number | undefined>;
  /** The antivirus scanner's mode, when managed. */
  declare public readonly antivirusScanningMode: pulumi.Output<string | number | undefined>;

  /**
   * Manages upload scanning settings of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone and the settings to manage.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: UploadScanningArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
