/**
 * `edge.dns.DnsZone`: a DNS zone and its settings as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/dns:DnsZone`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import * as pulumi from "@pulumi/pulumi";
import type { DnsCertificateKeyType, DnsLogAnonymizationType } from "edgeplatform-client/spec";
import { soleOwner } from "./one-owner";
import { ReadableResource, type OutputsOf } from "./readable-resource";
import { markZone } from "./zone-protection";
import type { EnumArg } from "./zone-settings-resource";

/** Settings of {@link DnsZoneArgs}. Every setting left out is not managed (never written). */
export interface DnsZoneSettingsArgs {
  /**
   * Whether the zone is served by the nameservers below (`CustomNameserversEnabled`). True
   * requires `nameserver1`, `nameserver2` and `soaEmail`; while it is off, they are the
   * platform's, and a value of the program's own is refused before any write.
   */
  customNameserversEnabled?: pulumi.Input<boolean>;
  /** First nameserver of the zone, a hostname (`Nameserver1`); only with custom nameservers. */
  nameserver1?: pulumi.Input<string>;
  /** Second nameserver of the zone, a hostname (`Nameserver2`); only with custom nameservers. */
  nameserver2?: pulumi.Input<string>;
  /** E-mail address of the zone's SOA record (`SoaEmail`); only with custom nameservers. */
  soaEmail?: pulumi.Input<string>;
  /** Whether the zone's queries are logged (`LoggingEnabled`). */
  loggingEnabled?: pulumi.Input<boolean>;
  /**
   * How logged IP addresses are anonymized: `"OneDigit"` or `"Drop"` (0–1;
   * `LogAnonymizationType`).
   */
  logAnonymizationType?: pulumi.Input<EnumArg<typeof DnsLogAnonymizationType>>;
  /**
   * Key type of the certificates issued for the zone's records: `"Ecdsa"` or `"Rsa"` (0–1;
   * `CertificateKeyType`).
   */
  certificateKeyType?: pulumi.Input<EnumArg<typeof DnsCertificateKeyType>>;
  /** Whether IP addresses in the zone's logs are anonymized (`LoggingIPAnonymizationEnabled`). */
  loggingIpAnonymizationEnabled?: pulumi.Input<boolean>;
}

/** Creates a zone: `domain`. */
export interface DnsZoneCreateArgs {
  /**
   * Creates a DNS zone for this domain (POST `/dnszone`); destroy deletes it, with every record
   * in it. A domain that already has a zone on the account is refused before any write, naming
   * the zone's id: adopt that zone with `zoneId` instead. Another domain replaces the resource
   * (a new zone, then the old one deleted).
   */
  domain: pulumi.Input<string>;
  /** Not with `domain`: one of the two names the zone. */
  zoneId?: never;
}

/** Adopts a zone: `zoneId`. */
export interface DnsZoneAdoptArgs {
  /** Not with `zoneId`: one of the two names the zone. */
  domain?: never;
  /**
   * Id of an existing DNS zone to adopt: never deleted by Pulumi; destroy gives back the
   * settings it had before. Another id replaces the resource.
   */
  zoneId: pulumi.Input<number>;
}

/** The optional stated prior of a {@link DnsZone}. */
export interface DnsZonePriorArgs {
  /**
   * The way out after an interrupted `pulumi up` (the write landed, the state never recorded
   * it): the managed settings' values before Pulumi, as the interrupted run printed them
   * (`configuration before Pulumi {...}`), by setting name (`null`: not set). Only managed
   * settings may be named. Stating or changing it writes nothing to the platform. Default: the
   * values read when Pulumi first managed each setting.
   */
  prior?: pulumi.Input<Record<string, unknown>>;
}

/**
 * Arguments of {@link DnsZone}: exactly one of `domain` (create a zone) and `zoneId` (adopt
 * one), the settings to manage, and the optional stated `prior`.
 */
export type DnsZoneArgs = (DnsZoneCreateArgs | DnsZoneAdoptArgs) &
  DnsZoneSettingsArgs &
  DnsZonePriorArgs;

/** State (outputs) of a {@link DnsZone}. */
export interface DnsZoneState {
  /** Id of the DNS zone. */
  zoneId: number;
  /** The zone's domain. */
  domain: string;
  /** `"created"` (destroy deletes the zone) or `"adopted"` (destroy restores its settings). */
  origin: "created" | "adopted" | undefined;
  /** Whether custom nameservers are on, as the platform holds it. */
  customNameserversEnabled: boolean;
  /** First nameserver, as the platform holds it. */
  nameserver1: string;
  /** Second nameserver, as the platform holds it. */
  nameserver2: string;
  /** SOA e-mail address, as the platform holds it. */
  soaEmail: string;
  /** Whether query logging is on, as the platform holds it. */
  loggingEnabled: boolean;
  /** Log anonymization, by name. */
  logAnonymizationType: string | number;
  /** Certificate key type, by name. */
  certificateKeyType: string | number;
  /** Whether IP anonymization of the logs is on, as the platform holds it. */
  loggingIpAnonymizationEnabled: boolean;
  /**
   * The managed settings before Pulumi managed them (enumerations by name): what destroy of an
   * adopted zone restores. `{}` for a read-only view.
   */
  prior: Record<string, unknown>;
  /** The managed settings' names. */
  managed: string[];
  /** True when the program states `prior` (the record is the program's); else undefined. */
  priorPinned: boolean | undefined;
  /** True for a zone read with {@link DnsZone.get} (a read-only view); else undefined. */
  readOnly: boolean | undefined;
}

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "dns-zone",
  module: "dns",
  type: "DnsZone",
  adopt:
    "the resource already adopts a DNS zone by `zoneId` (no write when its settings match); " +
    "DnsZone.get(name, zoneId) reads it without managing it",
} as const;

const OUTPUTS = [
  "zoneId",
  "domain",
  "origin",
  "customNameserversEnabled",
  "nameserver1",
  "nameserver2",
  "soaEmail",
  "loggingEnabled",
  "logAnonymizationType",
  "certificateKeyType",
  "loggingIpAnonymizationEnabled",
  "prior",
  "managed",
  "priorPinned",
  "readOnly",
];

/** The outputs of a {@link DnsZone}: the fields of {@link DnsZoneState}. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: the state interface's fields, declared once
export interface DnsZone extends OutputsOf<Omit<DnsZoneState, "prior">> {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: the state interface's fields, declared once
export class DnsZone extends ReadableResource {
  // Its own description: the state's names the read-only view.
  /** The managed settings before Pulumi managed them: what destroy of an adopted zone restores. */
  declare public readonly prior: pulumi.Output<Record<string, unknown>>;

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
  const base: pulumi.Inputs = Object.fromEntries(OUTPUTS.map((o) => [o, undefined]));
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
