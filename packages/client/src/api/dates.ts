/**
 * Date formatting for the two path-date formats of the platform, both in UTC:
 * shield event logs use `MM-dd-yyyy`, the v1 (legacy) access logs use `MM-dd-yy`.
 */

import { InvalidArgumentError } from "./invalid-argument";

const pad = (n: number): string => String(n).padStart(2, "0");

interface Ymd {
  y: number;
  m: number;
  d: number;
}

function validYmd({ y, m, d }: Ymd): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/**
 * Reads a date from a `Date`, an ISO 8601 string (`2024-05-01`, `2024-05-01T10:00:00Z`),
 * `MM-dd-yyyy` or `MM-dd-yy` (years 2000-2099). Returns undefined when it is none of them.
 */
function toYmd(input: unknown): Ymd | undefined {
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) return undefined;
    return { y: input.getUTCFullYear(), m: input.getUTCMonth() + 1, d: input.getUTCDate() };
  }
  if (typeof input !== "string") return undefined;
  const s = input.trim();
  let m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(s);
  if (m) return check({ y: +m[3], m: +m[1], d: +m[2] });
  m = /^(\d{2})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return check({ y: 2000 + +m[3], m: +m[1], d: +m[2] });
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return check({ y: +m[1], m: +m[2], d: +m[3] });
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(s)) {
    const parsed = new Date(s);
    if (Number.isNaN(parsed.getTime())) return undefined;
    // Reject impossible calendar dates that Date.parse would roll over (02-30 -> 03-02).
    const [y, mo, d] = s.slice(0, 10).split("-").map(Number);
    if (!validYmd({ y, m: mo, d })) return undefined;
    return toYmd(parsed);
  }
  return undefined;
}

const check = (v: Ymd): Ymd | undefined => (validYmd(v) ? v : undefined);

function fail(field: string, expected: string, input: unknown): never {
  const got = input instanceof Date ? "an invalid Date" : (JSON.stringify(input) ?? String(input));
  throw new TypeError(
    `${field}: expected a Date, an ISO 8601 date/date-time (UTC) or ${expected}; got ${got}`,
  );
}

/**
 * Formats a day for the shield event-log path as `MM-dd-yyyy` (UTC).
 * @param d a `Date` (its UTC day is used), an ISO 8601 date or date-time, or `MM-dd-yyyy`.
 * @param field name used in the error message (default `"date"`).
 * @throws TypeError naming `field` and the expected format when `d` is not a valid day.
 */
export function formatEventLogDate(d: string | Date, field = "date"): string {
  const v = toYmd(d);
  if (!v || /^\d{2}-\d{2}-\d{2}$/.test(typeof d === "string" ? d.trim() : "")) {
    fail(field, "MM-dd-yyyy", d);
  }
  return `${pad(v.m)}-${pad(v.d)}-${String(v.y).padStart(4, "0")}`;
}

/**
 * Formats a day for the v1 access-log path as `MM-dd-yy` (UTC).
 * @param d a `Date` (its UTC day is used), an ISO 8601 date or date-time, `MM-dd-yy` or
 * `MM-dd-yyyy`.
 * @param field name used in the error message (default `"date"`).
 * @throws TypeError naming `field` and the expected format when `d` is not a valid day.
 */
export function formatLegacyLogDate(d: string | Date, field = "date"): string {
  const v = toYmd(d);
  if (!v) fail(field, "MM-dd-yy", d);
  return `${pad(v.m)}-${pad(v.d)}-${pad(v.y % 100)}`;
}

/** Options of {@link toIsoDateTime}. */
export interface DateTimeOptions {
  /**
   * What a date-only string (`2024-05-01`) stands for: the start of that day in UTC
   * (`2024-05-01T00:00:00.000Z`, default) or its end (`2024-05-01T23:59:59.999Z`, for the
   * end of a range, so that the range includes the whole day).
   */
  dateOnly?: "start" | "end";
  /** The operation named by the error (default `"date"`). */
  operation?: string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_WITH_ZONE =
  /^(\d{4})-(\d{2})-(\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A date-time query value as the published spec requires it (RFC 3339 `date-time`), always
 * in UTC with milliseconds (`2024-05-01T10:00:00.000Z`), from:
 *
 * - a valid `Date`;
 * - an ISO 8601 date-time WITH a time zone (`2024-05-01T10:00:00Z`, `…+02:00`);
 * - a date only (`2024-05-01`): the start of that day in UTC, or with `dateOnly: "end"` its
 *   last millisecond (`2024-05-01T23:59:59.999Z`).
 *
 * Anything else (a date-time without a zone, another format, an impossible day such as
 * `2024-02-30`) is refused before any request.
 * Used for `dateFrom`/`dateTo` of the script statistics.
 * @throws InvalidArgumentError naming `field` and the accepted forms.
 */
export function toIsoDateTime(d: string | Date, field = "date", o: DateTimeOptions = {}): string {
  const operation = o.operation ?? "date";
  const end = o.dateOnly === "end";
  const refuse = (reason: string): never => {
    throw new InvalidArgumentError(operation, field, reason);
  };
  const forms =
    `must be a Date, an ISO 8601 date-time with a time zone ("2024-05-01T10:00:00Z", ` +
    `"2024-05-01T12:00:00+02:00") or a date ("2024-05-01", sent as the ` +
    `${end ? "end of that day in UTC, 2024-05-01T23:59:59.999Z" : "start of that day in UTC, 2024-05-01T00:00:00.000Z"})`;
  if (d instanceof Date) {
    if (Number.isNaN(d.getTime())) refuse(`${forms}; got an invalid Date`);
    return d.toISOString();
  }
  const text = typeof d === "string" ? d.trim() : "";
  const dateOnly = DATE_ONLY.exec(text);
  const withZone = DATE_TIME_WITH_ZONE.exec(text);
  const ymd = dateOnly ?? withZone;
  if (!ymd) {
    const got = typeof d === "string" ? JSON.stringify(d) : String(d);
    const hint = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)
      ? " (a date-time needs a time zone: add Z for UTC)"
      : "";
    return refuse(`${forms}; got ${got}${hint}`);
  }
  if (!validYmd({ y: +ymd[1], m: +ymd[2], d: +ymd[3] })) {
    refuse(`is not a calendar date: ${JSON.stringify(d)}`);
  }
  if (dateOnly) return `${text}T${end ? "23:59:59.999" : "00:00:00.000"}Z`;
  const t = new Date(text.replace(" ", "T"));
  if (Number.isNaN(t.getTime())) refuse(`${forms}; got ${JSON.stringify(d)}`);
  return t.toISOString();
}
