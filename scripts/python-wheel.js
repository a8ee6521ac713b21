#!/usr/bin/env node
/**
 * The Python SDK (sdk/python) as a wheel, `dist/pulumi_edgeplatform-<version>-py3-none-any.whl`:
 * `python3 -m pip wheel --no-deps` of a copy of sdk/python in a temporary directory (a build
 * writes `build/` and `*.egg-info` beside its sources; the checkout's copy stays as generated).
 * pip fetches the build backend (setuptools) from its package index. `npm run release` runs it.
 *
 *   node scripts/python-wheel.js [--out DIR]
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.join(__dirname, "..");
const SDK = path.join(ROOT, "sdk", "python");

/**
 * Builds the wheel into `outDir`: `{ file }`, or `{ problem }` (no python3 or pip, or the build
 * failed) with pip's last lines.
 */
function buildWheel(outDir) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-python-wheel-"));
  try {
    const src = path.join(tmp, "python");
    fs.cpSync(SDK, src, { recursive: true });
    const out = path.join(tmp, "out");
    const r = spawnSync("python3", ["-m", "pip", "wheel", "--no-deps", "-q", src, "-w", out], {
      encoding: "utf8",
    });
    if (r.error || r.status !== 0) {
      const why = r.error ? r.error.message : r.stderr.trim().split("\n").slice(-3).join(" / ");
      return { problem: `python3 -m pip wheel failed: ${why}` };
    }
    const [wheel] = fs.readdirSync(out).filter((f) => f.endsWith(".whl"));
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, wheel);
    fs.copyFileSync(path.join(out, wheel), file);
    return { file };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

module.exports = { buildWheel };

if (require.main === module) {
  const i = process.argv.indexOf("--out");
  const r = buildWheel(path.resolve(i > 0 ? process.argv[i + 1] : path.join(ROOT, "dist")));
  if (r.problem) {
    console.error(`python-wheel: ${r.problem}`);
    process.exit(1);
  }
  console.log(`python-wheel: ${path.relative(process.cwd(), r.file)}`);
}
