/**
 * CDN logging data source `getAccessLogs` (v2, JSON, all pages) and its Output form
 * (v1: legacy-logging.ts). Needs the `loggingUrl` setting. For reads too large to hold in
 * memory use the client's iterators (`client.logging.accessLogPages`, `client.logging.legacyAccessLogRecords`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./logging-schemas";
import { type AccessLogEntry, type AccessLogQuery } from "edgeplatform-client";
import {
  AccessLogTextFilters,
  CacheStatuses,
  Limits,
  LogOrders,
  oldestRetainedDayStart,
  schemaRef,
  specSchema,
  statusListPattern,
  validate,
} from "edgeplatform-client/spec/runtime";
import { checkArgs, describe, fail, optInstant, optText } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";
import { progressReporter } from "./progress";

export { LogOrders };
export type { LogOrder } from "edgeplatform-client/spec/runtime";

const STATUS_RE = new RegExp(statusListPattern);
const STATUS_SYNTAX =
  'a status code (100-599) or class ("2xx" ... "5xx"), or a comma-separated list of them ' +
  '(e.g. "200,304" or "4xx,5xx")';

/** A status filter: `404`, `"5xx"`, `"200,304"`, or a list of codes/classes. */
export type StatusFilter = string | number | (string | number)[];
/** A cache-status filter: one value of `CacheStatuses` or a list of them. */
export type CacheStatusFilter = string | string[];

// ---------------------------------------------------------------------------------------
// v2
// ---------------------------------------------------------------------------------------

const V2 = "logging.getAccessLogs";

/**
 * The arguments of {@link getAccessLogs}: the v2 query of the spec (`accessLogQuerySchema`,
 * the one declaration) minus paging, with friendlier forms for the window (`Date`s), `status`
 * and `cacheStatus` (lists), plus `maxRecords`.
 */
const getAccessLogsArgs = schemaRef<typeof S.getAccessLogsArgsSchema>(
  __dirname,
  "./logging-schemas",
  "getAccessLogsArgsSchema",
);
/** Arguments of {@link getAccessLogs}. Every filter is optional. */
export type GetAccessLogsArgs = Static<typeof S.getAccessLogsArgsSchema>;

/** Result of {@link getAccessLogs}. */
export interface GetAccessLogsResult {
  /** The pull zone that was read. */
  pullZoneId: number;
  /** Start of the window that was read (ISO 8601), as the platform applied it. */
  from?: string;
  /** End of the window that was read (ISO 8601, exclusive), as the platform applied it. */
  to?: string;
  /** Every record of the window that matched the filters, in the requested order. */
  records: AccessLogEntry[];
  /** Number of pages (requests) read. */
  pages: number;
  /** True when `maxRecords` stopped the read while the platform had more records. */
  truncated: boolean;
}

/** Options of {@link getAccessLogs}: the common options plus the page size. */
export interface AccessLogsOptions extends DataSourceOptions {
  /** Records per request, 1..10000 (default 10000: the fewest requests). */
  pageSize?: number;
}

const pageSizeArgs = schemaRef<typeof S.pageSizeArgsSchema>(
  __dirname,
  "./logging-schemas",
  "pageSizeArgsSchema",
);

/** Validates a status filter (v1 and v2) and returns it as the platform's list. */
export function checkStatus(op: string, v: unknown): string | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  const list = Array.isArray(v) ? v : [v];
  const parts = list.map((x) => (typeof x === "number" ? String(x) : x));
  const text = parts.every((p) => typeof p === "string")
    ? (parts as string[]).map((p) => p.trim().toLowerCase()).join(",")
    : undefined;
  if (text === undefined || !STATUS_RE.test(text)) {
    fail(op, "status", `must be ${STATUS_SYNTAX}; got ${describe(v)}`);
  }
  return text;
}

function checkCacheStatus(v: unknown): string | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  const list = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [v];
  const allowed = CacheStatuses as readonly string[];
  const out: string[] = [];
  for (const x of list) {
    const s = typeof x === "string" ? x.trim().toUpperCase() : x;
    if (typeof s !== "string" || !allowed.includes(s)) {
      fail(
        V2,
        "cacheStatus",
        `must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")} (or a list of ` +
          `them); got ${describe(x)}`,
        allowed,
      );
    }
    out.push(s);
  }
  return out.length ? out.join(",") : undefined;
}

function checkSearch(s: string | undefined): string | undefined {
  if (s === undefined || s === "") return undefined;
  const tokens = s.trim().split(/\s+/).filter(Boolean);
  if (tokens.length > Limits.accessLogMaxSearchTokens) {
    fail(
      V2,
      "search",
      `has ${tokens.length} tokens; at most ${Limits.accessLogMaxSearchTokens} are allowed`,
    );
  }
  return s;
}

