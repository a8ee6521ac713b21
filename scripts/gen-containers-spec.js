#!/usr/bin/env node
/**
 * The Magic Containers part of the client's spec, generated from the platform's published
 * Magic Containers OpenAPI document so that its shapes, enumerations and operations cannot
 * lag the platform.
 *
 * Two steps:
 *  - `--extract FILE` reads the published document and writes its facts to
 *    packages/client/openapi/magic-containers-api.json (every `description`, `summary`,
 *    `title`, `example` removed).
 *  - with no `--extract`: from that extract writes
 *    - packages/client/src/spec/containers-enums.ts: the string enumerations and
 *      `CONTAINERS_OPERATIONS` (operation id, method, path, client method, idempotent);
 *    - packages/client/src/spec/containers-schemas.ts: every shape as a TypeBox declaration
 *      (`mc<Name>Schema` and its `Static` type `Mc<Name>`);
 *    - packages/emulator/src/containers-document.ts: the emulator's own copy of the request
 *      shapes as plain JSON Schema (the emulator validates without the client's declarations).
 *    An operation of the document that {@link METHODS} does not name fails the run.
 *
 *   node scripts/gen-containers-spec.js [--check] [--extract FILE]
 *   (--check: write nothing; exit 1 when a generated module is stale or missing)
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { factsOnly, objectDecl, objectOrder, opts, refName } = require("./lib/openapi-gen");

const ROOT = path.join(__dirname, "..");
const EXTRACT = path.join(ROOT, "packages", "client", "openapi", "magic-containers-api.json");
const SPEC = path.join(ROOT, "packages", "client", "src", "spec");
const OUT_ENUMS = path.join(SPEC, "containers-enums.ts");
const OUT_SCHEMAS = path.join(SPEC, "containers-schemas.ts");
const OUT_EMULATOR = path.join(ROOT, "packages", "emulator", "src", "containers-document.ts");

/**
 * Operation id → [the method of `client.containers` that calls it, whether repeating the call
 * is safe]. Reads (GET, and the POST searches of `/registries`) are repeatable; creations,
 * deploys, restarts and detaches are not; PUT/PATCH set the same state again; a DELETE of one
 * object by id is repeatable (a second one finds nothing), a DELETE of "all instances" is not
 * (instances created meanwhile would go too).
 */
const METHODS = {
  ListApplications: ["listApps", true],
  AddApplication: ["addApp", false],
  GetApplication: ["getApp", true],
  UpdateApplication: ["updateApp", true],
  PatchApplication: ["patchApp", true],
  DeleteApplication: ["deleteApp", true],
  DeployApplication: ["deployApp", false],
  UndeployApplication: ["undeployApp", false],
  RestartApplication: ["restartApp", false],
  GetApplicationStatistics: ["getAppStatistics", true],
  GetApplicationUsageSummary: ["getAppSummary", true],
  GetApplicationOverview: ["getAppOverview", true],
  GetApplicationAutoscaling: ["getAutoscaling", true],
  UpdateApplicationAutoscaling: ["updateAutoscaling", true],
  GetApplicationRegionSettings: ["getRegionSettings", true],
  UpdateApplicationRegionSettings: ["updateRegionSettings", true],
  ListContainerRegistries: ["listRegistries", true],
  AddContainerRegistry: ["addRegistry", false],
  GetContainerRegistry: ["getRegistry", true],
  UpdateContainerRegistry: ["updateRegistry", true],
  DeleteContainerRegistry: ["deleteRegistry", true],
  SearchForPublicContainerImages: ["searchPublicImages", true],
  ListContainerImages: ["listImages", true],
  ListContainerImageTags: ["listImageTags", true],
  GetImageConfig: ["getImageConfig", true],
  GetContainerImageTagDigest: ["getImageDigest", true],
  GetContainerConfigSuggestions: ["getConfigSuggestions", true],
  AddApplicationContainerTemplate: ["addContainer", false],
  GetApplicationContainerTemplate: ["getContainer", true],
  PatchApplicationContainerTemplate: ["patchContainer", true],
  DeleteApplicationContainerTemplate: ["deleteContainer", true],
  SetContainerEnvironmentVariables: ["setContainerEnv", true],
  ListApplicationEndpoints: ["listEndpoints", true],
  AddApplicationEndpoint: ["addEndpoint", false],
  UpdateApplicationEndpoint: ["updateEndpoint", true],
  DeleteApplicationEndpoint: ["deleteEndpoint", true],
  ListVolumes: ["listVolumes", true],
  UpdateVolume: ["updateVolume", true],
  DeleteAllVolumeInstances: ["deleteVolumeInstances", false],
  DetachVolume: ["detachVolume", false],
  DeleteVolumeInstance: ["deleteVolumeInstance", true],
  RecreatePod: ["recreatePod", false],
  ListRegions: ["listRegions", true],
  GetOptimalBaseRegion: ["getOptimalRegion", true],
  GetLimits: ["getLimits", true],
  ListNodes: ["listNodes", true],
  ListNodesPlain: ["listNodesPlain", true],
  ListLogForwardingConfigurations: ["listLogForwarding", true],
  CreateLogForwardingConfiguration: ["addLogForwarding", false],
  GetLogForwardingConfiguration: ["getLogForwarding", true],
  UpdateLogForwardingConfiguration: ["updateLogForwarding", true],
  DeleteLogForwardingConfiguration: ["deleteLogForwarding", true],
};

