#!/usr/bin/env node
/**
 * Benchmark: the streaming v1 (legacy) access-log parser against a naive parser that reads
 * the whole file and splits it.
 *
 *   npm run build && node bench/legacy-parse.js [--mb 200] [--runs 3] [--keep]
 *
 * 1. Starts the emulator (from dist/), raises pull zone 1's `logRecordsPerDay` through
 *    PUT /_emulator/state until yesterday's v1 file is at least `--mb` MB, and streams that
 *    file to a temporary file with the client (`client.logging.legacyAccessLogStream`).
 * 2. Runs every parser `--runs` times, each run in a fresh child process (its own heap), and
 *    reads throughput (file MB / wall time of the parse) and peak RSS (the child's
 *    `process.resourceUsage().maxRSS`, cross-checked by sampling `memoryUsage().rss`).
 * 3. Prints a table (best throughput, peak RSS of that run) and writes
 *    bench/results/legacy-parse.json.
 *
 * Parsers:
 * - naive-split: `fs.readFileSync(f, "utf8").split("\n").map(l => l.split("|"))` (no records).
 * - naive-records: the same, then the same record objects as ours (a like-for-like output).
 * - stream: `for await (const r of parseLegacyLogStream(fs.createReadStream(f)))` (64 KiB chunks).
 * - batches: `parseLegacyLogBatches` (one array per chunk, 64 KiB chunks).
 */
/* global setInterval, clearInterval, fetch, __filename */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.resolve(__dirname, "..");
const CLIENT_DIST = path.join(ROOT, "packages", "client", "dist");
const EMULATOR_DIST = path.join(ROOT, "packages", "emulator", "dist");

function arg(name, def) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}

// ---------------------------------------------------------------------------------------
// Child: run one parser on one file, print one JSON line.
// ---------------------------------------------------------------------------------------

const NUMERIC = new Set(["statusCode", "timestamp", "bytesSent", "pullZoneId", "bodyBytesSent"]);

async function child(mode, file) {
  const parser = require(path.join(CLIENT_DIST, "api/legacy-log-parser.js"));
  const { LegacyLogFields } = require(CLIENT_DIST);
  let sampled = process.memoryUsage().rss;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
  }, 5);
  const size = fs.statSync(file).size;
  const t0 = process.hrtime.bigint();
  let records = 0;
  let sink = 0; // keeps results observable so nothing is optimised away
  if (mode === "naive-split") {
    const rows = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((l) => l.split("|"));
    records = rows.length;
    sink = rows[records >> 1].length;
    sampled = Math.max(sampled, process.memoryUsage().rss);
  } else if (mode === "naive-records") {
    const rows = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((l) => l.split("|"));
    const out = [];
    for (const f of rows) {
      if (f.length !== 12 && f.length !== 15) continue;
      const r = {};
      for (let i = 0; i < f.length; i++) {
        const k = LegacyLogFields[i];
        r[k] = NUMERIC.has(k) ? (f[i] === "-" ? 0 : Number(f[i])) : f[i] === "-" ? "" : f[i];
      }
      out.push(r);
    }
    records = out.length;
    sink = out[records >> 1].statusCode;
    sampled = Math.max(sampled, process.memoryUsage().rss);
  } else if (mode === "stream") {
    const src = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
    for await (const r of parser.parseLegacyLogStream(src)) {
      records++;
      sink += r.statusCode;
    }
  } else if (mode === "batches") {
    const src = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
    for await (const batch of parser.parseLegacyLogBatches(src)) {
      records += batch.length;
      sink += batch[0].statusCode;
    }
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  clearInterval(timer);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  const maxRss = process.resourceUsage().maxRSS * 1024; // KiB -> bytes
  process.stdout.write(
    `${JSON.stringify({ mode, records, seconds, bytes: size, peakRss: Math.max(maxRss, sampled), sampledRss: sampled, sink })}\n`,
  );
}

// ---------------------------------------------------------------------------------------
// Parent: generate the file, run the children, report.
// ---------------------------------------------------------------------------------------

