/**
 * `edge.shield.UploadScanning`: the upload scanning settings of a shield zone as a Pulumi
 * dynamic resource (type token `pulumi-nodejs:dynamic/shield:UploadScanning`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import type { UploadScanningScannerMode } from "edgeplatform-client/spec";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { EnumArg, SettingsZoneArgs } from "./zone-settings-resource";
import type {
  UploadScanningOutputs,
  UploadScanningSettingsArgs,
} from "./generated/upload-scanning";
import {
  UPLOAD_SCANNING_OUTPUTS,
  UPLOAD_SCANNING_SECRET_OUTPUTS,
} from "./generated/upload-scanning";

export type { UploadScanningSettingsArgs, UploadScanningState } from "./generated/upload-scanning";

/** The scanners' modes (named constants; the area exports them: `edge.shield.UploadScanningScannerMode`). */
export { UploadScanningScannerMode } from "edgeplatform-client";

/** A scanner's mode: `"Disabled"`, `"Log"`, `"Block"` (0–2). */
export type UploadScanningScannerModeArg = EnumArg<typeof UploadScanningScannerMode>;

/** Arguments of {@link UploadScanning}: the zone and the settings to manage. */
export type UploadScanningArgs = UploadScanningSettingsArgs & SettingsZoneArgs;

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<UploadScanningArgs> = {
  stub: "upload-scanning",
  type: "UploadScanning",
  noun: "the upload scanning settings",
  outputs: UPLOAD_SCANNING_OUTPUTS,
  secretOutputs: UPLOAD_SCANNING_SECRET_OUTPUTS,
};

/** The outputs of an {@link UploadScanning}: its settings' (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface UploadScanning extends UploadScanningOutputs {}

/**
 * The upload scanning settings of a shield zone (every plan). Only the named settings are
 * managed; destroy restores them to their values before Pulumi (`prior`).
 *
 * ```ts
 * new edge.shield.UploadScanning("scan", { pullZoneId: 1, enabled: true, antivirusScanningMode: "Block" });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class UploadScanning extends ZoneSettingsResource<UploadScanningArgs> {
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
