/**
 * The settings engine's `read` (refresh, and `get`'s read-only view): the managed settings'
 * current values, drift by field; a not-found answer is never "gone" on its own.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { operation, ResourceOperationError } from "../common";
import { setPath, viewOf, expandFields, type SettingsSnapshot, type SettingsTarget } from "./kind";
import type { SettingsOutputs } from "./types";
import { gated, notGone } from "./answers";
import type { EngineContext } from "./context";

/** The `read` of a kind. */
export function readOperation<R>(c: EngineContext<R>) {
  const {
    kind,
    keyName,
    rk,
    targetKey,
    label,
    shownKey,
    targetOf,
    objectNoun,
    outputsOf,
    inputsOf,
    readGated,
    absent,
  } = c;

  function parseId(id: string): SettingsTarget | undefined {
    const m = (rk ? /^(\d+)(?:\/(\d+))?$/ : /^(\d+)(?:\/([A-Za-z]+))?$/).exec(String(id));
    if (!m || (keyName !== undefined || rk !== undefined) !== (m[2] !== undefined))
      return undefined;
    return { zone: Number(m[1]), key: m[2] };
  }

  async function read(
    id: string,
    props: SettingsOutputs,
  ): Promise<dynamic.ReadResult<SettingsOutputs>> {
    const parsed = parseId(id);
    const viewOnly = typeof props?.shieldZoneId !== "number" || props.readOnly === true;
    const target: SettingsTarget | undefined = viewOnly ? parsed : targetOf(props);
    const what = `${label(target?.zone ?? "?", target && shownKey(target))}: read`;
    return operation(what, async () => {
      if (!target) {
        throw new ResourceOperationError(
          `${what} failed: the id must be ${keyName ? `"<shieldZoneId>/<${keyName}>" (e.g. "1/${kind.keyInput!.values[0]}")` : rk ? `"<shieldZoneId>/<${rk.id}>" (e.g. "1/3")` : '"<shieldZoneId>" (e.g. "1")'}; got ${JSON.stringify(id)}`,
        );
      }
      let snap: SettingsSnapshot<R> | undefined;
      try {
        if (viewOnly && rk) {
          // A view names the object by id: the resolution says what it is (or what the zone has).
          const r = await gated(kind, target.zone, what, () =>
            rk.resolve(target.zone, { id: Number(target.key) }, what),
          );
          target.alias = r.name;
          snap = (r.current as SettingsSnapshot<R> | undefined) ?? (await readGated(target, what));
        } else snap = await readGated(target, what);
      } catch (e) {
        return notGone(kind, target.zone, e, what, objectNoun(target));
      }
      // Confirmed gone: a readable listing of the zone lacks the object.
      if (snap === undefined) {
        if (viewOnly) return absent(target, what);
        return { id: "" };
      }
      if (viewOnly) {
        const outs: SettingsOutputs = {
          shieldZoneId: target.zone,
          ...(keyName ? { [keyName]: target.key } : {}),
          ...(rk ? { [rk.id]: Number(target.key), [rk.name]: target.alias } : {}),
          ...(kind.outputs?.(snap, []) ?? {}),
          prior: {},
          managed: [],
          readOnly: true,
        };
        for (const f of expandFields(kind.fields, snap.values))
          setPath(outs, f.path, viewOf(f, snap.values[f.path] ?? null));
        return { id: targetKey(target), props: outs, inputs: inputsOf(outs) as never };
      }
      const like = inputsOf(props);
      const outs: SettingsOutputs = {
        ...props,
        ...outputsOf(target, like, snap, snap.values, props.prior ?? {}, {}, props),
        ...(props.created ? { created: true } : {}),
      };
      return { id: targetKey(target), props: outs, inputs: inputsOf(outs) as never };
    });
  }

  return read;
}
