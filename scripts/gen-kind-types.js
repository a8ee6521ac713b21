#!/usr/bin/env node
/**
 * Writes the public types of the settings kinds and of the rule kinds from their declarations
 * (a kind with `docs`: packages/pulumi/src/resources/kinds/settings/<stub>.ts,
 * kinds/collections/<stub>.ts) to
 * packages/pulumi/src/resources/public/generated/<stub>.ts (scripts/lib/kind-types.js), so
 * that a field added to a declaration is in `<Type>SettingsArgs`, `<Type>State` and the
 * class's outputs, and in its field table in docs/resources.md (between `<!-- fields: Type -->`
 * and `<!-- /fields -->`), with no other edit (a collection kind's module and table:
 * scripts/lib/collection-kind-types.js). Reads the declarations from the sources (bundled with
 * esbuild; the client package's dist must be built).
 *
 *   node scripts/gen-kind-types.js [--check]
 *   (--check: write nothing; exit 1 naming each file that is stale or missing)
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { fieldTable, renderKindTypes, stubOf } = require("./lib/kind-types");
const { renderCollectionKindTypes, collectionFieldTable } = require("./lib/collection-kind-types");

const ROOT = path.join(__dirname, "..");
const SRC = path.join(ROOT, "packages", "pulumi", "src");
const OUT = path.join(SRC, "resources", "public", "generated");

/**
 * The plugin's resources (packages/pulumi/src/plugin/resources.ts) loaded from the sources,
 * bundled in memory with esbuild (the packages stay external: the client's dist): the public
 * files import the generated modules, so the declarations cannot wait for `tsc`.
 */
function pluginResources() {
  const esbuild = require("esbuild");
  const entry = path.join(SRC, "plugin", "resources.ts");
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  const Module = require("module");
  const m = new Module(entry, module);
  m.filename = path.join(SRC, "plugin", "resources.bundle.js");
  m.paths = Module._nodeModulePaths(path.dirname(entry));
  m._compile(outputFiles[0].text, m.filename);
  return m.exports.PLUGIN_RESOURCES;
}

/** The settings kinds with public types to generate (their declarations state `docs`). */
function generatedKinds(resources = pluginResources()) {
  return resources.filter((r) => r.family === "settings" && r.kind.docs).map((r) => r.kind);
}

/**
 * The collection kinds with public types to generate (their declarations state `docs`): the
 * plugin's collection resources and the flat ones described by a kind declaration.
 */
function generatedCollections(resources = pluginResources()) {
  return resources
    .map((r) => (r.family === "collection" ? r.kind : r.family === "flat" ? r.declaration : null))
    .filter((k) => k?.docs);
}

/** The docs whose field tables are generated (between `<!-- fields: Type -->` markers). */
const DOCS = [path.join(ROOT, "docs", "resources.md")];

/**
 * `text` with the field table of each kind between its markers (`<!-- fields: UploadScanning
 * -->` … `<!-- /fields -->`), formatted with prettier as the repository's markdown is.
 * @param tables The table of each kind, by type (markdown, before prettier).
 */
async function withFieldTables(file, text, tables) {
  const out = text.replace(
    /(<!-- fields: (\w+) -->\n)[\s\S]*?(<!-- \/fields -->)/g,
    (_m, open, type, close) => {
      const table = tables.get(type);
      if (!table) throw new Error(`${path.relative(ROOT, file)}: no generated kind ${type}`);
      return `${open}\n${table}\n\n${close}`;
    },
  );
  const prettier = require("prettier");
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(out, { ...options, filepath: file });
}

/** The generated files: path → text (the public types' modules and the docs' tables). */
async function generatedFiles(resources = pluginResources()) {
  const kinds = generatedKinds(resources);
  const enums = require("edgeplatform-client/spec");
  const out = new Map();
  for (const kind of kinds)
    out.set(path.join(OUT, `${stubOf(kind.type)}.ts`), await renderKindTypes(kind, enums));
  const tables = new Map(kinds.map((k) => [k.type, fieldTable(k)]));
  for (const kind of generatedCollections(resources)) {
    out.set(
      path.join(OUT, `${stubOf(kind.docs.type)}.ts`),
      await renderCollectionKindTypes(kind, enums),
    );
    tables.set(kind.docs.type, collectionFieldTable(kind, enums));
  }
  for (const doc of DOCS)
    out.set(doc, await withFieldTables(doc, fs.readFileSync(doc, "utf8"), tables));
  return out;
}

async function main() {
  const check = process.argv.includes("--check");
  const files = await generatedFiles();
  const stale = [];
  for (const [file, text] of files) {
    const now = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    if (now === text) continue;
    if (check) stale.push(path.relative(ROOT, file));
    else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  }
  // A generated file of no kind (a kind renamed or gone) is stale too.
  if (fs.existsSync(OUT))
    for (const f of fs.readdirSync(OUT))
      if (!files.has(path.join(OUT, f))) {
        if (check) stale.push(path.relative(ROOT, path.join(OUT, f)));
        else fs.rmSync(path.join(OUT, f));
      }
  if (stale.length) {
    console.error(
      `stale generated public types or field tables (run \`npm run kind-types\`):\n  ${stale.join("\n  ")}`,
    );
    process.exit(1);
  }
}

if (require.main === module)
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });

module.exports = { generatedFiles, generatedKinds, generatedCollections };
