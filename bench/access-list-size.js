#!/usr/bin/env node
/**
 * Benchmark: a custom access list of 10 000 CIDR entries against one of 10.
 *
 * For each size, on a fresh stack (shield zone 1, its entry limit raised): `up` (create), a
 * no-change `preview`, `preview --diff` of the list with one entry added and one removed,
 * `up` of that change, `refresh`, `destroy`. Figures: wall time of each step, the state bytes
 * of the resource (`pulumi stack export`) and how many times one entry occurs in the export
 * (goal: once), the lines of the `preview --diff` output (goal: the two changed entries and
 * some context, not the list), the PATCH bytes of the change.
 *
 *   npm run build && node bench/access-list-size.js [--sizes 10,10000]
 */
"use strict";

const {
  arg,
  machineLine,
  printTable,
  round,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");
const { freshStack, prepareEngine, timed } = require("./lib/engine");

/** The i-th distinct CIDR entry. */
const entry = (i) => `10.${Math.floor(i / 256) % 256}.${i % 256}.0/24`;

/** Inline program: one list of `size` entries; `changed` drops entry 1 and adds a new one. */
function listProgram(size, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    const entries = Array.from({ length: size }, (_, i) => entry(i));
    if (changed) entries.splice(1, 1, "192.0.2.0/24");
    const list = new edge.shield.AccessList("big-list", {
      shieldZoneId: 1,
      name: "bench-big-list",
      type: "CIDR",
      entries,
      enabled: true,
      action: "Block",
    });
    return { listId: list.listId, entryCount: list.entryCount };
  };
}

async function measure(env, emu, size) {
  await emu.control("POST", "reset");
  const st = await emu.control("GET", "state");
  Object.assign(
    st.shieldZones.find((z) => z.id === 1),
    { customEntryLimit: 100000 },
  );
  await emu.control("PUT", "state", st);
  let program = listProgram(size, false);
  const stack = await freshStack(env, emu, () => program(), `list-${size}`);
  const row = { size };
  try {
    [, row.upMs] = await timed(() => stack.up({ color: "never" }));
    const dep = await stack.exportStack();
    const res = dep.deployment.resources.find((r) => /shield:AccessList$/.test(r.type));
    const text = JSON.stringify(res);
    row.stateBytes = Buffer.byteLength(text);
    row.entryOccurrences = text.split(entry(size - 1)).length - 1;
    [, row.previewMs] = await timed(() => stack.preview({ color: "never" }));
    program = listProgram(size, true);
    const [pv, diffMs] = await timed(() => stack.preview({ color: "never", diff: true }));
    row.diffPreviewMs = diffMs;
    const out = pv.stdout; // color "never": plain text
    row.diffLines = out.split("\n").length;
    row.diffShowsChange = out.includes("192.0.2.0/24") && out.includes(entry(1));
    await emu.control("DELETE", "requests");
    [, row.changeUpMs] = await timed(() => stack.up({ color: "never" }));
    const calls = (await emu.journal()).filter((e) => !e.path.startsWith("/_emulator"));
    row.changeCalls = calls.map((e) => `${e.method} ${e.path}`);
    row.patchBytes = calls
      .filter((e) => e.method === "PATCH")
      .reduce((s, e) => s + Buffer.byteLength(JSON.stringify(e.body || {})), 0);
    [, row.refreshMs] = await timed(() => stack.refresh({ color: "never" }));
    [, row.destroyMs] = await timed(() => stack.destroy({ color: "never" }));
  } finally {
    await stack.workspace.removeStack(stack.name, { force: true }).catch(() => undefined);
  }
  console.log(`  ${JSON.stringify(row)}`);
  return row;
}

async function main() {
  const sizes = String(arg("sizes", "10,10000")).split(",").map(Number);
  console.log(`access-list-size: sizes ${sizes.join(", ")}; ${machineLine()}`);
  const env = await prepareEngine((l) => console.log(`[pulumi-cli] ${l}`));
  const emu = await startEmulatorProcess();
  const rows = [];
  try {
    for (const n of sizes) rows.push(await measure(env, emu, n));
  } finally {
    await emu.close();
    env.cleanup();
  }
  const s = (ms) => `${round(ms / 1000, 2)} s`;
  printTable(
    "One custom access list (CIDR), linked layout",
    [
      "entries",
      "up (create)",
      "no-change preview",
      "preview --diff (+1 -1)",
      "diff output lines",
      "up (+1 -1)",
      "PATCH bytes",
      "refresh",
      "destroy",
      "state bytes",
      "one entry in state",
    ],
    rows.map((r) => [
      r.size,
      s(r.upMs),
      s(r.previewMs),
      s(r.diffPreviewMs),
      `${r.diffLines}${r.diffShowsChange ? "" : " (change NOT shown)"}`,
      s(r.changeUpMs),
      r.patchBytes,
      s(r.refreshMs),
      s(r.destroyMs),
      r.stateBytes,
      `${r.entryOccurrences}x`,
    ]),
  );
  writeResult("access-list-size", { sizes, rows });
}

runMain(main);
