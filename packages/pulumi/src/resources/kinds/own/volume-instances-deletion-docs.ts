/**
 * The descriptions of `edge.containers.VolumeInstancesDeletion`'s fields: the source of its
 * public types (`public/generated/volume-instances-deletion.ts`, scripts/gen-kind-types.js)
 * and of the plugin's schema (the kind list's `plugin.declaration`).
 */
import type { CollectionKindDocs } from "../collections/rule-docs";

/** The deletion's arguments (one form) and outputs. */
export const volumeInstancesDeletionDeclaration: { docs: CollectionKindDocs } = {
  docs: {
    type: "VolumeInstancesDeletion",
    file: "own/volume-instances-deletion-docs.ts",
    argsDoc: "Arguments of {@link VolumeInstancesDeletion}.",
    stateDoc: "State (outputs) of a {@link VolumeInstancesDeletion}.",
    forms: {},
    common: {
      appId: {
        description: "Id of the application. Changing it runs the deletion again.",
        tsType: "string",
        required: true,
      },
      volumeId: {
        description:
          "Id of the volume template whose instances are deleted. Changing it runs it again.",
        tsType: "string",
        required: true,
      },
      triggers: {
        description:
          "Any values; a change of them runs the deletion again (like `@pulumi/command`).",
        tsType: "unknown[]",
      },
    },
    outputs: {
      appId: { description: "Id of the application.", tsType: "string" },
      volumeId: { description: "Id of the volume template.", tsType: "string" },
      triggers: { description: "The triggers of the last run.", tsType: "unknown[] | undefined" },
      deletedInstanceIds: {
        description:
          "Ids of the instances the platform deleted (empty when the template had none).",
        tsType: "string[]",
      },
    },
  },
};
