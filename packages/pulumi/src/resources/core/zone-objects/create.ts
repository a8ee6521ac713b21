/**
 * Create mode of the zone-object engine: the parent resolved from the inputs (one write at a
 * time under it where the parent says so), the name check (or, where names are shared, the
 * identical-object check), the kind's create guard, then one POST whose answer or unknown
 * outcome is resolved without ever re-sending it (recovery.ts).
 */
import { PROVIDER_KEY, ResourceOperationError } from "../common";
import { claim, claimsOf, claimValue, isClaimed, unclaim } from "../run-state";
import type { EngineContext } from "./context";
import { converge } from "./converge";
import { sameNameMessage, stableJson, twinMessage, uniqueIn } from "./create-messages";
import { acceptedId, idOfText } from "./ids";
import type { ObjectId, ZoneObject } from "./kind";
import { parentOf, parentWrite } from "./parent";
import {
  findByName,
  logLine,
  outcomeUnknown,
  PartialCreateError,
  pendingOutputs,
  readBack,
  recoverByProof,
  recoverCreatedByName,
  timing,
} from "./recovery";
import { publicName } from "./spelling";
import type { ObjectInputs } from "./state";

/** Create mode: required fields, name check and the kind's own checks, then one POST. */
export async function createInZone<O extends ZoneObject>(
  ctx: EngineContext<O>,
  inputs: ObjectInputs & { [PROVIDER_KEY]?: unknown },
  what: string,
) {
  const { kind } = ctx;
  const zone = await parentOf(kind.parent, inputs, what);
  return parentWrite(kind.parent, zone, () => createUnder(ctx, zone, inputs, what));
}

/** {@link createInZone} once the parent is known (one write at a time where it says so). */
async function createUnder<O extends ZoneObject>(
  ctx: EngineContext<O>,
  zone: number,
  inputs: ObjectInputs & { [PROVIDER_KEY]?: unknown },
  what: string,
) {
  const { kind, plan, keys, w, uniqueNames, proof, guard } = ctx;
  const name = inputs.name as string;
  const listed = await ctx.listZone(zone);
  // The zone's objects before the POST: what an unknown outcome's recovery leaves out.
  const known = new Set(listed.map((r) => r.id));
  if (uniqueNames) {
    const same = listed.filter((r) => r.name === name);
    if (isClaimed(keys.name(zone), name) || same.some((r) => isClaimed(keys.object, r.id))) {
      throw new ResourceOperationError(
        `${what} failed: another resource of this program already creates or manages a ` +
          `${w.one} named "${name}" in ${w.zone} ${zone}; ${w.one} names are unique in ${uniqueIn(w)}.`,
      );
    }
    if (same.length === 1 && isClaimed(keys.replacing, same[0].id)) {
      return takeOverReplaced(ctx, inputs, same[0], zone, what);
    }
    if (same.length > 0) {
      throw new ResourceOperationError(sameNameMessage(what, zone, name, same, w));
    }
  }
  const missing = plan.missingForCreate(inputs).map((f) => publicName(kind, f));
  if (missing.length > 0) {
    throw new ResourceOperationError(
      `${what} failed: a new ${w.one} needs ${missing.join(", ")}; nothing was written`,
    );
  }
  const body: Record<string, unknown> = {
    parentId: zone,
    name,
    ...(inputs.description !== undefined ? { description: inputs.description } : {}),
    fields: kind.config.normalize(inputs.fields),
  };
  if (proof && !uniqueNames) {
    // Names are shared (a round-robin set is several objects of one name), but an object
    // holding every value this create sends is this one twice: it may be another stack's, a
    // hand-made one, or this stack's own from an interrupted run. Never a second one, never
    // taken over: refused before any write, as a same-name object of a unique-name kind.
    const twins = listed.filter((r) => proof.sentIn(r, body));
    const sentKey = `sent\0${stableJson(body)}`;
    if (twins.length > 0 || isClaimed(keys.name(zone), sentKey)) {
      throw new ResourceOperationError(twinMessage(what, zone, twins, keys, w));
    }
    claim(keys.name(zone), sentKey); // a second create of the same values in this run
  }
  // Claimed synchronously with the check above, before the kind's own checks wait for the
  // platform: another create of this name in this zone (the zone spelled either way) that
  // reaches the check meanwhile is refused, never a second POST.
  if (uniqueNames) claim(keys.name(zone), name);
  if (guard) {
    const createdInRun = claimsOf(keys.created(zone)).map((c) => idOfText(kind.ids, c) as O["id"]);
    try {
      await guard.beforeCreate({ zone, listed, createdInRun, what, inputs });
    } catch (e) {
      if (uniqueNames) unclaim(keys.name(zone), name); // refused before any write
      throw e;
    }
  }
  return postCreate(ctx, zone, inputs, what, body, known);
}

