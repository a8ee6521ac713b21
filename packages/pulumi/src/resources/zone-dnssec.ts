/**
 * `edge.dns.ZoneDnssec`: the DNSSEC switch of one DNS zone as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/dns:ZoneDnssec`).
 */
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { refuseReplaceOptions } from "./resource-options";
import { serializedProvider } from "./serialized-provider";

/** Arguments of {@link ZoneDnssec}. */
export interface ZoneDnssecArgs {
  /** Id of the DNS zone. Changing it replaces the resource. */
  zoneId: pulumi.Input<number>;
  /** Whether DNSSEC is on (POST `/dnszone/{id}/dnssec`) or off (DELETE), when it differs. */
  enabled: pulumi.Input<boolean>;
  /**
   * The DNSSEC state destroy restores. Default: the zone's state when this resource was
   * created (recorded once). Set it to say what the zone had before Pulumi, e.g. when a
   * replacement or rename without `aliases` is refused because the records disagree.
   */
  priorEnabled?: pulumi.Input<boolean>;
}

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
export class ZoneDnssec extends pulumi.dynamic.Resource {
  /** Id of the DNS zone. */
  declare public readonly zoneId: pulumi.Output<number>;
  /** Whether DNSSEC is enabled, as last known. */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** DS record to publish at the parent zone (`DsRecord`). */
  declare public readonly dsRecord: pulumi.Output<string | null>;
  /** Digest of the DS record (`Digest`). */
  declare public readonly digest: pulumi.Output<string | null>;
  /** Digest type of the DS record (`DigestType`). */
  declare public readonly digestType: pulumi.Output<string | null>;
  /** DNSSEC algorithm number (`Algorithm`). */
  declare public readonly algorithm: pulumi.Output<number | null>;
  /** Public key (`PublicKey`). */
  declare public readonly publicKey: pulumi.Output<string | null>;
  /** Key tag (`KeyTag`). */
  declare public readonly keyTag: pulumi.Output<number | null>;
  /** DNSKEY flags (`Flags`). */
  declare public readonly flags: pulumi.Output<number | null>;
  /** Whether the DS record is configured at the parent (`DsConfigured`). */
  declare public readonly dsConfigured: pulumi.Output<boolean>;
  /**
   * DNSSEC state of the zone before this resource managed it; destroy restores it (DNSSEC is
   * never switched off blindly: under a DS record at the parent that takes a domain offline).
   */
  declare public readonly priorEnabled: pulumi.Output<boolean>;

  /**
   * Manages the DNSSEC switch of a zone.
   * @param name The unique name of the resource.
   * @param args The zone and the desired state.
   * @param opts Options for the resource.
   */
  constructor(name: string, args: ZoneDnssecArgs, opts?: pulumi.CustomResourceOptions) {
    refuseReplaceOptions("edge.dns.ZoneDnssec", opts);
    super(
      serializedProvider("zone-dnssec"),
      name,
      {
        ...args,
        zoneId: soleOwner(
          "dnssec",
          `edge.dns.ZoneDnssec "${name}"`,
          args.zoneId,
          (z) => `the DNSSEC of DNS zone ${z}`,
        ),
        dsRecord: undefined,
        digest: undefined,
        digestType: undefined,
        algorithm: undefined,
        publicKey: undefined,
        keyTag: undefined,
        flags: undefined,
        dsConfigured: undefined,
        priorEnabled: args.priorEnabled,
        priorPinned: undefined,
      },
      opts,
      "dns",
      "ZoneDnssec",
    );
  }
}
