/**
 * The fields a settings kind's `diff` finds changed, one by one, for a per-field report (the
 * native plugin's `detailedDiff`): the same comparisons as the engine's diff (a managed
 * setting compares by its platform value, an enumeration's name and integer are one value), by
 * the program's paths (`waf.mode`). Replacements are the diff's own (`replaces`). No API call.
 */
import { containsUnknown, deepEqual, isPlainObject } from "../common";
import type { EngineKind, SettingsInputs, SettingsOutputs } from "./engine";
import { expandFields, getPath, sameValue, toWire } from "./kind";

const present = (v: unknown) => v !== undefined && v !== null;

/**
 * The settings `news` changes against the state `olds`: `changed` (a managed setting's new
 * value, a setting newly managed, a pass-through input, a stated prior), `removed` (a setting
 * no longer managed: destroy-like, its prior is restored). Paths as the program writes them.
 */
export function settingsFieldChanges(
  kind: EngineKind,
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown> | undefined,
): { replaces: string[]; changed: string[]; removed: string[] } {
  const form = kind.form;
  const o: Partial<SettingsOutputs> = form ? form.state(olds ?? {}) : (olds ?? {});
  const n: SettingsInputs = form ? form.inputs(news ?? {}) : (news ?? {});
  const name = (p: string) => (form ? form.property(p) : p);
  const was = new Set(o.managed ?? []);
  const changed: string[] = [];
  const removed: string[] = [];
  for (const f of expandFields(kind.fields, n, [...was])) {
    const v = getPath(n, f.path);
    if (!present(v)) {
      if (was.has(f.path)) removed.push(name(f.path));
      continue;
    }
    if (
      containsUnknown(v) ||
      !was.has(f.path) ||
      !sameValue(f, toWire(f, v), toWire(f, getPath(o, f.path)))
    ) {
      changed.push(name(f.path));
    }
  }
  for (const p of kind.passThrough ?? []) {
    if (containsUnknown(n[p]) || !deepEqual(n[p] ?? undefined, o[p] ?? undefined)) {
      changed.push(name(p));
    }
  }
  // A stated prior: each value that differs from the record (an update that writes nothing).
  const stated = isPlainObject(n.prior) ? n.prior : undefined;
  const before = changed.length;
  for (const f of expandFields(kind.fields, stated ?? {})) {
    const v = getPath(stated, f.path);
    const recorded = getPath(o.prior, f.path);
    const same =
      v === null || !present(recorded)
        ? deepEqual(v, recorded)
        : sameValue(f, toWire(f, v), toWire(f, recorded));
    if (v !== undefined && !same) {
      changed.push(name(`prior.${f.path}`));
    }
  }
  const pinned = stated !== undefined && Object.keys(stated).length > 0;
  if (changed.length === before && pinned !== (o.priorPinned === true)) changed.push(name("prior"));
  // A resolved key spelled the other way (`listName` for `listId`): the outputs follow it.
  const rk = kind.key;
  if (rk && present(n[rk.name]) !== (o[rk.byName] === true)) {
    changed.push(present(n[rk.name]) ? rk.name : rk.id);
  }
  return { replaces: [], changed: [...new Set(changed)], removed };
}
