/**
 * Shared setup of the child-process scripts: the client entry (built dist/, or the one named
 * by EDGE_CLIENT_API to run a script against another build; loaded when `api` is first read, so
 * a script that reports what it loaded sees only its own modules) and the emulator settings the
 * parent test passes in the environment. The scripts print results, never the API key.
 */
"use strict";

const path = require("path");

const DIST = process.env.EDGE_DIST || path.join(__dirname, "..", "..", "..", "packages");

const settings = {
  apiKey: process.env.EDGE_API_KEY,
  baseUrl: process.env.EDGE_BASE_URL,
  loggingUrl: process.env.EDGE_LOGGING_URL,
};

/** Milliseconds since the script started. */
const t0 = Date.now();
const elapsed = () => Date.now() - t0;

module.exports = {
  get api() {
    return require(path.join(DIST, "client", "dist"));
  },
  DIST,
  settings,
  elapsed,
};