async function control(url, method, p, body) {
  const res = await fetch(`${url}/_emulator/${p}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

async function generate(targetMb, file) {
  const { startEmulator } = require(EMULATOR_DIST);
  const { Client } = require(CLIENT_DIST);
  const emu = await startEmulator({ port: 0, host: "127.0.0.1", loggingRateLimit: false });
  try {
    const state = await control(emu.url, "GET", "state");
    const zone = state.pullZones.find((z) => z.id === 1);
    // Yesterday's file holds logRecordsPerDay lines of ~250 bytes: size it with margin.
    zone.logRecordsPerDay = Math.ceil((targetMb * 1e6) / 200);
    await control(emu.url, "PUT", "state", state);
    const client = new Client({
      apiKey: emu.apiKey,
      baseUrl: emu.url,
      loggingUrl: emu.loggingUrl,
      loggingRateLimit: false,
      timeoutMs: 120_000,
      deadlineMs: 600_000,
    });
    const yesterday = new Date(Date.now() - 86_400_000);
    const t0 = Date.now();
    const body = await client.logging.legacyAccessLogStream(1, yesterday);
    await new Promise((resolve, reject) => {
      const out = fs.createWriteStream(file);
      body.on("error", reject);
      out.on("error", reject);
      out.on("finish", resolve);
      body.pipe(out);
    });
    client.close();
    const size = fs.statSync(file).size;
    return {
      records: zone.logRecordsPerDay,
      bytes: size,
      seconds: (Date.now() - t0) / 1000,
    };
  } finally {
    await emu.close();
  }
}

function runChild(mode, file) {
  const res = spawnSync(process.execPath, [__filename, "--child", mode, file], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (res.status !== 0) {
    return {
      mode,
      error: (res.stderr || res.stdout || `exit ${res.status}`)
        .trim()
        .split("\n")
        .slice(-3)
        .join(" "),
    };
  }
  return JSON.parse(res.stdout.trim().split("\n").pop());
}

async function main() {
  if (!fs.existsSync(path.join(CLIENT_DIST, "api/legacy-log-parser.js"))) {
    console.error("packages/client/dist is missing: run `npm run build` first");
    process.exit(1);
  }
  const targetMb = Number(arg("mb", "200"));
  const runs = Number(arg("runs", "3"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-bench-"));
  const file = path.join(dir, "v1.log");
  try {
    process.stdout.write(`generating a >= ${targetMb} MB v1 file through the emulator... `);
    const gen = await generate(targetMb, file);
    console.log(
      `${(gen.bytes / 1e6).toFixed(1)} MB, ${gen.records} lines in ${gen.seconds.toFixed(1)} s`,
    );
    if (gen.bytes < targetMb * 1e6) throw new Error(`file too small: ${gen.bytes} bytes`);

    const modes = ["naive-split", "naive-records", "stream", "batches"];
    const results = {};
    for (const mode of modes) {
      const all = [];
      for (let i = 0; i < runs; i++) all.push(runChild(mode, file));
      const ok = all.filter((r) => !r.error);
      if (ok.length === 0) {
        results[mode] = { error: all[0].error };
        continue;
      }
      const best = ok.reduce((a, b) => (b.seconds < a.seconds ? b : a));
      results[mode] = {
        records: best.records,
        mbPerSecond: Number((best.bytes / 1e6 / best.seconds).toFixed(1)),
        seconds: Number(best.seconds.toFixed(3)),
        peakRssMb: Number((Math.max(...ok.map((r) => r.peakRss)) / 1e6).toFixed(1)),
        runsMbPerSecond: ok.map((r) => Number((r.bytes / 1e6 / r.seconds).toFixed(1))),
      };
    }

    const naive = results["naive-split"].mbPerSecond;
    const rows = modes.map((m) => {
      const r = results[m];
      if (r.error) return [m, "error", "", "", r.error.slice(0, 60)];
      return [
        m,
        String(r.records),
        r.mbPerSecond.toFixed(1),
        naive ? `${(r.mbPerSecond / naive).toFixed(2)}x` : "",
        r.peakRssMb.toFixed(0),
      ];
    });
    const head = ["parser", "records", "MB/s", "vs naive-split", "peak RSS MB"];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join("  ")
        .trimEnd();
    console.log(
      `\nfile: ${(gen.bytes / 1e6).toFixed(1)} MB, best of ${runs} runs, node ${process.version}`,
    );
    console.log(line(head));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const r of rows) console.log(line(r));

    const out = {
      benchmark: "legacy-parse",
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs`,
      file: { bytes: gen.bytes, lines: gen.records, generatedInSeconds: gen.seconds },
      runs,
      results,
      streamVsNaiveSplit: results.stream.mbPerSecond / naive,
    };
    fs.mkdirSync(path.join(__dirname, "results"), { recursive: true });
    const jsonPath = path.join(__dirname, "results", "legacy-parse.json");
    fs.writeFileSync(jsonPath, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nwritten ${path.relative(ROOT, jsonPath)}`);
  } finally {
    if (!process.argv.includes("--keep")) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${file}`);
  }
}

if (process.argv[2] === "--child") {
  child(process.argv[3], process.argv[4]).catch((e) => {
    console.error(e && e.stack ? e.stack : String(e));
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e && e.stack ? e.stack : String(e));
    process.exit(1);
  });
}
