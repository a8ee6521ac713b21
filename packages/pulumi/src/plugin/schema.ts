/**
 * The Pulumi package schema of the native provider plugin, generated at build time (no
 * hand-written copy of any field):
 *
 * - the fields and their types come from the JSON schemas `check` validates against (the
 *   kind's top-level input schema and its configuration schema, both TypeBox declarations);
 * - enumerations (integer enums on the wire) become string enums of their names, which is how
 *   `check` keeps them in state and diffs;
 * - descriptions are the doc comments of the dynamic resource's declarations (its `*Args`
 *   interfaces and class), read with the TypeScript compiler;
 * - the config variables are the client's settings (`EdgeSettings`), secret when their doc
 *   says so.
 *
 * `node scripts/plugin-schema.js` writes it to `dist/plugin/schema.json`, which the plugin
 * serves. Loads TypeBox and TypeScript: build and test time only, never in the plugin.
 */
import * as fs from "fs";
import * as path from "path";
import { SETTING_SOURCES } from "edgeplatform-client";
import * as spec from "edgeplatform-client/spec/runtime";
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { PACKAGE, PLUGIN_RESOURCES, tokenOf, type PluginResource } from "./resources";

/** A JSON schema as TypeBox writes it (the parts read here). */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
}

/** A type or property of a Pulumi package schema. */
export interface PulumiType {
  type?: string;
  $ref?: string;
  items?: PulumiType;
  additionalProperties?: PulumiType;
  description?: string;
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
  config: { variables: Record<string, PulumiType> };
  provider: { description: string; inputProperties: Record<string, PulumiType> };
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
}

/** packages/pulumi/src (from src/plugin or dist/plugin). */
const SRC = path.resolve(__dirname, "..", "..", "src");
/** packages/client/src. */
const CLIENT_SRC = path.resolve(__dirname, "..", "..", "..", "client", "src");

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

/** Builds the schema types of one resource. */
class TypeBuilder {
  constructor(
    readonly r: PluginResource,
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
  typeOf(js: JsonSchema, field: string, owner: string, docs?: string): PulumiType {
    const branches = (js.anyOf ?? []).filter((b) => b.type !== "null");
    if (branches.length === 1) return this.typeOf(branches[0], field, owner, docs);
    const enumRef = this.enumRef(field, js);
    if (enumRef) return enumRef;
    const type = Array.isArray(js.type) ? js.type.find((t) => t !== "null") : js.type;
    if (type === "array" && js.items) {
      return { type: "array", items: this.typeOf(js.items, field, owner, docs) };
    }
    if (type === "object" && js.properties) {
      const name = `${owner}${capitalize(singular(field))}`;
      const token = this.token(name);
      if (!docs) throw new Error(`${tokenOf(this.r)}: no doc source for the items of ${field}`);
      this.types[token] = {
        type: "object",
        properties: this.objectProperties(js, docs, tokenOf(this.r)),
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

  /** The properties of an object schema, described by the members of interface `docs`. */
  objectProperties(js: JsonSchema, docs: string, where: string): Record<string, PulumiType> {
    const [members] = docComments(path.join(SRC, this.r.docs.file), [docs]);
    return Object.fromEntries(
      Object.entries(js.properties ?? {}).map(([f, s]) => [
        f,
        {
          ...this.typeOf(s, f, this.r.kind.typeName, this.r.docs.items[f]),
          description: describe(f, [members], `${where} ${docs}`),
        },
      ]),
    );
  }
}

/** The config variables: the client's settings, described by `EdgeSettings`. */
function configVariables(): Record<string, PulumiType> {
  const [docs] = docComments(path.join(CLIENT_SRC, "settings.ts"), ["EdgeSettings"]);
  return Object.fromEntries(
    Object.entries(SETTING_SOURCES).map(([key, s]) => {
      const doc = describe(key, [docs], "EdgeSettings");
      return [
        key,
        {
          type: "string",
          description: `${doc} Default: the environment variable ${s.env}.`,
          ...(/\bSecret\b/.test(doc) ? { secret: true } : {}),
        },
      ];
    }),
  );
}

/** The schema of one resource (its inputs, outputs and types). */
function resourceSchema(r: PluginResource, types: Record<string, PulumiType>) {
  const b = new TypeBuilder(r, types);
  const where = tokenOf(r);
  const file = path.join(SRC, r.docs.file);
  const inputDocs = docComments(file, r.docs.inputs);
  const [outputDocs] = docComments(file, [r.docs.outputs]);
  const [stateDocs] = docComments(path.join(SRC, "resources/core/zone-objects/state.ts"), [
    "ZoneObjectOutputs",
  ]);
  const configuration = load(r.kind.configurationSchema);
  const configName = `${r.kind.typeName}Configuration`;
  types[`${PACKAGE}:${r.module}:${configName}`] = {
    type: "object",
    description: describe("ruleConfiguration", inputDocs, where),
    properties: b.objectProperties(configuration, r.docs.configuration, where),
  };
  const configRef = { $ref: `#/types/${PACKAGE}:${r.module}:${configName}` };
  const top = load(r.inputsSchema).properties ?? {};
  const inputProperties: Record<string, PulumiType> = {};
  for (const [f, s] of Object.entries(top)) {
    inputProperties[f] = {
      ...(f === "ruleConfiguration" ? configRef : b.typeOf(s, f, r.kind.typeName)),
      description: describe(f, inputDocs, where),
    };
  }
  // Outputs: every input, and what the engine adds to the state (origin, adopted, ...).
  const properties: Record<string, PulumiType> = { ...inputProperties };
  for (const f of outputDocs.keys()) {
    if (properties[f]) {
      properties[f] = { ...properties[f], description: describe(f, [outputDocs], where) };
    }
  }
  const engineOutputs: Record<string, PulumiType> = {
    adopted: { type: "boolean" },
    origin: { type: "string" },
    unmanaged: { type: "array", items: { type: "string" } },
    readOnly: { type: "boolean" },
  };
  for (const [f, t] of Object.entries(engineOutputs)) {
    properties[f] = { ...t, description: describe(f, [outputDocs, stateDocs], where) };
  }
  return {
    description: `A ${r.kind.noun} (the same engine as the TypeScript resource \`edge.${r.module}.${r.kind.typeName}\`).`,
    inputProperties,
    properties,
    requiredInputs: ["ruleConfiguration"],
    required: ["ruleId", "shieldZoneId", "ruleConfiguration", "adopted"],
  };
}

/** The package schema of the plugin, version `version`. */
export function buildSchema(version: string): PackageSchema {
  const variables = configVariables();
  const types: Record<string, PulumiType> = {};
  const resources: PackageSchema["resources"] = {};
  for (const r of PLUGIN_RESOURCES) resources[tokenOf(r)] = resourceSchema(r, types);
  return {
    name: PACKAGE,
    displayName: "Edge platform",
    version,
    description: "Manages the edge platform's objects (the engine of pulumi-edgeplatform).",
    config: { variables },
    provider: {
      description: "The edge platform account a resource is managed in.",
      inputProperties: variables,
    },
    resources,
    types,
  };
}
