/**
 * What one provider process (one `pulumi up`, `preview`, `refresh` or `destroy`) remembers
 * across resources: the platform objects a resource of this run created or took over, and
 * one listing per shield zone and kind of object for the name check. The dynamic-provider host serves every
 * resource of a run from one process, so this is per run.
 */
/** How long one zone listing serves the name checks of a run, in milliseconds. */
export const ZONE_LISTING_TTL_MS = 5 * 60_000;

const claimed = new Map<string, Set<string>>();
const claimValues = new Map<string, unknown>();
const listings = new Map<string, { at: number; rules: Promise<unknown[]> }>();
/** The refresh reads' sessions by kind and zone (zone-objects/zone-reads.ts). */
export const readSessions = new Map<string, unknown>();
/** The shield zone of each pull zone looked up in this run (spellings.ts). */
export const pullZoneShields = new Map<number, Promise<number>>();

/** Records that a resource of this run owns `id` (a rule id, a zone id) of `kind`. */
export function claim(kind: string, id: string | number): void {
  let set = claimed.get(kind);
  if (!set) claimed.set(kind, (set = new Set()));
  set.add(String(id));
}

/** Takes back a claim made before an operation that then failed. */
export function unclaim(kind: string, id: string | number): void {
  claimed.get(kind)?.delete(String(id));
  claimValues.delete(`${kind}\0${id}`);
}

/**
 * Records, with a claim, what its resource knows of the object (for a settings resource:
 * the state destroy must restore), so that the delete of a stale entry for the same object
 * in this run can compare it with its own.
 */
export function claimWith(kind: string, id: string | number, value: unknown): void {
  claim(kind, id);
  claimValues.set(`${kind}\0${id}`, value);
}

/** What the claim of `id` of `kind` recorded with {@link claimWith} (undefined: nothing). */
export const claimValue = (kind: string, id: string | number): unknown =>
  claimValues.get(`${kind}\0${id}`);

/** Whether a resource of this run created or took over `id` of `kind`. */
export const isClaimed = (kind: string, id: string | number): boolean =>
  claimed.get(kind)?.has(String(id)) ?? false;

/** Every id of `kind` claimed in this run. */
export const claimsOf = (kind: string): string[] => [...(claimed.get(kind) ?? [])];

/**
 * The objects of a shield zone as listed once in this run (concurrent callers share one
 * request). `list` is called when there is no fresh listing. `kind` keeps the listings of
 * two kinds of object apart (default: rate-limit rules).
 */
export function zoneListing<T>(
  zone: number,
  list: () => Promise<T[]>,
  kind = "rule",
): Promise<T[]> {
  const key = `${kind}\0${zone}`;
  const hit = listings.get(key);
  if (hit && Date.now() - hit.at < ZONE_LISTING_TTL_MS) return hit.rules as Promise<T[]>;
  const rules = list();
  listings.set(key, { at: Date.now(), rules });
  rules.catch(() => listings.delete(key));
  return rules;
}

/** Forgets everything (a new run; tests). */
export function resetRunState(): void {
  claimed.clear();
  claimValues.clear();
  listings.clear();
  readSessions.clear();
  pullZoneShields.clear();
}