const typeName = (n) => `Mc${n}`;
const schemaConst = (n) => `mc${n}Schema`;
/** A document part without its prose and examples. */
const strip = factsOnly(new Set(["description", "summary", "title"]));

/** The document, facts only. */
function extract(doc) {
  const paths = {};
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      if (!["get", "post", "put", "patch", "delete"].includes(m)) continue;
      (paths[p] ??= {})[m] = strip({
        operationId: op.operationId,
        tags: op.tags,
        parameters: op.parameters,
        requestBody: op.requestBody,
        responses: op.responses,
      });
    }
  }
  const schemas = {};
  for (const n of Object.keys(doc.components.schemas).sort())
    schemas[n] = strip(doc.components.schemas[n]);
  return {
    openapi: doc.openapi,
    info: { title: "Magic Containers API (extract)", version: doc.info.version },
    servers: doc.servers,
    paths,
    components: { schemas },
  };
}

const isEnum = (s) => Array.isArray(s.enum);

/** TypeBox code of one property schema. */
function typeOf(p, schemas) {
  const nullable = p.nullable === true;
  const wrap = (code) => (nullable ? `nullable(${code})` : code);
  if (p.$ref) {
    const n = refName(p.$ref);
    return wrap(isEnum(schemas[n]) ? `stringEnum(${typeName(n)})` : schemaConst(n));
  }
  if (p.enum) return wrap(`stringEnum(${JSON.stringify(p.enum)} as const)`);
  switch (p.type) {
    case "string":
      return wrap(
        `Type.String(${opts({ minLength: p.minLength, maxLength: p.maxLength, pattern: p.pattern })})`,
      );
    case "boolean":
      return wrap("Type.Boolean()");
    case "integer": {
      const int32 = p.format === "int32";
      return wrap(
        `Type.Integer(${opts({
          minimum: p.minimum ?? (int32 ? -2147483648 : undefined),
          maximum: p.maximum ?? (int32 ? 2147483647 : undefined),
        })})`,
      );
    }
    case "number":
      return wrap(`Type.Number(${opts({ minimum: p.minimum, maximum: p.maximum })})`);
    case "array":
      return wrap(
        `Type.Array(${typeOf(p.items ?? {}, schemas)}${p.minItems !== undefined || p.maxItems !== undefined ? `, ${opts({ minItems: p.minItems, maxItems: p.maxItems })}` : ""})`,
      );
    case "object":
      if (p.additionalProperties && typeof p.additionalProperties === "object")
        return wrap(`Type.Record(Type.String(), ${typeOf(p.additionalProperties, schemas)})`);
      return wrap("Type.Object({})");
    case undefined:
      return "Type.Unknown()";
    default:
      throw new Error(`unsupported property schema ${JSON.stringify(p)}`);
  }
}

function enumDecl(n, s) {
  return [
    `/** \`${n}\` of the published document (its values). */`,
    `export const ${typeName(n)} = ${JSON.stringify(s.enum)} as const;`,
    `/** A value of {@link ${typeName(n)}}. */`,
    `export type ${typeName(n)} = (typeof ${typeName(n)})[number];`,
  ].join("\n");
}

/** The schema of a body or answer as a name: a `$ref`'s name, `"array:<name>"` or null. */
function shapeOf(s) {
  if (!s) return null;
  if (s.$ref) return refName(s.$ref);
  if (s.type === "array" && s.items?.$ref) return `array:${refName(s.items.$ref)}`;
  return null;
}

