/**
 * The Pulumi package schema of the native provider plugin, generated at build time (no
 * hand-written copy of any field):
 *
 * - the fields and their types come from the JSON schemas `check` validates against (the
 *   kind's top-level input schema and its configuration schema, both TypeBox declarations);
 * - enumerations (integer enums on the wire) become string enums of their names, which is how
 *   `check` keeps them in state and diffs;
 * - a settings kind's descriptions (and `secret`) are its declaration's (each field's
 *   `description`, its groups', arguments' and outputs'), and so are a collection kind's (its
 *   `docs`: configuration fields, items, forms of the arguments, outputs); the others' are the
 *   doc comments of the dynamic resource's declarations (its `*Args` interfaces and class),
 *   read with the TypeScript compiler;
 * - the config variables are the client's settings (`EdgeSettings`), secret when their doc
 *   says so.
 *
 * `node scripts/plugin-schema.js` writes it to `dist/plugin/schema.json`, which the plugin
 * serves. Loads TypeBox and TypeScript: build and test time only, never in the plugin.
 */
import * as fs from "fs";
import * as path from "path";
import { SETTING_SOURCES, TUNING_SOURCES } from "edgeplatform-client";
import * as spec from "edgeplatform-client/spec/runtime";
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { fieldAt } from "../resources/core/zone-settings/kind";
import type {
  CollectionKindDocs,
  DescribedField,
  ItemDeclaration,
} from "../resources/kinds/collections/rule-docs";
import { settingsInputsSchema } from "../resources/core/zone-settings/settings-schemas";
import { functionTokenOf, PLUGIN_FUNCTIONS, type PluginFunction } from "./functions";
import {
  PACKAGE,
  PLUGIN_RESOURCES,
  tokenOf,
  type CollectionResource,
  type DeclarationSources,
  type FlatResource,
  type PluginResource,
  type SettingsResource,
} from "./resources";

/** A JSON schema as TypeBox writes it (the parts read here). */
interface JsonSchema {
  type?: string | string[];
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  /** A type of the Pulumi schema itself (`pulumi.json#/Asset`): a derived argument's. */
  $ref?: string;
}

/** A type or property of a Pulumi package schema. */
export interface PulumiType {
  type?: string;
  $ref?: string;
  items?: PulumiType;
  oneOf?: PulumiType[];
  additionalProperties?: PulumiType;
  description?: string;
  required?: string[];
  secret?: boolean;
  enum?: { name: string; value: string; description?: string }[];
  properties?: Record<string, PulumiType>;
}

/** A Pulumi package schema (the parts written here). */
export interface PackageSchema {
  name: string;
  displayName: string;
  version: string;
  description: string;
  repository: string;
  publisher: string;
  license: string;
  logoUrl: string;
  config: { variables: Record<string, PulumiType> };
  provider: {
    description: string;
    inputProperties: Record<string, PulumiType>;
    properties: Record<string, PulumiType>;
  };
  resources: Record<
    string,
    {
      description: string;
      inputProperties: Record<string, PulumiType>;
      properties: Record<string, PulumiType>;
      requiredInputs?: string[];
      required: string[];
    }
  >;
  types: Record<string, PulumiType>;
  functions: Record<string, FunctionSchema>;
  language: typeof LANGUAGE;
}

/** A function of a Pulumi package schema (a data source). */
export interface FunctionSchema {
  description: string;
  inputs: { properties: Record<string, PulumiType>; required: string[] };
  outputs: { properties: Record<string, PulumiType> };
}

/** The repository the package and its SDKs come from. */
const REPOSITORY = "https://github.com/edgeplatform/pulumi-edgeplatform";

/**
 * What the SDK generators of each language read (scripts/sdk.js writes `sdk/` from them):
 * the Go module's import path, the Python and C# package names. `respectSchemaVersion`: the
 * SDKs carry the schema's version, which is the package's.
 */
const LANGUAGE = {
  go: {
    importBasePath: `${REPOSITORY.replace(/^https:\/\//, "")}/sdk/go/edgeplatform`,
    generateResourceContainerTypes: true,
    respectSchemaVersion: true,
  },
  python: {
    packageName: "pulumi_edgeplatform",
    respectSchemaVersion: true,
    pyproject: { enabled: true },
  },
  csharp: {
    rootNamespace: "EdgePlatform",
    namespaces: { edgeplatform: "Pulumi" },
    respectSchemaVersion: true,
  },
};

/** packages/pulumi/src (from src/plugin or dist/plugin). */
const SRC = path.resolve(__dirname, "..", "..", "src");

/** packages/client/src. */
const CLIENT_SRC = path.resolve(__dirname, "..", "..", "..", "client", "src");

/** The license of the package (packages/pulumi/package.json), the SDKs' too. */
function packageLicense(): string {
  const manifest = path.resolve(__dirname, "..", "..", "package.json");
  const { license } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { license?: string };
  if (!license) throw new Error(`${manifest} has no "license"`);
  return license;
}

