/**
 * Date formatting for the two path-date formats of the platform, both in UTC:
 * shield event logs use `MM-dd-yyyy`, the v1 (legacy) access logs use `MM-dd-yy`.
 */

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

/**
 * Formats a date-time query value as ISO 8601 (`Date` → `toISOString()`, strings as given).
 * Used for `dateFrom`/`dateTo`/`from`/`to`.
 */
export function toIsoDateTime(d: string | Date, field = "date"): string {
  if (d instanceof Date) {
    if (Number.isNaN(d.getTime())) fail(field, "an ISO 8601 date-time", d);
    return d.toISOString();
  }
  return d;
}
