/**
 * The capability of a settings kind whose objects the platform names without keeping the
 * names unique (an edge script, an image registry), but Pulumi does under their parent (the
 * account): a create by a name the parent already uses is refused before any write, and again
 * when the platform refuses the create and the parent lists that name by then. Pulumi never
 * makes a second object of one name, nor takes one over by its name: an interrupted run, a
 * second stack or a rename would otherwise leave two.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { ResourceOperationError } from "../common";
import { getClient } from "../settings";
import { timing } from "../zone-objects/recovery";

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
  /** The ids of the parent's objects named exactly `name` (a listing: one or more reads). */
  idsNamed(name: string): Promise<unknown[]>;
}

/**
 * The checks the engine hands a kind's `resolveZone` for a create: without a declaration of
 * unique names, neither lists nor refuses anything.
 */
export interface NameChecks {
  /** Before any write: refuses `name` when the parent already has an object of it. */
  before(name: string, what: string): Promise<void>;
  /**
   * After a create the platform refused (`cause`; nothing was made): refuses `name` when the
   * parent lists an object of it by now. A failed listing refuses nothing (the caller's
   * refusal stands).
   */
  afterRefusal(name: string, what: string, cause: unknown): Promise<void>;
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

/** The checks of a kind that declares `u` (none when it declares nothing). */
export function nameChecks(u: UniqueNames | undefined, w: NameWords): NameChecks {
  if (!u) return { before: async () => undefined, afterRefusal: async () => undefined };
  return {
    async before(name, what) {
      const ids = await u.idsNamed(name);
      if (ids.length > 0) throw nameInUse(u, w, what, name, ids);
    },
    async afterRefusal(name, what, cause) {
      const ids = await u.idsNamed(name).catch(() => []);
      if (ids.length > 0) throw nameInUse(u, w, what, name, ids, cause);
    },
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
