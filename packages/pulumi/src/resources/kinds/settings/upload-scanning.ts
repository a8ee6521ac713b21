/**
 * Upload scanning of a shield zone (`UploadScanning`): `GET`/`PATCH
 * /shield/shield-zone/{id}/upload-scanning`. The PATCH carries the whole object as just read
 * with the changed fields over it. Available on every plan.
 */
import {
  UploadScanningScannerMode,
  type UploadScanning,
  type UploadScanningUpdate,
} from "edgeplatform-client";
import { getClient } from "../../core/settings";
import { settingsProvider, type EngineKind } from "../../core/zone-settings/engine";
import { enumField, field, flatBody, flatValues, placed } from "../../core/zone-settings/kind";

const FIELDS = [
  placed(
    field("enabled", { type: "boolean" }, "Whether uploads are scanned (`isEnabled`)."),
    "isEnabled",
  ),
  enumField("csamScanningMode", UploadScanningScannerMode, "The CSAM scanner's mode."),
  enumField("antivirusScanningMode", UploadScanningScannerMode, "The antivirus scanner's mode."),
] as const;

/** `edge.shield.UploadScanning`. */
export const uploadScanningKind: EngineKind<UploadScanning> = {
  type: "UploadScanning",
  noun: "the upload scanning settings",
  inputsSchema: "uploadScanningInputsSchema",
  fields: FIELDS,
  docs: {
    argsDoc: "Settings of {@link UploadScanningArgs}; each left out is not managed. At least one.",
  },
  read: async (t) => {
    const u = await getClient().shieldZones.getUploadScanning(t.zone);
    return { raw: u, values: flatValues(FIELDS, u) };
  },
  async write(t, current, changes) {
    const body = flatBody(FIELDS, current.raw, changes) as UploadScanningUpdate;
    await getClient().shieldZones.updateUploadScanning(t.zone, body);
  },
};

/** The dynamic provider of `edge.shield.UploadScanning` (what its serialized stub calls). */
export const uploadScanningProvider = settingsProvider(uploadScanningKind);
