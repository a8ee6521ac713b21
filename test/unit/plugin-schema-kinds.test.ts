/**
 * The native provider plugin's schema has every kind of the package (one resource per stub the
 * package exports), and for each kind it agrees with the two declarations the dynamic resource
 * is made of:
 *
 * - the input schema `check` validates (the TypeBox schema of a collection kind and its
 *   configuration, the schema built from a settings kind's fields): every field at every depth
 *   is an input of the plugin, and no other (a field added to a kind's schema and missing from
 *   the plugin's fails here);
 * - the `*Args` declarations of the TypeScript resource (its top-level inputs), and the outputs
 *   its class declares.
 *
 * The expected declarations are listed here, by kind, apart from the plugin's own list.
 */
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";
import { buildSchema, type PulumiType } from "../../packages/pulumi/src/plugin/schema";
import { ruleInputsSchema as zoneObjectInputsSchema } from "../../packages/pulumi/src/resources/kinds/collections/rule-schemas";
import * as settingsSchemas from "../../packages/pulumi/src/resources/kinds/settings-inputs-schemas";
import { accessListInputsSchema } from "../../packages/pulumi/src/resources/kinds/collections/access-list-schemas";
import { dnsRecordInputsSchema } from "../../packages/pulumi/src/resources/kinds/collections/dns-record-schemas";
import { edgeRuleInputsSchema } from "../../packages/pulumi/src/resources/kinds/collections/edge-rule-schemas";
import { scriptVariableInputsSchema } from "../../packages/pulumi/src/resources/kinds/collections/script-variable-schemas";
import { optimizerClassInputsSchema } from "../../packages/pulumi/src/resources/kinds/collections/optimizer-class-schemas";
import { hostnameInputsSchema } from "../../packages/pulumi/src/resources/kinds/collections/hostname-schemas";
import { rateLimitRuleKind } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule";
import { wafRuleKind } from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { volumeInstancesDeletionInputsSchema } from "../../packages/pulumi/src/resources/kinds/own/volume-instances-deletion-schemas";
import { cachePurgeInputsSchema } from "../../packages/pulumi/src/resources/kinds/own/cache-purge-schemas";
import { zoneDnssecKind } from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec";
import { dnsZoneKind } from "../../packages/pulumi/src/resources/kinds/settings/dns-zone";
import { pullZoneKind } from "../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import { edgeScriptKind } from "../../packages/pulumi/src/resources/kinds/settings/edge-script";
import { imageRegistryKind } from "../../packages/pulumi/src/resources/kinds/settings/image-registry";
import { ROOT as REPO_ROOT } from "../support/build";

const SRC = path.join(REPO_ROOT, "packages", "pulumi", "src", "resources");
const PUBLIC = path.join(SRC, "public");
const ZONE_ARGS = ["InShieldZoneArgs", "InPullZoneArgs", "SettingsPriorArgs"];

/** A JSON schema (the parts walked here). */
interface Js {
  type?: string | string[];
  anyOf?: Js[];
  properties?: Record<string, Js>;
  additionalProperties?: boolean | Js;
  items?: Js;
}

const loadRef = (ref: { module: string; name: string }): Js =>
  (require(ref.module) as Record<string, Js>)[ref.name];

/** A collection kind's inputs: the top level, its configuration in `ruleConfiguration`. */
function collectionInputs(kind: { configurationSchema: { module: string; name: string } }): Js {
  const top = zoneObjectInputsSchema as unknown as Js;
  return {
    ...top,
    properties: { ...top.properties, ruleConfiguration: loadRef(kind.configurationSchema) },
  };
}

interface Expected {
  /** The stub's name (packages/pulumi/package.json `./stubs/<stub>`). */
  stub: string;
  token: string;
  /** The input schema `check` validates. */
  inputs: Js;
  /** An input's name as the program writes it (a kind whose state has a form of its own). */
  rename?: (p: string) => string;
  /** The `*Args` declarations: file under public/ → interface or type names. */
  args: Record<string, string[]>;
  /** The class declaring the outputs: file under public/ → class names. */
  outputs: Record<string, string[]>;
  /**
   * Arguments a program gives in place of an input of the engine (ApiGuardian's document,
   * `spec` or `specFile`, becomes `specHash`): inputs of the plugin as of the TypeScript
   * resource, and the engine's input an output only.
   */
  derived?: { args: string[]; input: string };
}

