#!/usr/bin/env node
/**
 * Benchmark 1: provider overhead against the engine's floor, each phase judged on its own.
 *
 * For N in --sizes (default 10,100): `pulumi up`, a no-change `pulumi preview`, a no-change
 * `pulumi refresh` and `pulumi destroy` of
 *  - "rules": N `edge.shield.RateLimitRule` (create mode) against the emulator, and
 *  - "noop":  N no-op dynamic resources with the same inputs (a provider that does nothing:
 *             the engine + dynamic-provider host floor),
 * each on a fresh stack, --runs times (default 3), the no-op and the provider interleaved run by
 * run so that load from elsewhere affects both. Figure per phase: median(rules) / median(noop).
 * Goals (every phase on its own; issue 20): installed <= 1.05 at N = 10 and 100, <= 1.10 at
 * N = 1000; linked <= 1.15 at N = 100. Also: the peak RSS of the dynamic-provider host (Linux
 * /proc VmHWM, sampled during all four phases) and of the program's process (installed layout:
 * the language host's `node …/cmd/run`, or the lite host itself; the linked layout runs the
 * program inline, in this process, so n/a), rules vs no-op; the state bytes per resource (`pulumi stack export`
 * after `up`, compact JSON of each resource entry); the load average at each row's start and end.
 *
 * --workloads (default rules): "rules" = N rate-limit rules; "mixed" = N objects of every Shield
 * kind (curated-list configurations, custom lists, WAF rules, rate-limit rules: see
 * bench/lib/workloads.js) at --mixed-sizes (default 100), shield zone 1's plan limits raised.
 *
 * --layouts (default installed,linked): "installed" = the packed tarballs npm-installed in the
 * project, CLI-mode program (what users run; the provider is stored as a 281 B `require`);
 * "linked" = the workspace package linked, inline program (the stub stored by value).
 *
 * --cpu-time: the CPU time (user + system) of the program's processes and of the
 * dynamic-provider host per phase (bench/lib/cpu-time-preload.js through NODE_OPTIONS), printed
 * beside the wall times with its own rules / no-op ratio per phase: on a shared machine a
 * process's CPU time moves far less than the wall time, so it tells a change of the provider's
 * own cost from load. Can be combined with --cpu-prof.
 *
 * --cpu-prof DIR: every Node process the engine starts (language host, dynamic-provider host)
 * writes a V8 CPU profile under DIR/<layout>-<workload>-<kind>-<N>-r<run>-<phase>/ (NODE_OPTIONS
 * --cpu-prof; installed layout: the linked layout's program runs in this process, unprofiled).
 *
 *   npm run build && node bench/engine-floor.js [--sizes 10,100,1000] [--runs 5 | 5,5,2] [--layouts installed]
 */
"use strict";

