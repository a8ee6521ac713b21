#!/usr/bin/env node
/**
 * Checks the documentation (README.md, docs/*.md, packages/*\/README.md): its relative links,
 * every TypeScript block type-checked with `tsc --strict` in one program, every Go block
 * compiled with `go vet` against the Go SDK (sdk/), every Python block byte-compiled, and the blocks
 * marked `<!-- check: runnable -->` run against an emulator on a free loopback port. The same
 * checks run in `npm test` (test/docs/docs.test.ts). Conventions: scripts/lib/docs-check.js.
 *
 * Usage: node scripts/check-docs.js [--no-run]   (needs `npm run build`)
 */
"use strict";

const {
  collectBlocks,
  checkLinks,
  typeCheck,
  goCheck,
  pythonCheck,
  runBlock,
} = require("./lib/docs-check");

async function main() {
  const noRun = process.argv.includes("--no-run");
  const { blocks, problems } = collectBlocks();
  let failed = 0;
  for (const p of [...problems, ...checkLinks()]) {
    console.error(`${p.file}:${p.line}: ${p.message}`);
    failed++;
  }
  const tc = typeCheck(blocks);
  for (const d of tc.diagnostics) console.error(d.text);
  failed += tc.diagnostics.length;
  for (const [name, check] of [
    ["Go", goCheck],
    ["Python", pythonCheck],
  ]) {
    const r = check(blocks);
    for (const d of r.diagnostics) console.error(d.text);
    failed += r.diagnostics.length;
    console.log(
      r.available
        ? `${r.checked} ${name} blocks compiled in ${r.ms} ms (${r.diagnostics.length} errors)`
        : `${name} blocks not checked: no ${name === "Go" ? "go" : "python3"} on PATH`,
    );
  }
  const skipped = blocks.filter((b) => b.skip !== null);
  const programs = blocks.filter((b) => b.pulumi && b.skip === null).length;
  console.log(
    `${blocks.filter((b) => b.kind === "ts").length} TypeScript blocks: ${tc.checked} type-checked in ${tc.ms} ms ` +
      `(${tc.diagnostics.length} errors), ${skipped.length} skipped; ${programs} Pulumi programs ` +
      "(run by the e2e project: test/e2e/docs-programs.e2e.test.ts)",
  );
  if (noRun) return failed;
  const runnable = blocks.filter((b) => b.runnable && b.skip === null);
  const { startEmulator } = require("edgeplatform-emulator");
  const emulator = await startEmulator({ port: 0 });
  try {
    for (const b of runnable) {
      const r = await runBlock(b, emulator);
      const status = r.skipped ? "skip" : r.ok ? "ok  " : "FAIL";
      console.log(
        `${status} ${b.file}:${b.line} (${b.lang}, ${r.ms} ms)${r.skipped ? ` ${r.skipped}` : ""}`,
      );
      if (!r.ok) {
        console.error(r.message);
        failed++;
      }
    }
  } finally {
    await emulator.close();
  }
  return failed;
}

main().then(
  (failed) => {
    if (failed) console.error(`docs check: ${failed} problem(s)`);
    process.exit(failed ? 1 : 0);
  },
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
