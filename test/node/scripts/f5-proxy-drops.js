/**
 * Finding 5 (review): a proxy (HTTP_PROXY / HTTPS_PROXY from the parent test) that accepts the
 * connection and drops every tunnel. undici then reconnects in a loop and never settles the
 * request; the client's timeout, deadline and signal must still end the call, and the script
 * must end by itself (the loop would keep the event loop alive). Prints the outcome.
 */
"use strict";
/* global AbortSignal */

const { api, settings, elapsed } = require("./common");

async function main(mode) {
  const client = new api.Client({ ...settings, timeoutMs: 400, deadlineMs: 1200 });
  const opts = mode === "signal" ? { signal: AbortSignal.timeout(300) } : {};
  try {
    await client.dns.getZone(1, opts);
    console.log("resolved");
  } catch (e) {
    console.log(`rejected ${e.code} after ${elapsed()} ms`);
  }
}

main(process.argv[2]);
