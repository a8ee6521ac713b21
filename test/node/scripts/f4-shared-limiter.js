/**
 * Finding 4b: data-source clients are pooled by settings, not by callback identity. Four
 * v2 log reads of one pull zone, each with an inline `onRetry` (as a Pulumi program writes
 * them), under a limit of 2 requests per 1 500 ms: they must share one limiter, so the last
 * two wait for the window. Prints one JSON line.
 */
"use strict";

const path = require("path");
const { DIST, settings, elapsed } = require("./common");

async function main() {
  const { clientFor } = require(path.join(DIST, "pulumi", "dist", "functions", "options"));
  const opts = () => ({
    ...settings,
    clientOptions: { loggingRateLimit: { requests: 2, windowMs: 1500 }, onRetry: () => {} },
  });
  const clients = new Set();
  const start = elapsed();
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      const c = clientFor({ connection: opts() });
      clients.add(c);
      await c.logging.getAccessLogPage(1, { limit: 1 });
    }),
  );
  const pool = (() => {
    try {
      return require(path.join(DIST, "pulumi", "dist", "client-pool")).pooledClientCount();
    } catch {
      return null;
    }
  })();
  console.log(JSON.stringify({ ms: elapsed() - start, pooledClients: pool }));
}

main().catch((e) => {
  console.log(`error: ${e.message}`);
  process.exitCode = 1;
});
