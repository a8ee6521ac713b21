/**
 * `edge.dns.DnsRecord`: one record of a DNS zone as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/dns:DnsRecord`). Identity is the record id: names are not unique in a
 * zone (a round-robin set is several records of one name), so a record is created with
 * `zoneId` and adopted only by `recordId`, never found by name. Only the fields the program
 * writes are managed; `get` reads without managing; `opts.import` is refused.
 */
import type { EdgeResourceOptions } from "./readable-resource";
import * as pulumi from "@pulumi/pulumi";
import type {
  DnsMonitoringType,
  DnsRecordTypeName,
  DnsSmartRoutingType,
} from "edgeplatform-client/spec/runtime";
import { soleOwner } from "./one-owner";
import { isReadView, ReadableResource, type OutputsOf } from "./readable-resource";
import { zoneDependentOptions } from "./zone-protection";

/** A record's health monitoring, by name. */
export type DnsMonitoringTypeName = keyof typeof DnsMonitoringType;
/** A record's smart routing, by name. */
export type DnsSmartRoutingTypeName = keyof typeof DnsSmartRoutingType;
export type { DnsRecordTypeName };

/** An environment variable of a Script record. */
export interface DnsRecordVariableArgs {
  /** Name of the variable. */
  name: pulumi.Input<string>;
  /** Value of the variable. */
  value: pulumi.Input<string>;
}

/** An environment variable of a Script record, as the platform holds it. */
export interface DnsRecordVariable {
  /** Name of the variable. */
  name: string;
  /** Value of the variable. */
  value: string;
}

/** Arguments of {@link DnsRecord}. */
export interface DnsRecordArgs {
  /**
   * The DNS zone of the record (the record API is keyed by zone). Another zone replaces the
   * resource (a new record there; destroy of the old one deletes it if this resource created it).
   */
  zoneId: pulumi.Input<number>;
  /**
   * Adopt an existing record by id (with its `zoneId`): create = one write of the managed
   * fields that differ (none when they match); destroy leaves the record unless
   * `deleteOnDestroy` is true. Left out: a new record is created. A record is never found by
   * name (names are not unique in a zone).
   */
  recordId?: pulumi.Input<number>;
  /**
   * The record's type: A, AAAA, CNAME, TXT, MX, Redirect, Flatten, PullZone, SRV, CAA, PTR,
   * Script, NS, SVCB, HTTPS or TLSA. Checked with the fields it takes before any call. A
   * change replaces a created record (delete first); an adopted record's is refused.
   */
  type: pulumi.Input<DnsRecordTypeName>;
  /**
   * The record's name, relative to the zone (`"www"`); `""` is the zone apex, `"*"` or
   * `"*.apps"` a wildcard. Labels of letters, digits, `-` and `_`. A CNAME is never at the apex
   * nor beside another record of its name (RFC 1034): refused before any write.
   */
  name: pulumi.Input<string>;
  /**
   * The record's value, in the type's form: an IPv4 address (A), an IPv6 address (AAAA), a
   * hostname (CNAME, MX, NS, PTR, SRV, Flatten; kept without a trailing dot; `"."` for a null
   * MX or a no-service SRV), an http(s) URL (Redirect), text (TXT, CAA…). Required except for
   * PullZone and Script records. Left out: not managed.
   */
  value?: pulumi.Input<string>;
  /** Time to live, in seconds. Left out: not managed (the platform's default for a new record). */
  ttl?: pulumi.Input<number>;
  /** Priority, 0–65535: MX and SRV records only (required for them). */
  priority?: pulumi.Input<number>;
  /** Weight: 0–100 for A and AAAA records (weighted answers), 0–65535 for SRV (required there). */
  weight?: pulumi.Input<number>;
  /** Port, 0–65535: SRV records only (required for them). */
  port?: pulumi.Input<number>;
  /** Flags, 0–255: CAA records only (required for them). */
  flags?: pulumi.Input<number>;
  /**
   * Property tag: CAA records only (required for them): 1 to 15 letters and digits (RFC 8659),
   * such as issue, issuewild or iodef.
   */
  tag?: pulumi.Input<string>;
  /** The pull zone the record points at: PullZone records only (required for them). */
  pullZoneId?: pulumi.Input<number>;
  /**
   * The edge script the record points at: Script records only (required for them). The
   * published record model does not report it back: it is written, not compared on refresh.
   */
  scriptId?: pulumi.Input<number>;
  /** Whether the platform's CDN accelerates the record. Left out: not managed. */
  accelerated?: pulumi.Input<boolean>;
  /** Health monitoring: None, Ping, Http or Monitor. Left out: not managed. */
  monitorType?: pulumi.Input<DnsMonitoringTypeName>;
  /** Latitude of the record's server, -90 to 90 (geolocation routing). Left out: not managed. */
  geolocationLatitude?: pulumi.Input<number>;
  /** Longitude of the record's server, -180 to 180 (geolocation routing). Left out: not managed. */
  geolocationLongitude?: pulumi.Input<number>;
  /** The latency zone of the record (latency routing). Left out: not managed. */
  latencyZone?: pulumi.Input<string>;
  /** Smart routing: None, Latency or Geolocation. Left out: not managed. */
  smartRoutingType?: pulumi.Input<DnsSmartRoutingTypeName>;
  /** Whether the record is disabled (not served). Left out: not managed. */
  disabled?: pulumi.Input<boolean>;
  /** Environment variables of a Script record, in order. Left out: not managed. */
  environmentVariables?: pulumi.Input<pulumi.Input<DnsRecordVariableArgs>[]>;
  /** A comment on the record. Left out: not managed. */
  comment?: pulumi.Input<string>;
  /** Whether the platform issues a certificate for the record's name. Left out: not managed. */
  autoSslIssuance?: pulumi.Input<boolean>;
  /**
   * Whether destroying the resource deletes the record. Default: true when the resource
   * creates the record, false when it adopts one (`recordId`).
   */
  deleteOnDestroy?: pulumi.Input<boolean>;
}

