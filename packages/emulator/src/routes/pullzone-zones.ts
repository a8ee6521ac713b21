/**
 * Pull zones (published core API, tag "Pull Zone"): list (an array; `search` by name, paged
 * when `page` is given), count, read, add (the zone answered 201), change the settings
 * (POST `/pullzone/{id}`: merged or replaced as the profile says, a zone rewrite), delete.
 * Null and absent settings leave a setting as it is. A setting the record shows under another
 * case (`EnableWebpVary` → `EnableWebPVary`) is stored there; one it does not show is kept
 * hidden. A key scoped to some pull zones lists and counts only those, and may not add one (403).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { sendError } from "../errors";
import { normalSettings } from "../pullzone-settings-rules";
import { nameFailure, settingsFailures } from "../pullzone-validation";
import type { PullZoneState } from "../state";
import {
  defaultPullZoneRecord,
  newPullZone,
  type Json,
  type PullZoneRecord,
} from "../state-pullzone";
import { bodyRoute, pullZoneParts, queryRoute, zoneRoute } from "./pullzone-parts";

/** What a settings write may not change (identity, hostnames, rules, account figures). */
const KEPT = new Set([
  "Id",
  "Name",
  "Hostnames",
  "EdgeRules",
  "CnameDomain",
  "ZoneSecurityKey",
  "MonthlyBandwidthUsed",
  "MonthlyCharges",
  "UserId",
]);

/**
 * Writes the settings of `body` into the record (`hidden`: what it does not show), in the
 * form the platform stores them (`normalSettings`).
 */
function applySettings(record: PullZoneRecord, hidden: Json, body: Json): void {
  const keys = new Map(Object.keys(record).map((k) => [k.toLowerCase(), k]));
  for (const [k, v] of Object.entries(normalSettings(body))) {
    if (v === undefined || v === null || k === "Name") continue;
    const at = keys.get(k.toLowerCase());
    if (at === undefined) hidden[k] = v;
    else if (!KEPT.has(at)) record[at] = v;
  }
}

/** Registers the pull-zone routes of the zones themselves. */
export function registerPullZoneZoneRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zones, find, visible, invalid, withZone, view, rewrite } = pullZoneParts(ctx);
  const ids = () => ctx.store.state.nextIds as { pullZone: number; hostname: number };

  app.get<{
    Querystring: { page?: number; perPage?: number; search?: string; includeCertificate?: boolean };
  }>("/pullzone", queryRoute("PullZonePublic_IndexAll"), async (req) => {
    const q = (req.query.search ?? "").toLowerCase();
    const list = zones()
      .filter((z) => visible(z.id, req) && (q === "" || z.name.toLowerCase().includes(q)))
      .map((z) => view(z, req.query.includeCertificate === true));
    if (req.query.page === undefined) return list;
    const per = req.query.perPage ?? 1000;
    return list.slice((req.query.page - 1) * per, req.query.page * per);
  });

  app.get("/pullzone/count", async (req) => ({
    Count: zones().filter((z) => visible(z.id, req)).length,
  }));

  app.get<{ Params: { id: number }; Querystring: { includeCertificate?: boolean } }>(
    "/pullzone/:id",
    { schema: { ...zoneRoute().schema, ...queryRoute("PullZonePublic_Index").schema } },
    withZone(async (z, req) => view(z, req.query.includeCertificate === true)),
  );

  app.post<{ Body: Json }>("/pullzone", bodyRoute("PullZoneAddModel"), async (req, reply) => {
    // A key scoped to some pull zones may not add one (it could not see it).
    if (scopeOf(ctx, req)?.pullZones)
      return sendError(reply, pathOf(req.url), 403, "this key may not add pull zones", {
        key: "forbidden.pullzone",
      });
    const b = req.body;
    const bad = nameFailure(
      b.Name,
      zones().map((z) => z.name),
    );
    const failures = [...(bad ? [bad] : []), ...settingsFailures(b, true)];
    if (failures.length) return invalid(reply, req.url, failures);
    const zone: PullZoneState = newPullZone(ids(), b.Name as string);
    applySettings(zone.model!, zone.hidden!, b);
    zones().push(zone);
    ctx.store.commit();
    return reply.code(201).send(view(zone));
  });

  app.post<{ Params: { id: number }; Body: Json }>(
    "/pullzone/:id",
    zoneRoute("PullZoneSettingsModel"),
    withZone(async (z, req, reply) => {
      const failures = settingsFailures(req.body, false);
      if (failures.length) return invalid(reply, req.url, failures);
      const written = await rewrite(z.id, (record) => {
        // The zone as it is when the rewrite lands (a state set meanwhile holds another).
        const at = find(z.id) ?? z;
        if (ctx.profile.pullZoneUpdate === "replace") {
          // The body is the whole zone: what it does not send (shown or hidden) goes back to
          // a new zone's; what it sends is written over that below and kept.
          const fresh = defaultPullZoneRecord(z.id, z.name, 0);
          for (const k of Object.keys(fresh)) if (!KEPT.has(k)) record[k] = fresh[k];
          at.hidden = {};
        }
        // A zone that hides nothing keeps no `hidden` (a write leaves its state as it was).
        const hidden = at.hidden ?? {};
        applySettings(record, hidden, req.body);
        if (at.hidden !== undefined || Object.keys(hidden).length > 0) at.hidden = hidden;
      });
      const now = find(z.id);
      if (!written || !now) return reply.code(404).send();
      return view(now);
    }),
  );

  app.delete<{ Params: { id: number } }>(
    "/pullzone/:id",
    zoneRoute(),
    withZone(async (z, _req, reply) => {
      ctx.store.state.pullZones = zones().filter((x) => x !== z);
      ctx.store.commit();
      return reply.code(204).send();
    }),
  );
}
