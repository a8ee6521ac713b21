#!/usr/bin/env node
/**
 * Benchmark 6: shield event logs, 100 pages (fixture shield zone 2: 100 pages a day, 10 logs
 * a page). One request per page is inherently sequential (each page names the next one's
 * continuation token), so the floor is the latency of one page GET x 100, measured as the
 * median of --samples single GETs (first page and a token page alternately, interleaved with
 * the timed reads so both see the same machine load).
 * Figures: pages/s of `client.shield.eventLogPages` and of the `getEventLogs` data source,
 * and their time / the latency floor.
 *
 *   npm run build && node bench/event-logs.js [--runs 5] [--samples 50]
 */
"use strict";

const {
  arg,
  DIST,
  machineLine,
  median,
  printTable,
  round,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");

const ZONE = 2;

async function main() {
  const runs = Number(arg("runs", "5"));
  const samples = Number(arg("samples", "50"));
  console.log(
    `event-logs: shield zone ${ZONE}, ${runs} runs, latency from ${samples} single GETs; ${machineLine()}`,
  );
  const emu = await startEmulatorProcess();
  const edge = require(DIST.pulumi);
  const client = new edge.Client({ apiKey: emu.apiKey, baseUrl: emu.url });
  const date = new Date();
  const out = {};
  try {
    // Warm-up (connection, JIT): one full read.
    let first;
    for await (const page of client.shield.eventLogPages(ZONE, date)) first = first || page;
    const token = first.continuationToken;
    const lat = [];
    const iter = [];
    const ds = [];
    let pages = 0;
    let logs = 0;
    for (let r = 0; r < runs; r++) {
      // Single GETs of a page with a continuation token (the kind 99 of the 100 pages are),
      // interleaved with the timed reads so both see the same machine conditions.
      for (let i = 0; i < Math.ceil(samples / runs); i++) {
        const t = process.hrtime.bigint();
        await client.shield.getEventLogPage(ZONE, date, i % 2 ? token : undefined);
        lat.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      let t = process.hrtime.bigint();
      pages = 0;
      logs = 0;
      for await (const page of client.shield.eventLogPages(ZONE, date)) {
        pages++;
        logs += page.logs.length;
      }
      iter.push(Number(process.hrtime.bigint() - t) / 1e6);
      t = process.hrtime.bigint();
      const res = await edge.shield.getEventLogs(
        { shieldZoneId: ZONE, date },
        { connection: { client } },
      );
      ds.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (res.pages !== pages)
        throw new Error(`getEventLogs read ${res.pages} pages, iterator ${pages}`);
    }
    const single = median(lat);
    const floor = single * pages;
    out.pages = pages;
    out.logs = logs;
    out.singleGetMs = single;
    out.singleGetP90Ms = [...lat].sort((a, b) => a - b)[Math.floor(lat.length * 0.9)];
    out.floorMs = floor;
    out.iterator = {
      medianMs: median(iter),
      pagesPerSecond: pages / (median(iter) / 1000),
      vsFloor: median(iter) / floor,
      samplesMs: iter,
    };
    out.dataSource = {
      medianMs: median(ds),
      pagesPerSecond: pages / (median(ds) / 1000),
      vsFloor: median(ds) / floor,
      samplesMs: ds,
    };
  } finally {
    client.close();
    await emu.close();
  }
  printTable(
    `Shield event logs: ${out.pages} pages (${out.logs} logs), median of ${runs} runs`,
    ["reader", "time", "pages/s", "floor (single GET x pages)", "time / floor"],
    [
      [
        "client.shield.eventLogPages",
        `${round(out.iterator.medianMs, 0)} ms`,
        round(out.iterator.pagesPerSecond, 0),
        `${round(out.singleGetMs, 2)} ms x ${out.pages} = ${round(out.floorMs, 0)} ms`,
        round(out.iterator.vsFloor, 3),
      ],
      [
        "edge.shield.getEventLogs",
        `${round(out.dataSource.medianMs, 0)} ms`,
        round(out.dataSource.pagesPerSecond, 0),
        "",
        round(out.dataSource.vsFloor, 3),
      ],
    ],
  );
  writeResult("event-logs", { shieldZoneId: ZONE, runs, samples, ...out });
}

runMain(main);
