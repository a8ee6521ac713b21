/**
 * The dynamic provider of a zone-object kind, built from its declaration: check, diff,
 * create (engine.ts), read, update and delete, in the kind's public spelling (boundary.ts).
 * Loaded at run time through the serialized stubs (`loader.ts`, `registry.ts`).
 *
 * - "gone" needs unambiguous evidence: a not-found answer AND a readable zone list without
 *   the id; `not_found_or_unauthorised_access`, 401/403 or an unreadable zone is an error;
 * - an adopted object stays adopted (`origin`): addressing it by zone and name later never
 *   makes destroy delete it; only `deleteOnDestroy: true` does;
 * - a resource of this run keeps its object (claims): no create of this run takes it over,
 *   no other resource adopts it, and a stale state entry's delete leaves it.
 */
import { configureFromRequest, type ConfigureRequestLike } from "../settings";
import { publicProvider, type PublicOptions } from "./boundary";
import type { ZoneObject, ZoneObjectKind } from "./kind";
import { providerContext } from "./provider-context";
import { diff, fieldChanges } from "./provider-diff";
import { read } from "./provider-read";
import { create, del, update } from "./provider-write";
import type { ObjectInputs, ObjectOutputs } from "./state";

export { idParts } from "./provider-read";

/**
 * The engine's operations of one kind, in its neutral names (state.ts): what the public
 * provider ({@link zoneObjectProvider}) runs between its boundary's mappings.
 */
export function zoneObjectEngine<O extends ZoneObject>(kind: ZoneObjectKind<O>) {
  const p = providerContext(kind);
  return {
    configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
    create: (inputs: ObjectInputs) => create(p, inputs),
    read: (id: string, props: ObjectOutputs) => read(p, id, props),
    diff: (id: string, olds: Partial<ObjectOutputs>, news: ObjectInputs) => diff(p, id, olds, news),
    fieldChanges: (olds: Partial<ObjectOutputs>, news: ObjectInputs) => fieldChanges(p, olds, news),
    update: (id: string, olds: ObjectOutputs, news: ObjectInputs) => update(p, id, olds, news),
    delete: (id: string, props: ObjectOutputs) => del(p, id, props),
    plan: p.plan,
  };
}

/** The neutral operations of one kind ({@link zoneObjectEngine}). */
export type ZoneObjectEngine = ReturnType<typeof zoneObjectEngine>;

/**
 * Builds the dynamic provider (and its named operations) of one kind, in its public spelling
 * (its `spelling`, `words` and parent's field). `check`: the kind's own (flat fields);
 * default: the engine's check of a nested configuration (check.ts).
 */
export function zoneObjectProvider<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
  opts: PublicOptions = {},
) {
  return publicProvider(kind as ZoneObjectKind, zoneObjectEngine(kind), opts);
}
