/**
 * Shared helpers of the benchmarks (plain Node, using the compiled package in dist/):
 * machine conditions, an emulator in a child process, its control API, statistics, a table
 * printer and the JSON result writer (bench/results/<name>.json).
 */
/* global fetch */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");

const ROOT = path.resolve(__dirname, "..", "..");
/** Build output of each workspace package (packages/<name>/dist). */
const DIST = {
  client: path.join(ROOT, "packages", "client", "dist"),
  pulumi: path.join(ROOT, "packages", "pulumi", "dist"),
  emulator: path.join(ROOT, "packages", "emulator", "dist"),
};
const RESULTS_DIR = path.join(ROOT, "bench", "results");

/** Machine conditions printed beside every figure. */
function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: cpus.length,
    cpuModel: cpus[0] ? cpus[0].model.trim() : "unknown",
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    network: "loopback (127.0.0.1)",
  };
}

/** One line describing the machine. */
function machineLine(m = machine()) {
  return `node ${m.node}, ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB, ${m.platform}, ${m.network}, load ${m.loadAverage.join(" ")}`;
}

/** Value of `--name V` on the command line, or `def`. */
function arg(name, def) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : def;
}

/** Median of numbers. */
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Rounds to `d` decimals. */
const round = (v, d = 2) => (Number.isFinite(v) ? Math.round(v * 10 ** d) / 10 ** d : v);

/** Prints a table: `columns` are header names, `rows` arrays of cells. */
function printTable(title, columns, rows) {
  const cells = [columns, ...rows].map((r) => r.map((c) => (c === undefined ? "" : String(c))));
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => (r[i] || "").length)));
  const line = (r) => "| " + r.map((c, i) => (c || "").padEnd(widths[i])).join(" | ") + " |";
  const out = [
    "",
    `### ${title}`,
    "",
    line(cells[0]),
    "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|",
    ...cells.slice(1).map(line),
    "",
  ];
  process.stdout.write(out.join("\n") + "\n");
}

/** Writes bench/results/<name>.json with the machine conditions and the figures. */
function writeResult(name, data) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const doc = { bench: name, date: new Date().toISOString(), machine: machine(), ...data };
  fs.writeFileSync(file, JSON.stringify(doc, null, 2) + "\n");
  process.stdout.write(`results: ${path.relative(ROOT, file)}\n`);
  return file;
}

/** Fails early with a clear message when dist/ is missing. */
function requireDist() {
  for (const f of [path.join(DIST.pulumi, "index.js"), path.join(DIST.emulator, "cli.js")]) {
    if (!fs.existsSync(f)) {
      throw new Error(`${f} is missing: run "npm run build" first (or use "npm run bench").`);
    }
  }
}

/**
 * Starts the emulator CLI (packages/emulator/dist/cli.js) in its own process, so that its CPU time
 * does not compete with the benchmarked client inside one event loop.
 * Resolves to { url, loggingUrl, apiKey, control(method, path, body), close() }.
 */
async function startEmulatorProcess(extraArgs = []) {
  requireDist();
  const apiKey = "bench-local-key";
  const child = spawn(
    process.execPath,
    [path.join(DIST.emulator, "cli.js"), "--port", "0", "--api-key", apiKey, ...extraArgs],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const url = await new Promise((resolve, reject) => {
    let out = "";
    const onData = (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        child.stdout.off("data", onData);
        child.stdout.resume();
        resolve(m[1]);
      }
    };
    child.stdout.on("data", onData);
    child.once("exit", (code) => reject(new Error(`emulator exited (${code}): ${stderr}`)));
  });
  const control = async (method, p, body) => {
    const res = await fetch(`${url}/_emulator/${p}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`control ${method} ${p}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    url,
    loggingUrl: `${url}/logging`,
    apiKey,
    pid: child.pid,
    control,
    journal: async () => (await control("GET", "requests")).requests,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Counts journal entries by "METHOD status". */
function countCalls(entries) {
  const by = {};
  for (const e of entries) {
    const k = `${e.method} ${e.status}`;
    by[k] = (by[k] || 0) + 1;
  }
  return by;
}

/** Runs `main` and exits non-zero on failure. */
function runMain(main) {
  main().then(
    // A main that set `process.exitCode` (a goal not met) keeps it.
    () => process.exit(process.exitCode ?? 0),
    (e) => {
      process.stderr.write(`${e && e.stack ? e.stack : e}\n`);
      process.exit(1);
    },
  );
}

module.exports = {
  ROOT,
  DIST,
  RESULTS_DIR,
  machine,
  machineLine,
  arg,
  median,
  round,
  printTable,
  writeResult,
  requireDist,
  startEmulatorProcess,
  countCalls,
  runMain,
};
