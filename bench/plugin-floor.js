#!/usr/bin/env node
/**
 * Benchmark: the native provider plugin against the engine's floor for plugins, each phase
 * judged on its own (issue 29, "Engine floor").
 *
 * For N in --sizes (default 10,100): `pulumi up`, a no-change `pulumi preview`, a no-change
 * `pulumi refresh` and `pulumi destroy` of a Pulumi YAML program (the real CLI and
 * `pulumi-language-yaml`, scripts/pulumi-yaml.js) of
 *  - "rules": N `edgeplatform:shield:RateLimitRule` against the emulator, the plugin as users
 *             install it (the tarball of scripts/plugin-tarball.js, extracted; --plugin checkout:
 *             packages/pulumi/bin), and
 *  - "noop":  N `benchnoop:index:Noop` with the same inputs, served by bench/noop-plugin (the
 *             same gRPC stack, no work: the engine + YAML host + plugin protocol floor),
 * each run on a fresh stack, --runs times (default 3), interleaved run by run. --mode installed
 * (default): both plugins installed in the benchmark's PULUMI_HOME from a tarball
 * (`pulumi plugin install resource <name> <version> --file`, as docs/yaml.md has users do; the
 * CLI then caches each schema per version and starts a plugin once per command); --mode path:
 * both named in the program's `plugins: providers: path:` (the CLI starts each plugin twice per
 * `up` and `preview`: once for the YAML host's schema, once for the operations). One untimed
 * N = 1 run of each kind first (fills the schema caches). Figure per phase: median(rules) / median(noop);
 * goal <= 1.10 at N = 10 and 100. Also: each plugin's start-up time (spawn to the port line,
 * median of 5, alone) and the peak RSS of its processes during the four phases (Linux /proc
 * VmHWM), and the load average at each row's start and end.
 *
 * `--noop-schema typed`: the no-op resource declares the inputs, outputs and types of the
 * plugin's RateLimitRule (bench/noop-plugin, BENCHNOOP_TYPED_FROM) instead of the configuration as
 * `Any`, so that the YAML host's work on typed values is in the floor too.
 *
 * `--trace`: after each rules `up`, the emulator's calls in arrival order, as the method's first
 * letter and the milliseconds after the `up` started (`G1412 P1453 …`); after each run of
 * either kind, per phase: the CPU time of the CLI with the processes it waited for (the YAML
 * host and the plugin; /usr/bin/time), of the plugin alone and of the emulator, and the plugin's
 * calls per method (EDGEPLATFORM_PLUGIN_TRACE, packages/pulumi/src/plugin/trace.ts): how many,
 * the median time to answer, the median gap between arrivals, the most in flight at once.
 * Tracing costs time of its own: its wall figures are not the benchmark's.
 *
 *   npm run build && node bench/plugin-floor.js [--sizes 10,100] [--runs 3] [--mode installed|path]
 *     [--plugin tarball|checkout] [--trace]   (--plugin checkout: packages/pulumi/bin, with --mode path only)
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn, spawnSync } = require("child_process");
const {
  ROOT,
  arg,
  machineLine,
  median,
  printTable,
  round,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");
const { startRssSampler, statFields } = require("./lib/rss");
const { NOOP_DIR, edgeplatformPluginDir, noopEnv, ruleInputs } = require("./lib/plugins");
const { ensureYamlHost } = require(path.join(ROOT, "scripts", "pulumi-yaml"));

const PHASES = ["up", "preview", "refresh", "destroy"];
const GOAL = 1.1;
const PLUGINS = {
  rules: { name: "edgeplatform", type: "edgeplatform:shield:RateLimitRule" },
  noop: { name: "benchnoop", type: "benchnoop:index:Noop" },
};
const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** The no-op plugin as a tarball (its two files), for `pulumi plugin install --file`. */
function noopTarball(workDir) {
  const file = path.join(workDir, "pulumi-resource-benchnoop-v0.0.1.tar.gz");
  const files = ["pulumi-resource-benchnoop", "pulumi-resource-benchnoop.js"];
  const t = spawnSync("tar", ["-czf", file, "-C", NOOP_DIR, ...files], { encoding: "utf8" });
  if (t.status !== 0) throw new Error(`tar -czf failed: ${t.stderr}`);
  return file;
}