/** Loads the JSON schema a {@link SchemaRef} names (its TypeBox module). */
function load(ref: SchemaRef): JsonSchema {
  const schema = (require(ref.module) as Record<string, JsonSchema>)[ref.name];
  if (!schema) throw new Error(`schema ${ref.name} is not exported by ${ref.module}`);
  return schema;
}

/** The doc comments of the members of the named interfaces and classes of a source file. */
export function docComments(file: string, names: readonly string[]): Map<string, string>[] {
  const ts = require("typescript") as typeof import("typescript");
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found = new Map<string, Map<string, string>>();
  const visit = (node: import("typescript").Node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)) && node.name) {
      const members = new Map<string, string>();
      for (const m of node.members) {
        if (!m.name || !ts.isIdentifier(m.name)) continue;
        if (ts.isPropertySignature(m) && m.type?.kind === ts.SyntaxKind.NeverKeyword) continue;
        if (!ts.isPropertySignature(m) && !ts.isPropertyDeclaration(m)) continue;
        const docs = ts.getJSDocCommentsAndTags(m).filter(ts.isJSDoc);
        const comment = docs.map((d) => ts.getTextOfJSDocComment(d.comment) ?? "").join("\n");
        members.set(m.name.text, comment.replace(/\{@link ([^}]+)\}/g, "`$1`").trim());
      }
      found.set(node.name.text, members);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names.map((n) => {
    const m = found.get(n);
    if (!m) throw new Error(`${file} declares no interface or class ${n}`);
    return m;
  });
}

/** The first description of `field` among `sources`; throws when none documents it. */
function describe(field: string, sources: Map<string, string>[], where: string): string {
  for (const s of sources) {
    const d = s.get(field);
    if (d) return d;
  }
  throw new Error(`${where}: no doc comment for field "${field}"`);
}

/** The name of an enumeration object among the client's exported enumerations. */
function enumName(values: Record<string, number>): string {
  const enums = spec as unknown as Record<string, unknown>;
  const name = Object.keys(enums).find((k) => k !== "EnumsByField" && enums[k] === values);
  if (!name) throw new Error(`enumeration ${JSON.stringify(values)} is not exported by name`);
  return name;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const singular = (s: string) => s.replace(/s$/, "");

/** Builds the schema types of one collection resource. */
class TypeBuilder {
  constructor(
    readonly r: CollectionResource,
    readonly types: Record<string, PulumiType>,
  ) {}

  private token(name: string) {
    return `${PACKAGE}:${this.r.module}:${name}`;
  }

  /** The enumeration type of a field (its names), or undefined when the field is no enum. */
  private enumRef(field: string, js: JsonSchema): PulumiType | undefined {
    const values = this.r.kind.config.enums[field];
    if (!values || !Array.isArray(js.enum)) return undefined;
    const name = enumName(values);
    const token = this.token(name);
    const wire = new Set(js.enum);
    this.types[token] ??= {
      type: "string",
      description: `${name}: the names of the platform's integer values (the state keeps the name).`,
      enum: Object.entries(values)
        .filter(([, v]) => wire.has(v))
        .map(([n, v]) => ({ name: n, value: n, description: `${n} (${v} on the wire)` })),
    };
    return { $ref: `#/types/${token}` };
  }

  /** The Pulumi type of a JSON schema (`field`: its property name, `owner`: an object name). */
  typeOf(js: JsonSchema, field: string, owner: string, items?: ItemDeclaration): PulumiType {
    const branches = (js.anyOf ?? []).filter((b) => b.type !== "null");
    if (branches.length === 1) return this.typeOf(branches[0], field, owner, items);
    const enumRef = this.enumRef(field, js);
    if (enumRef) return enumRef;
    const type = Array.isArray(js.type) ? js.type.find((t) => t !== "null") : js.type;
    if (type === "array" && js.items) {
      return { type: "array", items: this.typeOf(js.items, field, owner, items) };
    }
    if (type === "object" && js.properties) {
      const name = `${owner}${capitalize(singular(field))}`;
      const token = this.token(name);
      if (!items) throw new Error(`${tokenOf(this.r)}: no declaration of the items of ${field}`);
      this.types[token] = {
        type: "object",
        properties: this.objectProperties(js, items.fields, `${tokenOf(this.r)} items of ${field}`),
      };
      return { $ref: `#/types/${token}` };
    }
    if (type === "object") {
      const values = typeof js.additionalProperties === "object" ? js.additionalProperties : {};
      return { type: "object", additionalProperties: this.typeOf(values, field, owner) };
    }
    if (type === "integer" || type === "number" || type === "string" || type === "boolean") {
      return { type };
    }
    throw new Error(`${tokenOf(this.r)}: field ${field} has a schema with no Pulumi type`);
  }

  /** The properties of an object schema, described by the declaration's `fields`. */
  objectProperties(
    js: JsonSchema,
    fields: Record<string, DescribedField>,
    where: string,
  ): Record<string, PulumiType> {
    return Object.fromEntries(
      Object.entries(js.properties ?? {}).map(([f, s]) => [
        f,
        {
          ...this.typeOf(s, f, this.r.kind.typeName, this.r.kind.docs.items[f]),
          description: declared(fields[f]?.description, f, where),
        },
      ]),
    );
  }
}

/** A declared description with `{@link X}` as `X` in backquotes; throws when there is none. */
function declared(text: string | undefined, field: string, where: string): string {
  if (!text?.trim()) throw new Error(`${where}: no description declared for field "${field}"`);
  return text.replace(/\{@link ([^}]+)\}/g, "`$1`");
}

