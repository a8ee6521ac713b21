/**
 * The descriptions of an optimizer class's fields: the source of its public types
 * (`public/generated/optimizer-class.ts`, scripts/gen-kind-types.js) and of the plugin's
 * schema.
 */
import { createOrAdoptKindDocs, type CollectionKindDocs } from "./rule-docs";

/** Its type, its docs' start, and the argument and outputs that say how it holds its class. */
const { head: HEAD, mode: MODE } = createOrAdoptKindDocs({
  type: "OptimizerClass",
  noun: "class",
  idField: "className",
});

/** `edge.pullzones.OptimizerClass`'s arguments (one form: `className` adopts) and outputs. */
export const optimizerClassDocs: CollectionKindDocs = {
  ...HEAD,
  common: {
    pullZoneId: {
      description:
        "The pull zone of the class (its classes are the zone's `OptimizerClasses`). Another " +
        "zone replaces the resource (a new class there; destroy of the old one deletes it if " +
        "this resource created it).",
      tsType: "number",
      required: true,
    },
    className: {
      description:
        "Adopt the zone's existing class of this name (with its `pullZoneId`): create = one " +
        "write of the managed fields that differ (none when they match); destroy leaves the " +
        "class unless `deleteOnDestroy` is true. Left out: a new class is created under `name`.",
      tsType: "string",
    },
    name: {
      description:
        "The class's name, unique in its pull zone (required to create a class; the name " +
        "used in the query string, `?class=<name>`): a create that finds a class of this name " +
        "in the zone is refused before any write. Another name replaces the resource.",
      tsType: "string",
    },
    properties: {
      description:
        "The settings the class sends to the optimizer, setting → value, both strings " +
        '(`{ width: "200", quality: "80" }`), managed as a whole map. Left out: not managed.',
      tsType: "OptimizerClassProperties",
    },
    deleteOnDestroy: MODE.deleteOnDestroy,
  },
  outputs: {
    className: {
      description: "The class's name on the platform (also the resource id).",
      tsType: "string",
    },
    pullZoneId: { description: "The pull zone of the class.", tsType: "number" },
    name: { description: "The class's name.", tsType: "string" },
    properties: {
      description: "The settings the class sends to the optimizer, as the platform holds them.",
      tsType: "OptimizerClassProperties",
    },
    ...MODE.outputs,
  },
};
