/**
 * CDN logging data sources: `getAccessLogs` (v2, JSON, all pages) and
 * `getLegacyAccessLogs` (v1, pipe-delimited, parsed), each also as an Output form. Both
 * need the `loggingUrl` setting. For reads too large to hold in memory use the client's
 * iterators (`client.logging.accessLogPages`, `client.logging.legacyAccessLogRecords`).
 */
import * as pulumi from "@pulumi/pulumi";
import { formatLegacyLogDate } from "edgeplatform-client";
import { LegacyLogParseError } from "edgeplatform-client";
import {
  accessLogQuerySchema,
  CacheStatuses,
  Limits,
  validate,
  type AccessLogEntry,
  type AccessLogQuery,
  type LegacyAccessLogRecord,
} from "edgeplatform-client/spec";
import {
  ArgChecker,
  clientFor,
  DataSourceOptions,
  describe,
  Inputs,
  progressReporter,
  resolveInputs,
  utcDayStart,
} from "./settings";

/** Sort orders of both logging versions. */
export const LogOrders = ["asc", "desc"] as const;
/** A sort order: `"asc"` (oldest first) or `"desc"` (newest first, the platform default). */
export type LogOrder = (typeof LogOrders)[number];

const DAY_MS = 86_400_000;
const STATUS_RE = new RegExp(accessLogQuerySchema.properties.status.pattern);
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

/** Arguments of {@link getAccessLogs}. Every filter is optional. */
export interface GetAccessLogsArgs {
  /** ID of the pull zone (logging must be enabled on it). */
  pullZoneId: number;
  /** Start of the window (inclusive): a `Date` or ISO 8601 string. Default `to` − 24 h. */
  from?: Date | string;
  /** End of the window (exclusive): a `Date` or ISO 8601 string. Default now. */
  to?: Date | string;
  /** Status codes or classes, e.g. `404`, `"5xx"`, `"200,304"`, `[200, "5xx"]`. */
  status?: StatusFilter;
  /** Cache statuses (`HIT`, `MISS`, `BYPASS`, `REVALIDATED`, `STALE`, `UPDATING`, `-`). */
  cacheStatus?: CacheStatusFilter;
  /** Two-letter country code of the client. */
  country?: string;
  /** Edge location code. */
  edgeLocation?: string;
  /** Exact client IP. */
  remoteIp?: string;
  /** Substring of the URL. */
  urlContains?: string;
  /** Substring of the user agent. */
  userAgentContains?: string;
  /** Substring of the referer. */
  refererContains?: string;
  /** Free-text search, at most 16 whitespace-separated tokens. */
  search?: string;
  /** One request ID. */
  requestId?: string;
  /** Include origin-shield requests (platform default false). */
  includeOriginShield?: boolean;
  /** `"asc"` or `"desc"` (platform default `"desc"`, newest first). */
  order?: LogOrder;
  /** Stop after this many records (default: all). The result says if more were left. */
  maxRecords?: number;
}

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

const V2_ARGS = [
  "pullZoneId",
  "from",
  "to",
  "status",
  "cacheStatus",
  "country",
  "edgeLocation",
  "remoteIp",
  "urlContains",
  "userAgentContains",
  "refererContains",
  "search",
  "requestId",
  "includeOriginShield",
  "order",
  "maxRecords",
] as const;

function checkStatus(c: ArgChecker, v: unknown): string | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  const list = Array.isArray(v) ? v : [v];
  const parts = list.map((x) => (typeof x === "number" ? String(x) : x));
  const text = parts.every((p) => typeof p === "string")
    ? (parts as string[]).map((p) => p.trim().toLowerCase()).join(",")
    : undefined;
  if (text === undefined || !STATUS_RE.test(text)) {
    c.fail("status", `must be ${STATUS_SYNTAX}; got ${describe(v)}`);
  }
  return text;
}

