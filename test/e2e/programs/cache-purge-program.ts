/**
 * Inline program of the CachePurge e2e test (test/e2e/cache-purge.e2e.test.ts): one purge of
 * pull zone `pullZoneId`'s cache tag, run again when `release` changes; `purge: false` leaves
 * it out of the program.
 */
import * as edge from "pulumi-edgeplatform";

/** Options of {@link program}. */
export type CachePurgeProgramOptions = {
  pullZoneId: number;
  cacheTag: string;
  /** The purge's trigger. */
  release: string;
  /** False: the program has no purge (its removal is a delete). */
  purge?: boolean;
};

/** The program; exports the purge's id. */
export function program(o: CachePurgeProgramOptions): Record<string, unknown> {
  if (o.purge === false) return {};
  const purge = new edge.pullzones.CachePurge("purge-on-release", {
    pullZoneId: o.pullZoneId,
    cacheTag: o.cacheTag,
    triggers: [o.release],
  });
  return { purgeId: purge.id };
}