function operations(doc) {
  const ops = [];
  for (const [p, byMethod] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(byMethod)) {
      const entry = METHODS[op.operationId];
      if (!entry)
        throw new Error(
          `the document has an operation no method calls: ${op.operationId} (${m.toUpperCase()} ${p}); add it to METHODS`,
        );
      const ok = Object.entries(op.responses ?? {}).find(([c]) => /^2/.test(c));
      if (!ok) throw new Error(`${op.operationId} has no 2xx answer`);
      const answer = ok[1].content ? Object.values(ok[1].content)[0].schema : undefined;
      const body = op.requestBody ? Object.values(op.requestBody.content)[0].schema : undefined;
      ops.push({
        operationId: op.operationId,
        method: m.toUpperCase(),
        path: p,
        clientMethod: entry[0],
        idempotent: entry[1],
        query: (op.parameters ?? []).filter((q) => q.in === "query").map((q) => q.name),
        body: shapeOf(body),
        status: Number(ok[0]),
        answer: shapeOf(answer),
      });
    }
  }
  const missing = Object.keys(METHODS).filter((id) => !ops.some((o) => o.operationId === id));
  if (missing.length) throw new Error(`METHODS names operations the document lacks: ${missing}`);
  return ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

const HEADER = [
  "// Generated by scripts/gen-containers-spec.js from packages/client/openapi/magic-containers-api.json",
  "// (the platform's published Magic Containers document): do not edit.",
];

function generate(doc) {
  const schemas = doc.components.schemas;
  const enums = Object.keys(schemas)
    .filter((n) => isEnum(schemas[n]))
    .sort();
  const ops = operations(doc);
  const enumsModule = [
    ...HEADER,
    "/**",
    " * Magic Containers (published document): the string enumerations and the operations with",
    " * the `client.containers` method that calls each. Loads no TypeBox.",
    " */",
    "",
    ...enums.flatMap((n) => [enumDecl(n, schemas[n]), ""]),
    "/** One operation of the published document and the `client.containers` method that calls it. */",
    "export interface McOperation {",
    "  operationId: string;",
    '  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";',
    "  /** Path template relative to `/mc` (`{name}` placeholders). */",
    "  path: string;",
    "  clientMethod: string;",
    "  /** Whether repeating the call is safe (the transport may retry it). */",
    "  idempotent: boolean;",
    "  /** Names of the query parameters. */",
    "  query: readonly string[];",
    "  /** The document's schema of the body (`array:` a list of it), or null. */",
    "  body: string | null;",
    "  /** The success status the document declares. */",
    "  status: number;",
    "  /** The document's schema of the answer (`array:` a list of it), or null. */",
    "  answer: string | null;",
    "}",
    "",
    "/** Every operation of the published Magic Containers document. */",
    "export const CONTAINERS_OPERATIONS: readonly McOperation[] = [",
    ...ops.map((o) => `  ${JSON.stringify(o)},`),
    "];",
    "",
  ].join("\n");
  const decls = objectOrder(schemas, isEnum).map((n) =>
    objectDecl(n, schemas[n], {
      typeOf: (p) => typeOf(p, schemas),
      constName: schemaConst(n),
      typeName: typeName(n),
    }),
  );
  const used = enums.filter((n) => decls.some((d) => d.includes(`stringEnum(${typeName(n)})`)));
  const schemasModule = [
    ...HEADER,
    "/**",
    " * Magic Containers (published document): every shape as a TypeBox declaration (the constant",
    " * is the JSON schema, `Mc<Name>` its `Static` type). Enumerations: `containers-enums.ts`.",
    " */",
    'import { Type, type Static } from "@sinclair/typebox";',
    'import { nullable, stringEnum } from "./schema-helpers";',
    `import { ${used.map(typeName).join(", ")} } from "./containers-enums";`,
    "",
    ...decls.flatMap((d) => [d, ""]),
  ].join("\n");
  return { enums: enumsModule, schemas: schemasModule, emulator: emulatorModule(doc) };
}

/**
 * One schema as plain JSON Schema: an object shape referred to as `#/definitions/<name>`, an
 * enumeration inlined, `nullable` as a `null` type or branch.
 */
