/**
 * The engine of "objects in a zone" (rate-limit rules, custom WAF rules, access lists, DNS
 * records): create and adopt, built from a kind's declaration (kind.ts). Read, update,
 * delete, diff and the provider object are in provider.ts.
 *
 * The object is its id. Its safety rules:
 * - one object, one owner: the zone is listed (once per zone per run) before a POST; an
 *   object of the same name is never taken over, whatever its values (it may be another
 *   stack's, or made by hand): the create fails before any write, naming it and the ways out
 *   (adopt it by `ruleId`, rename, or record it after an interrupted run). A kind whose names
 *   are shared (`names: "shared"`: DNS records) has no name check: no take-over is by id only;
 * - a POST whose outcome is unknown is never re-sent: the zone is listed again to find it (by
 *   name; by proof for a kind that declares `sentIn`, recovery.ts `recoverByProof`);
 * - a 202 is "pending": the object is read back with a bounded backoff; a create whose id is
 *   known but that still fails is reported as a partial create, so the id goes into state;
 * - an update sends only the top-level fields that changed, with the configuration merged
 *   over the platform's current one (read just before), so nothing unmanaged is reset.
 */
import { isNotFound, messageOf, PROVIDER_KEY, ResourceOperationError } from "../common";
import { capabilitiesOf } from "./capabilities";
import { acceptedId, idOfText } from "./ids";
import { parentOf, parentWrite, placeLabel, placingFields } from "./parent";
import { claim, claimsOf, claimValue, isClaimed, unclaim, zoneListing } from "../run-state";
import { wordsOf, type MessageWords, type ZoneObject, type ZoneObjectKind } from "./kind";
import {
  findByName,
  logLine,
  outcomeUnknown,
  PartialCreateError,
  pendingOutputs,
  readBack,
  recoverByProof,
  recoverCreatedRule,
  timing,
} from "./recovery";
import { isAdoptMode, type StatePlan, type ObjectInputs } from "./state";
import { zoneWrite } from "./zone-reads";

/** Claim namespaces of a kind within a run (ids of two kinds may be equal). */
export const claimKeys = (kind: ZoneObjectKind) => ({
  /** Objects a resource of this run manages. */
  object: kind.claimKey,
  /** Names taken in a zone by this run. */
  name: (zone: number) => `${kind.claimKey}-name:${zone}`,
  /** Objects whose resource is being replaced in this run (value: their origin). */
  replacing: `${kind.claimKey}-replacing`,
  /** Objects this run created in a zone. */
  created: (zone: number) => `${kind.claimKey}-created:${zone}`,
  /** Objects this run deleted (a zone listed earlier in the run may still show them). */
  deleted: `${kind.claimKey}-deleted`,
});

/**
 * `edgeplatform <Type> <id>`, or where a create-mode resource is in its parent's words
 * (`(shield zone 7)`, `(pull zone 9)`, `(DNS zone 3)`): the label of messages.
 */
export const labelOf = (kind: ZoneObjectKind, i: ObjectInputs) =>
  isAdoptMode(i)
    ? `edgeplatform ${kind.typeName} ${String(i.ruleId)}`
    : `edgeplatform ${kind.typeName} ${placeLabel(kind.parent, i)}`;

