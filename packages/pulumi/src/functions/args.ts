/**
 * Argument checks of the data sources, on the project's one validator
 * (`edgeplatform-client/spec` `validate`): each data source declares its arguments as a
 * TypeBox schema in a schema module (`<namespace>-schemas.ts`, precompiled by the build) and
 * checks them by reference (`schemaRef`); `checkArgs` reports the first failure as an {@link InvalidArgumentError}
 * naming the operation, the argument and the allowed values. The few checks a JSON schema
 * cannot express (instants given as `Date`, the log retention window, status lists) are here
 * too, once.
 */
import { InvalidArgumentError } from "edgeplatform-client";
import {
  Limits,
  isRetainedDay,
  isSchemaRef,
  retainedDayStarts,
  schemaJson,
  validate,
  type SchemaRef,
} from "edgeplatform-client/spec/runtime";
import type { Static, TObject } from "@sinclair/typebox";

/** Throws the {@link InvalidArgumentError} of `operation` for `field`. */
export function fail(
  operation: string,
  field: string,
  reason: string,
  allowed?: readonly unknown[],
): never {
  throw new InvalidArgumentError(operation, field, reason, allowed);
}

/**
 * Checks `args` against the data source's argument schema (no unknown arguments, types,
 * ranges, enumerations) and returns them typed. An integer argument also accepts an integer
 * string (`"12"`, as stack config gives it), returned as a number. `schema`: a reference to a
 * schema module's export (precompiled), or a schema (compiled on first use).
 * @throws InvalidArgumentError for the first failure.
 */
export function checkArgs<S extends TObject>(
  operation: string,
  schema: SchemaRef<S> | S,
  args: unknown,
): Static<S> {
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    fail(operation, "args", `must be an object; got ${describe(args)}`);
  }
  // `undefined` members are absent members (`{ maxPages: undefined }` is no maxPages).
  const props = (isSchemaRef(schema) ? (schemaJson(schema) as TObject) : schema)
    .properties as Record<string, { type?: unknown; enum?: unknown[] }>;
  const present = Object.fromEntries(
    Object.entries(args as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [
        k,
        props[k]?.type === "integer" && typeof v === "string" && /^\s*-?\d+\s*$/.test(v)
          ? Number(v)
          : v,
      ]),
  );
  const failure = validate(schema, present, "", "argument")[0];
  if (failure) fail(operation, failure.property, failure.reason, props[failure.property]?.enum);
  return present as Static<S>;
}

/** Short description of a value for error messages. */
export function describe(v: unknown): string {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "an invalid Date" : v.toISOString();
  if (typeof v === "string") return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);
  if (v === undefined) return "undefined";
  if (typeof v === "function") return "a function";
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 80)}…` : s;
  } catch {
    return String(v);
  }
}

const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An optional instant: a valid `Date` or an ISO 8601 string. Returns an ISO string. */
export function optInstant(operation: string, field: string, v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  let d: Date | undefined;
  if (v instanceof Date) d = v;
  else if (typeof v === "string" && ISO_INSTANT.test(v.trim())) d = new Date(v.trim());
  if (!d || Number.isNaN(d.getTime())) {
    fail(
      operation,
      field,
      `must be a Date or an ISO 8601 date or date-time (e.g. "2024-05-01" or ` +
        `"2024-05-01T10:00:00Z"); got ${describe(v)}`,
    );
  }
  if (typeof v === "string") {
    // Date.parse rolls impossible days over (02-30 -> 03-01): reject those.
    const [y, m, day] = v.trim().slice(0, 10).split("-").map(Number);
    const real = new Date(Date.UTC(y, m - 1, day));
    if (real.getUTCMonth() !== m - 1 || real.getUTCDate() !== day) {
      fail(operation, field, `is not a calendar date: ${describe(v)}`);
    }
  }
  return d.toISOString();
}

/** An optional string; empty is dropped. */
export const optText = (v: string | undefined): string | undefined => (v === "" ? undefined : v);

/** "two" for a 3-day retention (the number of readable days before today, in words). */
function previousDays(): string {
  const n = Limits.retentionDays - 1;
  return ["no", "one", "two", "three", "four", "five", "six"][n] ?? String(n);
}

/**
 * The `date` argument of a one-day log read: formats it with `format` (`MM-dd-yyyy` or
 * `MM-dd-yy`) and checks that the day is inside the platform's retention window.
 * @param window how the message names the window, e.g. "the 3-day log retention".
 */
export function checkRetainedDay(
  operation: string,
  date: unknown,
  format: (d: Date | string, field?: string) => string,
  window: string,
  now = Date.now(),
): string {
  const example = format(new Date(now)).length === 8 ? "MM-dd-yy" : "MM-dd-yyyy";
  if (date === undefined || date === null)
    fail(operation, "date", `is required (a Date or ${example})`);
  let day: string;
  try {
    day = format(date as Date | string, "date");
  } catch (e) {
    fail(operation, "date", (e as Error).message.replace(/^date: /, ""));
  }
  const [m, d, y] = day.split("-").map(Number);
  const start = Date.UTC(y < 100 ? 2000 + y : y, m - 1, d);
  if (!isRetainedDay(start, now)) {
    const days = retainedDayStarts(now).map((s) => format(new Date(s)));
    fail(
      operation,
      "date",
      `${day} is outside ${window}: only today and the ${previousDays()} previous days ` +
        `(UTC) can be read, i.e. ${days.join(", ")}`,
    );
  }
  return day;
}
