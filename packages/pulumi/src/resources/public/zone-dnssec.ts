/**
 * `edge.dns.ZoneDnssec`: the DNSSEC switch of one DNS zone as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/dns:ZoneDnssec`).
 */
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { ReadableResource, type EdgeResourceOptions } from "./readable-resource";
import { zoneDependentOptions } from "./zone-protection";
import type { ZoneDnssecArgs, ZoneDnssecOutputs } from "./generated/zone-dnssec";
import { ZONE_DNSSEC_OUTPUTS, ZONE_DNSSEC_SECRET_OUTPUTS } from "./generated/zone-dnssec";
import { outputKeys } from "./object-inputs";

export type { ZoneDnssecArgs, ZoneDnssecState } from "./generated/zone-dnssec";

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "zone-dnssec",
  module: "dns",
  type: "ZoneDnssec",
  adopt:
    "the resource already adopts the zone's DNSSEC switch by `zoneId` (no write when " +
    "`enabled` matches); ZoneDnssec.get(name, zoneId) reads it without managing it",
  // A secret setting (none yet) is a secret output and input: from the declaration.
  secretOutputs: ZONE_DNSSEC_SECRET_OUTPUTS,
} as const;

/** The outputs of a {@link ZoneDnssec} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ZoneDnssec extends ZoneDnssecOutputs {}

/**
 * The DNSSEC state of a DNS zone, with the DNSSEC record (DS record, digest, key tag, ...)
 * as outputs. Nothing is written when the zone is already in the desired state; the state
 * comes from reading the zone back. `pulumi refresh` shows an out-of-band toggle as drift.
 * Destroy returns the zone to the state it had before (`priorEnabled`), never blindly to
 * "disabled".
 *
 * ```ts
 * const dnssec = new edge.dns.ZoneDnssec("example-com", { zoneId: 1, enabled: true });
 * export const ds = dnssec.dsRecord;
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ZoneDnssec extends ReadableResource {
  /**
   * Manages the DNSSEC switch of a zone.
   * @param name The unique name of the resource.
   * @param args The zone and the desired state.
   * @param opts Options for the resource. `opts.import` is refused: `zoneId` adopts the zone.
   */
  constructor(name: string, args: ZoneDnssecArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, zoneDependentOptions(args, opts), (a) =>
      zoneDnssecInputs(name, a as ZoneDnssecArgs | undefined),
    );
  }
}

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function zoneDnssecInputs(name: string, args: ZoneDnssecArgs | undefined): pulumi.Inputs {
  const base = outputKeys(ZONE_DNSSEC_OUTPUTS);
  if (args === undefined) return base;
  return {
    ...base,
    ...args,
    zoneId: soleOwner(
      "dnssec",
      `edge.dns.ZoneDnssec "${name}"`,
      args.zoneId,
      (z) => `the DNSSEC of DNS zone ${z}`,
    ),
    priorEnabled: args.priorEnabled,
  };
}
