/**
 * CDN logging API under `/logging`: v2 JSON pages and the v1 pipe-delimited file.
 * Credentials: `AccessKey: <key>` or `Authorization: Bearer <JWT>` where the JWT is any
 * well-formed three-part token whose payload JSON has `"key"` equal to the API key
 * (the signature is not checked). Missing → 401 unauthorized; wrong → 403 forbidden.
 * Unknown or suspended pull zone → 403 forbidden; logging disabled → 404 logging_disabled;
 * over the per-pull-zone limit → 429 rate_limited with Retry-After.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createGzip, constants as zlibConstants } from "zlib";
import { pipeline } from "stream";
import {
  accessLogQuerySchema,
  AccessLogPage,
  AccessLogQuery,
  CacheStatuses,
  legacyAccessLogQuerySchema,
  legacyLogDatePattern,
  Limits,
  isRetainedDay,
  oldestRetainedDayStart,
} from "edgeplatform-client/spec";
import { AccessLogFilter, computePage, legacyLogStream, parseStatusList } from "../access-logs";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { DAY_MS, firstIndexAtOrAfter, HOUR_MS, utcDayStart } from "../generators";
import type { PullZoneState } from "../state";

/** How far in the future `to` may lie (clock skew allowance). */
export const FUTURE_TOLERANCE_MS = HOUR_MS;

const v2Params = {
  type: "object",
  required: ["pullZoneId"],
  properties: { pullZoneId: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

/** Whether a bearer token is a well-formed JWT whose payload carries `"key": apiKey`. */
export function jwtMatchesKey(token: string, apiKey: string): boolean {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+={0,2}$/.test(p))) return false;
  try {
    const header = JSON.parse(Buffer.from(parts[0], "base64url").toString("utf8")) as unknown;
    const payload = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as {
      key?: unknown;
    };
    return typeof header === "object" && header !== null && payload?.key === apiKey;
  } catch {
    return false;
  }
}

const lower = (s: string | undefined) => (s === undefined ? undefined : s.toLowerCase());
const list = (s: string | undefined, f: (x: string) => string = (x) => x) =>
  s === undefined
    ? undefined
    : new Set(
        s
          .split(",")
          .map((x) => f(x.trim()))
          .filter((x) => x !== ""),
      );
const tokens = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== "");

