#!/usr/bin/env node
/**
 * Export one day of CDN access logs (v2) of a pull zone to NDJSON, with the plain client
 * (no Pulumi). The client's limiter keeps to the platform's 30 requests per 10 s per pull
 * zone, so a long day is read at full speed without a single 429.
 *
 *   EDGEPLATFORM_API_KEY=... EDGEPLATFORM_BASE_URL=... EDGEPLATFORM_LOGGING_URL=... \
 *     node examples/export-logs/export-logs.js --pull-zone 1 [--date 2026-11-21] [--out logs.ndjson]
 *
 * Options: --pull-zone (required), --date YYYY-MM-DD (UTC day, default yesterday; the
 * platform keeps 3 days), --out FILE (default access-logs-<zone>-<date>.ndjson),
 * --page-size 1..10000 (default 10000). EDGEPLATFORM_LOGGING_TOKEN (a JWT) is used instead
 * of the API key when set.
 *
 * Progress: a bar on a terminal, a plain line per page otherwise (CI logs, pipes).
 * Ctrl-C: the request or limiter wait in flight is cancelled, the records received so far
 * are flushed to the file, and the script exits with code 130.
 */
"use strict";
/* global AbortController */

const fs = require("fs");
const { once } = require("events");
const { Client } = require(process.env.EDGE_CLIENT_ENTRY || "edgeplatform-client");

function usage(msg) {
  if (msg) console.error(`export-logs: ${msg}`);
  console.error(
    "usage: export-logs --pull-zone ID [--date YYYY-MM-DD] [--out FILE] [--page-size N]",
  );
  process.exit(2);
}

function parseArgs(argv) {
  const o = {};
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === "--help" || k === "-h") usage();
    if (!["--pull-zone", "--date", "--out", "--page-size"].includes(k)) usage(`unknown ${k}`);
    if (v === undefined) usage(`${k} needs a value`);
    o[k.slice(2)] = v;
    i++;
  }
  const zone = Number(o["pull-zone"]);
  if (!Number.isInteger(zone) || zone < 1) usage("--pull-zone must be a positive integer");
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const date = o.date ?? yesterday;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    usage("--date must be YYYY-MM-DD");
  }
  const pageSize = Number(o["page-size"] ?? 10_000);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000) {
    usage("--page-size must be an integer from 1 to 10000");
  }
  return { zone, date, pageSize, out: o.out ?? `access-logs-${zone}-${date}.ndjson` };
}

function env(name, required = true) {
  const v = process.env[name];
  if (!v && required) usage(`set ${name}`);
  return v || undefined;
}

/** Progress output: a bar on a TTY, one plain line per page otherwise. */
function progress(from, to) {
  const tty = process.stderr.isTTY;
  const span = to - from;
  return {
    page(pages, records, lastTs) {
      const done = lastTs ? Math.min(1, Math.max(0, (Date.parse(lastTs) - from) / span)) : 0;
      if (tty) {
        const width = 30;
        const full = Math.round(done * width);
        process.stderr.write(
          `\r[${"#".repeat(full)}${"-".repeat(width - full)}] ${(done * 100).toFixed(0).padStart(3)}%` +
            `  ${records.toLocaleString("en-US")} records, ${pages} page${pages === 1 ? "" : "s"} `,
        );
      } else {
        console.log(`page ${pages}: ${records} records${lastTs ? ` up to ${lastTs}` : ""}`);
      }
    },
    end() {
      if (tty) process.stderr.write("\n");
    },
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const client = new Client({
    apiKey: env("EDGEPLATFORM_API_KEY"),
    baseUrl: env("EDGEPLATFORM_BASE_URL"),
    loggingUrl: env("EDGEPLATFORM_LOGGING_URL"),
    loggingToken: env("EDGEPLATFORM_LOGGING_TOKEN", false),
  });
  const from = Date.parse(`${args.date}T00:00:00Z`);
  const to = Math.min(from + 86_400_000, Date.now());

  // Ctrl-C: cancel what is in flight; a second Ctrl-C exits at once.
  const ctl = new AbortController();
  process.once("SIGINT", () => {
    ctl.abort();
    process.once("SIGINT", () => process.exit(130));
  });

  // A path that cannot be written fails here, before any request; a write error later (a full
  // disk) stops the export and is reported like any other failure.
  const out = fs.createWriteStream(args.out);
  try {
    await once(out, "open");
  } catch (e) {
    client.close();
    throw new Error(`cannot write ${args.out}: ${e.message}`);
  }
  let writeError;
  out.on("error", (e) => {
    writeError = e;
    ctl.abort();
  });
  const bar = progress(from, to);
  let records = 0;
  let pages = 0;
  let failure;
  try {
    const iter = client.logging.accessLogPages(
      args.zone,
      { from: new Date(from).toISOString(), to: new Date(to).toISOString(), order: "asc" },
      { pageSize: args.pageSize, signal: ctl.signal },
    );
    for await (const page of iter) {
      let chunk = "";
      for (const r of page.data) chunk += `${JSON.stringify(r)}\n`;
      // Respect backpressure: a slow disk never makes the export buffer whole pages.
      if (!out.write(chunk)) await once(out, "drain");
      records += page.data.length;
      pages++;
      bar.page(pages, records, page.data.at(-1)?.timestamp);
    }
  } catch (e) {
    failure = e;
  } finally {
    bar.end();
    out.end();
    if (!out.closed) await once(out, "close");
    client.close();
  }
  if (writeError) {
    console.error(`export-logs: cannot write ${args.out}: ${writeError.message}`);
    process.exitCode = 1;
  } else if (failure && ctl.signal.aborted) {
    console.log(`interrupted: ${records} records (${pages} pages) flushed to ${args.out}`);
    process.exitCode = 130;
  } else if (failure) {
    console.error(`export-logs: ${failure.message}`);
    console.log(`partial: ${records} records (${pages} pages) flushed to ${args.out}`);
    process.exitCode = 1;
  } else {
    console.log(`done: ${records} records (${pages} pages) written to ${args.out}`);
  }
}

main().catch((e) => {
  console.error(`export-logs: ${e.message}`);
  process.exitCode = 1;
});