/** The create and adopt operations of one kind. */
export function createOperations<O extends ZoneObject>(kind: ZoneObjectKind<O>, plan: StatePlan) {
  const keys = claimKeys(kind as ZoneObjectKind);
  const w = wordsOf(kind);
  const can = capabilitiesOf(kind);
  const { uniqueNames, proof, guard, completion } = can;
  /** The zone as listed once in this run, without the objects this run deleted since. */
  const listZone = async (zone: number) =>
    (await zoneListing(zone, () => kind.endpoints.listZone(zone), kind.claimKey)).filter(
      (r) => !isClaimed(keys.deleted, r.id),
    );

  /** Whether an object holds the program's managed values. */
  const matches = (inputs: ObjectInputs, rule: O) => plan.fieldsToPatch(inputs, rule).length === 0;

  /**
   * Brings an existing object to the program's managed values: no write when they match.
   * `read` reads the object (default: its GET); the write, when one is needed, ends the
   * zone reads' sessions as every write does (zone-reads.ts `zoneWrite`).
   */
  async function converge(
    inputs: ObjectInputs,
    ruleId: O["id"],
    what: string,
    zone: number | undefined = inputs.shieldZoneId,
    read: (id: O["id"], zone: number | undefined) => Promise<O> = kind.endpoints.get,
  ): Promise<O> {
    const current = await read(ruleId, zone);
    const patch = plan.patchFor(inputs, current);
    if (!patch) return current;
    if (uniqueNames && patch.fields.includes("ruleName")) {
      await assertNameFree(current, inputs.ruleName, what);
    }
    const result = await zoneWrite(() => kind.endpoints.update(ruleId, patch.body, current));
    if (result.status === 200) return result.rule;
    const rule = await readBack(kind, ruleId, (r) => matches(inputs, r), current.shieldZoneId);
    if (!rule) {
      throw new ResourceOperationError(
        `${what} failed: the platform accepted the change of ${w.one} ${ruleId} (202) but it was ` +
          `not visible after ${timing.readBackMs / 1000} s; run \`pulumi up\` again (the ` +
          `change is re-sent only if it is still missing)`,
      );
    }
    return rule;
  }

  /**
   * Names are unique in a zone: before an object is renamed, the zone (listed once per run)
   * must have no other object of the new name, and no other resource of this run may claim it.
   */
  async function assertNameFree(rule: O, name: unknown, what: string): Promise<void> {
    if (typeof name !== "string" || name === "") return;
    const zone = rule.shieldZoneId;
    const listed = await listZone(zone);
    const other = listed.find((r) => r.ruleName === name && r.id !== rule.id);
    if (other || isClaimed(keys.name(zone), name)) {
      throw new ResourceOperationError(
        `${what} failed: ${w.zone} ${zone} already has ${
          other ? `${w.one} ${other.id}` : `a ${w.one} of this program`
        } named "${name}"; ${w.one} names are unique in a zone. Choose another ${w.name}, or ` +
          `rename that ${w.one} first. Nothing was written.`,
      );
    }
    claim(keys.name(zone), name);
  }

  /**
   * Adopt mode: the object must exist; one PATCH only when managed fields differ. `read`
   * reads the object (default: its GET; a kind that adopts with the shared zone read passes
   * it, see {@link ZoneObjectKind.adoptReadsShared}).
   */
  async function adopt(
    inputs: ObjectInputs,
    what: string,
    read?: (id: O["id"], zone: number | undefined) => Promise<O>,
  ) {
    const ruleId = inputs.ruleId as O["id"];
    if (isClaimed(keys.object, ruleId)) {
      throw new ResourceOperationError(
        `${what} failed: another resource of this program already manages ${w.one} ${ruleId}; ` +
          `a ${w.one} can be managed by one resource only. Nothing was written.`,
      );
    }
    claim(keys.object, ruleId); // before the first await: two adopts of one object in parallel
    let rule: O;
    try {
      rule = await converge(inputs, ruleId, what, inputs.shieldZoneId, read);
    } catch (e) {
      unclaim(keys.object, ruleId);
      if (isNotFound(e) && !(e as { isAmbiguousNotFound?: boolean }).isAmbiguousNotFound) {
        throw new ResourceOperationError(
          `${what} failed: ${kind.noun} ${ruleId} does not exist (${messageOf(e)}). ${w.id} ` +
            `adopts an existing ${w.one}; ${
              uniqueNames ? `use ${placingFields(kind.parent).join(" or ")}` : `leave ${w.id} out`
            } to create a new one.`,
          e,
        );
      }
      throw e;
    }
    claim(keys.object, rule.id);
    return { id: String(rule.id), outs: plan.toOutputs(rule, inputs, "adopted") };
  }

  /**
   * The replacement of a resource of this run (its identity changed, e.g. `shieldZoneId` to
   * the `pullZoneId` of the same zone) finds the object it replaces: that object is this
   * stack's own (the engine diffed its state in this run), so the replacement manages it,
   * brought to the program's values, and the old resource's delete leaves it.
   */
  async function takeOverReplaced(inputs: ObjectInputs, existing: O, zone: number, what: string) {
    claim(keys.object, existing.id);
    claim(keys.name(zone), inputs.ruleName as string);
    const rule = await converge(inputs, existing.id, what, zone);
    const origin = claimValue(keys.replacing, existing.id) === "adopted" ? "adopted" : "created";
    logLine(
      `${what}: ${w.one} ${rule.id} named "${inputs.ruleName}" in ${w.zone} ${zone} is the ` +
        `${w.one} of the resource this one replaces; it is kept and managed here`,
    );
    return { id: String(rule.id), outs: plan.toOutputs(rule, inputs, origin) };
  }

  /** Records an object this run created (then the kind's completion), then its state. */
  async function created(object: O, zone: number, inputs: ObjectInputs, what: string) {
    claim(keys.object, object.id);
    claim(keys.created(zone), object.id);
    const rule = completion ? await completion.afterCreate({ object, zone, inputs, what }) : object;
    return { id: String(rule.id), outs: plan.toOutputs(rule, inputs, "created") };
  }

  /** Create mode: required fields, name check and the kind's own checks, then one POST. */
  async function createInZone(inputs: ObjectInputs & { [PROVIDER_KEY]?: unknown }, what: string) {
    const zone = await parentOf(kind.parent, inputs, what);
    return parentWrite(kind.parent, zone, () => createUnder(zone, inputs, what));
  }

  /** {@link createInZone} once the parent is known (one write at a time where it says so). */
  async function createUnder(
    zone: number,
    inputs: ObjectInputs & { [PROVIDER_KEY]?: unknown },
    what: string,
  ) {
    const name = inputs.ruleName as string;
    const listed = await listZone(zone);
    // The zone's objects before the POST: what an unknown outcome's recovery leaves out.
    const known = new Set(listed.map((r) => r.id));
    if (uniqueNames) {
      const same = listed.filter((r) => r.ruleName === name);
      if (isClaimed(keys.name(zone), name) || same.some((r) => isClaimed(keys.object, r.id))) {
        throw new ResourceOperationError(
          `${what} failed: another resource of this program already creates or manages a ` +
            `${w.one} named "${name}" in ${w.zone} ${zone}; ${w.one} names are unique in a zone.`,
        );
      }
      if (same.length === 1 && isClaimed(keys.replacing, same[0].id)) {
        return takeOverReplaced(inputs, same[0], zone, what);
      }
      if (same.length > 0) {
        throw new ResourceOperationError(sameNameMessage(what, zone, name, same, w));
      }
    }
    const missing = plan.missingForCreate(inputs);
    if (missing.length > 0) {
      throw new ResourceOperationError(
        `${what} failed: a new ${w.one} needs ${missing.join(", ")}; nothing was written`,
      );
    }
    const body: Record<string, unknown> = {
      shieldZoneId: zone,
      ruleName: name,
      ...(inputs.ruleDescription !== undefined ? { ruleDescription: inputs.ruleDescription } : {}),
      ruleConfiguration: kind.config.normalize(inputs.ruleConfiguration),
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
      const createdInRun = claimsOf(keys.created(zone)).map(
        (c) => idOfText(kind.ids, c) as O["id"],
      );
      try {
        await guard.beforeCreate({ zone, listed, createdInRun, what, inputs });
      } catch (e) {
        if (uniqueNames) unclaim(keys.name(zone), name); // refused before any write
        throw e;
      }
    }
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
        : await recoverCreatedRule(kind, inputs, zone, known, e, what);
      return created(found, zone, inputs, what);
    }
    if (result.status === 200) return created(result.rule, zone, inputs, what);
    let id = result.status === 202 ? (acceptedId(kind.ids, result.accepted) as O["id"]) : undefined;
    if (id === undefined && proof) {
      // Applied (or accepted) without naming the object: found by proof, never by name.
      const found = await byProof(undefined);
      if (result.status === "unnamed") return created(found, zone, inputs, what);
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
        pendingOutputs(id, zone, inputs),
      );
    }
    return created(read, zone, inputs, what);
  }

  return { adopt, converge, createInZone };
}

