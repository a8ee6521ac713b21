/**
 * The dynamic provider of a zone-object kind, built from its declaration: check, diff,
 * create (engine.ts), read, update and delete. Loaded at run time through the serialized
 * stubs (`loader.ts`, `registry.ts`).
 *
 * - "gone" needs unambiguous evidence: a not-found answer AND a readable zone list without
 *   the id; `not_found_or_unauthorised_access`, 401/403 or an unreadable zone is an error;
 * - an adopted object stays adopted (`origin`): addressing it by zone and name later never
 *   makes destroy delete it; only `deleteOnDestroy: true` does;
 * - a resource of this run keeps its object (claims): no create of this run takes it over,
 *   no other resource adopts it, and a stale state entry's delete leaves it.
 */
import { configureFromRequest, type ConfigureRequestLike } from "../settings";
import { checkFor } from "./check";
import type { ZoneObject, ZoneObjectKind } from "./kind";
import { providerContext } from "./provider-context";
import { diff, fieldChanges } from "./provider-diff";
import { read } from "./provider-read";
import { create, del, update } from "./provider-write";
import type { ObjectInputs, ObjectOutputs } from "./state";

export { idParts } from "./provider-read";

/** Builds the dynamic provider (and its named operations) of one kind. */
export function zoneObjectProvider<O extends ZoneObject>(kind: ZoneObjectKind<O>) {
  const p = providerContext(kind);
  const check = checkFor(kind as ZoneObjectKind, p.plan);
  const ops = {
    check,
    create: (inputs: ObjectInputs) => create(p, inputs),
    read: (id: string, props: ObjectOutputs) => read(p, id, props),
    diff: (id: string, olds: Partial<ObjectOutputs>, news: ObjectInputs) => diff(p, id, olds, news),
    fieldChanges: (olds: Partial<ObjectOutputs>, news: ObjectInputs) => fieldChanges(p, olds, news),
    update: (id: string, olds: ObjectOutputs, news: ObjectInputs) => update(p, id, olds, news),
    delete: (id: string, props: ObjectOutputs) => del(p, id, props),
  };
  /** The dynamic provider (what the serialized stub calls). */
  const provider = {
    configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
    check: async (olds: unknown, news: unknown) => check(olds, news),
    diff: async (id: string, olds: ObjectOutputs, news: ObjectInputs) => ops.diff(id, olds, news),
    create: ops.create,
    read: ops.read,
    update: ops.update,
    delete: ops.delete,
  };
  return { provider, ...ops, plan: p.plan };
}
