#!/usr/bin/env node
/**
 * Benchmark 1: provider overhead against the engine's floor.
 *
 * For N in --sizes (default 10,100): `pulumi up` then a no-change `pulumi preview` of
 *  - "rules": N `edge.shield.RateLimitRule` (create mode) against the emulator, and
 *  - "noop":  N no-op dynamic resources with the same inputs (a provider that does nothing:
 *             the engine + dynamic-provider host floor),
 * each on a fresh stack, destroyed afterwards, --runs times (default 3) interleaved. Figure:
 * median(rules) / median(noop) for up, preview and up+preview. Goals (up+preview): <= 1.10
 * at N = 100 and <= 1.15 at N = 1000. Also: the peak RSS of the dynamic-provider host
 * process (Linux /proc VmHWM, sampled during up + preview), rules vs no-op, and the state
 * bytes per resource (`pulumi stack export` after `up`, compact JSON of each resource entry).
 *
 * --workloads (default rules): "rules" = N rate-limit rules; "mixed" = N objects of every Shield
 * kind (curated-list configurations, custom lists, WAF rules, rate-limit rules: see
 * bench/lib/workloads.js) at --mixed-sizes (default 100), shield zone 1's plan limits raised.
 *
 * --layouts (default installed,linked): "installed" = the packed tarballs npm-installed in the
 * project, CLI-mode program (what users run; the provider is stored as a 281 B `require`);
 * "linked" = the workspace package linked, inline program (the stub stored by value).
 * `npm run bench` runs --sizes 100,1000 --runs 3,2 (N = 1000 takes many minutes).
 *
 *   npm run build && node bench/engine-floor.js [--sizes 10,100,1000] [--runs 3 | 3,3,2] [--layouts installed]
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
const { MIXED_ZONE_LIMITS, WORKLOADS } = require("./lib/workloads");

/** Command-line fragment of the dynamic-provider host process (SDK's cmd/dynamic-provider). */
const HOST_PATTERN = "dynamic-provider";
/** Goals of up+preview ratio by N. */
const GOALS = { 100: 1.1, 1000: 1.15 };

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

async function oneRun(env, emu, kind, n, workload) {
  await resetEmulator(emu, workload);
  const stack = await workloadStack(env, emu, { kind, n, workload }, `floor-${kind}-${n}`);
  try {
    const rss = startRssSampler(HOST_PATTERN);
    const [up, upMs] = await timed(() => stack.up({ color: "never" }));
    const created = (up.summary.resourceChanges || {}).create || 0;
    if (created !== n + 1)
      throw new Error(`${kind} up created ${created} resources, expected ${n + 1}`);
    const [pv, previewMs] = await timed(() => stack.preview({ color: "never" }));
    const changes = Object.entries(pv.changeSummary || {}).filter(([k, v]) => k !== "same" && v);
    if (changes.length)
      throw new Error(`${kind} preview not clean: ${JSON.stringify(pv.changeSummary)}`);
    const host = rss.stop();
    if (kind === "rules") {
      const mine = benchObjects(await emu.control("GET", "state"));
      const want = workload === "mixed" ? n - Math.min(3, n) : n; // curated lists are not new
      if (mine !== want) throw new Error(`emulator has ${mine} bench objects, expected ${want}`);
    }
    const bytes = await stateBytesPerResource(
      stack,
      kind === "rules" ? /dynamic\/shield:[A-Za-z]+$/ : /dynamic\/bench:Noop$/,
    );
    const [, destroyMs] = await timed(() => dispose(stack));
    return {
      upMs,
      previewMs,
      destroyMs,
      hostPeakRssMb: host ? host.peakMb : null,
      stateBytesPerResource: bytes,
    };
  } catch (e) {
    await dispose(stack).catch(() => undefined);
    throw e;
  }
}

/** `runs` interleaved no-op / rules runs of N resources in one layout; medians and ratios. */
async function measureSize(env, emu, layout, n, runs, workload) {
  const samples = { rules: [], noop: [] };
  for (let r = 0; r < runs; r++) {
    for (const kind of ["noop", "rules"]) {
      const s = await oneRun(env, emu, kind, n, workload);
      samples[kind].push(s);
      console.log(
        `  ${layout} ${workload} N=${n} run ${r + 1} ${kind.padEnd(5)} up ${Math.round(s.upMs)} ms, preview ${Math.round(s.previewMs)} ms, destroy ${Math.round(s.destroyMs)} ms, host peak RSS ${s.hostPeakRssMb ?? "n/a"} MB, state ${Math.round(s.stateBytesPerResource)} B/resource`,
      );
    }
  }
  const med = (kind, f) => median(samples[kind].map(f));
  const row = { layout, workload, n, runs, samples };
  for (const [name, f] of [
    ["up", (s) => s.upMs],
    ["preview", (s) => s.previewMs],
    ["upPlusPreview", (s) => s.upMs + s.previewMs],
    ["destroy", (s) => s.destroyMs],
  ]) {
    row[name] = {
      rulesMs: med("rules", f),
      noopMs: med("noop", f),
      ratio: med("rules", f) / med("noop", f),
    };
  }
  const peak = (kind) => {
    const v = samples[kind].map((s) => s.hostPeakRssMb).filter((x) => x !== null);
    return v.length ? Math.max(...v) : null;
  };
  row.hostPeakRssMb = { rules: peak("rules"), noop: peak("noop") };
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
            results.push(await measureSize(env, emu, layout, n, runsAt(i), workload));
        }
      } finally {
        env.cleanup();
      }
    }
  } finally {
    await emu.close();
  }
  const fmt = (x) =>
    `${round(x.rulesMs / 1000, 2)} s / ${round(x.noopMs / 1000, 2)} s = ${round(x.ratio, 3)}`;
  printTable(
    "Provider overhead vs engine floor (median of runs; rules / no-op)",
    [
      "layout",
      "workload",
      "N",
      "runs",
      "up",
      "no-change preview",
      "up + preview",
      "destroy",
      "goal (up+preview)",
      "host peak RSS MB (rules / no-op)",
      "state B/resource (rules / no-op)",
    ],
    results.map((r) => [
      r.layout,
      r.workload,
      r.n,
      r.runs,
      fmt(r.up),
      fmt(r.preview),
      fmt(r.upPlusPreview),
      fmt(r.destroy),
      GOALS[r.n]
        ? `<= ${GOALS[r.n]} ${r.upPlusPreview.ratio <= GOALS[r.n] ? "met" : "NOT met"}`
        : "",
      `${r.hostPeakRssMb.rules ?? "n/a"} / ${r.hostPeakRssMb.noop ?? "n/a"}`,
      `${Math.round(r.stateBytesPerResource.rules)} / ${Math.round(r.stateBytesPerResource.noop)}`,
    ]),
  );
  writeResult("engine-floor", { goals: GOALS, results });
}

runMain(main);
