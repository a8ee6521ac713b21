/**
 * DNS routes (published core API, tag "DNS Zone"): zones (list, add, read with their records
 * embedded, update, delete), records (add, update, delete, list), zone-file export and import,
 * statistics, availability, record scans, and the DNSSEC switch (POST on, DELETE off).
 * Bodies and queries are validated with the emulator's own schemas (`../dns-schemas.ts`,
 * from the published document) and, for records, by type (`../dns-validation.ts`); a failure
 * is a 400 in the published `{ErrorKey, Field, Message}` shape, naming the field. A scoped key with `dnsZones` sees only those zones (others
 * answer 404, as a zone of another account) and may not add zones (403).
 */
import { randomUUID } from "crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type {
  AddDnsRecordRequest,
  AddDnsZoneRequest,
  DnsPage,
  DnsRecord,
  DnsRecordListQuery,
  DnsRecordScanJob,
  DnsRecordScanRequest,
  DnsZone,
  DnsZoneListQuery,
  DnsZoneStatistics,
  DnsZoneStatisticsQuery,
  UpdateDnsRecordRequest,
  UpdateDnsZoneRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { sendError } from "../errors";
import { markUnchanged } from "../journal";
import { DAY_MS, dnssecInfo, hashInts, utcDayStart } from "../generators";
import type { DnsZoneState } from "../state";
import { defaultDnsZoneSettings, dnsRecord, type StoredDnsZone } from "../state-dns";
import { int64Params } from "./common";
import {
  addRecordBody,
  addZoneBody,
  availabilityBody,
  RECORD_TYPE_NAMES,
  recordListQuery,
  scanBody,
  statisticsQuery,
  updateRecordBody,
  updateZoneBody,
  zoneListQuery,
} from "../dns-schemas";
import {
  domainFailure,
  recordFailures,
  recordTypeName,
  typeTakes,
  zoneSettingsFailures,
  type FieldFailure,
} from "../dns-validation";

type Headers = { headers: Record<string, string | string[] | undefined> };
const typeNameOf = (t: number) => recordTypeName(t) ?? String(t);
/** The published type numbers, by name. */
const T = Object.fromEntries(RECORD_TYPE_NAMES.map((n, i) => [n, i])) as Record<
  (typeof RECORD_TYPE_NAMES)[number],
  number
>;

/** The published record of a record body (`AddDnsRecordModel` → `DnsRecordModel`). */
function recordFields(b: AddDnsRecordRequest | UpdateDnsRecordRequest): Partial<DnsRecord> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(b)) {
    if (v === undefined || v === null || k === "Id" || k === "PullZoneId" || k === "ScriptId")
      continue;
    out[k] = v;
  }
  if (typeof b.PullZoneId === "number") {
    out.AcceleratedPullZoneId = b.PullZoneId;
    out.LinkName = `pullzone-${b.PullZoneId}`;
  }
  if (typeof b.ScriptId === "number") out.LinkName = `script-${b.ScriptId}`;
  return out as Partial<DnsRecord>;
}

