#!/usr/bin/env node
/**
 * Benchmark: how long `require` of the plain client takes in a cold Node process.
 *
 * --runs (default 10) fresh `node -e` processes each require the client entry
 * (`edgeplatform-client`, packages/client/dist) and print the time the require took (hrtime
 * around it). Also measured the same way: the Pulumi package entry (`pulumi-edgeplatform`,
 * packages/pulumi/dist, which loads @pulumi/pulumi) and an empty `node -e` process (the floor of
 * the wall times). Figures: median and min of the require time, and the median wall time of
 * the process. The HTTP library (undici) is loaded on the first request, not at require.
 *
 *   npm run build && node bench/import-time.js [--runs 10]
 */
"use strict";

const { spawnSync } = require("child_process");
const {
  arg,
  DIST,
  machineLine,
  median,
  printTable,
  round,
  runMain,
  writeResult,
} = require("./lib/common");

function once(entry) {
  const code = entry
    ? `const t=process.hrtime.bigint();require(${JSON.stringify(entry)});` +
      `process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`
    : `process.stdout.write("0")`;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["-e", code], { encoding: "utf8" });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`node -e failed: ${r.stderr}`);
  return { requireMs: Number(r.stdout), wallMs };
}

/** The plain client's require time goal, median of the cold processes (ms). */
const GOAL_CLIENT_MS = 100;

async function main() {
  const runs = Number(arg("runs", "10"));
  console.log(`import-time: ${runs} cold processes each; ${machineLine()}`);
  const targets = [
    ["client (edgeplatform-client)", DIST.client],
    ["package (pulumi-edgeplatform, with @pulumi/pulumi)", DIST.pulumi],
    ["empty node -e", null],
  ];
  const rows = [];
  const out = {};
  for (const [name, entry] of targets) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(once(entry));
    const req = samples.map((s) => s.requireMs);
    const wall = samples.map((s) => s.wallMs);
    out[name] = {
      requireMedianMs: round(median(req), 1),
      requireMinMs: round(Math.min(...req), 1),
      wallMedianMs: round(median(wall), 1),
      samples,
    };
    rows.push([
      name,
      entry ? round(median(req), 1) : "-",
      entry ? round(Math.min(...req), 1) : "-",
      round(median(wall), 1),
    ]);
  }
  printTable(
    `require time, ${runs} cold processes`,
    ["entry", "require median ms", "require min ms", "process wall median ms"],
    rows,
  );
  writeResult("import-time", { runs, results: out });
  // The goal (docs/performance.md): the plain client loads in 100 ms or less (median).
  const client = out[targets[0][0]].requireMedianMs;
  const met = client <= GOAL_CLIENT_MS;
  console.log(
    `goal: require("edgeplatform-client") median <= ${GOAL_CLIENT_MS} ms: ${met ? "met" : "NOT met"} (${client} ms)`,
  );
  if (!met) process.exitCode = 1;
}

runMain(main);
