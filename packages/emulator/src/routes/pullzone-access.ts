/**
 * Who may read a pull zone, and purges (published core API): allowed and blocked referrers
 * and blocked IPs (added once, any case; removing one the zone does not have is refused),
 * the token-authentication key (`resetSecurityKey`: the key sent, or a new random one), the
 * purge of a zone (all, or one cache tag) and of one URL (`/purge`, an absolute http(s) URL).
 * Answers 204 (a purge of a URL: 200) without a body.
 */
import { randomUUID } from "crypto";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { isHostname, isHttpUrl, isIpOrRange } from "../pullzone-validation";
import type { Json, PullZoneRecord } from "../state-pullzone";
import { pullZoneParts, queryRoute, zoneRoute } from "./pullzone-parts";

type ZoneWrite = { Params: { id: number }; Body: Json };

/** One list of a zone: its field, the body's field, the document's shapes, the value's form. */
interface ListWrite {
  list: "AllowedReferrers" | "BlockedReferrers" | "BlockedIps";
  field: "Hostname" | "BlockedIp";
  add: [path: string, shape: string];
  remove: [path: string, shape: string];
  valid: (v: string) => boolean;
  form: string;
}

/** What both referrer lists take: a hostname in the body's `Hostname`. */
const REFERRER = {
  field: "Hostname",
  valid: (v: string) => isHostname(v, true),
  form: "a hostname",
} as const;
const LISTS: ListWrite[] = [
  {
    list: "AllowedReferrers",
    add: ["addAllowedReferrer", "AddAllowedReferrerRequestModel"],
    remove: ["removeAllowedReferrer", "RemoveAllowedReferrerRequestModel"],
    ...REFERRER,
  },
  {
    list: "BlockedReferrers",
    add: ["addBlockedReferrer", "AddBlockedReferrerRequestModel"],
    // The published document gives the removal the allowed-referrer removal's shape.
    remove: ["removeBlockedReferrer", "RemoveAllowedReferrerRequestModel"],
    ...REFERRER,
  },
  {
    list: "BlockedIps",
    field: "BlockedIp",
    add: ["addBlockedIp", "AddBlockedIpRequestModel"],
    remove: ["removeBlockedIp", "RemoveBlockedIpRequestModel"],
    valid: isIpOrRange,
    form: "an IP address or a CIDR range",
  },
];

/** Registers the referrer, blocked-IP, security-key and purge routes. */
export function registerPullZoneAccessRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { invalid, withZone, saved } = pullZoneParts(ctx);
  const listOf = (m: PullZoneRecord, l: ListWrite) => (m[l.list] ??= []);

  for (const l of LISTS) {
    app.post<ZoneWrite>(
      `/pullzone/:id/${l.add[0]}`,
      zoneRoute(l.add[1]),
      withZone(async (z, req, reply) => {
        const v = String(req.body[l.field]).trim();
        if (!l.valid(v))
          return invalid(reply, req.url, [{ field: l.field, message: `must be ${l.form}` }]);
        const list = listOf(z.model, l);
        if (!list.some((x) => x.toLowerCase() === v.toLowerCase())) list.push(v);
        return saved(reply);
      }),
    );
    app.post<ZoneWrite>(
      `/pullzone/:id/${l.remove[0]}`,
      zoneRoute(l.remove[1]),
      withZone(async (z, req, reply) => {
        const v = String(req.body[l.field]).trim().toLowerCase();
        const list = listOf(z.model, l);
        if (!list.some((x) => x.toLowerCase() === v))
          return invalid(reply, req.url, [{ field: l.field, message: `is not in ${l.list}` }]);
        z.model[l.list] = list.filter((x) => x.toLowerCase() !== v);
        return saved(reply);
      }),
    );
  }

  app.post<ZoneWrite>(
    "/pullzone/:id/resetSecurityKey",
    zoneRoute("ResetPullZoneSecurityKeyModel"),
    withZone(async (z, req, reply) => {
      const key = req.body.SecurityKey;
      z.model.ZoneSecurityKey = typeof key === "string" ? key : randomUUID();
      return saved(reply);
    }),
  );

  app.post<{ Params: { id: number }; Body: Json | null }>(
    "/pullzone/:id/purgeCache",
    zoneRoute(),
    withZone(async (_z, req, reply) => {
      const b = req.body;
      if (b !== undefined && b !== null) {
        const extra = Object.keys(b).filter((k) => k !== "CacheTag");
        if (extra.length || (b.CacheTag != null && typeof b.CacheTag !== "string"))
          return invalid(reply, req.url, [
            { field: extra[0] ?? "CacheTag", message: "the body takes only a CacheTag (text)" },
          ]);
      }
      return reply.code(204).send();
    }),
  );

  app.post<{ Querystring: { url: string; async?: boolean; exactPath?: boolean } }>(
    "/purge",
    queryRoute("PurgePublic_IndexPost"),
    async (req, reply) => {
      if (!isHttpUrl(req.query.url))
        return invalid(reply, req.url, [
          { field: "url", message: "must be an absolute http(s) URL" },
        ]);
      return reply.code(200).send();
    },
  );
}
