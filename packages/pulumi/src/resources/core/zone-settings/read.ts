/**
 * The settings engine's `read` (refresh, `get`'s read-only view, and `pulumi import`): the
 * managed settings' current values, drift by field; a not-found answer is never "gone" on its
 * own.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { operation, ResourceOperationError } from "../common";
import { recordTime } from "../run-state";
import {
  setPath,
  viewOf,
  expandFields,
  topFields,
  type SettingsSnapshot,
  type SettingsTarget,
} from "./kind";
import type { SettingsOutputs } from "./types";
import { gated, managedOf, notGone } from "./answers";
import type { EngineContext } from "./context";
import { isObjectId } from "./object-ids";

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
    priorOf,
    inputsOf,
    readGated,
    absent,
  } = c;

  function parseId(id: string): SettingsTarget | undefined {
    // A string id is the object's id as it is (no key inside it, no blank, no slash).
    if (kind.address?.ids === "string")
      return /^[^\s/]+$/.test(String(id)) && !keyName && !rk
        ? { zone: String(id) as unknown as number }
        : undefined;
    const m = (rk ? /^(\d+)(?:\/(\d+))?$/ : /^(\d+)(?:\/([A-Za-z]+))?$/).exec(String(id));
    if (!m || (keyName !== undefined || rk !== undefined) !== (m[2] !== undefined))
      return undefined;
    return { zone: Number(m[1]), key: m[2] };
  }

  /** The zone's input as ids name it (`shieldZoneId`, or the kind's own: `zoneId`). */
  const zoneInput = kind.address?.input ?? "shieldZoneId";
  /** The form of an id (what `get` and `pulumi import` take), with an example. */
  const idForm =
    kind.address?.ids === "string"
      ? `"<${zoneInput}>" (the object's id, a string)`
      : keyName
        ? `"<${zoneInput}>/<${keyName}>" (e.g. "1/${kind.keyInput!.values[0]}")`
        : rk
          ? `"<${zoneInput}>/<${rk.id}>" (e.g. "1/3")`
          : `"<${zoneInput}>" (e.g. "1")`;

  /**
   * `importing`: the read of `pulumi import` (no state): the object as a resource that manages
   * every setting it has, each at its current value, which is also its value before Pulumi.
   * The import writes nothing, a program stating those values changes nothing, and destroy
   * puts back only a value changed since.
   */
  async function read(
    id: string,
    props: SettingsOutputs,
    importing = false,
  ): Promise<dynamic.ReadResult<SettingsOutputs>> {
    const parsed = parseId(id);
    const viewOnly = importing || !isObjectId(kind, props?.shieldZoneId) || props.readOnly === true;
    const target: SettingsTarget | undefined = viewOnly ? parsed : targetOf(props);
    const what = `${label(target?.zone ?? "?", target && shownKey(target))}: ${importing ? "import" : "read"}`;
    return operation(what, async () => {
      if (!target) {
        throw new ResourceOperationError(
          `${what} failed: the id must be ${idForm}; got ${JSON.stringify(id)}`,
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
        } else snap = await readGated(target, what, { last: props, refresh: !viewOnly });
      } catch (e) {
        return notGone(kind, target.zone, e, what, objectNoun(target));
      }
      // Confirmed gone: a readable listing of the zone lacks the object.
      if (snap === undefined) {
        if (viewOnly) return absent(target, what);
        return { id: "" };
      }
      if (importing) {
        const every: Record<string, unknown> = {
          shieldZoneId: target.zone,
          ...(keyName ? { [keyName]: target.key } : {}),
          ...(rk ? { [rk.id]: Number(target.key) } : {}),
        };
        for (const f of expandFields(kind.fields, snap.values)) {
          const v = snap.values[f.path];
          if (v !== undefined && v !== null) setPath(every, f.path, viewOf(f, v));
        }
        const paths = managedOf(kind, every).map((f) => f.path);
        // Nothing to manage (a response page with no page): an import would hold inputs that
        // no program may state. Refused, saying what is missing, before anything is recorded.
        if (paths.length === 0 && (!kind.allowEmpty || (kind.checkExtra?.(every) ?? []).length > 0))
          throw new ResourceOperationError(
            `${what} failed: ${objectNoun(target)} has no setting with a value ` +
              `(${topFields(kind.fields)
                .map((t) => `\`${t}\``)
                .join(", ")}): ` +
              `there is nothing to import. Declare the resource with the settings it should ` +
              `manage instead: \`pulumi up\` records their values before Pulumi.`,
          );
        const outs = outputsOf(target, every, snap, snap.values, priorOf(snap, paths), {
          priorRecordedAt: recordTime(),
        });
        return { id: targetKey(target), props: outs, inputs: inputsOf(outs) as never };
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
