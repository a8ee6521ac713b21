/**
 * The descriptions of `edge.pullzones.CachePurge`'s fields: the source of its public types
 * (`public/generated/cache-purge.ts`, scripts/gen-kind-types.js) and of the plugin's schema
 * (the kind list's `plugin.declaration`).
 */
import type { CollectionKindDocs } from "../collections/rule-docs";

/** The purge's arguments (one form, its targets checked by the provider) and outputs. */
export const cachePurgeDeclaration: { docs: CollectionKindDocs } = {
  docs: {
    type: "CachePurge",
    file: "own/cache-purge-docs.ts",
    argsDoc:
      "Arguments of {@link CachePurge}: exactly one target, `{ pullZoneId }` (the whole zone), " +
      "`{ pullZoneId, cacheTag }` (what carries the tag) or `{ url }` (one URL).",
    stateDoc: "State (outputs) of a {@link CachePurge}.",
    forms: {},
    common: {
      pullZoneId: {
        description:
          "Id of the pull zone whose cache is purged (all of it, or what carries `cacheTag`). " +
          "Not with `url`. Changing it runs the purge again.",
        tsType: "number",
      },
      cacheTag: {
        description:
          "Purge only the files that carry this cache tag (needs `pullZoneId`). Changing it " +
          "runs the purge again.",
        tsType: "string",
      },
      url: {
        description:
          "An absolute http(s) URL to purge (POST `/purge`), instead of a zone. Changing it " +
          "runs the purge again.",
        tsType: "string",
      },
      triggers: {
        description: "Any values; a change of them runs the purge again (like `@pulumi/command`).",
        tsType: "unknown[]",
      },
    },
    outputs: {
      pullZoneId: { description: "Id of the purged pull zone.", tsType: "number | undefined" },
      cacheTag: { description: "The purged cache tag.", tsType: "string | undefined" },
      url: { description: "The purged URL.", tsType: "string | undefined" },
      triggers: { description: "The triggers of the last run.", tsType: "unknown[] | undefined" },
    },
  },
};
