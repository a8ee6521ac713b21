/**
 * `UnderAttackMode` in the lifecycle table: the under-attack switch of shield zone 4
 * (Enterprise, pull zone 6), whose DDoS sensitivity is the default, Medium (2), in the
 * fixtures. On is the sensitivity `Challenge` (4); off goes back to the sensitivity recorded
 * before Pulumi. Not zone 3: `ShieldZone`'s declaration manages zone 3's DDoS sensitivity,
 * and the real-engine table runs every kind in one program.
 */
import { underAttackModeProvider } from "../../../packages/pulumi/src/resources/kinds/settings/under-attack-mode";
import { zoneOf, type KindDeclaration, type Provider } from "./kind";
import { settingsKind, statesPrior } from "./settings";

export const underAttackMode: KindDeclaration = {
  ...settingsKind,
  name: "UnderAttackMode",
  interrupted: statesPrior({ enabled: "Medium" }), // the value before Pulumi, stated
  provider: underAttackModeProvider as unknown as Provider,
  create: () => ({ shieldZoneId: 4, enabled: true }),
  createWrite: { method: "PATCH", path: "^/shield/shield-zone$", zone: 4 },
  find: (s) => zoneOf(s, 4),
  created: { get: (z) => z.settings.dDoSShieldSensitivity, expected: 4 },
  update: {
    field: "enabled",
    inputs: (c) => ({ ...c, enabled: false }),
    // Off: back to Medium, the sensitivity before Pulumi.
    apply: (s) => void (zoneOf(s, 4).settings.dDoSShieldSensitivity = 2),
    write: () => ({ method: "PATCH", path: "/shield/shield-zone", zone: 4 }),
    body(body, before) {
      // As ShieldZone: the whole settings object as read, the sensitivity over it, less what
      // the published request does not take (`dDoSExecutionMode`: read-only).
      const { dDoSExecutionMode: _readOnly, ...settings } = zoneOf(before, 4).settings;
      expect(body).toEqual({
        shieldZoneId: 4,
        // The plan field `wafEnabled` as the platform answers it (true: not set on zone 4).
        shieldZone: { ...settings, wafEnabled: true, dDoSShieldSensitivity: 2 },
      });
    },
  },
  drift: {
    // Switched off out of band (any sensitivity but Challenge is off).
    change: (s) => void (zoneOf(s, 4).settings.dDoSShieldSensitivity = 1),
    path: "enabled",
    expected: false,
  },
  async202: { accepted: ["PATCH"] },
  spellings: {
    byZone: { shieldZoneId: 4, enabled: true },
    byPull: { pullZoneId: 6, enabled: false },
    spelled: settingsKind.spelled,
    outcome: "both-refused",
  },
  unknownOutcome: {
    fault: { method: "PATCH", path: "^/shield/shield-zone$", status: 504, afterHandler: true },
    resend: "idempotent",
  },
};
