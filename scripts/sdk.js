#!/usr/bin/env node
/**
 * Writes the SDKs of the native provider plugin, `sdk/go`, `sdk/python` and `sdk/dotnet`, from
 * its package schema (`packages/pulumi/dist/plugin/schema.json`, written by `npm run build`),
 * with the code generators of github.com/pulumi/pulumi/pkg/v3 (docs/sdks.md):
 *
 *  - scripts/sdkgen (pkg v3.248.0): Go and Python;
 *  - scripts/sdkgen-dotnet (pkg v3.206.0, the last line with the C# generator): C#.
 *
 * Each generator is a Go module of its own, built once with `go build` into
 * `${PULUMI_EDGEPLATFORM_CACHE:-$XDG_CACHE_HOME/pulumi-edgeplatform}/<name>-<hash>/` (the hash
 * of its go.mod, go.sum and main.go, so a changed generator is rebuilt), like the Pulumi CLI of
 * scripts/pulumi-cli.js. Neither the build nor the generators use the network once the Go
 * modules are in the module cache.
 *
 * The generated SDKs are committed. `--check` generates into a temporary directory and exits 1,
 * naming every file that differs and the command that regenerates them, when `sdk/` is stale.
 * The hand-written files of `sdk/` (KEPT) are neither written nor compared.
 *
 *   node scripts/sdk.js [--check] [--schema FILE] [--sdk DIR]
 *   (--schema: another schema file; --sdk: another SDK directory than sdk/)
 * Exit codes: 0 written (or up to date), 1 stale (--check), 2 could not generate.
 * Library: const { generate, compare, ensureGenerators } = require("./sdk");
 */
"use strict";

const crypto = require("crypto");
const fs = require("fs");
const os = require("os");
const path = require("path");
const cli = require("./pulumi-cli");

const REPO_ROOT = path.resolve(__dirname, "..");
const SCHEMA = path.join(REPO_ROOT, "packages", "pulumi", "dist", "plugin", "schema.json");
const SDK_DIR = path.join(REPO_ROOT, "sdk");
const COMMAND = "npm run sdk";

/** The generators: their Go module and the language directories they write. */
const GENERATORS = [
  { name: "sdkgen", dir: path.join(__dirname, "sdkgen"), languages: ["go", "python"] },
  { name: "sdkgen-dotnet", dir: path.join(__dirname, "sdkgen-dotnet"), languages: ["dotnet"] },
];
/** The language directories of `sdk/` that the generators write. */
const LANGUAGES = GENERATORS.flatMap((g) => g.languages);
/** Hand-written files under the language directories (sdk/go.mod and sdk/go.sum are outside). */
const KEPT = new Set(["python/README.md"]);
/** What builds and tools leave in the language directories (never generated, never compared). */
const LEFT_BY_TOOLS = [/(^|\/)__pycache__\//, /\.pyc$/, /^dotnet\/(bin|obj)\//];

const kept = (rel) => KEPT.has(rel) || LEFT_BY_TOOLS.some((re) => re.test(rel));

/** The hash a generator's binary is cached under: its go.mod, go.sum and main.go. */
function generatorHash(g) {
  const h = crypto.createHash("sha256");
  for (const f of ["go.mod", "go.sum", "main.go"]) {
    h.update(`${f}\0`);
    h.update(fs.readFileSync(path.join(g.dir, f)));
  }
  return h.digest("hex").slice(0, 16);
}

/** Where a generator's binary is cached. */
function binaryPath(g) {
  return path.join(cli.cacheRoot(), `${g.name}-${generatorHash(g)}`, g.name);
}

/**
 * Builds the generator `g` unless its binary is cached; resolves with `{ bin, built, ms }`.
 * Rejects with `code` "GO_UNAVAILABLE" when there is no Go.
 */
async function ensureGenerator(g, log) {
  const bin = binaryPath(g);
  if (cli.isExecutable(bin)) return { bin, built: false, ms: 0 };
  if (!cli.goAvailable()) {
    const err = new Error(
      `building ${g.name} (scripts/${g.name}) needs Go (https://go.dev/dl/) and its module proxy ` +
        `or module cache; no \`go\` on PATH`,
    );
    err.code = "GO_UNAVAILABLE";
    throw err;
  }
  return cli.buildGoBinary(bin, g.dir, {
    what: `scripts/${g.name}`,
    env: { GOFLAGS: "-mod=mod -buildvcs=false" },
    log,
  });
}

/** Builds (or finds) every generator; resolves with their binaries by name. */
async function ensureGenerators(log) {
  const out = {};
  for (const g of GENERATORS) out[g.name] = await ensureGenerator(g, log);
  return out;
}

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
function listFiles(dir, prefix = "") {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(path.join(dir, e.name), rel));
    else out.push(rel);
  }
  return out.sort();
}

