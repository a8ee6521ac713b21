/**
 * The retry policy: which failures may be repeated and how long to wait before the next
 * attempt (see also docs/client.md, "Retries, timeouts and limits").
 *
 * - 429: retried for every method, after `Retry-After` (seconds or HTTP-date) or backoff.
 *   A 429 is answered before the request is processed, so even a POST is safe to repeat.
 * - 502/503/504, connection resets, per-attempt timeouts and malformed 2xx JSON: retried
 *   only for idempotent endpoints (GET, DELETE of a rule or of DNSSEC, PATCH with whole-value
 *   bodies, and reads sent as POST that an endpoint explicitly marks `idempotent`).
 * - A POST, and the volume DELETE (`containers.deleteVolumeInstances`), are otherwise never
 *   re-sent: one that timed out or whose connection dropped may have been applied.
 * - `ECONNREFUSED` (the request never left the client) is retried for every method.
 * - Nothing else is retried (4xx, 500, embedded failures, wrong shapes).
 */

/** HTTP statuses retried for idempotent endpoints (429 is retried for every method). */
export const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/** Network error codes (after mapping undici's) that may be retried. */
export const RETRYABLE_NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ECONNREFUSED",
  "network_error",
  "timeout",
]);

/**
 * Parses a `Retry-After` header (delta seconds or HTTP-date) into milliseconds from `now`.
 * Returns undefined when absent or unparseable.
 */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  if (Array.isArray(value)) value = value[0];
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * Exponential backoff with full jitter: a random delay in `[0, min(max, base * 2^(attempt-1))]`.
 * @param attempt the attempt that just failed (1-based).
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * cap);
}
