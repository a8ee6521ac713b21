/**
 * The settings kinds in the lifecycle table: one settings object of a shield zone each,
 * whose create records the values before Pulumi and whose destroy restores them. Fixtures:
 * shield zone 3 (Business, pull zone 5: DDoS High, a custom block page, the other settings
 * the defaults), shield zone 4 (Enterprise, pull zone 6: API guardian on, Block, body limit
 * Block, unmatched paths Log).
 */
import { apiGuardianProvider } from "../../../packages/pulumi/src/resources/kinds/settings/api-guardian";
import { botDetectionProvider } from "../../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { responsePageProvider } from "../../../packages/pulumi/src/resources/kinds/settings/response-page";
import { shieldZoneProvider } from "../../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { uploadScanningProvider } from "../../../packages/pulumi/src/resources/kinds/settings/upload-scanning";
import { FIXTURE_BLOCK_PAGE } from "../../../packages/emulator/src/fixtures-shield";
import { na, zoneOf, type Inputs, type KindDeclaration, type Provider } from "./kind";

/** What every settings kind shares: no adopt, no "gone" of its own, a rename makes two entries. */
export const settingsKind = {
  destroy: "restores" as const,
  adopt: na("a settings object always exists: create is its adoption, destroy restores it"),
  gone: na(
    "a settings object is never deleted on its own; a zone not found is ambiguous (the scoped-key cell)",
  ),
  scopedKey: true as const,
  rename: "twoEntries" as const,
  async202: na("the emulator answers this kind's writes 200 under async-202 (not a 202 path)"),
  spelled: { byZone: ["shieldZoneId"], byPull: ["pullZoneId"] },
  twoStacks: "priorOfFirst" as const,
};

/**
 * The way out of an interrupted create: the program states the value before Pulumi, as the
 * pending create records it (`record`), which must be `prior`.
 */
export const statesPrior = (prior: Inputs) => ({
  next: "priorLost" as const,
  prior,
  wayOut: (c: Inputs, _id: string, record?: Inputs) => ({ ...c, prior: record }),
});

export const shieldZone: KindDeclaration = {
  ...settingsKind,
  name: "ShieldZone",
  provider: shieldZoneProvider as unknown as Provider,
  create: () => ({ shieldZoneId: 3, ddos: { sensitivity: "Low" } }),
  createWrite: { method: "PATCH", path: "^/shield/shield-zone$", zone: 3 },
  find: (s) => zoneOf(s, 3),
  created: { get: (z) => z.settings.dDoSShieldSensitivity, expected: 1 },
  update: {
    field: "ddos.sensitivity",
    inputs: (c) => ({ ...c, ddos: { sensitivity: "Medium" } }),
    apply: (s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 2),
    write: () => ({ method: "PATCH", path: "/shield/shield-zone", zone: 3 }),
    body(body, before) {
      // Documented: the whole settings object as read, with the changed field over it, less
      // what the published request does not take (`dDoSExecutionMode`: read-only).
      const { dDoSExecutionMode: _readOnly, ...settings } = zoneOf(before, 3).settings;
      expect(body).toEqual({
        shieldZoneId: 3,
        // The plan field `wafEnabled` as the platform answers it (true: not set on zone 3).
        shieldZone: { ...settings, wafEnabled: true, dDoSShieldSensitivity: 2 },
      });
    },
  },
  drift: {
    change: (s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 4),
    path: "ddos.sensitivity",
    expected: "Challenge",
  },
  async202: { accepted: ["PATCH"] },
  spellings: {
    byZone: { shieldZoneId: 3, ddos: { sensitivity: "Low" } },
    byPull: { pullZoneId: 5, ddos: { sensitivity: "Medium" } },
    spelled: settingsKind.spelled,
    outcome: "both-refused",
  },
  interrupted: statesPrior({ ddos: { sensitivity: "High" } }), // zone 3: dDoSShieldSensitivity 3
  unknownOutcome: {
    fault: { method: "PATCH", path: "^/shield/shield-zone$", status: 504, afterHandler: true },
    resend: "idempotent",
  },
};

export const botDetection: KindDeclaration = {
  ...settingsKind,
  name: "BotDetection",
  provider: botDetectionProvider as unknown as Provider,
  create: () => ({ shieldZoneId: 3, ipAddress: { sensitivity: "Medium" } }),
  createWrite: { method: "PATCH", path: "^/shield/shield-zone/3/bot-detection$" },
  find: (s) => zoneOf(s, 3),
  created: { get: (z) => z.botDetection.ipAddress.sensitivity, expected: 2 },
  update: {
    field: "ipAddress.sensitivity",
    inputs: (c) => ({ ...c, ipAddress: { sensitivity: "High" } }),
    apply: (s) => void (zoneOf(s, 3).botDetection.ipAddress.sensitivity = 3),
    write: () => ({ method: "PATCH", path: "/shield/shield-zone/3/bot-detection" }),
    body(body, before) {
      // Documented: the whole object as read, with the changed field over it.
      const b = zoneOf(before, 3).botDetection;
      expect(body).toEqual({
        shieldZoneId: 3,
        ...b,
        ipAddress: { ...b.ipAddress, sensitivity: 3 },
      });
    },
  },
  drift: {
    change: (s) => void (zoneOf(s, 3).botDetection.ipAddress.sensitivity = 0),
    path: "ipAddress.sensitivity",
    expected: "Off",
  },
  spellings: {
    byZone: { shieldZoneId: 3, executionMode: "Challenge" },
    byPull: { pullZoneId: 5, executionMode: "LogOnly" },
    spelled: settingsKind.spelled,
    outcome: "both-refused",
  },
  interrupted: statesPrior({ ipAddress: { sensitivity: "Low" } }), // the default: 1
  unknownOutcome: {
    fault: {
      method: "PATCH",
      path: "^/shield/shield-zone/3/bot-detection$",
      status: 504,
      afterHandler: true,
    },
    resend: "idempotent",
  },
};