/**
 * A collection kind's description of an input: its first form's that takes it (not `never`),
 * else the one every form has; a field of a list argument's items (`environmentVariables.name`),
 * the items' declaration's.
 */
function inputDescription(docs: CollectionKindDocs, field: string): string | undefined {
  const [top, item] = field.split(".");
  if (item !== undefined) return docs.argItems?.[top]?.fields[item]?.description;
  for (const form of Object.values(docs.forms)) {
    const a = form.args[field];
    if (a && a.tsType !== "never") return a.description;
  }
  return docs.common[field]?.description;
}

/**
 * The config variables: the client's settings, described by `EdgeSettings` (secret when their
 * doc says so), and the client's tuning (`TUNING_SOURCES`: integers in a range). The same
 * properties are the inputs and the state of an explicit `Provider` resource.
 */
function configVariables(): Record<string, PulumiType> {
  const [docs] = docComments(path.join(CLIENT_SRC, "settings.ts"), ["EdgeSettings"]);
  const settings = Object.entries(SETTING_SOURCES).map(([key, s]): [string, PulumiType] => {
    const doc = describe(key, [docs], "EdgeSettings");
    // A setting whose doc names its own default keeps it; the variable is the next fallback.
    const env = /\bDefault:/.test(doc)
      ? ` If it is not set, the environment variable ${s.env}.`
      : ` Default: the environment variable ${s.env}.`;
    return [
      key,
      {
        type: "string",
        description: `${doc}${env}`,
        ...(/\bSecret\b/.test(doc) ? { secret: true } : {}),
      },
    ];
  });
  const tuning = Object.entries(TUNING_SOURCES).map(([key, s]): [string, PulumiType] => [
    key,
    {
      type: "integer",
      description:
        `The client's ${s.what}: an integer from ${s.min} to ${s.max}. ` +
        `Default: the environment variable ${s.env}, else the client's default.`,
    },
  ]);
  return Object.fromEntries([...settings, ...tuning]);
}

/**
 * The schema of one collection resource (its inputs, outputs and types), described by its
 * declaration (`kind.docs`); the engine's own output `origin` by the engine's state.
 */
function collectionSchema(r: CollectionResource, types: Record<string, PulumiType>) {
  const b = new TypeBuilder(r, types);
  const where = tokenOf(r);
  const docs = r.kind.docs;
  const input = (f: string) => declared(inputDescription(docs, f), f, where);
  const [stateDocs] = docComments(path.join(SRC, "resources/core/zone-objects/state.ts"), [
    "ZoneObjectOutputs",
  ]);
  const configuration = load(r.kind.configurationSchema);
  const configName = `${r.kind.typeName}Configuration`;
  types[`${PACKAGE}:${r.module}:${configName}`] = {
    type: "object",
    description: input("ruleConfiguration"),
    properties: b.objectProperties(
      configuration,
      docs.configuration.fields,
      `${where} configuration`,
    ),
  };
  const configRef = { $ref: `#/types/${PACKAGE}:${r.module}:${configName}` };
  const top = load(r.inputsSchema).properties ?? {};
  const inputProperties: Record<string, PulumiType> = {};
  for (const [f, s] of Object.entries(top)) {
    inputProperties[f] = {
      ...(f === "ruleConfiguration" ? configRef : b.typeOf(s, f, r.kind.typeName)),
      description: input(f),
    };
  }
  // Outputs: every input, and what the engine adds to the state (origin, adopted, ...).
  const properties: Record<string, PulumiType> = { ...inputProperties };
  for (const [f, o] of Object.entries(docs.outputs)) {
    if (properties[f])
      properties[f] = { ...properties[f], description: declared(o.description, f, where) };
  }
  const engineOutputs: Record<string, PulumiType> = {
    adopted: { type: "boolean" },
    origin: { type: "string" },
    unmanaged: { type: "array", items: { type: "string" } },
    readOnly: { type: "boolean" },
  };
  for (const [f, t] of Object.entries(engineOutputs)) {
    const own = docs.outputs[f]?.description;
    properties[f] = {
      ...t,
      description: own ? declared(own, f, where) : describe(f, [stateDocs], where),
    };
  }
  return {
    description: `A ${r.kind.noun} (the same engine as the TypeScript resource \`edge.${r.module}.${r.kind.typeName}\`).`,
    inputProperties,
    properties,
    requiredInputs: ["ruleConfiguration"],
    required: ["ruleId", "shieldZoneId", "ruleConfiguration", "adopted"],
  };
}

