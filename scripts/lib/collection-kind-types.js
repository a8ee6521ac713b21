/**
 * The public types of a collection kind (a kind of objects under a parent whose declaration
 * states `docs`: packages/pulumi/src/resources/kinds/collections/rule-docs.ts), written from its
 * declaration: the module `public/generated/<stub>.ts` with the forms of its arguments
 * (`<Type>CommonArgs`, one interface per form, the union `<Type>Args`), `<Type>State` and
 * `<Type>Outputs` (the class's outputs, by declaration merging). A kind with a configuration
 * object (a rule kind: `ruleKindDocs`) adds `<Type>ConfigurationArgs` (the configuration
 * schema's fields, in its order, each with the declaration's description) and its state forms,
 * and every type is typed by the written configuration `C`. The items of a list field
 * (`ChainedRuleConditionArgs`) are declared in the module of the kind the declaration names
 * (`home`) and imported by the others. scripts/gen-kind-types.js writes or checks the files.
 */
"use strict";

const { GENERATED_HEADER, article, doc, specTypeNames, stubOf } = require("./kind-types");

/** The JSON schema a `SchemaRef` names (the client's TypeBox module). */
function loadSchema(ref) {
  const schema = require(ref.module)[ref.name];
  if (!schema) throw new Error(`schema ${ref.name} is not exported by ${ref.module}`);
  return schema;
}

/** A schema's non-null branch and whether it admits null. */
function nonNull(js) {
  const branches = (js.anyOf ?? []).filter((b) => b.type !== "null");
  if (js.anyOf && branches.length === 1) return { js: branches[0], nullable: true };
  if (Array.isArray(js.type)) {
    const types = js.type.filter((t) => t !== "null");
    return { js: { ...js, type: types[0] }, nullable: types.length < js.type.length };
  }
  return { js, nullable: false };
}

/** What a collection kind's public types need: its declaration, schema and enumerations. */
class CollectionKindTypes {
  /**
   * @param kind The collection kind declaration (`docs`; a rule kind: `configurationSchema`, `config`).
   * @param enumName The exported name of an enumeration object, or undefined; `.exported(name)`:
   *   whether edgeplatform-client/spec exports a name (else it is the kind's public module's).
   * @param load The JSON schema of a `SchemaRef`.
   */
  constructor(kind, enumName, load) {
    this.kind = kind;
    this.docs = kind.docs;
    this.type = kind.docs.type;
    this.enumName = enumName;
    this.configuration = kind.docs.configuration ? load(kind.configurationSchema) : undefined;
    /** Names the types use (from edgeplatform-client/spec or the kind's public module). */
    this.spec = new Set();
    /** Item types declared in another kind's module: module → names. */
    this.imported = new Map();
    this.usesEnumArg = false;
    /** Names this module declares (never imported). */
    this.declared = new Set();
  }

  /** The type of an enumeration argument, or undefined when `field` is no enumeration. */
  enumType(field) {
    const values = this.kind.config.enums?.[field];
    if (!values) return undefined;
    const name = this.enumName(values);
    if (!name) throw new Error(`${this.type}: field ${field}: its enumeration is not exported`);
    this.spec.add(name);
    this.usesEnumArg = true;
    return `EnumArg<typeof ${name}>`;
  }

  /** The TypeScript type of a configuration (or item) field as a program writes it. */
  valueType(field, raw, described, where) {
    const { js, nullable } = nonNull(raw);
    const orNull = nullable ? " | null" : "";
    if (described.tsType) return `${this.uses(described.tsType)}${orNull}`;
    const item = this.docs.items?.[field];
    if (js.type === "array" && item) return `pulumi.Input<${this.itemName(item)}>[]${orNull}`;
    if (js.type === "array") {
      const inner = this.enumType(field) ?? this.valueType(field, js.items ?? {}, {}, where);
      return `pulumi.Input<${inner}>[]${orNull}`;
    }
    const e = Array.isArray(js.enum) ? this.enumType(field) : undefined;
    if (e) return `${e}${orNull}`;
    const scalar = { integer: "number", number: "number", string: "string", boolean: "boolean" };
    if (scalar[js.type]) return `${scalar[js.type]}${orNull}`;
    throw new Error(`${where}: field ${field}: no TypeScript type for its schema (declare tsType)`);
  }

