/**
 * DNS routes (published core API, tag "DNS Zone"): zones (`dns-zones.ts`: list, add, read with
 * their records embedded, update, delete), records (`dns-records.ts`, a collection table: add,
 * update, delete, list), zone-file export and import, statistics, availability, record scans,
 * and the DNSSEC switch (POST on, DELETE off).
 * Bodies and queries are validated with the emulator's own schemas (`../dns-schemas.ts`,
 * from the published document) and, for records, by type (`../dns-validation.ts`); a failure
 * is a 400 in the published `{ErrorKey, Field, Message}` shape, naming the field. A scoped key with `dnsZones` sees only those zones (others
 * answer 404, as a zone of another account) and may not add zones (403).
 */
import { randomUUID } from "crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type {
  DnsRecord,
  DnsRecordScanJob,
  DnsRecordScanRequest,
  DnsZoneStatisticsQuery,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { markUnchanged } from "../journal";
import { dnssecInfo, DAY_MS, utcDayStart } from "../generators";
import { dnsRecord } from "../state-dns";
import { registerCollection } from "./collection";
import { int64Params } from "./common";
import { availabilityBody, scanBody, statisticsQuery } from "../dns-schemas";
import { recordFailures } from "../dns-validation";
import { dnsParts, recordFields, T, type Headers } from "./dns-parts";
import { dnsRecordTable } from "./dns-records";
import { dnsStatistics, parseZoneLine, zoneFile } from "./dns-zone-file";
import { registerDnsZoneRoutes } from "./dns-zones";

export { dnsStatistics, parseZoneLine, zoneFile } from "./dns-zone-file";

/** Registers the DNS routes. */
export function registerDnsRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zones, ids, nowIso, find, notFound, invalid, withZone } = dnsParts(ctx);
  /** Latest record scan per zone (not state: a scan is a job, gone on restart). */
  const scans = new Map<number, DnsRecordScanJob>();

  registerDnsZoneRoutes(app, ctx, (zoneId) => scans.delete(zoneId));
  registerCollection(app, ctx, dnsRecordTable(ctx));

  app.get<{ Params: { id: number } }>(
    "/dnszone/:id/export",
    { schema: { params: int64Params("id") } },
    withZone(async (z, req, reply) => {
      return reply.code(200).type("text/plain; charset=utf-8").send(zoneFile(z));
    }),
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
      withZone(async (z, req, reply) => {
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
      }, "zoneId"),
    );
  });

  app.get<{ Params: { id: number }; Querystring: DnsZoneStatisticsQuery }>(
    "/dnszone/:id/statistics",
    { schema: { params: int64Params("id"), querystring: statisticsQuery } },
    withZone(async (z, req, reply) => {
      const to = req.query.dateTo ? Date.parse(req.query.dateTo) : ctx.now();
      const from = req.query.dateFrom ? Date.parse(req.query.dateFrom) : to - 30 * DAY_MS;
      if (from > to)
        return invalid(reply, req.url, [
          { field: "dateFrom", message: "must not be after dateTo" },
        ]);
      return dnsStatistics(z.Id, z.Records, utcDayStart(from), utcDayStart(to));
    }),
  );

  app.post<{ Body: { Name: string } }>(
    "/dnszone/checkavailability",
    { schema: { body: availabilityBody } },
    async (req) => {
      // A read sent as a POST: journaled as changing nothing.
      markUnchanged(req);
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
    withZone(async (z, req, reply) => {
      const job = scans.get(z.Id);
      if (!job)
        return sendError(reply, pathOf(req.url), 404, `DNS zone ${z.Id} has no record scan`, {
          key: "not_found.dnsscan",
          shape: "A",
        });
      return job;
    }, "zoneId"),
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