/** A field's doc comment and its declared type (the type's source text). */
interface FieldDoc {
  doc: string;
  type: string;
}

/**
 * The doc comments of the fields of the named declarations (interfaces, classes, type aliases)
 * of each file, at every depth: `browserFingerprint.aggression` for a member of a type literal
 * in `browserFingerprint`'s type, or of an interface of the same file it names. The first
 * declaration listed that documents a path wins.
 */
export function docIndex(sources: DeclarationSources): Map<string, FieldDoc> {
  const ts = require("typescript") as typeof import("typescript");
  type Node = import("typescript").Node;
  type TypeNode = import("typescript").TypeNode;
  const out = new Map<string, FieldDoc>();
  for (const [rel, names] of Object.entries(sources)) {
    const file = path.join(SRC, rel);
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(file, "utf8"),
      ts.ScriptTarget.ES2022,
      true,
    );
    const decls = new Map<string, Node>();
    source.forEachChild((n) => {
      if (
        (ts.isInterfaceDeclaration(n) ||
          ts.isClassDeclaration(n) ||
          ts.isTypeAliasDeclaration(n)) &&
        n.name
      ) {
        decls.set(n.name.text, n);
      }
    });
    const members = (ms: readonly Node[], prefix: string, depth: number) => {
      for (const m of ms) {
        const named = m as { name?: Node; type?: TypeNode };
        if (!named.name || !ts.isIdentifier(named.name)) continue;
        if (!ts.isPropertySignature(m) && !ts.isPropertyDeclaration(m)) continue;
        if (named.type?.kind === ts.SyntaxKind.NeverKeyword) continue;
        const at = `${prefix}${named.name.text}`;
        const doc = ts
          .getJSDocCommentsAndTags(m)
          .filter(ts.isJSDoc)
          .map((d) => ts.getTextOfJSDocComment(d.comment) ?? "")
          .join("\n")
          .replace(/\{@link ([^}]+)\}/g, "`$1`")
          .trim();
        const known = out.get(at);
        if (!known || (!known.doc && doc)) out.set(at, { doc, type: named.type?.getText() ?? "" });
        if (named.type) nested(named.type, `${at}.`, depth + 1);
      }
    };
    /** The members of the type literals and same-file declarations a type names. */
    const nested = (t: Node, prefix: string, depth: number) => {
      if (depth > 6) return;
      if (ts.isTypeLiteralNode(t)) return members(t.members, prefix, depth);
      if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName)) {
        const d = decls.get(t.typeName.text);
        if (d) return declaration(d, prefix, depth);
      }
      ts.forEachChild(t, (c) => nested(c, prefix, depth));
    };
    const declaration = (d: Node, prefix: string, depth: number) => {
      if (ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d)) {
        members([...d.members], prefix, depth);
      } else if (ts.isTypeAliasDeclaration(d)) nested(d.type, prefix, depth);
    };
    for (const name of names) {
      const d = decls.get(name);
      if (!d) throw new Error(`${rel} declares no interface, class or type ${name}`);
      declaration(d, "", 0);
    }
  }
  return out;
}

/** The Pulumi type of a declared output's TypeScript type (`pulumi.Output<number | undefined>`). */
function declaredType(text: string): PulumiType {
  const inner = text.replace(/^pulumi\.Output<([\s\S]*)>$/, "$1");
  const parts = inner
    .split("|")
    .map((p) => p.trim())
    .filter((p) => p !== "undefined" && p !== "null");
  const one = parts.length === 1 ? parts[0] : "";
  const prim = (t: string) => (["number", "string", "boolean"].includes(t) ? t : undefined);
  if (prim(one)) return { type: prim(one) };
  const list = /^(\w+)\[\]$/.exec(one);
  if (list && prim(list[1])) return { type: "array", items: { type: prim(list[1]) } };
  if (list) return { type: "array", items: { $ref: ANY } };
  return { $ref: ANY };
}

/** Pulumi's type of any value. */
const ANY = "pulumi.json#/Any";

/** The type-name part of a path (`browserFingerprint.aggression` → `BrowserFingerprintAggression`). */
const pascal = (p: string) =>
  p
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalize)
    .join("");

/** Builds the schema of a resource with flat inputs or of a settings resource. */
class FlatBuilder {
  readonly inputDocs: Map<string, FieldDoc>;
  readonly outputDocs: Map<string, FieldDoc>;
  constructor(
    readonly r: FlatResource | SettingsResource,
    readonly types: Record<string, PulumiType>,
  ) {
    this.inputDocs = r.docs ? docIndex(r.docs.inputs) : new Map();
    this.outputDocs = r.docs ? docIndex(r.docs.outputs) : new Map();
  }

  /** The declaration describing a flat kind's inputs and outputs, if it has one. */
  private get declaration(): CollectionKindDocs | undefined {
    return this.r.family === "flat" ? this.r.declaration?.docs : undefined;
  }

  private token(name: string) {
    return `${PACKAGE}:${this.r.module}:${name}`;
  }

