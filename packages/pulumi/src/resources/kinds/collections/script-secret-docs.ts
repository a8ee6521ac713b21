/**
 * The descriptions of a script secret's fields: the source of its public types
 * (`public/generated/script-secret.ts`, scripts/gen-kind-types.js) and of the plugin's schema.
 */
import { createOrAdoptKindDocs, type CollectionKindDocs } from "./rule-docs";

/** Its type, its docs' start, and the argument and outputs that say how it holds its secret. */
const { head: HEAD, mode: MODE } = createOrAdoptKindDocs({
  type: "ScriptSecret",
  noun: "secret",
  idField: "secretId",
});

const VALUE =
  "The secret's value (at most 4096 characters; required to create a secret). Write-only: " +
  "the platform never " +
  "returns it, so a refresh cannot see it changed outside Pulumi. It is a secret in the " +
  "state and the outputs whatever the program passes, and never in a log or message. " +
  "Another value (a rotation) is one write of the secret, no replacement. An adopted " +
  "secret's value is written once by the create (the old one cannot be read to compare); " +
  "left out with `secretId` (what `pulumi import` writes): the value is not managed, nothing " +
  "is written.";

/** `edge.compute.ScriptSecret`'s arguments (one form: `secretId` adopts) and outputs. */
export const scriptSecretDocs: CollectionKindDocs = {
  ...HEAD,
  common: {
    scriptId: {
      description:
        "The edge script of the secret (the secret API is keyed by script). Another script " +
        "replaces the resource (a new secret there; destroy of the old one deletes it if this " +
        "resource created it).",
      tsType: "number",
      required: true,
    },
    secretId: {
      description:
        "Adopt an existing secret by its id (with its `scriptId`): create = one write of " +
        "`value` when given (the platform never returns a value, so it is always written; " +
        "left out: none); destroy " +
        "leaves the secret unless `deleteOnDestroy` is true. Left out: a new secret is " +
        "created under `name`.",
      tsType: "number",
    },
    name: {
      description:
        "The secret's name, unique in its script (required to create a secret): a create that " +
        "finds a secret of this name in the script is refused before any write, so a retried " +
        "create never makes a second secret. The platform cannot rename a secret: another " +
        "name replaces a created one.",
      tsType: "string",
    },
    value: { description: VALUE, tsType: "string" },
    deleteOnDestroy: MODE.deleteOnDestroy,
  },
  outputs: {
    secretId: { description: "The secret's id on the platform.", tsType: "number" },
    scriptId: { description: "The edge script of the secret.", tsType: "number" },
    name: { description: "The secret's name.", tsType: "string" },
    value: {
      description:
        "The value the program last wrote (a secret; undefined when not managed): the " +
        "platform never reports it, so it is not compared with the platform's.",
      tsType: "string",
      secret: true,
    },
    ...MODE.outputs,
  },
};
