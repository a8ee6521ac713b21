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
 * The kinds come from the list of kinds (kinds/kind-list.json); what is expected of each comes
 * from the kind's own modules, by the project's conventions, never from the plugin's block of the
 * list: the input schema `check` validates (`<key>InputsSchema` of the settings schemas, of
 * `<stub>-schemas.ts` beside its provider, or the configuration of its `<key>Kind`), the stored
 * form of a settings kind (its declaration's `form`), and the TypeScript declarations the
 * public class `<Type>` of `public/<stub>.ts` takes (`<Type>Args`) and declares (its outputs),
 * followed through the type aliases, interfaces, bases and imports that make them. A kind whose
 * program gives arguments in place of an engine input has a fixture here ({@link DERIVED}).
 */
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";
import { buildSchema, type PulumiType } from "../../packages/pulumi/src/plugin/schema";
import { ruleInputsSchema as zoneObjectInputsSchema } from "../../packages/pulumi/src/resources/kinds/collections/rule-schemas";
import * as settingsSchemas from "../../packages/pulumi/src/resources/kinds/settings-inputs-schemas";
import { ROOT as REPO_ROOT } from "../support/build";

const SRC = path.join(REPO_ROOT, "packages", "pulumi", "src", "resources");
const PUBLIC = path.join(SRC, "public");

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
  /** The public class (`public/<stub>.ts`) and the name of its arguments' type there. */
  file: string;
  type: string;
  args: string;
  /** Members of typed object inputs, as the kind list declares them. */
  typedMembers: string[];
  /**
   * Arguments a program gives in place of an input of the engine (ApiGuardian's document,
   * `spec` or `specFile`, becomes `specHash`): inputs of the plugin as of the TypeScript
   * resource, and the engine's input an output only.
   */
  derived?: { args: string[]; input: string };
}

/** An entry of the list of kinds (the parts read here). */
interface ListedKind {
  stub: string;
  key: string;
  type: string;
  module: string;
  provider: { path: string };
  settings?: { path: string; kind: string };
  /** Inputs whose type the plugin takes from the list (`check` validates them itself). */
  plugin?: { typed?: Record<string, { properties?: Record<string, unknown> }> };
}

/** The members of the list's typed object inputs (`certificate.type`): inputs of the plugin too. */
const typedMembers = (k: ListedKind): string[] =>
  Object.entries(k.plugin?.typed ?? {}).flatMap(([f, t]) =>
    Object.keys(t.properties ?? {}).map((m) => `${f}.${m}`),
  );

/** The kinds whose program gives arguments in place of an engine input, by type. */
const DERIVED: Record<string, { args: string[]; input: string }> = {
  ApiGuardian: { args: ["spec", "specFile"], input: "specHash" },
  // The code (`code`, `codeFile` or `codeAsset`) becomes its hash and size; the size is an output only.
  EdgeScript: { args: ["code", "codeFile", "codeAsset"], input: "codeSize" },
};

/** A settings kind's stored form, if it has one (the parts read here). */
interface Form {
  property: (p: string) => string;
  engineOnly?: string[];
}

/** A module of the package's sources, by its path under `packages/pulumi/src`. */
const source = (p: string): Record<string, unknown> =>
  require(path.join(SRC, "..", p)) as Record<string, unknown>;

/** Whether a module exists, by its path under `packages/pulumi/src` (without `.ts`). */
const exists = (p: string) => fs.existsSync(path.join(SRC, "..", `${p}.ts`));

/**
 * The input schema `check` validates for `k`: a settings kind's from its fields (without the
 * inputs only the engine has, its stored form's `engineOnly`), else `<stub>-schemas.ts` beside
 * its provider, else a rule kind's (`<key>Kind`, its configuration in `ruleConfiguration`).
 */
function inputsOf(k: ListedKind): { inputs: Js; form?: Form } {
  if (k.settings) {
    const form = (source(k.settings.path)[k.settings.kind] as { form?: Form }).form;
    const all = (settingsSchemas as unknown as Record<string, Js>)[`${k.key}InputsSchema`];
    const engineOnly = form?.engineOnly ?? [];
    const properties = Object.entries(all.properties ?? {}).filter(
      ([p]) => !engineOnly.includes(p),
    );
    return { inputs: { ...all, properties: Object.fromEntries(properties) }, form };
  }
  const dir = path.posix.dirname(k.provider.path);
  const schemas = `${dir}/${k.stub}-schemas`;
  if (exists(schemas)) return { inputs: source(schemas)[`${k.key}InputsSchema`] as Js };
  const declaration = source(`${dir}/${k.stub}`)[`${k.key}Kind`] as
    { configurationSchema?: { module: string; name: string } } | undefined;
  const configurationSchema = declaration?.configurationSchema;
  if (!configurationSchema) {
    throw new Error(
      `kind ${k.type} (${k.stub}): no input schema found: neither a settings declaration, nor ` +
        `${schemas}.ts, nor a rule kind's ${k.key}Kind with a configurationSchema`,
    );
  }
  return { inputs: collectionInputs({ configurationSchema }) };
}

/** The list of kinds. */
const LISTED = (
  JSON.parse(fs.readFileSync(path.join(SRC, "kinds", "kind-list.json"), "utf8")) as {
    kinds: ListedKind[];
  }
).kinds;