/**
 * The POST of a create whose checks passed, and what its answer leaves to find: an unknown
 * outcome is recovered (by proof for a kind that declares it, else by name), never re-sent;
 * a 202 or an answer that names nothing is resolved and read back; a create whose id is
 * known but that cannot be read is a partial create (the id goes into the state).
 */
async function postCreate<O extends ZoneObject>(
  ctx: EngineContext<O>,
  zone: number,
  inputs: ObjectInputs & { [PROVIDER_KEY]?: unknown },
  what: string,
  body: Record<string, unknown>,
  known: ReadonlySet<ObjectId>,
) {
  const { kind, keys, w, proof } = ctx;
  const name = inputs.name as string;
  /** The proof recovery of a kind that declares it (capabilities.ts `RecoveryByProof`). */
  const byProof = (cause: unknown) =>
    recoverByProof(
      kind,
      proof!,
      zone,
      body,
      known,
      (id) => isClaimed(keys.object, id) || isClaimed(keys.created(zone), id),
      cause,
      what,
    );
  let result: Awaited<ReturnType<typeof kind.endpoints.create>>;
  try {
    result = await kind.endpoints.create(body);
  } catch (e) {
    if (!outcomeUnknown(e)) throw e;
    const found = proof
      ? await byProof(e)
      : await recoverCreatedByName(kind, inputs, zone, known, e, what);
    return created(ctx, found, zone, inputs, what);
  }
  if (result.status === 200) return created(ctx, result.object, zone, inputs, what);
  let id = result.status === 202 ? (acceptedId(kind.ids, result.accepted) as O["id"]) : undefined;
  if (id === undefined && proof) {
    // Applied (or accepted) without naming the object: found by proof, never by name.
    const found = await byProof(undefined);
    if (result.status === "unnamed") return created(ctx, found, zone, inputs, what);
    id = found.id;
  }
  if (id === undefined) {
    const found = await findByName(kind, zone, name, known);
    if (!found) {
      throw new ResourceOperationError(
        `${what} failed: the platform accepted the ${w.one} (202) without naming it, and no ` +
          `${w.one} named "${name}" was visible in ${w.zone} ${zone} after ` +
          `${timing.readBackMs / 1000} s. The next \`pulumi up\` looks for it by name before creating, so it is not ` +
          `created twice.`,
      );
    }
    id = found.id;
  }
  claim(keys.object, id);
  claim(keys.created(zone), id);
  const read = await readBack(kind, id, () => true, zone);
  if (!read) {
    throw new PartialCreateError(
      `${what}: the platform accepted ${w.one} ${id} (202) but it was not readable after ` +
        `${timing.readBackMs / 1000} s; it is recorded in the state, and the next \`pulumi up\` ` +
        `reads it and brings it to the program's values`,
      id,
      pendingOutputs(id, zone, inputs, ctx.plan.spellings),
    );
  }
  return created(ctx, read, zone, inputs, what);
}

/**
 * The replacement of a resource of this run (its identity changed, e.g. its parent
 * given by another spelling that names the same parent) finds the object it replaces: that object is this
 * stack's own (the engine diffed its state in this run), so the replacement manages it,
 * brought to the program's values, and the old resource's delete leaves it.
 */
async function takeOverReplaced<O extends ZoneObject>(
  ctx: EngineContext<O>,
  inputs: ObjectInputs,
  existing: O,
  zone: number,
  what: string,
) {
  const { plan, keys, w } = ctx;
  claim(keys.object, existing.id);
  claim(keys.name(zone), inputs.name as string);
  const object = await converge(ctx, inputs, existing.id, what, zone);
  const origin = claimValue(keys.replacing, existing.id) === "adopted" ? "adopted" : "created";
  logLine(
    `${what}: ${w.one} ${object.id} named "${inputs.name}" in ${w.zone} ${zone} is the ` +
      `${w.one} of the resource this one replaces; it is kept and managed here`,
  );
  return { id: String(object.id), outs: plan.toOutputs(object, inputs, origin) };
}

/** Records an object this run created (then the kind's completion), then its state. */
async function created<O extends ZoneObject>(
  ctx: EngineContext<O>,
  object: O,
  zone: number,
  inputs: ObjectInputs,
  what: string,
) {
  const { plan, keys, completion } = ctx;
  claim(keys.object, object.id);
  claim(keys.created(zone), object.id);
  const done = completion ? await completion.afterCreate({ object, zone, inputs, what }) : object;
  return { id: String(done.id), outs: plan.toOutputs(done, inputs, "created") };
}
