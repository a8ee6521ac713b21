/**
 * What a new shield zone's features hold before anyone changes them (observed; the platform
 * has no endpoint that answers them, unlike the zone's own settings, `GET
 * /shield/shield-zone/defaults`). One definition for the emulator (a new zone) and
 * `edgeplatform-import` (what it leaves out of a program). Plain values: no TypeBox.
 */
import type { ApiGuardian, BotDetection, UploadScanning } from "./shield-schemas";

/** A new zone's bot detection: log only, every signal low. */
export const BOT_DETECTION_DEFAULTS = Object.freeze<Omit<BotDetection, "shieldZoneId">>({
  executionMode: 0,
  requestIntegrity: { sensitivity: 1 },
  ipAddress: { sensitivity: 1 },
  browserFingerprint: { sensitivity: 1, aggression: 1, complexEnabled: false },
});

/** A new zone's upload scanning: off, both scanners disabled. */
export const UPLOAD_SCANNING_DEFAULTS: Readonly<Omit<UploadScanning, "shieldZoneId">> =
  Object.freeze({ isEnabled: false, csamScanningMode: 0, antivirusScanningMode: 0 });

/** A new zone's API guardian configuration: off, logging. */
export const API_GUARDIAN_CONFIGURATION_DEFAULTS: Readonly<
  Pick<
    ApiGuardian["configuration"],
    "isEnabled" | "executionMode" | "bodyLimitAction" | "unmatchedPathAction"
  >
> = Object.freeze({
  isEnabled: false,
  executionMode: 0,
  bodyLimitAction: 1,
  unmatchedPathAction: 1,
});