/** Every kind of the list of kinds, with what is expected of it. */
const KINDS: Expected[] = LISTED.map((k) => {
  const { inputs, form } = inputsOf(k);
  return {
    stub: k.stub,
    token: `edgeplatform:${k.module}:${k.type}`,
    inputs,
    rename: form ? (p: string) => form.property(p) : undefined,
    file: `${k.stub}.ts`,
    type: k.type,
    args: `${k.type}Args`,
    derived: DERIVED[k.type],
    typedMembers: typedMembers(k),
  };
});

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

const parsed = new Map<string, ts.SourceFile>();
const parse = (file: string): ts.SourceFile => {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
    parsed.set(file, sf);
  }
  return sf;
};

/**
 * Where `name`, imported or re-exported by `sf`, comes from: a module of the package, or `null`
 * for a package's type (pulumi's, the client's: it declares no member of the kind).
 */
function importedFrom(
  sf: ts.SourceFile,
  name: string,
): { file: string; name: string } | null | undefined {
  for (const n of sf.statements) {
    if (!ts.isImportDeclaration(n) && !ts.isExportDeclaration(n)) continue;
    const bindings = ts.isImportDeclaration(n) ? n.importClause?.namedBindings : n.exportClause;
    if (!bindings || !("elements" in bindings) || !n.moduleSpecifier) continue;
    const spec = (n.moduleSpecifier as ts.StringLiteral).text;
    for (const e of bindings.elements as ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) {
      if (e.name.text !== name) continue;
      if (!spec.startsWith(".")) return null;
      return {
        file: path.join(path.dirname(sf.fileName), `${spec}.ts`),
        name: e.propertyName?.text ?? name,
      };
    }
  }
  return undefined;
}

/**
 * Member names of the interface, class or type alias `name` as `file` sees it (declared there,
 * or imported): the members of its type literals, its interfaces and what they extend, a
 * class's public instance properties and its base's. Members typed `never` are left out; a
 * reference to a package's type (pulumi's) adds nothing.
 */
function members(file: string, name: string, out = new Set<string>(), seen = new Set<string>()) {
  if (seen.has(`${file}#${name}`)) return out;
  seen.add(`${file}#${name}`);
  const sf = parse(file);
  const take = (ms: ts.NodeArray<ts.TypeElement | ts.ClassElement>) => {
    for (const m of ms) {
      if (!m.name || !ts.isIdentifier(m.name)) continue;
      if (ts.isPropertySignature(m) && m.type?.kind !== ts.SyntaxKind.NeverKeyword) {
        out.add(m.name.text);
      }
      if (!ts.isPropertyDeclaration(m)) continue;
      const hidden = (k: ts.SyntaxKind) => ts.getModifiers(m)?.some((x) => x.kind === k);
      if (
        !hidden(ts.SyntaxKind.StaticKeyword) &&
        !hidden(ts.SyntaxKind.PrivateKeyword) &&
        !hidden(ts.SyntaxKind.ProtectedKeyword)
      ) {
        out.add(m.name.text);
      }
    }
  };
  const literals = (t: ts.TypeNode) => {
    if (ts.isTypeLiteralNode(t)) take(t.members);
    if (ts.isIntersectionTypeNode(t) || ts.isUnionTypeNode(t)) t.types.forEach(literals);
    if (ts.isParenthesizedTypeNode(t)) literals(t.type);
    if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName)) {
      members(file, t.typeName.text, out, seen);
    }
  };
  let declared = false;
  for (const n of sf.statements) {
    const named =
      ts.isInterfaceDeclaration(n) || ts.isClassDeclaration(n) || ts.isTypeAliasDeclaration(n);
    if (!named || n.name?.text !== name) continue;
    declared = true;
    if (ts.isTypeAliasDeclaration(n)) {
      literals(n.type);
      continue;
    }
    take(n.members);
    for (const h of n.heritageClauses ?? []) {
      for (const base of h.types) {
        if (ts.isIdentifier(base.expression)) members(file, base.expression.text, out, seen);
      }
    }
  }
  if (!declared) {
    const from = importedFrom(sf, name);
    if (from === undefined) {
      throw new Error(`${name} is neither declared nor imported in ${path.relative(PUBLIC, file)}`);
    }
    if (from) members(from.file, from.name, out, seen);
  }
  return out;
}

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

test("every kind with a fixture of derived arguments is a kind of the list", () => {
  expect(Object.keys(DERIVED).filter((t) => !LISTED.some((k) => k.type === t))).toEqual([]);
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
    const expected = sorted([...engine.map(rename), ...(k.derived?.args ?? []), ...k.typedMembers]);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(pluginPaths(resource().inputProperties))).toEqual(expected);
  });

  test("its top-level inputs are the TypeScript resource's arguments", () => {
    const args = members(path.join(PUBLIC, k.file), k.args);
    expect(args.size).toBeGreaterThan(0);
    expect(sorted(Object.keys(resource().inputProperties))).toEqual(sorted(args));
  });

  test("its outputs hold every output the TypeScript resource declares", () => {
    const declared = sorted(members(path.join(PUBLIC, k.file), k.type));
    expect(declared.length).toBeGreaterThan(0);
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
