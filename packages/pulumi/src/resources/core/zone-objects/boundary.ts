/**
 * The public provider of a zone-object kind: the engine's neutral operations (provider.ts
 * `zoneObjectEngine`) with the kind's spelling (spelling.ts) applied at the boundary, both
 * ways: inputs and state in, state and the inputs a read reports out, the field names of a
 * diff, the state of a partial create, and the parent a `get` id names.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { TObject } from "@sinclair/typebox";
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { checkInputs, ownerConflicts, safeCheck, type Failure } from "../common";
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

/** What a kind whose fields are flat adds to the `check` every such kind shares. */
export interface FlatCheck {
  /** The schema of its top-level inputs. */
  inputsSchema: SchemaRef<TObject>;
  /** Fields that are required, each with the reason a missing one fails with. Default: none. */
  required?: Record<string, string>;
  /**
   * The reason a missing parent field fails with (an API keyed by parent: the parent is given
   * with the id too). Default: the kind checks its addressing itself.
   */
  parentRequired?: string;
  /**
   * The kind's own checks: adds to `failures` and may rewrite `out`, the inputs `check` returns
   * (enumerations by name, …). `n`: the inputs as the program gave them.
   */
  own(n: Row, out: Row, failures: Failure[]): void;
}

const isSet = (v: unknown) => v !== undefined && v !== null;

/**
 * The `check` of a kind whose fields are flat: inputs another resource also names fail with
 * that conflict alone; else the schema (with `required`), the parent field when required,
 * then the kind's own checks. No API call; never throws.
 */
export const flatCheck =
  (kind: Pick<ZoneObjectKind, "words" | "parent">, spec: FlatCheck) =>
  (olds: unknown, news: unknown): dynamic.CheckResult =>
    safeCheck(news, (n) => {
      void olds;
      const conflicts = ownerConflicts(n, [kind.words.id]);
      if (conflicts.length > 0) return { inputs: n, failures: conflicts };
      const failures = checkInputs(spec.inputsSchema, n, spec.required);
      const field = kind.parent.field;
      if (spec.parentRequired !== undefined && !isSet(n[field])) {
        failures.push({ property: field, reason: spec.parentRequired });
      }
      const out: Row = { ...n };
      spec.own(n, out, failures);
      return { inputs: out, failures };
    });

/**
 * A read-only view's fields that the object does not set (`null`: no comment, no pull zone)
 * left out of its inputs and state, and listed in `unmanaged` ({@link
 * Spelling.viewLeavesOutUnset}): an import's program leaves them out, and the engine keeps no
 * null output, so a refresh shows no change.
 */
function leaveOutUnset(found: { props: Row; inputs: Row }, fields: readonly string[]) {
  const { props, inputs } = found;
  const unset = fields.filter((f) => props[f] === null);
  for (const f of unset) {
    delete inputs[f];
    delete props[f];
  }
  const unmanaged = new Set([...((props.unmanaged as string[] | undefined) ?? []), ...unset]);
  if (unmanaged.size > 0) props.unmanaged = [...unmanaged];
}

/** The public provider of `kind` over `engine`. */
export function publicProvider(
  kind: ZoneObjectKind,
  engine: ZoneObjectEngine,
  opts: PublicOptions,
) {
  const { plan } = engine;
  const inputs = (i: unknown) => toEngineInputs(kind, i);
  /** The engine's state of a public one (`news`: the program's new inputs, when known). */
  const state = (o: unknown, news?: unknown) => toEngineOutputs(kind, plan, o, news);
  /** The public state of the engine's (`sources`: where an unreported field is kept). */
  const outs = (o: unknown, sources: readonly unknown[] = []) =>
    toPublicOutputs(kind, plan, o as ObjectOutputs, sources);
  const names = (fs: string[] | undefined) => (fs ?? []).map((f) => publicName(kind, f));
  const objectOf = (rid: string) => splitId(kind, rid).id;
  const check = opts.check ?? checkFor(kind, plan);

  /** Creates or adopts; a partial create's state is recorded in the public spelling too. */
  const create = async (i: unknown): Promise<dynamic.CreateResult> => {
    try {
      const res = await engine.create(inputs(i));
      return { id: res.id, outs: outs(res.outs, [i]) };
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
    const found = {
      props: outs(o, [props]),
      inputs: toPublicInputs(kind, res.inputs as never, o.parentId, [props]),
    };
    if (kind.spelling.viewLeavesOutUnset && found.props.readOnly === true) {
      leaveOutUnset(found, "flat" in kind.spelling.fields ? kind.spelling.fields.flat : []);
    }
    return { id: parent !== undefined ? rid : res.id, ...found };
  };

  /** Replacements and changes, by their public names. No API call. */
  const diff = (rid: string, olds: unknown, news: unknown): dynamic.DiffResult => {
    const res = engine.diff(objectOf(rid), state(olds, news), inputs(news));
    return { ...res, replaces: names(res.replaces) };
  };

  /** The per-field report of a diff (the native plugin's `detailedDiff`), by public names. */
  const fieldChanges = (olds: unknown, news: unknown) => {
    const r = engine.fieldChanges(state(olds ?? {}, news), inputs(news ?? {}));
    return { replaces: names(r.replaces), changed: names(r.changed), removed: names(r.removed) };
  };

  /** Brings the object to the program's values. */
  const update = async (
    rid: string,
    olds: unknown,
    news: unknown,
  ): Promise<dynamic.UpdateResult> => {
    const res = await engine.update(objectOf(rid), state(olds, news), inputs(news));
    return { outs: outs(res.outs, [news, olds]) };
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
