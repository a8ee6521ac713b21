/**
 * Checks of the arguments of the Shield operations in `shield-bots.ts`, `shield-metrics.ts`,
 * `shield-event-search.ts`, `shield-waf-review.ts`, `shield-catalog.ts` and
 * `shield-zone-actions.ts`: a bad id or enumeration value is refused before anything is sent,
 * naming the argument and the allowed values.
 */
import { INT32_MAX } from "../spec/enums";
import { InvalidArgumentError } from "./invalid-argument";
import { isObj } from "./is-object";

/** An id path parameter: a non-negative integer (int32, or a safe integer for int64 ids). */
export function checkId(operation: string, field: string, v: number, int64 = false): void {
  const max = int64 ? Number.MAX_SAFE_INTEGER : INT32_MAX;
  if (!Number.isInteger(v) || v < 0 || v > max)
    throw new InvalidArgumentError(
      operation,
      field,
      `must be an integer from 0 to ${max}; got ${JSON.stringify(v)}`,
    );
}

/** A value of an integer enumeration (`{Name: value}`), named in the message. */
export function checkEnum(
  operation: string,
  field: string,
  v: unknown,
  e: Record<string, number>,
): void {
  const values = Object.values(e);
  if (!values.includes(v as number))
    throw new InvalidArgumentError(
      operation,
      field,
      `must be one of ${Object.entries(e)
        .map(([n, x]) => `${x} (${n})`)
        .join(", ")}; got ${JSON.stringify(v)}`,
      values,
    );
}

/** A managed WAF rule id as a path parameter: 1–64 of `A-Z a-z 0-9 _ -`. */
export function checkRuleId(operation: string, ruleId: string): void {
  if (typeof ruleId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(ruleId))
    throw new InvalidArgumentError(
      operation,
      "ruleId",
      `must be 1 to 64 of A-Z, a-z, 0-9, "_" and "-"; got ${JSON.stringify(ruleId)}`,
    );
}

type Body = Record<string, unknown>;

/** A `{data: {...}}` answer must carry its object. */
export const dataObject =
  (what: string) =>
  (b: Body): string | undefined =>
    isObj(b.data) ? undefined : `the answer carries no ${what} ("data" is missing)`;

/** A `{data: [...]}` answer must carry its array. */
export const dataArray =
  (what: string) =>
  (b: Body): string | undefined =>
    Array.isArray(b.data) ? undefined : `no "data" array in the ${what}`;