  /** The enumeration of an input path (its names → integers), if it is one. */
  private enumOf(at: string): Readonly<Record<string, number>> | undefined {
    if (this.r.family === "flat") return this.r.enums[at];
    const p = at.replace(/^prior\./, "");
    return this.r.kind.fields.find((f) => f.path === p)?.names;
  }

  /**
   * The declaration's description of a settings kind's path: a field's (a key of a map of
   * settings: the map's field), a group's, or an argument's besides the settings.
   */
  declared(at: string): string | undefined {
    const d = this.declaration;
    if (d) {
      const text = inputDescription(d, at);
      return text === undefined ? undefined : declared(text, at, tokenOf(this.r));
    }
    if (this.r.family !== "settings") return undefined;
    const kind = this.r.kind;
    const field = at.endsWith(".*") ? undefined : fieldAt(kind.fields, at);
    return (
      field?.description ??
      kind.fields.find((f) => f.path === at)?.description ??
      kind.docs?.groups?.[at]?.description ??
      kind.docs?.args?.[at]?.description ??
      Object.values(kind.docs?.argTypes ?? {})
        .map((t) => t.args[at])
        .find((e) => e !== undefined && e.tsType !== "never")?.description
    );
  }

  /** The declaration's description of a settings kind's output besides the settings. */
  declaredOutput(at: string): string | undefined {
    const own = this.declaration?.outputs[at]?.description;
    if (own) return declared(own, at, tokenOf(this.r));
    return this.r.family === "settings" ? this.r.kind.docs?.outputs?.[at]?.description : undefined;
  }

  /** The outputs a flat kind's declaration states, in order: name, type and description. */
  declaredOutputs(): [string, { type: string; doc: string }][] {
    return Object.entries(this.declaration?.outputs ?? {}).map(([f, o]) => [
      f,
      { type: o.tsType, doc: declared(o.description, f, tokenOf(this.r)) },
    ]);
  }

  /** Whether the input or output at path `at` holds a secret setting (`secret: true`). */
  secret(at: string): boolean {
    if (this.r.family === "flat") return this.r.declaration?.docs.outputs[at]?.secret === true;
    if (this.r.family !== "settings") return false;
    if (this.r.kind.docs?.outputs?.[at]?.secret) return true;
    const p = at.replace(/^prior\./, "");
    return this.r.kind.fields.some((f) => f.secret && (f.path === p || f.path.startsWith(`${p}.`)));
  }

  /** The description of an input path: its declaration's (a settings kind) or doc comment, a prior's the setting's. */
  describe(at: string, top: boolean): string {
    // An input's own description first (an output of the same name says what the state holds).
    const doc = this.declared(at) ?? this.inputDocs.get(at)?.doc ?? this.declaredOutput(at);
    if (doc) return doc;
    const prior = at.startsWith("prior.")
      ? (this.declared(at.slice(6)) ?? this.inputDocs.get(at.slice(6))?.doc)
      : undefined;
    if (prior) return `Before Pulumi: ${prior}`;
    const map = at.endsWith(".*")
      ? (this.declared(at.slice(0, -2)) ?? this.inputDocs.get(at.slice(0, -2))?.doc)
      : undefined;
    if (map) return `One value of: ${map}`;
    if (top) throw new Error(`${tokenOf(this.r)}: no doc comment for input "${at}"`);
    const names = this.enumOf(at);
    const up = at.split(".").slice(0, -1).join(".");
    const parent = this.declared(up) ?? this.inputDocs.get(up)?.doc;
    return (
      `\`${at.split(".").pop()}\` of ${parent ? `${at.split(".").slice(0, -1).join(".")} (${parent})` : at}` +
      (names ? `: one of ${Object.keys(names).join(", ")}.` : ".")
    );
  }

