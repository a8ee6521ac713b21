#!/usr/bin/env node
/**
 * `npm run plugin-npm`: writes the native provider plugin as an npm package,
 * `dist/pulumi-resource-edgeplatform-<version>.tgz` (repository root; `npm pack`), which
 * `npm install -g dist/pulumi-resource-edgeplatform-<version>.tgz` installs: it puts
 * `pulumi-resource-edgeplatform` on PATH, where the Pulumi CLI finds a plugin with no
 * `pulumi plugin install` (an "ambient" plugin). Run `npm run build` first.
 *
 * The package holds the files of the plugin tarball (scripts/plugin-tarball.js, whose functions
 * build them: the bundle, `lib/` and the `sh` executable) and `bin/<name>.js`, the command npm
 * links into `<prefix>/bin`: a Node script (npm links a bin as a symlink, so a `sh` script would
 * look for its files beside the link) that runs `lib/start.js`. No dependencies: it needs only
 * Node >= 20.
 *
 *   node scripts/plugin-npm.js [--out DIR]
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");
const { TARBALL_NAME: NAME, START_FILE, stagePlugin } = require("./plugin-tarball");

const ROOT = path.join(__dirname, "..");
/** The package's command, relative to its directory. */
const BIN_FILE = `bin/${NAME}.js`;
const BIN = `#!/usr/bin/env node
// The edgeplatform resource provider plugin: the command \`npm install -g\` puts on PATH.
"use strict";
require("../${START_FILE}");
`;

/**
 * The package's manifest: `version` is packages/pulumi/package.json's (the plugin's), and so are
 * the license, repository and engines.
 */
function manifest(version) {
  const pulumiPkg = JSON.parse(
    fs.readFileSync(path.join(ROOT, "packages", "pulumi", "package.json"), "utf8"),
  );
  return {
    name: NAME,
    version,
    description:
      "The edgeplatform Pulumi resource provider plugin (Pulumi YAML, Go, Python, C#): `npm install -g` puts it on PATH, where the Pulumi CLI finds it.",
    license: pulumiPkg.license,
    repository: { ...pulumiPkg.repository },
    homepage: pulumiPkg.homepage,
    bin: { [NAME]: BIN_FILE },
    files: [BIN_FILE, NAME, `${NAME}.js`, "lib/"],
    engines: pulumiPkg.engines,
  };
}

/** Builds the package into `outDir`; returns the path of the .tgz. */
async function buildNpmPackage(outDir) {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-plugin-npm-"));
  try {
    const { version, summary } = await stagePlugin(stage);
    fs.mkdirSync(path.join(stage, "bin"));
    fs.writeFileSync(path.join(stage, BIN_FILE), BIN, { mode: 0o755 });
    fs.writeFileSync(
      path.join(stage, "package.json"),
      `${JSON.stringify(manifest(version), null, 2)}\n`,
    );
    fs.mkdirSync(outDir, { recursive: true });
    const pack = spawnSync(
      "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", outDir],
      { cwd: stage, encoding: "utf8" },
    );
    if (pack.status !== 0) throw new Error(`plugin-npm: npm pack failed: ${pack.stderr}`);
    const [packed] = JSON.parse(pack.stdout);
    const file = path.join(outDir, packed.filename);
    console.log(
      `plugin-npm: ${path.relative(process.cwd(), file)}: ${(packed.size / 1e6).toFixed(2)} MB, ` +
        `${packed.entryCount} files, ${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked (${summary})`,
    );
    return file;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

module.exports = { buildNpmPackage };

if (require.main === module) {
  const i = process.argv.indexOf("--out");
  const outDir = path.resolve(i > 0 ? process.argv[i + 1] : path.join(ROOT, "dist"));
  buildNpmPackage(outDir).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
