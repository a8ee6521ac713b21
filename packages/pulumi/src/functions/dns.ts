/**
 * DNS data sources: `getDnsZone`, `getDnsZones`, `getDnsRecords` (filters by type and name)
 * and `getDnsZoneStatistics`, each also as an Output form. The records of a zone come from
 * the zone's read (GET `/dnszone/{id}`, every record embedded): one call whatever the size.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./dns-schemas";
import {
  statisticsRange,
  type Client,
  type DnsRecord,
  type DnsZone,
  type DnsZoneStatistics,
} from "edgeplatform-client";
import { DnsRecordType, schemaRef } from "edgeplatform-client/spec/runtime";
import { checkArgs, fail } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";

const ref = <K extends keyof typeof S>(name: K) =>
  schemaRef<(typeof S)[K]>(__dirname, "./dns-schemas", name);
const getDnsZoneArgs = ref("getDnsZoneArgsSchema");
const getDnsZonesArgs = ref("getDnsZonesArgsSchema");
const getDnsRecordsArgs = ref("getDnsRecordsArgsSchema");
const getDnsZoneStatisticsArgs = ref("getDnsZoneStatisticsArgsSchema");

/** Arguments of {@link getDnsZone}. */
export type GetDnsZoneArgs = Static<typeof S.getDnsZoneArgsSchema>;
/** Arguments of {@link getDnsZones}. */
export type GetDnsZonesArgs = Static<typeof S.getDnsZonesArgsSchema>;
/** Arguments of {@link getDnsRecords}. */
export type GetDnsRecordsArgs = Static<typeof S.getDnsRecordsArgsSchema>;
/** Arguments of {@link getDnsZoneStatistics}. */
export type GetDnsZoneStatisticsArgs = Static<typeof S.getDnsZoneStatisticsArgsSchema>;

/** A DNS zone's settings (the platform's `DnsZoneModel` in this package's casing). */
export interface DnsZoneResult {
  /** The zone's id (`Id`). */
  zoneId: number;
  /** The zone's domain (`Domain`). */
  domain: string;
  /** Whether DNSSEC is on (`DnsSecEnabled`). */
  dnsSecEnabled: boolean;
  /** Whether the zone uses its own nameservers (`CustomNameserversEnabled`). */
  customNameserversEnabled: boolean;
  /** First nameserver (`Nameserver1`). */
  nameserver1: string | null;
  /** Second nameserver (`Nameserver2`). */
  nameserver2: string | null;
  /** E-mail of the SOA record (`SoaEmail`). */
  soaEmail: string | null;
  /** Whether the platform found its nameservers at the registrar (`NameserversDetected`). */
  nameserversDetected: boolean;
  /** Whether query logging is on (`LoggingEnabled`). */
  loggingEnabled: boolean;
  /** Whether logged IPs are anonymized (`LoggingIPAnonymizationEnabled`). */
  loggingIpAnonymizationEnabled: boolean;
  /** How logged IPs are anonymized: `OneDigit` or `Drop` (`LogAnonymizationType`). */
  logAnonymizationType: "OneDigit" | "Drop" | null;
  /** Key type of the zone's automatic certificates: `Ecdsa` or `Rsa` (`CertificateKeyType`). */
  certificateKeyType: "Ecdsa" | "Rsa" | null;
  /** When the zone was created (`DateCreated`, ISO 8601). */
  dateCreated: string | null;
  /** When the zone last changed (`DateModified`, ISO 8601). */
  dateModified: string | null;
}

/** Result of {@link getDnsZone}: the settings and how many records the zone has. */
export interface GetDnsZoneResult extends DnsZoneResult {
  /** Number of records in the zone (read them with {@link getDnsRecords}). */
  recordCount: number;
}

/** Result of {@link getDnsZones}. */
export interface GetDnsZonesResult {
  /** The zones, in the platform's order. */
  zones: DnsZoneResult[];
}

