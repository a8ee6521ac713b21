/**
 * `edge.shield.UnderAttackMode`: the under-attack switch of a shield zone as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/shield:UnderAttackMode`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { SettingsZoneArgs } from "./zone-settings-resource";
import type {
  UnderAttackModeOutputs,
  UnderAttackModeSettingsArgs,
} from "./generated/under-attack-mode";
import {
  UNDER_ATTACK_MODE_OUTPUTS,
  UNDER_ATTACK_MODE_SECRET_OUTPUTS,
} from "./generated/under-attack-mode";

export type {
  UnderAttackModeSettingsArgs,
  UnderAttackModeState,
} from "./generated/under-attack-mode";

/** Arguments of {@link UnderAttackMode}: the zone and the switch. */
export type UnderAttackModeArgs = UnderAttackModeSettingsArgs & SettingsZoneArgs;

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<UnderAttackModeArgs> = {
  stub: "under-attack-mode",
  type: "UnderAttackMode",
  noun: "the under-attack mode",
  outputs: UNDER_ATTACK_MODE_OUTPUTS,
  secretOutputs: UNDER_ATTACK_MODE_SECRET_OUTPUTS,
};

/** The outputs of an {@link UnderAttackMode}: its settings' (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface UnderAttackMode extends UnderAttackModeOutputs {}

/**
 * The under-attack switch of a shield zone (every plan). The platform has no switch of its
 * own: under attack is the zone's DDoS sensitivity `Challenge`, so this resource manages that
 * one setting as on/off. Create records the sensitivity the zone had (`prior.enabled`, by
 * name: `"High"`); `enabled: false` and destroy give it back. An `edge.shield.ShieldZone` of
 * the same zone that manages `ddos.sensitivity` (the same platform field) is refused with it,
 * before any write; one that leaves it out works beside it.
 *
 * ```ts
 * new edge.shield.UnderAttackMode("attack", { pullZoneId: 1, enabled: true });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class UnderAttackMode extends ZoneSettingsResource<UnderAttackModeArgs> {
  /**
   * Manages the under-attack switch of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone and the switch.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: UnderAttackModeArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