  /** An item type's name, imported when another kind's module declares it. */
  itemName(item) {
    if (item.home !== stubOf(this.type)) {
      const names = this.imported.get(item.home) ?? new Set();
      names.add(item.typeName);
      this.imported.set(item.home, names);
    }
    return item.typeName;
  }

  /** The members of an object of `fields` described by `described`, in the schema's order. */
  members(js, described, where) {
    const props = js.properties ?? {};
    for (const f of Object.keys(described))
      if (!props[f]) throw new Error(`${where}: field ${f} is declared but not in the schema`);
    return Object.entries(props)
      .map(([f, s]) => {
        const d = described[f];
        if (!d || !d.description) throw new Error(`${where}: field ${f} has no description`);
        return `${doc(d.description, "  ")}  ${f}?: pulumi.Input<${this.valueType(f, s, d, where)}>;\n`;
      })
      .join("");
  }

  /** The declarations of the items this kind's module is home to. */
  items() {
    const out = [];
    for (const [field, item] of Object.entries(this.docs.items ?? {})) {
      if (item.home !== stubOf(this.type)) continue;
      const { js: list } = nonNull(this.configuration.properties?.[field] ?? {});
      if (!list.items) throw new Error(`${this.type}: items of ${field}: not a list in the schema`);
      const body = this.members(list.items, item.fields, `${this.type}: items of ${field}`);
      out.push(`${doc(item.typeDoc, "")}export interface ${item.typeName} {\n${body}}`);
      out.push(
        `${doc(item.stateDoc, "")}export type ${item.stateName} = pulumi.Unwrap<${item.typeName}>;`,
      );
    }
    return out;
  }

  /** Records the type names a declared type uses (`AccessListField[] | undefined`). */
  uses(tsType) {
    for (const m of tsType.matchAll(/(?<!\.)\b[A-Z]\w+/g)) this.spec.add(m[0]);
    return tsType;
  }

  /** A member of an argument type (`C`: the written configuration). */
  argument(name, a) {
    if (a.tsType === "never") return `${doc(a.description, "  ")}  ${name}?: never;\n`;
    const t = this.uses(a.tsType);
    return `${doc(a.description, "  ")}  ${name}${a.required ? "" : "?"}: pulumi.Input<${t}>;\n`;
  }

  /**
   * The types of the items of a list argument (`docs.argItems`): the input form (each field an
   * input) and the state's form (each field as the platform holds it).
   */
  argItems() {
    const out = [];
    for (const item of Object.values(this.docs.argItems ?? {})) {
      this.declared.add(item.typeName);
      this.declared.add(item.stateName);
      const fields = Object.entries(item.fields);
      const args = fields.map(([n, a]) => this.argument(n, a)).join("");
      const state = fields
        .map(
          ([n, a]) =>
            `${doc(a.description, "  ")}  ${n}${a.required ? "" : "?"}: ${this.uses(a.tsType)};\n`,
        )
        .join("");
      out.push(`${doc(item.typeDoc, "")}export interface ${item.typeName} {\n${args}}`);
      out.push(`${doc(item.stateDoc, "")}export interface ${item.stateName} {\n${state}}`);
    }
    return out;
  }

