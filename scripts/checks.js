#!/usr/bin/env node
/**
 * The checks `npm test` runs before jest, two at a time: the generated files are current
 * (`npm run kinds -- --check` and the three generators' `--check`), the type check and the
 * lint. Each check's output is printed whole when it ends (never interleaved with another's);
 * the exit code is 1 when any check failed, after all have ended. On a 2-core machine the type
 * check and the lint, a minute or more each, run side by side.
 *
 *   node scripts/checks.js
 */
"use strict";

const { spawn } = require("child_process");

/** The checks, in the order they start. */
const CHECKS = [
  "npm run typecheck",
  "npm run lint",
  "npm run kinds -- --check",
  "node scripts/gen-kind-types.js --check",
  "node scripts/gen-pullzone-spec.js --check",
  "node scripts/gen-containers-spec.js --check",
];

/** How many checks run at once. */
const AT_ONCE = 2;

/** Runs one check; resolves with its exit code and output. */
function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code, signal) =>
      resolve({ command, code: code ?? 1, signal, output, ms: Date.now() - started }),
    );
  });
}

async function main() {
  const queue = [...CHECKS];
  const failed = [];
  const worker = async () => {
    for (let c = queue.shift(); c !== undefined; c = queue.shift()) {
      const r = await run(c);
      const how = r.code === 0 ? "ok" : `FAILED (exit ${r.signal ?? r.code})`;
      process.stdout.write(`== ${r.command}: ${how}, ${(r.ms / 1000).toFixed(1)} s\n${r.output}`);
      if (r.code !== 0) failed.push(r.command);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  if (failed.length > 0) {
    process.stderr.write(`checks: ${failed.length} failed: ${failed.join("; ")}\n`);
    process.exit(1);
  }
}

main();