function checkCacheStatus(c: ArgChecker, v: unknown): string | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  const list = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [v];
  const allowed = CacheStatuses as readonly string[];
  const out: string[] = [];
  for (const x of list) {
    const s = typeof x === "string" ? x.trim().toUpperCase() : x;
    if (typeof s !== "string" || !allowed.includes(s)) {
      c.fail(
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

function checkSearch(c: ArgChecker, v: unknown): string | undefined {
  const s = c.optString("search", v);
  if (s === undefined) return undefined;
  const tokens = s.trim().split(/\s+/).filter(Boolean);
  if (tokens.length > Limits.accessLogMaxSearchTokens) {
    c.fail(
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
  const c = new ArgChecker("logging.getAccessLogs");
  c.object(args);
  c.noUnknown(args, V2_ARGS);
  const pullZoneId = c.int("pullZoneId", args.pullZoneId, 1);
  const from = c.optInstant("from", args.from);
  const to = c.optInstant("to", args.to);
  if (from && to && from >= to) {
    c.fail("from", `must be before "to" (the window is [from, to)); got ${from} >= ${to}`);
  }
  const oldest = new Date(utcDayStart(now, Limits.retentionDays - 1)).toISOString();
  if (from && from < oldest) {
    c.fail(
      "from",
      `${from} is older than the ${Limits.retentionDays}-day log retention ` +
        `(earliest readable: ${oldest})`,
    );
  }
  if (to && to <= oldest) {
    c.fail(
      "to",
      `${to} is older than the ${Limits.retentionDays}-day log retention ` +
        `(earliest readable: ${oldest})`,
    );
  }
  const query: AccessLogQuery = {};
  const put = <K extends keyof AccessLogQuery>(k: K, v: AccessLogQuery[K] | undefined): void => {
    if (v !== undefined) query[k] = v;
  };
  put("from", from);
  put("to", to);
  put("status", checkStatus(c, args.status));
  put("cacheStatus", checkCacheStatus(c, args.cacheStatus));
  for (const k of [
    "country",
    "edgeLocation",
    "remoteIp",
    "urlContains",
    "userAgentContains",
    "refererContains",
    "requestId",
  ] as const) {
    put(k, c.optString(k, args[k]));
  }
  put("search", checkSearch(c, args.search));
  put("includeOriginShield", c.optBool("includeOriginShield", args.includeOriginShield));
  put("order", c.optEnum("order", args.order, LogOrders));
  const maxRecords = c.optPositiveInt("maxRecords", args.maxRecords);
  // Safety net: the schema shared with the emulator must agree.
  const failure = validate(accessLogQuerySchema, query)[0];
  if (failure) c.fail(failure.property, failure.reason);
  return { pullZoneId, query, ...(maxRecords !== undefined ? { maxRecords } : {}) };
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
  const { pullZoneId, query, maxRecords } = buildAccessLogQuery(args);
  const pageSize = opts.pageSize;
  if (pageSize !== undefined) {
    new ArgChecker("logging.getAccessLogs").int("pageSize", pageSize, 1, Limits.accessLogMaxLimit);
  }
  const progress = progressReporter("logging.getAccessLogs", opts);
  const records: AccessLogEntry[] = [];
  let pages = 0;
  let hasMore = false;
  let window: { from?: string; to?: string } = {};
  for await (const page of clientFor(opts).logging.accessLogPages(pullZoneId, query, {
    ...(pageSize !== undefined ? { pageSize } : {}),
    ...(maxRecords !== undefined ? { maxRecords: maxRecords + 1 } : {}),
  })) {
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
}

/** Output form of {@link getAccessLogs} (accepts Inputs). */
export function getAccessLogsOutput(
  args: Inputs<GetAccessLogsArgs>,
  opts: AccessLogsOptions = {},
): pulumi.Output<GetAccessLogsResult> {
  return resolveInputs<GetAccessLogsArgs>(args).apply((a) => getAccessLogs(a, opts));
}

// ---------------------------------------------------------------------------------------
// v1 (legacy)
// ---------------------------------------------------------------------------------------

/** Arguments of {@link getLegacyAccessLogs}. */
export interface GetLegacyAccessLogsArgs {
  /** ID of the pull zone (logging must be enabled on it). */
  pullZoneId: number;
  /**
   * The UTC day: a `Date`, `MM-dd-yy`, `MM-dd-yyyy` or an ISO 8601 date. Only today and the
   * two previous days (UTC) are retained.
   */
  date: Date | string;
  /** First line of the window (0-based, platform semantics). */
  start?: number;
  /** End line of the window; not before `start`. */
  end?: number;
  /** Status codes or classes, e.g. `404`, `"5xx"`, `"200,304"`. */
  status?: StatusFilter;
  /** Free-text search. */
  search?: string;
  /** `"asc"` or `"desc"`. */
  order?: LogOrder;
  /**
   * Malformed lines: `"skip"` (default; listed in `skippedLines`) or `"fail"` (the call
   * fails with a `LegacyLogParseError` carrying the line number).
   */
  onMalformed?: "skip" | "fail";
}

/** A malformed line that was skipped. */
export interface SkippedLine {
  /** 1-based line number in the file the platform sent. */
  lineNumber: number;
  /** Why it was skipped (wrong field count, non-numeric field, ...). */
  reason: string;
}

/** Result of {@link getLegacyAccessLogs}. */
export interface GetLegacyAccessLogsResult {
  /** The pull zone that was read. */
  pullZoneId: number;
  /** The day that was read, `MM-dd-yy` (UTC). */
  date: string;
  /** Parsed records in file order; empty fields (`-`) are `""`. */
  records: LegacyAccessLogRecord[];
  /** Malformed lines that were skipped (only with `onMalformed: "skip"`). */
  skippedLines: SkippedLine[];
}

const V1_ARGS = [
  "pullZoneId",
  "date",
  "start",
  "end",
  "status",
  "search",
  "order",
  "onMalformed",
] as const;

/** Validates the v1 `date` and returns it as `MM-dd-yy`. @internal exported for tests. */
export function checkLegacyLogDate(c: ArgChecker, date: unknown, now = Date.now()): string {
  if (date === undefined || date === null) c.fail("date", "is required (a Date or MM-dd-yy)");
  let day: string;
  try {
    day = formatLegacyLogDate(date as Date | string, "date");
  } catch (e) {
    c.fail("date", (e as Error).message.replace(/^date: /, ""));
  }
  const [m, d, yy] = day.split("-").map(Number);
  const start = Date.UTC(2000 + yy, m - 1, d);
  const oldest = utcDayStart(now, Limits.retentionDays - 1);
  if (start < oldest || start >= utcDayStart(now, 0) + DAY_MS) {
    const days = [2, 1, 0].map((ago) => formatLegacyLogDate(new Date(utcDayStart(now, ago))));
    c.fail(
      "date",
      `${day} is outside the ${Limits.retentionDays}-day log retention: only today and the ` +
        `two previous days (UTC) can be read, i.e. ${days.join(", ")}`,
    );
  }
  return day;
}

/**
 * Reads and parses one day of v1 (legacy, pipe-delimited) access logs of a pull zone
 * (GET `{loggingUrl}/{MM-dd-yy}/{pullZoneId}.log`). The body is parsed as it streams;
 * malformed lines are skipped and listed (or fail the call with `onMalformed: "fail"`).
 *
 * ```ts
 * const { records, skippedLines } = await edge.logging.getLegacyAccessLogs({
 *   pullZoneId: 4, date: new Date(), status: "4xx",
 * });
 * ```
 * @throws InvalidArgumentError for invalid arguments, or a `date` outside the retention.
 * @throws LegacyLogParseError (with `lineNumber`) for a malformed line with `onMalformed: "fail"`.
 * @throws EdgeApiError for platform errors.
 */
export async function getLegacyAccessLogs(
  args: GetLegacyAccessLogsArgs,
  opts: DataSourceOptions = {},
): Promise<GetLegacyAccessLogsResult> {
  const OP = "logging.getLegacyAccessLogs";
  const c = new ArgChecker(OP);
  c.object(args);
  c.noUnknown(args, V1_ARGS);
  const pullZoneId = c.int("pullZoneId", args.pullZoneId, 1);
  const date = checkLegacyLogDate(c, args.date);
  const start = args.start === undefined ? undefined : c.int("start", args.start, 0, 2147483647);
  const end = args.end === undefined ? undefined : c.int("end", args.end, 0, 2147483647);
  if (start !== undefined && end !== undefined && end < start) {
    c.fail("end", `must not be before start (${end} < ${start})`);
  }
  const status = checkStatus(c, args.status);
  const search = c.optString("search", args.search);
  const order = c.optEnum("order", args.order, LogOrders);
  const onMalformed = c.optEnum("onMalformed", args.onMalformed, ["skip", "fail"] as const);
  const q = {
    ...(start !== undefined ? { start } : {}),
    ...(end !== undefined ? { end } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(search !== undefined ? { search } : {}),
    ...(order !== undefined ? { order } : {}),
  };
  const progress = progressReporter(OP, opts);
  const records: LegacyAccessLogRecord[] = [];
  const skippedLines: SkippedLine[] = [];
  let bytes = 0;
  try {
    for await (const r of clientFor(opts).logging.legacyAccessLogRecords(pullZoneId, date, q, {
      onMalformed: onMalformed ?? "skip",
      onWarning: (w) => skippedLines.push({ lineNumber: w.lineNumber, reason: w.reason }),
      onProgress: (p) => {
        bytes = p.bytes;
        progress.update({ records: p.records, bytes: p.bytes });
      },
    })) {
      records.push(r);
    }
  } catch (e) {
    if (e instanceof LegacyLogParseError) {
      throw new LegacyLogParseError(
        e.lineNumber,
        e.reason,
        `edgeplatform: ${OP}: pull zone ${pullZoneId}, ${date}: line ${e.lineNumber} is ` +
          `malformed: ${e.reason} (pass onMalformed: "skip" to skip such lines)`,
      );
    }
    throw e;
  }
  progress.update({ records: records.length, bytes }, true);
  return { pullZoneId, date, records, skippedLines };
}

/** Output form of {@link getLegacyAccessLogs} (accepts Inputs). */
export function getLegacyAccessLogsOutput(
  args: Inputs<GetLegacyAccessLogsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetLegacyAccessLogsResult> {
  return resolveInputs<GetLegacyAccessLogsArgs>(args).apply((a) => getLegacyAccessLogs(a, opts));
}
