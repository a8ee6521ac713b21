/**
 * DNS API (published core API, tag "DNS Zone"): zones (list, add, read with their records
 * embedded, update settings, delete), records (add, update, delete, list), zone-file export
 * and import, query statistics, availability of a domain, record scans, and DNSSEC. Endpoints
 * are data ({@link dnsEndpoints}); request bodies and queries are checked before anything is
 * sent against the spec's declarations (`dns-schemas.ts`) and, for records, by type
 * (`checkDnsRecord`: an IPv4 for A, priority for MX…), so a bad argument fails with an
 * `InvalidArgumentError` naming the field and the allowed values.
 */
import type {
  AddDnsRecordRequest,
  AddDnsZoneRequest,
  DnsPage,
  DnsRecord,
  DnsRecordListQuery,
  DnsRecordScanJob,
  DnsRecordScanRequest,
  DnsRecordScanTrigger,
  DnssecInfo,
  DnsZone,
  DnsZoneImportResult,
  DnsZoneListQuery,
  DnsZoneStatistics,
  DnsZoneStatisticsQuery,
  UpdateDnsRecordRequest,
  UpdateDnsZoneRequest,
} from "../spec";
import {
  checkDnsRecord,
  DnsMonitoringType,
  DnsRecordType,
  DnsSmartRoutingType,
  specSchema,
  validate,
  type SpecSchemaName,
  type ValidationFailure,
} from "../spec/runtime";
import { checkId } from "./shield-args";
import { InvalidArgumentError } from "./invalid-argument";
import type { EndpointDef, Caller, RequestOptions } from "./transport";
import { isObj } from "./is-object";

type Body = Record<string, unknown>;

/** A page answer must carry its `Items`: a missing array must never read as "no zones". */
const pageShape =
  (what: string) =>
  (b: Body): string | undefined =>
    Array.isArray(b.Items) ? undefined : `no "Items" array in the ${what} page`;

/** A zone answer names its zone (`Id`) and tells its DNSSEC state. */
const zoneShape = (b: Body): string | undefined =>
  typeof b.Id !== "number"
    ? 'the zone has no numeric "Id"'
    : // ZoneDnssec's state comes from DnsSecEnabled: an answer without it must not read as "off".
      typeof b.DnsSecEnabled !== "boolean"
      ? 'no boolean "DnsSecEnabled" in the zone'
      : // A zone read of the records must never read as "no records" when they are missing.
        b.Records !== undefined && b.Records !== null && !Array.isArray(b.Records)
        ? '"Records" of the zone is not an array'
        : undefined;

