#!/usr/bin/env node
/**
 * Emulator throughput: GET /mc/registries/1 (with the API key) for 10 s on loopback with
 * autocannon. Requires a build (`npm run build`). Prints a table and writes
 * bench/results/emulator-throughput.json.
 */
const fs = require("fs");
const path = require("path");
const autocannon = require("autocannon");
const { startEmulator } = require("../packages/emulator/dist");

async function main() {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const emu = await startEmulator({ port: 0, journalCapacity: 1000 });
  try {
    const result = await autocannon({
      url: `${emu.url}/mc/registries/1`,
      headers: { AccessKey: emu.apiKey },
      connections,
      pipelining: 1,
      duration,
    });
    const summary = {
      endpoint: "GET /mc/registries/1",
      durationSeconds: duration,
      connections,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      requestsPerSecond: {
        average: result.requests.average,
        p50: result.requests.p50,
        min: result.requests.min,
        max: result.requests.max,
      },
      latencyMs: {
        average: result.latency.average,
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      throughputBytesPerSecond: result.throughput.average,
      node: process.version,
      cpus: require("os").cpus().length,
      loadAverage: require("os").loadavg(),
      date: new Date().toISOString(),
    };
    console.table({
      "req/s (avg)": summary.requestsPerSecond.average,
      "req/s (p50)": summary.requestsPerSecond.p50,
      "latency avg (ms)": summary.latencyMs.average,
      "latency p50 (ms)": summary.latencyMs.p50,
      "latency p90 (ms)": summary.latencyMs.p90,
      "latency p99 (ms)": summary.latencyMs.p99,
      "latency max (ms)": summary.latencyMs.max,
      "total requests": summary.requests,
      "non-2xx": summary.non2xx,
      errors: summary.errors,
    });
    const out = path.join(__dirname, "results", "emulator-throughput.json");
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(summary, null, 2) + "\n");
    console.log(`wrote ${path.relative(process.cwd(), out)}`);
  } finally {
    await emu.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