/** A DNS record (the platform's `DnsRecordModel` in this package's casing). */
export interface DnsRecordResult {
  /** The record's id (`Id`): its identity (names are not unique). */
  recordId: number;
  /** The type's name (`A`, `MX`, …). */
  type: string;
  /** Name relative to the zone; `""` is the apex (`Name`). */
  name: string;
  /** The value (`Value`). */
  value: string;
  /** Time to live in seconds (`Ttl`). */
  ttl: number;
  /** MX and SRV priority (`Priority`; 0 for other types). */
  priority: number;
  /** SRV weight (`Weight`; 0 for other types). */
  weight: number;
  /** SRV port (`Port`; 0 for other types). */
  port: number;
  /** CAA flags (`Flags`; 0 for other types). */
  flags: number;
  /** CAA tag (`Tag`; `""` for other types). */
  tag: string;
  /** Whether the record is switched off (`Disabled`). */
  disabled: boolean;
  /** The record's comment (`Comment`). */
  comment: string | null;
  /** What a PullZone or Script record points at (`LinkName`). */
  linkName: string | null;
  /** Whether the record is accelerated through a pull zone (`Accelerated`). */
  accelerated: boolean;
  /** The pull zone an accelerated or PullZone record is linked to (`AcceleratedPullZoneId`; null for none). */
  acceleratedPullZoneId: number | null;
}

/** Result of {@link getDnsRecords}. */
export interface GetDnsRecordsResult {
  /** The zone the records belong to. */
  zoneId: number;
  /** The records that match the filters, in the platform's order. */
  records: DnsRecordResult[];
}

/** Result of {@link getDnsZoneStatistics}: the platform's `DnsZoneStatisticsModel`, camelCased. */
export interface GetDnsZoneStatisticsResult {
  /** Queries served in the range (`TotalQueriesServed`). */
  totalQueriesServed: number;
  /** Queries per timestamp (`QueriesServedChart`). */
  queriesServedChart: Record<string, number>;
  /** Queries answered without smart routing, per timestamp (`NormalQueriesServedChart`). */
  normalQueriesServedChart: Record<string, number>;
  /** Queries answered by smart routing, per timestamp (`SmartQueriesServedChart`). */
  smartQueriesServedChart: Record<string, number>;
  /** Queries per record type (`QueriesByTypeChart`). */
  queriesByTypeChart: Record<string, number>;
}

const typeName = (t: number) =>
  Object.entries(DnsRecordType).find(([, v]) => v === t)?.[0] ?? String(t);
const named = <E extends Record<string, number>>(e: E, v: number | null | undefined) =>
  v === null || v === undefined
    ? null
    : ((Object.entries(e).find(([, x]) => x === v)?.[0] ?? null) as keyof E | null);

function zoneResult(z: DnsZone): DnsZoneResult {
  return {
    zoneId: z.Id,
    domain: z.Domain,
    dnsSecEnabled: z.DnsSecEnabled,
    customNameserversEnabled: z.CustomNameserversEnabled ?? false,
    nameserver1: z.Nameserver1 ?? null,
    nameserver2: z.Nameserver2 ?? null,
    soaEmail: z.SoaEmail ?? null,
    nameserversDetected: z.NameserversDetected ?? false,
    loggingEnabled: z.LoggingEnabled ?? false,
    loggingIpAnonymizationEnabled: z.LoggingIPAnonymizationEnabled ?? false,
    logAnonymizationType: named({ OneDigit: 0, Drop: 1 }, z.LogAnonymizationType),
    certificateKeyType: named({ Ecdsa: 0, Rsa: 1 }, z.CertificateKeyType),
    dateCreated: z.DateCreated ?? null,
    dateModified: z.DateModified ?? null,
  };
}

function recordResult(r: DnsRecord): DnsRecordResult {
  return {
    recordId: r.Id,
    type: typeName(r.Type),
    name: r.Name ?? "",
    value: r.Value ?? "",
    ttl: r.Ttl,
    priority: r.Priority ?? 0,
    weight: r.Weight ?? 0,
    port: r.Port ?? 0,
    flags: r.Flags ?? 0,
    tag: r.Tag ?? "",
    disabled: r.Disabled ?? false,
    comment: r.Comment ?? null,
    linkName: r.LinkName ?? null,
    accelerated: r.Accelerated ?? false,
    acceleratedPullZoneId: r.AcceleratedPullZoneId || null,
  };
}

