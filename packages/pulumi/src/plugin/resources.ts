/**
 * The resources the native provider plugin (`pulumi-resource-edgeplatform`) serves: each entry
 * names a kind declaration the dynamic resources already use and the dynamic provider built
 * from it. The plugin's schema (schema.ts) and its gRPC handlers (server.ts) are derived from
 * this list; adding a kind to the plugin is adding its entry here.
 */
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { rateLimitRuleEngine } from "../resources/core/providers/rate-limit-rule-provider";
import { rateLimitRuleKind } from "../resources/kinds/collections/rate-limit-rule";
import type { zoneObjectInputsSchema as ZoneObjectInputsSchema } from "../resources/core/zone-objects/check-schemas";
import type { ZoneObjectKind } from "../resources/core/zone-objects/kind";

/** The operations of a dynamic provider, as the zone-object engine builds them. */
export interface EngineProvider {
  configure(req: { config: { get(key: string): string | undefined } }): Promise<void>;
  check(
    olds: unknown,
    news: unknown,
  ): Promise<{ inputs?: unknown; failures?: { property: string; reason: string }[] }>;
  diff(
    id: string,
    olds: never,
    news: never,
  ): Promise<{ changes?: boolean; replaces?: string[]; deleteBeforeReplace?: boolean }>;
  create(inputs: never): Promise<{ id: string; outs?: unknown }>;
  read(id: string, props: never): Promise<{ id?: string; props?: unknown; inputs?: unknown }>;
  update(id: string, olds: never, news: never): Promise<{ outs?: unknown }>;
  delete(id: string, props: never): Promise<void>;
}

/** A kind's engine: its dynamic provider and the per-field changes of a diff. */
export interface KindEngine {
  provider: EngineProvider;
  fieldChanges(
    olds: never,
    news: never,
  ): { replaces: string[]; changed: string[]; removed: string[] };
}

/** Where the doc comments of a resource's fields are (the dynamic resource's declarations). */
export interface DocSources {
  /** Source file, relative to packages/pulumi/src (`resources/public/rate-limit-rule.ts`). */
  file: string;
  /** Interfaces declaring the top-level inputs, in order of preference. */
  inputs: string[];
  /** The class (or interface) declaring the outputs. */
  outputs: string;
  /** Interface declaring the configuration's fields. */
  configuration: string;
  /** Interfaces declaring the items of list fields of the configuration, by field. */
  items: Record<string, string>;
}

/** One resource of the plugin. */
export interface PluginResource {
  /** Module of the token (`shield`). */
  module: string;
  /** The kind declaration (kinds/collections/…): its type name and configuration schema. */
  kind: ZoneObjectKind;
  /** The top-level input schema `check` validates (the configuration is the kind's). */
  inputsSchema: SchemaRef;
  /** The kind's engine (the same functions the TypeScript resource's provider calls). */
  engine: KindEngine;
  /** Where the field descriptions come from. */
  docs: DocSources;
}

/** The top-level inputs of every zone-object kind (what `check` validates them against). */
const zoneObjectInputs = schemaRef<typeof ZoneObjectInputsSchema>(
  __dirname,
  "../resources/core/zone-objects/check-schemas",
  "zoneObjectInputsSchema",
);

/** The resources of the plugin. */
export const PLUGIN_RESOURCES: readonly PluginResource[] = [
  {
    module: "shield",
    kind: rateLimitRuleKind as unknown as ZoneObjectKind,
    inputsSchema: zoneObjectInputs,
    engine: rateLimitRuleEngine as unknown as KindEngine,
    docs: {
      file: "resources/public/rate-limit-rule.ts",
      inputs: [
        "RateLimitRuleAdoptArgs",
        "RateLimitRuleCreateInShieldZoneArgs",
        "RateLimitRuleCreateInPullZoneArgs",
        "RateLimitRuleCommonArgs",
      ],
      outputs: "RateLimitRule",
      configuration: "RateLimitRuleConfigurationArgs",
      items: { chainedRuleConditions: "ChainedRuleConditionArgs" },
    },
  },
];

/** The package name of the plugin and of its resource tokens. */
export const PACKAGE = "edgeplatform";

/** The type token of a resource (`edgeplatform:shield:RateLimitRule`). */
export const tokenOf = (r: PluginResource): string => `${PACKAGE}:${r.module}:${r.kind.typeName}`;

/** The resource of a type token, or undefined. */
export const resourceOf = (token: string): PluginResource | undefined =>
  PLUGIN_RESOURCES.find((r) => tokenOf(r) === token);