/** Endpoint definitions of the DNS area. */
export const dnsEndpoints = {
  listZones: {
    operation: "dns.listZones",
    method: "GET",
    path: "/dnszone",
    validate: pageShape("DNS zone"),
  },
  addZone: {
    operation: "dns.addZone",
    method: "POST",
    path: "/dnszone",
    validate: zoneShape,
  },
  getZone: {
    operation: "dns.getZone",
    method: "GET",
    path: "/dnszone/{id}",
    validate: zoneShape,
  },
  updateZone: {
    operation: "dns.updateZone",
    method: "POST",
    path: "/dnszone/{id}",
    // Only the settings sent change, to the values sent: repeatable.
    idempotent: true,
    // The published 200 does not say what it carries: the zone, or (some platforms) nothing.
    allowEmpty: true,
    validate: zoneShape,
  },
  deleteZone: {
    operation: "dns.deleteZone",
    method: "DELETE",
    path: "/dnszone/{id}",
    allowEmpty: true,
  },
  addRecord: {
    operation: "dns.addRecord",
    method: "PUT",
    path: "/dnszone/{zoneId}/records",
    // A PUT that adds: two sends make two records (names are not unique), so never retried
    // except on a 429 or a refused connection.
    idempotent: false,
    validate: (b) => (typeof b.Id === "number" ? undefined : 'the record has no numeric "Id"'),
  },
  updateRecord: {
    operation: "dns.updateRecord",
    method: "POST",
    path: "/dnszone/{zoneId}/records/{id}",
    idempotent: true,
    allowEmpty: true,
  },
  deleteRecord: {
    operation: "dns.deleteRecord",
    method: "DELETE",
    path: "/dnszone/{zoneId}/records/{id}",
    allowEmpty: true,
  },
  listRecords: {
    operation: "dns.listRecords",
    method: "GET",
    path: "/dnszone/{zoneId}/records",
    validate: pageShape("DNS record"),
  },
  exportZone: {
    operation: "dns.exportZone",
    method: "GET",
    path: "/dnszone/{id}/export",
    responseType: "text",
    allowEmpty: true,
  },
  importZone: {
    operation: "dns.importZone",
    method: "POST",
    path: "/dnszone/{zoneId}/import",
    requestType: "text",
    validate: (b) =>
      typeof b.RecordsSuccessful === "number"
        ? undefined
        : 'no numeric "RecordsSuccessful" in the import result',
  },
  statistics: {
    operation: "dns.statistics",
    method: "GET",
    path: "/dnszone/{id}/statistics",
    validate: (b) =>
      typeof b.TotalQueriesServed === "number"
        ? undefined
        : 'no numeric "TotalQueriesServed" in the statistics',
  },
  checkAvailability: {
    operation: "dns.checkAvailability",
    method: "POST",
    path: "/dnszone/checkavailability",
    // A read sent as POST: repeatable. The published 200 has no body schema.
    idempotent: true,
    allowEmpty: true,
  },
  triggerRecordScan: {
    operation: "dns.triggerRecordScan",
    method: "POST",
    path: "/dnszone/records/scan",
    validate: (b) => (typeof b.JobId === "string" ? undefined : 'no "JobId" in the scan answer'),
  },
  latestRecordScan: {
    operation: "dns.latestRecordScan",
    method: "GET",
    path: "/dnszone/{zoneId}/records/scan",
    validate: (b) => (typeof b.JobId === "string" ? undefined : 'no "JobId" in the scan answer'),
  },
  // The DNSSEC record of the answer is informative (ZoneDnssec reads the zone back): an answer
  // without a body, after the switch was applied, is a success, never an error to retry.
  enableDnssec: {
    operation: "dns.enableDnssec",
    method: "POST",
    path: "/dnszone/{id}/dnssec",
    allowEmpty: true,
  },
  disableDnssec: {
    operation: "dns.disableDnssec",
    method: "DELETE",
    path: "/dnszone/{id}/dnssec",
    allowEmpty: true,
  },
} as const satisfies Record<string, EndpointDef>;

/** The enumerations a record body may name instead of a number (`"MX"` → 4). */
const RECORD_ENUMS: Record<string, Record<string, number>> = {
  Type: DnsRecordType,
  MonitorType: DnsMonitoringType,
  SmartRoutingType: DnsSmartRoutingType,
};

/** A copy of a record body with enumeration names turned into numbers (case-insensitive). */
export function normalizeDnsRecord<T extends object>(record: T): T {
  if (!isObj(record)) return record;
  const out: Body = { ...record };
  for (const [field, e] of Object.entries(RECORD_ENUMS)) {
    const v = out[field];
    if (typeof v !== "string") continue;
    const hit = Object.keys(e).find((k) => k.toLowerCase() === v.trim().toLowerCase());
    if (hit !== undefined) out[field] = e[hit];
  }
  return out as T;
}

/** Throws the first failure as an `InvalidArgumentError` (the others named in its reason). */
function refuse(operation: string, failures: ValidationFailure[]): void {
  if (!failures.length) return;
  const [first, ...rest] = failures;
  const field = first.property || "body";
  const allowed =
    field === "Type" || field.endsWith(".Type") ? Object.keys(DnsRecordType) : undefined;
  const more = rest.length
    ? `; also ${rest.map((f) => `"${f.property}" ${f.reason}`).join("; ")}`
    : "";
  throw new InvalidArgumentError(operation, field, `${first.reason}${more}`, allowed);
}

/** Checks `value` against the spec's schema `name` (`noun` as in `validate`). */
function checkShape(
  operation: string,
  name: SpecSchemaName,
  value: unknown,
  prefix = "",
  noun: "property" | "argument" = "property",
): void {
  refuse(operation, validate(specSchema(name), value, prefix, noun));
}

