/**
 * Shield routes: rate-limit rules (GET/POST/PATCH/DELETE, list per zone), the shield zone of a
 * pull zone and the event logs of a shield zone (paged with an opaque continuation token).
 * The shield zone itself and its settings: `shield-zones.ts`, `shield-zone-features.ts`.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  eventLogDatePattern,
  EventLogPage,
  GenericRequestResponse,
  ShieldZoneByPullZone,
  shieldZoneByPullZoneParamsSchema,
  isRetainedDay,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { sendError } from "../errors";
import { DAY_MS, eventLogEntry, utcDayStart } from "../generators";
import { registerCollection } from "./collection";
import { OK_RESULT } from "./common";
import { rateLimitRuleKind } from "./shield-rule-kinds";
import { shieldRuleTable } from "./shield-rules";

export { listOk, listQuerySchema, zoneListPage, zoneNotFound } from "./zone-lists";
export { embeddedRuleFailure } from "./shield-rules";
import { zoneNotFound } from "./zone-lists";

const PULL_ZONE_NOT_FOUND_KEY = "not_found_or_unauthorised_access.pullzone";

const pullZoneNotFound = (id: number): GenericRequestResponse => ({
  statusCode: 404,
  success: false,
  message: `Pull zone ${id} was not found, has no shield zone, or you do not have access to it`,
  errorKey: PULL_ZONE_NOT_FOUND_KEY,
});

const eventLogParamsSchema = {
  type: "object",
  required: ["shieldZoneId", "date"],
  properties: {
    shieldZoneId: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    date: { type: "string", pattern: eventLogDatePattern },
    continuationToken: { type: "string" },
  },
} as const;

/** Encodes an event-log page position as an opaque token. */
export function encodeEventLogToken(zone: number, day: number, page: number): string {
  return Buffer.from(JSON.stringify({ z: zone, d: day, p: page })).toString("base64url");
}

function decodeEventLogToken(token: string): { z: number; d: number; p: number } | undefined {
  try {
    const v = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    if ([v.z, v.d, v.p].every((x) => Number.isInteger(x)))
      return v as { z: number; d: number; p: number };
  } catch {
    // not a token of ours
  }
  return undefined;
}

/** Parses `MM-dd-yyyy` (already pattern-checked) to a UTC day number, or undefined if no such day. */
export function parseEventLogDate(s: string): number | undefined {
  const [mm, dd, yyyy] = s.split("-").map(Number);
  const ms = Date.UTC(yyyy, mm - 1, dd);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== yyyy || d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd)
    return undefined;
  return ms / DAY_MS;
}

