/**
 * The pull zone as the parent of its edge rules: addressed by `pullZoneId`. Its children have
 * no list endpoint of their own: they come in the zone's GET (`EdgeRules`), so the listing a
 * run's name checks share is ONE read of the zone per run (the run-state listing cache),
 * shared by every child kind and every child. The platform rewrites the whole zone for a
 * child's write (concurrent writes lose updates), so writes under one pull zone go one at a
 * time, read-back included (`serialWrites`).
 */
import type { PullZoneModel } from "edgeplatform-client/spec/runtime";
import { zoneListing } from "../../core/run-state";
import { getClient } from "../../core/settings";
import type { ZoneObject, ZoneObjectKind } from "../../core/zone-objects/kind";
import type { Parent } from "../../core/zone-objects/parent";

/** A child kind of a pull zone: how its objects are taken from the zone's answer. */
export interface PullZoneChildKind<O extends ZoneObject> extends ZoneObjectKind<O> {
  /** The kind's objects in pull zone `id`'s answer. */
  childrenInZone(zone: PullZoneModel, id: number): O[];
}

/**
 * Pull zone `id` as read once in this run (concurrent callers share the one GET; the
 * listing cache's time to live applies). For the name checks; a refresh's reads share theirs
 * under the read sessions' rules, and a read that must see this process's writes reads anew.
 */
export const pullZoneOfRun = async (id: number): Promise<PullZoneModel> => {
  const [zone] = await zoneListing(
    id,
    async () => [await getClient().pullzones.get(id)],
    "pull-zone",
  );
  return zone;
};

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
    return child.childrenInZone(await pullZoneOfRun(id), id);
  },
};