  /** The Pulumi type of the input at path `at`. */
  typeOf(raw: JsonSchema, at: string): PulumiType {
    // A type of Pulumi's own schema (an asset): as it is.
    if (raw.$ref?.startsWith("pulumi.json#/")) return { $ref: raw.$ref };
    const branches = (raw.anyOf ?? []).filter((b) => b.type !== "null");
    const js = branches.length === 1 ? branches[0] : raw;
    const names = this.enumOf(at);
    if (names) {
      let name: string;
      try {
        name = enumName(names as Record<string, number>);
      } catch {
        name = `${this.r.typeName}${pascal(at)}`;
      }
      const token = this.token(name);
      this.types[token] ??= {
        type: "string",
        description: `${name}: the names of the platform's integer values (the state keeps the name).`,
        enum: Object.entries(names).map(([n, v]) => ({
          name: n,
          value: n,
          description: `${n} (${v} on the wire)`,
        })),
      };
      return { $ref: `#/types/${token}` };
    }
    if (Array.isArray(js.enum) && js.enum.every((v) => typeof v === "string")) {
      const name = `${this.r.typeName}${pascal(at)}`;
      const token = this.token(name);
      this.types[token] ??= {
        type: "string",
        description: `${name}: the values of \`${at}\`.`,
        enum: (js.enum as string[]).map((v) => ({ name: pascal(v), value: v })),
      };
      return { $ref: `#/types/${token}` };
    }
    const type = Array.isArray(js.type) ? js.type.find((t) => t !== "null") : js.type;
    if (type === "array") {
      return { type: "array", items: js.items ? this.typeOf(js.items, at) : { $ref: ANY } };
    }
    if (type === "object" && js.properties) {
      const token = this.token(`${this.r.typeName}${pascal(at)}`);
      this.types[token] = {
        type: "object",
        properties: this.properties(js, `${at}.`),
      };
      return { $ref: `#/types/${token}` };
    }
    if (type === "object") {
      const values = typeof js.additionalProperties === "object" ? js.additionalProperties : {};
      return { type: "object", additionalProperties: this.typeOf(values, `${at}.*`) };
    }
    if (type === "integer" || type === "number" || type === "string" || type === "boolean") {
      return { type };
    }
    const typed = this.r.family === "flat" ? this.r.typed?.[at] : undefined;
    if (!typed) return { $ref: ANY };
    const t = structuredClone(typed) as PulumiType & { properties?: Record<string, PulumiType> };
    if (t.type !== "object" || !t.properties) return t;
    // An object the program writes (Hostname's `certificate`): a named type, so that every SDK
    // types its members (an inline object would be a map of strings).
    const token = this.token(`${this.r.typeName}${pascal(at)}`);
    this.types[token] = {
      type: "object",
      properties: Object.fromEntries(
        Object.entries(t.properties).map(([f, member]) => [
          f,
          { ...member, description: member.description ?? this.describe(`${at}.${f}`, false) },
        ]),
      ),
    };
    return { $ref: `#/types/${token}` };
  }

  /** The properties of an object schema, each typed and described. */
  properties(js: JsonSchema, prefix: string): Record<string, PulumiType> {
    return Object.fromEntries(
      Object.entries(js.properties ?? {}).map(([f, s]) => [
        f,
        {
          ...this.typeOf(s, `${prefix}${f}`),
          description: this.describe(`${prefix}${f}`, !prefix),
          ...(this.secret(`${prefix}${f}`) ? { secret: true } : {}),
        },
      ]),
    );
  }
}

/** A settings kind's inputs schema with its inputs named as the program names them. */
function settingsInputs(r: SettingsResource): JsonSchema {
  const js = settingsInputsSchema(r.kind) as unknown as JsonSchema;
  const form = r.kind.form;
  if (!form) return js;
  const properties: Record<string, JsonSchema> = {};
  for (const [k, s] of Object.entries(js.properties ?? {})) {
    if (form.engineOnly?.includes(k)) continue;
    const name = form.property(k);
    if (k === "prior" && name !== "prior") {
      // A stored form stating the prior by fields of its own (`priorEnabled`): each leaf.
      for (const [leaf, ls] of Object.entries(s.properties ?? {})) {
        properties[form.property(`prior.${leaf}`)] = ls;
      }
      continue;
    }
    properties[name] = s;
  }
  return { ...js, properties };
}

/** The schema of a resource with flat inputs or of a settings resource. */
function flatSchema(r: FlatResource | SettingsResource, types: Record<string, PulumiType>) {
  const b = new FlatBuilder(r, types);
  const js = withDerived(r, r.family === "flat" ? load(r.inputsSchema) : settingsInputs(r));
  const inputProperties = b.properties(js, "");
  // Derived arguments are inputs only: the state holds the engine's input they become.
  const properties: Record<string, PulumiType> = Object.fromEntries(
    Object.entries(inputProperties).filter(([f]) => !r.derived?.args[f]),
  );
  // A settings kind's outputs besides the settings: from its declaration (`docs.outputs`).
  const declaredOutputs = r.family === "settings" ? (r.kind.docs?.outputs ?? {}) : {};
  for (const [f, o] of Object.entries(declaredOutputs)) {
    if (properties[f]) continue; // an input too (`pageType`): typed and described as one
    properties[f] = {
      ...declaredType(o.tsType),
      description: o.description,
      ...(o.secret ? { secret: true } : {}),
    };
  }
  for (const [f, d] of [...b.declaredOutputs(), ...b.outputDocs]) {
    if (f.includes(".") || properties[f]) continue;
    if (!d.doc) throw new Error(`${tokenOf(r)}: no doc comment for output "${f}"`);
    properties[f] = { ...declaredType(d.type), description: d.doc };
  }
  return {
    description: `A ${r.noun} (the same engine as the TypeScript resource \`edge.${r.module}.${r.typeName}\`).`,
    inputProperties,
    properties,
    required: [],
  };
}

/** An inputs schema with a resource's derived arguments in place of the input they become. */
function withDerived(r: PluginResource, js: JsonSchema): JsonSchema {
  if (!r.derived) return js;
  const properties = { ...js.properties };
  delete properties[r.derived.input];
  return { ...js, properties: { ...properties, ...r.derived.args } };
}