/**
 * A settings kind whose public types are generated from its declaration
 * (public/generated/<stub>.ts: `<Type>SettingsArgs`, `<Type>Outputs`).
 */
const settings = (stub: string, type: string, module = "shield"): Expected => ({
  stub,
  token: `edgeplatform:${module}:${type}`,
  inputs: (settingsSchemas as unknown as Record<string, Js>)[
    `${type.charAt(0).toLowerCase()}${type.slice(1)}InputsSchema`
  ],
  args: {
    [`generated/${stub}.ts`]: [`${type}SettingsArgs`],
    "zone-settings-resource.ts": ZONE_ARGS,
  },
  outputs: {
    [`generated/${stub}.ts`]: [`${type}Outputs`],
    "zone-settings-resource.ts": ["ZoneSettingsResource"],
  },
});

const KINDS: Expected[] = [
  {
    stub: "rate-limit-rule",
    token: "edgeplatform:shield:RateLimitRule",
    inputs: collectionInputs(rateLimitRuleKind),
    args: {
      "generated/rate-limit-rule.ts": [
        "RateLimitRuleAdoptArgs",
        "RateLimitRuleCreateInShieldZoneArgs",
        "RateLimitRuleCreateInPullZoneArgs",
        "RateLimitRuleCommonArgs",
      ],
    },
    outputs: { "generated/rate-limit-rule.ts": ["RateLimitRuleOutputs"] },
  },
  {
    stub: "waf-rule",
    token: "edgeplatform:shield:WafRule",
    inputs: collectionInputs(wafRuleKind),
    args: {
      "generated/waf-rule.ts": [
        "WafRuleAdoptArgs",
        "WafRuleCreateInShieldZoneArgs",
        "WafRuleCreateInPullZoneArgs",
        "WafRuleCommonArgs",
      ],
    },
    outputs: { "generated/waf-rule.ts": ["WafRuleOutputs"] },
  },
  {
    stub: "access-list",
    token: "edgeplatform:shield:AccessList",
    inputs: accessListInputsSchema as unknown as Js,
    args: {
      "generated/access-list.ts": [
        "AccessListAdoptArgs",
        "AccessListCreateInShieldZoneArgs",
        "AccessListCreateInPullZoneArgs",
        "AccessListCommonArgs",
      ],
    },
    outputs: { "generated/access-list.ts": ["AccessListOutputs", "AccessListState"] },
  },
  {
    stub: "volume-instances-deletion",
    token: "edgeplatform:containers:VolumeInstancesDeletion",
    inputs: volumeInstancesDeletionInputsSchema as unknown as Js,
    args: { "generated/volume-instances-deletion.ts": ["VolumeInstancesDeletionArgs"] },
    outputs: { "generated/volume-instances-deletion.ts": ["VolumeInstancesDeletionOutputs"] },
  },
  settings("shield-zone", "ShieldZone"),
  settings("bot-detection", "BotDetection"),
  settings("upload-scanning", "UploadScanning"),
  {
    ...settings("api-guardian", "ApiGuardian"),
    derived: { args: ["spec", "specFile"], input: "specHash" },
  },
  settings("response-page", "ResponsePage"),
  settings("under-attack-mode", "UnderAttackMode"),
  settings("bot-categorization", "BotCategorization"),
  {
    stub: "managed-access-list",
    token: "edgeplatform:shield:ManagedAccessList",
    inputs: settingsSchemas.managedAccessListInputsSchema as unknown as Js,
    args: {
      "generated/managed-access-list.ts": [
        "ManagedAccessListCommonArgs",
        "ManagedAccessListByIdArgs",
        "ManagedAccessListByNameArgs",
      ],
      "zone-settings-resource.ts": ["InShieldZoneArgs", "InPullZoneArgs"],
    },
    outputs: { "generated/managed-access-list.ts": ["ManagedAccessListOutputs"] },
  },
  {
    stub: "zone-dnssec",
    token: "edgeplatform:dns:ZoneDnssec",
    inputs: settingsSchemas.zoneDnssecInputsSchema as unknown as Js,
    rename: (p) => zoneDnssecKind.form!.property(p),
    args: { "generated/zone-dnssec.ts": ["ZoneDnssecArgs"] },
    outputs: { "generated/zone-dnssec.ts": ["ZoneDnssecOutputs"] },
  },
  {
    stub: "dns-zone",
    token: "edgeplatform:dns:DnsZone",
    inputs: settingsSchemas.dnsZoneInputsSchema as unknown as Js,
    rename: (p) => dnsZoneKind.form!.property(p),
    args: {
      "generated/dns-zone.ts": [
        "DnsZoneCreateArgs",
        "DnsZoneAdoptArgs",
        "DnsZoneSettingsArgs",
        "DnsZonePriorArgs",
      ],
    },
    outputs: { "generated/dns-zone.ts": ["DnsZoneOutputs"] },
  },
  {
    stub: "pull-zone",
    token: "edgeplatform:pullzones:PullZone",
    inputs: settingsSchemas.pullZoneInputsSchema as unknown as Js,
    rename: (p) => pullZoneKind.form!.property(p),
    args: {
      "generated/pull-zone.ts": [
        "PullZoneCreateArgs",
        "PullZoneAdoptArgs",
        "PullZoneSettingsArgs",
        "PullZonePriorArgs",
      ],
    },
    outputs: { "generated/pull-zone.ts": ["PullZoneOutputs"] },
  },
  {
    stub: "dns-record",
    token: "edgeplatform:dns:DnsRecord",
    inputs: dnsRecordInputsSchema as unknown as Js,
    args: { "generated/dns-record.ts": ["DnsRecordArgs"] },
    outputs: { "generated/dns-record.ts": ["DnsRecordOutputs"] },
  },
  {
    stub: "image-registry",
    token: "edgeplatform:containers:ImageRegistry",
    inputs: settingsSchemas.imageRegistryInputsSchema as unknown as Js,
    rename: (p) => imageRegistryKind.form!.property(p),
    args: {
      "generated/image-registry.ts": [
        "ImageRegistryCreateArgs",
        "ImageRegistryAdoptArgs",
        "ImageRegistrySettingsArgs",
        "ImageRegistryOptionsArgs",
        "ImageRegistryPriorArgs",
      ],
    },
    outputs: { "generated/image-registry.ts": ["ImageRegistryOutputs"] },
  },
  {
    stub: "edge-rule",
    token: "edgeplatform:pullzones:EdgeRule",
    inputs: edgeRuleInputsSchema as unknown as Js,
    args: { "generated/edge-rule.ts": ["EdgeRuleArgs"] },
    outputs: { "generated/edge-rule.ts": ["EdgeRuleOutputs"] },
  },
  {
    stub: "cache-purge",
    token: "edgeplatform:pullzones:CachePurge",
    inputs: cachePurgeInputsSchema as unknown as Js,
    args: { "generated/cache-purge.ts": ["CachePurgeArgs"] },
    outputs: { "generated/cache-purge.ts": ["CachePurgeOutputs"] },
  },
  {
    stub: "edge-script",
    token: "edgeplatform:compute:EdgeScript",
    // The engine's `create` is made by its stored form from the absence of `scriptId`.
    inputs: {
      ...settingsSchemas.edgeScriptInputsSchema,
      properties: Object.fromEntries(
        Object.entries(
          (settingsSchemas.edgeScriptInputsSchema as unknown as Js).properties ?? {},
        ).filter(([k]) => !edgeScriptKind.form!.engineOnly!.includes(k)),
      ),
    } as unknown as Js,
    rename: (p) => edgeScriptKind.form!.property(p),
    args: {
      "generated/edge-script.ts": [
        "EdgeScriptCreateArgs",
        "EdgeScriptAdoptArgs",
        "EdgeScriptSettingsArgs",
        "EdgeScriptPriorArgs",
      ],
    },
    outputs: { "generated/edge-script.ts": ["EdgeScriptOutputs"] },
    // The code (`code` or `codeFile`) becomes its hash and size; the size is an output only.
    derived: { args: ["code", "codeFile"], input: "codeSize" },
  },
  {
    stub: "script-variable",
    token: "edgeplatform:compute:ScriptVariable",
    inputs: scriptVariableInputsSchema as unknown as Js,
    args: { "generated/script-variable.ts": ["ScriptVariableArgs"] },
    outputs: { "generated/script-variable.ts": ["ScriptVariableOutputs"] },
  },
  {
    stub: "optimizer-class",
    token: "edgeplatform:pullzones:OptimizerClass",
    inputs: optimizerClassInputsSchema as unknown as Js,
    args: { "generated/optimizer-class.ts": ["OptimizerClassArgs"] },
    outputs: { "generated/optimizer-class.ts": ["OptimizerClassOutputs"] },
  },
  {
    stub: "hostname",
    token: "edgeplatform:pullzones:Hostname",
    inputs: hostnameInputsSchema as unknown as Js,
    args: { "generated/hostname.ts": ["HostnameArgs"] },
    outputs: { "generated/hostname.ts": ["HostnameOutputs"] },
  },
];

