/**
 * The descriptions of an optimizer class's fields: the source of its public types
 * (`public/generated/optimizer-class.ts`, scripts/gen-kind-types.js) and of the plugin's
 * schema.
 */
import { createOrAdoptDocs, type CollectionKindDocs } from "./rule-docs";

/** The argument and the outputs that say how the resource holds its class. */
const MODE = createOrAdoptDocs({
  noun: "class",
  idField: "className",
  type: "OptimizerClass",
  unmanaged: { tsType: "OptimizerClassField[] | undefined" },
});

/** `edge.pullzones.OptimizerClass`'s arguments (one form: `className` adopts) and outputs. */
export const optimizerClassDocs: CollectionKindDocs = {
  type: "OptimizerClass",
  argsDoc: "Arguments of {@link OptimizerClass}.",
  stateDoc: "State (outputs) of an {@link OptimizerClass}.",
  forms: {},
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
