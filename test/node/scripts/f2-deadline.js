/**
 * Finding 2: the deadline covers limiter waits, a call that gave up takes no slot, and a
 * waiting call can be cancelled. One client: limiter 1 request per 1 500 ms, deadlineMs 1000.
 *   A  takes the slot at once.
 *   B  waits for the limiter; must fail with deadline_exceeded after about 1 s.
 *   C  starts when B fails; must get the slot A frees (at about 1.5 s), not wait for a slot
 *      that B took and released.
 *   D  waits behind C; its signal aborts it after 300 ms: code "aborted" at once.
 * Prints one JSON line.
 */
"use strict";
/* global AbortController */

const { api, settings, elapsed } = require("./common");

async function settle(p) {
  const start = elapsed();
  try {
    await p;
    return { ok: true, ms: elapsed() - start, at: elapsed() };
  } catch (e) {
    return { ok: false, code: e.code, ms: elapsed() - start, at: elapsed() };
  }
}

async function main() {
  const client = new api.Client({
    ...settings,
    loggingRateLimit: { requests: 1, windowMs: 1500 },
    deadlineMs: 1000,
  });
  const q = { limit: 1 };
  const a = await settle(client.logging.getAccessLogPage(1, q));
  const b = await settle(client.logging.getAccessLogPage(1, q));
  const c = await settle(client.logging.getAccessLogPage(1, q));
  const ctl = new AbortController();
  setTimeout(() => ctl.abort(), 300);
  const d = await settle(client.logging.getAccessLogPage(1, q, { signal: ctl.signal }));
  console.log(JSON.stringify({ a, b, c, d }));
}

main().catch((e) => {
  console.log(`error: ${e.message}`);
  process.exitCode = 1;
});
