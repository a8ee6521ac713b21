/**
 * The settings engine's `create`: resolves the zone (and a key the platform resolves), refuses
 * a second owner before any write, claims the object, records the values before Pulumi and
 * writes only what differs (a write that may have landed is kept as a partial create).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  isNotFound,
  messageOf,
  operation,
  present,
  PROVIDER_KEY,
  ResourceOperationError,
} from "../common";
import { logLine, PartialCreateError } from "../zone-objects/recovery";
import { claim, claimValue, claimWith, isClaimed, recordTime, unclaim } from "../run-state";
import {
  getPath,
  secretsHidden,
  redacted,
  setPath,
  type SettingsSnapshot,
  type SettingsTarget,
} from "./kind";
import type { SettingsInputs, SettingsOutputs } from "./types";
import { gated, managedOf } from "./answers";
import type { EngineContext } from "./context";
import type { EngineClaims } from "./claims";
import { PRIOR_READ, takeCheckRead } from "./prior-read";

/** The `create` of a kind. */
export function createOperation<R>(c: EngineContext<R>, claims: EngineClaims) {
  const {
    kind,
    CLAIM,
    REPLACING,
    SPELLED,
    rk,
    ZONE,
    describe,
    pinnedOf,
    targetKey,
    label,
    keyOf,
    shownKey,
    objectNoun,
    desiredOf,
    outputsOf,
    readPresent,
    writeGated,
    changesOf,
    priorOf,
    resolve,
    refused,
  } = c;
  const { claimFields, unclaimFields, refuseOtherSpellings, managedPaths } = claims;

  async function create(
    inputs: SettingsInputs & { [PROVIDER_KEY]?: unknown },
  ): Promise<dynamic.CreateResult<SettingsOutputs>> {
    const createBy = kind.address?.createBy;
    const zoneText =
      inputs.shieldZoneId ??
      (createBy ? `for ${String(inputs[createBy])}` : `of pull zone ${String(inputs.pullZoneId)}`);
    let what = `${label(zoneText, keyOf(inputs))}: create`;
    return operation(what, async () => {
      const resolved = await resolve(inputs, what);
      const { created, current } = resolved;
      // A string for a kind whose ids are strings (object-ids.ts): carried as it is.
      const zone = resolved.zone as number;
      let target: SettingsTarget = { zone, key: keyOf(inputs) as string | undefined };
      // A resolved key: the platform says which object the spelling names, before the claim.
      let read: SettingsSnapshot<R> | undefined;
      // What `check` read just before (its record of the values before Pulumi): read once.
      const checked = created ? undefined : takeCheckRead<R>(kind.type, zone, keyOf(inputs));
      if (checked) {
        target = checked.target;
        read = checked.snap;
      } else if (rk) {
        const by = { id: inputs[rk.id] as number, name: inputs[rk.name] as string };
        const r = await gated(kind, zone, what, () => rk.resolve(zone, by, what));
        target = { zone, key: String(r.id), alias: r.name };
        read = r.current as SettingsSnapshot<R> | undefined;
      }
      what = `${label(zone, shownKey(target))}: create`;
      const key = targetKey(target);
      await refuseOtherSpellings(inputs, target, what);
      if (isClaimed(CLAIM, key)) {
        const theirs = claimValue(SPELLED, key);
        throw new ResourceOperationError(
          `${what} failed: another resource of this program already manages ` +
            `${objectNoun(target)}` +
            `${typeof theirs === "string" ? ` (it gives the zone as ${theirs})` : ""}; one ` +
            `settings object, one resource, whatever spelling of the zone. Nothing was written.`,
        );
      }
      // Claimed now, synchronously with the check above: a resource for the same object that
      // the program could not name (its zone known only later) is refused while this reads.
      const fields = claimFields(managedPaths(inputs), zone, what);
      claim(CLAIM, key);
      claimWith(
        SPELLED,
        key,
        present(inputs.pullZoneId)
          ? `pullZoneId ${String(inputs.pullZoneId)}`
          : `shieldZoneId ${zone}`,
      );
      let snap: SettingsSnapshot<R>;
      try {
        snap =
          read ?? (current as SettingsSnapshot<R> | undefined) ?? (await readPresent(target, what));
      } catch (e) {
        unclaim(CLAIM, key); // nothing was written
        unclaim(SPELLED, key);
        unclaimFields(fields);
        if (isNotFound(e) && !(e instanceof ResourceOperationError)) {
          throw new ResourceOperationError(
            `${what} failed: ${ZONE} ${zone} does not exist (or the API key cannot see it): ${messageOf(e)}. Nothing was written.`,
            e,
          );
        }
        throw e;
      }
      const managed = managedOf(kind, inputs).map((f) => f.path);
      const prior = priorOf(snap, managed);
      /** The managed settings that `record` holds, over `prior`. */
      const keep = (record: unknown) => {
        for (const path of managed) {
          const r = getPath(record, path);
          if (r !== undefined) setPath(prior, path, r);
        }
      };
      // The values `check` read before this create, in the engine's record of it (the one
      // record an interrupted run keeps): the same values, and the ones destroy restores.
      keep(inputs[PRIOR_READ]);
      // A replacement in this run of a resource for the same object (the zone spelled the
      // other way): the object now holds what Pulumi wrote; keep that resource's record.
      keep(claimValue(REPLACING, key));
      // What the program states was there before Pulumi wins over what is read now.
      for (const [path, v] of Object.entries(pinnedOf(inputs))) setPath(prior, path, v);
      const priorRecordedAt = recordTime();
      // The record a stale entry's delete compares with, and when it was taken.
      claimWith(CLAIM, key, prior, priorRecordedAt);
      const desired = desiredOf(inputs);
      const changes = changesOf(snap, desired);
      const extra = { ...(created ? { created: true } : {}), priorRecordedAt };
      let wrote = false;
      let written: Record<string, unknown> = {};
      try {
        if (Object.keys(changes).length > 0) {
          await kind.validate?.(target, changes, what);
          // Printed before the write: if the run is interrupted after it, the values are here.
          await logLine(
            `${what}: configuration before Pulumi: ${describe(priorOf(snap, managed))}; ` +
              `destroy restores ${created ? "nothing (Pulumi created it)" : describe(prior)}`,
          );
          written = (await writeGated(target, snap, changes, prior, what)) ?? {};
          wrote = true; // from here on, a failure must keep the record
        }
        const more = (await kind.afterWrite?.(target, inputs, undefined, what)) ?? {};
        return {
          id: key,
          outs: {
            ...outputsOf(target, inputs, snap, { ...snap.values, ...changes }, prior, extra),
            ...written,
            ...more,
            [PROVIDER_KEY]: inputs[PROVIDER_KEY],
          },
        };
      } catch (e) {
        if (!created && !wrote && refused(e)) {
          unclaim(CLAIM, key); // refused before or by the write: nothing was written
          unclaim(SPELLED, key);
          unclaimFields(fields);
          throw e;
        }
        // The write may have been applied (or Pulumi created the zone): keep the resource
        // with what destroy restores, so that the next run neither forgets the object nor
        // records Pulumi's write as its prior.
        throw secretsHidden(
          kind.fields,
          new PartialCreateError(
            `${what} failed: ${messageOf(e)}. The state records ${kind.noun} with their values ` +
              `before Pulumi (${JSON.stringify(redacted(kind.fields, prior))}); the next \`pulumi up\` reads them and ` +
              `writes only what still differs`,
            key as never,
            {
              ...outputsOf(target, inputs, snap, snap.values, prior, extra),
              // Not done: the next run sends what these record (a document).
              ...Object.fromEntries((kind.passThrough ?? []).map((p) => [p, undefined])),
              [PROVIDER_KEY]: inputs[PROVIDER_KEY],
            },
          ),
        );
      }
    });
  }

  return create;
}
