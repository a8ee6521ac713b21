/** Shield data source: `getEventLogs` (also as an Output form). */
import * as pulumi from "@pulumi/pulumi";
import { Type, type Static } from "@sinclair/typebox";
import { formatEventLogDate, type EventLogEntry } from "edgeplatform-client";
import { anyValue, checkArgs, checkRetainedDay, positiveId } from "./args";
import { clientFor, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";
import { progressReporter } from "./progress";

const getEventLogsArgs = Type.Object(
  {
    /** ID of the shield zone. */
    shieldZoneId: positiveId(),
    /**
     * The UTC day to read: a `Date` (its UTC day), `MM-dd-yyyy`, or an ISO 8601 date /
     * date-time. Only today and the two previous days (UTC) are readable.
     */
    date: anyValue<Date | string>(),
    /** Read at most this many pages (default: all). The result says if more were left. */
    maxPages: Type.Optional(positiveId()),
  },
  { additionalProperties: false },
);
/** Arguments of {@link getEventLogs}. */
export type GetEventLogsArgs = Static<typeof getEventLogsArgs>;

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

/**
 * Validates the `date` argument of {@link getEventLogs} and returns it as `MM-dd-yyyy`.
 * Rejects days outside the platform's window (today and the two previous UTC days).
 * @internal exported for tests.
 */
export function checkEventLogDate(date: unknown, now = Date.now()): string {
  return checkRetainedDay(
    OPERATION,
    date,
    formatEventLogDate,
    "the readable window of shield event logs",
    now,
  );
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
  try {
    const { shieldZoneId, maxPages } = checkArgs(OPERATION, getEventLogsArgs, args);
    const date = checkEventLogDate(args.date);
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
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getEventLogs} (accepts Inputs). */
export function getEventLogsOutput(
  args: Inputs<GetEventLogsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetEventLogsResult> {
  return dataSourceOutput(args, opts, getEventLogs);
}
