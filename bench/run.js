#!/usr/bin/env node
/**
 * Runs the benchmarks (`npm run bench`), each in its own Node process, and prints their
 * tables. Builds dist/ first when it is missing. Results: bench/results/<name>.json plus
 * bench/results/summary.json (names, exit codes, durations, machine conditions).
 *
 *   npm run bench                          all benchmarks
 *   npm run bench -- --only logs-v2        one (or a comma-separated list)
 *   npm run bench -- --list                names only
 *
 * Benchmarks written by other parts (bench/emulator-throughput.js, bench/legacy-parse.js)
 * are run when present.
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { machine, machineLine, printTable, ROOT, RESULTS_DIR } = require("./lib/common");

/** name -> [script, extra arguments, what it measures] */
const BENCHES = [
  [
    "engine-floor",
    "engine-floor.js",
    ["--sizes", "10,100,1000", "--runs", "5,5,2", "--workloads", "rules,mixed"],
    "each phase on its own (up, no-change preview, refresh, destroy): N rules vs N no-op dynamic resources, interleaved (N = 10 x 5, 100 x 5, 1000 x 2), and 100 objects of every Shield kind (x 3); npm-installed and linked package; about an hour; host and program peak RSS, state bytes",
  ],
  [
    "plugin-floor",
    "plugin-floor.js",
    ["--sizes", "10,100", "--runs", "9", "--noop-schema", "typed"],
    "the native plugin under Pulumi YAML, each phase on its own: N rate-limit rules vs N resources of a no-op plugin with the rule's typed schema (bench/noop-plugin), both installed from tarballs, interleaved (N = 10, 100 x 9); plugin start-up and peak RSS; needs pulumi-language-yaml",
  ],
  [
    "plugin-cpu",
    "plugin-cpu.js",
    ["--n", "10", "--runs", "9"],
    "the native plugin's own CPU time per command without the CLI: each phase's calls (N = 10 rules) sent to a fresh plugin process, ours (tarball) vs the no-op plugin, median of 9; Linux",
  ],
  [
    "import-time",
    "import-time.js",
    [],
    "require time of the plain client: median of 10 cold node -e processes",
  ],
  ["calls", "calls.js", [], "API calls per operation and per kind from the emulator journal"],
  [
    "access-list-size",
    "access-list-size.js",
    [],
    "a 10 000-entry access list vs a 10-entry one: wall times, state bytes, preview --diff lines, PATCH bytes",
  ],
  [
    "dns-zone-scale",
    "dns-zone-scale.js",
    ["--records", "5000"],
    "a 5 000-record DNS zone through the installed CLI: adopt all (up), no-change preview, refresh, one-record up, destroy (and 500 created records): wall time, calls by method, host peak RSS, state bytes",
  ],
  ["state-size", "state-size.js", [], "stack export bytes per resource, __provider share"],
  [
    "logs-v2",
    "logs-v2.js",
    [],
    "600 000 v2 log records at the 30 / 10 s rate limit vs a naive loop",
  ],
  [
    "legacy-parse",
    "legacy-parse.js",
    ["--runs", "2"],
    "v1 parser MB/s and peak RSS on a >= 200 MB file vs naive split",
  ],
  ["event-logs", "event-logs.js", [], "100 shield event-log pages vs the single-GET latency floor"],
  ["emulator-throughput", "emulator-throughput.js", [], "emulator requests/s (autocannon)"],
];

function main() {
  if (process.argv.includes("--list")) {
    for (const [name, , , what] of BENCHES) console.log(`${name.padEnd(20)} ${what}`);
    return 0;
  }
  const i = process.argv.indexOf("--only");
  const only =
    i >= 0
      ? String(process.argv[i + 1] || "")
          .split(",")
          .filter(Boolean)
      : null;
  if (only) {
    const unknown = only.filter((n) => !BENCHES.some(([b]) => b === n));
    if (unknown.length) {
      console.error(
        `unknown benchmark(s): ${unknown.join(", ")}; known: ${BENCHES.map(([b]) => b).join(", ")}`,
      );
      return 2;
    }
  }
  if (
    !fs.existsSync(path.join(ROOT, "packages", "pulumi", "dist", "index.js")) ||
    !fs.existsSync(path.join(ROOT, "packages", "emulator", "dist", "cli.js"))
  ) {
    console.log("dist/ is missing: running npm run build");
    const b = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (b.status !== 0) return b.status || 1;
  }
  console.log(`pulumi-edgeplatform benchmarks — ${machineLine()}`);
  const summary = [];
  const started = Date.now();
  for (const [name, script, args] of BENCHES) {
    if (only && !only.includes(name)) continue;
    const file = path.join(__dirname, script);
    if (!fs.existsSync(file)) {
      summary.push({ name, status: "absent", seconds: 0 });
      console.log(`\n== ${name}: bench/${script} is not present, skipped`);
      continue;
    }
    console.log(`\n== ${name} (bench/${script} ${args.join(" ")})`);
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [file, ...args], { cwd: ROOT, stdio: "inherit" });
    const seconds = (Date.now() - t0) / 1000;
    summary.push({
      name,
      status: r.status === 0 ? "ok" : `failed (exit ${r.status ?? r.signal})`,
      seconds,
    });
  }
  printTable(
    "Benchmark runs",
    ["bench", "status", "time"],
    summary.map((s) => [s.name, s.status, `${s.seconds.toFixed(1)} s`]),
  );
  console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(RESULTS_DIR, "summary.json"),
    JSON.stringify({ date: new Date().toISOString(), machine: machine(), runs: summary }, null, 2) +
      "\n",
  );
  return summary.some((s) => s.status.startsWith("failed")) ? 1 : 0;
}

process.exitCode = main();
