/** Shield data source: `getEventLogs` (also as an Output form). */
import * as pulumi from "@pulumi/pulumi";
import { formatEventLogDate } from "edgeplatform-client";
import type { EventLogEntry } from "edgeplatform-client/spec";
import {
  ArgChecker,
  clientFor,
  DataSourceOptions,
  Inputs,
  progressReporter,
  resolveInputs,
  utcDayStart,
} from "./settings";

/** Arguments of {@link getEventLogs}. */
export interface GetEventLogsArgs {
  /** ID of the shield zone. */
  shieldZoneId: number;
  /**
   * The UTC day to read: a `Date` (its UTC day), `MM-dd-yyyy`, or an ISO 8601 date /
   * date-time. Only today and the two previous days (UTC) are readable.
   */
  date: Date | string;
  /** Read at most this many pages (default: all). The result says if more were left. */
  maxPages?: number;
}

/** Result of {@link getEventLogs}. */
export interface GetEventLogsResult {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The day that was read, `MM-dd-yyyy` (UTC). */
  date: string;
  /** Every log entry of the pages read, in page order. */
  logs: EventLogEntry[];
  /** Number of pages read. */
  pages: number;
  /** True when `maxPages` stopped the read while the platform had more pages. */
  truncated: boolean;
}

const OPERATION = "shield.getEventLogs";
const DAY_MS = 86_400_000;

/** Days readable now, oldest first, as `MM-dd-yyyy`. */
function readableDays(now: number): string[] {
  return [2, 1, 0].map((ago) => formatEventLogDate(new Date(utcDayStart(now, ago))));
}

/**
 * Validates the `date` argument of {@link getEventLogs} and returns it as `MM-dd-yyyy`.
 * Rejects days outside the platform's window (today and the two previous UTC days).
 * @internal exported for tests.
 */
export function checkEventLogDate(c: ArgChecker, date: unknown, now = Date.now()): string {
  if (date === undefined || date === null) c.fail("date", "is required (a Date or MM-dd-yyyy)");
  let day: string;
  try {
    day = formatEventLogDate(date as Date | string, "date");
  } catch (e) {
    c.fail("date", (e as Error).message.replace(/^date: /, ""));
  }
  const [m, d, y] = day.split("-").map(Number);
  const start = Date.UTC(y, m - 1, d);
  const oldest = utcDayStart(now, 2);
  if (start < oldest || start >= utcDayStart(now, 0) + DAY_MS) {
    c.fail(
      "date",
      `${day} is outside the readable window of shield event logs: only today and the two ` +
        `previous days (UTC) can be read, i.e. ${readableDays(now).join(", ")}`,
    );
  }
  return day;
}

/**
 * Reads all shield event logs of one zone and day, following every page in order (first
 * page without a token, then each `continuationToken` while `hasMoreData`). Long reads
 * report progress (see {@link DataSourceOptions.onProgress}).
 *
 * ```ts
 * const { logs, pages, truncated } = await edge.shield.getEventLogs({ shieldZoneId: 1, date: new Date() });
 * ```
 * @throws InvalidArgumentError for a bad `shieldZoneId`, `maxPages`, or a `date` that is
 * malformed or outside the 3-day window (checked before any call).
 * @throws EdgeApiError for platform errors, including embedded `success: false` results.
 */
export async function getEventLogs(
  args: GetEventLogsArgs,
  opts: DataSourceOptions = {},
): Promise<GetEventLogsResult> {
  const c = new ArgChecker(OPERATION);
  c.object(args);
  c.noUnknown(args, ["shieldZoneId", "date", "maxPages"]);
  const shieldZoneId = c.int("shieldZoneId", args.shieldZoneId, 1);
  const maxPages = c.optPositiveInt("maxPages", args.maxPages);
  const date = checkEventLogDate(c, args.date);
  const progress = progressReporter(OPERATION, opts);
  const logs: EventLogEntry[] = [];
  let pages = 0;
  let hasMore = false;
  for await (const page of clientFor(opts).shield.eventLogPages(shieldZoneId, date, {
    ...(maxPages !== undefined ? { maxPages } : {}),
  })) {
    pages++;
    for (const entry of page.logs ?? []) logs.push(entry);
    hasMore = page.hasMoreData === true && !!page.continuationToken;
    progress.update({ pages, records: logs.length });
  }
  progress.update({ pages, records: logs.length }, true);
  return { shieldZoneId, date, logs, pages, truncated: hasMore && maxPages !== undefined };
}

/** Output form of {@link getEventLogs} (accepts Inputs). */
export function getEventLogsOutput(
  args: Inputs<GetEventLogsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetEventLogsResult> {
  return resolveInputs<GetEventLogsArgs>(args).apply((a) => getEventLogs(a, opts));
}
