/**
 * The descriptions of a script variable's fields: the source of its public types
 * (`public/generated/script-variable.ts`, scripts/gen-kind-types.js) and of the plugin's
 * schema.
 */
import { createOrAdoptKindDocs, type CollectionKindDocs } from "./rule-docs";

/** Its type, its docs' start, and the argument and outputs that say how it holds its variable. */
const { head: HEAD, mode: MODE } = createOrAdoptKindDocs({
  type: "ScriptVariable",
  noun: "variable",
  idField: "variableId",
});

/** `edge.compute.ScriptVariable`'s arguments (one form: `variableId` adopts) and outputs. */
export const scriptVariableDocs: CollectionKindDocs = {
  ...HEAD,
  common: {
    scriptId: {
      description:
        "The edge script of the variable (the variable API is keyed by script). Another " +
        "script replaces the resource (a new variable there; destroy of the old one deletes " +
        "it if this resource created it).",
      tsType: "number",
      required: true,
    },
    variableId: {
      description:
        "Adopt an existing variable by its id (with its `scriptId`): create = one write of the " +
        "managed fields that differ (none when they match); destroy leaves the variable unless " +
        "`deleteOnDestroy` is true. Left out: a new variable is created under `name`.",
      tsType: "number",
    },
    name: {
      description:
        "The variable's name, unique in its script (required to create a variable): a create " +
        "that finds a variable of this name in the script is refused, so a retried create " +
        "never makes a second variable. The platform cannot rename a variable: another name " +
        "replaces a created one.",
      tsType: "string",
    },
    defaultValue: {
      description:
        "The value the script sees when none is set for it (`null`: none). Left out: not " +
        "managed.",
      tsType: "string | null",
    },
    required: {
      description:
        "Whether the script needs a value for the variable. Left out: not managed (false for " +
        "a new variable).",
      tsType: "boolean",
    },
    deleteOnDestroy: MODE.deleteOnDestroy,
  },
  outputs: {
    variableId: {
      description: "The variable's id on the platform.",
      tsType: "number",
    },
    scriptId: { description: "The edge script of the variable.", tsType: "number" },
    name: { description: "The variable's name.", tsType: "string" },
    defaultValue: {
      description: "The variable's default value (null: none).",
      tsType: "string | null",
    },
    required: { description: "Whether the script needs a value for it.", tsType: "boolean" },
    ...MODE.outputs,
  },
};
