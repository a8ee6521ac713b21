/**
 * CDN logging API: v2 (JSON, offset pagination) and v1 (legacy, pipe-delimited stream).
 * Every call is keyed by pull zone in the client-side limiter (default 30 requests per
 * 10 s per pull zone), authenticates with `Authorization: Bearer <loggingToken>` when a
 * token is configured (else `AccessKey`), and needs `loggingUrl`.
 */
import type { AccessLogPage, AccessLogQuery, LegacyAccessLogRecord } from "../spec";
import { formatLegacyLogDate } from "./dates";
import { EdgeApiError } from "./errors";
import {
  LegacyLogParseError,
  parseLegacyLogStream,
  type LegacyParseWarning,
} from "./legacy-log-parser";
import type { PageProgress } from "./shield";
import type { EndpointDef, Caller, RequestOptions } from "./transport";

/**
 * Largest v2 page (`Limits.accessLogMaxLimit` of the spec module; a unit test keeps them
 * equal). Not imported from there: the spec module loads the JSON-schema validator, which
 * would double the time `require` of the plain client takes.
 */
export const ACCESS_LOG_MAX_LIMIT = 10_000;

/** Endpoint definitions of the logging area (relative to `loggingUrl`). */
export const loggingEndpoints = {
  getAccessLogPage: {
    operation: "logging.getAccessLogPage",
    method: "GET",
    path: "/v2/pullzones/{pullZoneId}/logs",
    api: "logging",
    limitBy: "pullZoneId",
    // A page without its `data` array would end an export early, silently.
    validate: (b) => (Array.isArray(b.data) ? undefined : 'no "data" array in the log page'),
  },
  legacyAccessLogStream: {
    operation: "logging.legacyAccessLogStream",
    method: "GET",
    path: "/{date}/{pullZoneId}.log",
    api: "logging",
    limitBy: "pullZoneId",
    responseType: "stream",
  },
} as const satisfies Record<string, EndpointDef>;

/** Options of {@link LoggingApi.accessLogPages}. */
export interface AccessLogPagesOptions extends RequestOptions {
  /** Records per request, 1..10000 (default 10000, the largest page: fewest requests). */
  pageSize?: number;
  /** Stop after this many records; the last page is trimmed to it (default: all). */
  maxRecords?: number;
  /** Called after each page. */
  onProgress?: (p: PageProgress) => void;
}

/** v1 query: line window, filters and sort order. */
export interface LegacyAccessLogQuery {
  /** First line (0-based) of the window. */
  start?: number;
  /** End line of the window. */
  end?: number;
  /** Status filter (for example `404` or `5xx`). */
  status?: string;
  /** Free-text search. */
  search?: string;
  /** Sort order; sent as the `order` query parameter. */
  order?: "asc" | "desc";
}

/** Options of {@link LoggingApi.legacyAccessLogRecords}. */
export interface LegacyAccessLogRecordsOptions extends RequestOptions {
  /** Malformed line handling: `"skip"` (default, reported via `onWarning`) or `"fail"`. */
  onMalformed?: "skip" | "fail";
  /** Called for every skipped malformed line. */
  onWarning?: (w: LegacyParseWarning) => void;
  /** Called after each received chunk with the bytes (decompressed) and records so far. */
  onProgress?: (p: { bytes: number; records: number }) => void;
}

/** Logging area of the {@link Client}. */
export class LoggingApi {
  /** @internal Use `client.logging`. */
  constructor(private readonly t: Caller) {}

  /**
   * Reads one v2 page (GET `{loggingUrl}/v2/pullzones/{pullZoneId}/logs`). Platform
   * defaults: `to` = now, `from` = `to` − 24 h, `limit` 100, `order` desc.
   */
  async getAccessLogPage(
    pullZoneId: number,
    query: AccessLogQuery = {},
    opts?: RequestOptions,
  ): Promise<AccessLogPage> {
    const res = await this.t.call<AccessLogPage>(
      loggingEndpoints.getAccessLogPage,
      { params: { pullZoneId }, query: { ...query } },
      opts,
    );
    return res.data;
  }

