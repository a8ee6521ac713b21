#!/usr/bin/env node
/**
 * Provides the Pulumi CLI used by the demo and the e2e tests.
 *
 * Order of preference:
 *  1. `PULUMI_EDGEPLATFORM_PULUMI=/path/to/pulumi` (explicit binary, any compatible version).
 *  2. A `pulumi` on PATH whose version is 3.x and at least MIN_VERSION (3.181.0, the first CLI
 *     that accepts `--client`, which the Automation API needs to run inline programs).
 *  3. A cached build of PULUMI_VERSION (3.248.0) in
 *     `${PULUMI_EDGEPLATFORM_CACHE:-$XDG_CACHE_HOME/pulumi-edgeplatform}/pulumi-v3.248.0/bin`,
 *     built from Go modules with `go` (first run only; later runs reuse the binary).
 *  4. Otherwise: a clear error explaining how to install Pulumi.
 *
 * The dynamic-provider launcher (`pulumi-resource-pulumi-nodejs`) that the engine starts for
 * dynamic resources must be next to the CLI or on PATH; when it is missing we ship the SDK's copy
 * in the cache and return that directory in `pathDirs` so callers prepend it to PATH.
 *
 * Usage: node scripts/pulumi-cli.js [--ensure] [--json | --print-path]
 *   --ensure      provide the CLI (build it if needed), print where it is; exit 1 if impossible.
 *   --json        print the result as JSON.
 *   --print-path  print only the directories to put first on PATH (the CLI's, and the
 *                 launcher's when it is elsewhere), joined by the path delimiter:
 *                 export PATH="$(node scripts/pulumi-cli.js --ensure --print-path):$PATH"
 * Library:  const { ensurePulumiCli } = require("./pulumi-cli");
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync, spawn } = require("child_process");

/** The CLI version we build and pin (same as the @pulumi/pulumi devDependency). */
const PULUMI_VERSION = "3.248.0";
/** Oldest CLI we accept from PATH: `--client` (inline Automation API programs) appeared in 3.181.0. */
const MIN_VERSION = "3.181.0";
const LAUNCHER = "pulumi-resource-pulumi-nodejs";
const REPO_ROOT = path.resolve(__dirname, "..");
/** Go module that replaces github.com/atotto/clipboard (pulumi's own go.mod does the same). */
const CLIPBOARD_REPLACE =
  "github.com/atotto/clipboard=github.com/tgummerer/clipboard@v0.0.0-20241001131231-d02d263e614e";

const INSTALL_HELP = [
  "No usable Pulumi CLI found.",
  `Either install the Pulumi CLI (v${PULUMI_VERSION} recommended, any 3.x >= ${MIN_VERSION} works):`,
  `  curl -fsSL https://get.pulumi.com | sh -s -- --version ${PULUMI_VERSION}   (then add ~/.pulumi/bin to PATH)`,
  "  or see https://www.pulumi.com/docs/iac/download-install/",
  "or install Go (https://go.dev/dl/) with access to a Go module proxy, and this script builds",
  `v${PULUMI_VERSION} into the cache (${cacheRoot()}) on first use (about 5-10 minutes, ~3 GB of Go caches).`,
].join("\n");

/** Root of our cache (outside the repo). */
function cacheRoot() {
  if (process.env.PULUMI_EDGEPLATFORM_CACHE)
    return path.resolve(process.env.PULUMI_EDGEPLATFORM_CACHE);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(base, "pulumi-edgeplatform");
}

/** Directory of the cached CLI build for PULUMI_VERSION. */
function cacheDir() {
  return path.join(cacheRoot(), `pulumi-v${PULUMI_VERSION}`);
}

