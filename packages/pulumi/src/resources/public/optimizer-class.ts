/**
 * `edge.pullzones.OptimizerClass`: one optimizer class of a pull zone as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/pullzones:OptimizerClass`). Identity is the
 * class's name, unique in the zone. With `pullZoneId` and `name` a new class is created; with
 * `className` (and its `pullZoneId`) an existing class is adopted. Its arguments, state and
 * outputs are generated from the kind's declaration (`./generated/optimizer-class`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneObjectResource, type ZoneObjectKind } from "./zone-object-resource";
import type { OptimizerClassArgs, OptimizerClassOutputs } from "./generated/optimizer-class";

export type { OptimizerClassArgs, OptimizerClassState } from "./generated/optimizer-class";

/** The settings a class sends to the optimizer: setting → value, both strings. */
export type OptimizerClassProperties = Record<string, string>;

/** A field of a class that the program left out (reported, not managed). */
export type OptimizerClassField = "properties";

/** The kind: its stub, its type token, how its arguments adopt a class, its inputs. */
const KIND: ZoneObjectKind = {
  stub: "optimizer-class",
  module: "pullzones",
  type: "OptimizerClass",
  idField: "className",
  idName: "name",
  parentField: "pullZoneId",
  short: "class",
  noun: "optimizer class",
  getId: "`<pullZoneId>/<name>`",
  before: ["pullZoneId", "name", "properties", "deleteOnDestroy"],
  after: ["adopted", "origin", "unmanaged", "readOnly"],
};

/** The outputs of an {@link OptimizerClass} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface OptimizerClass extends OptimizerClassOutputs {}

/**
 * One optimizer class of a pull zone: a named set of image-processing settings that a request
 * applies with `?class=<name>`. With `pullZoneId` and a `name` (unique in the zone) a new class
 * is created (and deleted on destroy); with `className` (and its `pullZoneId`) an existing
 * class is adopted (and left in place on destroy unless `deleteOnDestroy`). The platform keeps
 * a zone's classes in one array written whole: each write reads the zone, changes this class
 * only and writes the array back, one write at a time per zone, so the other classes stay.
 *
 * ```ts
 * const thumbnail = new edge.pullzones.OptimizerClass("thumbnail", {
 *   pullZoneId: 1,
 *   name: "thumbnail",
 *   properties: { width: "200", height: "200", quality: "80" },
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class OptimizerClass extends ZoneObjectResource {
  /**
   * Creates or adopts an optimizer class.
   * @param name The unique name of the resource.
   * @param args The desired class: `pullZoneId` and `name` (create), or `className` (adopt).
   * @param opts Options for the resource. `opts.import` is refused: write `className` instead.
   */
  constructor(name: string, args: OptimizerClassArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