/**
 * Reads a DNS zone's settings (GET `/dnszone/{id}`), by its `zoneId` or by its exact `domain`
 * (case-insensitive, a trailing dot ignored; found in the account's zones, GET `/dnszone`).
 *
 * ```ts
 * const z = await edge.dns.getDnsZone({ zoneId: 1 });
 * z.domain; z.dnsSecEnabled; z.recordCount;
 * const byDomain = await edge.dns.getDnsZone({ domain: "example.com" });
 * ```
 * @throws InvalidArgumentError for a bad `zoneId`, both or neither of `zoneId` and `domain`,
 *   or a `domain` no zone of the account has (naming it).
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown zone).
 */
export async function getDnsZone(
  args: GetDnsZoneArgs,
  opts: DataSourceOptions = {},
): Promise<GetDnsZoneResult> {
  const op = "dns.getDnsZone";
  try {
    const { zoneId, domain } = checkArgs(op, getDnsZoneArgs, args);
    if ((zoneId === undefined) === (domain === undefined))
      fail(op, "zoneId", "give either zoneId or domain (exactly one of them)");
    const client = await connectedClient(opts);
    const id = zoneId ?? (await zoneIdOfDomain(op, client, domain as string));
    const z = await client.dns.getZone(id);
    return { ...zoneResult(z), recordCount: z.Records?.length ?? 0 };
  } catch (e) {
    throw programError(e);
  }
}

/** A domain in the form zones are compared in: trimmed, lower case, no trailing dot. */
const domainKey = (d: string) => d.trim().toLowerCase().replace(/\.$/, "");

/** The id of the zone whose domain is exactly `domain` (the platform's search narrows the list). */
async function zoneIdOfDomain(op: string, client: Client, domain: string): Promise<number> {
  const wanted = domainKey(domain);
  if (wanted === "") fail(op, "domain", `must be a domain name; got ${JSON.stringify(domain)}`);
  const found: DnsZone[] = [];
  for await (const z of client.dns.allZones({ view: 1, search: wanted }))
    if (domainKey(z.Domain) === wanted) found.push(z);
  if (found.length === 0)
    fail(op, "domain", `no DNS zone of the account has the domain ${JSON.stringify(wanted)}`);
  if (found.length > 1)
    fail(
      op,
      "domain",
      `${found.length} DNS zones have the domain ${JSON.stringify(wanted)} ` +
        `(ids ${found.map((z) => z.Id).join(", ")}): give zoneId`,
    );
  return found[0].Id;
}

