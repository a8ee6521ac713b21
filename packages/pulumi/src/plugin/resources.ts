/**
 * The resources the native provider plugin (`pulumi-resource-edgeplatform`) serves, every kind
 * of the package, built from the generated table of the kinds' declarations
 * (`./resources.generated.ts`, from each kind's `plugin` block in
 * resources/kinds/kind-list.json): each names a kind declaration the dynamic resources already
 * use and the dynamic provider built from it (collection kinds on the zone-object engine,
 * settings kinds on the settings engine, the kinds with flat inputs of their own). The plugin's
 * schema (schema.ts) and its gRPC handlers (server.ts) are derived from this list; adding a kind
 * to the plugin is adding its `plugin` block to the list (docs/development.md, "Adding a kind").
 */
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import type { EngineKind } from "../resources/core/zone-settings/engine";
import { settingsFieldChanges } from "../resources/core/zone-settings/field-changes";
import type { ruleInputsSchema as ZoneObjectInputsSchema } from "../resources/kinds/collections/rule-schemas";
import type { ZoneObjectKind } from "../resources/core/zone-objects/kind";
import type { CollectionKindDocs, RuleKindDocs } from "../resources/kinds/collections/rule-docs";
import { PLUGIN_KINDS } from "./resources.generated";

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
  /**
   * `pulumi import` of the object `id`, when it differs from a read with no state (a settings
   * kind: every setting managed at its current value; the zone-object kinds' read-only view
   * already holds every field).
   */
  import?(id: string): Promise<{ id?: string; props?: unknown; inputs?: unknown }>;
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

/**
 * Declarations whose doc comments describe a resource's fields, at every depth (nested type
 * literals and interfaces of the same file): source file (relative to packages/pulumi/src) →
 * interface, class and type names, in order of preference.
 */
export type DeclarationSources = Record<string, string[]>;

/** What every resource of the plugin has. */
interface ResourceBase {
  /** Module of the token (`shield`). */
  module: string;
  /** Type name (`RateLimitRule`): the token's last part. */
  typeName: string;
  /** What one object is, in descriptions (`rate-limit rule`). */
  noun: string;
  /** The kind's engine (the same functions the TypeScript resource's provider calls). */
  engine: KindEngine;
  /** Arguments the program gives in place of one of the engine's inputs, if any. */
  derived?: DerivedInputs;
}

/**
 * Arguments a program gives that the front end turns into one input of the engine, as the
 * TypeScript resource does in the program (ApiGuardian: the document, `spec` or `specFile`,
 * becomes `specHash`). The plugin's `check` turns them before the engine's own check, so the
 * state's inputs hold the engine's input, never the arguments. (The engine keeps a secret by its
 * property's name, and this plugin takes no secrets: the input of a secret argument is not one.)
 */
export interface DerivedInputs {
  /**
   * The arguments (name → JSON schema), inputs of the plugin's schema in the input's place: a
   * type, or a type of the Pulumi schema itself (`{ $ref: "pulumi.json#/Asset" }`: the engine
   * sends an asset in the property protocol).
   */
  args: Record<string, { type: string } | { $ref: `pulumi.json#/${string}` }>;
  /** The engine's input they become (not an input of the plugin's schema; an output). */
  input: string;
  /**
   * Arguments whose value is never printed (a document, maybe a secret): the engine prints a
   * failed property's value, so a failure about one is the resource's, naming it in its reason.
   */
  unprinted: string[];
  /**
   * The engine's inputs from the program's.
   * @throws InvalidArgumentError naming an argument.
   */
  toEngine(inputs: Record<string, unknown>): Record<string, unknown>;
}

/** A collection kind on the zone-object engine (`ruleConfiguration` holds its fields). */
export interface CollectionResource extends ResourceBase {
  family: "collection";
  /**
   * The kind declaration (kinds/collections/…): its type name, configuration schema and the
   * descriptions of its fields (`docs`).
   */
  kind: ZoneObjectKind & { docs: RuleKindDocs };
  /** The top-level input schema `check` validates (the configuration is the kind's). */
  inputsSchema: SchemaRef;
}

/** A kind with flat inputs of its own (its TypeBox schema), checked by its own `check`. */
export interface FlatResource extends ResourceBase {
  family: "flat";
  /** The input schema `check` validates. */
  inputsSchema: SchemaRef;
  /** Enumerations by input (their names in the schema and the state). */
  enums: Record<string, Readonly<Record<string, number>>>;
  /** Inputs whose schema leaves the type to `check` (`{}`): their type as a program writes them. */
  typed?: Record<string, object>;
  /** Descriptions of the inputs and of the outputs (doc comments), if not `declaration`'s. */
  docs?: { inputs: DeclarationSources; outputs: DeclarationSources };
  /** The kind declaration that describes its inputs and outputs (`docs`), if any. */
  declaration?: { docs: CollectionKindDocs };
}

