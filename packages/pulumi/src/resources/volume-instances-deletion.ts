/**
 * `edge.containers.VolumeInstancesDeletion`: deleting all instances of a volume template,
 * as a one-shot Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/containers:VolumeInstancesDeletion`).
 */
import * as pulumi from "@pulumi/pulumi";
import { serializedProvider } from "./serialized-provider";

/** Arguments of {@link VolumeInstancesDeletion}. */
export interface VolumeInstancesDeletionArgs {
  /** Id of the application. Changing it runs the deletion again. */
  appId: pulumi.Input<string>;
  /** Id of the volume template whose instances are deleted. Changing it runs it again. */
  volumeId: pulumi.Input<string>;
  /** Any values; a change of them runs the deletion again (like `@pulumi/command`). */
  triggers?: pulumi.Input<unknown[]>;
}

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
export class VolumeInstancesDeletion extends pulumi.dynamic.Resource {
  /** Id of the application. */
  declare public readonly appId: pulumi.Output<string>;
  /** Id of the volume template. */
  declare public readonly volumeId: pulumi.Output<string>;
  /** The triggers of the last run. */
  declare public readonly triggers: pulumi.Output<unknown[] | undefined>;
  /** Ids of the instances the platform deleted (empty when the template had none). */
  declare public readonly deletedInstanceIds: pulumi.Output<string[]>;

  /**
   * Runs the deletion.
   * @param name The unique name of the resource.
   * @param args The volume template.
   * @param opts Options for the resource.
   */
  constructor(
    name: string,
    args: VolumeInstancesDeletionArgs,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(
      serializedProvider("volume-instances-deletion"),
      name,
      { triggers: undefined, ...args, deletedInstanceIds: undefined },
      opts,
      "containers",
      "VolumeInstancesDeletion",
    );
  }
}