/** Parses "v3.248.0" (possibly with a suffix) into [major, minor, patch], or null. */
function parseVersion(text) {
  const m = /v?(\d+)\.(\d+)\.(\d+)/.exec(String(text || ""));
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compareVersions(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function isCompatible(version) {
  const v = parseVersion(version);
  return !!v && v[0] === 3 && compareVersions(v, parseVersion(MIN_VERSION)) >= 0;
}

/** Runs `<bin> version` and returns the trimmed output ("v3.248.0"), or null if it cannot run. */
function pulumiVersion(bin) {
  const r = spawnSync(bin, ["version"], {
    encoding: "utf8",
    timeout: 60000,
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });
  if (r.status !== 0 || !r.stdout) return null;
  return r.stdout.trim().split(/\s+/)[0];
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Finds an executable on PATH, or null. */
function which(name) {
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

/** Copies the SDK's dynamic-provider launcher into `dir` (executable). */
function installLauncher(dir) {
  const src = path.join(
    path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [REPO_ROOT] })),
    LAUNCHER,
  );
  fs.mkdirSync(dir, { recursive: true });
  const dest = path.join(dir, LAUNCHER);
  const tmp = `${dest}.tmp-${process.pid}`;
  fs.copyFileSync(src, tmp);
  fs.chmodSync(tmp, 0o755);
  fs.renameSync(tmp, dest);
  return dest;
}

/**
 * Installs the lite Node.js language host (scripts/lib/language-host.js) next to our built CLI
 * as `pulumi-language-nodejs`, so CLI-mode `pulumi up` works there too (the official host is not
 * part of the Go build). Never installed next to a user's own CLI, which has the official host.
 */
function installLanguageHost(binDir) {
  const src = path.join(__dirname, "lib", "language-host.js");
  const js = path.join(binDir, "pulumi-language-nodejs-lite.js");
  const code = fs.readFileSync(src, "utf8");
  if (!fs.existsSync(js) || fs.readFileSync(js, "utf8") !== code) {
    fs.writeFileSync(`${js}.tmp-${process.pid}`, code);
    fs.renameSync(`${js}.tmp-${process.pid}`, js);
  }
  const sh = path.join(binDir, "pulumi-language-nodejs");
  const script = '#!/bin/sh\nexec node "$(dirname "$0")/pulumi-language-nodejs-lite.js" "$@"\n';
  if (!fs.existsSync(sh) || fs.readFileSync(sh, "utf8") !== script) {
    fs.writeFileSync(`${sh}.tmp-${process.pid}`, script, { mode: 0o755 });
    fs.renameSync(`${sh}.tmp-${process.pid}`, sh);
  }
}

/**
 * Directories to prepend to PATH so the engine finds the dynamic-provider launcher when it is
 * neither next to the CLI nor on PATH.
 */
function launcherDirsFor(binDir) {
  if (isExecutable(path.join(binDir, LAUNCHER)) || which(LAUNCHER)) return [];
  const dir = path.join(cacheRoot(), "launcher");
  installLauncher(dir);
  return [dir];
}

function result(bin, version, source) {
  const binDir = path.dirname(bin);
  return {
    pulumiPath: bin,
    binDir,
    version,
    source,
    pathDirs: [binDir, ...launcherDirsFor(binDir)],
  };
}

/** The CLI from PULUMI_EDGEPLATFORM_PULUMI or PATH if it is compatible, else null. */
function findExisting(log) {
  const explicit = process.env.PULUMI_EDGEPLATFORM_PULUMI;
  if (explicit) {
    const v = pulumiVersion(explicit);
    if (!v)
      throw new Error(
        `PULUMI_EDGEPLATFORM_PULUMI=${explicit} does not run ("pulumi version" failed)`,
      );
    if (!isCompatible(v))
      throw new Error(`PULUMI_EDGEPLATFORM_PULUMI=${explicit} is ${v}; need 3.x >= ${MIN_VERSION}`);
    return result(explicit, v, "env");
  }
  const onPath = which("pulumi");
  if (!onPath) return null;
  const v = pulumiVersion(onPath);
  if (v && isCompatible(v)) {
    if (!v.startsWith(`v${PULUMI_VERSION.split(".").slice(0, 2).join(".")}.`)) {
      log(
        `note: using ${onPath} ${v} (tested with v${PULUMI_VERSION}; any 3.x >= ${MIN_VERSION} is accepted)`,
      );
    }
    return result(onPath, v, "path");
  }
  log(`note: ignoring ${onPath} (${v || "version unknown"}): need 3.x >= ${MIN_VERSION}`);
  return null;
}

/** The cached build, if present and it reports the pinned version. */
function findCached() {
  const bin = path.join(cacheDir(), "bin", "pulumi");
  if (!isExecutable(bin)) return null;
  const v = pulumiVersion(bin);
  if (v !== `v${PULUMI_VERSION}`) return null;
  if (!isExecutable(path.join(cacheDir(), "bin", LAUNCHER)))
    installLauncher(path.join(cacheDir(), "bin"));
  installLanguageHost(path.join(cacheDir(), "bin"));
  return result(bin, v, "cache");
}

function goAvailable() {
  const r = spawnSync("go", ["version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Runs a command, streaming its output through `log`; resolves with {code, output}. */
function run(cmd, args, opts, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const onData = (d) => {
      const s = d.toString();
      output += s;
      if (output.length > 200000) output = output.slice(-100000);
      for (const line of s.split("\n")) if (line.trim()) log(`  | ${line}`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * One try at the cross-process lock directory `lock` (mkdir is atomic): true when taken (this
 * process's pid written in it); otherwise the holder's pid (0 while it is being created). A
 * lock whose holder is dead is broken and taken.
 */
function tryLock(lock) {
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      return { taken: true };
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
      let pid = 0;
      try {
        pid = Number(fs.readFileSync(path.join(lock, "pid"), "utf8"));
      } catch {
        /* being created */
      }
      let alive = true;
      if (pid) {
        try {
          process.kill(pid, 0);
        } catch {
          alive = false;
        }
      }
      if (alive) return { taken: false, pid };
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A simple cross-process lock (mkdir is atomic); stale locks of dead processes are broken. */
async function withLock(dir, log, fn) {
  const lock = path.join(dir, ".build-lock");
  fs.mkdirSync(dir, { recursive: true });
  let announced = false;
  for (;;) {
    const got = tryLock(lock);
    if (got.taken) break;
    if (!announced) log(`waiting for another build (pid ${got.pid || "?"}) in ${dir} to finish...`);
    announced = true;
    await sleep(2000);
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds the CLI from Go modules into cacheDir()/bin (a throw-away wrapper module, because
 * `go install …@version` refuses modules with replace directives, which pulumi/pkg has).
 */
async function buildFromGo(log) {
  const dir = cacheDir();
  return withLock(dir, log, async () => {
    const cached = findCached();
    if (cached) return cached; // built by the process we waited for
    const started = Date.now();
    const work = path.join(dir, "build");
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true });
    fs.writeFileSync(
      path.join(work, "go.mod"),
      "module edgeplatform.local/pulumi-cli-build\n\ngo 1.25\n",
    );
    fs.writeFileSync(
      path.join(work, "tools.go"),
      '//go:build tools\n\npackage tools\n\nimport (\n\t_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"\n)\n',
    );
    const env = { ...process.env, CGO_ENABLED: "0" };
    const go = async (args, what) => {
      log(`$ go ${args.join(" ")}`);
      let r = await run("go", args, { cwd: work, env }, log);
      // The checksum database is not reachable everywhere (e.g. through some module proxies it
      // answers 404). Unless the user chose a GOSUMDB, fall back to go.sum-on-first-use.
      if (
        r.code !== 0 &&
        !process.env.GOSUMDB &&
        env.GOSUMDB !== "off" &&
        /sum\.golang\.org|checksum database|verifying .*module/i.test(r.output)
      ) {
        log("note: the Go checksum database is not reachable; retrying with GOSUMDB=off");
        env.GOSUMDB = "off";
        r = await run("go", args, { cwd: work, env }, log);
      }
      if (r.code !== 0)
        throw new Error(
          `${what} failed (go ${args.join(" ")}), exit ${r.code}; see the output above`,
        );
    };
    log(
      `building the Pulumi CLI v${PULUMI_VERSION} from Go modules in ${work} (first run only)...`,
    );
    await go(["mod", "edit", `-replace=${CLIPBOARD_REPLACE}`], "go mod edit");
    await go(
      [
        "get",
        `github.com/pulumi/pulumi/pkg/v3@v${PULUMI_VERSION}`,
        `github.com/pulumi/pulumi/sdk/v3@v${PULUMI_VERSION}`,
      ],
      "go get",
    );
    await go(["mod", "tidy", "-e"], "go mod tidy");
    const binDir = path.join(dir, "bin");
    const tmpOut = path.join(work, "pulumi");
    await go(
      [
        "build",
        "-tags",
        "osusergo",
        "-ldflags",
        `-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${PULUMI_VERSION}`,
        "-o",
        tmpOut,
        "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi",
      ],
      "go build",
    );
    fs.mkdirSync(binDir, { recursive: true });
    fs.renameSync(tmpOut, path.join(binDir, "pulumi"));
    installLauncher(binDir);
    const built = findCached();
    if (!built) throw new Error(`the built CLI in ${binDir} does not report v${PULUMI_VERSION}`);
    log(`built ${built.pulumiPath} in ${Math.round((Date.now() - started) / 1000)} s`);
    return { ...built, source: "built" };
  });
}

/**
 * Provides a Pulumi CLI. Resolves with
 * `{ pulumiPath, binDir, version, source: "env"|"path"|"cache"|"built", pathDirs }`;
 * `pathDirs` must be prepended to PATH for the CLI and its plugins.
 * Rejects with an error whose `code` is "PULUMI_CLI_UNAVAILABLE" when there is no CLI and no Go.
 * Options: `build: false` only looks, never builds (returns null instead); `log(line)`.
 */
async function ensurePulumiCli(opts = {}) {
  const log = opts.log || ((line) => process.stderr.write(`[pulumi-cli] ${line}\n`));
  const existing = findExisting(log) || findCached();
  if (existing) return existing;
  const goVersion = goAvailable();
  if (!goVersion) {
    const err = new Error(INSTALL_HELP);
    err.code = "PULUMI_CLI_UNAVAILABLE";
    throw err;
  }
  if (opts.build === false) return null;
  log(`no Pulumi CLI >= ${MIN_VERSION} on PATH and none cached; using ${goVersion}`);
  return buildFromGo(log);
}

/** Whether a CLI can be provided at all (a CLI exists, or Go is there to build one). */
function canProvide() {
  try {
    return !!(findExisting(() => {}) || findCached() || goAvailable());
  } catch {
    return false;
  }
}

/**
 * Builds the Go main package in `dir` into the executable `bin`, once: under the lock of
 * `bin`'s folder, written to a temporary name and renamed. When the checksum database is not
 * reachable, retries with go.sum alone unless the user chose a GOSUMDB. Resolves with
 * `{ bin, built, ms }`; rejects naming `what` and Go's output when the build fails.
 */
async function buildGoBinary(bin, dir, { what, env = {}, log }) {
  const started = Date.now();
  if (isExecutable(bin)) return { bin, built: false, ms: 0 };
  return withLock(path.dirname(bin), log, async () => {
    if (isExecutable(bin)) return { bin, built: false, ms: 0 }; // built meanwhile
    const tmp = `${bin}.tmp-${process.pid}`;
    const args = ["build", "-o", tmp, "."];
    const goEnv = { ...process.env, CGO_ENABLED: "0", ...env };
    log(`building ${what} (first run only): go ${args.join(" ")} in ${dir}`);
    let r = await run("go", args, { cwd: dir, env: goEnv }, log);
    if (
      r.code !== 0 &&
      !process.env.GOSUMDB &&
      /sum\.golang\.org|checksum database/.test(r.output)
    ) {
      goEnv.GOSUMDB = "off";
      r = await run("go", args, { cwd: dir, env: goEnv }, log);
    }
    if (r.code !== 0) {
      throw new Error(
        `building ${what} failed (go ${args.join(" ")}), exit ${r.code}:\n${r.output}`,
      );
    }
    fs.renameSync(tmp, bin);
    const ms = Date.now() - started;
    log(`built ${bin} in ${(ms / 1000).toFixed(1)} s`);
    return { bin, built: true, ms };
  });
}

module.exports = {
  buildGoBinary,
  ensurePulumiCli,
  canProvide,
  cacheDir,
  goAvailable,
  isExecutable,
  run,
  tryLock,
  withLock,
  cacheRoot,
  PULUMI_VERSION,
  MIN_VERSION,
  INSTALL_HELP,
};

if (require.main === module) {
  const json = process.argv.includes("--json");
  const printPath = process.argv.includes("--print-path");
  ensurePulumiCli()
    .then((r) => {
      if (json) process.stdout.write(JSON.stringify(r) + "\n");
      else if (printPath) process.stdout.write(`${r.pathDirs.join(path.delimiter)}\n`);
      else process.stdout.write(`${r.pulumiPath} (${r.version}, ${r.source})\n`);
    })
    .catch((e) => {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    });
}