/** DNS area of the {@link Client} (`client.dns`). */
export class DnsApi {
  /** @internal Use `client.dns`. */
  constructor(private readonly t: Caller) {}

  /**
   * One page of the account's DNS zones (GET `/dnszone`; `perPage` 5 to 1000, default
   * 1000; `search` filters by domain). Each zone carries its records.
   */
  async listZones(query: DnsZoneListQuery = {}, opts?: RequestOptions): Promise<DnsPage<DnsZone>> {
    const op = dnsEndpoints.listZones.operation;
    checkShape(op, "dnsZoneListQuerySchema", query, "", "argument");
    return (await this.t.call<DnsPage<DnsZone>>(dnsEndpoints.listZones, { query }, opts)).data;
  }

  /** Every DNS zone of the account (follows the pages of {@link listZones}). */
  async *allZones(
    query: Omit<DnsZoneListQuery, "page"> = {},
    opts?: RequestOptions,
  ): AsyncGenerator<DnsZone> {
    for (let page = 1; ; page++) {
      const p = await this.listZones({ ...query, page }, opts);
      yield* p.Items;
      if (!p.HasMoreItems || p.Items.length === 0) return;
    }
  }

  /**
   * Adds a DNS zone (POST `/dnszone`), optionally with its first records (checked by type
   * like {@link addRecord}). A POST: never retried except on a 429 or a refused connection.
   * @returns the new zone (its `Id`).
   */
  async addZone(body: AddDnsZoneRequest, opts?: RequestOptions): Promise<DnsZone> {
    const op = dnsEndpoints.addZone.operation;
    const sent = Array.isArray(body?.Records)
      ? { ...body, Records: body.Records.map((r) => normalizeDnsRecord(r)) }
      : body;
    checkShape(op, "addDnsZoneSchema", sent);
    (sent.Records ?? []).forEach((r, i) =>
      refuse(op, checkDnsRecord(r as Body, { prefix: `Records[${i}]` })),
    );
    return (await this.t.call<DnsZone>(dnsEndpoints.addZone, { body: sent }, opts)).data;
  }

  /**
   * Reads a DNS zone (GET `/dnszone/{id}`) with every record embedded (`Records`): one call
   * for a zone of any size. `DnsSecEnabled` tells the DNSSEC state.
   */
  async getZone(id: number, opts?: RequestOptions): Promise<DnsZone> {
    return (await this.t.call<DnsZone>(dnsEndpoints.getZone, { params: { id } }, opts)).data;
  }

  /**
   * Changes a zone's settings (POST `/dnszone/{id}`; only those sent change). Repeatable.
   * @returns the zone as changed, or undefined when the platform answered without a body
   *   (the published document does not say what the answer carries: read the zone then).
   */
  async updateZone(
    id: number,
    body: UpdateDnsZoneRequest,
    opts?: RequestOptions,
  ): Promise<DnsZone | undefined> {
    const op = dnsEndpoints.updateZone.operation;
    checkId(op, "id", id, true);
    checkShape(op, "updateDnsZoneSchema", body);
    return (
      await this.t.call<DnsZone | undefined>(
        dnsEndpoints.updateZone,
        { params: { id }, body },
        opts,
      )
    ).data;
  }

  /** Deletes a zone with every record in it (DELETE `/dnszone/{id}`). */
  async deleteZone(id: number, opts?: RequestOptions): Promise<void> {
    checkId(dnsEndpoints.deleteZone.operation, "id", id, true);
    await this.t.call(dnsEndpoints.deleteZone, { params: { id } }, opts);
  }

