/**
 * What one provider process (one `pulumi up`, `preview`, `refresh` or `destroy`) remembers
 * across resources: the platform objects a resource of this run created or took over, and
 * one listing per shield zone for the name check. The dynamic-provider host serves every
 * resource of a run from one process, so this is per run.
 */
import type { RateLimitRule } from "edgeplatform-client/spec";

/** How long one zone listing serves the name checks of a run, in milliseconds. */
export const ZONE_LISTING_TTL_MS = 5 * 60_000;

const claimed = new Map<string, Set<string>>();
const listings = new Map<number, { at: number; rules: Promise<RateLimitRule[]> }>();

/** Records that a resource of this run owns `id` (a rule id, a zone id) of `kind`. */
export function claim(kind: string, id: string | number): void {
  let set = claimed.get(kind);
  if (!set) claimed.set(kind, (set = new Set()));
  set.add(String(id));
}

/** Takes back a claim made before an operation that then failed. */
export function unclaim(kind: string, id: string | number): void {
  claimed.get(kind)?.delete(String(id));
}

/** Whether a resource of this run created or took over `id` of `kind`. */
export const isClaimed = (kind: string, id: string | number): boolean =>
  claimed.get(kind)?.has(String(id)) ?? false;

/**
 * The rules of a shield zone as listed once in this run (concurrent callers share one
 * request). `list` is called when there is no fresh listing.
 */
export function zoneListing(
  zone: number,
  list: () => Promise<RateLimitRule[]>,
): Promise<RateLimitRule[]> {
  const hit = listings.get(zone);
  if (hit && Date.now() - hit.at < ZONE_LISTING_TTL_MS) return hit.rules;
  const rules = list();
  listings.set(zone, { at: Date.now(), rules });
  rules.catch(() => listings.delete(zone));
  return rules;
}

/** Forgets everything (a new run; tests). */
export function resetRunState(): void {
  claimed.clear();
  listings.clear();
}
