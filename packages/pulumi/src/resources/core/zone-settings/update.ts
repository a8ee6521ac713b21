/**
 * The settings engine's `update`: writes only what changed; a setting newly managed records
 * its value before Pulumi first, one no longer managed goes back to it; a stated `prior`
 * changes the record without a call.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { messageOf, operation, present, PROVIDER_KEY } from "../common";
import { logLine, PartialCreateError } from "../zone-objects/recovery";
import { getPath, secretsHidden, nameOf, redacted, setPath, toWire, type Wire } from "./kind";
import type { SettingsInputs, SettingsOutputs } from "./types";
import { managedOf, fieldOf } from "./answers";
import type { EngineContext } from "./context";
import type { EngineClaims } from "./claims";

/** The `update` of a kind. */
export function updateOperation<R>(c: EngineContext<R>, claims: EngineClaims) {
  const {
    kind,
    rk,
    describe,
    pinnedOf,
    label,
    shownKey,
    targetOf,
    desiredOf,
    outputsOf,
    readPresent,
    writeGated,
    changesOf,
    priorOf,
    refused,
    sameAsState,
  } = c;
  const { claimFields, refuseOtherSpellings, managedPaths } = claims;

  async function update(
    id: string,
    olds: SettingsOutputs,
    news: SettingsInputs,
  ): Promise<dynamic.UpdateResult<SettingsOutputs>> {
    const target = targetOf(olds);
    const what = `${label(target.zone, shownKey(target))}: update`;
    const { [PROVIDER_KEY]: provider } = olds as Record<string, unknown>;
    // An object Pulumi created stays its own while the program names it by the input that
    // created it; named by its id, it is adopted from now on (destroy restores, never deletes).
    const createBy = kind.address?.createBy;
    const stillCreated = olds.created === true && (!createBy || present(news[createBy]));
    return operation(what, async () => {
      await refuseOtherSpellings(news, target, what);
      claimFields(managedPaths(news), target.zone, what);
      // An unfinished operation (kind.unfinished) runs the write path again, even unchanged.
      if (sameAsState(olds, news) && kind.unfinished?.(olds) !== true) {
        // Only the record changes (a prior stated or no longer stated): no call. A setting
        // with no record (a state of an earlier version) stays without one: what the object
        // holds now is Pulumi's write, never its value before Pulumi.
        const pinned = pinnedOf(news);
        const prior: Record<string, unknown> = {};
        for (const path of olds.managed ?? []) {
          const p = path in pinned ? pinned[path] : getPath(olds.prior, path);
          if (p !== undefined) setPath(prior, path, p);
        }
        const { priorPinned: _p, created: _c, ...kept } = olds as Record<string, unknown>;
        if (stillCreated) kept.created = true;
        if (rk) {
          // The same object spelled the other way: the outputs follow the program.
          delete kept[rk.byName];
          if (present(news[rk.name])) kept[rk.byName] = true;
        }
        const pin = Object.keys(pinned).length > 0 ? { priorPinned: true } : {};
        return { outs: { ...(kept as SettingsOutputs), prior, ...pin } };
      }
      const snap = await readPresent(target, what, { last: olds });
      const managed = managedOf(kind, news).map((f) => f.path);
      const was = new Set(olds.managed ?? []);
      const prior: Record<string, unknown> = {};
      const fresh: string[] = [];
      const pinned = pinnedOf(news);
      for (const path of managed) {
        const p = getPath(olds.prior, path);
        if (path in pinned) setPath(prior, path, pinned[path]);
        else if (was.has(path) && p !== undefined) setPath(prior, path, p);
        else {
          fresh.push(path);
          setPath(prior, path, nameOf(fieldOf(kind, path)!, snap.values[path] ?? null));
        }
      }
      // A field no longer managed goes back to its prior: never left silently changed.
      const restore: Record<string, Wire> = {};
      for (const path of was) {
        if (managed.includes(path)) continue;
        const f = fieldOf(kind, path);
        const p = getPath(olds.prior, path);
        if (f && p !== undefined && !olds.created) restore[path] = toWire(f, p);
      }
      const changes = { ...changesOf(snap, restore), ...changesOf(snap, desiredOf(news)) };
      const inputs = news;
      const extra = {
        ...(stillCreated ? { created: true } : {}),
        ...(olds.priorRecordedAt !== undefined ? { priorRecordedAt: olds.priorRecordedAt } : {}),
      };
      let wrote = false;
      let written: Record<string, unknown> = {};
      try {
        if (Object.keys(changes).length > 0) {
          const validated = Object.fromEntries(
            Object.entries(changes).filter(([p]) => managed.includes(p)),
          );
          await kind.validate?.(target, validated, what);
          if (fresh.length > 0)
            await logLine(
              `${what}: configuration before Pulumi: ${describe(priorOf(snap, fresh))}`,
            );
          const restored = Object.keys(restore).filter((p) => p in changes);
          if (restored.length > 0)
            logLine(
              `${what}: no longer managed, restored to the value before Pulumi: ${restored.join(", ")}`,
            );
          const context = olds.created === true ? { created: true } : undefined;
          written = (await writeGated(target, snap, changes, prior, what, context)) ?? {};
          wrote = true; // from here on, a failure must keep the record
        }
        const more = (await kind.afterWrite?.(target, news, olds, what)) ?? {};
        return {
          outs: {
            ...outputsOf(target, inputs, snap, { ...snap.values, ...changes }, prior, extra),
            ...written,
            ...more,
            ...(provider !== undefined ? { [PROVIDER_KEY]: provider } : {}),
          },
        };
      } catch (e) {
        if (!wrote && refused(e)) throw e;
        throw secretsHidden(
          kind.fields,
          new PartialCreateError(
            `${what} failed: ${messageOf(e)}. The state records the values before Pulumi ` +
              `(${JSON.stringify(redacted(kind.fields, prior))}); the next \`pulumi up\` reads them and writes only what ` +
              `still differs`,
            id as never,
            {
              ...outputsOf(target, inputs, snap, snap.values, prior, extra),
              ...Object.fromEntries((kind.passThrough ?? []).map((p) => [p, olds[p]])),
              [PROVIDER_KEY]: (news as Record<string, unknown>)[PROVIDER_KEY] ?? provider,
            },
          ),
        );
      }
    });
  }

  return update;
}
