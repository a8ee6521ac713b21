#!/usr/bin/env node
/**
 * Benchmark 1: provider overhead against the engine's floor.
 *
 * For N in --sizes (default 10,100): `pulumi up` then a no-change `pulumi preview` of
 *  - "rules": N `edge.shield.RateLimitRule` (create mode) against the emulator, and
 *  - "noop":  N no-op dynamic resources with the same inputs (a provider that does nothing:
 *             the engine + dynamic-provider host floor),
 * each on a fresh stack, destroyed afterwards, --runs times (default 3) interleaved. Figure:
 * median(rules) / median(noop) for up, preview and up+preview. Goal: <= 1.15 at N = 100.
 *
 *   npm run build && node bench/engine-floor.js [--sizes 10,100] [--runs 3]
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
const {
  dispose,
  freshStack,
  noopProgram,
  prepareEngine,
  rulesProgram,
  timed,
} = require("./lib/engine");

async function oneRun(env, emu, kind, n) {
  await emu.control("POST", "reset");
  const program = kind === "rules" ? rulesProgram(n) : noopProgram(n);
  const stack = await freshStack(env, emu, program, `floor-${kind}-${n}`);
  try {
    const [up, upMs] = await timed(() => stack.up({ color: "never" }));
    const created = (up.summary.resourceChanges || {}).create || 0;
    if (created !== n + 1)
      throw new Error(`${kind} up created ${created} resources, expected ${n + 1}`);
    const [pv, previewMs] = await timed(() => stack.preview({ color: "never" }));
    const changes = Object.entries(pv.changeSummary || {}).filter(([k, v]) => k !== "same" && v);
    if (changes.length)
      throw new Error(`${kind} preview not clean: ${JSON.stringify(pv.changeSummary)}`);
    if (kind === "rules") {
      const st = await emu.control("GET", "state");
      const mine = st.rateLimitRules.filter((r) => /^bench-/.test(r.ruleName || ""));
      if (mine.length !== n)
        throw new Error(`emulator has ${mine.length} bench rules, expected ${n}`);
    }
    const [, destroyMs] = await timed(() => dispose(stack));
    return { upMs, previewMs, destroyMs };
  } catch (e) {
    await dispose(stack).catch(() => undefined);
    throw e;
  }
}

async function main() {
  const sizes = String(arg("sizes", "10,100")).split(",").map(Number);
  const runs = Number(arg("runs", "3"));
  console.log(`engine-floor: sizes ${sizes.join(", ")}, ${runs} runs each; ${machineLine()}`);
  const env = await prepareEngine((l) => console.log(`[pulumi-cli] ${l}`));
  const emu = await startEmulatorProcess();
  const results = [];
  try {
    for (const n of sizes) {
      const samples = { rules: [], noop: [] };
      for (let r = 0; r < runs; r++) {
        for (const kind of ["noop", "rules"]) {
          const s = await oneRun(env, emu, kind, n);
          samples[kind].push(s);
          console.log(
            `  N=${n} run ${r + 1} ${kind.padEnd(5)} up ${Math.round(s.upMs)} ms, preview ${Math.round(s.previewMs)} ms, destroy ${Math.round(s.destroyMs)} ms`,
          );
        }
      }
      const med = (kind, f) => median(samples[kind].map(f));
      const row = { n, runs, samples };
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
      results.push(row);
    }
  } finally {
    await emu.close();
    env.cleanup();
  }
  const fmt = (x) =>
    `${round(x.rulesMs / 1000, 2)} s / ${round(x.noopMs / 1000, 2)} s = ${round(x.ratio, 3)}`;
  printTable(
    "Provider overhead vs engine floor (median of runs; rules / no-op)",
    ["N", "runs", "up", "no-change preview", "up + preview", "destroy", "goal (N=100, up+preview)"],
    results.map((r) => [
      r.n,
      r.runs,
      fmt(r.up),
      fmt(r.preview),
      fmt(r.upPlusPreview),
      fmt(r.destroy),
      r.n === 100 ? (r.upPlusPreview.ratio <= 1.15 ? "<= 1.15 met" : "<= 1.15 NOT met") : "",
    ]),
  );
  writeResult("engine-floor", { goal: { n: 100, maxRatio: 1.15 }, results });
}

runMain(main);