export const uploadScanning: KindDeclaration = {
  ...settingsKind,
  name: "UploadScanning",
  provider: uploadScanningProvider as unknown as Provider,
  create: () => ({ shieldZoneId: 3, csamScanningMode: "Log" }),
  createWrite: { method: "PATCH", path: "^/shield/shield-zone/3/upload-scanning$" },
  find: (s) => zoneOf(s, 3),
  created: { get: (z) => z.uploadScanning.csamScanningMode, expected: 1 },
  update: {
    field: "csamScanningMode",
    inputs: (c) => ({ ...c, csamScanningMode: "Block" }),
    apply: (s) => void (zoneOf(s, 3).uploadScanning.csamScanningMode = 2),
    write: () => ({ method: "PATCH", path: "/shield/shield-zone/3/upload-scanning" }),
    body(body, before) {
      expect(body).toEqual({
        shieldZoneId: 3,
        ...zoneOf(before, 3).uploadScanning,
        csamScanningMode: 2,
      });
    },
  },
  drift: {
    change: (s) => void (zoneOf(s, 3).uploadScanning.csamScanningMode = 0),
    path: "csamScanningMode",
    expected: "Disabled",
  },
  spellings: {
    byZone: { shieldZoneId: 3, enabled: true },
    byPull: { pullZoneId: 5, enabled: false },
    spelled: settingsKind.spelled,
    outcome: "both-refused",
  },
  interrupted: statesPrior({ csamScanningMode: "Disabled" }), // the default: 0
  unknownOutcome: {
    fault: {
      method: "PATCH",
      path: "^/shield/shield-zone/3/upload-scanning$",
      status: 504,
      afterHandler: true,
    },
    resend: "idempotent",
  },
};

export const apiGuardian: KindDeclaration = {
  ...settingsKind,
  name: "ApiGuardian",
  provider: apiGuardianProvider as unknown as Provider,
  create: () => ({ shieldZoneId: 4, unmatchedPathAction: "Ignore" }),
  createWrite: { method: "PATCH", path: "^/shield/shield-zone/4/api-guardian$" },
  find: (s) => zoneOf(s, 4),
  created: { get: (z) => z.apiGuardian.configuration.unmatchedPathAction, expected: 2 },
  update: {
    field: "unmatchedPathAction",
    inputs: (c) => ({ ...c, unmatchedPathAction: "Block" }),
    apply: (s) => void (zoneOf(s, 4).apiGuardian.configuration.unmatchedPathAction = 0),
    write: () => ({ method: "PATCH", path: "/shield/shield-zone/4/api-guardian" }),
    body(body, before) {
      // Documented: the whole configuration as read, with the changed field over it.
      expect(body).toEqual({
        ...zoneOf(before, 4).apiGuardian.configuration,
        unmatchedPathAction: 0,
      });
    },
  },
  drift: {
    change: (s) => void (zoneOf(s, 4).apiGuardian.configuration.unmatchedPathAction = 1),
    path: "unmatchedPathAction",
    expected: "Log",
  },
  spellings: {
    byZone: { shieldZoneId: 4, enabled: true },
    byPull: { pullZoneId: 6, enabled: false },
    spelled: settingsKind.spelled,
    outcome: "both-refused",
  },
  interrupted: statesPrior({ unmatchedPathAction: "Log" }), // zone 4: Log
  unknownOutcome: {
    fault: {
      method: "PATCH",
      path: "^/shield/shield-zone/4/api-guardian$",
      status: 504,
      afterHandler: true,
    },
    resend: "idempotent",
  },
};

export const responsePage: KindDeclaration = {
  ...settingsKind,
  name: "ResponsePage",
  provider: responsePageProvider as unknown as Provider,
  create: () => ({ shieldZoneId: 3, pageType: "block", html: "<p>table</p>" }),
  createWrite: { method: "PUT", path: "^/shield/shield-zone/3/custom-page/block$" },
  find: (s) => zoneOf(s, 3),
  created: { get: (z) => z.customPages?.block, expected: "<p>table</p>" },
  update: {
    field: "html",
    inputs: (c) => ({ ...c, html: "<p>table, again</p>" }),
    apply: (s) => void (zoneOf(s, 3).customPages.block = "<p>table, again</p>"),
    write: () => ({ method: "PUT", path: "/shield/shield-zone/3/custom-page/block" }),
    body: (body) => expect(body).toBe("<p>table, again</p>"), // the page's HTML itself
  },
  drift: {
    change: (s) => void (zoneOf(s, 3).customPages.block = "<p>out of band</p>"),
    path: "html",
    expected: "<p>out of band</p>",
  },
  spellings: {
    byZone: { shieldZoneId: 3, pageType: "block", html: "<p>one</p>" },
    byPull: { pullZoneId: 5, pageType: "block", html: "<p>two</p>" },
    spelled: settingsKind.spelled,
    outcome: "both-refused",
  },
  interrupted: statesPrior({ html: FIXTURE_BLOCK_PAGE }), // zone 3: a custom block page
  unknownOutcome: {
    fault: {
      method: "PUT",
      path: "^/shield/shield-zone/3/custom-page/block$",
      status: 504,
      afterHandler: true,
    },
    resend: "idempotent",
  },
};