/** The schema of one resource. */
function resourceSchema(r: PluginResource, types: Record<string, PulumiType>) {
  return r.family === "collection" ? collectionSchema(r, types) : flatSchema(r, types);
}

/** The doc comment of the function `name` of a source file, its code examples and tags left out. */
function functionDoc(file: string, name: string): string {
  const ts = require("typescript") as typeof import("typescript");
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.ES2022,
    true,
  );
  let doc: string | undefined;
  source.forEachChild((n) => {
    if (ts.isFunctionDeclaration(n) && n.name?.text === name && doc === undefined) {
      doc = ts
        .getJSDocCommentsAndTags(n)
        .filter(ts.isJSDoc)
        .map((d) => ts.getTextOfJSDocComment(d.comment) ?? "")
        .join("\n");
    }
  });
  if (doc === undefined) throw new Error(`${file} declares no function ${name}`);
  return doc
    .replace(/```[\s\S]*?```/g, "")
    .replace(/\{@link ([^}]+)\}/g, "`$1`")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The doc comments of the members of the TypeBox object schema `name` of a schema module
 * (`Type.Object({ /** doc *\/ field: … })`), at every depth (`filters.field`), spreads of
 * same-file objects (`...zoneMembers`) included.
 */
export function schemaDocs(file: string, name: string): Map<string, string> {
  const ts = require("typescript") as typeof import("typescript");
  type Node = import("typescript").Node;
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.ES2022,
    true,
  );
  const consts = new Map<string, Node>();
  source.forEachChild((n) => {
    if (!ts.isVariableStatement(n)) return;
    for (const d of n.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, d.initializer);
    }
  });
  const out = new Map<string, string>();
  /** The object literal of the first `Type.Object(…)` in `n`, or `n` itself if it is one. */
  const objectOf = (n: Node): import("typescript").ObjectLiteralExpression | undefined => {
    if (ts.isObjectLiteralExpression(n)) return n;
    if (
      ts.isCallExpression(n) &&
      n.expression.getText() === "Type.Object" &&
      n.arguments[0] &&
      ts.isObjectLiteralExpression(n.arguments[0])
    ) {
      return n.arguments[0];
    }
    let found: import("typescript").ObjectLiteralExpression | undefined;
    n.forEachChild((c) => {
      if (!found && !ts.isObjectLiteralExpression(c)) found = objectOf(c);
    });
    return found;
  };
  const members = (o: import("typescript").ObjectLiteralExpression, prefix: string) => {
    for (const p of o.properties) {
      if (ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression)) {
        const spread = consts.get(p.expression.text);
        if (spread && ts.isObjectLiteralExpression(spread)) members(spread, prefix);
        continue;
      }
      if (!ts.isPropertyAssignment(p) || !p.name || !ts.isIdentifier(p.name)) continue;
      const doc = ts
        .getJSDocCommentsAndTags(p)
        .filter(ts.isJSDoc)
        .map((d) => ts.getTextOfJSDocComment(d.comment) ?? "")
        .join("\n")
        .replace(/\{@link ([^}]+)\}/g, "`$1`")
        .trim();
      out.set(`${prefix}${p.name.text}`, doc);
      const nested = objectOf(p.initializer);
      if (nested) members(nested, `${prefix}${p.name.text}.`);
    }
  };
  const init = consts.get(name);
  const top = init && objectOf(init);
  if (!top) throw new Error(`${file} declares no TypeBox object ${name}`);
  members(top, "");
  return out;
}

/** The Pulumi type of a data source's argument (its JSON schema), object types added to `types`. */
function argumentType(
  js: JsonSchema,
  at: string,
  f: PluginFunction,
  docs: Map<string, string>,
  types: Record<string, PulumiType>,
): PulumiType {
  const branches = (js.anyOf ?? []).filter((b) => b.type !== "null");
  if (branches.length === 1) return argumentType(branches[0], at, f, docs, types);
  const type = Array.isArray(js.type) ? js.type.find((t) => t !== "null") : js.type;
  if (type === "array") {
    return {
      type: "array",
      items: js.items ? argumentType(js.items, at, f, docs, types) : { $ref: ANY },
    };
  }
  if (type === "object" && js.properties) {
    const token = `${PACKAGE}:${f.module}:${capitalize(f.name.replace(/^get/, ""))}${pascal(singular(at))}`;
    types[token] = {
      type: "object",
      properties: argumentProperties(js, `${at}.`, f, docs, types),
      required: js.required ?? [],
    };
    return { $ref: `#/types/${token}` };
  }
  if (type === "integer" || type === "number" || type === "string" || type === "boolean") {
    return { type };
  }
  return { $ref: ANY };
}

