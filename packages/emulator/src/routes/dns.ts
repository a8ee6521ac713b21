/** DNS routes: read a zone, switch DNSSEC on (POST) and off (DELETE). */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { DnsZone } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { sendError } from "../errors";
import { dnssecInfo } from "../generators";
import { int64Params } from "./common";

/** Registers the DNS routes. */
export function registerDnsRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  /** The zone, unless it is unknown or outside the dnsZones of the request's scoped key. */
  const find = (id: number, req: { headers: Record<string, string | string[] | undefined> }) => {
    const scope = scopeOf(ctx, req);
    if (scope?.dnsZones && !scope.dnsZones.includes(id)) return undefined;
    return ctx.store.state.dnsZones.find((z) => z.Id === id);
  };
  const notFound = (reply: FastifyReply, url: string, id: number) =>
    sendError(reply, pathOf(url), 404, `DNS zone ${id} was not found`, {
      key: "not_found.dnszone",
      shape: "A",
    });

  app.get<{ Params: { id: number } }>(
    "/dnszone/:id",
    { schema: { params: int64Params("id") } },
    async (req, reply) => {
      const z = find(req.params.id, req);
      if (!z) return notFound(reply, req.url, req.params.id);
      const zone: DnsZone = {
        Id: z.Id,
        Domain: z.Domain,
        DnsSecEnabled: z.DnsSecEnabled,
        Nameserver1: "ns1.emulator.invalid",
        Nameserver2: "ns2.emulator.invalid",
        SoaEmail: `hostmaster@${z.Domain}`,
      };
      return zone;
    },
  );

  const toggle =
    (enabled: boolean) =>
    async (
      req: {
        params: { id: number };
        url: string;
        headers: Record<string, string | string[] | undefined>;
      },
      reply: FastifyReply,
    ) => {
      const z = find(req.params.id, req);
      if (!z) return notFound(reply, req.url, req.params.id);
      const before = z.DnsSecEnabled;
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
