#!/usr/bin/env node
/**
 * The pull-zone part of the client's spec, generated from the platform's published core
 * OpenAPI document so that its enumerations and shapes cannot lag the platform.
 *
 * Two steps:
 *  - `--extract FILE` reads the whole published document (core API v1) and writes its
 *    pull-zone part to packages/client/openapi/core-api-pullzone.json: the operations of
 *    the tag "Pull Zone" and `/purge`, and the schemas they reach; facts only (every
 *    `description`, `summary`, `example` and `x-position` removed).
 *  - with no `--extract`: writes packages/client/src/spec/pullzone-generated.ts from that
 *    extract — each enumeration as a `{Name: value}` constant, each object as a TypeBox
 *    declaration (`<name>Schema` and its `Static` type), the query of each operation that has
 *    one, and `PULL_ZONE_OPERATIONS` (operation id, method, path, body and answer schemas,
 *    success status, the client method that calls it). An operation of the document that is
 *    not in {@link METHODS} fails the run: a new platform operation is noticed.
 *
 *   node scripts/gen-pullzone-spec.js [--check] [--extract FILE]
 *   (--check: write nothing; exit 1 when the generated module is stale or missing)
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { factsOnly, objectDecl, objectOrder, opts, refName } = require("./lib/openapi-gen");

const ROOT = path.join(__dirname, "..");
const EXTRACT = path.join(ROOT, "packages", "client", "openapi", "core-api-pullzone.json");
const SPEC = path.join(ROOT, "packages", "client", "src", "spec");
/** The enumerations and operations (no TypeBox: `spec/runtime` exports them). */
const OUT_ENUMS = path.join(SPEC, "pullzone-enums.ts");
/** The TypeBox declarations. */
const OUT_SCHEMAS = path.join(SPEC, "pullzone-schemas.ts");
/**
 * The emulator's copy of the shapes: the document's schemas as plain JSON Schema (its own
 * conversion, not the client's declarations: the emulator checks requests without them).
 */
const OUT_EMULATOR = path.join(ROOT, "packages", "emulator", "src", "pullzone-document.ts");

/** Operation id → the method of `client.pullzones` that calls it. */
const METHODS = {
  PullZonePublic_IndexAll: "list",
  PullZonePublic_Add: "add",
  PullZonePublic_Count: "count",
  PullZonePublic_Index: "get",
  PullZonePublic_UpdatePullZone: "update",
  PullZonePublic_Delete: "delete",
  PullZonePublic_DeleteEdgeRule: "deleteEdgeRule",
  PullZonePublic_AddEdgeRule: "addOrUpdateEdgeRule",
  PullZonePublic_SetEdgeRuleEnabled: "setEdgeRuleEnabled",
  PullZonePublic_UpdatePrivateKeyType: "updatePrivateKeyType",
  PullZonePublic_LoadFreeCertificate: "loadFreeCertificate",
  PullZonePublic_RequestExternalDnsCertificate: "requestExternalDnsCertificate",
  PullZonePublic_CompleteExternalDnsCertificate: "completeExternalDnsCertificate",
  PullZonePublic_RequestExternalHttpCertificate: "requestExternalHttpCertificate",
  PullZonePublic_CompleteExternalHttpCertificate: "completeExternalHttpCertificate",
  PullZonePublic_PurgeCachePostByTag: "purgeCache",
  PullZonePublic_CheckAvailability: "checkNameAvailability",
  PullZonePublic_AddCertificate: "addCertificate",
  PullZonePublic_RemoveCertificate: "removeCertificate",
  PullZonePublic_AddHostname: "addHostname",
  PullZonePublic_RemoveHostname: "removeHostname",
  PullZonePublic_SetForceSSL: "setForceSsl",
  ResetSecurityKeyEndpoint_ResetSecurityKey: "resetSecurityKey",
  PullZonePublic_AddAllowedReferrer: "addAllowedReferrer",
  PullZonePublic_RemoveAllowedReferrer: "removeAllowedReferrer",
  PullZonePublic_AddBlockedReferrer: "addBlockedReferrer",
  PullZonePublic_RemoveBlockedReferrer: "removeBlockedReferrer",
  PullZonePublic_AddBlockedIp: "addBlockedIp",
  PullZonePublic_RemoveBlockedIp: "removeBlockedIp",
  PurgePublic_IndexPost: "purgeUrl",
};

/** Document names too generic for the spec module's namespace. */
const RENAME = { Trigger: "EdgeRuleTrigger" };
const nameOf = (n) => RENAME[n] ?? n;
const lower = (n) => n[0].toLowerCase() + n.slice(1);
const schemaConst = (n) => `${lower(nameOf(n))}Schema`;
/** The query schema of a method: `pullZone<Method>QuerySchema`. */
const queryConst = (m) => `pullZone${m[0].toUpperCase()}${m.slice(1)}QuerySchema`;
/** A document part without its prose (text of these keys) and examples. */
const strip = factsOnly(new Set(["description", "summary", "title", "x-position"]));