/** Registers the logging routes. */
export function registerLoggingRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  /** The route-level gate: credentials, pull zone, rate limit (in this order). */
  const gate =
    (zoneIdOf: (req: FastifyRequest) => string | undefined, v1 = false) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      if (reply.sent) return reply;
      const path = pathOf(req.url);
      const access = req.headers["accesskey"];
      const auth = req.headers["authorization"];
      if (access === undefined && auth === undefined) {
        return sendError(reply, path, 401, "No authentication credentials were provided");
      }
      let ok = access !== undefined && access === ctx.apiKey;
      if (!ok && access === undefined && typeof auth === "string") {
        const m = /^Bearer\s+(\S+)$/i.exec(auth.trim());
        ok = m !== null && jwtMatchesKey(m[1], ctx.apiKey);
      }
      if (!ok)
        return sendError(reply, path, 403, "The credentials are not valid for this pull zone");
      if (v1) {
        const date = (req.params as { date?: string }).date ?? "";
        if (!new RegExp(legacyLogDatePattern).test(date) || parseLegacyDate(date) === undefined) {
          return sendError(reply, path, 403, `The date ${date} is not a valid MM-dd-yy date`);
        }
      }
      const raw = zoneIdOf(req);
      if (raw === undefined || !/^\d{1,15}$/.test(raw)) {
        return sendError(reply, path, 400, "pullZoneId must be a non-negative integer", {
          fieldErrors: [{ field: "pullZoneId", message: "must be a non-negative integer" }],
        });
      }
      const zoneId = Number(raw);
      const zone = ctx.store.state.pullZones.find((z) => z.id === zoneId);
      if (!zone || zone.logging === "suspended") {
        return sendError(
          reply,
          path,
          403,
          `Access to the logs of pull zone ${zoneId} is forbidden`,
        );
      }
      if (zone.logging === "disabled") {
        return sendError(reply, path, 404, `Logging is not enabled for pull zone ${zoneId}`);
      }
      const lim = ctx.loggingRateLimit;
      if (lim) {
        const t = Date.now();
        const hits = (ctx.loggingHits.get(zoneId) ?? []).filter((h) => h > t - lim.windowMs);
        if (hits.length >= lim.requests) {
          ctx.loggingHits.set(zoneId, hits);
          const retry = Math.max(1, Math.ceil((hits[0] + lim.windowMs - t) / 1000));
          return sendError(
            reply,
            path,
            429,
            `Rate limit of ${lim.requests} requests per ${lim.windowMs / 1000} s exceeded for pull zone ${zoneId}`,
            { headers: { "retry-after": String(retry) } },
          );
        }
        hits.push(t);
        ctx.loggingHits.set(zoneId, hits);
      }
    };

  const invalid = (reply: FastifyReply, req: FastifyRequest, field: string, message: string) =>
    sendError(reply, pathOf(req.url), 400, `${field}: ${message}`, {
      fieldErrors: [{ field, message }],
    });

  const zoneOf = (id: number): PullZoneState => ctx.store.state.pullZones.find((z) => z.id === id)!;

  // ---------------------------------------------------------------- v2
  type V2Query = AccessLogQuery;
  app.get<{ Params: { pullZoneId: number }; Querystring: V2Query }>(
    "/logging/v2/pullzones/:pullZoneId/logs",
    {
      schema: { params: v2Params, querystring: accessLogQuerySchema },
      preValidation: gate((req) => (req.params as { pullZoneId?: string }).pullZoneId),
    },
    async (req, reply) => {
      const q = req.query;
      const nowMs = ctx.now();
      const to = q.to !== undefined ? Date.parse(q.to) : nowMs;
      const from = q.from !== undefined ? Date.parse(q.from) : to - DAY_MS;
      const oldest = oldestRetainedDayStart(nowMs);
      if (!(from < to)) return invalid(reply, req, "from", "must be before to");
      if (from < oldest) {
        return invalid(
          reply,
          req,
          "from",
          `must lie inside the ${Limits.retentionDays}-day retention window (from ${new Date(oldest).toISOString()})`,
        );
      }
      if (to > nowMs + FUTURE_TOLERANCE_MS)
        return invalid(reply, req, "to", "must not lie in the future");
      const filter: AccessLogFilter = {};
      if (q.status !== undefined) {
        const st = parseStatusList(q.status);
        if (!st)
          return invalid(
            reply,
            req,
            "status",
            "must be a comma list of status codes or classes like 2xx",
          );
        filter.statusCodes = st.codes;
        filter.statusClasses = st.classes;
      }
      if (q.cacheStatus !== undefined) {
        const cs = list(q.cacheStatus, (x) => x.toUpperCase())!;
        const bad = [...cs].filter((c) => !(CacheStatuses as readonly string[]).includes(c));
        if (bad.length || cs.size === 0) {
          return invalid(
            reply,
            req,
            "cacheStatus",
            `must be a comma list of ${CacheStatuses.join(", ")}`,
          );
        }
        filter.cacheStatus = cs;
      }
      filter.country = list(q.country, (x) => x.toUpperCase());
      filter.edgeLocation = list(q.edgeLocation, (x) => x.toUpperCase());
      filter.remoteIp = list(q.remoteIp);
      filter.urlContains = lower(q.urlContains);
      filter.userAgentContains = lower(q.userAgentContains);
      filter.refererContains = lower(q.refererContains);
      filter.requestId = q.requestId;
      if (q.search !== undefined) {
        const t = tokens(q.search);
        if (t.length > Limits.accessLogMaxSearchTokens) {
          return invalid(
            reply,
            req,
            "search",
            `must have at most ${Limits.accessLogMaxSearchTokens} tokens`,
          );
        }
        if (t.length) filter.searchTokens = t;
      }
      for (const k of Object.keys(filter) as (keyof AccessLogFilter)[])
        if (filter[k] === undefined) delete filter[k];
      const zone = zoneOf(req.params.pullZoneId);
      const order = q.order ?? "desc";
      const limit = q.limit ?? Limits.accessLogDefaultLimit;
      const offset = q.offset ?? 0;
      const { data, hasMore } = computePage({
        zone,
        perDay: zone.logRecordsPerDay,
        fromMs: from,
        toMs: Math.min(to, nowMs + 1),
        firstDay: oldest / DAY_MS,
        order,
        includeOriginShield: q.includeOriginShield === true,
        limit,
        offset,
        filter,
      });
      const page: AccessLogPage = {
        data,
        pagination: { offset, limit, returned: data.length, hasMore },
        query: {
          pullZoneId: zone.id,
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          order,
        },
      };
      reply.type("application/json; charset=utf-8");
      return JSON.stringify(page);
    },
  );

  // ---------------------------------------------------------------- v1
  type V1Query = {
    start?: number;
    end?: number;
    status?: string;
    search?: string;
    download?: boolean;
    order?: "asc" | "desc";
    sort?: "asc" | "desc";
  };
  app.get<{ Params: { date: string; file: string }; Querystring: V1Query }>(
    "/logging/:date/:file(^\\d+\\.log$)",
    {
      schema: { querystring: legacyAccessLogQuerySchema },
      preValidation: gate(
        (req) => /^(\d+)\.log$/.exec((req.params as { file?: string }).file ?? "")?.[1],
        true,
      ),
    },
    async (req, reply) => {
      const q = req.query;
      const day = parseLegacyDate(req.params.date)!;
      const nowMs = ctx.now();
      if (!isRetainedDay(day * DAY_MS, nowMs)) {
        return invalid(
          reply,
          req,
          "date",
          `must be today or one of the ${Limits.retentionDays - 1} previous days (UTC)`,
        );
      }
      let status: { codes: Set<number>; classes: Set<number> } | undefined;
      if (q.status !== undefined) {
        status = parseStatusList(q.status);
        if (!status)
          return invalid(
            reply,
            req,
            "status",
            "must be a comma list of status codes or classes like 2xx",
          );
      }
      if (q.order !== undefined && q.sort !== undefined && q.order !== q.sort) {
        return invalid(reply, req, "order", "order and sort disagree");
      }
      if (q.start !== undefined && q.end !== undefined && q.end < q.start) {
        return invalid(reply, req, "end", "must not be smaller than start");
      }
      const zoneId = Number(/^(\d+)\.log$/.exec(req.params.file)![1]);
      const zone = zoneOf(zoneId);
      const perDay = zone.logRecordsPerDay;
      const today = utcDayStart(nowMs) / DAY_MS;
      const count = day === today ? firstIndexAtOrAfter(nowMs + 1 - day * DAY_MS, perDay) : perDay;
      const search = q.search !== undefined ? tokens(q.search) : undefined;
      const stream = legacyLogStream({
        zone,
        perDay,
        day,
        count,
        order: q.order ?? q.sort ?? "asc",
        start: q.start ?? 0,
        end: q.end,
        status,
        searchTokens: search,
      });
      reply.type("text/plain; charset=utf-8");
      if (q.download)
        reply.header(
          "content-disposition",
          `attachment; filename="${req.params.date}_${zoneId}.log"`,
        );
      const accept = String(req.headers["accept-encoding"] ?? "");
      if (/\bgzip\b/i.test(accept)) {
        reply.header("content-encoding", "gzip");
        reply.header("vary", "Accept-Encoding");
        const gz = createGzip({ level: zlibConstants.Z_BEST_SPEED });
        pipeline(stream, gz, () => undefined);
        return reply.send(gz);
      }
      return reply.send(stream);
    },
  );
}

/** Parses `MM-dd-yy` (20yy) to a UTC day number, or undefined when no such day. */
export function parseLegacyDate(s: string): number | undefined {
  if (!new RegExp(legacyLogDatePattern).test(s)) return undefined;
  const [mm, dd, yy] = s.split("-").map(Number);
  const ms = Date.UTC(2000 + yy, mm - 1, dd);
  const d = new Date(ms);
  if (d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd) return undefined;
  return ms / DAY_MS;
}