  /**
   * Iterates over all v2 pages of a query, holding one page at a time. Uses offset
   * pagination until `hasMore` is false or `maxRecords` is reached. When `from`/`to` are
   * not given, the window the server chose for the first page is pinned for the following
   * pages, so records arriving meanwhile cannot shift offsets (nothing missed or repeated).
   * A 429 is waited out by the transport and the same offset is requested again.
   * Breaking out of `for await` stops it (no further request); `opts.signal` cancels the
   * request or limiter wait in flight and ends the iteration with an `aborted` error.
   */
  async *accessLogPages(
    pullZoneId: number,
    query: Omit<AccessLogQuery, "limit" | "offset"> = {},
    opts: AccessLogPagesOptions = {},
  ): AsyncGenerator<AccessLogPage, void, undefined> {
    const pageSize = opts.pageSize ?? ACCESS_LOG_MAX_LIMIT;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > ACCESS_LOG_MAX_LIMIT) {
      throw new RangeError(`pageSize: must be an integer from 1 to ${ACCESS_LOG_MAX_LIMIT}`);
    }
    const maxRecords = opts.maxRecords ?? Infinity;
    const call: RequestOptions = { signal: opts.signal, onRetry: opts.onRetry };
    const q: AccessLogQuery = { ...query };
    let offset = 0;
    let pages = 0;
    let records = 0;
    while (records < maxRecords) {
      const limit = Math.min(pageSize, maxRecords - records);
      const page = await this.getAccessLogPage(pullZoneId, { ...q, limit, offset }, call);
      if (pages === 0 && page.query) {
        if (q.from === undefined && page.query.from) q.from = page.query.from;
        if (q.to === undefined && page.query.to) q.to = page.query.to;
      }
      const got = page.data?.length ?? 0;
      const keep = Math.min(got, maxRecords - records);
      const out = keep < got ? { ...page, data: page.data.slice(0, keep) } : page;
      pages++;
      records += keep;
      offset += got;
      opts.onProgress?.({ pages, records });
      yield out;
      if (!page.pagination?.hasMore || got === 0) break;
    }
  }

  /**
   * Opens the v1 log file of one day (GET `{loggingUrl}/{MM-dd-yy}/{pullZoneId}.log`) and
   * returns the raw, decompressed body stream. The caller must consume or destroy it.
   * @param date a `Date`, ISO 8601 date, `MM-dd-yy` or `MM-dd-yyyy` (UTC day).
   */
  async legacyAccessLogStream(
    pullZoneId: number,
    date: string | Date,
    q: LegacyAccessLogQuery = {},
    opts?: RequestOptions,
  ): Promise<NodeJS.ReadableStream> {
    const res = await this.t.call<NodeJS.ReadableStream>(
      loggingEndpoints.legacyAccessLogStream,
      {
        params: { pullZoneId, date: formatLegacyLogDate(date) },
        query: { start: q.start, end: q.end, status: q.status, search: q.search, order: q.order },
      },
      opts,
    );
    return res.data;
  }

  /**
   * Streams the parsed records of one day's v1 log (see `parseLegacyLogStream`), in file
   * order, without buffering the file.
   */
  async *legacyAccessLogRecords(
    pullZoneId: number,
    date: string | Date,
    q: LegacyAccessLogQuery = {},
    opts: LegacyAccessLogRecordsOptions = {},
  ): AsyncGenerator<LegacyAccessLogRecord, void, undefined> {
    const stream = await this.legacyAccessLogStream(pullZoneId, date, q, {
      signal: opts.signal,
      onRetry: opts.onRetry,
    });
    let bytes = 0;
    let records = 0;
    const onProgress = opts.onProgress;
    async function* counted(): AsyncGenerator<Buffer | string> {
      for await (const chunk of stream as AsyncIterable<Buffer | string>) {
        bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
        yield chunk;
        onProgress?.({ bytes, records });
      }
    }
    try {
      for await (const r of parseLegacyLogStream(counted(), {
        onMalformed: opts.onMalformed,
        onWarning: opts.onWarning,
      })) {
        // A chunk holds many records: none is delivered once the caller has aborted.
        if (opts.signal?.aborted) throw new Error("aborted by the caller's signal");
        records++;
        yield r;
      }
      onProgress?.({ bytes, records });
    } catch (e) {
      if (e instanceof LegacyLogParseError || e instanceof EdgeApiError) throw e;
      // The body broke off (connection reset, idle timeout, the caller's signal): report it
      // like any network error.
      const code = opts.signal?.aborted ? "aborted" : "stream_error";
      throw new EdgeApiError({
        status: 0,
        code,
        errorKey: code,
        detail: `${e instanceof Error ? e.message : String(e)} after ${bytes} bytes, ${records} records`,
        operation: loggingEndpoints.legacyAccessLogStream.operation,
        method: "GET",
        path: `/${formatLegacyLogDate(date)}/${pullZoneId}.log`,
      });
    } finally {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    }
  }
}
