/**
 * The resources the native provider plugin (`pulumi-resource-edgeplatform`) serves, every kind
 * of the package: each entry names a kind declaration the dynamic resources already use and the
 * dynamic provider built from it (collection kinds on the zone-object engine, settings kinds on
 * the settings engine, the two kinds with flat inputs of their own). The plugin's schema (schema.ts) and its gRPC handlers (server.ts) are derived from
 * this list; adding a kind to the plugin is adding its entry here.
 */
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { rateLimitRuleEngine } from "../resources/kinds/collections/rate-limit-rule-provider";
import { wafRuleEngine } from "../resources/kinds/collections/waf-rule-provider";
import type { EngineKind } from "../resources/core/zone-settings/engine";
import { settingsFieldChanges } from "../resources/core/zone-settings/field-changes";
import type { accessListInputsSchema as AccessListInputsSchema } from "../resources/kinds/collections/access-list-schemas";
import {
  accessListFieldChanges,
  accessListProvider,
} from "../resources/kinds/collections/access-list-fields";
import { ACCESS_LIST_ENUMS } from "../resources/kinds/collections/access-list";
import { rateLimitRuleKind } from "../resources/kinds/collections/rate-limit-rule";
import { wafRuleKind } from "../resources/kinds/collections/waf-rule";
import type { volumeInstancesDeletionInputsSchema as VolumeInstancesDeletionInputsSchema } from "../resources/kinds/own/volume-instances-deletion-schemas";
import { volumeInstancesDeletionProvider } from "../resources/kinds/own/volume-instances-deletion";
import { apiGuardianKind, apiGuardianProvider } from "../resources/kinds/settings/api-guardian";
import { documentInputs } from "../resources/public/api-guardian-documents";
import {
  botCategorizationKind,
  botCategorizationProvider,
} from "../resources/kinds/settings/bot-categorization";
import { botDetectionKind, botDetectionProvider } from "../resources/kinds/settings/bot-detection";
import {
  managedAccessListKind,
  managedAccessListProvider,
} from "../resources/kinds/settings/managed-access-list";
import { responsePageKind, responsePageProvider } from "../resources/kinds/settings/response-page";
import { shieldZoneKind, shieldZoneProvider } from "../resources/kinds/settings/shield-zone";
import {
  underAttackModeKind,
  underAttackModeProvider,
} from "../resources/kinds/settings/under-attack-mode";
import {
  uploadScanningKind,
  uploadScanningProvider,
} from "../resources/kinds/settings/upload-scanning";
import { zoneDnssecKind, zoneDnssecProvider } from "../resources/kinds/settings/zone-dnssec";
import { dnsZoneKind, dnsZoneProvider } from "../resources/kinds/settings/dns-zone";
import type { dnsRecordInputsSchema as DnsRecordInputsSchema } from "../resources/kinds/collections/dns-record-schemas";
import {
  dnsRecordFieldChanges,
  dnsRecordProvider,
} from "../resources/kinds/collections/dns-record-fields";
import { DNS_RECORD_ENUMS } from "../resources/kinds/collections/dns-record";
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

