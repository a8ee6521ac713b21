/**
 * `diff` of a zone-object kind's provider and its per-field report: replacements (another
 * object or parent, or what the kind cannot change in place) and in-place changes, with the
 * claims that keep a resource of this run its object. No API call.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isUnknown } from "../common";
import { claim, claimWith } from "../run-state";
import { isObjectId } from "./ids";
import type { ZoneObject } from "./kind";
import { present } from "./plan";
import type { ProviderContext } from "./provider-context";
import { originOf, type ObjectInputs, type ObjectOutputs } from "./state";

/** Reports replacements (another object or zone) and in-place changes. No API call. */
export function diff<O extends ZoneObject>(
  p: ProviderContext<O>,
  _id: string,
  olds: Partial<ObjectOutputs>,
  news: ObjectInputs,
): dynamic.DiffResult {
  const { kind, plan, can, keys } = p;
  const { replaces: moved, changed } = plan.planChanges(olds ?? {}, news ?? { fields: {} });
  // What the platform cannot change in place (the kind's own): delete first, since names
  // are unique in a zone and the new object takes the same name.
  const fixed = can.replacedBy(olds ?? {}, news ?? { fields: {} });
  const replaces = [...moved, ...fixed];
  // A resource of this run's program keeps its object: no create of this run may take it
  // over, no other resource may adopt it, and a delete of it by a stale state entry (the old
  // half of a replacement or rename whose run failed before its delete) leaves it alone.
  const oldId = isObjectId(kind.ids, olds?.id) ? olds.id : undefined;
  if (replaces.length === 0 && oldId !== undefined) claim(keys.object, oldId);
  // A replacement (identity changed) may find this object again in the same zone by name:
  // it is this stack's own, so that create may keep it instead of failing.
  if (replaces.length > 0 && oldId !== undefined) {
    claimWith(keys.replacing, oldId, originOf(olds));
  }
  return {
    changes: replaces.length + changed.length > 0,
    replaces,
    deleteBeforeReplace: fixed.length > 0,
  };
}

/**
 * The fields a {@link diff} finds changed, for a per-field report (the native plugin's
 * `detailedDiff`): `replaces` as {@link diff} reports them, `changed` the other top-level
 * fields, with `fields` broken down into `fields.<field>`, and
 * `removed` the configuration fields the program no longer manages. No API call.
 */
export function fieldChanges<O extends ZoneObject>(
  p: ProviderContext<O>,
  olds: Partial<ObjectOutputs>,
  news: ObjectInputs,
): { replaces: string[]; changed: string[]; removed: string[] } {
  const { plan, can } = p;
  const n = news ?? { fields: {} };
  const { replaces: moved, changed: top } = plan.planChanges(olds ?? {}, n);
  const replaces = [...moved, ...can.replacedBy(olds ?? {}, n)];
  const desired = n.fields ?? {};
  const known = olds?.fields ?? {};
  const changed: string[] = [];
  const removed: string[] = [];
  for (const f of top) {
    if (replaces.includes(f)) continue;
    if (f !== "fields" || isUnknown(desired)) {
      changed.push(f);
      continue;
    }
    for (const c of plan.changedConfigFields(desired, known)) changed.push(`${f}.${c}`);
    for (const c of Object.keys(known)) if (!present(desired, c)) removed.push(`${f}.${c}`);
  }
  return { replaces, changed, removed };
}
