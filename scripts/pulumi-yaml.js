#!/usr/bin/env node
/**
 * Provides the Pulumi YAML language host (`pulumi-language-yaml`) that runs `runtime: yaml`
 * programs, next to the Pulumi CLI from scripts/pulumi-cli.js.
 *
 * Order of preference:
 *  1. A `pulumi-language-yaml` next to the CLI in use, or on PATH.
 *  2. A cached build of YAML_VERSION (1.25.0) in the CLI cache's bin/
 *     (`${PULUMI_EDGEPLATFORM_CACHE:-$XDG_CACHE_HOME/pulumi-edgeplatform}/pulumi-v3.248.0/bin`),
 *     built from Go modules with `go install` (first run only; later runs reuse the binary).
 *  3. Otherwise: a clear error saying what is missing.
 *
 * The host is found by the CLI on PATH; callers prepend `pathDirs` (the CLI's) to PATH.
 *
 * Usage: node scripts/pulumi-yaml.js [--ensure] [--json]
 * Library: const { ensureYamlHost } = require("./pulumi-yaml");
 */
"use strict";

const fs = require("fs");
const path = require("path");
const cli = require("./pulumi-cli");

/** The pulumi-yaml release we build and pin. */
const YAML_VERSION = "1.25.0";
const HOST = "pulumi-language-yaml";
const MODULE = "github.com/pulumi/pulumi-yaml";

const INSTALL_HELP = [
  `No Pulumi YAML language host (${HOST}) found.`,
  `Either install it next to the Pulumi CLI (it ships with the CLI's official downloads),`,
  `or install Go (https://go.dev/dl/) with access to a Go module proxy, and this script builds`,
  `${MODULE} v${YAML_VERSION} into ${path.join(cli.cacheDir(), "bin")} on first use (about 2-5 minutes).`,
].join("\n");

/**
 * The version our build recorded beside the binary (`pulumi-language-yaml.version`), or null.
 * The host itself has no version flag, so the stamp is what tells a cached build's version.
 */
function stampedVersion(bin) {
  try {
    return fs.readFileSync(`${bin}.version`, "utf8").trim() || null;
  } catch {
    return null;
  }
}

function which(name) {
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    if (dir && cli.isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** The cached build, if present and it reports the pinned version. */
function findCached() {
  const bin = path.join(cli.cacheDir(), "bin", HOST);
  if (!cli.isExecutable(bin)) return null;
  if (stampedVersion(bin) !== YAML_VERSION) return null;
  return { hostPath: bin, binDir: path.dirname(bin), version: YAML_VERSION, source: "cache" };
}

/** A host that is not our build: next to a user's own CLI, or on PATH (any version). */
function findExisting(cliBinDir) {
  for (const bin of [cliBinDir && path.join(cliBinDir, HOST), which(HOST)]) {
    if (bin && cli.isExecutable(bin) && stampedVersion(bin) === null) {
      return { hostPath: bin, binDir: path.dirname(bin), version: "unknown", source: "path" };
    }
  }
  return null;
}

/** `go install …/cmd/pulumi-language-yaml@v1.25.0` into a scratch GOBIN, then moved into bin/. */
async function buildFromGo(log) {
  const dir = cli.cacheDir();
  return cli.withLock(path.join(dir, "yaml"), log, async () => {
    const cached = findCached();
    if (cached) return cached; // built by the process we waited for
    const started = Date.now();
    const gobin = path.join(dir, "yaml", "gobin");
    fs.rmSync(gobin, { recursive: true, force: true });
    fs.mkdirSync(gobin, { recursive: true });
    const env = { ...process.env, CGO_ENABLED: "0", GOBIN: gobin, GOFLAGS: "-buildvcs=false" };
    const args = [
      "install",
      "-ldflags",
      `-X ${MODULE}/pkg/version.Version=${YAML_VERSION}`,
      `${MODULE}/cmd/${HOST}@v${YAML_VERSION}`,
    ];
    log(`building ${HOST} v${YAML_VERSION} from Go modules (first run only)...`);
    log(`$ go ${args.join(" ")}`);
    let r = await cli.run("go", args, { env }, log);
    if (
      r.code !== 0 &&
      !process.env.GOSUMDB &&
      /sum\.golang\.org|checksum database|verifying .*module/i.test(r.output)
    ) {
      log("note: the Go checksum database is not reachable; retrying with GOSUMDB=off");
      env.GOSUMDB = "off";
      r = await cli.run("go", args, { env }, log);
    }
    if (r.code !== 0)
      throw new Error(
        `building ${HOST} failed (go ${args.join(" ")}), exit ${r.code}; see the output above.\n` +
          INSTALL_HELP,
      );
    const binDir = path.join(dir, "bin");
    fs.mkdirSync(binDir, { recursive: true });
    fs.writeFileSync(path.join(binDir, `${HOST}.version`), `${YAML_VERSION}\n`);
    fs.renameSync(path.join(gobin, HOST), path.join(binDir, HOST));
    const built = findCached();
    if (!built) throw new Error(`the built ${HOST} in ${binDir} does not report ${YAML_VERSION}`);
    const seconds = Math.round((Date.now() - started) / 1000);
    log(`built ${built.hostPath} in ${seconds} s`);
    return { ...built, source: "built", seconds };
  });
}

/**
 * Provides the CLI and the YAML host. Resolves with the CLI's result (see ensurePulumiCli) plus
 * `{ yamlHostPath, yamlVersion, yamlSource }`; its `pathDirs` contain the host's directory.
 * Rejects with `code` "PULUMI_YAML_UNAVAILABLE" when there is no host and no Go to build one.
 * Options: `build: false` only looks, never builds (resolves null instead); `log(line)`.
 */
async function ensureYamlHost(opts = {}) {
  const log = opts.log || ((line) => process.stderr.write(`[pulumi-yaml] ${line}\n`));
  const pulumi = await cli.ensurePulumiCli({ log, build: opts.build });
  if (!pulumi) return null;
  let host = findExisting(pulumi.binDir) || findCached();
  if (!host) {
    if (!cli.goAvailable()) {
      const err = new Error(INSTALL_HELP);
      err.code = "PULUMI_YAML_UNAVAILABLE";
      throw err;
    }
    if (opts.build === false) return null;
    host = await buildFromGo(log);
  }
  const pathDirs = [host.binDir, ...pulumi.pathDirs.filter((d) => d !== host.binDir)];
  return {
    ...pulumi,
    pathDirs,
    yamlHostPath: host.hostPath,
    yamlVersion: host.version,
    yamlSource: host.source,
  };
}

/** Whether a YAML host can be provided (one exists, or Go is there to build one), synchronously. */
function canProvideYaml() {
  if (!cli.canProvide()) return false;
  return !!(findExisting(null) || findCached() || cli.goAvailable());
}

module.exports = { ensureYamlHost, canProvideYaml, YAML_VERSION, INSTALL_HELP };

if (require.main === module) {
  const json = process.argv.includes("--json");
  ensureYamlHost()
    .then((r) => {
      if (json) process.stdout.write(JSON.stringify(r) + "\n");
      else process.stdout.write(`${r.yamlHostPath} (${r.yamlVersion}, ${r.yamlSource})\n`);
    })
    .catch((e) => {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    });
}
