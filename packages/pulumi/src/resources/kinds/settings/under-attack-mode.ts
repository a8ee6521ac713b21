/**
 * The under-attack switch of a shield zone (`UnderAttackMode`). The published API has no
 * switch of its own: POST `/shield/shield-zone/under-attack` creates a zone in under-attack
 * mode, which is DDoS sensitivity `Challenge` (every visitor is challenged). So the switch is
 * read with `GET /shield/shield-zone/{id}` (`dDoSShieldSensitivity` is `Challenge`: on) and
 * written with `PATCH /shield/shield-zone` (the zone's settings as read, the sensitivity over
 * them, as `ShieldZone` writes). The value before Pulumi is recorded as the sensitivity the
 * zone had (`"High"`), so that turning the switch off, and destroy, give that back; off with
 * no sensitivity to go back to (the zone was under attack before Pulumi) is the sensitivity
 * the platform gives a new zone (`GET /shield/shield-zone/defaults`).
 */
import { DDoSShieldSensitivity, type ShieldZoneResponse } from "edgeplatform-client";
import { getClient } from "../../core/settings";
import { settingsProvider, type EngineKind } from "../../core/zone-settings/engine";
import {
  type SettingsField,
  type SettingsSnapshot,
  type Wire,
} from "../../core/zone-settings/kind";
import { readBackSettings } from "../../core/zone-settings/readback";
import { SHARED_FIELDS } from "./shared-fields";
import { getZone, patchZone } from "./shield-zone";

const CHALLENGE = DDoSShieldSensitivity.Challenge;

/** `enabled`: on when the zone's DDoS sensitivity is `Challenge`. */
const ENABLED: SettingsField = {
  path: "enabled",
  schema: { type: "boolean" },
  // The value before Pulumi is the sensitivity, by name.
  names: DDoSShieldSensitivity,
  priorSchema: {
    enum: [...Object.keys(DDoSShieldSensitivity), ...Object.values(DDoSShieldSensitivity)],
  },
  switchOf: (wire: Wire) => wire === CHALLENGE,
  required: true,
  description:
    "Whether the zone is under attack: every visitor is challenged (the zone's DDoS " +
    "sensitivity is `Challenge`). `false` gives the zone back the DDoS sensitivity it had " +
    "before Pulumi turned the switch on (or, if it was already on, the platform's default).",
};
const FIELDS = [ENABLED] as const;

function snapshotOf(z: ShieldZoneResponse): SettingsSnapshot<ShieldZoneResponse> {
  return { raw: z, values: { enabled: z.dDoSShieldSensitivity ?? null } };
}

const readZone = async (zone: number) => snapshotOf(await getZone(zone));

/**
 * The sensitivity that turns the switch off: the one recorded before Pulumi when it was not
 * `Challenge`, else the platform's default for a new zone (`Medium` when that is unreadable
 * or itself `Challenge`).
 */
async function offSensitivity(prior: Readonly<Record<string, unknown>>): Promise<number> {
  const p = prior.enabled;
  const recorded = typeof p === "string" ? (DDoSShieldSensitivity as Record<string, number>)[p] : p;
  if (typeof recorded === "number" && recorded !== CHALLENGE) return recorded;
  const d = await getClient()
    .shieldZones.defaults()
    .then((x) => x.shieldZone.dDoSShieldSensitivity)
    .catch(() => undefined);
  return typeof d === "number" && d !== CHALLENGE ? d : DDoSShieldSensitivity.Medium;
}

/** `edge.shield.UnderAttackMode`. */
export const underAttackModeKind: EngineKind<ShieldZoneResponse> = {
  type: "UnderAttackMode",
  noun: "the under-attack mode",
  inputsSchema: "underAttackModeInputsSchema",
  fields: FIELDS,
  docs: { argsDoc: "Settings of {@link UnderAttackModeArgs}." },
  shared: SHARED_FIELDS.UnderAttackMode,
  required: { enabled: "`enabled` is required: true (under attack) or false" },
  read: (t) => readZone(t.zone),
  async write(t, current, changes, _what, prior) {
    const v = changes.enabled;
    const level = v === true ? CHALLENGE : v === false ? await offSensitivity(prior) : v;
    await patchZone(t.zone, current.raw, { "ddos.sensitivity": level }, () =>
      readBackSettings(() => readZone(t.zone), FIELDS, { enabled: level }, `shield zone ${t.zone}`),
    );
  },
};

/** The dynamic provider of `edge.shield.UnderAttackMode` (what its serialized stub calls). */
export const underAttackModeProvider = settingsProvider(underAttackModeKind);
