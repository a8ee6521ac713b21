/**
 * The platform's log retention window, in one place: CDN access logs (v1 and v2) and shield
 * event logs can be read for today and the `Limits.retentionDays - 1` previous UTC days.
 * Used by the data sources' argument checks and by the emulator's routes.
 */
import { Limits } from "./enums";

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Start (epoch ms) of the UTC day `daysAgo` days before the day of `now`. */
export function utcDayStart(now: number, daysAgo = 0): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - daysAgo);
}

/** Starts (epoch ms) of the readable UTC days at `now`, oldest first. */
export function retainedDayStarts(now: number): number[] {
  return Array.from({ length: Limits.retentionDays }, (_, i) =>
    utcDayStart(now, Limits.retentionDays - 1 - i),
  );
}

/** Start (epoch ms) of the oldest readable UTC day at `now`. */
export function oldestRetainedDayStart(now: number): number {
  return utcDayStart(now, Limits.retentionDays - 1);
}

/** True when the UTC day starting at `dayStart` (epoch ms) is readable at `now`. */
export function isRetainedDay(dayStart: number, now: number): boolean {
  return dayStart >= oldestRetainedDayStart(now) && dayStart < utcDayStart(now, 0) + DAY_MS;
}