  /** The configuration's types (a rule kind), in order. */
  configurationTypes() {
    const T = this.type;
    const c = this.docs.configuration;
    const Args = `${T}ConfigurationArgs`;
    const State = `${T}ConfigurationState`;
    const configMembers = this.members(this.configuration, c.fields, `${T}: configuration`);
    return [
      ...this.items(),
      `${doc(c.typeDoc, "")}export interface ${Args} {\n${configMembers}}`,
      `${doc(c.stateDoc, "")}export type ${State} = pulumi.Unwrap<${Args}>;`,
      `/** The configuration fields a program writes (not optional in \`C\`). */\n` +
        `type WrittenFields<C> = {\n  [K in keyof C]-?: undefined extends C[K] ? never : K;\n}[keyof C] &\n  keyof ${State};`,
      `${doc(
        "The configuration output of a rule whose program wrote configuration `C`: a field the " +
          "program wrote is always there (it is managed, so the state carries the platform's " +
          "value of it), the others are optional. With the default `C` every field is optional.",
        "",
      )}export type ${State}Of<C> = Omit<${State}, WrittenFields<C>> &\n  Required<Pick<${State}, WrittenFields<C>>>;`,
      `${doc(
        `Rejects configuration keys that {@link ${Args}} does not declare (a typo is a type ` +
          "error, as `check` would report it).",
        "",
      )}export type ${c.noUnknownName}<C> = {\n  [K in Exclude<keyof C, keyof ${Args}>]: never;\n};`,
    ];
  }

  /**
   * The class of a rule kind (`classDoc`): its outputs merged in, its arguments typed by the
   * written configuration `C`, its constructor `ZoneRuleResource`'s; its kind (stub, type,
   * one-owner namespace, noun) from the declaration.
   */
  ruleClass() {
    const T = this.type;
    const Args = `${T}ConfigurationArgs`;
    const C = `C extends ${Args} & ${this.docs.configuration.noUnknownName}<C> =\n    ${Args}`;
    const classDoc = `/**\n${this.docs.classDoc.map((l) => (l ? ` * ${l}` : " *")).join("\n")}\n */`;
    const stub = stubOf(T);
    const merging = "the outputs: declared once, in the generated module";
    return [
      `/** The outputs of ${article(T)} {@link ${T}} (generated from the kind's declaration). */\n` +
        `// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- ${merging}\n` +
        `export interface ${T}<\n  ${C},\n> extends ${T}Outputs<C> {}`,
      `${classDoc}\n// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- ${merging}\n` +
        `export class ${T}<\n  ${C},\n> extends ZoneRuleResource<${T}Args<C>> {\n` +
        `  /** The kind: its stub, type, one-owner namespace and noun in messages. */\n` +
        `  protected static override readonly kind: ZoneRuleKind = {\n` +
        `    stub: ${JSON.stringify(stub)},\n    type: ${JSON.stringify(T)},\n` +
        `    owner: ${JSON.stringify(stub)},\n    noun: ${JSON.stringify(this.kind.noun)},\n  };\n}`,
    ];
  }

  /** The module's text (before prettier). */
  render() {
    const T = this.type;
    const Args = `${T}ConfigurationArgs`;
    const State = `${T}ConfigurationState`;
    // A kind with a configuration: every type is typed by the written configuration `C`.
    const typed = !!this.docs.configuration;
    const generic = typed ? `<C extends ${Args} = ${Args}>` : "";
    const C = typed ? "<C>" : "";
    const common = Object.entries(this.docs.common)
      .map(([n, a]) => this.argument(n, a))
      .join("");
    const sections = [...(typed ? this.configurationTypes() : []), ...this.argItems()];
    const forms = Object.keys(this.docs.forms).map((f) => `${T}${f}Args${C}`);
    // One form only: the arguments are one interface.
    if (forms.length === 0)
      sections.push(
        `${doc(this.docs.argsDoc, "")}export interface ${T}Args${generic} {\n${common}}`,
      );
    else
      sections.push(
        `/** Fields of every form of {@link ${T}Args}. */\nexport interface ${T}CommonArgs${generic} {\n${common}}`,
      );
    for (const [form, f] of Object.entries(this.docs.forms)) {
      const body = Object.entries(f.args)
        .map(([n, a]) => this.argument(n, a))
        .join("");
      sections.push(
        `${doc(`{@link ${T}Args} ${f.typeDoc}`, "")}export interface ${T}${form}Args${generic}\n` +
          `  extends ${T}CommonArgs${C} {\n${body}}`,
      );
    }
    if (forms.length > 0)
      sections.push(
        `${doc(this.docs.argsDoc, "")}export type ${T}Args${generic} =\n  | ${forms.join("\n  | ")};`,
      );
    const outType = (o) => (o.tsType === "C" ? `${State}Of<C>` : this.uses(o.tsType));
    const outputs = Object.entries(this.docs.outputs);
    const state = outputs.map(([n, o]) => `${doc(o.description, "  ")}  ${n}: ${outType(o)};\n`);
    const classOutputs = outputs.map(
      ([n, o]) => `${doc(o.description, "  ")}  readonly ${n}: pulumi.Output<${outType(o)}>;\n`,
    );
    sections.push(
      `${doc(this.docs.stateDoc, "")}export interface ${T}State${generic} {\n${state.join("")}}`,
      `/** The outputs of ${article(T)} {@link ${T}} (its class merges them). */\n` +
        `export interface ${T}Outputs${generic} {\n${classOutputs.join("")}}`,
    );
    const withClass = typed && this.docs.classDoc;
    if (withClass) sections.push(...this.ruleClass());
    const used = [...this.spec].filter((n) => !this.declared.has(n));
    const spec = used.filter((n) => this.enumName.exported(n)).sort();
    const own = used.filter((n) => !this.enumName.exported(n)).sort();
    const imports = [
      `import type * as pulumi from "@pulumi/pulumi";`,
      spec.length ? `import type { ${spec.join(", ")} } from "edgeplatform-client/spec";` : "",
      this.usesEnumArg ? `import type { EnumArg } from "../zone-settings-resource";` : "",
      withClass
        ? `import { ZoneRuleResource, type ZoneRuleKind } from "../zone-rule-resource";`
        : "",
      own.length ? `import type { ${own.join(", ")} } from "../${stubOf(T)}";` : "",
      ...[...this.imported].map(
        ([home, names]) => `import type { ${[...names].sort().join(", ")} } from "./${home}";`,
      ),
    ].filter(Boolean);
    return [
      GENERATED_HEADER,
      doc(
        `The public types of \`${T}\` from its declaration ` +
          `(packages/pulumi/src/resources/kinds/${this.docs.file ?? `collections/${stubOf(T)}.ts`}): ` +
          `${typed ? "its configuration, " : ""}` +
          `${Object.keys(this.docs.forms).length ? "the forms of its arguments" : "its arguments"}, its state and its ` +
          `class's outputs${withClass ? ", and its class" : ""}.`,
        "",
      ),
      imports.join("\n"),
      ...sections,
      "",
    ].join("\n\n");
  }
}

/**
 * The generated module of a collection kind (formatted with the repository's prettier config).
 * @param kind The declaration (a collection kind with `docs`).
 * @param enums The exported enumerations (name → object), `edgeplatform-client/spec`'s.
 * @param options `format: false`: the text before prettier; `load`: the JSON schema of a
 *   `SchemaRef` (default: its module's export).
 */
async function renderCollectionKindTypes(kind, enums, { format = true, load = loadSchema } = {}) {
  const enumName = (values) => enumNameOf(enums, values);
  const specTypes = specTypeNames();
  enumName.exported = (n) => Object.prototype.hasOwnProperty.call(enums, n) || specTypes.has(n);
  const text = new CollectionKindTypes(kind, enumName, load).render();
  if (!format) return text;
  const prettier = require("prettier");
  const path = require("path");
  const filepath = path.join(
    __dirname,
    "..",
    "..",
    "packages/pulumi/src/resources/public/generated",
    `${stubOf(kind.docs.type)}.ts`,
  );
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}

/** A TypeScript type as a table cell shows it (`pulumi.Input<X>` → `X`, no `| undefined`). */
function shownType(t) {
  let out = t.replace(/ \| undefined$/, "");
  for (let prev = ""; prev !== out;) {
    prev = out;
    out = out.replace(/pulumi\.Input<([^<>]*(?:<[^<>]*>[^<>]*)*)>/g, "$1");
  }
  return out;
}

/**
 * The docs' field tables of a collection kind (markdown, before prettier), from its declaration:
 * its arguments (those of every form, then each form's own, described once per distinct
 * description and prefixed by their forms when the forms differ; a configuration's fields as
 * `ruleConfiguration.<field>`, the items of a list as `<list>[].<field>`), then its outputs.
 * @param kind The declaration (a collection kind with `docs`).
 * @param enums The exported enumerations (name → object), `edgeplatform-client/spec`'s.
 * @param load The JSON schema of a `SchemaRef` (default: its module's export).
 */
function collectionFieldTable(kind, enums, load = loadSchema) {
  const T = kind.docs.type;
  const docs = kind.docs;
  const cell = (t) =>
    String(t)
      .replace(/\{@link ([^}]+)\}/g, "`$1`")
      .replace(/\|/g, "\\|")
      .replace(/\s+/g, " ")
      .trim();
  const row = (name, type, description) =>
    `| \`${name}\` | ${cell(shownType(type))} | ${cell(description)} |`;
  const configType = (t, suffix) => t.replace(/\bC\b/g, `${T}Configuration${suffix}`);
  // "Required." unless the description says when it is required.
  const required = (a, text) =>
    a.required && !/\brequired\b/i.test(text) ? `Required. ${text}` : text;
  const rows = ["| argument | type | description |", "| --- | --- | --- |"];

