/**
 * The record of the values before Pulumi that outlives an interrupted `pulumi up`.
 *
 * The engine writes a pending "creating" operation into the stack's state, holding the
 * inputs `check` returned, before it calls `create`; an `up` interrupted while create's write
 * is in flight (Ctrl-C twice, a killed CI job) keeps that record and nothing else. So `check`
 * of a settings create reads the object and returns the managed settings' values as
 * {@link PRIOR_READ} among the inputs: durable before the write. Create records them as
 * `prior`; after an interruption, `pulumi stack export` shows them in the pending create
 * (the way out states them as `prior`, docs/resources.md).
 *
 * A secret setting's value (a field declared `secret: true`) is left out of that record: the
 * inputs `check` returns are stored as given, never as a secret, so its value before Pulumi is
 * kept only in the secret `prior` output create records (read again at create; an interrupted
 * run keeps no record of it: the way out states it as `prior`).
 *
 * The read is best effort: any failure (a key that cannot see the zone, a plan gate, a zone
 * still to be created) leaves the inputs as they are, and create reads and reports as before.
 * It is also create's read when create follows within {@link CHECK_READ_FRESH_MS} in the same
 * process (as in `pulumi up`): no call is added there; a `preview` of a new resource makes it.
 */
import { containsUnknown, deepEqual, isPlainObject, present, PROVIDER_KEY } from "../common";
import { checkReads } from "../run-state";
import { shieldZoneOfPullZone } from "../spellings";
import { withoutSecrets, type SettingsSnapshot, type SettingsTarget } from "./kind";
import type { SettingsInputs } from "./types";
import { managedOf } from "./answers";
import type { EngineContext } from "./context";
import { isObjectId } from "./object-ids";

/** The input `check` adds to a settings create: the managed settings as read before it. */
export const PRIOR_READ = "priorRead";

/** How long create takes `check`'s read as its own (older: it reads again), in ms. */
export const CHECK_READ_FRESH_MS = 5_000;

/** What `check` read of an object: where it is, and the snapshot. */
interface CheckRead {
  at: number;
  target: SettingsTarget;
  snap: SettingsSnapshot<unknown>;
}

/** The run's record of `check`'s read for a kind's zone and key as the program spells it. */
const readKey = (type: string, zone: number, key: unknown) =>
  `${type}\0${zone}\0${JSON.stringify(key ?? null)}`;

/**
 * `check`'s read of the object the inputs name in `zone`, once, when it is fresh: create's
 * read then (undefined: create reads).
 */
export function takeCheckRead<R>(
  type: string,
  zone: number,
  key: unknown,
): { target: SettingsTarget; snap: SettingsSnapshot<R> } | undefined {
  const k = readKey(type, zone, key);
  const r = checkReads.get(k) as CheckRead | undefined;
  checkReads.delete(k);
  if (!r || Date.now() - r.at > CHECK_READ_FRESH_MS) return undefined;
  return { target: r.target, snap: r.snap as SettingsSnapshot<R> };
}

/** Whether `olds` (the previous inputs `check` gets) are empty: the resource is new. */
const isNew = (olds: unknown) =>
  !isPlainObject(olds) ||
  Object.keys(olds).every((k) => k === PROVIDER_KEY || olds[k] === undefined);

/** `check`'s part in the record: {@link PRIOR_READ} on a create's inputs. */
export function priorReadOperation<R>(c: EngineContext<R>) {
  const { kind, rk, keyName, keyOf, readGated, priorOf } = c;
  const createBy = kind.address?.createBy;
  /** The inputs that say which object a resource manages (another value replaces it). */
  const addressing = [
    "shieldZoneId",
    "pullZoneId",
    ...(keyName ? [keyName] : []),
    ...(rk ? [rk.id, rk.name] : []),
    ...(createBy ? [createBy] : []),
  ];

  /** The object's managed settings now, or undefined when they cannot be read here. */
  async function read(inputs: SettingsInputs): Promise<Record<string, unknown> | undefined> {
    if (createBy && present(inputs[createBy])) return undefined; // Pulumi creates the object
    const zone = isObjectId(kind, inputs.shieldZoneId)
      ? (inputs.shieldZoneId as number)
      : typeof inputs.pullZoneId === "number"
        ? await shieldZoneOfPullZone(inputs.pullZoneId)
        : undefined;
    if (zone === undefined) return undefined;
    const what = "check";
    let target: SettingsTarget = { zone, key: keyOf(inputs) as string | undefined };
    let snap: SettingsSnapshot<R> | undefined;
    if (rk) {
      const by = { id: inputs[rk.id] as number, name: inputs[rk.name] as string };
      const r = await rk.resolve(zone, by, what);
      target = { zone, key: String(r.id), alias: r.name };
      snap = r.current as SettingsSnapshot<R> | undefined;
    }
    snap ??= await readGated(target, what);
    if (!snap) return undefined;
    const read: CheckRead = { at: Date.now(), target, snap };
    checkReads.set(readKey(kind.type, zone, keyOf(inputs)), read);
    const prior = priorOf(
      snap,
      managedOf(kind, inputs).map((f) => f.path),
    );
    return withoutSecrets(kind.fields, prior) as Record<string, unknown>;
  }

  /**
   * The checked `inputs` (engine's form) with {@link PRIOR_READ}: read now for a new resource
   * whose inputs are known (not in a preview that waits for another resource), kept from
   * `olds` for a resource that stays on the same object (so the inputs do not change).
   */
  return async function withPriorRead(
    olds: unknown,
    inputs: SettingsInputs,
  ): Promise<Record<string, unknown> | undefined> {
    if (!isNew(olds)) {
      const o = olds as Record<string, unknown>;
      const same = addressing.every((k) => deepEqual(o[k] ?? undefined, inputs[k] ?? undefined));
      // A record of an earlier release may hold a secret setting's value: not kept.
      return same && isPlainObject(o[PRIOR_READ])
        ? (withoutSecrets(kind.fields, o[PRIOR_READ]) as Record<string, unknown>)
        : undefined;
    }
    if (containsUnknown(inputs)) return undefined;
    try {
      return await read(inputs);
    } catch {
      return undefined; // create reads again and reports what it finds
    }
  };
}