/**
 * The message of a create that found an object of the same name: never taken over (it may be
 * another stack's, or made by hand); nothing is written.
 */
function sameNameMessage(
  what: string,
  zone: number,
  name: string,
  same: ZoneObject[],
  w: MessageWords,
) {
  const ids = same.map((r) => r.id);
  const one = ids.length === 1;
  const id = one ? String(ids[0]) : "<id>";
  const One = w.one[0].toUpperCase() + w.one.slice(1);
  return (
    `${what} failed: ${w.zone} ${zone} already has ${one ? w.one : w.many} ` +
    `${ids.join(", ")} named "${name}". ${One} names are unique in a zone, and Pulumi never ` +
    `takes over a ${w.one} this stack did not create (it may belong to another stack, or have ` +
    `been made by hand). Nothing was written. Ways out: adopt it with \`${w.id}: ${id}\` ` +
    `(destroy then leaves it; add \`deleteOnDestroy: true\` to make destroy delete it); or ` +
    `choose another ${w.name}; or, if you renamed this resource in the program, give the new ` +
    `one \`aliases: [{ name: "<old name>" }]\`; or, if an interrupted \`pulumi up\` of this ` +
    `stack created it, adopt it as this resource's own with \`${w.id}: ${id}, ` +
    `deleteOnDestroy: true\` and clear the engine's pending creates with \`pulumi refresh ` +
    `--clear-pending-creates\`.`
  );
}

