/**
 * Search and export of a shield zone's event logs (published "Bunny Shield API" v1,
 * 2026-07-31): POST `/shield/event-logs/{shieldZoneId}/search` (rows or groups of one page)
 * and `.../export` (every matching event as CSV). The day-by-day pages are in
 * `client.shield.eventLogPages`. Endpoints are data ({@link shieldEventSearchEndpoints}).
 */
import type { EventLogExportRequest, EventLogSearchRequest, EventLogSearchResult } from "../spec";
import { EventLogFields, EventLogFilterOps } from "../spec/shield-operation-enums";
import { InvalidArgumentError } from "./invalid-argument";
import { checkId } from "./shield-args";
import type { Caller, EndpointDef, RequestOptions } from "./transport";

/** How far back the platform searches: 72 hours. */
export const EVENT_LOG_SEARCH_WINDOW_MS = 72 * 3_600_000;

/** Endpoint definitions of the event-log search and export. */
export const shieldEventSearchEndpoints = {
  search: {
    operation: "shieldEvents.search",
    method: "POST",
    path: "/shield/event-logs/{shieldZoneId}/search",
    // A read: repeating it changes nothing.
    idempotent: true,
    validate: (b) =>
      Array.isArray(b.rows) || Array.isArray(b.groups)
        ? undefined
        : 'no "rows" or "groups" array in the event-log search answer',
  },
  export: {
    operation: "shieldEvents.export",
    method: "POST",
    path: "/shield/event-logs/{shieldZoneId}/export",
    idempotent: true,
    // The CSV text (an empty set is the header line alone).
    responseType: "text",
    allowEmpty: true,
  },
} as const satisfies Record<string, EndpointDef>;

/** Checks a search or export body: the window, the filters and the groups. */
function checkWindow(operation: string, b: EventLogExportRequest & { groupBy?: unknown }): void {
  for (const f of ["from", "to"] as const)
    if (!Number.isInteger(b[f]) || b[f] < 0)
      throw new InvalidArgumentError(
        operation,
        f,
        `must be Unix time in milliseconds (a non-negative integer); got ${JSON.stringify(b[f])}`,
      );
  if (b.to <= b.from)
    throw new InvalidArgumentError(
      operation,
      "to",
      `must be after "from" (${b.from}); got ${b.to}`,
    );
  (b.filters ?? []).forEach((f, i) => {
    if (!(EventLogFields as readonly string[]).includes(f.field))
      throw new InvalidArgumentError(
        operation,
        `filters[${i}].field`,
        `must be one of ${EventLogFields.join(", ")}; got ${JSON.stringify(f.field)}`,
        EventLogFields,
      );
    if (!(EventLogFilterOps as readonly string[]).includes(f.op))
      throw new InvalidArgumentError(
        operation,
        `filters[${i}].op`,
        `must be one of ${EventLogFilterOps.join(", ")}; got ${JSON.stringify(f.op)}`,
        EventLogFilterOps,
      );
    if (f.op === "cidr" && f.field !== "ip")
      throw new InvalidArgumentError(operation, `filters[${i}].op`, `"cidr" applies to "ip" only`);
    if (!Array.isArray(f.value) || f.value.length === 0)
      throw new InvalidArgumentError(
        operation,
        `filters[${i}].value`,
        "must list at least one value",
      );
  });
  if (Array.isArray(b.groupBy))
    b.groupBy.forEach((g, i) => {
      if (!(EventLogFields as readonly string[]).includes(g as string))
        throw new InvalidArgumentError(
          operation,
          `groupBy[${i}]`,
          `must be one of ${EventLogFields.join(", ")}; got ${JSON.stringify(g)}`,
          EventLogFields,
        );
    });
}

/** Event-log search and export area of the {@link Client} (`client.shieldEvents`). */
export class ShieldEventSearchApi {
  /** @internal Use `client.shieldEvents`. */
  constructor(private readonly t: Caller) {}

  /**
   * Searches a zone's events in a window of the last 72 hours (POST
   * `/shield/event-logs/{shieldZoneId}/search`): flat rows, or groups with `groupBy`; one page
   * (`page` zero-based, `pageSize` 1–500) per call.
   * @throws InvalidArgumentError for a window that is not `from < to`, an unknown filter field
   * or operator (nothing sent).
   */
  async search(
    shieldZoneId: number,
    body: EventLogSearchRequest,
    opts?: RequestOptions,
  ): Promise<EventLogSearchResult> {
    const op = shieldEventSearchEndpoints.search.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    checkWindow(op, body);
    const res = await this.t.call<EventLogSearchResult>(
      shieldEventSearchEndpoints.search,
      { params: { shieldZoneId }, body },
      opts,
    );
    return res.data;
  }

  /**
   * Every event of a window that matches, as CSV text with a header line (POST
   * `/shield/event-logs/{shieldZoneId}/export`).
   */
  async export(
    shieldZoneId: number,
    body: EventLogExportRequest,
    opts?: RequestOptions,
  ): Promise<string> {
    const op = shieldEventSearchEndpoints.export.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    checkWindow(op, body);
    const res = await this.t.call<string>(
      shieldEventSearchEndpoints.export,
      { params: { shieldZoneId }, body },
      opts,
    );
    return res.data ?? "";
  }
}
