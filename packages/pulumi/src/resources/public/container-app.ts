/**
 * `edge.containers.ContainerApp`: a Magic Containers application as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/containers:ContainerApp`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { ReadableResource } from "./readable-resource";
import type {
  ContainerAppAdoptArgs,
  ContainerAppCreateArgs,
  ContainerAppOptionsArgs,
  ContainerAppOutputs,
  ContainerAppPriorArgs,
  ContainerAppSettingsArgs,
} from "./generated/container-app";
import { CONTAINER_APP_OUTPUTS, CONTAINER_APP_SECRET_OUTPUTS } from "./generated/container-app";

export type {
  ContainerAppAdoptArgs,
  ContainerAppCreateArgs,
  ContainerAppOptionsArgs,
  ContainerAppPriorArgs,
  ContainerAppSettingsArgs,
  ContainerAppState,
} from "./generated/container-app";
import { outputKeys } from "./object-inputs";

/**
 * Arguments of {@link ContainerApp}: exactly one of `name` (create an application, with its
 * `runtimeType` and `regions`) and `appId` (adopt one), the settings to manage,
 * `deleteOnDestroy`, `deployTimeoutSeconds` and the optional stated `prior`.
 */
export type ContainerAppArgs = (ContainerAppCreateArgs | ContainerAppAdoptArgs) &
  ContainerAppSettingsArgs &
  ContainerAppOptionsArgs &
  ContainerAppPriorArgs;

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "container-app",
  module: "containers",
  type: "ContainerApp",
  adopt:
    "the resource already adopts an application by `appId` (no write when its settings " +
    "match); ContainerApp.get(name, appId) reads it without managing it",
  // The secret environment is a secret output and input: from the declaration.
  secretOutputs: CONTAINER_APP_SECRET_OUTPUTS,
  // Of a created object, known in a preview of an update (its dependents are not replaced).
  idOutput: { name: "appId", type: "string" },
} as const;

/** The outputs of an {@link ContainerApp} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ContainerApp extends ContainerAppOutputs {}

/**
 * A Magic Containers application: created with `name`, `runtimeType` and `regions` (one POST of
 * the whole application), or adopted by `appId`, with the settings the program names (only
 * those are managed). Containers are keyed by `name`, endpoints by `displayName`, volumes and
 * mounts by `name`, variables by name: writing them in another order is no change. A create or
 * update waits for the deployment it starts (bounded by `deployTimeoutSeconds`, with status
 * lines); a failing one fails naming each container and its reason, and the next `pulumi up`
 * deploys again. `secretEnvironment` is a Pulumi secret whatever the program passes. Destroy of
 * an application Pulumi created **deletes it**; an adopted one is kept (unless
 * `deleteOnDestroy: true`) and gets back what Pulumi changed. A CDN endpoint's pull zone is in
 * `endpointOutputs`; `volumeIds` feed `VolumeInstancesDeletion`.
 *
 * ```ts
 * const config = new pulumi.Config();
 * const shop = new edge.containers.ContainerApp("shop", {
 *   name: "shop",
 *   runtimeType: "shared",
 *   regions: { allowed: ["DE", "UK"], required: ["DE"], maxAllowed: 2 },
 *   containers: [
 *     {
 *       name: "web",
 *       image: { registryId: "1", namespace: "acme", name: "shop-web", tag: "1.5.0" },
 *       environment: { LOG_LEVEL: "info" },
 *       endpoints: [{ displayName: "public", cdn: { portMappings: [{ containerPort: 8080 }] } }],
 *     },
 *   ],
 *   secretEnvironment: { web: { DB_PASSWORD: config.requireSecret("dbPassword") } },
 * });
 * export const webHost = shop.endpointOutputs;
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ContainerApp extends ReadableResource {
  /**
   * Creates or adopts a container application and manages the settings the program names.
   * @param name The unique name of the resource.
   * @param args `name` (with `runtimeType` and `regions`) or `appId`, and the settings to manage.
   * @param opts Options for the resource. `opts.import` is refused: `appId` adopts it.
   */
  constructor(name: string, args: ContainerAppArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts, (a) =>
      containerAppInputs(name, a as ContainerAppArgs | undefined),
    );
  }
}

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function containerAppInputs(name: string, args: ContainerAppArgs | undefined): pulumi.Inputs {
  const base = outputKeys(CONTAINER_APP_OUTPUTS);
  if (args === undefined) return base;
  const resource = `edge.containers.ContainerApp "${name}"`;
  const inputs: pulumi.Inputs = { ...base, ...args };
  // One application, one resource.
  if (args.appId !== undefined && args.appId !== null)
    inputs.appId = soleOwner<string>(
      "container-app",
      resource,
      args.appId,
      (a) => `container application ${a}`,
    );
  return inputs;
}
