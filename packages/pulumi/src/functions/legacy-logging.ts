/**
 * The v1 (legacy, pipe-delimited) CDN access-log data source: `getLegacyAccessLogs` and its
 * Output form. Needs the `loggingUrl` setting. The v2 one is in logging.ts.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./legacy-logging-schemas";
import {
  formatLegacyLogDate,
  LegacyLogParseError,
  type LegacyAccessLogRecord,
} from "edgeplatform-client";
import { Limits, schemaRef } from "edgeplatform-client/spec/runtime";
import { checkArgs, checkRetainedDay, fail, optText } from "./args";
import { checkStatus } from "./logging";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";
import { progressReporter } from "./progress";

const V1 = "logging.getLegacyAccessLogs";

const getLegacyAccessLogsArgs = schemaRef<typeof S.getLegacyAccessLogsArgsSchema>(
  __dirname,
  "./legacy-logging-schemas",
  "getLegacyAccessLogsArgsSchema",
);
/** Arguments of {@link getLegacyAccessLogs}. */
export type GetLegacyAccessLogsArgs = Static<typeof S.getLegacyAccessLogsArgsSchema>;

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

/** Validates the v1 `date` and returns it as `MM-dd-yy`. @internal exported for tests. */
export function checkLegacyLogDate(date: unknown, now = Date.now()): string {
  return checkRetainedDay(
    V1,
    date,
    formatLegacyLogDate,
    `the ${Limits.retentionDays}-day log retention`,
    now,
  );
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
  try {
    const OP = V1;
    const { pullZoneId, start, end, order, onMalformed, ...a } = checkArgs(
      OP,
      getLegacyAccessLogsArgs,
      args,
    );
    const date = checkLegacyLogDate(args.date);
    if (start !== undefined && end !== undefined && end < start) {
      fail(OP, "end", `must not be before start (${end} < ${start})`);
    }
    const status = checkStatus(OP, a.status);
    const search = optText(a.search);
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
      for await (const r of (await connectedClient(opts)).logging.legacyAccessLogRecords(
        pullZoneId,
        date,
        q,
        {
          onMalformed: onMalformed ?? "skip",
          onWarning: (w) => skippedLines.push({ lineNumber: w.lineNumber, reason: w.reason }),
          onProgress: (p) => {
            bytes = p.bytes;
            progress.update({ records: p.records, bytes: p.bytes });
          },
        },
      )) {
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
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getLegacyAccessLogs} (accepts Inputs). */
export function getLegacyAccessLogsOutput(
  args: Inputs<GetLegacyAccessLogsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetLegacyAccessLogsResult> {
  return dataSourceOutput(args, opts, getLegacyAccessLogs);
}
