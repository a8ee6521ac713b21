#!/usr/bin/env node
/**
 * Benchmark 2: API calls per Pulumi operation, counted from the emulator's request journal.
 *
 * One stack with N rate-limit rules (create mode): `up` (create N), a no-change `preview`,
 * an `up` that changes one field of one rule, `refresh`, `destroy`. Goal: the minimum the
 * semantics need: 1 zone listing + N POSTs; 0 calls; 1 GET + exactly 1 PATCH; N GETs; N DELETEs.
 *
 *   npm run build && node bench/calls.js [--n 10]
 */
"use strict";

const {
  arg,
  machineLine,
  printTable,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");
const { freshStack, prepareEngine, rulesProgram } = require("./lib/engine");

function summarize(entries) {
  const by = {};
  for (const e of entries) by[e.method] = (by[e.method] || 0) + 1;
  return by;
}

async function main() {
  const n = Number(arg("n", "10"));
  console.log(`calls: N = ${n}; ${machineLine()}`);
  const env = await prepareEngine((l) => console.log(`[pulumi-cli] ${l}`));
  const emu = await startEmulatorProcess();
  const rows = [];
  try {
    let program = rulesProgram(n);
    const stack = await freshStack(env, emu, () => program(), `calls-${n}`);
    const step = async (name, goal, expected, fn) => {
      await emu.control("DELETE", "requests");
      await fn();
      const entries = (await emu.journal()).filter((e) => !e.path.startsWith("/_emulator"));
      const methods = summarize(entries);
      const total = entries.length;
      const met = JSON.stringify(methods) === JSON.stringify(expected);
      rows.push({
        name,
        goal,
        expected,
        methods,
        total,
        met,
        requests: entries.map((e) => ({
          method: e.method,
          path: e.path,
          status: e.status,
          ...(e.method === "PATCH" ? { body: e.body } : {}),
        })),
      });
      console.log(`  ${name}: ${total} calls ${JSON.stringify(methods)}`);
    };
    await emu.control("POST", "reset");
    // Creates: one listing of the zone for the name check (once per zone per run) + N POSTs.
    await step(`up (create ${n})`, `1 GET + ${n} POST`, { GET: 1, POST: n }, () =>
      stack.up({ color: "never" }),
    );
    await step("no-change preview", "0 calls", {}, () => stack.preview({ color: "never" }));
    program = rulesProgram(n, { updateIndex: 0, updatedCount: 75 });
    // One GET (the platform's current configuration, the merge base) + one PATCH.
    await step("up (one field of one rule)", "1 GET + 1 PATCH", { GET: 1, PATCH: 1 }, () =>
      stack.up({ color: "never" }),
    );
    await step("refresh", `${n} GET`, { GET: n }, () => stack.refresh({ color: "never" }));
    await step("destroy", `${n} DELETE`, { DELETE: n }, () => stack.destroy({ color: "never" }));
    const left = (await emu.control("GET", "state")).rateLimitRules.filter((r) =>
      /^bench-/.test(r.ruleName || ""),
    );
    if (left.length) throw new Error(`destroy left ${left.length} rules`);
    await stack.workspace.removeStack(stack.name, { force: true });
  } finally {
    await emu.close();
    env.cleanup();
  }
  printTable(
    `API calls per operation (N = ${n} rate-limit rules, emulator journal)`,
    ["operation", "calls", "by method", "minimum", "met"],
    rows.map((r) => [r.name, r.total, JSON.stringify(r.methods), r.goal, r.met ? "yes" : "NO"]),
  );
  const patch = rows[2].requests.find((r) => r.method === "PATCH");
  if (patch)
    console.log(`PATCH ${patch.path} body fields: ${Object.keys(patch.body || {}).join(", ")}`);
  writeResult("calls", { n, operations: rows });
}

runMain(main);
