/**
 * The public provider of a zone-object kind: the engine's neutral operations (provider.ts
 * `zoneObjectEngine`) with the kind's spelling (spelling.ts) applied at the boundary, both
 * ways: inputs and state in, state and the inputs a read reports out, the field names of a
 * diff, the state of a partial create, and the parent a `get` id names.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { checkFor } from "./check";
import type { ZoneObjectKind } from "./kind";
import type { ZoneObjectEngine } from "./provider";
import { PartialCreateError } from "./recovery";
import {
  holdsId,
  publicName,
  splitId,
  toEngineInputs,
  toEngineOutputs,
  toPublicInputs,
  toPublicOutputs,
  viewOf,
} from "./spelling";
import type { ObjectOutputs } from "./state";

/** What a kind adds to its public provider. */
export interface PublicOptions {
  /** The kind's own `check` (default: the engine's, for a nested configuration). */
  check?: (olds: unknown, news: unknown) => dynamic.CheckResult;
}

type Row = Record<string, unknown>;

/** The public provider of `kind` over `engine`. */
export function publicProvider(
  kind: ZoneObjectKind,
  engine: ZoneObjectEngine,
  opts: PublicOptions,
) {
  const { plan } = engine;
  const inputs = (i: unknown) => toEngineInputs(kind, i);
  const state = (o: unknown) => toEngineOutputs(kind, plan, o);
  const outs = (o: unknown) => toPublicOutputs(kind, plan, o as ObjectOutputs);
  const names = (fs: string[] | undefined) => (fs ?? []).map((f) => publicName(kind, f));
  const objectOf = (rid: string) => splitId(kind, rid).id;
  const check = opts.check ?? checkFor(kind, plan);

  /** Creates or adopts; a partial create's state is recorded in the public spelling too. */
  const create = async (i: unknown): Promise<dynamic.CreateResult> => {
    try {
      const res = await engine.create(inputs(i));
      return { id: res.id, outs: outs(res.outs) };
    } catch (e) {
      if (e instanceof PartialCreateError) {
        (e as { properties: Row }).properties = outs(e.properties);
      }
      throw e;
    }
  };

  /** Reads the object; with no state, a kind whose ids name the parent reads that parent's. */
  const read = async (rid: string, props: unknown): Promise<dynamic.ReadResult> => {
    const { parent } = splitId(kind, rid);
    const view = kind.spelling.idWithParent && !holdsId(kind, props) ? viewOf(kind, rid) : null;
    const res = await engine.read(objectOf(rid), view ? view.known : state(props));
    if (!res.id || !res.props) return { id: res.id };
    const o = res.props;
    return {
      id: parent !== undefined ? rid : res.id,
      props: outs(o),
      inputs: toPublicInputs(kind, res.inputs as never, o.parentId),
    };
  };

  /** Replacements and changes, by their public names. No API call. */
  const diff = (rid: string, olds: unknown, news: unknown): dynamic.DiffResult => {
    const res = engine.diff(objectOf(rid), state(olds), inputs(news));
    return { ...res, replaces: names(res.replaces) };
  };

  /** The per-field report of a diff (the native plugin's `detailedDiff`), by public names. */
  const fieldChanges = (olds: unknown, news: unknown) => {
    const r = engine.fieldChanges(state(olds ?? {}), inputs(news ?? {}));
    return { replaces: names(r.replaces), changed: names(r.changed), removed: names(r.removed) };
  };

  /** Brings the object to the program's values. */
  const update = async (
    rid: string,
    olds: unknown,
    news: unknown,
  ): Promise<dynamic.UpdateResult> => {
    const res = await engine.update(objectOf(rid), state(olds), inputs(news));
    return { outs: outs(res.outs) };
  };

  /** Deletes the object when destroy may; else leaves it. */
  const del = async (rid: string, props: unknown): Promise<void> =>
    engine.delete(objectOf(rid), state(props));

  /** The dynamic provider (what the serialized stub calls). */
  const provider = {
    configure: engine.configure,
    check: async (olds: unknown, news: unknown) => check(olds, news),
    diff: async (rid: string, olds: unknown, news: unknown) => diff(rid, olds, news),
    create,
    read,
    update,
    delete: del,
  };
  return { provider, check, create, read, diff, fieldChanges, update, delete: del, plan };
}
