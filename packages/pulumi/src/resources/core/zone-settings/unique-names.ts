/**
 * The capability of a settings kind whose objects the platform names without keeping the
 * names unique (an edge script, an image registry), but Pulumi does under their parent (the
 * account): a create by a name the parent already uses is refused before any write, and again
 * when the platform refuses the create and the parent lists that name by then. Pulumi never
 * makes a second object of one name, nor takes one over by its name: an interrupted run, a
 * second stack or a rename would otherwise leave two.
 *
 * The parent is listed once per run (one provider process), and that listing serves the
 * checks of every later create of the kind in the run (the run-state listing cache, as the
 * zone-object engine's name checks): a name a create of this run takes is recorded at once, so
 * a second create of it in the run is refused even though the listing predates both. A
 * listing no longer serves once this process deleted an object of the kind or wrote a name
 * (the next check lists again), nor after a create the platform refused (listed again, fresh,
 * to name what holds the name). A name another writer takes after the run's listing is what
 * the platform then says: a platform that refuses a duplicate (container applications) is
 * answered with that refusal and the fresh listing; one that keeps duplicates (edge scripts,
 * registries) is not asked again within the listing's lifetime (`ZONE_LISTING_TTL_MS` of
 * run-state.ts), as a listing per create would not see a name taken between it and its POST
 * either.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { ResourceOperationError } from "../common";
import { claim, forgetListing, isClaimed, unclaim, zoneListing } from "../run-state";
import { getClient } from "../settings";
import { timing } from "../zone-objects/recovery";
import { withArticle } from "../zone-objects/create-messages";

/** What a kind declares of its names (`EngineKind.uniqueNames`). */
export interface UniqueNames {
  /** The input holding the name (`"displayName"`). */
  input: string;
  /** What one object is called in messages (`"container registry"`). */
  one: string;
  /** What several are called (`"container registries"`). */
  many: string;
  /** The parent the names are unique under, in messages. Default: `"the account"`. */
  parent?: string;
  /** Every object of the parent, its id and name (one listing: every page of it). */
  list(): Promise<readonly Named[]>;
}

/** An object of a listing: its id and its name. */
export interface Named {
  id: unknown;
  name: unknown;
}

/**
 * The checks the engine hands a kind's `resolveZone` for a create: without a declaration of
 * unique names, neither lists nor refuses anything.
 */
export interface NameChecks {
  /**
   * Before any write: refuses `name` when the parent already has an object of it (the run's
   * listing) or a create of this run took it; else takes it for this run.
   */
  before(name: string, what: string): Promise<void>;
  /**
   * After a create the platform refused (`cause`; nothing was made): refuses `name` when the
   * parent lists an object of it by now (a fresh listing). A failed listing refuses nothing
   * (the caller's refusal stands). The name is free again in this run.
   */
  afterRefusal(name: string, what: string, cause: unknown): Promise<void>;
  /**
   * This process deleted an object of the kind or wrote a name: the run's listing no longer
   * serves (the next check lists again).
   */
  forget(): void;
}

/** The words of a kind that the refusal of a name in use takes besides its declaration. */
export interface NameWords {
  /** The kind's type (`"ImageRegistry"`). */
  type: string;
  /** The input that adopts an object by id (`"registryId"`): the way out. */
  adopt: string;
}

/**
 * The refusal of a create by `name`, which the parent already gives the objects `ids`: in the
 * kind's words, with the ways out (another name, or adopting the object by its id).
 */
export function nameInUse(
  u: UniqueNames,
  w: NameWords,
  what: string,
  name: string,
  ids: readonly unknown[],
  cause?: unknown,
): ResourceOperationError {
  const a = /^[AEIOU]/.test(w.type) ? "an" : "a";
  return new ResourceOperationError(
    `${what} failed: ${u.parent ?? "the account"} already has ` +
      `${ids.length === 1 ? u.one : u.many} ${ids.map(String).join(", ")} named ` +
      `${JSON.stringify(name)}; ${a} ${w.type} never creates a second ${u.one} of a name in ` +
      `use, nor takes one over by its name. Choose another ${u.input}, or adopt it with ` +
      `\`${w.adopt}: ${String(ids[0])}\` instead of creating it (destroy then keeps it). ` +
      `Nothing was written.`,
    cause,
  );
}

/**
 * The refusal of a second create of `name` in one run (the first one took it after the run's
 * listing, which therefore cannot show it).
 */
function twiceInRun(u: UniqueNames, what: string, name: string) {
  return new ResourceOperationError(
    `${what} failed: another resource of this program already creates ${withArticle(u.one)} named ` +
      `${JSON.stringify(name)} in ${u.parent ?? "the account"}; ${u.one} names are unique ` +
      `there (Pulumi keeps them so). Choose another ${u.input}. Nothing was written.`,
  );
}

/** The checks of a kind that declares `u` (none when it declares nothing). */
export function nameChecks(u: UniqueNames | undefined, w: NameWords): NameChecks {
  if (!u)
    return {
      before: async () => undefined,
      afterRefusal: async () => undefined,
      forget: () => undefined,
    };
  /** The run's listing (zone 0: the account) and the names this run's creates took. */
  const LISTING = `unique-names:${w.type}`;
  const TAKEN = `unique-names-taken:${w.type}`;
  const idsIn = (listed: readonly Named[], name: string) =>
    listed.filter((o) => o.name === name).map((o) => o.id);
  return {
    async before(name, what) {
      const listed = await zoneListing(0, () => u.list() as Promise<Named[]>, LISTING);
      // Checked and taken with no wait in between: two creates of one name never both pass.
      if (isClaimed(TAKEN, name)) throw twiceInRun(u, what, name);
      const ids = idsIn(listed, name);
      if (ids.length > 0) throw nameInUse(u, w, what, name, ids);
      claim(TAKEN, name);
    },
    async afterRefusal(name, what, cause) {
      unclaim(TAKEN, name);
      forgetListing(0, LISTING);
      const ids = idsIn(await u.list().catch(() => []), name);
      if (ids.length > 0) throw nameInUse(u, w, what, name, ids, cause);
    },
    forget: () => forgetListing(0, LISTING),
  };
}

/**
 * After a create by name whose outcome is unknown (never re-sent): the objects `list` finds of
 * that name, listed again after a bounded pause while it finds none (the recovery paths'
 * `timing`: up to `recoveryRelists` more listings, `recoveryMaxStepMs` apart at most). A
 * failed listing throws as it is.
 */
export async function relistedAfterCreate<O>(list: () => Promise<O[]>): Promise<O[]> {
  const step = Math.min(getClient().timeoutMs, timing.recoveryMaxStepMs);
  let found: O[] = [];
  for (let i = 0; i <= timing.recoveryRelists && found.length === 0; i++) {
    if (i > 0) await sleep(step);
    found = await list();
  }
  return found;
}
