/**
 * `edge.shield.ShieldZone`: the settings of one pull zone's shield zone (plan, WAF, DDoS,
 * custom rule order, white-label response pages) as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/shield:ShieldZone`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { SettingsZoneArgs } from "./zone-settings-resource";
import type { ShieldZoneOutputs, ShieldZoneSettingsArgs } from "./generated/shield-zone";
import { SHIELD_ZONE_OUTPUTS, SHIELD_ZONE_SECRET_OUTPUTS } from "./generated/shield-zone";

export type {
  ShieldZoneSettingsArgs,
  ShieldZoneState,
  ShieldZoneWafArgs,
  ShieldZoneDdosArgs,
} from "./generated/shield-zone";

/** A WAF paranoia level, 1 (fewest false positives) to 4 (strictest). */
export type ParanoiaLevel = 1 | 2 | 3 | 4;

/**
 * Arguments of {@link ShieldZone}: exactly one of `pullZoneId` (the pull zone's shield zone,
 * created when it has none) and `shieldZoneId` (adopt), and the settings to manage.
 */
export type ShieldZoneArgs = ShieldZoneSettingsArgs & SettingsZoneArgs;

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<ShieldZoneArgs> = {
  stub: "shield-zone",
  type: "ShieldZone",
  noun: "the settings",
  outputs: SHIELD_ZONE_OUTPUTS,
  secretOutputs: SHIELD_ZONE_SECRET_OUTPUTS,
};

/** The outputs of a {@link ShieldZone}: its settings' (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ShieldZone extends ShieldZoneOutputs {}

/**
 * The settings of a pull zone's shield zone. Only the settings the program names are
 * managed; a write sends them merged over the zone as just read, so nothing else changes.
 * With `pullZoneId`, the pull zone's shield zone is adopted, or created when it has none.
 * Destroy restores each managed setting to its value before Pulumi (`prior`); a zone Pulumi
 * created is left with its settings (the platform has no DELETE of a shield zone).
 *
 * ```ts
 * new edge.shield.ShieldZone("shield", {
 *   pullZoneId: 1,
 *   waf: { enabled: true, mode: "Block", disabledRules: ["913100"] },
 *   ddos: { sensitivity: "High" },
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ShieldZone extends ZoneSettingsResource<ShieldZoneArgs> {
  /**
   * Manages settings of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone and the settings to manage.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: ShieldZoneArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
