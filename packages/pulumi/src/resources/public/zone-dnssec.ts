/**
 * `edge.dns.ZoneDnssec`: the DNSSEC switch of one DNS zone as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/dns:ZoneDnssec`).
 */
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { isReadView, ReadableResource, type EdgeResourceOptions } from "./readable-resource";
import { zoneDependentOptions } from "./zone-protection";

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
   * Removing it later keeps its last value as the record (not the state recorded at create).
   */
  priorEnabled?: pulumi.Input<boolean>;
}

/** State (outputs) of a {@link ZoneDnssec}. */
export interface ZoneDnssecState {
  /** Id of the DNS zone. */
  zoneId: number;
  /** Whether DNSSEC is enabled, as last known. */
  enabled: boolean;
  /** DS record to publish at the parent zone (`DsRecord`); null when not known. */
  dsRecord: string | null;
  /** Digest of the DS record (`Digest`). */
  digest: string | null;
  /** Digest type of the DS record (`DigestType`). */
  digestType: string | null;
  /** DNSSEC algorithm number (`Algorithm`). */
  algorithm: number | null;
  /** Public key (`PublicKey`). */
  publicKey: string | null;
  /** Key tag (`KeyTag`). */
  keyTag: number | null;
  /** DNSKEY flags (`Flags`). */
  flags: number | null;
  /** Whether the DS record is configured at the parent (`DsConfigured`). */
  dsConfigured: boolean;
  /**
   * DNSSEC state of the zone before this resource managed it; destroy restores it. Undefined
   * for a zone read with {@link ZoneDnssec.get} (nothing is ever restored for it).
   */
  priorEnabled: boolean | undefined;
  /** True for a zone read with {@link ZoneDnssec.get} (a read-only view); else undefined. */
  readOnly: boolean | undefined;
}

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "zone-dnssec",
  module: "dns",
  type: "ZoneDnssec",
  adopt:
    "the resource already adopts the zone's DNSSEC switch by `zoneId` (no write when " +
    "`enabled` matches); ZoneDnssec.get(name, zoneId) reads it without managing it",
} as const;

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
export class ZoneDnssec extends ReadableResource {
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
  declare public readonly priorEnabled: pulumi.Output<boolean | undefined>;
  /** True for a zone read with {@link ZoneDnssec.get} (a read-only view); else undefined. */
  declare public readonly readOnly: pulumi.Output<boolean | undefined>;

  /**
   * Manages the DNSSEC switch of a zone.
   * @param name The unique name of the resource.
   * @param args The zone and the desired state.
   * @param opts Options for the resource. `opts.import` is refused: `zoneId` adopts the zone.
   */
  constructor(name: string, args: ZoneDnssecArgs, opts?: EdgeResourceOptions) {
    super(
      KIND,
      name,
      args,
      isReadView(args) ? opts : zoneDependentOptions(args?.zoneId, opts),
      (a) => zoneDnssecInputs(name, a as ZoneDnssecArgs | undefined),
    );
  }
}

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function zoneDnssecInputs(name: string, args: ZoneDnssecArgs | undefined): pulumi.Inputs {
  const reading = args === undefined;
  return {
    zoneId: undefined,
    enabled: undefined,
    ...(reading ? {} : args),
    ...(reading
      ? {}
      : {
          zoneId: soleOwner(
            "dnssec",
            `edge.dns.ZoneDnssec "${name}"`,
            args.zoneId,
            (z) => `the DNSSEC of DNS zone ${z}`,
          ),
        }),
    dsRecord: undefined,
    digest: undefined,
    digestType: undefined,
    algorithm: undefined,
    publicKey: undefined,
    keyTag: undefined,
    flags: undefined,
    dsConfigured: undefined,
    priorEnabled: reading ? undefined : args.priorEnabled,
    priorPinned: undefined,
    readOnly: undefined,
  };
}
