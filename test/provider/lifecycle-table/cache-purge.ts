/**
 * CachePurge in the lifecycle table: an action (it purges fixture pull zone 2's cache when
 * created; destroy writes nothing). The platform keeps no record of a purge, so what the
 * table reads after the create is that the zone it purged is still there, unchanged in name:
 * a purge never deletes its zone. `find` gives a copy of that name, not the zone itself: the
 * tables carry an action's object over from the state after the create into the state they
 * expect after destroy, and the zone holds other kinds' objects (an edge rule), which destroy
 * deletes. The purge's calls are counted in test/provider/cache-purge.test.ts.
 */
import { cachePurgeProvider } from "../../../packages/pulumi/src/resources/kinds/own/cache-purge";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

/** Zone 2's name, in an object of its own (nothing of the state to carry over). */
const zoneTwo = (s: Any) => ({ name: (s.pullZones as Any[]).find((z: Any) => z.id === 2)?.name });

export const cachePurge: KindDeclaration = {
  name: "CachePurge",
  provider: cachePurgeProvider as unknown as Provider,
  destroy: "keeps",
  create: () => ({ pullZoneId: 2, triggers: [1] }),
  createWrite: { method: "POST", path: "^/pullzone/2/purgeCache$" },
  find: zoneTwo,
  created: { get: (z) => z?.name, expected: "zone-two" },
  adopt: na("an action: there is no object to adopt"),
  update: na("every input change replaces (another purge); update is never called"),
  drift: na("read reads nothing: the purge's record is the state"),
  gone: na("read and delete make no request"),
  scopedKey: na(
    "read and delete make no request; the emulator's scoped keys do not cover pull zones",
  ),
  rename: na("documented: a rename without aliases purges again; a purge repeated is harmless"),
  async202: na("the published API answers purges 200 or 204, never 202"),
  spellings: na("one spelling of the target (pullZoneId, or url)"),
  interrupted: na(
    "an action: an interrupted purge is a new operation to the next up (documented: it purges again); there is no object or prior to converge to",
  ),
  twoStacks: na("an action: another stack's purge is another operation; it owns no object"),
  unknownOutcome: na(
    "a purge is repeatable: the client sends it again after a lost answer (cache-purge.test.ts), and a purge that fails leaves no object, so there is no partial create to record",
  ),
};
