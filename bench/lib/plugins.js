/**
 * The two plugins of the plugin benchmarks (bench/plugin-floor.js, bench/plugin-cpu.js): ours as
 * users install it (the tarball of scripts/plugin-tarball.js, extracted) or the checkout's, and
 * the no-op plugin of bench/noop-plugin with the environment it runs with.
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { ROOT } = require("./common");

/** The no-op plugin's directory (bench/noop-plugin). */
const NOOP_DIR = path.join(__dirname, "..", "noop-plugin");

/** The plugin's directory: the extracted tarball (built now) or the checkout's bin/. */
function edgeplatformPluginDir(workDir, mode) {
  if (mode === "checkout") return { dir: path.join(ROOT, "packages", "pulumi", "bin") };
  if (mode !== "tarball") throw new Error(`--plugin takes tarball or checkout; got ${mode}`);
  const out = path.join(workDir, "tarball");
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, "scripts", "plugin-tarball.js"), "--out", out],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  if (built.status !== 0) throw new Error(`plugin-tarball failed: ${built.stderr}`);
  console.log(built.stdout.trim());
  const [file] = fs.readdirSync(out).filter((f) => f.endsWith(".tar.gz"));
  const dir = path.join(workDir, "plugin");
  fs.mkdirSync(dir);
  const x = spawnSync("tar", ["-xzf", path.join(out, file), "-C", dir], { encoding: "utf8" });
  if (x.status !== 0) throw new Error(`tar -xzf failed: ${x.stderr}`);
  return { dir, tarball: path.join(out, file) };
}

/**
 * The no-op plugin's environment: the checkout's modules, and with `schema` "typed" the inputs,
 * outputs and types of our RateLimitRule (the built schema) instead of the configuration as `Any`.
 */
function noopEnv(schema) {
  const env = { BENCHNOOP_MODULES: ROOT };
  if (schema === "typed") {
    env.BENCHNOOP_TYPED_FROM = path.join(
      ROOT,
      "packages",
      "pulumi",
      "dist",
      "plugin",
      "schema.json",
    );
  }
  return env;
}

/** The inputs of the benchmarks' rate-limit rule `i` (the same for both plugins). */
const ruleInputs = (i) => ({
  shieldZoneId: 1,
  ruleName: `bench-${i}`,
  ruleDescription: "benchmark rule",
  ruleConfiguration: {
    actionType: "Challenge",
    variableTypes: { REQUEST_URI: "/search" },
    operatorType: "BEGINSWITH",
    value: "/search",
    requestCount: 50,
    timeframe: "PerOneMinute",
    blockTime: "ForFiveMinutes",
  },
});

module.exports = { NOOP_DIR, edgeplatformPluginDir, noopEnv, ruleInputs };
