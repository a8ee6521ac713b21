/**
 * `edge.shield.UnderAttackMode`: the under-attack switch of a shield zone as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/shield:UnderAttackMode`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { SettingsStateBase, SettingsZoneArgs } from "./zone-settings-resource";

/** Settings of {@link UnderAttackModeArgs}. */
export interface UnderAttackModeSettingsArgs {
  /**
   * Whether the zone is under attack: every visitor is challenged (the zone's DDoS
   * sensitivity is `Challenge`). `false` gives the zone back the DDoS sensitivity it had
   * before Pulumi turned the switch on (or, if it was already on, the platform's default).
   */
  enabled: pulumi.Input<boolean>;
}

/** Arguments of {@link UnderAttackMode}: the zone and the switch. */
export type UnderAttackModeArgs = UnderAttackModeSettingsArgs & SettingsZoneArgs;

/** State (outputs) of an {@link UnderAttackMode}. */
export interface UnderAttackModeState extends SettingsStateBase {
  /** Whether the zone is under attack. */
  enabled: boolean | undefined;
}

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<UnderAttackModeArgs> = {
  stub: "under-attack-mode",
  type: "UnderAttackMode",
  noun: "the under-attack mode",
  outputs: ["enabled"],
};

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
export class UnderAttackMode extends ZoneSettingsResource<UnderAttackModeArgs> {
  /** Whether the zone is under attack. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;

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
