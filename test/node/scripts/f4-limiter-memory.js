/**
 * Finding 4a: the limiter forgets idle pull-zone keys. 100 000 keys go through it (one
 * request each), then the script idles past the window. Run with --expose-gc. Prints one
 * JSON line with heap figures in MB: before, with all keys, and after the idle period.
 */
"use strict";
/* global global */

const { api } = require("./common");

const mb = () => {
  global.gc();
  global.gc();
  return process.memoryUsage().heapUsed / 1e6;
};

async function main() {
  const keys = Number(process.argv[2] || 100_000);
  const windowMs = 1000;
  const limiter = new api.SlidingWindowLimiter({ requests: 30, windowMs });
  const before = mb();
  for (let i = 0; i < keys; i++) (await limiter.acquire(String(100_000 + i))).release();
  const full = mb();
  // Idle past the window (and one sweep period after it).
  await new Promise((r) => setTimeout(r, 2 * windowMs + 500));
  const after = mb();
  const round = (x) => Math.round(x * 10) / 10;
  console.log(
    JSON.stringify({
      keys,
      beforeMB: round(before),
      fullMB: round(full),
      afterMB: round(after),
      retainedMB: round(after - before),
      trackedKeys: limiter.size,
    }),
  );
}

main().catch((e) => {
  console.log(`error: ${e.message}`);
  process.exitCode = 1;
});
