/**
 * The context of one kind's engine (engine.ts, create.ts, converge.ts): the kind, its state
 * plan, its claim namespaces and words, its capabilities with their defaults, and the parent
 * as listed once per run. Built once per kind; every operation takes it first.
 */
import { isClaimed, zoneListing } from "../run-state";
import { capabilitiesOf } from "./capabilities";
import { wordsOf, type ZoneObject, type ZoneObjectKind } from "./kind";
import { childrenOf } from "./parent";
import type { ObjectInputs, StatePlan } from "./state";

/** Claim namespaces of a kind within a run (ids of two kinds may be equal). */
export const claimKeys = (kind: ZoneObjectKind) => ({
  /** Objects a resource of this run manages. */
  object: kind.claimKey,
  /** Names taken in a zone by this run. */
  name: (zone: number) => `${kind.claimKey}-name:${zone}`,
  /** Objects whose resource is being replaced in this run (value: their origin). */
  replacing: `${kind.claimKey}-replacing`,
  /** Objects this run created in a zone. */
  created: (zone: number) => `${kind.claimKey}-created:${zone}`,
  /** Objects this run deleted (a zone listed earlier in the run may still show them). */
  deleted: `${kind.claimKey}-deleted`,
});

/** The objects of parent `zone` its name checks look at (capabilities.ts `NameListing`). */
const namesOf = <O extends ZoneObject>(kind: ZoneObjectKind<O>, zone: number): Promise<O[]> =>
  kind.namesListing ? kind.namesListing(zone) : childrenOf(kind, zone);

/** What every operation of one kind's engine works with. */
export interface EngineContext<O extends ZoneObject> extends ReturnType<typeof capabilitiesOf<O>> {
  kind: ZoneObjectKind<O>;
  plan: StatePlan;
  keys: ReturnType<typeof claimKeys>;
  w: ReturnType<typeof wordsOf>;
  /** The parent as listed once in this run, without the objects this run deleted since. */
  listZone(zone: number): Promise<O[]>;
  /** Whether an object holds the program's managed values. */
  matches(inputs: ObjectInputs, object: O): boolean;
}

/** The context of `kind`'s engine. */
export function engineContext<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
  plan: StatePlan,
): EngineContext<O> {
  const keys = claimKeys(kind as ZoneObjectKind);
  return {
    ...capabilitiesOf(kind),
    kind,
    plan,
    keys,
    w: wordsOf(kind),
    listZone: async (zone) =>
      (await zoneListing(zone, () => namesOf(kind, zone), kind.claimKey)).filter(
        (r) => !isClaimed(keys.deleted, r.id),
      ),
    matches: (inputs, object) => plan.fieldsToPatch(inputs, object).length === 0,
  };
}
