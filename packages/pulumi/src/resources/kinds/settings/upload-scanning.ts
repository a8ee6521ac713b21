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
import { enumField, field, type SettingsSnapshot } from "../../core/zone-settings/kind";

/** Public name → platform field. */
const PLACES: Record<string, keyof UploadScanning> = {
  enabled: "isEnabled",
  csamScanningMode: "csamScanningMode",
  antivirusScanningMode: "antivirusScanningMode",
};

const FIELDS = [
  field("enabled", { type: "boolean" }),
  enumField("csamScanningMode", UploadScanningScannerMode),
  enumField("antivirusScanningMode", UploadScanningScannerMode),
] as const;

function snapshotOf(u: UploadScanning): SettingsSnapshot<UploadScanning> {
  return {
    raw: u,
    values: Object.fromEntries(FIELDS.map((f) => [f.path, u[PLACES[f.path]] ?? null])),
  };
}

const readScanning = async (zone: number) =>
  snapshotOf(await getClient().shieldZones.getUploadScanning(zone));

/** `edge.shield.UploadScanning`. */
export const uploadScanningKind: EngineKind<UploadScanning> = {
  type: "UploadScanning",
  noun: "the upload scanning settings",
  inputsSchema: "uploadScanningInputsSchema",
  fields: FIELDS,
  read: (t) => readScanning(t.zone),
  async write(t, current, changes) {
    const body: Record<string, unknown> = {};
    for (const [path, key] of Object.entries(PLACES)) {
      const v = path in changes ? changes[path] : current.raw[key];
      if (v !== undefined && v !== null) body[key] = v;
    }
    await getClient().shieldZones.updateUploadScanning(t.zone, body as UploadScanningUpdate);
  },
};

/** The dynamic provider of `edge.shield.UploadScanning` (what its serialized stub calls). */
export const uploadScanningProvider = settingsProvider(uploadScanningKind);
