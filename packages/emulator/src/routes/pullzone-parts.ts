/**
 * What the pull-zone route modules share: the zone a path names (404 when there is none), the
 * 400 answer naming the fields, a zone's answer (`PullZoneModel`, edge rules in the profile's
 * order, certificates only when asked, keys never), and the zone rewrite (`rewrite`): a write
 * the platform applies by rewriting the whole zone, with the lost updates of concurrent
 * writes under the `pullZoneWrites: "lost-updates"` profile. A scoped key with `pullZones` sees
 * only those zones: another answers as a zone that does not exist (404), and its hostnames as
 * hostnames of no zone.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { sendError } from "../errors";
import { ZONE_REWRITE_MS } from "../profiles";
import { PULL_ZONE_QUERIES, PULL_ZONE_SHAPES } from "../pullzone-document";
import type { FieldFailure } from "../pullzone-validation";
import type { PullZoneState } from "../state";
import type { EdgeRuleRecord, PullZoneRecord } from "../state-pullzone";
import { int64Params } from "./common";

type Json = Record<string, unknown>;

/** Route schema of `/pullzone/:id` with a body of the document's shape `body`. */
export const zoneRoute = (body?: string, param = "id") => ({
  schema: { params: int64Params(param), ...(body ? { body: PULL_ZONE_SHAPES[body] } : {}) },
});

/** Route schema of a body of the document's shape `body` (no path parameter). */
export const bodyRoute = (body: string) => ({ schema: { body: PULL_ZONE_SHAPES[body] } });

/** Route schema of the query of operation `operationId`. */
export const queryRoute = (operationId: string, params?: object) => ({
  schema: { querystring: PULL_ZONE_QUERIES[operationId], ...(params ? { params } : {}) },
});

/** A deep copy of a JSON value. */
export const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The shared parts of the pull-zone routes of `ctx`. */
export function pullZoneParts(ctx: EmulatorContext) {
  const zones = () => ctx.store.state.pullZones;
  const find = (id: number) => zones().find((z) => z.id === id);
  /** Whether the request's key may see pull zone `id` (a scoped key: when in its `pullZones`). */
  const visible = (id: number, req: FastifyRequest) => {
    const scope = scopeOf(ctx, req);
    return !scope?.pullZones || scope.pullZones.includes(id);
  };
  const nowIso = () => new Date().toISOString();

  /** 400 in the published `ApiErrorData` shape, naming the first field. */
  const invalid = (reply: FastifyReply, url: string, failures: FieldFailure[]) =>
    sendError(reply, pathOf(url), 400, failures.map((f) => `${f.field}: ${f.message}`).join("; "), {
      key: "validation_error.pullzone",
      fieldErrors: failures,
    });

  /** 404: no pull zone `id`. */
  const missing = (reply: FastifyReply, url: string, id: number) =>
    sendError(reply, pathOf(url), 404, `pull zone ${id} not found`, { key: "not_found.pullzone" });

  /** A handler of `/pullzone/:<param>/…` given the zone (404 when there is none). */
  const withZone =
    <R extends FastifyRequest>(
      handler: (
        z: PullZoneState & { model: PullZoneRecord },
        req: R,
        reply: FastifyReply,
      ) => unknown,
      param = "id",
    ) =>
    async (req: R, reply: FastifyReply) => {
      const id = (req.params as Record<string, number>)[param];
      const z = visible(id, req) ? find(id) : undefined;
      if (!z?.model) return missing(reply, req.url, id);
      return handler(z as PullZoneState & { model: PullZoneRecord }, req, reply);
    };

  /** A write done: the state persisted, the answer sent without a body (204 unless said). */
  const saved = (reply: FastifyReply, status = 204) => {
    ctx.store.commit();
    return reply.code(status).send();
  };

  /** The edge rules of a record in the order the profile answers them. */
  const ordered = (rules: EdgeRuleRecord[]) =>
    ctx.profile.edgeRuleOrder === "sorted"
      ? [...rules].sort((a, b) => a.OrderIndex - b.OrderIndex || a.Guid.localeCompare(b.Guid))
      : rules;

  /** A zone's answer: a copy of its record (certificates with `includeCertificate`; keys never). */
  const view = (z: PullZoneState, includeCertificate = false): Json => {
    const m = copy(z.model!);
    m.EdgeRules = ordered(m.EdgeRules);
    for (const h of m.Hostnames) {
      h.CertificateKey = null;
      if (!includeCertificate) h.Certificate = null;
    }
    return m;
  };

  /**
   * Applies `change` to zone `id` as the platform does, by rewriting the zone: at once
   * (`"serial"`), or to a copy read now and written back whole after ZONE_REWRITE_MS
   * (`"lost-updates"`: what another write stored meanwhile is lost). Returns the record
   * written, or undefined when the zone went away meanwhile.
   */
  const rewrite = async <T>(
    id: number,
    change: (m: PullZoneRecord) => T,
  ): Promise<{ record: PullZoneRecord; result: T } | undefined> => {
    const z = find(id);
    if (!z?.model) return undefined;
    if (ctx.profile.pullZoneWrites === "serial") {
      const result = change(z.model);
      ctx.store.commit();
      return { record: z.model, result };
    }
    const record = copy(z.model);
    await new Promise((r) => setTimeout(r, ZONE_REWRITE_MS));
    const now = find(id);
    if (!now) return undefined;
    const result = change(record);
    now.model = record;
    ctx.store.commit();
    return { record, result };
  };

  /**
   * The zone (and hostname) a hostname belongs to, any case; with `req`, only among the zones
   * the request's key may see (without: every zone, as for a name taken anywhere).
   */
  const byHostname = (value: string, req?: FastifyRequest) => {
    const v = value.toLowerCase().replace(/\.$/, "");
    for (const z of zones()) {
      if (req && !visible(z.id, req)) continue;
      const h = z.model?.Hostnames.find((x) => x.Value.toLowerCase() === v);
      if (h) return { zone: z, hostname: h };
    }
    return undefined;
  };

  return {
    zones,
    find,
    visible,
    nowIso,
    invalid,
    missing,
    withZone,
    saved,
    view,
    rewrite,
    byHostname,
  };
}

/** The shared parts of the pull-zone routes. */
export type PullZoneParts = ReturnType<typeof pullZoneParts>;
