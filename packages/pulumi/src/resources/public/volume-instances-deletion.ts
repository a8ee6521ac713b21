/**
 * `edge.containers.VolumeInstancesDeletion`: deleting all instances of a volume template,
 * as a one-shot Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/containers:VolumeInstancesDeletion`). Its arguments, state and outputs
 * are generated from the kind's declaration (`./generated/volume-instances-deletion`).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import type { LookupState } from "./resource-options";
import { OneShotResource, refuseOneShotGet, type OneShotKind } from "./one-shot-resource";
import type {
  VolumeInstancesDeletionArgs,
  VolumeInstancesDeletionOutputs,
  VolumeInstancesDeletionState,
} from "./generated/volume-instances-deletion";

export type {
  VolumeInstancesDeletionArgs,
  VolumeInstancesDeletionState,
} from "./generated/volume-instances-deletion";

/** The kind: its stub, its type token, its refusals, its inputs. */
const KIND: OneShotKind = {
  stub: "volume-instances-deletion",
  module: "containers",
  type: "VolumeInstancesDeletion",
  getRefusal:
    "the resource records a one-shot deletion, which the platform keeps no record of, so " +
    "there is nothing to read; list a volume's instances with " +
    "`new edge.Client(...).containers.listVolumes(appId)` instead",
  importInstead:
    "the resource is a one-shot operation with nothing to adopt: construct it to run the " +
    "deletion (it runs again when appId, volumeId or triggers change)",
  before: ["triggers"],
  after: ["deletedInstanceIds"],
};

/** The outputs of a {@link VolumeInstancesDeletion} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface VolumeInstancesDeletion extends VolumeInstancesDeletionOutputs {}

/**
 * Deletes every instance of a volume template once, when created (and again whenever
 * `appId`, `volumeId` or `triggers` change). Fails, naming them, when instances are still
 * attached to containers: detach them first. Destroy does nothing.
 *
 * Renaming the resource without `aliases` runs the deletion again: the engine sees a new
 * resource (and deletes the old one, which does nothing). To rename it without deleting
 * again, give the new name the old one: `{ aliases: [{ name: "<old name>" }] }`.
 *
 * ```ts
 * new edge.containers.VolumeInstancesDeletion("wipe-cache", {
 *   appId: "app-1", volumeId: "vol-detached", triggers: [releaseVersion],
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class VolumeInstancesDeletion extends OneShotResource {
  /**
   * Not supported, and always throws: the resource is a past one-shot operation (its id is
   * `<appId>/<volumeId>/<time>`), and the platform keeps no record of a deletion that could
   * be read back. To see a volume's current instances use the client:
   * `new edge.Client(...).containers.listVolumes(appId)`.
   * @throws InvalidArgumentError explaining why.
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: LookupState<VolumeInstancesDeletionState>,
    opts?: EdgeResourceOptions,
  ): never {
    return refuseOneShotGet(KIND, name, id, state, opts);
  }

  /**
   * Runs the deletion.
   * @param name The unique name of the resource.
   * @param args The volume template.
   * @param opts Options for the resource.
   */
  constructor(name: string, args: VolumeInstancesDeletionArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
