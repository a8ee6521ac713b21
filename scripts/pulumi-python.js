#!/usr/bin/env node
/**
 * Provides a Python environment that runs Pulumi programs written with the Python SDK: a virtual
 * environment with the Pulumi Python SDK pinned to the CLI's version (PULUMI_VERSION of
 * scripts/pulumi-cli.js) and this checkout's `sdk/python` installed, made with `python3 -m venv`
 * and `pip` (from the package index) in the CLI's cache folder:
 * `${PULUMI_EDGEPLATFORM_CACHE:-$XDG_CACHE_HOME/pulumi-edgeplatform}/python-<hash>/`, where the
 * hash covers the Python version, the Pulumi version and every file of sdk/python. A made
 * environment is reused; a new SDK makes a new one (at most the newest 3 are kept).
 *
 * Usage: node scripts/pulumi-python.js [--ensure] [--json]
 *   prints the environment's python (or, with --json, `{ python, dir, built, ms }`).
 * Library: const { ensurePythonEnv } = require("./pulumi-python");
 */
"use strict";

const crypto = require("crypto");
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const cli = require("./pulumi-cli");

const REPO_ROOT = path.resolve(__dirname, "..");
const SDK_DIR = path.join(REPO_ROOT, "sdk", "python");
const KEEP = 3;

/** The files under `dir` (recursively, byte-code left out), sorted. */
function filesUnder(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "__pycache__" || e.name.endsWith(".egg-info") || e.name === "build") continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/** `python3 --version`, or null when there is no python3. */
function pythonVersion() {
  const r = spawnSync("python3", ["--version"], { encoding: "utf8" });
  return r.status === 0 ? (r.stdout || r.stderr).trim() : null;
}

/** The environment's folder: named by the Python version, the Pulumi version and the SDK. */
function envDir() {
  const h = crypto.createHash("sha256").update(`${pythonVersion()}\0${cli.PULUMI_VERSION}\0`);
  for (const f of filesUnder(SDK_DIR)) {
    h.update(`${path.relative(SDK_DIR, f)}\0`)
      .update(fs.readFileSync(f))
      .update("\0");
  }
  return path.join(cli.cacheRoot(), `python-${h.digest("hex").slice(0, 16)}`);
}

/** The environment's python executable. */
const pythonIn = (dir) => path.join(dir, "venv", "bin", "python");

/** Removes all but the newest KEEP environments (by modification time), never `keep`. */
function prune(keep) {
  const root = cli.cacheRoot();
  const dirs = fs
    .readdirSync(root)
    .filter((n) => /^python-[0-9a-f]{16}$/.test(n))
    .map((n) => path.join(root, n))
    .filter((d) => d !== keep)
    .map((d) => ({ d, t: fs.statSync(d).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { d } of dirs.slice(KEEP - 1)) fs.rmSync(d, { recursive: true, force: true });
}

/**
 * Makes (once) and returns the environment. Resolves with `{ python, dir, built, ms }`; rejects
 * with a message naming what is missing (python3, the venv module, the package index).
 * @param {{ log?: (line: string) => void }} [opts]
 */
async function ensurePythonEnv(opts = {}) {
  const log = opts.log || ((line) => process.stderr.write(`[pulumi-python] ${line}\n`));
  const started = Date.now();
  if (!pythonVersion()) {
    throw new Error("no python3 on PATH: the Python SDK's programs need Python 3.9 or later");
  }
  const dir = envDir();
  const ready = path.join(dir, "ready");
  if (fs.existsSync(ready)) return { python: pythonIn(dir), dir, built: false, ms: 0 };
  return cli.withLock(dir, log, async () => {
    if (fs.existsSync(ready)) return { python: pythonIn(dir), dir, built: false, ms: 0 };
    const venv = path.join(dir, "venv");
    fs.rmSync(venv, { recursive: true, force: true });
    log(`making ${venv} (first run only)...`);
    let r = await cli.run("python3", ["-m", "venv", venv], {}, log);
    if (r.code !== 0) {
      throw new Error(
        `python3 -m venv failed (exit ${r.code}): install Python's venv module ` +
          "(Debian: apt-get install python3-venv)",
      );
    }
    // A copy of the SDK: pip builds in the source folder, which must stay clean.
    const src = path.join(dir, "sdk-python");
    fs.rmSync(src, { recursive: true, force: true });
    fs.cpSync(SDK_DIR, src, { recursive: true });
    const pipArgs = [
      "-m",
      "pip",
      "install",
      "--disable-pip-version-check",
      "--no-input",
      `pulumi==${cli.PULUMI_VERSION}`,
      src,
    ];
    log(`$ python ${pipArgs.join(" ")}`);
    r = await cli.run(pythonIn(dir), pipArgs, {}, log);
    if (r.code !== 0) {
      throw new Error(
        `pip install failed (exit ${r.code}): it needs the package index (PyPI) for ` +
          `pulumi==${cli.PULUMI_VERSION} and its dependencies; see the output above`,
      );
    }
    fs.rmSync(src, { recursive: true, force: true });
    fs.writeFileSync(ready, `${new Date().toISOString()}\n`);
    prune(dir);
    const ms = Date.now() - started;
    log(`made ${venv} in ${(ms / 1000).toFixed(1)} s`);
    return { python: pythonIn(dir), dir, built: true, ms };
  });
}

module.exports = { ensurePythonEnv, envDir };

if (require.main === module) {
  const json = process.argv.includes("--json");
  ensurePythonEnv()
    .then((r) => process.stdout.write(json ? `${JSON.stringify(r)}\n` : `${r.python}\n`))
    .catch((e) => {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    });
}
