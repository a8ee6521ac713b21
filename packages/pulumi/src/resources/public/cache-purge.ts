/**
 * `edge.pullzones.CachePurge`: a purge of a pull zone's cache (all of it, or one cache tag) or
 * of one URL, as a one-shot Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/pullzones:CachePurge`). Its arguments, state and outputs are generated
 * from the kind's declaration (`./generated/cache-purge`).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import type { LookupState } from "./resource-options";
import { OneShotResource, refuseOneShotGet, type OneShotKind } from "./one-shot-resource";
import type { CachePurgeArgs, CachePurgeOutputs, CachePurgeState } from "./generated/cache-purge";

export type { CachePurgeArgs, CachePurgeState } from "./generated/cache-purge";

/** The kind: its stub, its type token, its refusals, its inputs. */
const KIND: OneShotKind = {
  stub: "cache-purge",
  module: "pullzones",
  type: "CachePurge",
  getRefusal:
    "the resource records a one-shot purge, which the platform keeps no record of, so there " +
    "is nothing to read",
  importInstead:
    "the resource is a one-shot purge with nothing to adopt: construct it to purge (it " +
    "purges again when its target or triggers change)",
  before: ["pullZoneId", "cacheTag", "url", "triggers"],
  after: [],
};

/** The outputs of a {@link CachePurge} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface CachePurge extends CachePurgeOutputs {}

/**
 * Purges once, when created, and again whenever an argument or `triggers` change (a replace).
 * Exactly one target: `{ pullZoneId }` (the whole zone), `{ pullZoneId, cacheTag }` (the files
 * carrying that tag) or `{ url }` (one URL). Destroy does nothing on the platform: the purge is
 * a past event.
 *
 * Renaming the resource without `aliases` purges again: the engine sees a new resource (and
 * deletes the old one, which does nothing). To rename it without purging, give the new name
 * the old one: `{ aliases: [{ name: "<old name>" }] }`.
 *
 * ```ts
 * new edge.pullzones.CachePurge("purge-on-release", {
 *   pullZoneId: zone.pullZoneId, triggers: [releaseVersion],
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class CachePurge extends OneShotResource {
  /**
   * Not supported, and always throws: the resource is a past one-shot purge, which the
   * platform keeps no record of, so there is nothing to read.
   * @throws InvalidArgumentError explaining why.
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: LookupState<CachePurgeState>,
    opts?: EdgeResourceOptions,
  ): never {
    return refuseOneShotGet(KIND, name, id, state, opts);
  }

  /**
   * Runs the purge.
   * @param name The unique name of the resource.
   * @param args The target (a zone, a zone's cache tag, or a URL) and the triggers.
   * @param opts Options for the resource.
   */
  constructor(name: string, args: CachePurgeArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