/** A field of a record that the program left out (reported, not managed). */
export type DnsRecordField = Exclude<
  keyof DnsRecordArgs,
  "zoneId" | "recordId" | "name" | "type" | "deleteOnDestroy"
>;

/** State (outputs) of a {@link DnsRecord}. */
export interface DnsRecordState {
  /** Id of the record on the platform (also the resource id, as a string). */
  recordId: number;
  /** The DNS zone of the record. */
  zoneId: number;
  /** The record's type, by name (`"MX"`). */
  type: DnsRecordTypeName;
  /** The record's name (`""`: the zone apex). */
  name: string;
  /** The record's value on the platform. */
  value: string | null;
  /** Time to live, in seconds. */
  ttl: number;
  /** Priority (MX, SRV; 0 for other types). */
  priority: number;
  /** Weight (A, AAAA, SRV; 0 for other types). */
  weight: number;
  /** Port (SRV; 0 for other types). */
  port: number;
  /** Flags (CAA; 0 for other types). */
  flags: number;
  /** Property tag (CAA). */
  tag: string | null;
  /** The pull zone a PullZone record points at (null: none). */
  pullZoneId: number | null;
  /** The edge script a Script record points at, as the program wrote it. */
  scriptId: number | null | undefined;
  /** Whether the platform's CDN accelerates the record. */
  accelerated: boolean;
  /** Health monitoring, by name. */
  monitorType: DnsMonitoringTypeName;
  /** Latitude of the record's server. */
  geolocationLatitude: number;
  /** Longitude of the record's server. */
  geolocationLongitude: number;
  /** The latency zone of the record. */
  latencyZone: string | null;
  /** Smart routing, by name. */
  smartRoutingType: DnsSmartRoutingTypeName;
  /** Whether the record is disabled. */
  disabled: boolean;
  /** Environment variables of a Script record. */
  environmentVariables: DnsRecordVariable[] | null;
  /** The comment on the record. */
  comment: string | null;
  /** Whether the platform issues a certificate for the record's name. */
  autoSslIssuance: boolean;
  /** True when the program addresses the record by `recordId` (adopt mode), and for `get`. */
  adopted: boolean;
  /** `"created"` (this resource created the record) or `"adopted"` (it existed before). */
  origin: "created" | "adopted";
  /** `deleteOnDestroy` as written (undefined: the default of the mode; false for `get`). */
  deleteOnDestroy: boolean | undefined;
  /** Fields reported but not managed (left out by the program). */
  unmanaged: DnsRecordField[] | undefined;
  /** True for a record read with {@link DnsRecord.get} (a read-only view); else undefined. */
  readOnly: boolean | undefined;
}

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "dns-record",
  module: "dns",
  type: "DnsRecord",
  adopt:
    "write `recordId: <the record's id>` (with its `zoneId`) in the arguments instead: that " +
    "adopts the existing record (only writes of managed fields that differ) and leaves it in " +
    "place on destroy; DnsRecord.get(name, `<zoneId>/<recordId>`) reads one without managing it",
} as const;

