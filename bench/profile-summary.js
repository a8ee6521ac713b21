#!/usr/bin/env node
/**
 * Summarizes the V8 CPU profiles written by `node bench/engine-floor.js --cpu-prof DIR`: for each
 * profile directory (one per layout / workload / kind / N / run / phase) and each process (the
 * program's, the dynamic-provider host's), the profiled wall time and where the samples went:
 * the outermost frame of each sample that lies in the provider's code (pulumi-edgeplatform,
 * edgeplatform-client, @sinclair/typebox, ajv and its helpers) names the sample's owner, so
 * "provider" time is inclusive (the modules it requires, the validators it compiles, the calls
 * it makes); the rest is split into idle (waiting on the engine), garbage collection, module
 * loading of everything else (the SDK, grpc) and other JavaScript.
 *
 *   node bench/profile-summary.js DIR [--json]
 */
"use strict";

const fs = require("fs");
const path = require("path");

const PROVIDER = [
  ["pulumi-edgeplatform", /node_modules\/pulumi-edgeplatform\/|packages\/pulumi\/dist\//],
  ["edgeplatform-client", /node_modules\/edgeplatform-client\/|packages\/client\/dist\//],
  ["typebox", /node_modules\/@sinclair\/typebox\//],
  ["ajv", /node_modules\/(ajv|ajv-formats|fast-uri|fast-deep-equal|json-schema-traverse)\//],
];

function summarize(file) {
  const prof = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children || []) parent.set(c, n.id);
  const owner = new Map();
  const ownerOf = (id) => {
    if (owner.has(id)) return owner.get(id);
    const n = byId.get(id);
    const p = parent.get(id);
    const up = p === undefined ? null : ownerOf(p);
    let o = up && up.startsWith("provider:") ? up : null;
    if (!o) {
      const url = n.callFrame.url || "";
      const hit = PROVIDER.find(([, re]) => re.test(url));
      if (hit) o = `provider:${hit[0]}`;
      else if (n.callFrame.functionName === "(idle)") o = "idle";
      else if (n.callFrame.functionName === "(garbage collector)") o = "gc";
      else if (n.callFrame.functionName === "(program)") o = "program (native)";
      else o = up || null;
    }
    owner.set(id, o);
    return o;
  };
  const loaderFrames =
    /^(Module\._load|Module\._compile|Module\.require|require|wrapSafe|compileFunction)$/;
  const inLoader = new Map();
  const loading = (id) => {
    if (inLoader.has(id)) return inLoader.get(id);
    const n = byId.get(id);
    const p = parent.get(id);
    const v = loaderFrames.test(n.callFrame.functionName) || (p !== undefined && loading(p));
    inLoader.set(id, v);
    return v;
  };
  const ms = {};
  const dt = prof.timeDeltas;
  for (let i = 0; i < prof.samples.length; i++) {
    const id = prof.samples[i];
    const d = (dt[i + 1] ?? 0) / 1000;
    let o = ownerOf(id);
    if (!o) o = loading(id) ? "other: module loading" : "other: JavaScript";
    ms[o] = (ms[o] || 0) + d;
  }
  const total = (prof.endTime - prof.startTime) / 1000;
  return { total, ms };
}

function processName(file) {
  const b = path.basename(file);
  if (b.includes("dynamic-provider")) return "provider host";
  // The program runs inside the language host: the lite host (scripts/pulumi-cli.js) or cmd/run.
  if (b.includes("language-nodejs") || b.includes("cmd-run")) return "program";
  return "node -e shim";
}

function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node bench/profile-summary.js DIR [--json]");
  const out = [];
  for (const d of fs.readdirSync(dir).sort()) {
    const files = fs.readdirSync(path.join(dir, d)).filter((f) => f.endsWith(".cpuprofile"));
    for (const f of files) {
      const s = summarize(path.join(dir, d, f));
      out.push({ run: d, process: processName(f), ...s });
    }
  }
  if (process.argv.includes("--json")) return console.log(JSON.stringify(out, null, 2));
  for (const r of out) {
    if (r.process === "node -e shim") continue;
    const parts = Object.entries(r.ms)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(", ");
    console.log(`${r.run.padEnd(40)} ${r.process.padEnd(14)} ${Math.round(r.total)} ms: ${parts}`);
  }
}

main();
