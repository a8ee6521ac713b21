/**
 * One object, one owner, in the settings engine: the run claims of the platform fields that
 * settings of several kinds write (one resource per field and zone, whatever kind), and the
 * refusal, before any write, of another resource of the program that names the same object
 * spelled differently or manages the same field (from the program's `__spellings` hint).
 */
import { ResourceOperationError } from "../common";
import { claimValue, claimWith, unclaim } from "../run-state";
import { refuseSharedField, refuseSpellings, sameObject } from "../spellings";
import type { SettingsTarget } from "./kind";
import type { SettingsInputs } from "./types";
import { managedOf } from "./answers";
import type { EngineContext } from "./context";

/** The claims and one-owner refusals of a kind (see the module). */
export function engineClaims<R>(c: EngineContext<R>) {
  const { kind, TYPE, FIELD, rk, ZONE, objectNoun } = c;

  const sharedOf = (paths: readonly string[]) =>
    paths.flatMap((path) => (kind.shared?.[path] ? [{ path, shared: kind.shared[path] }] : []));
  /** The paths of the settings `inputs` manages. */
  const managedPaths = (inputs: Record<string, unknown>) =>
    managedOf(kind, inputs).map((f) => f.path);
  const fieldKey = (zone: number, field: string) => `${zone}\0${field}`;
  /**
   * Claims for this run the shared platform fields among `paths` in `zone`; refuses, before
   * any write, one that a resource of another kind claimed in this run (its zone known only
   * later, or inputs without the program's hint). `refuse: false` (diff) claims only the free
   * ones. Returns the fields it claimed (to give back when nothing was written).
   */
  function claimFields(
    paths: readonly string[],
    zone: number,
    what: string,
    refuse = true,
  ): string[] {
    const mine = sharedOf(paths);
    for (const { path, shared } of mine) {
      const theirs = claimValue(FIELD, fieldKey(zone, shared.field)) as
        { type: string; path: string } | undefined;
      if (!refuse || !theirs || theirs.type === TYPE) continue;
      throw new ResourceOperationError(
        `${what} failed: another resource of this program, an edge.shield.${theirs.type}, ` +
          `already manages ${shared.noun} of ${ZONE} ${zone} as \`${theirs.path}\` (the ` +
          `platform field ${shared.field}), which this resource's \`${path}\` writes too; ` +
          `one platform field can have one resource only. ` +
          `${shared.wayOut[0].toUpperCase()}${shared.wayOut.slice(1)}. Nothing was written.`,
      );
    }
    const taken: string[] = [];
    for (const { path, shared } of mine) {
      const k = fieldKey(zone, shared.field);
      const theirs = claimValue(FIELD, k) as { type: string } | undefined;
      if (theirs && theirs.type !== TYPE) continue;
      if (!theirs) taken.push(k);
      claimWith(FIELD, k, { type: TYPE, path });
    }
    return taken;
  }
  const unclaimFields = (keys: readonly string[]) => keys.forEach((k) => unclaim(FIELD, k));

  /**
   * Refuses, before any write, when another resource of the program names the same object
   * with the zone spelled the other way (spellings.ts): decided from the program and the
   * platform's answers, whichever of them runs first.
   */
  async function refuseOtherSpellings(
    inputs: SettingsInputs,
    target: SettingsTarget,
    what: string,
  ) {
    // A resolved key: the other resource names the object by its id or by its name.
    const same = (o: Record<string, unknown>, n: { shares?: unknown }) =>
      n.shares === undefined &&
      (!rk || o[rk.id] === Number(target.key) || o[rk.name] === target.alias);
    const others = await sameObject(inputs, target.zone, what, same);
    refuseSpellings(inputs, others, objectNoun(target), what);
    // Resources of other kinds that manage a platform field this one manages, in this zone.
    for (const { path, shared } of sharedOf(managedPaths(inputs))) {
      const sharers = await sameObject(
        inputs,
        target.zone,
        what,
        (_o, n) => n.shares?.field === shared.field,
      );
      refuseSharedField(inputs, sharers, path, shared, `${ZONE} ${target.zone}`, what);
    }
  }

  return { claimFields, unclaimFields, refuseOtherSpellings, managedPaths };
}

/** What {@link engineClaims} gives the operations. */
export type EngineClaims = ReturnType<typeof engineClaims>;