/** Output form of {@link getDnsZone} (accepts Inputs). */
export function getDnsZoneOutput(
  args: Inputs<GetDnsZoneArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetDnsZoneResult> {
  return dataSourceOutput(args, opts, getDnsZone);
}

/**
 * Lists the account's DNS zones (GET `/dnszone`, every page, without their records).
 *
 * ```ts
 * const { zones } = await edge.dns.getDnsZones({ search: "example" });
 * ```
 * @throws EdgeApiError for platform errors.
 */
export async function getDnsZones(
  args: GetDnsZonesArgs = {},
  opts: DataSourceOptions = {},
): Promise<GetDnsZonesResult> {
  try {
    const { search } = checkArgs("dns.getDnsZones", getDnsZonesArgs, args);
    const zones: DnsZoneResult[] = [];
    for await (const z of (await connectedClient(opts)).dns.allZones({
      view: 1,
      ...(search !== undefined ? { search } : {}),
    }))
      zones.push(zoneResult(z));
    return { zones };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getDnsZones} (accepts Inputs). */
export function getDnsZonesOutput(
  args: Inputs<GetDnsZonesArgs> = {},
  opts: DataSourceOptions = {},
): pulumi.Output<GetDnsZonesResult> {
  return dataSourceOutput(args, opts, getDnsZones);
}

/**
 * Reads a zone's records (GET `/dnszone/{id}`: every record in one call), optionally only
 * those of one `type` (a name such as `"MX"`, or its number) and one `name` (relative to the
 * zone; `""` or `"@"` is the apex).
 *
 * ```ts
 * const { records } = await edge.dns.getDnsRecords({ zoneId: 1, type: "MX" });
 * ```
 * @throws InvalidArgumentError for a bad `zoneId` or an unknown `type` (naming the types).
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown zone).
 */
export async function getDnsRecords(
  args: GetDnsRecordsArgs,
  opts: DataSourceOptions = {},
): Promise<GetDnsRecordsResult> {
  try {
    const { zoneId, type, name } = checkArgs("dns.getDnsRecords", getDnsRecordsArgs, args);
    const wanted =
      type === undefined
        ? undefined
        : typeof type === "number"
          ? type
          : DnsRecordType[type as keyof typeof DnsRecordType];
    const apex = (n: string) => (n === "@" ? "" : n.toLowerCase());
    const z = await (await connectedClient(opts)).dns.getZone(zoneId);
    if (!Array.isArray(z.Records))
      fail(
        "dns.getDnsRecords",
        "zoneId",
        `the platform's answer for zone ${zoneId} has no records`,
      );
    const records = z.Records.filter(
      (r) =>
        (wanted === undefined || r.Type === wanted) &&
        (name === undefined || apex(r.Name ?? "") === apex(name)),
    ).map(recordResult);
    return { zoneId, records };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getDnsRecords} (accepts Inputs). */
export function getDnsRecordsOutput(
  args: Inputs<GetDnsRecordsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetDnsRecordsResult> {
  return dataSourceOutput(args, opts, getDnsRecords);
}

/**
 * Reads a zone's query statistics (GET `/dnszone/{id}/statistics`). Dates as in
 * `compute.getScriptStatistics`: a date-only `dateFrom` is the start of that day (UTC), a
 * date-only `dateTo` its end; without dates the platform gives the last 30 days.
 *
 * ```ts
 * const s = await edge.dns.getDnsZoneStatistics({ zoneId: 1, dateFrom: "2026-05-01" });
 * s.totalQueriesServed; s.queriesByTypeChart;
 * ```
 * @throws InvalidArgumentError for a bad `zoneId`, an invalid date, or `dateFrom` after `dateTo`.
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown zone).
 */
export async function getDnsZoneStatistics(
  args: GetDnsZoneStatisticsArgs,
  opts: DataSourceOptions = {},
): Promise<GetDnsZoneStatisticsResult> {
  const op = "dns.getDnsZoneStatistics";
  try {
    const { zoneId, ...range } = checkArgs(op, getDnsZoneStatisticsArgs, args);
    const { dateFrom, dateTo } = statisticsRange(
      range as { dateFrom?: string | Date; dateTo?: string | Date },
    );
    if (dateFrom && dateTo && dateFrom > dateTo)
      fail(op, "dateFrom", `must not be after dateTo (${dateFrom} > ${dateTo})`);
    const s: DnsZoneStatistics = await (
      await connectedClient(opts)
    ).dns.statistics(zoneId, {
      ...(dateFrom ? { dateFrom } : {}),
      ...(dateTo ? { dateTo } : {}),
    });
    return {
      totalQueriesServed: s.TotalQueriesServed,
      queriesServedChart: s.QueriesServedChart ?? {},
      normalQueriesServedChart: s.NormalQueriesServedChart ?? {},
      smartQueriesServedChart: s.SmartQueriesServedChart ?? {},
      queriesByTypeChart: s.QueriesByTypeChart ?? {},
    };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getDnsZoneStatistics} (accepts Inputs). */
export function getDnsZoneStatisticsOutput(
  args: Inputs<GetDnsZoneStatisticsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetDnsZoneStatisticsResult> {
  return dataSourceOutput(args, opts, getDnsZoneStatistics);
}
