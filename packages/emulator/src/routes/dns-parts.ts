/**
 * What the DNS route modules share: the zones the request's key may see, the answers to a
 * missing zone and to a validation failure, the published zone and page shapes, and a record
 * body as the published record.
 */
import type { FastifyReply } from "fastify";
import type {
  AddDnsRecordRequest,
  DnsPage,
  DnsRecord,
  DnsZone,
  UpdateDnsRecordRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { RECORD_TYPE_NAMES } from "../dns-schemas";
import type { FieldFailure } from "../dns-validation";
import { sendError } from "../errors";
import type { DnsZoneState } from "../state";
import type { StoredDnsZone } from "../state-dns";

export type Headers = { headers: Record<string, string | string[] | undefined> };

/** The published type numbers, by name. */
export const T = Object.fromEntries(RECORD_TYPE_NAMES.map((n, i) => [n, i])) as Record<
  (typeof RECORD_TYPE_NAMES)[number],
  number
>;

/** The published record of a record body (`AddDnsRecordModel` → `DnsRecordModel`). */
export function recordFields(b: AddDnsRecordRequest | UpdateDnsRecordRequest): Partial<DnsRecord> {
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

/** The DNS parts of one emulator: its zones, as the request's key may see them, and answers. */
export function dnsParts(ctx: EmulatorContext) {
  const zones = () => ctx.store.state.dnsZones as (DnsZoneState & StoredDnsZone)[];
  const ids = () => ctx.store.state.nextIds as { dnsZone: number; dnsRecord: number };
  const nowIso = () => new Date(ctx.now()).toISOString();
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
  /**
   * A handler on one zone (named by the path parameter `param`): gets the zone, or the
   * request is answered as one for a missing zone.
   */
  const withZone =
    <R extends Headers & { url: string; params: Record<P, number> }, P extends string = "id">(
      handler: (z: DnsZoneState & StoredDnsZone, req: R, reply: FastifyReply) => unknown,
      param: P = "id" as P,
    ) =>
    async (req: R, reply: FastifyReply) => {
      const id = req.params[param];
      const z = find(id, req);
      if (!z) return notFound(reply, req.url, id);
      return handler(z, req, reply);
    };
  return { zones, ids, nowIso, visible, find, notFound, invalid, zoneView, paged, withZone };
}