/** A settings kind on the settings engine (its inputs schema built from its fields). */
export interface SettingsResource extends ResourceBase {
  family: "settings";
  /** The kind declaration (kinds/settings/…): its fields, key, stored form. */
  kind: EngineKind;
  /** Descriptions of the inputs and of the outputs. */
  docs: { inputs: DeclarationSources; outputs: DeclarationSources };
}

/** One resource of the plugin. */
export type PluginResource = CollectionResource | FlatResource | SettingsResource;

/** The package name of the plugin and of its resource tokens. */
export const PACKAGE = "edgeplatform";

/** The top-level inputs of the rule kinds (what `check` validates them against). */
const zoneObjectInputs = schemaRef<typeof ZoneObjectInputsSchema>(
  __dirname,
  "../resources/kinds/collections/rule-schemas",
  "ruleInputsSchema",
);

/** The zone arguments and common outputs every settings resource shares (its default docs). */
const ZONE_SETTINGS = "resources/public/zone-settings-resource.ts";
const SETTINGS_DOCS = {
  inputs: { [ZONE_SETTINGS]: ["InShieldZoneArgs", "InPullZoneArgs", "SettingsPriorArgs"] },
  outputs: { [ZONE_SETTINGS]: ["ZoneSettingsResource"] },
};

/**
 * A kind as the generated table declares it for the plugin (its `plugin` block and the
 * declarations it names): a resource of the plugin before its engine is built.
 */
export type PluginKind =
  | (Omit<CollectionResource, "engine" | "kind" | "inputsSchema" | "derived"> & {
      kind: unknown;
      engine: unknown;
      derived?: DerivedDeclaration;
    })
  | (Omit<FlatResource, "engine" | "derived"> & {
      provider: unknown;
      fieldChanges: unknown;
      derived?: DerivedDeclaration;
    })
  | (Omit<SettingsResource, "engine" | "kind" | "docs" | "derived"> & {
      kind: unknown;
      provider: unknown;
      /** Descriptions of the inputs and outputs (default: the zone arguments, SETTINGS_DOCS). */
      docs?: SettingsResource["docs"];
      derived?: DerivedDeclaration;
    });

/** Derived arguments as a kind declares them: `toEngine` takes the resource's type token too. */
export type DerivedDeclaration = Omit<DerivedInputs, "toEngine"> & {
  toEngine(token: string, inputs: Record<string, unknown>): Record<string, unknown>;
};

/** A settings kind's engine: its dynamic provider and its per-field changes. */
const settingsEngine = (kind: EngineKind, provider: unknown): KindEngine => ({
  provider: provider as EngineProvider,
  fieldChanges: (olds, news) => settingsFieldChanges(kind, olds, news),
});

/** The plugin's resource of a kind of the generated table. */
function resourceOfKind(k: PluginKind): PluginResource {
  const token = `${PACKAGE}:${k.module}:${k.typeName}`;
  const derived: Pick<ResourceBase, "derived"> = k.derived
    ? {
        derived: {
          ...k.derived,
          toEngine: (inputs) => k.derived!.toEngine(token, inputs),
        },
      }
    : {};
  switch (k.family) {
    case "collection": {
      const { engine, kind, derived: _, ...rest } = k;
      return {
        ...rest,
        kind: kind as CollectionResource["kind"],
        inputsSchema: zoneObjectInputs,
        engine: engine as KindEngine,
        ...derived,
      };
    }
    case "flat": {
      const { provider, fieldChanges, derived: _, ...rest } = k;
      return {
        ...rest,
        engine: {
          provider: provider as EngineProvider,
          fieldChanges: fieldChanges as KindEngine["fieldChanges"],
        },
        ...derived,
      };
    }
    case "settings": {
      const { provider, kind, docs, derived: _, ...rest } = k;
      return {
        ...rest,
        kind: kind as EngineKind,
        engine: settingsEngine(kind as EngineKind, provider),
        docs: docs ?? SETTINGS_DOCS,
        ...derived,
      };
    }
  }
}

/** The resources of the plugin: every kind of the package, in the order of its schema. */
export const PLUGIN_RESOURCES: readonly PluginResource[] = PLUGIN_KINDS.map(resourceOfKind);

/** The type token of a resource (`edgeplatform:shield:RateLimitRule`). */
export const tokenOf = (r: PluginResource): string => `${PACKAGE}:${r.module}:${r.typeName}`;

/** The resource of a type token, or undefined. */
export const resourceOf = (token: string): PluginResource | undefined =>
  PLUGIN_RESOURCES.find((r) => tokenOf(r) === token);
