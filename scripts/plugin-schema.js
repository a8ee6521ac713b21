#!/usr/bin/env node
/**
 * Build step (run by `npm run build` after `tsc`): writes the package schema of the native
 * provider plugin, `packages/pulumi/dist/plugin/schema.json`, generated from the kind
 * declarations (packages/pulumi/src/plugin/schema.ts). The plugin serves this file.
 *
 * The schema's version is the package's, and the Pulumi CLI caches a plugin's schema per
 * version: a schema that changes under an unchanged version reaches no user who has the old one.
 * So `packages/pulumi/plugin-schema.lock.json` records the version with the schema's SHA-256
 * (`{ "version", "sha256" }`). test/unit/plugin-schema-lock.test.ts and
 * scripts/plugin-tarball.js fail when the generated schema's hash is not the one recorded for
 * the package's version; the build only warns. After a change to the schema: bump the version
 * in packages/pulumi/package.json, `npm run build`, then `node scripts/plugin-schema.js --lock`.
 *
 *   node scripts/plugin-schema.js [--print | --lock]
 *   (--print: write the schema to stdout instead; --lock: also rewrite the record)
 */
"use strict";

const crypto = require("crypto");
const fs = require("fs");
const path = require("path");

const pkgDir = path.join(__dirname, "..", "packages", "pulumi");
/** The record of the schema's hash with its version. */
const LOCK_FILE = path.join(pkgDir, "plugin-schema.lock.json");
const LOCK_COMMAND = "npm run build && node scripts/plugin-schema.js --lock";

/** The package's version (the plugin's and the schema's). */
const packageVersion = () =>
  JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")).version;

/** The text of the schema file the plugin serves. */
const schemaText = (schema) => `${JSON.stringify(schema, null, 2)}\n`;

const sha256 = (text) => crypto.createHash("sha256").update(text).digest("hex");

/** The recorded `{ version, sha256 }` (undefined when there is no record). */
function readLock(file = LOCK_FILE) {
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/**
 * What is wrong with the record for the schema `text` of version `version`, as a message saying
 * what to do; undefined when the record holds that version with that hash.
 */
function lockProblem(version, text, lock = readLock()) {
  const hash = sha256(text);
  const where = path.relative(path.join(__dirname, ".."), LOCK_FILE);
  if (!lock) return `${where} is missing: run \`${LOCK_COMMAND}\` to record the schema's hash`;
  if (lock.version === version && lock.sha256 === hash) return undefined;
  if (lock.version === version) {
    return (
      `the plugin's schema changed but its version is still ${version} (${where}: sha256 ` +
      `${String(lock.sha256).slice(0, 12)}…, generated: ${hash.slice(0, 12)}…). The Pulumi CLI ` +
      `caches a plugin's schema per version, so users who have ${version} would keep the old ` +
      `schema. Bump the version in packages/pulumi/package.json, then run \`${LOCK_COMMAND}\`.`
    );
  }
  return (
    `${where} records version ${lock.version}, the package is ${version}: run ` +
    `\`${LOCK_COMMAND}\` to record the schema of ${version}`
  );
}

function main() {
  const { buildSchema } = require(path.join(pkgDir, "dist", "plugin", "schema.js"));
  const version = packageVersion();
  const text = schemaText(buildSchema(version));
  if (process.argv.includes("--print")) {
    process.stdout.write(text);
    return;
  }
  const out = path.join(pkgDir, "dist", "plugin", "schema.json");
  fs.writeFileSync(`${out}.tmp-${process.pid}`, text);
  fs.renameSync(`${out}.tmp-${process.pid}`, out);
  const s = JSON.parse(text);
  console.log(
    `plugin-schema: ${path.relative(process.cwd(), out)}: ${Object.keys(s.resources).length} resource(s), ${Object.keys(s.functions).length} function(s), ${Object.keys(s.types).length} type(s)`,
  );
  if (process.argv.includes("--lock")) {
    const record = { version, sha256: sha256(text) };
    fs.writeFileSync(LOCK_FILE, `${JSON.stringify(record, null, 2)}\n`);
    console.log(
      `plugin-schema: ${path.relative(process.cwd(), LOCK_FILE)}: ${version} ${record.sha256}`,
    );
    return;
  }
  const problem = lockProblem(version, text);
  if (problem) console.warn(`plugin-schema: warning: ${problem}`);
}

module.exports = { LOCK_FILE, lockProblem, packageVersion, readLock, schemaText, sha256 };

if (require.main === module) main();