/** Where the doc comments of a collection kind's fields are (the dynamic resource's declarations). */
export interface DocSources {
  /** Source file, relative to packages/pulumi/src (`resources/public/rate-limit-rule.ts`). */
  file: string;
  /** Interfaces declaring the top-level inputs, in order of preference. */
  inputs: string[];
  /** The class (or interface) declaring the outputs. */
  outputs: string;
  /** Interface declaring the configuration's fields. */
  configuration: string;
  /**
   * Interfaces declaring the items of list fields of the configuration, by field
   * (`Name`, or `file#Name` for one declared in another file, relative to packages/pulumi/src).
   */
  items: Record<string, string>;
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
  /** The arguments (name → JSON schema), inputs of the plugin's schema in the input's place. */
  args: Record<string, { type: string }>;
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
  /** The kind declaration (kinds/collections/…): its type name and configuration schema. */
  kind: ZoneObjectKind;
  /** The top-level input schema `check` validates (the configuration is the kind's). */
  inputsSchema: SchemaRef;
  /** Where the field descriptions come from. */
  docs: DocSources;
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
  /** Descriptions of the inputs and of the outputs. */
  docs: { inputs: DeclarationSources; outputs: DeclarationSources };
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

/** The top-level inputs of every zone-object kind (what `check` validates them against). */
const zoneObjectInputs = schemaRef<typeof ZoneObjectInputsSchema>(
  __dirname,
  "../resources/core/zone-objects/check-schemas",
  "zoneObjectInputsSchema",
);

/** The public files of the dynamic resources (relative to packages/pulumi/src). */
const pub = (stub: string) => `resources/public/${stub}.ts`;
const ZONE_SETTINGS = pub("zone-settings-resource");
/** The public types generated from a settings kind's declaration (scripts/gen-kind-types.js). */
const gen = (stub: string) => `resources/public/generated/${stub}.ts`;

/** A settings resource of `shield`: its kind's declaration describes it (schema.ts). */
function settings(kind: EngineKind, provider: unknown, noun: string): SettingsResource {
  return {
    family: "settings",
    module: "shield",
    typeName: kind.type,
    noun,
    kind,
    engine: settingsEngine(kind, provider),
    // The kind's own fields, arguments and outputs are described by its declaration (schema.ts);
    // these are the zone arguments and common outputs every settings resource shares.
    docs: {
      inputs: { [ZONE_SETTINGS]: ["InShieldZoneArgs", "InPullZoneArgs", "SettingsPriorArgs"] },
      outputs: { [ZONE_SETTINGS]: ["ZoneSettingsResource"] },
    },
  };
}

/** A settings kind's engine: its dynamic provider and its per-field changes. */
const settingsEngine = (kind: EngineKind, provider: unknown): KindEngine => ({
  provider: provider as EngineProvider,
  fieldChanges: (olds, news) => settingsFieldChanges(kind, olds, news),
});

/** The resources of the plugin: every kind of the package. */
export const PLUGIN_RESOURCES: readonly PluginResource[] = [
  {
    family: "collection",
    module: "shield",
    typeName: "RateLimitRule",
    noun: "rate-limit rule",
    kind: rateLimitRuleKind as unknown as ZoneObjectKind,
    inputsSchema: zoneObjectInputs,
    engine: rateLimitRuleEngine as unknown as KindEngine,
    docs: {
      file: pub("rate-limit-rule"),
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
  {
    family: "collection",
    module: "shield",
    typeName: "WafRule",
    noun: "custom WAF rule",
    kind: wafRuleKind as unknown as ZoneObjectKind,
    inputsSchema: zoneObjectInputs,
    engine: wafRuleEngine as unknown as KindEngine,
    docs: {
      file: pub("waf-rule"),
      inputs: [
        "WafRuleAdoptArgs",
        "WafRuleCreateInShieldZoneArgs",
        "WafRuleCreateInPullZoneArgs",
        "WafRuleCommonArgs",
      ],
      outputs: "WafRule",
      configuration: "WafRuleConfigurationArgs",
      items: { chainedRuleConditions: `${pub("rate-limit-rule")}#ChainedRuleConditionArgs` },
    },
  },
  {
    family: "flat",
    module: "shield",
    typeName: "AccessList",
    noun: "custom access list",
    inputsSchema: schemaRef<typeof AccessListInputsSchema>(
      __dirname,
      "../resources/kinds/collections/access-list-schemas",
      "accessListInputsSchema",
    ),
    enums: ACCESS_LIST_ENUMS,
    // A list as the program writes it, or the entries joined by "\n" as `check` keeps them.
    typed: {
      entries: { oneOf: [{ type: "array", items: { type: "string" } }, { type: "string" }] },
    },
    engine: {
      provider: accessListProvider as unknown as EngineProvider,
      fieldChanges: accessListFieldChanges as KindEngine["fieldChanges"],
    },
    docs: {
      inputs: {
        [pub("access-list")]: [
          "AccessListAdoptArgs",
          "AccessListCreateInShieldZoneArgs",
          "AccessListCreateInPullZoneArgs",
          "AccessListCommonArgs",
        ],
      },
      outputs: { [pub("access-list")]: ["AccessList", "AccessListState"] },
    },
  },
  {
    family: "flat",
    module: "containers",
    typeName: "VolumeInstancesDeletion",
    noun: "deletion of a volume template's instances",
    inputsSchema: schemaRef<typeof VolumeInstancesDeletionInputsSchema>(
      __dirname,
      "../resources/kinds/own/volume-instances-deletion-schemas",
      "volumeInstancesDeletionInputsSchema",
    ),
    enums: {},
    engine: {
      provider: volumeInstancesDeletionProvider as unknown as EngineProvider,
      // Every input change replaces (the kind's diff): each changed input is a replace reason.
      fieldChanges: ((olds: Record<string, unknown>, news: Record<string, unknown>) => ({
        replaces: ["appId", "volumeId", "triggers"].filter(
          (f) => JSON.stringify(olds?.[f] ?? null) !== JSON.stringify(news?.[f] ?? null),
        ),
        changed: [],
        removed: [],
      })) as KindEngine["fieldChanges"],
    },
    docs: {
      inputs: { [pub("volume-instances-deletion")]: ["VolumeInstancesDeletionArgs"] },
      outputs: {
        [pub("volume-instances-deletion")]: [
          "VolumeInstancesDeletion",
          "VolumeInstancesDeletionState",
        ],
      },
    },
  },
  settings(shieldZoneKind, shieldZoneProvider, "shield zone's settings"),
  settings(botDetectionKind, botDetectionProvider, "zone's bot detection"),
  settings(uploadScanningKind, uploadScanningProvider, "zone's upload scanning"),
  {
    ...settings(apiGuardianKind, apiGuardianProvider, "zone's API guardian"),
    derived: {
      args: { spec: { type: "string" }, specFile: { type: "string" } },
      input: "specHash",
      unprinted: ["spec"],
      toEngine: (inputs) => documentInputs(`${PACKAGE}:shield:ApiGuardian`, inputs),
    },
  },
  settings(responsePageKind, responsePageProvider, "zone's custom response page"),
  settings(underAttackModeKind, underAttackModeProvider, "zone's under-attack mode"),
  settings(botCategorizationKind, botCategorizationProvider, "zone's bot categorization"),
  {
    family: "settings",
    module: "shield",
    typeName: "ManagedAccessList",
    noun: "managed access list's configuration in a zone",
    kind: managedAccessListKind as EngineKind,
    engine: settingsEngine(managedAccessListKind as EngineKind, managedAccessListProvider),
    docs: {
      inputs: {
        [gen("managed-access-list")]: [
          "ManagedAccessListCommonArgs",
          "ManagedAccessListByIdArgs",
          "ManagedAccessListByNameArgs",
        ],
        [ZONE_SETTINGS]: ["InShieldZoneArgs", "InPullZoneArgs"],
      },
      outputs: { [gen("managed-access-list")]: ["ManagedAccessListState"] },
    },
  },
  {
    family: "settings",
    module: "dns",
    typeName: "ZoneDnssec",
    noun: "DNS zone's DNSSEC switch",
    kind: zoneDnssecKind as EngineKind,
    engine: settingsEngine(zoneDnssecKind as EngineKind, zoneDnssecProvider),
    docs: {
      inputs: { [gen("zone-dnssec")]: ["ZoneDnssecArgs"] },
      outputs: { [gen("zone-dnssec")]: ["ZoneDnssecState"] },
    },
  },
  {
    family: "settings",
    module: "dns",
    typeName: "DnsZone",
    noun: "DNS zone (created, or adopted) and its settings",
    kind: dnsZoneKind as EngineKind,
    engine: settingsEngine(dnsZoneKind as EngineKind, dnsZoneProvider),
    docs: {
      inputs: {
        [gen("dns-zone")]: [
          "DnsZoneCreateArgs",
          "DnsZoneAdoptArgs",
          "DnsZoneSettingsArgs",
          "DnsZonePriorArgs",
        ],
      },
      outputs: { [gen("dns-zone")]: ["DnsZoneState"] },
    },
  },
  // A collection kind on the zone-object engine whose public fields are its own (like
  // AccessList): flat inputs, mapped to the engine's at the provider boundary.
  {
    family: "flat",
    module: "dns",
    typeName: "DnsRecord",
    noun: "DNS record",
    inputsSchema: schemaRef<typeof DnsRecordInputsSchema>(
      __dirname,
      "../resources/kinds/collections/dns-record-schemas",
      "dnsRecordInputsSchema",
    ),
    enums: DNS_RECORD_ENUMS,
    engine: {
      provider: dnsRecordProvider as unknown as EngineProvider,
      fieldChanges: dnsRecordFieldChanges as KindEngine["fieldChanges"],
    },
    docs: {
      inputs: { [pub("dns-record")]: ["DnsRecordArgs", "DnsRecordVariableArgs"] },
      outputs: { [pub("dns-record")]: ["DnsRecord", "DnsRecordState"] },
    },
  },
];

/** The package name of the plugin and of its resource tokens. */
export const PACKAGE = "edgeplatform";

/** The type token of a resource (`edgeplatform:shield:RateLimitRule`). */
export const tokenOf = (r: PluginResource): string => `${PACKAGE}:${r.module}:${r.typeName}`;

/** The resource of a type token, or undefined. */
export const resourceOf = (token: string): PluginResource | undefined =>
  PLUGIN_RESOURCES.find((r) => tokenOf(r) === token);
