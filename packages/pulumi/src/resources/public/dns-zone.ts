/**
 * `edge.dns.DnsZone`: a DNS zone and its settings as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/dns:DnsZone`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { ReadableResource } from "./readable-resource";
import { markZone } from "./zone-protection";
import type {
  DnsZoneAdoptArgs,
  DnsZoneCreateArgs,
  DnsZoneOutputs,
  DnsZonePriorArgs,
  DnsZoneSettingsArgs,
} from "./generated/dns-zone";
import { DNS_ZONE_OUTPUTS, DNS_ZONE_SECRET_OUTPUTS } from "./generated/dns-zone";

export type {
  DnsZoneAdoptArgs,
  DnsZoneCreateArgs,
  DnsZonePriorArgs,
  DnsZoneSettingsArgs,
  DnsZoneState,
} from "./generated/dns-zone";
import { outputKeys } from "./object-inputs";

/**
 * Arguments of {@link DnsZone}: exactly one of `domain` (create a zone) and `zoneId` (adopt
 * one), the settings to manage, and the optional stated `prior`.
 */
export type DnsZoneArgs = (DnsZoneCreateArgs | DnsZoneAdoptArgs) &
  DnsZoneSettingsArgs &
  DnsZonePriorArgs;

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "dns-zone",
  module: "dns",
  type: "DnsZone",
  adopt:
    "the resource already adopts a DNS zone by `zoneId` (no write when its settings match); " +
    "DnsZone.get(name, zoneId) reads it without managing it",
  // A secret setting (none yet) is a secret output and input: from the declaration.
  secretOutputs: DNS_ZONE_SECRET_OUTPUTS,
  // Of a created object, known in a preview of an update (its dependents are not replaced).
  idOutput: { name: "zoneId", type: "number" },
} as const;

/** The outputs of a {@link DnsZone} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface DnsZone extends DnsZoneOutputs {}

/**
 * A DNS zone: created for a `domain`, or adopted by `zoneId`, with the settings the program
 * names (only those are managed). Destroy of a zone Pulumi created **deletes it with every
 * record in it**; destroy of an adopted zone restores the settings it had before and deletes
 * nothing. Records and `ZoneDnssec` hang off its `zoneId` output.
 *
 * ```ts
 * const zone = new edge.dns.DnsZone("example", { domain: "example.net", loggingEnabled: true },
 *   { protect: true });
 * new edge.dns.ZoneDnssec("example", { zoneId: zone.zoneId, enabled: true });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class DnsZone extends ReadableResource {
  /**
   * Creates or adopts a DNS zone and manages the settings the program names.
   * @param name The unique name of the resource.
   * @param args `domain` or `zoneId`, and the settings to manage.
   * @param opts Options for the resource. `opts.import` is refused: `zoneId` adopts the zone.
   */
  constructor(name: string, args: DnsZoneArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts, (a) => dnsZoneInputs(name, a as DnsZoneArgs | undefined));
    // What its records and DNSSEC take from it when they set none: zone-protection.ts.
    markZone(this, opts);
  }
}

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function dnsZoneInputs(name: string, args: DnsZoneArgs | undefined): pulumi.Inputs {
  const base = outputKeys(DNS_ZONE_OUTPUTS);
  if (args === undefined) return base;
  const resource = `edge.dns.DnsZone "${name}"`;
  const inputs: pulumi.Inputs = { ...base, ...args };
  // One zone, one resource: by id, and by domain (as the platform keeps it).
  if (args.zoneId !== undefined && args.zoneId !== null)
    inputs.zoneId = soleOwner("dns-zone", resource, args.zoneId, (z) => `DNS zone ${z}`);
  if (args.domain !== undefined && args.domain !== null)
    inputs.domain = pulumi
      .output(args.domain)
      .apply((d) =>
        typeof d === "string"
          ? soleOwner(
              "dns-zone-domain",
              resource,
              d.trim().toLowerCase().replace(/\.$/, "") as never,
              (x) => `the DNS zone of ${String(x)}`,
            )
          : d,
      );
  return inputs;
}