/** JSON with object keys sorted (a value's text whatever the order its keys were written in). */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/**
 * The message of a create (a kind whose names are shared) that found an object holding every
 * value it sends: never a duplicate, never taken over; nothing is written.
 */
function twinMessage(
  what: string,
  zone: number,
  twins: ZoneObject[],
  keys: ReturnType<typeof claimKeys>,
  w: MessageWords,
) {
  if (twins.length === 0 || twins.every((r) => isClaimed(keys.object, r.id))) {
    return (
      `${what} failed: another resource of this program already creates or manages a ${w.one} ` +
      `holding every value of this one in ${w.zone} ${zone}; a second one would be a ` +
      `duplicate. Nothing was written. Remove one of the two resources, or change a value.`
    );
  }
  const ids = twins.map((r) => r.id);
  const id = ids.length === 1 ? String(ids[0]) : "<id>";
  // A rename without `aliases` lands here (the engine creates the new name before it deletes
  // the old one): its way out comes first, as adopting would leave the record to destroy.
  return (
    `${what} failed: ${w.zone} ${zone} already has ${ids.length === 1 ? w.one : w.many} ` +
    `${ids.join(", ")} holding every value of this one. ${w.one[0].toUpperCase()}${w.one.slice(1)}s ` +
    `of one name are allowed (a round-robin set), but an identical one would be a duplicate, ` +
    `and Pulumi never takes over a ${w.one} this stack did not create (it may belong to ` +
    `another stack, or have been made by hand). Nothing was written. Ways out: if you renamed ` +
    `this resource in the program, give the new name the old one: \`aliases: [{ name: "<old ` +
    `name>" }]\` (${w.one} ${id} stays this stack's, created, deleted by destroy); or, if an ` +
    `interrupted \`pulumi up\` of this stack created it, adopt it as this resource's own with ` +
    `\`${w.id}: ${id}, deleteOnDestroy: true\` and clear the engine's pending creates with ` +
    `\`pulumi refresh --clear-pending-creates\`; or, if it is not this stack's, adopt it with ` +
    `\`${w.id}: ${id}\` (destroy then leaves it); or change a value.`
  );
}
