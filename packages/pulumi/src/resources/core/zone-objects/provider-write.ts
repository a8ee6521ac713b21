/**
 * The writes of a zone-object kind's provider: `create` (create mode or adopt, engine.ts),
 * `update` (no API call unless a managed value differs) and `delete` (only what destroy may
 * delete; a 202 read back; a not-found confirmed), each under its parent's write discipline.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isNotFound, operation } from "../common";
import { claim, isClaimed } from "../run-state";
import { labelOf } from "./engine";
import { idOfText, isObjectId } from "./ids";
import { wordsOf, type ZoneObject, type ZoneObjectKind } from "./kind";
import { parentWrite } from "./parent";
import type { ProviderContext } from "./provider-context";
import { confirmGone, logLine, readBackGone } from "./recovery";
import {
  deletesOnDestroy,
  isAdoptMode,
  managesTop,
  originOf,
  type ObjectInputs,
  type ObjectOutputs,
} from "./state";
import { zoneWrite } from "./zone-reads";

/**
 * Creates (zone modes) or adopts (by its id) the object. A kind that adopts with the shared
 * zone read ({@link ZoneObjectKind.adoptReadsShared}) reads as a refresh does, and only the
 * write an adopt makes ends the sessions; every other create is a write from its start.
 */
export async function create<O extends ZoneObject>(
  p: ProviderContext<O>,
  inputs: ObjectInputs,
): Promise<dynamic.CreateResult<ObjectOutputs>> {
  const { kind, ops, can, readOne } = p;
  const what = `${labelOf(kind as ZoneObjectKind, inputs)}: create`;
  const adoptUnder = (read?: typeof readOne) =>
    parentWrite(kind.parent, inputs.parentId, () => ops.adopt(inputs, what, read));
  if (isAdoptMode(inputs) && can.adoptReadsShared) {
    return operation(what, () => adoptUnder(readOne));
  }
  return zoneWrite(() =>
    operation(what, () => (isAdoptMode(inputs) ? adoptUnder() : ops.createInZone(inputs, what))),
  );
}

/**
 * Brings the object to the program's values. A change of mode, of `deleteOnDestroy` or of
 * the managed set alone makes no API call; a managed value that differs from the last known
 * state makes one GET (the platform's current values; none for a kind whose update's base
 * is its state, capabilities.ts `UpdateBase`) and one PATCH of the top-level fields that
 * really differ.
 */
export async function update<O extends ZoneObject>(
  p: ProviderContext<O>,
  id: string,
  olds: ObjectOutputs,
  news: ObjectInputs,
): Promise<dynamic.UpdateResult<ObjectOutputs>> {
  const { kind, plan, ops, can } = p;
  const objectId = (isObjectId(kind.ids, olds?.id) ? olds.id : idOfText(kind.ids, id)) as O["id"];
  const what = `edgeplatform ${kind.typeName} ${objectId}: update`;
  return operation(what, async () => {
    const stale =
      (["name", "description"] as const).some(
        (f) => news[f] !== undefined && (!managesTop(olds, f) || news[f] !== olds[f]),
      ) || plan.changedConfigFields(news.fields ?? {}, olds.fields).length > 0;
    const known: ZoneObject = {
      id: objectId,
      parentId: olds.parentId,
      name: olds.name,
      description: olds.description,
      fields: olds.fields ?? {},
      ...(olds.reported ? { reported: olds.reported } : {}),
    };
    if (!stale) return { outs: plan.toOutputs(known, news, originOf(olds)) };
    // The base of the write: the object read now, or the state where the kind says so.
    const base = can.updatesFromState ? async () => known as O : undefined;
    const object = await zoneWrite(() =>
      parentWrite(kind.parent, olds.parentId, () =>
        ops.converge(news, objectId, what, olds.parentId, base),
      ),
    );
    return { outs: plan.toOutputs(object, news, originOf(olds)) };
  });
}

/**
 * Deletes the object when `deleteOnDestroy` (default for created objects); else leaves it.
 * An object that a resource of this run took over (a replacement) is left to it.
 */
export async function del<O extends ZoneObject>(
  p: ProviderContext<O>,
  id: string,
  props: ObjectOutputs,
): Promise<void> {
  const { kind, keys } = p;
  const objectId = (isObjectId(kind.ids, props?.id) ? props.id : idOfText(kind.ids, id)) as O["id"];
  if (!deletesOnDestroy(props ?? {})) return;
  const what = `edgeplatform ${kind.typeName} ${objectId}: delete`;
  if (isClaimed(keys.object, objectId)) {
    logLine(
      `${what}: skipped, another resource of this run now manages ${wordsOf(kind).one} ${objectId}`,
    );
    return;
  }
  await operation(what, () =>
    parentWrite(kind.parent, props?.parentId, () => deleteObject(p, objectId, props, what)),
  );
}

/** Deletes object `objectId` of state `props` (reading back a 202, confirming a not-found). */
async function deleteObject<O extends ZoneObject>(
  p: ProviderContext<O>,
  objectId: O["id"],
  props: ObjectOutputs,
  what: string,
) {
  const { kind, keys } = p;
  try {
    const res = await zoneWrite(() =>
      kind.endpoints.delete(objectId, props?.parentId, props?.reported),
    );
    // Accepted, applied later: not deleted until a read no longer finds it.
    if ((res as { statusCode?: unknown } | undefined)?.statusCode === 202) {
      await readBackGone(kind as ZoneObjectKind, objectId, props?.parentId, what);
    }
  } catch (e) {
    if (!isNotFound(e)) throw e;
    // already gone: nothing to do
    await confirmGone(kind as ZoneObjectKind, objectId, props?.parentId, e, what);
  }
  // A zone listed earlier in this run still shows it: a create after this delete (a
  // replacement that deletes first) must not find it there.
  claim(keys.deleted, objectId);
}