/** The generated files of a directory holding language directories (`sdk/`, a temp dir). */
function generatedFiles(root) {
  return LANGUAGES.flatMap((lang) =>
    listFiles(path.join(root, lang)).map((f) => `${lang}/${f}`),
  ).filter((rel) => !kept(rel));
}

/**
 * Generates every SDK from `schema` into a new temporary directory; resolves with
 * `{ dir, timings: { [generator]: { buildMs, built, generateMs } } }`.
 */
async function generate(schema, log) {
  if (!fs.existsSync(schema)) {
    throw new Error(`${path.relative(process.cwd(), schema)} is missing: run \`npm run build\``);
  }
  const bins = await ensureGenerators(log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-sdk-"));
  const timings = {};
  for (const g of GENERATORS) {
    const started = Date.now();
    const args = ["-schema", schema, "-out", dir];
    const r = await cli.run(bins[g.name].bin, args, {}, () => {});
    if (r.code !== 0) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`${g.name} failed (exit ${r.code}):\n${r.output.trim()}`);
    }
    timings[g.name] = {
      built: bins[g.name].built,
      buildMs: bins[g.name].ms,
      generateMs: Date.now() - started,
    };
  }
  return { dir, timings };
}

/**
 * The files in which `sdk` differs from the freshly generated `fresh`, as
 * `{ file, why: "changed" | "missing" | "not generated" }` with `file` relative to `sdk`'s parent
 * (`sdk/go/…`).
 */
function compare(fresh, sdk) {
  const base = path.basename(sdk);
  const want = new Set(generatedFiles(fresh));
  const have = new Set(generatedFiles(sdk));
  const stale = [];
  for (const rel of [...new Set([...want, ...have])].sort()) {
    const file = `${base}/${rel}`;
    if (!have.has(rel)) stale.push({ file, why: "missing" });
    else if (!want.has(rel)) stale.push({ file, why: "not generated" });
    else if (!fs.readFileSync(path.join(fresh, rel)).equals(fs.readFileSync(path.join(sdk, rel))))
      stale.push({ file, why: "changed" });
  }
  return stale;
}

/** Replaces the generated files of `sdk` with those of `fresh` (hand-written files stay). */
function install(fresh, sdk) {
  for (const rel of generatedFiles(sdk)) fs.rmSync(path.join(sdk, rel));
  for (const lang of LANGUAGES) removeEmptyDirs(path.join(sdk, lang));
  for (const rel of generatedFiles(fresh)) {
    const dest = path.join(sdk, rel);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(path.join(fresh, rel), dest);
  }
}

function removeEmptyDirs(dir) {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return;
  for (const e of fs.readdirSync(dir)) removeEmptyDirs(path.join(dir, e));
  if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}

function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  if (!args[i + 1]) throw new Error(`--${name} needs a value`);
  return path.resolve(args[i + 1]);
}

async function main(args) {
  const log = (line) => process.stderr.write(`[sdk] ${line}\n`);
  const check = args.includes("--check");
  const schema = option(args, "schema", SCHEMA);
  const sdk = option(args, "sdk", SDK_DIR);
  const { dir, timings } = await generate(schema, log);
  try {
    for (const [name, t] of Object.entries(timings)) {
      const build = t.built ? `built in ${(t.buildMs / 1000).toFixed(1)} s, ` : "";
      log(`${name}: ${build}generated in ${(t.generateMs / 1000).toFixed(2)} s`);
    }
    const stale = compare(dir, sdk);
    const where = path.relative(process.cwd(), sdk) || ".";
    if (check) {
      if (stale.length === 0) {
        console.log(`sdk: ${where} is up to date with ${path.relative(process.cwd(), schema)}`);
        return 0;
      }
      console.error(
        `sdk: ${where} is stale against ${path.relative(process.cwd(), schema)}; ` +
          `${stale.length} file(s) differ:\n` +
          stale.map((s) => `  ${s.file} (${s.why})`).join("\n") +
          `\nRun \`${COMMAND}\` (after \`npm run build\`) and commit ${where}/.`,
      );
      return 1;
    }
    install(dir, sdk);
    console.log(
      `sdk: ${where}: ${generatedFiles(sdk).length} generated file(s) (${LANGUAGES.join(", ")}); ` +
        `${stale.length} changed`,
    );
    return 0;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = {
  GENERATORS,
  LANGUAGES,
  KEPT,
  SCHEMA,
  SDK_DIR,
  binaryPath,
  compare,
  ensureGenerators,
  generate,
  generatedFiles,
};

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`sdk: ${e.message}\n`);
      process.exit(2);
    },
  );
}
