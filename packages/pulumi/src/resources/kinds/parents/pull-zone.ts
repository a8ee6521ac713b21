/**
 * The pull zone as the parent of its edge rules: addressed by `pullZoneId`. Its children have
 * no list endpoint of their own: they come in the zone's GET (`EdgeRules`), each child kind
 * taking its own from the answer (`childrenInZone`). The reads a run shares are the engine's:
 * its name checks list a parent once per run (the run-state listing cache, context.ts), a
 * refresh's reads share one answer of the zone (the kind's `read`, zone-reads.ts). A listing
 * asked for here is always a fresh GET: the engine's recovery after a write whose outcome is
 * unknown lists the parent to find what the write made, which an earlier read cannot show.
 * The platform rewrites the whole zone for a child's write (concurrent writes lose updates),
 * so writes under one pull zone go one at a time, read-back included (`serialWrites`); the
 * zone's own settings writes (`PullZone`, kinds/settings/pull-zone.ts `writesUnder`) wait in
 * the same queue. A refresh of the zone's settings and its children shares one answer of the
 * zone ({@link sharedPullZone}).
 */
import type { PullZoneModel } from "edgeplatform-client/spec/runtime";
import { getClient } from "../../core/settings";
import type { ObjectId, ZoneObject, ZoneObjectKind } from "../../core/zone-objects/kind";
import { keepSlotRead, type Parent } from "../../core/zone-objects/parent";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";

/** A child kind of a pull zone: how its objects are taken from the zone's answer. */
export interface PullZoneChildKind<O extends ZoneObject> extends ZoneObjectKind<O> {
  /** The kind's objects in pull zone `id`'s answer. */
  childrenInZone(zone: PullZoneModel, id: number): O[];
}

/** The pull zone parent. */
export const pullZoneParent: Parent = {
  word: "pull zone",
  field: "pullZoneId",
  serialWrites: true,
  listChildren: async <O extends ZoneObject>(kind: ZoneObjectKind<O>, id: number) => {
    const child = kind as PullZoneChildKind<O>;
    if (typeof child.childrenInZone !== "function") {
      throw new Error(`${kind.typeName}: a child of a pull zone must declare childrenInZone`);
    }
    const zone = await getClient().pullzones.get(id);
    // A create's name check inside its write: the base of that write's rewrite of the zone.
    keepSlotRead(pullZoneSlotKey(id), zone);
    return child.childrenInZone(zone, id);
  },
};

/** The key under which a write under pull zone `id` keeps its read of the zone (parent.ts `keepSlotRead`). */
export const pullZoneSlotKey = (id: number): string => `pull-zone\0${id}`;

/**
 * Pull zone `zone`'s answer that the reads of one refresh share (zone-reads.ts
 * `sharedZoneAnswer`): its settings' read (`PullZone`) and its edge rules' reads, so that a
 * refresh of a zone and all its rules is one GET. `reader` is what reads it (a rule's guid;
 * another id for the zone's settings): a session ends when one reader reads twice.
 */
export const sharedPullZone = (zone: number, reader: ObjectId): Promise<PullZoneModel> =>
  sharedZoneAnswer(`pull-zone\0${zone}`, reader, () => getClient().pullzones.get(zone));