function plain(s, schemas) {
  const nullable = s.nullable === true;
  if (s.$ref) {
    const n = refName(s.$ref);
    const out = isEnum(schemas[n]) ? plain(schemas[n], schemas) : { $ref: `#/definitions/${n}` };
    return nullable ? { anyOf: [out, { type: "null" }] } : out;
  }
  const out = {};
  for (const [k, v] of Object.entries(s)) {
    if (["nullable", "default", "format", "readOnly"].includes(k)) continue;
    if (k === "properties")
      out.properties = Object.fromEntries(
        Object.entries(v).map(([n, p]) => [n, plain(p, schemas)]),
      );
    else if (k === "items") out.items = plain(v, schemas);
    else if (k === "additionalProperties" && typeof v === "object" && Object.keys(v).length)
      out.additionalProperties = plain(v, schemas);
    else if (k === "additionalProperties" && typeof v === "object") continue;
    else out[k] = v;
  }
  if (nullable && out.type) out.type = [out.type, "null"];
  if (nullable && out.enum) out.enum = [...out.enum, null];
  return out;
}

/**
 * The emulator's module: the object shapes once (`MC_DEFINITIONS`), and each request body and
 * query as a schema that refers to them.
 */
function emulatorModule(doc) {
  const schemas = doc.components.schemas;
  const definitions = {};
  for (const n of Object.keys(schemas).sort())
    if (!isEnum(schemas[n])) definitions[n] = plain(schemas[n], schemas);
  const bodies = [];
  const queries = {};
  for (const byMethod of Object.values(doc.paths))
    for (const op of Object.values(byMethod)) {
      const body = op.requestBody ? Object.values(op.requestBody.content)[0].schema : undefined;
      // A named shape under its name; an inline one under the operation's id.
      if (body)
        bodies.push([body.$ref ? refName(body.$ref) : op.operationId, plain(body, schemas)]);
      const q = (op.parameters ?? []).filter((x) => x.in === "query");
      if (q.length)
        queries[op.operationId] = {
          type: "object",
          properties: Object.fromEntries(q.map((x) => [x.name, plain(x.schema ?? {}, schemas)])),
          required: q.filter((x) => x.required).map((x) => x.name),
        };
    }
  const sorted = (o) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  const bodyLines = [...new Map(bodies)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([n, b]) => `  ${n}: { ...${JSON.stringify(b)}, definitions: MC_DEFINITIONS },`);
  return [
    ...HEADER,
    "/**",
    " * The Magic Containers request shapes of the published document as plain JSON Schema (the",
    " * emulator's own copy: its routes validate with these, not with the client's declarations).",
    " */",
    "",
    "/** The document's object shapes, by name (what `#/definitions/<name>` refers to). */",
    `export const MC_DEFINITIONS = ${JSON.stringify(definitions, null, 2)} as const;`,
    "",
    "/** Request body schemas by the document's schema name (an inline body: its operation id). */",
    "export const MC_BODIES = {",
    ...bodyLines,
    "} as const;",
    "",
    "/** Query schemas by operation id. */",
    `export const MC_QUERIES = ${JSON.stringify(sorted(queries), null, 2)} as const;`,
    "",
  ].join("\n");
}

function main() {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const ex = args.indexOf("--extract");
  if (ex !== -1) {
    const doc = JSON.parse(fs.readFileSync(args[ex + 1], "utf8"));
    const text = format(EXTRACT, JSON.stringify(extract(doc), null, 2) + "\n");
    if (!check) fs.writeFileSync(EXTRACT, text);
  }
  const doc = JSON.parse(fs.readFileSync(EXTRACT, "utf8"));
  const out = generate(doc);
  const files = [
    [OUT_ENUMS, out.enums],
    [OUT_SCHEMAS, out.schemas],
    [OUT_EMULATOR, out.emulator],
  ];
  let stale = 0;
  for (const [file, text] of files) {
    const cur = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    const formatted = format(file, text);
    if (cur === formatted) continue;
    if (check) {
      console.error(
        `stale: ${path.relative(ROOT, file)} (run node scripts/gen-containers-spec.js)`,
      );
      stale++;
    } else fs.writeFileSync(file, formatted);
  }
  if (stale) process.exit(1);
}

/** The text as prettier formats it (the generated modules are committed formatted). */
function format(file, text) {
  const { execFileSync } = require("child_process");
  return execFileSync(
    process.execPath,
    [require.resolve("prettier/bin/prettier.cjs"), "--stdin-filepath", file],
    { input: text, encoding: "utf8", cwd: ROOT },
  );
}

main();