  /**
   * Adds a record to a zone (PUT `/dnszone/{zoneId}/records`). `Type` (a number or a name
   * such as `"MX"`) and the fields it takes are checked first: the value's form (an IPv4 for
   * A, a hostname for CNAME/MX/NS/PTR/SRV), `Priority` for MX and SRV, `Weight` and `Port`
   * for SRV, `Flags` and `Tag` for CAA; a field the type does not take is refused. Never
   * retried except on a 429 or a refused connection (a second send makes a second record).
   * @returns the new record (its `Id`).
   */
  async addRecord(
    zoneId: number,
    body: AddDnsRecordRequest | (Omit<AddDnsRecordRequest, "Type"> & { Type: string }),
    opts?: RequestOptions,
  ): Promise<DnsRecord> {
    const op = dnsEndpoints.addRecord.operation;
    checkId(op, "zoneId", zoneId, true);
    const sent = normalizeDnsRecord(body) as AddDnsRecordRequest;
    checkShape(op, "addDnsRecordSchema", sent);
    refuse(op, checkDnsRecord(sent as Body));
    return (
      await this.t.call<DnsRecord>(dnsEndpoints.addRecord, { params: { zoneId }, body: sent }, opts)
    ).data;
  }

  /**
   * Changes a record (POST `/dnszone/{zoneId}/records/{id}`; only the fields sent change).
   * The fields sent are checked as in {@link addRecord}; give `Type` (or `storedType`, the
   * record's current type) to have them checked against the type. Repeatable.
   */
  async updateRecord(
    zoneId: number,
    id: number,
    body: UpdateDnsRecordRequest | (Omit<UpdateDnsRecordRequest, "Type"> & { Type: string }),
    opts?: RequestOptions & { storedType?: number },
  ): Promise<void> {
    const op = dnsEndpoints.updateRecord.operation;
    checkId(op, "zoneId", zoneId, true);
    checkId(op, "id", id, true);
    const sent = normalizeDnsRecord(body) as UpdateDnsRecordRequest;
    checkShape(op, "updateDnsRecordSchema", sent);
    refuse(op, checkDnsRecord(sent as Body, { partial: true, storedType: opts?.storedType }));
    const { storedType: _, ...callOpts } = opts ?? {};
    await this.t.call(dnsEndpoints.updateRecord, { params: { zoneId, id }, body: sent }, callOpts);
  }

  /** Deletes a record (DELETE `/dnszone/{zoneId}/records/{id}`). */
  async deleteRecord(zoneId: number, id: number, opts?: RequestOptions): Promise<void> {
    const op = dnsEndpoints.deleteRecord.operation;
    checkId(op, "zoneId", zoneId, true);
    checkId(op, "id", id, true);
    await this.t.call(dnsEndpoints.deleteRecord, { params: { zoneId, id } }, opts);
  }

  /**
   * One page of a zone's records (GET `/dnszone/{zoneId}/records`; `type` — a number or a
   * name — and `search` filter). {@link getZone} gives them all in one call.
   */
  async listRecords(
    zoneId: number,
    query: DnsRecordListQuery | (Omit<DnsRecordListQuery, "type"> & { type: string }) = {},
    opts?: RequestOptions,
  ): Promise<DnsPage<DnsRecord>> {
    const op = dnsEndpoints.listRecords.operation;
    checkId(op, "zoneId", zoneId, true);
    const q = { ...query } as Record<string, unknown>;
    if (typeof q.type === "string") q.type = normalizeDnsRecord({ Type: q.type }).Type;
    checkShape(op, "dnsRecordListQuerySchema", q, "", "argument");
    return (
      await this.t.call<DnsPage<DnsRecord>>(
        dnsEndpoints.listRecords,
        { params: { zoneId }, query: q as DnsRecordListQuery },
        opts,
      )
    ).data;
  }

  /** The zone as a BIND zone file (GET `/dnszone/{id}/export`). */
  async exportZone(id: number, opts?: RequestOptions): Promise<string> {
    checkId(dnsEndpoints.exportZone.operation, "id", id, true);
    return (await this.t.call<string>(dnsEndpoints.exportZone, { params: { id } }, opts)).data;
  }

