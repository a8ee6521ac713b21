/**
 * DNS zones (published core API, tag "DNS Zone"): list, add (with records), read with their
 * records embedded, update the settings, delete. A scoped key with `dnsZones` sees only those
 * zones and may not add zones (403).
 */
import type { FastifyInstance } from "fastify";
import type {
  AddDnsZoneRequest,
  DnsRecord,
  DnsZoneListQuery,
  UpdateDnsZoneRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { addZoneBody, updateZoneBody, zoneListQuery } from "../dns-schemas";
import {
  domainFailure,
  recordFailures,
  zoneSettingsFailures,
  type FieldFailure,
} from "../dns-validation";
import { sendError } from "../errors";
import { dnssecInfo } from "../generators";
import type { DnsZoneState } from "../state";
import { defaultDnsZoneSettings, dnsRecord, type StoredDnsZone } from "../state-dns";
import { int64Params } from "./common";
import { dnsParts, recordFields } from "./dns-parts";

/** Registers the DNS zone routes; `onDelete` runs for a deleted zone's id. */
export function registerDnsZoneRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  onDelete: (zoneId: number) => void,
): void {
  const { zones, ids, nowIso, visible, invalid, zoneView, paged, withZone } = dnsParts(ctx);

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
    withZone(async (z, req) => zoneView(z, req.query.view === 1)),
  );

  app.post<{ Params: { id: number }; Body: UpdateDnsZoneRequest }>(
    "/dnszone/:id",
    { schema: { params: int64Params("id"), body: updateZoneBody } },
    withZone(async (z, req, reply) => {
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
    }),
  );

  app.delete<{ Params: { id: number } }>(
    "/dnszone/:id",
    { schema: { params: int64Params("id") } },
    withZone(async (z, _req, reply) => {
      ctx.store.state.dnsZones = zones().filter((x) => x !== z);
      onDelete(z.Id);
      ctx.store.commit();
      return reply.code(204).send();
    }),
  );
}