// --------------------------------------------------------------------------------------
// Extract
// --------------------------------------------------------------------------------------

const isPullZoneOp = (p, op) => (op.tags ?? []).includes("Pull Zone") || p === "/purge";

/** The pull-zone part of the whole document, facts only. */
function extract(doc) {
  const paths = {};
  const reached = new Set();
  const refs = (o) => {
    if (!o || typeof o !== "object") return;
    if (typeof o.$ref === "string" && !reached.has(refName(o.$ref))) {
      reached.add(refName(o.$ref));
      refs(doc.components.schemas[refName(o.$ref)]);
    }
    for (const v of Object.values(o)) refs(v);
  };
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      if (!isPullZoneOp(p, op)) continue;
      const kept = strip({
        operationId: op.operationId,
        tags: op.tags,
        parameters: op.parameters,
        requestBody: op.requestBody,
        responses: op.responses,
      });
      (paths[p] ??= {})[m] = kept;
      refs(kept);
    }
  }
  const schemas = {};
  for (const n of [...reached].sort()) schemas[n] = strip(doc.components.schemas[n]);
  return {
    openapi: doc.openapi,
    info: { title: "core API, pull-zone operations (extract)", version: doc.info.version },
    paths,
    components: { schemas },
  };
}

// --------------------------------------------------------------------------------------
// Generate
// --------------------------------------------------------------------------------------

const isEnum = (s) => Array.isArray(s.enum) && Array.isArray(s["x-enumNames"]);

/** The single `$ref` of `{$ref}` or `{oneOf: [{$ref}]}`, else undefined. */
function singleRef(p) {
  if (p.$ref) return refName(p.$ref);
  if (Array.isArray(p.oneOf) && p.oneOf.length === 1 && p.oneOf[0].$ref)
    return refName(p.oneOf[0].$ref);
  return undefined;
}

/** TypeBox code of one property schema (`schemas`: the document's components). */
function typeOf(p, schemas) {
  const nullable = p.nullable === true;
  const wrap = (code) => (nullable ? `nullable(${code})` : code);
  const ref = singleRef(p);
  if (ref) {
    const target = schemas[ref];
    return wrap(isEnum(target) ? `enumOf(${nameOf(ref)}, true)` : schemaConst(ref));
  }
  switch (p.type) {
    case "string": {
      const o = opts({ minLength: p.minLength, maxLength: p.maxLength, pattern: p.pattern });
      if (nullable && !o) return "nullableString()";
      return wrap(`Type.String(${o})`);
    }
    case "boolean":
      return nullable ? "nullableBoolean()" : "Type.Boolean()";
    case "integer": {
      const int32 = p.format === "int32";
      const o = opts({
        minimum: p.minimum ?? (int32 ? -2147483648 : undefined),
        maximum: p.maximum ?? (int32 ? 2147483647 : undefined),
      });
      return wrap(`Type.Integer(${o})`);
    }
    case "number":
      return wrap(`Type.Number(${opts({ minimum: p.minimum, maximum: p.maximum })})`);
    case "array":
      return wrap(`Type.Array(${typeOf(p.items ?? {}, schemas)})`);
    case "object":
      if (p.additionalProperties && p.additionalProperties.type === "string")
        return wrap("Type.Record(Type.String(), Type.String())");
      return wrap("Type.Object({})");
    default:
      throw new Error(`unsupported property schema ${JSON.stringify(p)}`);
  }
}

function enumDecl(n, s) {
  const members = s["x-enumNames"].map((name, i) => `  ${name}: ${s.enum[i]},`);
  return [
    `/** \`${n}\` of the published document (name → value). */`,
    `export const ${n} = {`,
    ...members,
    `} as const;`,
    `/** A value of {@link ${n}}. */`,
    `export type ${n} = (typeof ${n})[keyof typeof ${n}];`,
  ].join("\n");
}

/** The query schema of an operation with query parameters (`<method>QuerySchema`). */
function queryDecl(method, params, schemas) {
  const props = params.map((q) => {
    const t = typeOf(q.schema ?? {}, schemas);
    return `    ${q.name}: ${q.required ? t : `Type.Optional(${t})`},`;
  });
  const c = queryConst(method);
  const T = `${method[0].toUpperCase()}${method.slice(1)}Query`;
  return [
    `/** Query of \`pullzones.${method}\` (from the document's parameters). */`,
    `export const ${c} = Type.Object(`,
    `  {`,
    ...props,
    `  },`,
    `  { additionalProperties: false },`,
    `);`,
    `/** Query of \`pullzones.${method}\`. */`,
    `export type PullZone${T} = Static<typeof ${c}>;`,
  ].join("\n");
}