  /**
   * Adds the records of a BIND zone file to a zone (POST `/dnszone/{zoneId}/import`, the
   * file as text). Never retried except on a 429 or a refused connection.
   */
  async importZone(
    zoneId: number,
    zoneFile: string,
    opts?: RequestOptions,
  ): Promise<DnsZoneImportResult> {
    const op = dnsEndpoints.importZone.operation;
    checkId(op, "zoneId", zoneId, true);
    if (typeof zoneFile !== "string" || zoneFile.trim() === "")
      throw new InvalidArgumentError(op, "zoneFile", "must be the non-empty text of a zone file");
    return (
      await this.t.call<DnsZoneImportResult>(
        dnsEndpoints.importZone,
        { params: { zoneId }, body: zoneFile },
        opts,
      )
    ).data;
  }

  /** Query statistics of a zone (GET `/dnszone/{id}/statistics`; ISO 8601 `dateFrom`/`dateTo`). */
  async statistics(
    id: number,
    query: DnsZoneStatisticsQuery = {},
    opts?: RequestOptions,
  ): Promise<DnsZoneStatistics> {
    const op = dnsEndpoints.statistics.operation;
    checkId(op, "id", id, true);
    checkShape(op, "dnsZoneStatisticsQuerySchema", query, "", "argument");
    return (
      await this.t.call<DnsZoneStatistics>(dnsEndpoints.statistics, { params: { id }, query }, opts)
    ).data;
  }

  /**
   * Whether a domain can be added as a zone (POST `/dnszone/checkavailability`).
   * `Available` is `undefined` when the platform's answer did not say.
   */
  async checkAvailability(
    name: string,
    opts?: RequestOptions,
  ): Promise<{ Available: boolean | undefined }> {
    checkShape(dnsEndpoints.checkAvailability.operation, "dnsZoneAvailabilitySchema", {
      Name: name,
    });
    const res = await this.t.call<unknown>(
      dnsEndpoints.checkAvailability,
      { body: { Name: name } },
      opts,
    );
    const a = isObj(res.data) ? res.data.Available : undefined;
    return { Available: typeof a === "boolean" ? a : undefined };
  }

  /** Starts a scan of the records a domain already has elsewhere (POST `/dnszone/records/scan`). */
  async triggerRecordScan(
    body: DnsRecordScanRequest,
    opts?: RequestOptions,
  ): Promise<DnsRecordScanTrigger> {
    const op = dnsEndpoints.triggerRecordScan.operation;
    checkShape(op, "dnsRecordScanRequestSchema", body);
    const hasZone = body.ZoneId !== undefined && body.ZoneId !== null;
    const hasDomain = typeof body.Domain === "string" && body.Domain !== "";
    if (hasZone === hasDomain)
      throw new InvalidArgumentError(op, "ZoneId", "give either ZoneId or Domain, not both");
    return (await this.t.call<DnsRecordScanTrigger>(dnsEndpoints.triggerRecordScan, { body }, opts))
      .data;
  }

  /** The latest record scan of a zone (GET `/dnszone/{zoneId}/records/scan`). */
  async latestRecordScan(zoneId: number, opts?: RequestOptions): Promise<DnsRecordScanJob> {
    checkId(dnsEndpoints.latestRecordScan.operation, "zoneId", zoneId, true);
    return (
      await this.t.call<DnsRecordScanJob>(
        dnsEndpoints.latestRecordScan,
        { params: { zoneId } },
        opts,
      )
    ).data;
  }

  /**
   * Enables DNSSEC (POST `/dnszone/{id}/dnssec`, no body) and returns the DNSSEC record
   * (undefined when the platform answered without a body). A POST: not retried except on 429
   * or a refused connection.
   */
  async enableDnssec(id: number, opts?: RequestOptions): Promise<DnssecInfo | undefined> {
    return (
      await this.t.call<DnssecInfo | undefined>(dnsEndpoints.enableDnssec, { params: { id } }, opts)
    ).data;
  }

  /**
   * Disables DNSSEC (DELETE `/dnszone/{id}/dnssec`) and returns the DNSSEC record (undefined
   * when the platform answered without a body).
   */
  async disableDnssec(id: number, opts?: RequestOptions): Promise<DnssecInfo | undefined> {
    return (
      await this.t.call<DnssecInfo | undefined>(
        dnsEndpoints.disableDnssec,
        { params: { id } },
        opts,
      )
    ).data;
  }
}