/** The properties of a data source's arguments (at `prefix`), typed and described. */
function argumentProperties(
  js: JsonSchema,
  prefix: string,
  f: PluginFunction,
  docs: Map<string, string>,
  types: Record<string, PulumiType>,
): Record<string, PulumiType> {
  return Object.fromEntries(
    Object.entries(js.properties ?? {}).map(([k, s]) => {
      const at = `${prefix}${k}`;
      const doc = docs.get(at);
      if (!doc) throw new Error(`${functionTokenOf(f)}: no doc comment for argument "${at}"`);
      const values = (s.anyOf?.find((b) => Array.isArray(b.enum)) ?? s).enum;
      const allowed = Array.isArray(values) ? ` One of: ${values.join(", ")}.` : "";
      return [
        at.split(".").pop() as string,
        { ...argumentType(s, at, f, docs, types), description: doc + allowed },
      ];
    }),
  );
}

/**
 * The Pulumi type of the result field at `at` (its declared type `text`): an object type of the
 * declaration's members when the field is one of the result's declarations (or a list of one),
 * so that a program can read its fields (`${records.records[0].value}`); else as declared.
 */
function resultType(
  index: Map<string, FieldDoc>,
  at: string,
  text: string,
  f: PluginFunction,
  types: Record<string, PulumiType>,
): PulumiType {
  const children = [...index].filter(
    ([k]) => k.startsWith(`${at}.`) && !k.slice(at.length + 1).includes("."),
  );
  if (children.length === 0) return declaredType(text);
  const bare = text
    .split("|")
    .map((p) => p.trim())
    .filter((p) => p !== "null" && p !== "undefined");
  const one = bare.length === 1 ? bare[0] : "";
  const list = /^(\w+)\[\]$/.exec(one) ?? /^(?:readonly\s+)?Array<(\w+)>$/.exec(one);
  const named = list?.[1] ?? (/^\w+$/.test(one) ? one : undefined);
  if (!named && one.startsWith("Record<")) return declaredType(text); // a map
  const name = named ?? `${capitalize(f.name.replace(/^get/, ""))}${pascal(at)}`;
  const token = `${PACKAGE}:${f.module}:${name}`;
  if (!types[token]) {
    types[token] = { type: "object", properties: {} }; // before the members: a recursive type
    const properties: Record<string, PulumiType> = {};
    for (const [k, d] of children) {
      const leaf = k.slice(at.length + 1);
      properties[leaf] = {
        ...resultType(index, k, d.type, f, types),
        description: d.doc || `\`${leaf}\` of ${at}.`,
      };
    }
    types[token] = { type: "object", properties };
  }
  const ref = { $ref: `#/types/${token}` };
  return list ? { type: "array", items: ref } : ref;
}

/** The schema of one function: its arguments' schema as inputs, its result's fields as outputs. */
function functionSchema(f: PluginFunction, types: Record<string, PulumiType>): FunctionSchema {
  const js = load(f.args);
  // The schema module's source: the module's path below src/ (or dist/), in src/.
  const rel = path.relative(path.resolve(__dirname, ".."), f.args.module);
  const docs = schemaDocs(path.join(SRC, `${rel}.ts`), f.args.name);
  const result = docIndex(f.result);
  const outputs: Record<string, PulumiType> = {};
  for (const [k, d] of result) {
    if (k.includes(".") || outputs[k]) continue;
    if (!d.doc) throw new Error(`${functionTokenOf(f)}: no doc comment for result field "${k}"`);
    outputs[k] = { ...resultType(result, k, d.type, f, types), description: d.doc };
  }
  return {
    description: functionDoc(path.join(SRC, f.file), f.name),
    inputs: { properties: argumentProperties(js, "", f, docs, types), required: js.required ?? [] },
    outputs: { properties: outputs },
  };
}

/**
 * The package schema of the plugin, version `version`.
 * @param kinds The resources it serves (default: every kind of the package; a test hands it a
 *   declaration of its own).
 */
export function buildSchema(
  version: string,
  kinds: readonly PluginResource[] = PLUGIN_RESOURCES,
): PackageSchema {
  const variables = configVariables();
  const types: Record<string, PulumiType> = {};
  const resources: PackageSchema["resources"] = {};
  for (const r of kinds) resources[tokenOf(r)] = resourceSchema(r, types);
  const functions: Record<string, FunctionSchema> = {};
  for (const f of PLUGIN_FUNCTIONS) functions[functionTokenOf(f)] = functionSchema(f, types);
  return {
    name: PACKAGE,
    displayName: "Edge platform",
    version,
    description: "Manages the edge platform's objects (the engine of pulumi-edgeplatform).",
    repository: REPOSITORY,
    publisher: "edgeplatform",
    license: packageLicense(),
    // The C# generator fetches the logo when none is named; this is the organisation's avatar.
    logoUrl: "https://github.com/edgeplatform.png",
    config: { variables },
    provider: {
      description:
        "The edge platform account a resource is managed in: its API key and address. A " +
        "resource takes one with the `provider` option; without it, the default provider " +
        "reads the `edgeplatform:*` stack config. Changing a setting updates the provider " +
        "in place (never replaces its resources).",
      inputProperties: variables,
      properties: variables,
    },
    resources,
    types,
    functions,
    language: LANGUAGE,
  };
}
