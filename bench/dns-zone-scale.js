#!/usr/bin/env node
/**
 * Benchmark: a DNS zone of 5 000 records through the real CLI (installed layout: the packed
 * tarballs npm-installed, the program in CLI mode, as a user's project runs).
 *
 * Adopting: the emulator gets a zone of `--records` records (fixture `largeDnsZone`: DNS zone
 * 9 `large.example`, A/AAAA/CNAME/TXT/MX in turn) and the program adopts every one by
 * `recordId` with its type, name and value, as `edgeplatform-import --dns-zone 9` writes it.
 * Phases on one stack: (a) `up` adopting them all (0 writes expected), (b) a no-change
 * `preview`, (c) `refresh`, (d) `up` changing one record's value (1 write expected), (e)
 * `destroy` (adopted records are left: 0 writes expected). Created: `--created` records made by
 * the program in the empty DNS zone 1, the same phases (destroy deletes them); 0 skips it.
 *
 * Per phase: wall time, the emulator's calls by method and path (its journal, cleared before
 * each phase), the peak RSS of the dynamic-provider host, the load average before it; after
 * the first `up`: `pulumi stack export` bytes, whole and per DnsRecord resource.
 *
 * `--skip-checkpoints`: the CLI runs with `PULUMI_EXPERIMENTAL=true PULUMI_SKIP_CHECKPOINTS=true`
 * (the engine writes the state once at the end of each operation instead of after every step:
 * the local backend otherwise rewrites the whole, growing checkpoint once per resource).
 *
 *   npm run build && node bench/dns-zone-scale.js [--records 5000] [--created 500]
 *     [--skip-checkpoints]
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const {
  arg,
  DIST,
  machineLine,
  printTable,
  round,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");
const { freshStack, prepareEngine, timed } = require("./lib/engine");
const { startRssSampler } = require("./lib/rss");

/** Command-line fragment of the dynamic-provider host process. */
const HOST_PATTERN = "dynamic-provider";
/** The DNS zone the adopting program reads (the emulator's fixtures have zones 1–3). */
const LARGE_ZONE = 9;
/** The record the change phase changes (host-3: a TXT record, so any text is a valid value). */
const CHANGED_INDEX = 3;

/**
 * The CLI-mode program: the records of `records.json` (bench config `bench:file`) as DnsRecord
 * resources; `bench:changed` set: record CHANGED_INDEX gets that value.
 */
const PROGRAM = `"use strict";
const pulumi = require("@pulumi/pulumi");
const edge = require("pulumi-edgeplatform");
const cfg = new pulumi.Config("bench");
const records = require(cfg.require("file"));
const changed = cfg.get("changed");
records.forEach((r, i) => {
  const args = { ...r.args };
  if (changed !== undefined && i === ${CHANGED_INDEX}) args.value = changed;
  new edge.dns.DnsRecord(r.name, args);
});
module.exports = { count: records.length };
`;

const TYPE_NAMES = { 0: "A", 1: "AAAA", 2: "CNAME", 3: "TXT", 4: "MX" };

/** The adopting program's records: every record of the zone, by id, as it is. */
function adoptingRecords(zone) {
  return zone.Records.map((r) => ({
    name: `record-${r.Id}`,
    args: {
      recordId: r.Id,
      zoneId: zone.Id,
      type: TYPE_NAMES[r.Type] ?? r.Type,
      name: r.Name,
      value: r.Value,
      ...(r.Type === 4 ? { priority: r.Priority } : {}),
    },
  }));
}

/** The creating program's records: `n` TXT records of distinct names in DNS zone 1. */
function createdRecords(n) {
  return Array.from({ length: n }, (_, i) => ({
    name: `created-${i}`,
    args: { zoneId: 1, type: "TXT", name: `bench-${i}`, value: `bench record ${i}` },
  }));
}

/** The calls of the journal, grouped `METHOD path` (record ids folded into `{id}`) → count. */
function callsOf(journal) {
  const by = {};
  for (const e of journal) {
    if (e.path.startsWith("/_emulator")) continue;
    const k = `${e.method} ${e.path.replace(/\/records\/\d+/, "/records/{id}")}`;
    by[k] = (by[k] || 0) + 1;
  }
  return by;
}

const callsLine = (by) =>
  Object.entries(by)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ") || "none";
const writesOf = (by) =>
  Object.entries(by)
    .filter(([k]) => !k.startsWith("GET "))
    .reduce((s, [, v]) => s + v, 0);

/** Runs one phase: wall time, calls, host peak RSS, load before. */
async function phase(emu, name, fn) {
  await emu.control("DELETE", "requests");
  const load = os.loadavg()[0];
  const rss = startRssSampler(HOST_PATTERN);
  const [result, ms] = await timed(fn);
  const host = rss.stop();
  const calls = callsOf(await emu.journal());
  const row = { phase: name, ms, calls, writes: writesOf(calls), hostRssMb: host?.peakMb, load };
  console.log(`  ${name}: ${round(ms / 1000, 1)} s; ${callsLine(calls)}; load ${round(load)}`);
  return { row, result };
}

/** A summary's changes other than "same". */
const changesOf = (summary) => Object.entries(summary || {}).filter(([k, v]) => k !== "same" && v);

