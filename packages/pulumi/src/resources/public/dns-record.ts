/**
 * `edge.dns.DnsRecord`: one record of a DNS zone as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/dns:DnsRecord`). Identity is the record id: names are not unique in a
 * zone (a round-robin set is several records of one name), so a record is created with
 * `zoneId` and adopted only by `recordId`, never found by name. Only the fields the program
 * writes are managed; `get` reads without managing; `opts.import` is refused. Its arguments,
 * state and outputs are generated from the kind's declaration (`./generated/dns-record`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import type {
  DnsMonitoringType,
  DnsRecordTypeName,
  DnsSmartRoutingType,
} from "edgeplatform-client/spec/runtime";
import { ZoneObjectResource, type ZoneObjectKind } from "./zone-object-resource";
import { zoneDependentOptions } from "./zone-protection";
import type { DnsRecordArgs, DnsRecordOutputs } from "./generated/dns-record";

export type {
  DnsRecordArgs,
  DnsRecordState,
  DnsRecordVariable,
  DnsRecordVariableArgs,
} from "./generated/dns-record";

/** A record's health monitoring, by name. */
export type DnsMonitoringTypeName = keyof typeof DnsMonitoringType;
/** A record's smart routing, by name. */
export type DnsSmartRoutingTypeName = keyof typeof DnsSmartRoutingType;
export type { DnsRecordTypeName };

/** A field of a record that the program left out (reported, not managed). */
export type DnsRecordField = Exclude<
  keyof DnsRecordArgs,
  "zoneId" | "recordId" | "name" | "type" | "deleteOnDestroy"
>;

/** The kind: its stub, its type token, how its arguments adopt an object, its inputs. */
const KIND: ZoneObjectKind = {
  stub: "dns-record",
  module: "dns",
  type: "DnsRecord",
  idField: "recordId",
  idName: "id",
  parentField: "zoneId",
  short: "record",
  noun: "DNS record",
  getId: "`<zoneId>/<recordId>`",
  before: [
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
  ],
  after: [],
};

/** The outputs of a {@link DnsRecord} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface DnsRecord extends DnsRecordOutputs {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class DnsRecord extends ZoneObjectResource {
  /**
   * Creates or adopts a DNS record.
   * @param name The unique name of the resource.
   * @param args The desired record: `zoneId` (create), with `recordId` (adopt).
   * @param opts Options for the resource. `opts.import` is refused: write `recordId` instead.
   */
  constructor(name: string, args: DnsRecordArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, zoneDependentOptions(args, opts));
  }
}