/** Registers the shield routes. */
export function registerShieldRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;
  type Req = { headers: Record<string, string | string[] | undefined> };
  /** Whether the request's key may see the shield zone (scoped keys see only theirs). */
  const sees = (req: Req, zoneId: number) => {
    const scope = scopeOf(ctx, req);
    return !scope || scope.shieldZones.includes(zoneId);
  };
  /** A zone the key cannot see exists as far as the key knows: the platform's wrong-scope answer. */
  const zoneKnown = (req: Req, zoneId: number) =>
    s().shieldZones.some((z) => z.id === zoneId) && sees(req, zoneId);
  registerCollection(app, ctx, shieldRuleTable(ctx, rateLimitRuleKind(ctx)));

  // The shield zone of a pull zone: `{data}` (the published `GetShieldZoneResponse`, no `error`
  // member), or 200 `{data: null, error}` for a pull zone without one (the platform's answer;
  // the published document declares none).
  app.get<{ Params: { pullZoneId: number } }>(
    "/shield/shield-zone/get-by-pullzone/:pullZoneId",
    { schema: { params: shieldZoneByPullZoneParamsSchema } },
    async (req) => {
      const pullZoneId = req.params.pullZoneId;
      const z = s().shieldZones.find((x) => x.pullZoneId === pullZoneId);
      if (!z || !sees(req, z.id)) return { data: null, error: pullZoneNotFound(pullZoneId) };
      const data: ShieldZoneByPullZone = {
        shieldZoneId: z.id,
        pullZoneId,
        planType: z.planType ?? 0,
        rateLimitRulesLimit: z.rateLimitRulesLimit ?? 10,
        customWafRulesLimit: z.customWafRulesLimit ?? 10,
        wafEnabled: z.wafEnabled ?? true,
      };
      return { data };
    },
  );

  const eventLogs = async (
    req: {
      url: string;
      headers: Req["headers"];
      params: { shieldZoneId: number; date: string; continuationToken?: string };
    },
    reply: FastifyReply,
  ) => {
    const path = pathOf(req.url);
    const { shieldZoneId, date } = req.params;
    const token = req.params.continuationToken ?? "";
    const day = parseEventLogDate(date);
    if (day === undefined) {
      return sendError(reply, path, 400, `date ${date} is not a valid MM-dd-yyyy date`, {
        fieldErrors: [{ field: "date", message: "must be a calendar date formatted MM-dd-yyyy" }],
      });
    }
    if (!isRetainedDay(day * DAY_MS, ctx.now())) {
      return sendError(
        reply,
        path,
        400,
        "Event logs can only be read for today and the two previous days (UTC)",
        {
          key: "invalid_datetime_window.event_logs",
          fieldErrors: [
            { field: "date", message: "must be today or one of the two previous days (UTC)" },
          ],
        },
      );
    }
    if (!zoneKnown(req, shieldZoneId)) {
      const page: EventLogPage = {
        logs: [],
        hasMoreData: false,
        continuationToken: "",
        startToken: token,
        errorResponse: zoneNotFound(shieldZoneId),
      };
      return page;
    }
    const cfg = s().eventLogs.find((e) => e.shieldZoneId === shieldZoneId) ?? {
      shieldZoneId,
      pagesPerDay: 0,
      logsPerPage: 0,
    };
    let pageIndex = 0;
    if (token !== "") {
      const t = decodeEventLogToken(token);
      if (!t || t.z !== shieldZoneId || t.d !== day || t.p < 1 || t.p >= cfg.pagesPerDay) {
        return sendError(
          reply,
          path,
          400,
          "continuationToken is not valid for this zone and date",
          {
            key: "invalid_continuation_token",
            fieldErrors: [{ field: "continuationToken", message: "unknown or expired token" }],
          },
        );
      }
      pageIndex = t.p;
    }
    const totalLogs = cfg.pagesPerDay * cfg.logsPerPage;
    const dayStart = day * DAY_MS;
    const today = utcDayStart(ctx.now()) / DAY_MS;
    const span = day === today ? Math.max(1, Math.min(DAY_MS, ctx.now() - dayStart)) : DAY_MS;
    const logs =
      cfg.pagesPerDay > 0
        ? Array.from({ length: cfg.logsPerPage }, (_, i) =>
            eventLogEntry(shieldZoneId, day, pageIndex, i, cfg.logsPerPage, totalLogs, span),
          )
        : [];
    const hasMoreData = pageIndex + 1 < cfg.pagesPerDay;
    const page: EventLogPage = {
      logs,
      hasMoreData,
      continuationToken: hasMoreData ? encodeEventLogToken(shieldZoneId, day, pageIndex + 1) : "",
      startToken: token,
      errorResponse: { ...OK_RESULT },
    };
    return page;
  };

  type ELParams = { shieldZoneId: number; date: string; continuationToken?: string };
  app.get<{ Params: ELParams }>(
    "/shield/event-logs/:shieldZoneId/:date",
    { schema: { params: eventLogParamsSchema } },
    eventLogs,
  );
  app.get<{ Params: ELParams }>(
    "/shield/event-logs/:shieldZoneId/:date/:continuationToken",
    { schema: { params: eventLogParamsSchema } },
    eventLogs,
  );
}
