/**
 * What the providers of the one-shot kinds (`CachePurge`, `VolumeInstancesDeletion`: an
 * operation run by create) share: every input change replaces (runs the operation again), read
 * returns the state unchanged, destroy does nothing upstream, and the plugin's per-field
 * changes are the replace reasons. Each kind brings its inputs, its check and its create.
 */
import { randomBytes } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { containsUnknown, deepEqual } from "../../core/common";
import { configureFromRequest, ConfigureRequestLike } from "../../core/settings";

/**
 * The id of one run of a one-shot operation: `<prefix>/<time><random>`. Unique even for two
 * runs in one millisecond (a replacement creates the new one before the old is deleted).
 */
export const oneShotId = (prefix: string): string =>
  `${prefix}/${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;

/** A one-shot kind's own part of its provider. */
export interface OneShotOperation<I, O extends I> {
  /** The input names: a change of any of them replaces. */
  inputs: readonly (keyof I & string)[];
  /** Validates the inputs. Never throws. */
  check: (olds: unknown, news: unknown) => dynamic.CheckResult;
  /** Runs the operation; its outputs are the state. */
  create: (inputs: I) => Promise<dynamic.CreateResult<O>>;
}

/** The diff of a one-shot kind: every input change replaces (an unknown value too). No API call. */
function oneShotDiff<I, O extends I>(
  inputs: readonly (keyof I & string)[],
): (_id: string, olds: Partial<O>, news: Partial<I>) => dynamic.DiffResult {
  return (_id, olds, news) => {
    const replaces = inputs.filter((key) => {
      const n = news[key] ?? null;
      return containsUnknown(n) || !deepEqual((olds as Partial<I>)[key] ?? null, n);
    });
    return { changes: replaces.length > 0, replaces: [...replaces], deleteBeforeReplace: false };
  };
}

/** Returns the state unchanged: the operation is a past event, there is nothing to read. */
async function readUnchanged<O>(id: string, props: O): Promise<dynamic.ReadResult<O>> {
  return { id, props };
}

/** Destroying the record of a one-shot operation does nothing upstream. */
async function deleteNothing(): Promise<void> {}

/** The dynamic provider of a one-shot kind. */
function oneShotProvider<I, O extends I>(
  kind: OneShotOperation<I, O>,
  diff: (id: string, olds: Partial<O>, news: Partial<I>) => dynamic.DiffResult,
) {
  return {
    configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
    check: async (olds: unknown, news: unknown) => kind.check(olds, news),
    diff: async (id: string, olds: O, news: I) => diff(id, olds, news),
    create: kind.create,
    read: readUnchanged<O>,
    /** Never called: every input change replaces (diff). Kept so the stub's method resolves. */
    update: async (_id: string, olds: O) => ({ outs: olds }),
    delete: deleteNothing,
  };
}

/**
 * The per-field changes of a diff (the plugin's): every input change replaces (the kind's
 * diff), so each changed input is a replace reason.
 */
function oneShotFieldChanges(
  inputs: readonly string[],
): (
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
) => { replaces: string[]; changed: string[]; removed: string[] } {
  return (olds, news) => ({
    replaces: inputs.filter(
      (f) => JSON.stringify(olds?.[f] ?? null) !== JSON.stringify(news?.[f] ?? null),
    ),
    changed: [],
    removed: [],
  });
}

/**
 * A one-shot kind's provider, its diff and the plugin's per-field changes, from its inputs,
 * its check and its create.
 */
export function oneShotKind<I, O extends I>(kind: OneShotOperation<I, O>) {
  const diff = oneShotDiff<I, O>(kind.inputs);
  return {
    diff,
    provider: oneShotProvider(kind, diff),
    fieldChanges: oneShotFieldChanges(kind.inputs),
  };
}
