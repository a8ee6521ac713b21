/**
 * `edge.containers.ImageRegistry`: a Magic Containers image registry as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/containers:ImageRegistry`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { ReadableResource } from "./readable-resource";
import type {
  ImageRegistryAdoptArgs,
  ImageRegistryCreateArgs,
  ImageRegistryOptionsArgs,
  ImageRegistryOutputs,
  ImageRegistryPriorArgs,
  ImageRegistrySettingsArgs,
} from "./generated/image-registry";
import { IMAGE_REGISTRY_OUTPUTS, IMAGE_REGISTRY_SECRET_OUTPUTS } from "./generated/image-registry";

export type {
  ImageRegistryAdoptArgs,
  ImageRegistryCreateArgs,
  ImageRegistryOptionsArgs,
  ImageRegistryPriorArgs,
  ImageRegistrySettingsArgs,
  ImageRegistryState,
} from "./generated/image-registry";
import { outputKeys } from "./object-inputs";

/**
 * Arguments of {@link ImageRegistry}: exactly one of `registryType` (create a registry, with
 * its `displayName`) and `registryId` (adopt one), the settings to manage, `deleteOnDestroy` and
 * the optional stated `prior`.
 */
export type ImageRegistryArgs = (ImageRegistryCreateArgs | ImageRegistryAdoptArgs) &
  ImageRegistrySettingsArgs &
  ImageRegistryOptionsArgs &
  ImageRegistryPriorArgs;

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "image-registry",
  module: "containers",
  type: "ImageRegistry",
  adopt:
    "the resource already adopts a container registry by `registryId` (no write when its " +
    "settings match); ImageRegistry.get(name, registryId) reads it without managing it",
  // The token is a secret output and input: from the declaration.
  secretOutputs: IMAGE_REGISTRY_SECRET_OUTPUTS,
  // Of a created object, known in a preview of an update (its dependents are not replaced).
  idOutput: { name: "registryId", type: "number" },
} as const;

/** The outputs of an {@link ImageRegistry} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ImageRegistry extends ImageRegistryOutputs {}

/**
 * A Magic Containers image registry: created with `registryType` and `displayName`, or
 * adopted by `registryId`, with the settings the program names (only those are managed). The
 * `token` is a Pulumi secret whatever the program passes, and never printed; the platform never
 * answers it, so refresh cannot see it changed elsewhere, and a new token is one write. Destroy
 * of a registry Pulumi created **deletes it**; destroy of an adopted one keeps it (unless
 * `deleteOnDestroy: true`) and gives back its display name, but not its credentials. Its
 * `registryId` output feeds `edge.containers.getRegistryOutput`.
 *
 * ```ts
 * const config = new pulumi.Config();
 * const ghcr = new edge.containers.ImageRegistry("ghcr", {
 *   registryType: "gitHub",
 *   displayName: "GitHub packages",
 *   userName: "deploy-bot",
 *   token: config.requireSecret("ghcrToken"),
 * });
 * export const registryHost = ghcr.hostName;
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ImageRegistry extends ReadableResource {
  /**
   * Creates or adopts a container registry and manages the settings the program names.
   * @param name The unique name of the resource.
   * @param args `registryType` (with `displayName`) or `registryId`, and the settings to manage.
   * @param opts Options for the resource. `opts.import` is refused: `registryId` adopts it.
   */
  constructor(name: string, args: ImageRegistryArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts, (a) =>
      imageRegistryInputs(name, a as ImageRegistryArgs | undefined),
    );
  }
}

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function imageRegistryInputs(name: string, args: ImageRegistryArgs | undefined): pulumi.Inputs {
  const base = outputKeys(IMAGE_REGISTRY_OUTPUTS);
  if (args === undefined) return base;
  const resource = `edge.containers.ImageRegistry "${name}"`;
  const inputs: pulumi.Inputs = { ...base, ...args };
  // One registry, one resource.
  if (args.registryId !== undefined && args.registryId !== null)
    inputs.registryId = soleOwner(
      "image-registry",
      resource,
      args.registryId,
      (r) => `container registry ${r}`,
    );
  return inputs;
}
