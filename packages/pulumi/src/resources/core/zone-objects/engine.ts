/**
 * The engine of "objects in a zone" (a zone's lists, DNS records, …): create and adopt,
 * built from a kind's declaration (kind.ts). Read, update, delete, diff and the provider
 * object are in provider.ts; the kind's public spelling is applied in boundary.ts.
 *
 * The object is its id. Its safety rules:
 * - one object, one owner: the zone is listed (once per zone per run) before a POST; an
 *   object of the same name is never taken over, whatever its values (it may be another
 *   stack's, or made by hand): the create fails before any write, naming it and the ways out
 *   (adopt it by its id, rename, or record it after an interrupted run). A kind whose names
 *   are shared (`names: "shared"`: DNS records) has no name check: no take-over is by id only;
 * - a POST whose outcome is unknown is never re-sent: the zone is listed again to find it (by
 *   name; by proof for a kind that declares `sentIn`, recovery.ts `recoverByProof`);
 * - a 202 is "pending": the object is read back with a bounded backoff; a create whose id is
 *   known but that still fails is reported as a partial create, so the id goes into state;
 * - an update sends only the top-level fields that changed, with the configuration merged
 *   over the platform's current one (read just before), so nothing unmanaged is reset.
 */
import { isNotFound, messageOf, ResourceOperationError } from "../common";
import { withArticle } from "./create-messages";
import { claim, isClaimed, unclaim } from "../run-state";
import { engineContext, type EngineContext } from "./context";
import { converge } from "./converge";
import { createInZone } from "./create";
import type { ZoneObject, ZoneObjectKind } from "./kind";
import { placeLabel, placingFields } from "./parent";
import { isAdoptMode, type ObjectInputs, type StatePlan } from "./state";

export { claimKeys } from "./context";

/**
 * `edgeplatform <Type> <id>`, or where a create-mode resource is in its parent's words
 * (`(pull zone 9)`, `(DNS zone 3)`): the label of messages.
 */
export const labelOf = (kind: ZoneObjectKind, i: ObjectInputs) =>
  isAdoptMode(i)
    ? `edgeplatform ${kind.typeName} ${String(i.id)}`
    : `edgeplatform ${kind.typeName} ${placeLabel(kind.parent, i)}`;

/**
 * Adopt mode: the object must exist; one PATCH only when managed fields differ. `read`
 * reads the object (default: its GET; a kind that adopts with the shared zone read passes
 * it, see {@link ZoneObjectKind.adoptReadsShared}).
 */
export async function adopt<O extends ZoneObject>(
  ctx: EngineContext<O>,
  inputs: ObjectInputs,
  what: string,
  read?: (id: O["id"], zone: number | undefined) => Promise<O>,
) {
  const { kind, plan, keys, w, uniqueNames } = ctx;
  const objectId = inputs.id as O["id"];
  if (isClaimed(keys.object, objectId)) {
    throw new ResourceOperationError(
      `${what} failed: another resource of this program already manages ${w.one} ${objectId}; ` +
        `${withArticle(w.one)} can be managed by one resource only. Nothing was written.`,
    );
  }
  claim(keys.object, objectId); // before the first await: two adopts of one object in parallel
  let object: O;
  try {
    object = await converge(ctx, inputs, objectId, what, inputs.parentId, read);
  } catch (e) {
    unclaim(keys.object, objectId);
    if (isNotFound(e) && !(e as { isAmbiguousNotFound?: boolean }).isAmbiguousNotFound) {
      throw new ResourceOperationError(
        `${what} failed: ${kind.noun} ${objectId} does not exist (${messageOf(e)}). ${w.id} ` +
          `adopts an existing ${w.one}; ${
            uniqueNames ? `use ${placingFields(kind.parent).join(" or ")}` : `leave ${w.id} out`
          } to create a new one.`,
        e,
      );
    }
    throw e;
  }
  claim(keys.object, object.id);
  return { id: String(object.id), outs: plan.toOutputs(object, inputs, "adopted") };
}

/** The create and adopt operations of one kind (each takes the kind's engine context). */
export function createOperations<O extends ZoneObject>(kind: ZoneObjectKind<O>, plan: StatePlan) {
  const ctx = engineContext(kind, plan);
  return {
    adopt: (...a: Tail<Parameters<typeof adopt<O>>>) => adopt(ctx, ...a),
    converge: (...a: Tail<Parameters<typeof converge<O>>>) => converge(ctx, ...a),
    createInZone: (...a: Tail<Parameters<typeof createInZone<O>>>) => createInZone(ctx, ...a),
  };
}

/** A parameter list without its first parameter (the context). */
type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;