/** The outputs of a {@link DnsRecord}: the fields of {@link DnsRecordState}. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: the state interface's fields, declared once
export interface DnsRecord extends OutputsOf<DnsRecordState> {}

/**
 * One record of a DNS zone. With `zoneId` alone a new record is created (and deleted on
 * destroy); with `recordId` (and its `zoneId`) an existing record is adopted (and left in
 * place on destroy unless `deleteOnDestroy`). Names are not unique: two resources of one name
 * are two records (a round-robin set). Only the fields the program writes are managed; an
 * update sends only the fields that changed.
 *
 * ```ts
 * const mx = new edge.dns.DnsRecord("mx", {
 *   zoneId: 1,
 *   type: "MX",
 *   name: "",
 *   value: "mail.example.com",
 *   priority: 10,
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: the state interface's fields, declared once
export class DnsRecord extends ReadableResource {
  /**
   * Creates or adopts a DNS record.
   * @param name The unique name of the resource.
   * @param args The desired record: `zoneId` (create), with `recordId` (adopt).
   * @param opts Options for the resource. `opts.import` is refused: write `recordId` instead.
   */
  constructor(name: string, args: DnsRecordArgs, opts?: EdgeResourceOptions) {
    super(
      KIND,
      name,
      args,
      isReadView(args) ? opts : zoneDependentOptions(args?.zoneId, opts),
      (a) => dnsRecordInputs(name, a as DnsRecordArgs | undefined),
    );
  }
}

/** Every output of the class: a key of the inputs (undefined = not an input). */
const OUTPUTS = [
  "zoneId",
  "type",
  "name",
  "value",
  "ttl",
  "priority",
  "weight",
  "port",
  "flags",
  "tag",
  "pullZoneId",
  "scriptId",
  "accelerated",
  "monitorType",
  "geolocationLatitude",
  "geolocationLongitude",
  "latencyZone",
  "smartRoutingType",
  "disabled",
  "environmentVariables",
  "comment",
  "autoSslIssuance",
  "deleteOnDestroy",
  "adopted",
  "origin",
  "unmanaged",
  "readOnly",
] as const;

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function dnsRecordInputs(name: string, args: DnsRecordArgs | undefined): pulumi.Inputs {
  const reading = args === undefined;
  return {
    ...Object.fromEntries(OUTPUTS.map((k) => [k, undefined])),
    ...(reading ? {} : (args as unknown as pulumi.Inputs)),
    recordId: reading
      ? undefined
      : soleOwner(
          "dns-record",
          `edge.dns.DnsRecord "${name}"`,
          args.recordId,
          (id) => `DNS record ${id}`,
        ),
  };
}