/** The non-null branch of a nullable schema. */
const nonNull = (js: Js): Js => {
  const branches = (js.anyOf ?? []).filter((b) => b.type !== "null");
  return branches.length === 1 ? nonNull(branches[0]) : js;
};

/**
 * Every field path of a JSON schema: `a`, `a.b` (an object's field), `a[].b` (a list item's),
 * `a.*.b` (a map value's).
 */
function schemaPaths(js: Js, prefix = ""): string[] {
  const out: string[] = [];
  for (const [k, raw] of Object.entries(js.properties ?? {})) {
    const p = `${prefix}${k}`;
    out.push(p);
    const s = nonNull(raw);
    if (s.properties) out.push(...schemaPaths(s, `${p}.`));
    const items = s.items && nonNull(s.items);
    if (items?.properties) out.push(...schemaPaths(items, `${p}[].`));
    const values = typeof s.additionalProperties === "object" && nonNull(s.additionalProperties);
    if (values && values.properties) out.push(...schemaPaths(values, `${p}.*.`));
  }
  return out;
}

const schema = buildSchema("0.0.0-test");

/** The object type a property refers to (its own, its items', its values'), if any. */
function objectType(p: PulumiType, seen: string[]): PulumiType | undefined {
  const ref = p.$ref;
  if (!ref?.startsWith("#/types/")) return undefined;
  const token = ref.slice("#/types/".length);
  if (seen.includes(token)) throw new Error(`type ${token} refers to itself`);
  const t = schema.types[token];
  if (!t) throw new Error(`type ${token} is not in the schema`);
  return t.properties ? t : undefined;
}

