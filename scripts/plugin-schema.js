#!/usr/bin/env node
/**
 * Build step (run by `npm run build` after `tsc`): writes the package schema of the native
 * provider plugin, `packages/pulumi/dist/plugin/schema.json`, generated from the kind
 * declarations (packages/pulumi/src/plugin/schema.ts). The plugin serves this file.
 *
 *   node scripts/plugin-schema.js [--print]   (--print: write the schema to stdout instead)
 */
"use strict";

const fs = require("fs");
const path = require("path");

const pkgDir = path.join(__dirname, "..", "packages", "pulumi");
const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
const { buildSchema } = require(path.join(pkgDir, "dist", "plugin", "schema.js"));

const text = `${JSON.stringify(buildSchema(version), null, 2)}\n`;
if (process.argv.includes("--print")) {
  process.stdout.write(text);
} else {
  const out = path.join(pkgDir, "dist", "plugin", "schema.json");
  fs.writeFileSync(`${out}.tmp-${process.pid}`, text);
  fs.renameSync(`${out}.tmp-${process.pid}`, out);
  const s = JSON.parse(text);
  console.log(
    `plugin-schema: ${path.relative(process.cwd(), out)}: ${Object.keys(s.resources).length} resource(s), ${Object.keys(s.functions).length} function(s), ${Object.keys(s.types).length} type(s)`,
  );
}