/** The JSON schema of a 2xx answer as a name: a schema constant, `"array:<const>"` or null. */
function answerOf(op) {
  for (const [code, r] of Object.entries(op.responses ?? {})) {
    if (!/^2/.test(code)) continue;
    const s = r.content ? Object.values(r.content)[0].schema : undefined;
    const ref = s && singleRef(s);
    const answer =
      s?.type === "array" && s.items?.$ref
        ? `array:${schemaConst(refName(s.items.$ref))}`
        : ref
          ? schemaConst(ref)
          : null;
    return { status: Number(code), answer };
  }
  throw new Error(`${op.operationId} has no 2xx answer`);
}

const HEADER = [
  "// Generated by scripts/gen-pullzone-spec.js from packages/client/openapi/core-api-pullzone.json",
  "// (the pull-zone part of the platform's published core API document): do not edit.",
];

/** The two generated modules of `doc` (the extract): `{enums, schemas}` (TypeScript text). */
function generate(doc) {
  const schemas = doc.components.schemas;
  const enums = Object.keys(schemas)
    .filter((n) => isEnum(schemas[n]))
    .sort();
  const parts = [];
  for (const n of objectOrder(schemas, isEnum))
    parts.push(
      objectDecl(n, schemas[n], {
        typeOf: (p) => typeOf(p, schemas),
        constName: schemaConst(n),
        typeName: nameOf(n),
      }),
    );
  const ops = [];
  for (const [p, byMethod] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(byMethod)) {
      const method = METHODS[op.operationId];
      if (!method)
        throw new Error(
          `the document has an operation no method calls: ${op.operationId} (${m.toUpperCase()} ${p}); add it to METHODS`,
        );
      const query = (op.parameters ?? []).filter((q) => q.in === "query");
      if (query.length) parts.push(queryDecl(method, query, schemas));
      const bodySchema = op.requestBody
        ? Object.values(op.requestBody.content)[0].schema
        : undefined;
      const bodyRef = bodySchema && singleRef(bodySchema);
      const { status, answer } = answerOf(op);
      ops.push({
        operationId: op.operationId,
        method: m.toUpperCase(),
        path: p,
        clientMethod: method,
        body: bodyRef ? schemaConst(bodyRef) : null,
        bodyNullable: bodySchema?.nullable === true,
        query: query.length ? queryConst(method) : null,
        status,
        answer,
      });
    }
  }
  const missing = Object.keys(METHODS).filter((id) => !ops.some((o) => o.operationId === id));
  if (missing.length) throw new Error(`METHODS names operations the document lacks: ${missing}`);
  ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
  const opLines = ops.map((o) => `  ${JSON.stringify(o)},`);
  const schemasModule = [
    ...HEADER,
    "/**",
    ' * Pull zones (published core API, tag "Pull Zone" and `/purge`): the shapes as TypeBox',
    " * declarations (the constant is the JSON schema, the type its `Static`) and the queries, as",
    " * the published document declares them. Enumerations: `pullzone-enums.ts`.",
    " */",
    'import { Type, type Static } from "@sinclair/typebox";',
    'import { enumOf, nullable, nullableBoolean, nullableString } from "./schema-helpers";',
    `import { ${enums.join(", ")} } from "./pullzone-enums";`,
    "",
    ...parts.flatMap((x) => [x, ""]),
  ].join("\n");
  const enumsModule = [
    ...HEADER,
    "/**",
    ' * Pull zones (published core API, tag "Pull Zone" and `/purge`): the enumerations and the',
    " * operations, as the published document declares them. Loads no TypeBox.",
    " */",
    "",
    ...enums.flatMap((n) => [enumDecl(n, schemas[n]), ""]),
    "/** One operation of the published document and the `client.pullzones` method that calls it. */",
    "export interface PullZoneOperation {",
    "  operationId: string;",
    '  method: "GET" | "POST" | "PUT" | "DELETE";',
    "  /** Path template (`{name}` placeholders). */",
    "  path: string;",
    "  clientMethod: string;",
    "  /** The exported schema of the request body, or null (none). */",
    "  body: string | null;",
    "  /** Whether the document lets the body be `null`. */",
    "  bodyNullable: boolean;",
    "  /** The exported schema of the query, or null (no query parameters). */",
    "  query: string | null;",
    "  /** The success status the document declares. */",
    "  status: number;",
    "  /** The exported schema of the answer (`array:` a list of it), or null (no body declared). */",
    "  answer: string | null;",
    "}",
    "",
    "/** Every pull-zone operation of the published document. */",
    "export const PULL_ZONE_OPERATIONS: readonly PullZoneOperation[] = [",
    ...opLines,
    "];",
    "",
  ].join("\n");
  return { enums: enumsModule, schemas: schemasModule };
}