/** Every input path of the plugin's schema (the same notation as {@link schemaPaths}). */
function pluginPaths(
  props: Record<string, PulumiType>,
  prefix = "",
  seen: string[] = [],
): string[] {
  const out: string[] = [];
  for (const [k, p] of Object.entries(props)) {
    const at = `${prefix}${k}`;
    out.push(at);
    const own = objectType(p, seen);
    if (own) out.push(...pluginPaths(own.properties!, `${at}.`, [...seen, p.$ref!]));
    const items = p.items && objectType(p.items, seen);
    if (items) out.push(...pluginPaths(items.properties!, `${at}[].`, [...seen, p.items!.$ref!]));
    const values = p.additionalProperties && objectType(p.additionalProperties, seen);
    if (values) {
      out.push(
        ...pluginPaths(values.properties!, `${at}.*.`, [...seen, p.additionalProperties!.$ref!]),
      );
    }
  }
  return out;
}

/**
 * Member names of the interfaces, classes and type aliases (their type literals) `names` in
 * `file`; members typed `never` are left out, and so are a class's methods and constructor.
 */
function members(file: string, names: string[]): Set<string> {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.ES2022,
    true,
  );
  const out = new Set<string>();
  const seen = new Set<string>();
  const take = (ms: ts.NodeArray<ts.TypeElement | ts.ClassElement>) => {
    for (const m of ms) {
      if (!m.name || !ts.isIdentifier(m.name)) continue;
      if (ts.isPropertySignature(m) && m.type?.kind !== ts.SyntaxKind.NeverKeyword) {
        out.add(m.name.text);
      }
      if (ts.isPropertyDeclaration(m)) out.add(m.name.text);
    }
  };
  const literals = (t: ts.TypeNode) => {
    if (ts.isTypeLiteralNode(t)) take(t.members);
    if (ts.isIntersectionTypeNode(t) || ts.isUnionTypeNode(t)) t.types.forEach(literals);
    if (ts.isParenthesizedTypeNode(t)) literals(t.type);
  };
  source.forEachChild((n) => {
    const named =
      ts.isInterfaceDeclaration(n) || ts.isClassDeclaration(n) || ts.isTypeAliasDeclaration(n);
    if (!named || !n.name || !names.includes(n.name.text)) return;
    seen.add(n.name.text);
    if (ts.isTypeAliasDeclaration(n)) literals(n.type);
    else take(n.members);
  });
  expect([...seen].sort()).toEqual([...names].sort());
  return out;
}

