/**
 * `UnderAttackMode` in the lifecycle table: the under-attack switch of shield zone 3
 * (Business, pull zone 5), whose DDoS sensitivity is High (3) in the fixtures. On is the
 * sensitivity `Challenge` (4); off goes back to the sensitivity recorded before Pulumi.
 */
import { underAttackModeProvider } from "../../../packages/pulumi/src/resources/kinds/settings/under-attack-mode";
import { zoneOf, type KindDeclaration, type Provider } from "./kind";
import { settingsKind } from "./settings";

export const underAttackMode: KindDeclaration = {
  ...settingsKind,
  name: "UnderAttackMode",
  provider: underAttackModeProvider as unknown as Provider,
  create: () => ({ shieldZoneId: 3, enabled: true }),
  createWrite: { method: "PATCH", path: "^/shield/shield-zone$" },
  find: (s) => zoneOf(s, 3),
  created: { get: (z) => z.settings.dDoSShieldSensitivity, expected: 4 },
  update: {
    field: "enabled",
    inputs: (c) => ({ ...c, enabled: false }),
    // Off: back to High, the sensitivity before Pulumi.
    apply: (s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 3),
    write: () => ({ method: "PATCH", path: "/shield/shield-zone" }),
    body(body, before) {
      // As ShieldZone: the whole settings object as read, the sensitivity over it, less what
      // the published request does not take (`dDoSExecutionMode`: read-only).
      const { dDoSExecutionMode: _readOnly, ...settings } = zoneOf(before, 3).settings;
      expect(body).toEqual({
        shieldZoneId: 3,
        shieldZone: { ...settings, wafEnabled: true, dDoSShieldSensitivity: 3 },
      });
    },
  },
  drift: {
    // Switched off out of band (any sensitivity but Challenge is off).
    change: (s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 1),
    path: "enabled",
    expected: false,
  },
  async202: { accepted: ["PATCH"] },
  spellings: {
    byZone: { shieldZoneId: 3, enabled: true },
    byPull: { pullZoneId: 5, enabled: false },
    spelled: settingsKind.spelled,
    outcome: "both-refused",
  },
  unknownOutcome: {
    fault: { method: "PATCH", path: "^/shield/shield-zone$", status: 504, afterHandler: true },
    resend: "idempotent",
  },
};
