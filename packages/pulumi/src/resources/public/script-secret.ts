/**
 * `edge.compute.ScriptSecret`: one secret of an edge script as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/compute:ScriptSecret`). Identity is the secret's id; its
 * `name` is unique in the script. With `scriptId` and a `name` a new secret is created; with
 * `secretId` (and its `scriptId`) an existing secret is adopted. Its `value` is always a
 * Pulumi secret in the state and the outputs; `get` reads without managing; `opts.import` is
 * refused. Its arguments, state and outputs are generated from the kind's declaration
 * (`./generated/script-secret`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneObjectResource, type ZoneObjectKind } from "./zone-object-resource";
import type { ScriptSecretArgs, ScriptSecretOutputs } from "./generated/script-secret";

export type { ScriptSecretArgs, ScriptSecretState } from "./generated/script-secret";

/** A field of a secret that the program left out (reported, not managed). */
export type ScriptSecretField = "name" | "value";

/** The kind: its stub, its type token, how its arguments adopt an object, its inputs. */
const KIND: ZoneObjectKind = {
  stub: "script-secret",
  module: "compute",
  type: "ScriptSecret",
  idField: "secretId",
  idName: "id",
  parentField: "scriptId",
  short: "secret",
  noun: "script secret",
  getId: "`<scriptId>/<secretId>`",
  before: ["scriptId", "name", "value", "deleteOnDestroy"],
  after: ["adopted", "origin", "unmanaged", "readOnly"],
  secretOutputs: ["value"],
};

/** The outputs of a {@link ScriptSecret} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ScriptSecret extends ScriptSecretOutputs {}

/**
 * One secret of an edge script: a name the script reads, with a value the platform never
 * returns. The value is always a Pulumi secret in the state and the outputs, whatever the
 * program passes, and never in a log or message. With `scriptId` and a `name` (unique in the
 * script) a new secret is created (and deleted on destroy); with `secretId` (and its
 * `scriptId`) an existing secret is adopted, its value written once (and the secret left in
 * place on destroy unless `deleteOnDestroy`). Another `value` (a rotation) is one write of the
 * secret; another `name` replaces a created secret. A refresh cannot see the value changed
 * outside Pulumi; a secret deleted on the platform is seen as gone.
 *
 * ```ts
 * const token = new edge.compute.ScriptSecret("api-token", {
 *   scriptId: 1,
 *   name: "UPSTREAM_TOKEN",
 *   value: config.requireSecret("upstreamToken"),
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ScriptSecret extends ZoneObjectResource {
  /**
   * Creates or adopts a secret of an edge script.
   * @param name The unique name of the resource.
   * @param args The desired secret: `scriptId`, `name` and `value` (create), with `secretId`
   * (adopt).
   * @param opts Options for the resource. `opts.import` is refused: write `secretId` instead.
   */
  constructor(name: string, args: ScriptSecretArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
