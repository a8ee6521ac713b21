/**
 * `edge.pullzones.PullZone`: a pull zone and its settings as a Pulumi dynamic resource (type
 * token `pulumi-nodejs:dynamic/pullzones:PullZone`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { ReadableResource } from "./readable-resource";
import type {
  PullZoneAdoptArgs,
  PullZoneCreateArgs,
  PullZoneOutputs,
  PullZonePriorArgs,
  PullZoneSettingsArgs,
} from "./generated/pull-zone";
import { PULL_ZONE_OUTPUTS, PULL_ZONE_SECRET_OUTPUTS } from "./generated/pull-zone";

export type {
  PullZoneAdoptArgs,
  PullZoneCreateArgs,
  PullZonePriorArgs,
  PullZoneSettingsArgs,
  PullZoneState,
} from "./generated/pull-zone";
import { outputKeys } from "./object-inputs";

/** One image blueprint of a {@link PullZone} (`bunnyAiImageBlueprints`), keyed by its name. */
export interface PullZoneImageBlueprint {
  /** Its name: the blueprint's key, unique in the zone's list (any case). */
  name: string;
  /** Its image properties, name → value (default: none). */
  properties?: Record<string, string>;
}

/**
 * Arguments of {@link PullZone}: exactly one of `name` (create a zone, with `originUrl`) and
 * `pullZoneId` (adopt one), the settings to manage, and the optional stated `prior`.
 */
export type PullZoneArgs = (PullZoneCreateArgs | PullZoneAdoptArgs) &
  PullZoneSettingsArgs &
  PullZonePriorArgs;

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "pull-zone",
  module: "pullzones",
  type: "PullZone",
  adopt:
    "the resource already adopts a pull zone by `pullZoneId` (no write when its settings " +
    "match); PullZone.get(name, pullZoneId) reads it without managing it",
  // A secret setting (`logForwardingToken`) is a secret output and input: from the declaration.
  secretOutputs: PULL_ZONE_SECRET_OUTPUTS,
  // Of a created object, known in a preview of an update (its dependents are not replaced).
  idOutput: { name: "pullZoneId", type: "number" },
} as const;

/** The outputs of a {@link PullZone} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface PullZone extends PullZoneOutputs {}

/**
 * A pull zone: created by `name` (with its `originUrl`), or adopted by `pullZoneId`, with the
 * settings the program names (only those are managed; every other setting is kept as it is).
 * Destroy of a zone Pulumi created **deletes it with its hostnames, edge rules and
 * certificates**; destroy of an adopted zone restores the settings it had before and deletes
 * nothing. A taken name is refused before any write. Shield kinds and DNS records take its
 * `pullZoneId` output.
 *
 * ```ts
 * const zone = new edge.pullzones.PullZone("site", {
 *   name: "example-site",
 *   originUrl: "https://origin.example.com",
 *   cacheControlMaxAgeOverride: 3600,
 * }, { protect: true });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class PullZone extends ReadableResource {
  /**
   * Creates or adopts a pull zone and manages the settings the program names.
   * @param name The unique name of the resource.
   * @param args `name` (with `originUrl`) or `pullZoneId`, and the settings to manage.
   * @param opts Options for the resource. `opts.import` is refused: `pullZoneId` adopts the zone.
   */
  constructor(name: string, args: PullZoneArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts, (a) => pullZoneInputs(name, a as PullZoneArgs | undefined));
  }
}

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function pullZoneInputs(name: string, args: PullZoneArgs | undefined): pulumi.Inputs {
  const base = outputKeys(PULL_ZONE_OUTPUTS);
  if (args === undefined) return base;
  const resource = `edge.pullzones.PullZone "${name}"`;
  const inputs: pulumi.Inputs = { ...base, ...args };
  // One zone, one resource: by id, and by name.
  if (args.pullZoneId !== undefined && args.pullZoneId !== null)
    inputs.pullZoneId = soleOwner("pull-zone", resource, args.pullZoneId, (z) => `pull zone ${z}`);
  if (args.name !== undefined && args.name !== null)
    inputs.name = pulumi
      .output(args.name)
      .apply((n) =>
        typeof n === "string"
          ? soleOwner("pull-zone-name", resource, n as never, (x) => `the pull zone ${String(x)}`)
          : n,
      );
  return inputs;
}