/** The YAML program of N resources of `kind` (the same inputs for both; no `plugins:` if installed). */
function program(kind, n, pluginDir) {
  const { name, type } = PLUGINS[kind];
  const lines = [`name: plugin-floor-${kind}`, "runtime: yaml"];
  if (pluginDir)
    lines.push("plugins:", "  providers:", `    - name: ${name}`, `      path: ${pluginDir}`);
  lines.push("resources:");
  for (let i = 0; i < n; i++) {
    // The properties as a flow mapping (JSON is YAML).
    lines.push(
      `  rule${i}:`,
      `    type: ${type}`,
      `    properties: ${JSON.stringify(ruleInputs(i))}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Whether /usr/bin/time is there (--trace: the CPU time of the CLI and its plugins). */
const TIME_BIN = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
/** The marker of /usr/bin/time's line in the output. */
const CPU_MARK = "plugin-floor-cpu";

/**
 * Runs the CLI in `dir`; resolves with the milliseconds (and, with `cpu`, the CPU seconds of
 * the CLI and every process it waited for: the language host and the plugins); rejects on a
 * non-zero exit.
 */
function pulumi(env, dir, args, extraEnv = {}, cpu = false) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const argv = [...args, "--non-interactive", "--color", "never"];
    const timed = cpu && TIME_BIN;
    const child = spawn(
      timed ? TIME_BIN : env.cli.pulumiPath,
      timed ? ["-f", `${CPU_MARK} %U %S`, env.cli.pulumiPath, ...argv] : argv,
      { cwd: dir, env: { ...env.vars, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const m = new RegExp(`${CPU_MARK} ([\\d.]+) ([\\d.]+)`).exec(out);
      const cpuS = m ? Number(m[1]) + Number(m[2]) : undefined;
      if (code === 0) resolve({ ms, out, cpuS });
      else reject(new Error(`pulumi ${args.join(" ")} exited ${code}:\n${out}`));
    });
  });
}

/** CPU milliseconds of process `pid` so far (user + system, from /proc), or undefined. */
function cpuMsOf(pid) {
  const f = statFields(pid);
  return f && ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime, stime: ticks (100/s)
}

/**
 * A phase run traced (--trace): the CLI's wall and CPU time, the emulator's CPU time, and the
 * plugin's calls from its EDGEPLATFORM_PLUGIN_TRACE lines: per method the count, the median
 * time to answer, the median gap between arrivals and the most in flight at once; the plugin's
 * CPU time at its last answer.
 */
async function tracedPhase(env, emu, dir, args) {
  const file = path.join(env.workDir, `trace-${process.pid}-${++traceSeq}.log`);
  const emuCpu0 = cpuMsOf(emu.pid);
  const r = await pulumi(env, dir, args, { EDGEPLATFORM_PLUGIN_TRACE: file }, true);
  const emuCpu = emuCpu0 === undefined ? undefined : cpuMsOf(emu.pid) - emuCpu0;
  const lines = fs.existsSync(file)
    ? fs
        .readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((l) => {
          const [pid, method, came, answered, cpuMs] = l.split(" ");
          return { pid, method, came: +came, answered: +answered, cpuMs: +cpuMs };
        })
    : [];
  const byMethod = new Map();
  for (const l of lines) byMethod.set(l.method, [...(byMethod.get(l.method) ?? []), l]);
  const calls = [];
  for (const [method, ls] of byMethod) {
    if (ls.length < 2) continue;
    const arrivals = ls.map((l) => l.came).sort((a, b) => a - b);
    const events = ls.flatMap((l) => [
      [l.came, 1],
      [l.answered, -1],
    ]);
    events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let now = 0;
    let most = 0;
    for (const [, d] of events) most = Math.max(most, (now += d));
    calls.push(
      `${method} ${ls.length}: answer ${round(median(ls.map((l) => l.answered - l.came)), 1)} ms, ` +
        `gap ${round(median(arrivals.slice(1).map((a, i) => a - arrivals[i])), 1)} ms, ` +
        `at once ${most}`,
    );
  }
  const cpuByPid = new Map();
  for (const l of lines) cpuByPid.set(l.pid, Math.max(cpuByPid.get(l.pid) ?? 0, l.cpuMs));
  const pluginCpu = [...cpuByPid.values()].reduce((a, b) => a + b, 0);
  const secs = (x) => (x === undefined ? "n/a" : `${round(x / 1000, 2)} s`);
  r.summary =
    `wall ${secs(r.ms)}, CPU: CLI and its processes ${r.cpuS === undefined ? "n/a" : `${round(r.cpuS, 2)} s`}` +
    ` (plugin ${secs(pluginCpu)}), emulator ${secs(emuCpu)}; ${calls.join("; ")}`;
  return r;
}
let traceSeq = 0;

let stackSeq = 0;
/** One run of the four phases on a fresh stack of `kind`. */
async function oneRun(env, emu, kind, n) {
  await emu.control("POST", "reset");
  const dir = fs.mkdtempSync(path.join(env.workDir, `${kind}-${n}-`));
  const pluginDir = env.mode === "path" ? env.pluginDirs[kind] : undefined;
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program(kind, n, pluginDir));
  await pulumi(env, dir, ["stack", "init", `s${++stackSeq}`]);
  // The plugin's processes: `pulumi-resource-benchnoop`; ours run `lib/start.js` of its directory
  // (installed: `…/resource-edgeplatform-v…/lib/start.js`; --mode path: the extracted tarball's).
  const rss = startRssSampler([
    `resource-${PLUGINS[kind].name}`,
    ...(kind === "rules" ? [path.join(env.pluginDirs.rules, "lib", "start.js")] : []),
  ]);
  try {
    const traced = kind === "rules" && env.trace;
    if (traced) await emu.control("DELETE", "requests");
    const phase = (args) => (env.trace ? tracedPhase(env, emu, dir, args) : pulumi(env, dir, args));
    const upStart = Date.now();
    const up = await phase(["up", "--yes", "--skip-preview"]);
    if (traced) {
      const j = (await emu.journal()).filter((e) => !e.path.startsWith("/_emulator"));
      const t = j.map((e) => `${e.method[0]}${e.time - upStart}`);
      console.log(
        `  trace: up ${Math.round(up.ms)} ms; calls at ms after its start: ${t.join(" ")}`,
      );
    }
    const created = new RegExp(`\\+ ${n + 1} created`).test(up.out);
    if (!created) throw new Error(`${kind} up did not create ${n + 1}:\n${up.out}`);
    if (kind === "rules") {
      const st = await emu.control("GET", "state");
      const mine = st.rateLimitRules.filter((r) => /^bench-/.test(r.ruleName)).length;
      if (mine !== n) throw new Error(`emulator has ${mine} bench rules, expected ${n}`);
    }
    const preview = await phase(["preview", "--expect-no-changes"]);
    const refresh = await phase(["refresh", "--yes", "--skip-preview", "--expect-no-changes"]);
    const destroy = await phase(["destroy", "--yes", "--skip-preview"]);
    if (env.trace) {
      const all = { up, preview, refresh, destroy };
      for (const p of PHASES) console.log(`  trace ${kind} N=${n} ${p}: ${all[p].summary}`);
    }
    if (kind === "rules") {
      const st = await emu.control("GET", "state");
      const left = st.rateLimitRules.filter((r) => /^bench-/.test(r.ruleName)).length;
      if (left !== 0) throw new Error(`emulator has ${left} bench rules after destroy`);
    }
    const peak = rss.stop();
    return {
      upMs: up.ms,
      previewMs: preview.ms,
      refreshMs: refresh.ms,
      destroyMs: destroy.ms,
      pluginPeakRssMb: peak ? peak.peakMb : null,
    };
  } finally {
    rss.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The plugin's start-up: spawn to the port line on stdout, median of `runs`, run alone. */
async function startUpMs(pluginDir, name, runs = 5) {
  /** One start; the plugin is stopped `runForMs` after its port line. */
  const start = (runForMs) =>
    new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      const child = spawn(path.join(pluginDir, `pulumi-resource-${name}`), [], {
        cwd: pluginDir,
        stdio: ["pipe", "pipe", "inherit"],
      });
      child.on("error", reject);
      child.stdout.once("data", () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        setTimeout(() => {
          child.kill();
          resolve(ms);
        }, runForMs);
      });
    });
  // One start that runs long enough to write the plugin's code cache (lib/start.js), as any
  // command of a user's does: the starts measured are those of every command after the first.
  await start(1500);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await start(0));
  return median(times);
}

async function measureSize(env, emu, n, runs) {
  const samples = { rules: [], noop: [] };
  const loadStart = loadNow();
  for (let r = 0; r < runs; r++) {
    for (const kind of r % 2 ? ["rules", "noop"] : ["noop", "rules"]) {
      const s = await oneRun(env, emu, kind, n);
      samples[kind].push(s);
      console.log(
        `  N=${n} run ${r + 1} ${kind.padEnd(5)} up ${Math.round(s.upMs)} ms, preview ${Math.round(s.previewMs)} ms, refresh ${Math.round(s.refreshMs)} ms, destroy ${Math.round(s.destroyMs)} ms, plugin peak RSS ${s.pluginPeakRssMb ?? "n/a"} MB, load ${loadNow()}`,
      );
    }
  }
  const row = { n, runs, samples, load: `${loadStart} -> ${loadNow()}` };
  for (const p of PHASES) {
    const f = (s) => s[`${p}Ms`];
    const paired = samples.rules.map((s, i) => f(s) / f(samples.noop[i]));
    const rulesMs = median(samples.rules.map(f));
    const noopMs = median(samples.noop.map(f));
    row[p] = {
      rulesMs,
      noopMs,
      ratio: rulesMs / noopMs,
      pairedMin: Math.min(...paired),
      pairedMax: Math.max(...paired),
    };
  }
  const peak = (kind) => {
    const v = samples[kind].map((s) => s.pluginPeakRssMb).filter((x) => x !== null);
    return v.length ? Math.max(...v) : null;
  };
  row.pluginPeakRssMb = { rules: peak("rules"), noop: peak("noop") };
  row.goalMet = PHASES.every((p) => row[p].ratio <= GOAL);
  return row;
}

async function main() {
  const sizes = String(arg("sizes", "10,100")).split(",").map(Number);
  const runs = Number(arg("runs", "3"));
  const mode = arg("mode", "installed");
  if (!["installed", "path"].includes(mode))
    throw new Error(`--mode takes installed or path; got ${mode}`);
  const pluginArg = arg("plugin", "tarball");
  const noopSchema = arg("noop-schema", "any");
  if (!["any", "typed"].includes(noopSchema))
    throw new Error(`--noop-schema takes any or typed; got ${noopSchema}`);
  if (mode === "installed" && pluginArg !== "tarball")
    throw new Error("--plugin checkout needs --mode path (an installed plugin is the tarball)");
  console.log(
    `plugin-floor: sizes ${sizes.join(", ")}, runs ${runs}, mode ${mode}, plugin ${pluginArg}, no-op schema ${noopSchema}; ${machineLine()}`,
  );
  const cli = await ensureYamlHost({ log: (l) => console.log(`[pulumi-yaml] ${l}`) });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-plugin-floor-"));
  const emu = await startEmulatorProcess();
  const results = [];
  let startUp;
  try {
    const ours = edgeplatformPluginDir(workDir, pluginArg);
    const pluginDirs = { rules: ours.dir, noop: NOOP_DIR };
    startUp = {
      rules: await startUpMs(pluginDirs.rules, "edgeplatform"),
      noop: await startUpMs(pluginDirs.noop, "benchnoop"),
    };
    console.log(
      `  plugin start-up to the port line (median of 5): edgeplatform ${Math.round(startUp.rules)} ms, no-op ${Math.round(startUp.noop)} ms`,
    );
    const env = {
      cli,
      mode,
      trace: process.argv.includes("--trace"),
      workDir,
      pluginDirs,
      vars: {
        ...process.env,
        PATH: [...cli.pathDirs, process.env.PATH ?? ""].join(path.delimiter),
        PULUMI_BACKEND_URL: `file://${path.join(workDir, "state")}`,
        PULUMI_CONFIG_PASSPHRASE: "edgeplatform-bench-passphrase", // throw-away local stacks only
        PULUMI_HOME: path.join(workDir, "pulumi-home"),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        EDGEPLATFORM_BASE_URL: emu.url,
        EDGEPLATFORM_API_KEY: emu.apiKey,
        ...noopEnv(noopSchema),
      },
    };
    fs.mkdirSync(path.join(workDir, "state"));
    if (mode === "installed") {
      const version = JSON.parse(
        fs.readFileSync(path.join(ROOT, "packages", "pulumi", "package.json"), "utf8"),
      ).version;
      const install = (name, v, file) =>
        pulumi(env, workDir, ["plugin", "install", "resource", name, v, "--file", file]);
      await install("edgeplatform", version, ours.tarball);
      await install("benchnoop", "0.0.1", noopTarball(workDir));
    }
    // Untimed: fills the CLI's schema caches (installed) and warms the file system.
    for (const kind of ["noop", "rules"]) await oneRun(env, emu, kind, 1);
    for (const n of sizes) results.push(await measureSize(env, emu, n, runs));
  } finally {
    await emu.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const fmt = (x) =>
    `${round(x.rulesMs / 1000, 2)} s / ${round(x.noopMs / 1000, 2)} s = ${round(x.ratio, 3)} (runs ${round(x.pairedMin, 2)}–${round(x.pairedMax, 2)})`;
  printTable(
    `Native plugin vs no-op plugin, Pulumi YAML, each phase on its own (median of runs; rules / no-op; ${mode}, plugin ${pluginArg}, no-op schema ${noopSchema}; start-up to the port line: edgeplatform ${Math.round(startUp.rules)} ms, no-op ${Math.round(startUp.noop)} ms)`,
    [
      "N",
      "runs",
      ...PHASES,
      `goal (every phase <= ${GOAL})`,
      "plugin peak RSS MB (rules / no-op)",
      "load average (start -> end)",
    ],
    results.map((r) => [
      r.n,
      r.runs,
      ...PHASES.map((p) => fmt(r[p])),
      r.goalMet ? "met" : "NOT met",
      `${r.pluginPeakRssMb.rules ?? "n/a"} / ${r.pluginPeakRssMb.noop ?? "n/a"}`,
      r.load,
    ]),
  );
  writeResult("plugin-floor", {
    goal: GOAL,
    mode,
    plugin: pluginArg,
    noopSchema,
    startUpMs: startUp,
    results,
  });
}

runMain(main);
