/**
 * `edge.compute.EdgeScript`: an edge script, its code and its live release as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/compute:EdgeScript`).
 */
import * as pulumi from "@pulumi/pulumi";
import { present } from "../core/common";
import type { EdgeResourceOptions } from "./readable-resource";
import { ReadableResource } from "./readable-resource";
import { soleOwner } from "./one-owner";
import { checkCode, oneCode, readCodeFile, storeCode } from "./edge-script-code";
import { codeOfAsset, describeValue, notAnAsset, type AssetSource } from "./edge-script-asset";
import type {
  EdgeScriptAdoptArgs,
  EdgeScriptCreateArgs,
  EdgeScriptOutputs,
  EdgeScriptPriorArgs,
  EdgeScriptSettingsArgs,
} from "./generated/edge-script";
import { EDGE_SCRIPT_OUTPUTS, EDGE_SCRIPT_SECRET_OUTPUTS } from "./generated/edge-script";

/** The kinds of script (named constants; the area exports them: `edge.compute.EdgeScriptType`). */
export { EdgeScriptType } from "edgeplatform-client";

export type {
  EdgeScriptAdoptArgs,
  EdgeScriptCreateArgs,
  EdgeScriptPriorArgs,
  EdgeScriptSettingsArgs,
  EdgeScriptState,
} from "./generated/edge-script";
import { outputKeys } from "./object-inputs";

/**
 * Arguments of {@link EdgeScript}: `name` and `scriptType` (create a script) or `scriptId`
 * (adopt one), the code (`code` or `codeFile`) and whether it is published, and the optional
 * stated `prior`.
 */
export type EdgeScriptArgs = (EdgeScriptCreateArgs | EdgeScriptAdoptArgs) &
  EdgeScriptSettingsArgs &
  EdgeScriptPriorArgs;

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "edge-script",
  module: "compute",
  type: "EdgeScript",
  adopt:
    "the resource already adopts an edge script by `scriptId` (no write when it matches); " +
    "EdgeScript.get(name, scriptId) reads it without managing it",
  // The deployment key is a secret output: from the declaration.
  secretOutputs: EDGE_SCRIPT_SECRET_OUTPUTS,
  // Of a created object, known in a preview of an update (its dependents are not replaced).
  idOutput: { name: "scriptId", type: "number" },
} as const;

/** The outputs of an {@link EdgeScript} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface EdgeScript extends EdgeScriptOutputs {}

/**
 * An edge script: created by `name` (with its `scriptType`, and optionally a pull zone made
 * with it) or adopted by `scriptId`, with its code from `code` or `codeFile`. The state holds
 * the code's sha256 and size, never the code. A code change is one code write; `publish: true`
 * makes the saved code the live release (one publish when it changes). Destroy of a script
 * Pulumi created **deletes it** (never its pull zones); destroy of an adopted one gives back
 * its name, type, code and live release as they were before Pulumi. The deployment key is a
 * secret output.
 *
 * ```ts
 * const script = new edge.compute.EdgeScript("router", {
 *   name: "edge-router",
 *   scriptType: "CDN",
 *   codeFile: "dist/router.js",
 *   publish: true,
 *   linkedPullZone: true,
 * });
 * const zone = new edge.pullzones.PullZone("router-zone", { pullZoneId: script.linkedPullZoneId.apply((id) => id!) });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class EdgeScript extends ReadableResource {
  /**
   * Creates or adopts an edge script and manages what the program names.
   * @param name The unique name of the resource.
   * @param args `name` and `scriptType`, or `scriptId`; the code and the settings to manage.
   * @param opts Options for the resource. `opts.import` is refused: `scriptId` adopts the script.
   */
  constructor(name: string, args: EdgeScriptArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts, (a) => edgeScriptInputs(name, a as EdgeScriptArgs | undefined));
  }
}

const OPERATION = "edge.compute.EdgeScript";

/**
 * The engine's inputs: every output a key, the program's arguments (none for a read), the
 * code (`code`, `codeFile` or `codeAsset`) stored and named by its hash (`codeHash`) with its size.
 * @throws InvalidArgumentError when both are given, or the file cannot be read.
 */
function edgeScriptInputs(name: string, args: EdgeScriptArgs | undefined): pulumi.Inputs {
  const base = outputKeys(EDGE_SCRIPT_OUTPUTS);
  if (args === undefined) return base;
  const { code, codeFile, codeAsset, ...rest } = args;
  oneCode(OPERATION, { code, codeFile, codeAsset });
  const inputs: pulumi.Inputs = { ...base, ...rest };
  const resource = `${OPERATION} "${name}"`;
  // One script, one resource.
  if (present(args.scriptId))
    inputs.scriptId = soleOwner(
      "edge-script",
      resource,
      args.scriptId as never,
      (s) => `edge script ${s}`,
    );
  let stored: pulumi.Output<{ codeHash: string; codeSize: number } | undefined> | undefined;
  // A file that cannot be read fails naming `codeFile` (thrown here for a plain path: a
  // failure inside an apply leaves an inline program's `pulumi up` hanging).
  if (typeof codeFile === "string")
    stored = pulumi.output(storeCode(readCodeFile(OPERATION, codeFile)));
  else if (present(codeFile))
    stored = pulumi
      .output(codeFile)
      .apply((f) => (present(f) ? storeCode(readCodeFile(OPERATION, f)) : undefined));
  if (typeof code === "string") stored = pulumi.output(storeCode(code));
  else if (present(code))
    stored = pulumi
      .output(code)
      .apply((c) => (present(c) ? storeCode(checkCode(OPERATION, c)) : undefined));
  if (present(codeAsset)) stored = storedAsset(codeAsset);
  if (stored) {
    inputs.codeHash = stored.apply((s) => s?.codeHash);
    inputs.codeSize = stored.apply((s) => s?.codeSize);
  }
  return inputs;
}

/**
 * The code of a Pulumi asset (`codeAsset`) stored for the provider: its hash and size, once
 * the asset's text, path or URI is known (unknown in a preview while it is). An asset given as
 * it is is checked here (an error naming `codeAsset` thrown at once); one inside an output
 * when the output resolves.
 * @throws InvalidArgumentError naming `codeAsset` for an archive or any other value, a
 * RemoteAsset of another URI than file://, or a file that cannot be read.
 */
function storedAsset(
  codeAsset: pulumi.Input<pulumi.asset.Asset | undefined>,
): pulumi.Output<{ codeHash: string; codeSize: number } | undefined> {
  const later = pulumi.Output.isInstance(codeAsset) || codeAsset instanceof Promise;
  if (!later) return readAsset(codeAsset);
  const resolved: pulumi.Output<unknown> = pulumi.output(codeAsset);
  type Stored = { codeHash: string; codeSize: number } | undefined;
  return resolved.apply((a): pulumi.Output<Stored> =>
    present(a) ? readAsset(a) : pulumi.output(undefined),
  );
}

/** The stored code of the asset `a` (see {@link storedAsset}). */
function readAsset(a: unknown): pulumi.Output<{ codeHash: string; codeSize: number }> {
  if (!pulumi.asset.Asset.isInstance(a))
    notAnAsset(OPERATION, pulumi.asset.Archive.isInstance(a) ? "an archive" : describeValue(a));
  // An asset's fields are promises of its arguments (which may be outputs themselves).
  const x = a as unknown as Record<keyof AssetSource, unknown>;
  return pulumi
    .output({ text: x.text, path: x.path, uri: x.uri })
    .apply((resolved) => storeCode(codeOfAsset(OPERATION, resolved as AssetSource)));
}