/**
 * Validates {@link GetAccessLogsArgs} and builds the v2 query (without limit/offset).
 * @internal exported for tests.
 */
export function buildAccessLogQuery(
  args: GetAccessLogsArgs,
  now = Date.now(),
): { pullZoneId: number; query: AccessLogQuery; maxRecords?: number } {
  const a = checkArgs(V2, getAccessLogsArgs, args);
  const from = optInstant(V2, "from", a.from);
  const to = optInstant(V2, "to", a.to);
  if (from && to && from >= to) {
    fail(V2, "from", `must be before "to" (the window is [from, to)); got ${from} >= ${to}`);
  }
  const oldest = new Date(oldestRetainedDayStart(now)).toISOString();
  const retention = `the ${Limits.retentionDays}-day log retention (earliest readable: ${oldest})`;
  if (from && from < oldest) fail(V2, "from", `${from} is older than ${retention}`);
  if (to && to <= oldest) fail(V2, "to", `${to} is older than ${retention}`);
  const query: AccessLogQuery = {};
  const put = <K extends keyof AccessLogQuery>(k: K, v: AccessLogQuery[K] | undefined): void => {
    if (v !== undefined) query[k] = v;
  };
  put("from", from);
  put("to", to);
  put("status", checkStatus(V2, a.status));
  put("cacheStatus", checkCacheStatus(a.cacheStatus));
  for (const k of AccessLogTextFilters) put(k, optText(a[k]));
  put("search", checkSearch(a.search));
  put("includeOriginShield", a.includeOriginShield);
  put("order", a.order);
  // Safety net: the query must pass the schema that the emulator's route validates with.
  const failure = validate(specSchema("accessLogQuerySchema"), query)[0];
  if (failure) fail(V2, failure.property, failure.reason);
  return {
    pullZoneId: a.pullZoneId,
    query,
    ...(a.maxRecords !== undefined ? { maxRecords: a.maxRecords } : {}),
  };
}

/**
 * Reads v2 access logs of a pull zone (GET `{loggingUrl}/v2/pullzones/{id}/logs`), all
 * pages of the window with the largest page size, until the platform has no more or
 * `maxRecords` is reached. The client keeps under the platform's rate limit (30 requests
 * per 10 s per pull zone) by itself; should the platform still answer 429, the request is
 * repeated after `Retry-After` at the same offset (nothing lost or repeated).
 *
 * ```ts
 * const { records, pages, truncated } = await edge.logging.getAccessLogs({
 *   pullZoneId: 1, status: "5xx", cacheStatus: "MISS", order: "asc", maxRecords: 50_000,
 * });
 * ```
 * @throws InvalidArgumentError for invalid arguments (naming the field and allowed values).
 * @throws MissingSettingError when `loggingUrl` is not configured.
 * @throws EdgeApiError for platform errors (403 suspended/disabled zone, 404
 * `logging_disabled`, 400 `invalid_request`).
 */
export async function getAccessLogs(
  args: GetAccessLogsArgs,
  opts: AccessLogsOptions = {},
): Promise<GetAccessLogsResult> {
  try {
    const { pullZoneId, query, maxRecords } = buildAccessLogQuery(args);
    const { pageSize } = checkArgs(V2, pageSizeArgs, { pageSize: opts.pageSize });
    const progress = progressReporter(V2, opts);
    const records: AccessLogEntry[] = [];
    let pages = 0;
    let hasMore = false;
    let window: { from?: string; to?: string } = {};
    for await (const page of (await connectedClient(opts)).logging.accessLogPages(
      pullZoneId,
      query,
      {
        ...(pageSize !== undefined ? { pageSize } : {}),
        ...(maxRecords !== undefined ? { maxRecords: maxRecords + 1 } : {}),
      },
    )) {
      if (pages === 0 && page.query) window = { from: page.query.from, to: page.query.to };
      pages++;
      for (const r of page.data ?? []) records.push(r);
      hasMore = page.pagination?.hasMore === true;
      progress.update({ pages, records: records.length });
    }
    // One record past maxRecords is requested to tell "exactly maxRecords" from "more".
    let truncated = false;
    if (maxRecords !== undefined) {
      truncated = records.length > maxRecords || hasMore;
      if (records.length > maxRecords) records.length = maxRecords;
    }
    progress.update({ pages, records: records.length }, true);
    return {
      pullZoneId,
      ...((window.from ?? query.from) ? { from: window.from ?? query.from } : {}),
      ...((window.to ?? query.to) ? { to: window.to ?? query.to } : {}),
      records,
      pages,
      truncated,
    };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getAccessLogs} (accepts Inputs). */
export function getAccessLogsOutput(
  args: Inputs<GetAccessLogsArgs>,
  opts: AccessLogsOptions = {},
): pulumi.Output<GetAccessLogsResult> {
  return dataSourceOutput(args, opts, getAccessLogs);
}
