/**
 * Bringing an existing object to the program's values (adopt, update, a replacement's
 * take-over): one read, then one PATCH of the top-level fields that differ, with the
 * configuration merged over the platform's current one; a rename is checked against the
 * parent's names first where names are unique.
 */
import { claim, isClaimed } from "../run-state";
import { withArticle } from "./create-messages";
import { ResourceOperationError } from "../common";
import type { EngineContext } from "./context";
import type { ZoneObject } from "./kind";
import { readBack, timing } from "./recovery";
import type { ObjectInputs } from "./state";
import { zoneWrite } from "./zone-reads";

/**
 * Brings an existing object to the program's managed values: no write when they match.
 * `read` reads the object (default: its GET); the write, when one is needed, ends the
 * zone reads' sessions as every write does (zone-reads.ts `zoneWrite`).
 */
export async function converge<O extends ZoneObject>(
  ctx: EngineContext<O>,
  inputs: ObjectInputs,
  objectId: O["id"],
  what: string,
  zone: number | undefined = inputs.parentId,
  read: (id: O["id"], zone: number | undefined) => Promise<O> = ctx.kind.endpoints.get,
): Promise<O> {
  const { kind, plan, w, uniqueNames } = ctx;
  const current = await read(objectId, zone);
  const patch = plan.patchFor(inputs, current);
  if (!patch) return current;
  if (uniqueNames && patch.fields.includes("name")) {
    await assertNameFree(ctx, current, inputs.name, what);
  }
  const result = await zoneWrite(() => kind.endpoints.update(objectId, patch.body, current));
  if (result.status === 200) return result.object;
  const object = await readBack(kind, objectId, (r) => ctx.matches(inputs, r), current.parentId);
  if (!object) {
    throw new ResourceOperationError(
      `${what} failed: the platform accepted the change of ${w.one} ${objectId} (202) but it was ` +
        `not visible after ${timing.readBackMs / 1000} s; run \`pulumi up\` again (the ` +
        `change is re-sent only if it is still missing)`,
    );
  }
  return object;
}

/**
 * Names are unique in a zone: before an object is renamed, the zone (listed once per run)
 * must have no other object of the new name, and no other resource of this run may claim it.
 */
export async function assertNameFree<O extends ZoneObject>(
  ctx: EngineContext<O>,
  object: O,
  name: unknown,
  what: string,
): Promise<void> {
  const { keys, w } = ctx;
  if (typeof name !== "string" || name === "") return;
  const zone = object.parentId;
  const listed = await ctx.listZone(zone);
  const other = listed.find((r) => r.name === name && r.id !== object.id);
  if (other || isClaimed(keys.name(zone), name)) {
    throw new ResourceOperationError(
      `${what} failed: ${w.zone} ${zone} already has ${
        other ? `${w.one} ${other.id}` : `${withArticle(w.one)} of this program`
      } named "${name}"; ${w.one} names are unique in a zone. Choose another ${w.name}, or ` +
        `rename that ${w.one} first. Nothing was written.`,
    );
  }
  claim(keys.name(zone), name);
}