const membersOf = (decls: Record<string, string[]>) =>
  new Set(Object.entries(decls).flatMap(([f, names]) => [...members(path.join(PUBLIC, f), names)]));

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

test("the plugin serves every kind the package has a stub for, and no other", () => {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, "packages", "pulumi", "package.json"), "utf8"),
  ) as { exports: Record<string, string> };
  const stubs = Object.keys(pkg.exports)
    .filter((k) => k.startsWith("./stubs/"))
    .map((k) => k.slice("./stubs/".length));
  expect(sorted(KINDS.map((k) => k.stub))).toEqual(sorted(stubs));
  expect(sorted(Object.keys(schema.resources))).toEqual(sorted(KINDS.map((k) => k.token)));
});

test("every list type names its items, and every type reference resolves (what the CLI checks)", () => {
  const problems: string[] = [];
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${at}/${i}`));
    if (!v || typeof v !== "object") return;
    const o = v as Record<string, unknown>;
    if (o.type === "array" && !o.items) problems.push(`${at}: array without items`);
    const ref = o.$ref;
    if (typeof ref === "string" && ref.startsWith("#/types/")) {
      if (!schema.types[ref.slice("#/types/".length)]) problems.push(`${at}: ${ref} unresolved`);
    }
    for (const [k, x] of Object.entries(o)) walk(x, `${at}/${k}`);
  };
  walk(schema, "#");
  expect(problems).toEqual([]);
});

describe.each(KINDS.map((k) => [k.token, k] as const))("plugin schema: %s", (token, k) => {
  const resource = () => {
    const r = schema.resources[token];
    if (!r) throw new Error(`the plugin's schema has no resource ${token}`);
    return r;
  };

  test("its inputs, at every depth, are the fields of the kind's input schema", () => {
    const rename = k.rename ?? ((p: string) => p);
    const engine = schemaPaths(k.inputs).filter((p) => p !== k.derived?.input);
    const expected = sorted([...engine.map(rename), ...(k.derived?.args ?? [])]);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(pluginPaths(resource().inputProperties))).toEqual(expected);
  });

  test("its top-level inputs are the TypeScript resource's arguments", () => {
    expect(sorted(Object.keys(resource().inputProperties))).toEqual(sorted(membersOf(k.args)));
  });

  test("its outputs hold every output the TypeScript resource declares", () => {
    const declared = sorted(membersOf(k.outputs));
    expect(declared.filter((o) => !(o in resource().properties))).toEqual([]);
  });

  test("a derived argument is an input only: the state holds the engine's input", () => {
    for (const a of k.derived?.args ?? []) expect(resource().properties[a]).toBeUndefined();
    if (k.derived) expect(resource().inputProperties[k.derived.input]).toBeUndefined();
  });

  test("every input and output has a description", () => {
    const r = resource();
    const props = [...Object.entries(r.inputProperties), ...Object.entries(r.properties)];
    expect(props.filter(([, p]) => !p.description?.trim()).map(([f]) => f)).toEqual([]);
  });
});
