/**
 * The settings engine's `delete`: restores every managed setting to its value before Pulumi,
 * once per run and object (the oldest record wins when two state entries manage one object),
 * and leaves what another resource of this run manages with the same record.
 */
import { deepEqual, operation, ResourceOperationError } from "../common";
import { logLine } from "../zone-objects/recovery";
import { claimRecordedAt, claimValue, isClaimed, isYoungerRecord, restoreOnce } from "../run-state";
import { getPath, sameValue, setPath, toWire, type SettingsSnapshot, type Wire } from "./kind";
import type { SettingsOutputs } from "./types";
import { notGone, fieldOf } from "./answers";
import type { EngineContext } from "./context";
import { isObjectId } from "./object-ids";

/** The `delete` of a kind: the restore of the values before Pulumi. */
export function deleteOperation<R>(c: EngineContext<R>) {
  const {
    kind,
    CLAIM,
    rk,
    LABEL,
    show,
    priorInput,
    targetKey,
    label,
    shownKey,
    targetOf,
    objectNoun,
    readGated,
    writeGated,
    changesOf,
    names,
  } = c;

  async function del(_id: string, props: SettingsOutputs): Promise<void> {
    if (!props || props.readOnly === true || !isObjectId(kind, props.shieldZoneId)) return;
    const target = targetOf(props);
    const what = `${label(target.zone, shownKey(target))}: delete`;
    const note = kind.deleteNote?.(target, props);
    const adoptedIf = kind.deleteCreated?.adoptedIf;
    const deletesAdopted = adoptedIf !== undefined && props[adoptedIf] === true;
    if ((props.created || deletesAdopted) && kind.deleteCreated) {
      const key = targetKey(target);
      const { run, consequence } = kind.deleteCreated;
      const why = props.created ? "Pulumi created" : `${adoptedIf}: true for`;
      return operation(what, async () => {
        // Another resource of this run manages the object now (its id named by another
        // resource): deleting it would delete what that one manages.
        if (isClaimed(CLAIM, key))
          throw new ResourceOperationError(
            `${what} failed: another resource of this program now manages ` +
              `${objectNoun(target)}; ${props.created ? "Pulumi created it" : `${adoptedIf} is true`}, but deleting it ${consequence} ` +
              `would take it from that resource. Nothing was written. Remove this entry ` +
              `with \`pulumi state delete <urn>\` to keep it.`,
          );
        await logLine(`${what}: ${why} ${LABEL} ${target.zone}: deleting it ${consequence}`);
        try {
          await run(target, what);
        } catch (e) {
          return notGone(kind, target.zone, e, what, objectNoun(target));
        } finally {
          names.forget(); // the run's listing of names may show it: listed again
        }
      });
    }
    if (props.created) {
      logLine(
        `${what}: Pulumi created ${kind.noun === "the shield zone settings" ? "this shield zone" : kind.noun}; ` +
          `the platform has no DELETE of a shield zone: it is left as it is, with its settings`,
      );
      return;
    }
    const key = targetKey(target);
    const prior = props.prior ?? {};
    let managed = (props.managed ?? []).filter((p) => getPath(prior, p) !== undefined);
    if (isClaimed(CLAIM, key)) {
      const theirs = claimValue(CLAIM, key) as Record<string, unknown> | undefined;
      const agree = managed.every((p) => {
        const t = getPath(theirs, p);
        return t === undefined || deepEqual(t, getPath(prior, p));
      });
      // Another resource of this run manages the object now, with the same record: it
      // restores what it manages; the settings only this entry managed are restored here.
      if (agree) {
        managed = managed.filter((p) => getPath(theirs, p) === undefined);
        if (managed.length === 0) return;
      } else if (isYoungerRecord(props.priorRecordedAt, claimRecordedAt(CLAIM, key))) {
        // This entry's record is younger than the record of the resource that manages the
        // object now (a rename reverted: the program names the first owner again): that
        // resource holds the values before Pulumi, this entry read what Pulumi had written.
        // It leaves those settings to it without a write; those only it managed are restored.
        const left = managed.filter((p) => getPath(theirs, p) !== undefined);
        managed = managed.filter((p) => getPath(theirs, p) === undefined);
        logLine(
          `${what}: another resource of this program now manages ${objectNoun(target)} ` +
            `with an older record of the values before Pulumi ` +
            `(${show(theirs)}, taken ${String(claimRecordedAt(CLAIM, key))}) than ` +
            `this entry's (${show(prior)}, taken ${String(props.priorRecordedAt)}, ` +
            `after Pulumi's write); nothing is written for ${left.join(", ")}: that resource's ` +
            `destroy restores them`,
        );
        if (managed.length === 0) return;
      } else
        throw new ResourceOperationError(
          `${what} failed: another resource of this program now manages ` +
            `${objectNoun(target)} (a rename without \`aliases\`, or a replacement) and ` +
            `recorded ${show(theirs)} as the values before Pulumi, but this entry ` +
            `recorded ${show(prior)}. Nothing was written. When this entry's values ` +
            `are the ones before Pulumi (the other resource read what Pulumi had written, as ` +
            `after \`pulumi up --replace\` or a rename without \`aliases\`), set ` +
            `\`${priorInput(prior)}\` on the resource that manages ${rk ? `${rk.label} ${target.key} of ` : ""}${LABEL} ` +
            `${target.zone} now ` +
            `and run \`pulumi up\` again: it writes nothing.`,
        );
    }
    // Restore once: another entry of this state for the same object (the other half of a
    // refused rename or replacement) may be deleted in this run too; each setting is restored
    // by the entry whose record is the oldest (the first owner's), whatever the order.
    const record = Object.fromEntries(managed.map((p) => [p, getPath(prior, p)]));
    const same = (p: string, a: unknown, b: unknown) =>
      sameValue(fieldOf(kind, p)!, toWire(fieldOf(kind, p)!, a), toWire(fieldOf(kind, p)!, b));
    await restoreOnce(CLAIM, key, props.priorRecordedAt, record, same, async (plan) => {
      if (plan.conflicts.length > 0) {
        const theirs: Record<string, unknown> = {};
        for (const c of plan.conflicts) setPath(theirs, c.field, c.theirs);
        const mine: Record<string, unknown> = {};
        for (const c of plan.conflicts) setPath(mine, c.field, record[c.field]);
        throw new ResourceOperationError(
          `${what} failed: another entry of this stack for the same object ` +
            `(${objectNoun(target)}) restored ${show(theirs)} in this run, but ` +
            `this entry recorded ${show(mine)} as the values before Pulumi, and ` +
            `neither record says which was taken first (states of earlier versions do not). ` +
            `Nothing was written. If this entry's values are the ones before Pulumi, run ` +
            `\`pulumi destroy\` again (this entry alone then restores them); if not, remove ` +
            `this entry with \`pulumi state delete <urn>\`.`,
        );
      }
      // Every setting restored by an older entry in this run: nothing left to do here.
      if (plan.restore.length === 0 && managed.length > 0) return;
      await operation(what, async () => {
        let snap: SettingsSnapshot<R> | undefined;
        try {
          snap = await readGated(target, what, { valuesOnly: true });
        } catch (e) {
          return notGone(kind, target.zone, e, what, objectNoun(target));
        }
        if (snap === undefined) return; // confirmed gone: nothing to restore
        const restore: Record<string, Wire> = {};
        for (const p of plan.restore) restore[p] = toWire(fieldOf(kind, p)!, record[p]);
        const changes = changesOf(snap, restore);
        if (Object.keys(changes).length > 0)
          await writeGated(target, snap, changes, prior, what, { restoring: true });
        if (note) logLine(`${what}: ${note}`);
      });
    });
  }

  return del;
}