async function measure(env, emu, variant, records, expectedCreates) {
  const file = path.join(env.workDir, `records-${variant}.json`);
  fs.writeFileSync(file, JSON.stringify(records));
  const stack = await freshStack(env, emu, undefined, `dns-${variant}`, {
    "bench:file": { value: file },
  });
  const rows = [];
  const out = { variant, records: records.length, rows };
  try {
    const up = await phase(emu, "up", () => stack.up({ color: "never" }));
    const created = (up.result.summary.resourceChanges || {}).create || 0;
    if (created !== expectedCreates + 1)
      throw new Error(
        `${variant} up created ${created} resources, expected ${expectedCreates + 1}`,
      );
    rows.push(up.row);
    const dep = await stack.exportStack();
    const res = dep.deployment.resources || [];
    const mine = res.filter((r) => /DnsRecord$/.test(r.type));
    out.stateBytes = Buffer.byteLength(JSON.stringify(dep));
    out.stateBytesPerRecord =
      mine.reduce((s, r) => s + Buffer.byteLength(JSON.stringify(r)), 0) / mine.length;
    const pv = await phase(emu, "preview", () => stack.preview({ color: "never" }));
    if (changesOf(pv.result.changeSummary).length)
      throw new Error(`${variant} preview not clean: ${JSON.stringify(pv.result.changeSummary)}`);
    rows.push(pv.row);
    const rf = await phase(emu, "refresh", () => stack.refresh({ color: "never" }));
    if (changesOf(rf.result.summary.resourceChanges).length)
      throw new Error(`${variant} refresh not clean: ${JSON.stringify(rf.result.summary)}`);
    rows.push(rf.row);
    await stack.setConfig("bench:changed", { value: "changed by the benchmark" });
    const one = await phase(emu, "up (one record)", () => stack.up({ color: "never" }));
    const updated = (one.result.summary.resourceChanges || {}).update || 0;
    if (updated !== 1) throw new Error(`${variant} one-record up updated ${updated} resources`);
    rows.push(one.row);
    const ds = await phase(emu, "destroy", () => stack.destroy({ color: "never" }));
    rows.push(ds.row);
  } finally {
    await stack.workspace.removeStack(stack.name, { force: true }).catch(() => undefined);
  }
  return out;
}

async function main() {
  const n = Number(arg("records", "5000"));
  const createdN = Number(arg("created", "500"));
  for (const [k, v] of [
    ["records", n],
    ["created", createdN],
  ])
    if (!Number.isInteger(v) || v < 0 || v > 100000)
      throw new Error(`--${k} takes an integer from 0 to 100000; got ${v}`);
  const skipCheckpoints = process.argv.includes("--skip-checkpoints");
  console.log(
    `dns-zone-scale: ${n} adopted, ${createdN} created` +
      `${skipCheckpoints ? ", checkpoints skipped" : ""}; ${machineLine()}`,
  );
  const { largeDnsZone } = require(path.join(DIST.emulator, "index.js"));
  const env = await prepareEngine((l) => console.log(`[bench] ${l}`), "installed");
  if (skipCheckpoints)
    env.stackEnv = { PULUMI_EXPERIMENTAL: "true", PULUMI_SKIP_CHECKPOINTS: "true" };
  fs.writeFileSync(path.join(env.workDir, "index.js"), PROGRAM);
  const emu = await startEmulatorProcess();
  const results = [];
  try {
    if (n > 0) {
      await emu.control("POST", "reset");
      const st = await emu.control("GET", "state");
      const zone = largeDnsZone(LARGE_ZONE, "large.example", n);
      st.dnsZones.push(zone);
      await emu.control("PUT", "state", st);
      const before = JSON.stringify(
        (await emu.control("GET", "state")).dnsZones.find((z) => z.Id === LARGE_ZONE).Records,
      );
      results.push(await measure(env, emu, "adopted", adoptingRecords(zone), n));
      const after = (await emu.control("GET", "state")).dnsZones.find((z) => z.Id === LARGE_ZONE);
      const left = after.Records.length;
      if (left !== n) throw new Error(`the destroy of adopted records left ${left} of ${n}`);
      results[0].zoneUnchangedButOne =
        JSON.stringify(after.Records.filter((_, i) => i !== CHANGED_INDEX)) ===
        JSON.stringify(JSON.parse(before).filter((_, i) => i !== CHANGED_INDEX));
    }
    if (createdN > 0) {
      await emu.control("POST", "reset");
      results.push(await measure(env, emu, "created", createdRecords(createdN), createdN));
      const z1 = (await emu.control("GET", "state")).dnsZones.find((z) => z.Id === 1);
      if ((z1.Records || []).length !== 0)
        throw new Error(`destroy left ${z1.Records.length} created records`);
    }
  } finally {
    await emu.close();
    env.cleanup();
  }
  const s = (ms) => `${round(ms / 1000, 1)} s`;
  for (const r of results)
    printTable(
      `DNS records, ${r.variant}: ${r.records} (installed); state ${r.stateBytes} B, ${round(r.stateBytesPerRecord, 0)} B a record`,
      ["phase", "wall time", "calls", "writes", "host peak RSS", "load before"],
      r.rows.map((x) => [
        x.phase,
        s(x.ms),
        callsLine(x.calls),
        x.writes,
        x.hostRssMb ? `${x.hostRssMb} MB` : "n/a",
        round(x.load),
      ]),
    );
  writeResult("dns-zone-scale", { records: n, created: createdN, skipCheckpoints, results });
}

runMain(main);