/** Registers the DNS routes. */
export function registerDnsRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const zones = () => ctx.store.state.dnsZones as (DnsZoneState & StoredDnsZone)[];
  const ids = () => ctx.store.state.nextIds as { dnsZone: number; dnsRecord: number };
  const nowIso = () => new Date(ctx.now()).toISOString();
  /** Latest record scan per zone (not state: a scan is a job, gone on restart). */
  const scans = new Map<number, DnsRecordScanJob>();

  const visible = (id: number, req: Headers) => {
    const scope = scopeOf(ctx, req);
    return !scope?.dnsZones || scope.dnsZones.includes(id);
  };
  /** The zone, unless it is unknown or outside the dnsZones of the request's scoped key. */
  const find = (id: number, req: Headers) =>
    visible(id, req) ? zones().find((z) => z.Id === id) : undefined;
  const notFound = (reply: FastifyReply, url: string, id: number) =>
    sendError(reply, pathOf(url), 404, `DNS zone ${id} was not found`, {
      key: "not_found.dnszone",
      shape: "A",
    });
  const invalid = (
    reply: FastifyReply,
    url: string,
    failures: FieldFailure[],
    key = "validation_error.dnsrecord",
  ) =>
    sendError(
      reply,
      pathOf(url),
      400,
      `Validation failed: ${failures.map((f) => `${f.field}: ${f.message}`).join("; ")}`,
      { key, fieldErrors: failures },
    );

  /** The published zone (`DnsZoneModel`); `Lite` leaves the records out. */
  const zoneView = (z: StoredDnsZone, lite = false): DnsZone => ({
    Id: z.Id,
    Domain: z.Domain,
    Records: lite ? null : z.Records,
    DateModified: z.DateModified,
    DateCreated: z.DateCreated,
    NameserversDetected: z.NameserversDetected,
    CustomNameserversEnabled: z.CustomNameserversEnabled,
    Nameserver1: z.Nameserver1,
    Nameserver2: z.Nameserver2,
    SoaEmail: z.SoaEmail,
    NameserversNextCheck: z.NameserversNextCheck,
    LoggingEnabled: z.LoggingEnabled,
    LoggingIPAnonymizationEnabled: z.LoggingIPAnonymizationEnabled,
    LogAnonymizationType: z.LogAnonymizationType,
    DnsSecEnabled: z.DnsSecEnabled,
    CertificateKeyType: z.CertificateKeyType,
  });

  const paged = <T>(items: T[], page = 1, perPage = 1000): DnsPage<T> => ({
    Items: items.slice((page - 1) * perPage, page * perPage),
    CurrentPage: page,
    TotalItems: items.length,
    HasMoreItems: page * perPage < items.length,
  });

  app.get<{ Querystring: DnsZoneListQuery }>(
    "/dnszone",
    { schema: { querystring: zoneListQuery } },
    async (req) => {
      const q = (req.query.search ?? "").toLowerCase();
      const list = zones().filter(
        (z) => visible(z.Id, req) && (q === "" || z.Domain.toLowerCase().includes(q)),
      );
      return paged(
        list.map((z) => zoneView(z, req.query.view === 1)),
        req.query.page,
        req.query.perPage,
      );
    },
  );

  app.post<{ Body: AddDnsZoneRequest }>(
    "/dnszone",
    { schema: { body: addZoneBody } },
    async (req, reply) => {
      if (scopeOf(ctx, req)?.dnsZones)
        return sendError(reply, pathOf(req.url), 403, "this key may not add DNS zones", {
          key: "forbidden.dnszone",
        });
      const domain = req.body.Domain.trim().toLowerCase().replace(/\.$/, "");
      const failures: FieldFailure[] = [];
      const bad = domainFailure(domain, req.body.Domain);
      if (bad) failures.push(bad);
      else if (zones().some((z) => z.Domain === domain)) {
        // The published document is silent on this answer: the profile says which.
        if (ctx.profile.dnsZoneExists === "409")
          return sendError(reply, pathOf(req.url), 409, `the zone ${domain} already exists`, {
            key: "conflict.dnszone",
          });
        failures.push({ field: "Domain", message: `the zone ${domain} already exists` });
      }
      (req.body.Records ?? []).forEach((r, i) =>
        failures.push(...recordFailures(r as Record<string, unknown>, `Records[${i}]`)),
      );
      if (failures.length) return invalid(reply, req.url, failures, "validation_error.dnszone");
      const Id = ids().dnsZone++;
      const now = nowIso();
      const zone: DnsZoneState & StoredDnsZone = {
        Id,
        Domain: domain,
        DnsSecEnabled: false,
        dnssec: dnssecInfo(Id, domain, false),
        ...defaultDnsZoneSettings(domain, now),
        Records: (req.body.Records ?? []).map((r) =>
          dnsRecord(
            ids().dnsRecord++,
            recordFields(r) as Partial<DnsRecord> & Pick<DnsRecord, "Type">,
          ),
        ),
      };
      zones().push(zone);
      ctx.store.commit();
      return reply.code(201).send(zoneView(zone));
    },
  );

  app.get<{ Params: { id: number }; Querystring: { view?: number } }>(
    "/dnszone/:id",
    {
      schema: {
        params: int64Params("id"),
        querystring: {
          type: "object",
          properties: { view: { type: "integer", enum: [0, 1] } },
          additionalProperties: false,
        },
      },
    },
    async (req, reply) => {
      const z = find(req.params.id, req);
      if (!z) return notFound(reply, req.url, req.params.id);
      return zoneView(z, req.query.view === 1);
    },
  );

  app.post<{ Params: { id: number }; Body: UpdateDnsZoneRequest }>(
    "/dnszone/:id",
    { schema: { params: int64Params("id"), body: updateZoneBody } },
    async (req, reply) => {
      const z = find(req.params.id, req);
      if (!z) return notFound(reply, req.url, req.params.id);
      const b = req.body;
      const failures = zoneSettingsFailures(b as Record<string, unknown>);
      if (failures.length) return invalid(reply, req.url, failures, "validation_error.dnszone");
      // null and absent leave a setting as it is.
      for (const [k, v] of Object.entries(b))
        if (v !== undefined && v !== null) (z as unknown as Record<string, unknown>)[k] = v;
      z.DateModified = nowIso();
      ctx.store.commit();
      // What the 200 carries is not published: the profile says (the zone, or no body).
      if (ctx.profile.dnsZoneUpdateAnswer === "204") return reply.code(204).send();
      return zoneView(z);
    },
  );

  app.delete<{ Params: { id: number } }>(
    "/dnszone/:id",
    { schema: { params: int64Params("id") } },
    async (req, reply) => {
      const z = find(req.params.id, req);
      if (!z) return notFound(reply, req.url, req.params.id);
      ctx.store.state.dnsZones = zones().filter((x) => x !== z);
      scans.delete(z.Id);
      ctx.store.commit();
      return reply.code(204).send();
    },
  );

  app.put<{ Params: { zoneId: number }; Body: AddDnsRecordRequest }>(
    "/dnszone/:zoneId/records",
    { schema: { params: int64Params("zoneId"), body: addRecordBody } },
    async (req, reply) => {
      const z = find(req.params.zoneId, req);
      if (!z) return notFound(reply, req.url, req.params.zoneId);
      const failures = recordFailures(req.body as Record<string, unknown>);
      if (failures.length) return invalid(reply, req.url, failures);
      const r = dnsRecord(
        ids().dnsRecord++,
        recordFields(req.body) as Partial<DnsRecord> & Pick<DnsRecord, "Type">,
      );
      z.Records.push(r);
      z.DateModified = nowIso();
      ctx.store.commit();
      // Profile `dnsRecordAddAnswer: "zone"`: a platform that answers with the zone.
      return reply.code(201).send(ctx.profile.dnsRecordAddAnswer === "zone" ? zoneView(z) : r);
    },
  );

  const recordNotFound = (reply: FastifyReply, url: string, zoneId: number, id: number) =>
    sendError(reply, pathOf(url), 404, `DNS record ${id} was not found in zone ${zoneId}`, {
      key: "not_found.dnsrecord",
      shape: "A",
    });

  app.post<{ Params: { zoneId: number; id: number }; Body: UpdateDnsRecordRequest }>(
    "/dnszone/:zoneId/records/:id",
    { schema: { params: int64Params("zoneId", "id"), body: updateRecordBody } },
    async (req, reply) => {
      const z = find(req.params.zoneId, req);
      if (!z) return notFound(reply, req.url, req.params.zoneId);
      const i = z.Records.findIndex((r) => r.Id === req.params.id);
      if (i < 0) return recordNotFound(reply, req.url, req.params.zoneId, req.params.id);
      const before = z.Records[i];
      const merged: Record<string, unknown> = { ...before, ...recordFields(req.body) };
      const typeChanged =
        req.body.Type !== undefined && req.body.Type !== null && req.body.Type !== before.Type;
      if (typeChanged) {
        // A new type: the old type's own fields go unless the body sets them, and the link
        // (the model's AcceleratedPullZoneId and LinkName) unless the new type has one.
        const name = recordTypeName(req.body.Type);
        for (const field of ["Weight", "Priority", "Port", "Flags", "Tag"] as const)
          if (!typeTakes(name, field) && req.body[field] == null)
            merged[field] = field === "Tag" ? "" : 0;
        if (name !== "PullZone") merged.AcceleratedPullZoneId = 0;
        if (name !== "PullZone" && name !== "Script" && req.body.ScriptId == null)
          merged.LinkName = null;
      }
      // The record model has no PullZoneId or ScriptId (a document of an older emulator may).
      delete merged.PullZoneId;
      delete merged.ScriptId;
      // Checked whole: the record after the change must be a valid record of its type (a
      // stored link counts as its PullZoneId/ScriptId while the type stays).
      const kept = (t: number) => (!typeChanged && merged.Type === t ? 1 : undefined);
      const failures = recordFailures({
        ...merged,
        PullZoneId: req.body.PullZoneId ?? kept(T.PullZone),
        ScriptId: req.body.ScriptId ?? kept(T.Script),
      });
      if (failures.length) return invalid(reply, req.url, failures);
      z.Records[i] = merged as unknown as DnsRecord;
      z.DateModified = nowIso();
      ctx.store.commit();
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { zoneId: number; id: number } }>(
    "/dnszone/:zoneId/records/:id",
    { schema: { params: int64Params("zoneId", "id") } },
    async (req, reply) => {
      const z = find(req.params.zoneId, req);
      if (!z) return notFound(reply, req.url, req.params.zoneId);
      const i = z.Records.findIndex((r) => r.Id === req.params.id);
      if (i < 0) return recordNotFound(reply, req.url, req.params.zoneId, req.params.id);
      z.Records.splice(i, 1);
      z.DateModified = nowIso();
      ctx.store.commit();
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { zoneId: number }; Querystring: DnsRecordListQuery }>(
    "/dnszone/:zoneId/records",
    { schema: { params: int64Params("zoneId"), querystring: recordListQuery } },
    async (req, reply) => {
      const z = find(req.params.zoneId, req);
      if (!z) return notFound(reply, req.url, req.params.zoneId);
      const { type, search, page, perPage } = req.query;
      const q = (search ?? "").toLowerCase();
      const list = z.Records.filter(
        (r) =>
          (type === undefined || r.Type === type) &&
          (q === "" ||
            (r.Name ?? "").toLowerCase().includes(q) ||
            (r.Value ?? "").toLowerCase().includes(q)),
      );
      return paged(list, page, perPage);
    },
  );

  app.get<{ Params: { id: number } }>(
    "/dnszone/:id/export",
    { schema: { params: int64Params("id") } },
    async (req, reply) => {
      const z = find(req.params.id, req);
      if (!z) return notFound(reply, req.url, req.params.id);
      return reply.code(200).type("text/plain; charset=utf-8").send(zoneFile(z));
    },
  );

  void app.register(async (files) => {
    files.addContentTypeParser(
      ["text/plain", "application/octet-stream"],
      { parseAs: "string" },
      (_req, body, done) => done(null, body),
    );
    files.post<{ Params: { zoneId: number }; Body: unknown }>(
      "/dnszone/:zoneId/import",
      { schema: { params: int64Params("zoneId") } },
      async (req, reply) => {
        const z = find(req.params.zoneId, req);
        if (!z) return notFound(reply, req.url, req.params.zoneId);
        if (typeof req.body !== "string" || req.body.trim() === "")
          return invalid(reply, req.url, [
            { field: "body", message: "must be the text of a zone file" },
          ]);
        const result = { RecordsSuccessful: 0, RecordsFailed: 0, RecordsSkipped: 0 };
        for (const line of req.body.split(/\r?\n/)) {
          const parsed = parseZoneLine(line, z.Domain);
          if (parsed === "skip") {
            if (line.trim() !== "" && !line.trim().startsWith(";") && !line.trim().startsWith("$"))
              result.RecordsSkipped++;
            continue;
          }
          if (recordFailures(parsed as Record<string, unknown>).length) {
            result.RecordsFailed++;
            continue;
          }
          z.Records.push(
            dnsRecord(
              ids().dnsRecord++,
              recordFields(parsed) as Partial<DnsRecord> & Pick<DnsRecord, "Type">,
            ),
          );
          result.RecordsSuccessful++;
        }
        if (result.RecordsSuccessful) z.DateModified = nowIso();
        ctx.store.commit();
        return result;
      },
    );
  });

  app.get<{ Params: { id: number }; Querystring: DnsZoneStatisticsQuery }>(
    "/dnszone/:id/statistics",
    { schema: { params: int64Params("id"), querystring: statisticsQuery } },
    async (req, reply) => {
      const z = find(req.params.id, req);
      if (!z) return notFound(reply, req.url, req.params.id);
      const to = req.query.dateTo ? Date.parse(req.query.dateTo) : ctx.now();
      const from = req.query.dateFrom ? Date.parse(req.query.dateFrom) : to - 30 * DAY_MS;
      if (from > to)
        return invalid(reply, req.url, [
          { field: "dateFrom", message: "must not be after dateTo" },
        ]);
      return dnsStatistics(z.Id, z.Records, utcDayStart(from), utcDayStart(to));
    },
  );

  app.post<{ Body: { Name: string } }>(
    "/dnszone/checkavailability",
    { schema: { body: availabilityBody } },
    async (req) => {
      const name = req.body.Name.trim().toLowerCase().replace(/\.$/, "");
      return { Available: !zones().some((z) => z.Domain.toLowerCase() === name) };
    },
  );

  app.post<{ Body: DnsRecordScanRequest }>(
    "/dnszone/records/scan",
    { schema: { body: scanBody } },
    async (req, reply) => {
      const { ZoneId, Domain } = req.body;
      const hasZone = ZoneId !== undefined && ZoneId !== null;
      if (hasZone === (typeof Domain === "string" && Domain !== ""))
        return invalid(reply, req.url, [
          { field: "ZoneId", message: "give either ZoneId or Domain, not both" },
        ]);
      const z = hasZone ? find(ZoneId, req) : undefined;
      if (hasZone && !z) return notFound(reply, req.url, ZoneId);
      const now = nowIso();
      const job: DnsRecordScanJob = {
        JobId: randomUUID(),
        ZoneId: z?.Id ?? null,
        Domain: z?.Domain ?? Domain ?? null,
        AccountId: "acct-1",
        Status: 2,
        CreatedAt: now,
        CompletedAt: now,
        // What a scan finds elsewhere: the emulator has no elsewhere, so it finds the zone's
        // own address records (none for a domain without a zone).
        Records: (z?.Records ?? [])
          .filter((r) => r.Type === T.A || r.Type === T.AAAA)
          .map((r) => ({
            Name: r.Name === "" ? "@" : r.Name,
            Type: r.Type,
            Ttl: r.Ttl,
            Value: r.Value,
            Priority: null,
            Weight: null,
            Port: null,
            IsProxied: false,
          })),
        Error: null,
      };
      if (z) scans.set(z.Id, job);
      return { JobId: job.JobId, Status: job.Status };
    },
  );

  app.get<{ Params: { zoneId: number } }>(
    "/dnszone/:zoneId/records/scan",
    { schema: { params: int64Params("zoneId") } },
    async (req, reply) => {
      const z = find(req.params.zoneId, req);
      if (!z) return notFound(reply, req.url, req.params.zoneId);
      const job = scans.get(z.Id);
      if (!job)
        return sendError(reply, pathOf(req.url), 404, `DNS zone ${z.Id} has no record scan`, {
          key: "not_found.dnsscan",
          shape: "A",
        });
      return job;
    },
  );

  const toggle =
    (enabled: boolean) =>
    async (req: { params: { id: number }; url: string } & Headers, reply: FastifyReply) => {
      const z = find(req.params.id, req);
      if (!z) return notFound(reply, req.url, req.params.id);
      const before = z.DnsSecEnabled;
      if (before === enabled) markUnchanged(req);
      z.DnsSecEnabled = enabled;
      z.dnssec = dnssecInfo(z.Id, z.Domain, enabled);
      ctx.store.commit();
      // "stale" profile: the answer's Enabled is the value from before the change.
      return ctx.profile.dnssecAnswer === "stale" ? { ...z.dnssec, Enabled: before } : z.dnssec;
    };
  app.post<{ Params: { id: number } }>(
    "/dnszone/:id/dnssec",
    { schema: { params: int64Params("id") } },
    toggle(true),
  );
  app.delete<{ Params: { id: number } }>(
    "/dnszone/:id/dnssec",
    { schema: { params: int64Params("id") } },
    toggle(false),
  );
}

/** Generated, deterministic statistics of a zone: daily points from `from` to `to` (UTC days). */
export function dnsStatistics(
  zoneId: number,
  records: readonly DnsRecord[],
  from: number,
  to: number,
): DnsZoneStatistics {
  const QueriesServedChart: Record<string, number> = {};
  const NormalQueriesServedChart: Record<string, number> = {};
  const SmartQueriesServedChart: Record<string, number> = {};
  let total = 0;
  for (let day = from; day <= to; day += DAY_MS) {
    const key = new Date(day).toISOString().replace(".000Z", "Z");
    const n = records.length ? (hashInts(zoneId, day / DAY_MS) % 1000) * records.length : 0;
    const smart = Math.floor(n / 10);
    QueriesServedChart[key] = n;
    NormalQueriesServedChart[key] = n - smart;
    SmartQueriesServedChart[key] = smart;
    total += n;
  }
  const QueriesByTypeChart: Record<string, number> = {};
  const byType = new Map<number, number>();
  for (const r of records) byType.set(r.Type, (byType.get(r.Type) ?? 0) + 1);
  let left = total;
  const entries = [...byType.entries()];
  entries.forEach(([t, count], i) => {
    const share = i === entries.length - 1 ? left : Math.floor((total * count) / records.length);
    left -= share;
    QueriesByTypeChart[typeNameOf(t)] = share;
  });
  return {
    TotalQueriesServed: total,
    QueriesServedChart,
    NormalQueriesServedChart,
    SmartQueriesServedChart,
    QueriesByTypeChart,
  };
}

const quoteTxt = (v: string) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** The zone as a BIND zone file (records the file format cannot carry are comments). */
export function zoneFile(z: StoredDnsZone): string {
  const lines = [
    `$ORIGIN ${z.Domain}.`,
    `@ 3600 IN SOA ${z.Nameserver1}. ${(z.SoaEmail ?? "").replace("@", ".")}. 1 3600 600 604800 300`,
  ];
  for (const r of z.Records) {
    const name = r.Name === "" || r.Name === null ? "@" : r.Name;
    const type = typeNameOf(r.Type);
    const fqdn = (v: string | null) => (v && !v.endsWith(".") ? `${v}.` : (v ?? ""));
    switch (type) {
      case "A":
      case "AAAA":
      case "SVCB":
      case "HTTPS":
      case "TLSA":
        lines.push(`${name} ${r.Ttl} IN ${type} ${r.Value}`);
        break;
      case "CNAME":
      case "NS":
      case "PTR":
        lines.push(`${name} ${r.Ttl} IN ${type} ${fqdn(r.Value)}`);
        break;
      case "TXT":
        lines.push(`${name} ${r.Ttl} IN TXT ${quoteTxt(r.Value ?? "")}`);
        break;
      case "MX":
        lines.push(`${name} ${r.Ttl} IN MX ${r.Priority} ${fqdn(r.Value)}`);
        break;
      case "SRV":
        lines.push(`${name} ${r.Ttl} IN SRV ${r.Priority} ${r.Weight} ${r.Port} ${fqdn(r.Value)}`);
        break;
      case "CAA":
        lines.push(`${name} ${r.Ttl} IN CAA ${r.Flags} ${r.Tag} ${quoteTxt(r.Value ?? "")}`);
        break;
      default:
        lines.push(`; ${name} ${r.Ttl} ${type} ${r.Value ?? r.LinkName ?? ""}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * One line of a BIND zone file as a record body, or "skip" (blank, comment, directive, SOA,
 * or a type the import does not take). Names are made relative to `domain`.
 */
export function parseZoneLine(line: string, domain: string): AddDnsRecordRequest | "skip" {
  const text = line.replace(/;.*$/, "").trim();
  if (text === "" || text.startsWith("$")) return "skip";
  const m = /^(\S+)\s+(?:(\d+)\s+)?(?:IN\s+)?([A-Za-z]+)\s+(.+)$/i.exec(text);
  if (!m) return "skip";
  const [, rawName, ttl, rawType, rest] = m;
  const type = rawType.toUpperCase();
  const typeNumber = RECORD_TYPE_NAMES.indexOf(type as (typeof RECORD_TYPE_NAMES)[number]);
  if (typeNumber < 0) return "skip";
  const abs = rawName.replace(/\.$/, "");
  const Name =
    rawName === "@" || abs === domain
      ? ""
      : abs.endsWith(`.${domain}`)
        ? abs.slice(0, -domain.length - 1)
        : abs;
  // "." (a null MX, a "no service" SRV) is kept; other names lose their trailing dot.
  const strip = (v: string) => (v === "." ? v : v.replace(/\.$/, ""));
  const unquote = (v: string) =>
    v.startsWith('"') ? v.slice(1, v.lastIndexOf('"')).replace(/\\(.)/g, "$1") : v;
  const parts = rest.trim().split(/\s+/);
  const base = {
    Type: typeNumber as AddDnsRecordRequest["Type"],
    Name,
    Ttl: ttl ? Number(ttl) : 300,
  };
  switch (type) {
    case "MX":
      return { ...base, Priority: Number(parts[0]), Value: strip(parts[1] ?? "") };
    case "SRV":
      return {
        ...base,
        Priority: Number(parts[0]),
        Weight: Number(parts[1]),
        Port: Number(parts[2]),
        Value: strip(parts[3] ?? ""),
      };
    case "CAA":
      return {
        ...base,
        Flags: Number(parts[0]),
        Tag: parts[1],
        Value: unquote(parts.slice(2).join(" ")),
      };
    case "TXT":
      return { ...base, Value: unquote(rest.trim()) };
    case "CNAME":
    case "NS":
    case "PTR":
      return { ...base, Value: strip(parts[0]) };
    case "A":
    case "AAAA":
    case "SVCB":
    case "HTTPS":
    case "TLSA":
      return { ...base, Value: rest.trim() };
    default:
      return "skip";
  }
}
