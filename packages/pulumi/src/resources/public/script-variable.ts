/**
 * `edge.compute.ScriptVariable`: one variable of an edge script as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/compute:ScriptVariable`). Identity is the variable's id;
 * its `name` is unique in the script. With `scriptId` and a `name` a new variable is created;
 * with `variableId` (and its `scriptId`) an existing variable is adopted. Only the fields the
 * program writes are managed; `get` reads without managing; `opts.import` is refused. Its
 * arguments, state and outputs are generated from the kind's declaration
 * (`./generated/script-variable`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneObjectResource, type ZoneObjectKind } from "./zone-object-resource";
import type { ScriptVariableArgs, ScriptVariableOutputs } from "./generated/script-variable";

export type { ScriptVariableArgs, ScriptVariableState } from "./generated/script-variable";

/** A field of a variable that the program left out (reported, not managed). */
export type ScriptVariableField = "name" | "defaultValue" | "required";

/** The kind: its stub, its type token, how its arguments adopt an object, its inputs. */
const KIND: ZoneObjectKind = {
  stub: "script-variable",
  module: "compute",
  type: "ScriptVariable",
  idField: "variableId",
  idName: "id",
  parentField: "scriptId",
  short: "variable",
  noun: "script variable",
  getId: "`<scriptId>/<variableId>`",
  before: ["scriptId", "name", "defaultValue", "required", "deleteOnDestroy"],
  after: ["adopted", "origin", "unmanaged", "readOnly"],
};

/** The outputs of a {@link ScriptVariable} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ScriptVariable extends ScriptVariableOutputs {}

/**
 * One variable of an edge script: a name the script reads, with its default value and whether
 * the script needs a value for it. With `scriptId` and a `name` (unique in the script) a new
 * variable is created (and deleted on destroy); with `variableId` (and its `scriptId`) an
 * existing variable is adopted (and left in place on destroy unless `deleteOnDestroy`). A
 * change of `defaultValue` or `required` is one write of that variable; another `name`
 * replaces a created variable (the platform cannot rename one).
 *
 * ```ts
 * const origin = new edge.compute.ScriptVariable("origin", {
 *   scriptId: 1,
 *   name: "ORIGIN_URL",
 *   defaultValue: "https://origin.example",
 *   required: true,
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ScriptVariable extends ZoneObjectResource {
  /**
   * Creates or adopts a variable of an edge script.
   * @param name The unique name of the resource.
   * @param args The desired variable: `scriptId` and `name` (create), with `variableId` (adopt).
   * @param opts Options for the resource. `opts.import` is refused: write `variableId` instead.
   */
  constructor(name: string, args: ScriptVariableArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
