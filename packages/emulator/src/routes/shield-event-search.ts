/**
 * Event-log search and export (the published "Bunny Shield API" v1, 2026-07-31): the events
 * of a zone's generated event logs (the same as the day pages of `shield.ts`) within a window
 * of the last 72 hours, filtered (AND of the filters, OR of a filter's values), as rows or
 * groups of one page, or every match as CSV.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  eventLogExportRequestSchema,
  eventLogSearchRequestSchema,
  type EventLogEntry,
  type EventLogExportRequest,
  type EventLogFilter,
  type EventLogSearchRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { DAY_MS, eventLogEntry, utcDayStart } from "../generators";
import { int32Params, OK_RESULT } from "./common";
import { zoneAccess, zoneMissing } from "./shield-access";

/** How far back events can be searched. */
const WINDOW_MS = 72 * 3_600_000;
/** The action an event's status means. */
const actionOf = (status: string) =>
  status === "403" ? "block" : status === "429" ? "challenge" : "log";

/** An event's searchable dimensions (those the generated events have). */
function fieldsOf(e: EventLogEntry): Record<string, string> {
  const url = e.log.split(" ").pop() ?? "";
  return {
    feature: e.labels.ruleGroup === "RATELIMIT" ? "ratelimit" : "waf",
    ruleId: e.labels.ruleId,
    url,
    asn: e.labels.asn,
    country: e.labels.country,
    action: actionOf(e.labels.status),
  };
}

/** Whether a value matches one filter value under `op`. */
function matches(op: string, have: string | undefined, want: string): boolean {
  if (have === undefined) return false;
  switch (op) {
    case "contains":
      return have.toLowerCase().includes(want.toLowerCase());
    case "wildcard":
      return new RegExp(
        `^${want
          .split("*")
          .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
          .join(".*")}$`,
        "i",
      ).test(have);
    default:
      return have === want;
  }
}

const passes = (f: Record<string, string>, filters: EventLogFilter[]) =>
  filters.every((x) => x.value.some((v) => matches(x.op, f[x.field], v)));

/** Registers the event-log search and export routes. */
export function registerShieldEventSearchRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zoneFor } = zoneAccess(ctx);
  const bad = (reply: FastifyReply, url: string, field: string, msg: string) =>
    sendError(reply, pathOf(url), 400, `${field}: ${msg}`, {
      key: "validation_error",
      fieldErrors: [{ field, message: msg }],
    });

  /** The matching events of a window, oldest first; or a 400 naming the field. */
  const events = (
    zoneId: number,
    b: EventLogExportRequest,
    reply: FastifyReply,
    url: string,
  ): { e: EventLogEntry; f: Record<string, string> }[] | FastifyReply => {
    const now = ctx.now();
    if (b.to <= b.from) return bad(reply, url, "to", `must be after from (${b.from})`);
    if (b.from < now - WINDOW_MS)
      return bad(reply, url, "from", "must be within the last 72 hours");
    const cfg = ctx.store.state.eventLogs.find((x) => x.shieldZoneId === zoneId);
    const out: { e: EventLogEntry; f: Record<string, string> }[] = [];
    if (!cfg || cfg.pagesPerDay <= 0) return out;
    const total = cfg.pagesPerDay * cfg.logsPerPage;
    const today = utcDayStart(now) / DAY_MS;
    const q = (b.query ?? "").toLowerCase();
    for (let day = Math.floor(b.from / DAY_MS); day <= Math.floor(b.to / DAY_MS); day++) {
      if (day > today) break;
      const span = day === today ? Math.max(1, Math.min(DAY_MS, now - day * DAY_MS)) : DAY_MS;
      for (let p = 0; p < cfg.pagesPerDay; p++)
        for (let i = 0; i < cfg.logsPerPage; i++) {
          const e = eventLogEntry(zoneId, day, p, i, cfg.logsPerPage, total, span);
          if (e.timestamp < b.from || e.timestamp >= b.to) continue;
          const f = fieldsOf(e);
          if (q && !`${e.log} ${f.ruleId} ${f.url}`.toLowerCase().includes(q)) continue;
          if (!passes(f, b.filters ?? [])) continue;
          out.push({ e, f });
        }
    }
    return out.sort((x, y) => x.e.timestamp - y.e.timestamp);
  };

  type Zoned<B> = { Params: { shieldZoneId: number }; Body: B };
  app.post<Zoned<EventLogSearchRequest>>(
    "/shield/event-logs/:shieldZoneId/search",
    { schema: { params: int32Params("shieldZoneId"), body: eventLogSearchRequestSchema } },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const found = events(z.id, req.body, reply, req.url);
      if (!Array.isArray(found)) return found;
      const page = req.body.page ?? 0;
      const size = req.body.pageSize ?? 50;
      const groupBy = req.body.groupBy ?? [];
      if (groupBy.length === 0) {
        const rows = found.slice(page * size, (page + 1) * size).map(({ e, f }) => ({
          logId: e.logId,
          timestamp: e.timestamp,
          log: e,
          fields: f,
        }));
        return {
          rows,
          groups: null,
          total: found.length,
          totalPages: Math.ceil(found.length / size),
          page,
          errorResponse: { ...OK_RESULT },
        };
      }
      const buckets = req.body.buckets ?? 0;
      const width = (req.body.to - req.body.from) / Math.max(1, buckets);
      const groups = new Map<string, { key: Record<string, string>; ts: number[] }>();
      for (const { e, f } of found) {
        const key = Object.fromEntries(groupBy.map((g) => [g, f[g] ?? ""]));
        const id = JSON.stringify(key);
        const g = groups.get(id) ?? { key, ts: [] };
        g.ts.push(e.timestamp);
        groups.set(id, g);
      }
      const all = [...groups.values()]
        .sort((a, b) => b.ts.length - a.ts.length)
        .map((g) => ({
          key: g.key,
          count: g.ts.length,
          firstSeen: Math.min(...g.ts),
          lastSeen: Math.max(...g.ts),
          context: {},
          sparkline:
            buckets > 0
              ? Array.from(
                  { length: buckets },
                  (_, i) =>
                    g.ts.filter(
                      (t) => Math.min(buckets - 1, Math.floor((t - req.body.from) / width)) === i,
                    ).length,
                )
              : null,
        }));
      return {
        rows: null,
        groups: all.slice(page * size, (page + 1) * size),
        total: all.length,
        totalPages: Math.ceil(all.length / size),
        page,
        errorResponse: { ...OK_RESULT },
      };
    },
  );

  app.post<Zoned<EventLogExportRequest>>(
    "/shield/event-logs/:shieldZoneId/export",
    { schema: { params: int32Params("shieldZoneId"), body: eventLogExportRequestSchema } },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const found = events(z.id, req.body, reply, req.url);
      if (!Array.isArray(found)) return found;
      const cell = (v: string | number) => {
        const t = String(v);
        return /[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
      };
      const head = [
        "timestamp",
        "logId",
        "feature",
        "ruleId",
        "action",
        "country",
        "asn",
        "url",
        "log",
      ];
      const lines = found.map(({ e, f }) =>
        [e.timestamp, e.logId, f.feature, f.ruleId, f.action, f.country, f.asn, f.url, e.log]
          .map(cell)
          .join(","),
      );
      return reply
        .code(200)
        .type("text/csv; charset=utf-8")
        .send([head.join(","), ...lines].join("\n") + "\n");
    },
  );
}