const {
  arg,
  machineLine,
  median,
  printTable,
  round,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");
const { layoutsArg, dispose, prepareEngine, timed, workloadStack } = require("./lib/engine");
const { startRssSampler } = require("./lib/rss");
const { MIXED_ZONE_LIMITS, WORKLOADS, preexisting } = require("./lib/workloads");
const fs = require("fs");
const os = require("os");
const path = require("path");

/** Command-line fragment of the dynamic-provider host process (SDK's cmd/dynamic-provider). */
const HOST_PATTERN = "dynamic-provider";
/**
 * Command-line fragments of the program's process in CLI mode: the official language host runs
 * it in `node …/cmd/run`; the lite host that scripts/pulumi-cli.js builds runs it in itself.
 */
const PROGRAM_PATTERN = ["cmd/run", "pulumi-language-nodejs"];
/** The phases, each judged on its own. */
const PHASES = ["up", "preview", "refresh", "destroy"];
/** Goals of every phase's ratio by layout and N (issue 20). */
const GOALS = { installed: { 10: 1.05, 100: 1.05, 1000: 1.1 }, linked: { 100: 1.15 } };
/** --cpu-time: the temporary directory the processes' CPU times are recorded under (main). */
let cpuRoot = null;
const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * Makes the engine's Node processes of the next command write CPU profiles (--cpu-prof DIR)
 * into DIR/label. Node 20 refuses `--cpu-prof` in NODE_OPTIONS, so a preload starts the profiler.
 */
function profileInto(dir, label) {
  if (!dir) return;
  process.env.CPU_PROF_DIR = path.join(path.resolve(dir), label);
  preload("cpu-prof-preload.js");
}

/** Adds bench/lib/`file` to the preloads of the engine's Node processes (NODE_OPTIONS). */
function preload(file) {
  const flag = `--require ${path.join(__dirname, "lib", file)}`;
  const now = process.env.NODE_OPTIONS || "";
  if (!now.includes(flag)) process.env.NODE_OPTIONS = `${now} ${flag}`.trim();
}

/**
 * Makes the engine's Node processes of the next command record their CPU time (--cpu-time) in
 * a fresh directory under `root`; returns it.
 */
function cpuTimeInto(root, label) {
  if (!root) return null;
  const dir = fs.mkdtempSync(path.join(root, `${label}-`));
  process.env.CPU_TIME_DIR = dir;
  preload("cpu-time-preload.js");
  return dir;
}

/**
 * CPU ms of the command whose processes recorded into `dir` (cpuTimeInto): `program` (the
 * language host's program process, or the lite host), `host` (the dynamic-provider host).
 */
function cpuTimeOf(dir) {
  if (!dir) return null;
  const sum = { program: 0, host: 0 };
  for (const f of fs.readdirSync(dir)) {
    let rec;
    try {
      rec = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
    } catch {
      continue; // written at this moment by a process still running: none is left after a command
    }
    const ms = (rec.user + rec.system) / 1000;
    if (rec.argv.includes(HOST_PATTERN)) sum.host += ms;
    else if (PROGRAM_PATTERN.some((p) => rec.argv.includes(p))) sum.program += ms;
  }
  return sum;
}

/** Mean bytes of the compact JSON of the stack's resources of `type` (`pulumi stack export`). */
async function stateBytesPerResource(stack, type) {
  const dep = await stack.exportStack();
  const mine = (dep.deployment.resources || []).filter((r) => type.test(r.type));
  const bytes = mine.reduce((sum, r) => sum + Buffer.byteLength(JSON.stringify(r)), 0);
  return mine.length ? bytes / mine.length : null;
}

/** Resets the emulator; a "mixed" workload needs shield zone 1's plan limits raised. */
async function resetEmulator(emu, workload) {
  await emu.control("POST", "reset");
  if (workload !== "mixed") return;
  const st = await emu.control("GET", "state");
  Object.assign(
    st.shieldZones.find((z) => z.id === 1),
    MIXED_ZONE_LIMITS,
  );
  await emu.control("PUT", "state", st);
}

/** Objects of the program in the emulator's state (bench names). */
function benchObjects(st) {
  const bench = (x) => /^bench-/.test(x.ruleName || x.name || "");
  return (
    st.rateLimitRules.filter(bench).length +
    (st.wafRules || []).filter(bench).length +
    (st.accessLists || []).filter(bench).length
  );
}

async function oneRun(env, emu, kind, n, workload, run, profDir) {
  await resetEmulator(emu, workload);
  const stack = await workloadStack(env, emu, { kind, n, workload }, `floor-${kind}-${n}`);
  const label = (phase) => `${env.layout}-${workload}-${kind}-${n}-r${run}-${phase}`;
  try {
    const rss = startRssSampler(HOST_PATTERN);
    const prog = startRssSampler(PROGRAM_PATTERN);
    profileInto(profDir, label("up"));
    const upCpu = cpuTimeInto(cpuRoot, label("up"));
    const [up, upMs] = await timed(() => stack.up({ color: "never" }));
    const created = (up.summary.resourceChanges || {}).create || 0;
    if (created !== n + 1)
      throw new Error(`${kind} up created ${created} resources, expected ${n + 1}`);
    profileInto(profDir, label("preview"));
    const previewCpu = cpuTimeInto(cpuRoot, label("preview"));
    const [pv, previewMs] = await timed(() => stack.preview({ color: "never" }));
    const changes = Object.entries(pv.changeSummary || {}).filter(([k, v]) => k !== "same" && v);
    if (changes.length)
      throw new Error(`${kind} preview not clean: ${JSON.stringify(pv.changeSummary)}`);
    profileInto(profDir, label("refresh"));
    const refreshCpu = cpuTimeInto(cpuRoot, label("refresh"));
    const [rf, refreshMs] = await timed(() => stack.refresh({ color: "never" }));
    const refreshed = Object.entries(rf.summary.resourceChanges || {}).filter(
      ([k, v]) => k !== "same" && v,
    );
    if (refreshed.length)
      throw new Error(`${kind} refresh not clean: ${JSON.stringify(rf.summary.resourceChanges)}`);
    if (kind === "rules") {
      const mine = benchObjects(await emu.control("GET", "state"));
      const want = workload === "mixed" ? n - preexisting(n) : n; // settings, curated lists: not new
      if (mine !== want) throw new Error(`emulator has ${mine} bench objects, expected ${want}`);
    }
    const bytes = await stateBytesPerResource(
      stack,
      kind === "rules" ? /dynamic\/shield:[A-Za-z]+$/ : /dynamic\/bench:Noop$/,
    );
    profileInto(profDir, label("destroy"));
    const destroyCpu = cpuTimeInto(cpuRoot, label("destroy"));
    const [, destroyMs] = await timed(() => dispose(stack));
    // The destroy's host may still be writing its last figure as the command returns.
    if (cpuRoot) await new Promise((resolve) => setTimeout(resolve, 200));
    const cpu = cpuTimeOf;
    const host = rss.stop();
    const program = prog.stop();
    return {
      upMs,
      previewMs,
      refreshMs,
      destroyMs,
      cpuMs: cpuRoot
        ? {
            up: cpu(upCpu),
            preview: cpu(previewCpu),
            refresh: cpu(refreshCpu),
            destroy: cpu(destroyCpu),
          }
        : null,
      hostPeakRssMb: host ? host.peakMb : null,
      programPeakRssMb: env.layout === "installed" && program ? program.peakMb : null,
      stateBytesPerResource: bytes,
    };
  } catch (e) {
    await dispose(stack).catch(() => undefined);
    throw e;
  } finally {
    if (profDir || cpuRoot) delete process.env.NODE_OPTIONS;
    delete process.env.CPU_PROF_DIR;
    delete process.env.CPU_TIME_DIR;
  }
}

/** `runs` interleaved no-op / rules runs of N resources in one layout; medians and ratios. */
async function measureSize(env, emu, layout, n, runs, workload, profDir) {
  const samples = { rules: [], noop: [] };
  const loadStart = loadNow();
  for (let r = 0; r < runs; r++) {
    // Alternate which kind goes first, so neither always runs right after the other.
    for (const kind of r % 2 ? ["rules", "noop"] : ["noop", "rules"]) {
      const s = await oneRun(env, emu, kind, n, workload, r + 1, profDir);
      samples[kind].push(s);
      const cpuLine = s.cpuMs
        ? `; CPU ms program+host ${PHASES.map((p) => `${p} ${Math.round(s.cpuMs[p].program)}+${Math.round(s.cpuMs[p].host)}`).join(", ")}`
        : "";
      console.log(
        `  ${layout} ${workload} N=${n} run ${r + 1} ${kind.padEnd(5)} up ${Math.round(s.upMs)} ms, preview ${Math.round(s.previewMs)} ms, refresh ${Math.round(s.refreshMs)} ms, destroy ${Math.round(s.destroyMs)} ms, peak RSS host ${s.hostPeakRssMb ?? "n/a"} MB / program ${s.programPeakRssMb ?? "n/a"} MB, state ${Math.round(s.stateBytesPerResource)} B/resource, load ${loadNow()}${cpuLine}`,
      );
    }
  }
  const med = (kind, f) => median(samples[kind].map(f));
  const row = { layout, workload, n, runs, samples, load: `${loadStart} -> ${loadNow()}` };
  for (const [name, f] of [
    ["up", (s) => s.upMs],
    ["preview", (s) => s.previewMs],
    ["refresh", (s) => s.refreshMs],
    ["destroy", (s) => s.destroyMs],
  ]) {
    // Run by run (each rules run beside its no-op run): how far load moved the ratio.
    const paired = samples.rules.map((s, i) => f(s) / f(samples.noop[i]));
    row[name] = {
      rulesMs: med("rules", f),
      noopMs: med("noop", f),
      ratio: med("rules", f) / med("noop", f),
      pairedMin: Math.min(...paired),
      pairedMax: Math.max(...paired),
    };
    if (cpuRoot) {
      // CPU ms of the program's processes and the provider host together (--cpu-time).
      const c = (s) => s.cpuMs[name].program + s.cpuMs[name].host;
      const pairedCpu = samples.rules.map((s, i) => c(s) / c(samples.noop[i]));
      row[name].cpu = {
        rulesMs: med("rules", c),
        noopMs: med("noop", c),
        ratio: med("rules", c) / med("noop", c),
        pairedMin: Math.min(...pairedCpu),
        pairedMax: Math.max(...pairedCpu),
        rulesProgramMs: med("rules", (s) => s.cpuMs[name].program),
        rulesHostMs: med("rules", (s) => s.cpuMs[name].host),
        noopProgramMs: med("noop", (s) => s.cpuMs[name].program),
        noopHostMs: med("noop", (s) => s.cpuMs[name].host),
      };
    }
  }
  const peak = (kind, f) => {
    const v = samples[kind].map(f).filter((x) => x !== null);
    return v.length ? Math.max(...v) : null;
  };
  row.hostPeakRssMb = {
    rules: peak("rules", (s) => s.hostPeakRssMb),
    noop: peak("noop", (s) => s.hostPeakRssMb),
  };
  row.programPeakRssMb = {
    rules: peak("rules", (s) => s.programPeakRssMb),
    noop: peak("noop", (s) => s.programPeakRssMb),
  };
  const goal = (GOALS[layout] || {})[n];
  row.goal = goal ?? null;
  row.goalMet = goal === undefined ? null : PHASES.every((p) => row[p].ratio <= goal);
  row.stateBytesPerResource = {
    rules: med("rules", (s) => s.stateBytesPerResource),
    noop: med("noop", (s) => s.stateBytesPerResource),
  };
  return row;
}

async function main() {
  const sizes = String(arg("sizes", "10,100")).split(",").map(Number);
  // --runs: one count, or one per size (the last repeats): "3,2" = 3 at the first size, 2 after.
  const runList = String(arg("runs", "3")).split(",").map(Number);
  const runsAt = (i) => runList[Math.min(i, runList.length - 1)];
  const layouts = layoutsArg();
  // --workloads: "rules" (N rate-limit rules) and/or "mixed" (every Shield kind, workloads.js).
  const workloads = String(arg("workloads", "rules")).split(",");
  for (const w of workloads)
    if (!WORKLOADS.includes(w))
      throw new Error(`--workloads takes ${WORKLOADS.join(", ")} (comma-separated); got ${w}`);
  // --mixed-sizes: the sizes of the "mixed" workload (default 100).
  const mixedSizes = String(arg("mixed-sizes", "100")).split(",").map(Number);
  const profDir = arg("cpu-prof", null);
  if (process.argv.includes("--cpu-time"))
    cpuRoot = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-cpu-time-"));
  console.log(
    `engine-floor: sizes ${sizes.join(", ")}, runs ${sizes.map((_, i) => runsAt(i)).join(", ")}, layouts ${layouts.join(", ")}; ${machineLine()}`,
  );
  const emu = await startEmulatorProcess();
  const results = [];
  try {
    for (const layout of layouts) {
      const env = await prepareEngine((l) => console.log(`[${layout}] ${l}`), layout);
      try {
        for (const workload of workloads) {
          const list = workload === "mixed" ? mixedSizes : sizes;
          for (const [i, n] of list.entries())
            results.push(await measureSize(env, emu, layout, n, runsAt(i), workload, profDir));
        }
      } finally {
        env.cleanup();
      }
    }
  } finally {
    await emu.close();
    if (cpuRoot) fs.rmSync(cpuRoot, { recursive: true, force: true });
  }
  const fmt = (x) =>
    `${round(x.rulesMs / 1000, 2)} s / ${round(x.noopMs / 1000, 2)} s = ${round(x.ratio, 3)} (runs ${round(x.pairedMin, 2)}–${round(x.pairedMax, 2)})`;
  const mb = (x) => `${x.rules ?? "n/a"} / ${x.noop ?? "n/a"}`;
  printTable(
    "Provider overhead vs engine floor, each phase on its own (median of runs; rules / no-op; in brackets the lowest and highest ratio of a rules run to its no-op run)",
    [
      "layout",
      "workload",
      "N",
      "runs",
      "up",
      "no-change preview",
      "refresh",
      "destroy",
      "goal (every phase)",
      "host peak RSS MB (rules / no-op)",
      "program peak RSS MB (rules / no-op)",
      "state B/resource (rules / no-op)",
      "load average (start -> end)",
    ],
    results.map((r) => [
      r.layout,
      r.workload,
      r.n,
      r.runs,
      ...PHASES.map((p) => fmt(r[p])),
      r.goal ? `<= ${r.goal} ${r.goalMet ? "met" : "NOT met"}` : "",
      mb(r.hostPeakRssMb),
      mb(r.programPeakRssMb),
      `${Math.round(r.stateBytesPerResource.rules)} / ${Math.round(r.stateBytesPerResource.noop)}`,
      r.load,
    ]),
  );
  if (cpuRoot)
    printTable(
      "CPU time of the program's processes + the dynamic-provider host, each phase (--cpu-time; median of runs; rules / no-op; in brackets the lowest and highest ratio of a run pair; rules program + host)",
      ["layout", "workload", "N", "runs", ...PHASES],
      results.map((r) => [
        r.layout,
        r.workload,
        r.n,
        r.runs,
        ...PHASES.map((p) => {
          const c = r[p].cpu;
          return `${Math.round(c.rulesMs)} / ${Math.round(c.noopMs)} ms = ${round(c.ratio, 3)} (runs ${round(c.pairedMin, 2)}–${round(c.pairedMax, 2)}; ${Math.round(c.rulesProgramMs)} + ${Math.round(c.rulesHostMs)})`;
        }),
      ]),
    );
  writeResult("engine-floor", { goals: GOALS, results });
}

runMain(main);