/**
 * One schema of the document as plain JSON Schema (draft-07): `$ref` and single-`oneOf`
 * inlined, `nullable` as a `null` type or branch, an enumeration with `x-enum-names`
 * (value → name, which validation messages name), `default` and `format` dropped.
 */
function plain(s, schemas) {
  const nullable = s.nullable === true;
  const ref = singleRef(s);
  let out;
  if (ref) {
    const t = schemas[ref];
    out = isEnum(t)
      ? {
          type: "integer",
          enum: t.enum,
          "x-enum-names": Object.fromEntries(t.enum.map((v, i) => [v, t["x-enumNames"][i]])),
        }
      : plain(t, schemas);
    return nullable ? { anyOf: [out, { type: "null" }] } : out;
  }
  out = {};
  for (const [k, v] of Object.entries(s)) {
    if (["nullable", "default", "format", "oneOf"].includes(k)) continue;
    if (k === "properties")
      out.properties = Object.fromEntries(
        Object.entries(v).map(([n, p]) => [n, plain(p, schemas)]),
      );
    else if (k === "items") out.items = plain(v, schemas);
    else if (k === "additionalProperties" && typeof v === "object")
      out.additionalProperties = plain(v, schemas);
    else out[k] = v;
  }
  if (nullable && out.type) out.type = [out.type, "null"];
  return out;
}

/** The emulator's module: every object schema of the document and every query, plain. */
function emulatorModule(doc) {
  const schemas = doc.components.schemas;
  const bodies = {};
  for (const n of Object.keys(schemas).sort())
    if (!isEnum(schemas[n])) bodies[n] = plain(schemas[n], schemas);
  const queries = {};
  for (const byMethod of Object.values(doc.paths))
    for (const op of Object.values(byMethod)) {
      const q = (op.parameters ?? []).filter((x) => x.in === "query");
      if (!q.length) continue;
      queries[op.operationId] = {
        type: "object",
        properties: Object.fromEntries(q.map((x) => [x.name, plain(x.schema ?? {}, schemas)])),
        required: q.filter((x) => x.required).map((x) => x.name),
        additionalProperties: false,
      };
    }
  return [
    ...HEADER,
    "/**",
    " * The pull-zone shapes of the published core document as plain JSON Schema (draft-07; the",
    " * document's `nullable` as a `null` type, references inlined), for the emulator's routes:",
    " * request bodies and answers by the document's schema name, queries by operation id.",
    " */",
    "",
    "/** A JSON schema. */",
    "export type JsonSchema = Record<string, unknown>;",
    "",
    "/** The object shapes of the document, by name. */",
    `export const PULL_ZONE_SHAPES: Record<string, JsonSchema> = ${JSON.stringify(bodies)};`,
    "",
    "/** The query of each operation that has one, by operation id. */",
    `export const PULL_ZONE_QUERIES: Record<string, JsonSchema> = ${JSON.stringify(queries)};`,
    "",
  ].join("\n");
}

async function formatted(code, file) {
  const prettier = require("prettier");
  const config = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(code, { ...config, filepath: file });
}

async function main() {
  const argv = process.argv.slice(2);
  const i = argv.indexOf("--extract");
  if (i >= 0) {
    const doc = JSON.parse(fs.readFileSync(argv[i + 1], "utf8"));
    fs.mkdirSync(path.dirname(EXTRACT), { recursive: true });
    fs.writeFileSync(EXTRACT, await formatted(JSON.stringify(extract(doc)), EXTRACT));
    console.log(`wrote ${path.relative(ROOT, EXTRACT)}`);
  }
  const doc = JSON.parse(fs.readFileSync(EXTRACT, "utf8"));
  const gen = generate(doc);
  const files = [
    [OUT_ENUMS, await formatted(gen.enums, OUT_ENUMS)],
    [OUT_SCHEMAS, await formatted(gen.schemas, OUT_SCHEMAS)],
    [OUT_EMULATOR, await formatted(emulatorModule(doc), OUT_EMULATOR)],
  ];
  const check = argv.includes("--check");
  let stale = 0;
  for (const [file, code] of files) {
    const cur = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    if (cur === code) continue;
    if (check) {
      stale++;
      console.error(
        `${path.relative(ROOT, file)} is ${cur === undefined ? "missing" : "stale"}: run node scripts/gen-pullzone-spec.js`,
      );
    } else {
      fs.writeFileSync(file, code);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  }
  if (stale) process.exit(1);
}

if (require.main === module)
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });

module.exports = { extract, generate, plain };
