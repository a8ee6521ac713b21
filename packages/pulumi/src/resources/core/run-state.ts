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
/** The record time ({@link recordTime}) of what a claim recorded, when it has one. */
const claimTimes = new Map<string, string>();
const listings = new Map<string, { at: number; rules: Promise<unknown[]> }>();
/** The restores of this run by object (`kind\0id`): one at a time, and who restored what. */
const restoreQueues = new Map<string, Promise<void>>();
const restored = new Map<string, Map<string, { since: number; value: unknown }>>();
let lastRecordTime = 0;
/** The refresh reads' sessions by kind and zone (zone-objects/zone-reads.ts). */
export const readSessions = new Map<string, unknown>();
/** What `check` read of each new settings object in this run (zone-settings/prior-read.ts). */
export const checkReads = new Map<string, unknown>();
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
  claimTimes.delete(`${kind}\0${id}`);
}

/**
 * Records, with a claim, what its resource knows of the object (for a settings resource:
 * the state destroy must restore), so that the delete of a stale entry for the same object
 * in this run can compare it with its own. `since` is the time that record was taken
 * ({@link recordTime}; absent: untimed, as in states of earlier versions), so that such a
 * delete can tell which of the two records is the older.
 */
export function claimWith(
  kind: string,
  id: string | number,
  value: unknown,
  since?: unknown,
): void {
  claim(kind, id);
  claimValues.set(`${kind}\0${id}`, value);
  if (typeof since === "string") claimTimes.set(`${kind}\0${id}`, since);
  else claimTimes.delete(`${kind}\0${id}`);
}

/** What the claim of `id` of `kind` recorded with {@link claimWith} (undefined: nothing). */
export const claimValue = (kind: string, id: string | number): unknown =>
  claimValues.get(`${kind}\0${id}`);

/** The record time of the claim of `id` of `kind` ({@link claimWith}; undefined: untimed). */
export const claimRecordedAt = (kind: string, id: string | number): string | undefined =>
  claimTimes.get(`${kind}\0${id}`);

/**
 * Whether a record taken at `mine` is strictly younger than one taken at `theirs` (both
 * {@link recordTime}s). False when either is missing or unreadable (an earlier version's
 * state): no order is known then.
 */
export function isYoungerRecord(mine: unknown, theirs: unknown): boolean {
  const a = typeof mine === "string" ? Date.parse(mine) : NaN;
  const b = typeof theirs === "string" ? Date.parse(theirs) : NaN;
  return !Number.isNaN(a) && !Number.isNaN(b) && a > b;
}

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

/** Drops the listing of `zone` and `kind` ({@link zoneListing}): the next one lists again. */
export function forgetListing(zone: number, kind = "rule"): void {
  listings.delete(`${kind}\0${zone}`);
}

/**
 * The time a resource records the values before Pulumi (ISO 8601, milliseconds): what orders
 * two state entries for one object (the first owner is the one whose record is older).
 * Strictly increasing within a process.
 */
export function recordTime(): string {
  lastRecordTime = Math.max(Date.now(), lastRecordTime + 1);
  return new Date(lastRecordTime).toISOString();
}

/** A record time as a number for ordering; a missing one (older states) is the oldest. */
function orderOf(time: unknown): number {
  const t = typeof time === "string" ? Date.parse(time) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
}

/** What {@link restoreOnce} decided for one field of an entry's record. */
export interface RestorePlan {
  /** The fields this entry restores (no entry with an older record restored them this run). */
  restore: string[];
  /**
   * Fields that an entry whose record is as old as this one (neither can be told first)
   * restored to another value in this run: this entry must refuse and write nothing.
   */
  conflicts: { field: string; theirs: unknown }[];
}

/**
 * Restore once. Two state entries can manage one object (after a rename without `aliases`
 * or a `pulumi up --replace` whose old entry's delete refused): the first owner's record
 * holds the values before Pulumi, the later one's may hold what Pulumi wrote. When one run
 * deletes both, in whatever order or concurrently, each field is restored by the entry with
 * the oldest record only: the restores of one object run one at a time; an entry skips a
 * field that an entry with an older record restored in this run, and restores (over) one
 * that only a younger entry restored.
 *
 * A field counts as restored by an entry once that entry ATTEMPTED it in this run, whatever
 * the outcome: a restore write may be applied and still answered with an error (a 500, a
 * timeout), and a younger entry must then not write its record (what Pulumi wrote) over it.
 * The older entry, failed, stays in the state, so the next destroy retries the right value.
 *
 * `record` is this entry's value per field, `since` its record time ({@link recordTime};
 * missing: older than any). `run` gets the plan and performs the restore; the fields of
 * `plan.restore` are marked whether it returns or throws, except when the plan has
 * conflicts (`run` must then refuse, writing nothing, and nothing is marked).
 */
export async function restoreOnce<T>(
  kind: string,
  id: string | number,
  since: unknown,
  record: Record<string, unknown>,
  same: (field: string, a: unknown, b: unknown) => boolean,
  run: (plan: RestorePlan) => Promise<T>,
): Promise<T> {
  const key = `${kind}\0${id}`;
  const previous = restoreQueues.get(key) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((r) => (done = r));
  const tail = previous.then(() => mine);
  restoreQueues.set(key, tail);
  await previous;
  try {
    const order = orderOf(since);
    const marks = restored.get(key) ?? new Map<string, { since: number; value: unknown }>();
    const plan: RestorePlan = { restore: [], conflicts: [] };
    for (const [field, value] of Object.entries(record)) {
      const m = marks.get(field);
      if (!m || m.since > order) plan.restore.push(field);
      else if (m.since === order && !same(field, m.value, value))
        plan.conflicts.push({ field, theirs: m.value });
    }
    try {
      return await run(plan);
    } finally {
      if (plan.conflicts.length === 0) {
        for (const field of plan.restore) marks.set(field, { since: order, value: record[field] });
        restored.set(key, marks);
      }
    }
  } finally {
    done();
    if (restoreQueues.get(key) === tail) restoreQueues.delete(key);
  }
}

/** Forgets everything (a new run; tests). */
export function resetRunState(): void {
  claimed.clear();
  claimValues.clear();
  claimTimes.clear();
  listings.clear();
  readSessions.clear();
  checkReads.clear();
  pullZoneShields.clear();
  restoreQueues.clear();
  restored.clear();
}