  // The forms' arguments (not a form's `never`), each once: its types, and its descriptions
  // with the forms that state them; an argument of every form keeps its common description
  // first and adds what a form says besides it.
  const byName = new Map();
  const common = Object.entries(docs.common);
  const formArgs = Object.entries(docs.forms).flatMap(([form, f]) =>
    Object.entries(f.args).map(([name, a]) => [name, a, form]),
  );
  for (const [name, a, form] of [...formArgs, ...common.map(([n, a]) => [n, a, undefined])]) {
    if (a.tsType === "never") continue;
    const entry = byName.get(name) ?? { types: new Set(), texts: new Map(), common: undefined };
    for (const t of a.tsType.split(" | ")) entry.types.add(t);
    const text = required(a, a.description);
    if (form === undefined) entry.common = text;
    else entry.texts.set(text, [...(entry.texts.get(text) ?? []), form]);
    byName.set(name, entry);
  }
  const described = ({ texts, common: all }) => {
    if (all === undefined && texts.size === 1) return [...texts.keys()][0];
    const byForm = [...texts].map(([text, forms]) => `${forms.join(", ")}: ${text}`);
    return [all, ...byForm].filter(Boolean).join(" ");
  };
  const argumentRow = (name, typeOf = (t) => t) => {
    const entry = byName.get(name);
    return row(name, typeOf([...entry.types].join(" | ")), described(entry));
  };
  const commonNames = new Set(common.map(([n]) => n));
  for (const name of byName.keys()) if (!commonNames.has(name)) rows.push(argumentRow(name));
  const types = new CollectionKindTypes(kind, (values) => enumNameOf(enums, values), load);
  for (const [name, a] of common) {
    rows.push(argumentRow(name, (t) => configType(t, "Args")));
    const items = docs.argItems?.[name];
    for (const [field, f] of Object.entries(items?.fields ?? {}))
      rows.push(row(`${name}[].${field}`, f.tsType, required(f, f.description)));
    if (a.tsType !== "C" || !docs.configuration) continue;
    const props = types.configuration.properties ?? {};
    for (const [field, f] of Object.entries(docs.configuration.fields)) {
      const where = `${T}: configuration`;
      rows.push(
        row(`${name}.${field}`, types.valueType(field, props[field], f, where), f.description),
      );
      const item = docs.items?.[field];
      if (!item) continue;
      const list = nonNull(props[field]).js.items ?? {};
      for (const [sub, d] of Object.entries(item.fields))
        rows.push(
          row(
            `${name}.${field}[].${sub}`,
            types.valueType(sub, list.properties?.[sub] ?? {}, d, where),
            d.description,
          ),
        );
    }
  }

  const outputs = ["| output | type | description |", "| --- | --- | --- |"];
  for (const [name, o] of Object.entries(docs.outputs))
    outputs.push(row(name, configType(o.tsType, "State"), o.description));
  return `${rows.join("\n")}\n\n${outputs.join("\n")}`;
}

/** The exported name of an enumeration object (not the maps of every field's). */
function enumNameOf(enums, values) {
  return Object.keys(enums).find(
    (k) => !["EnumsByField", "WafEnumsByField"].includes(k) && enums[k] === values,
  );
}

module.exports = { renderCollectionKindTypes, collectionFieldTable, loadSchema };
