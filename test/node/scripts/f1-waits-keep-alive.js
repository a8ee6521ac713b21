/**
 * Finding 1: a plain script must not exit in the middle of a wait.
 *   retry-after  one call answered 429 with `Retry-After: 2` (the parent injects it)
 *   log-pages    8 v2 log pages under a limiter of 2 requests per second
 *   break-early  break out of `for await` after one page: the script then ends promptly
 * Prints what it got; reaching the end prints "end".
 */
"use strict";

const { api, settings, elapsed } = require("./common");

async function main(mode) {
  if (mode === "retry-after") {
    const client = new api.Client(settings);
    const zone = await client.dns.getZone(1);
    console.log(`zone ${zone.Id} after ${elapsed()} ms`);
  } else if (mode === "log-pages" || mode === "break-early") {
    const client = new api.Client({
      ...settings,
      loggingRateLimit: { requests: 2, windowMs: 1000 },
    });
    let pages = 0;
    for await (const page of client.logging.accessLogPages(
      1,
      {},
      { pageSize: 10, maxRecords: 80 },
    )) {
      pages++;
      console.log(`page ${pages}: ${page.data.length} records at ${elapsed()} ms`);
      if (mode === "break-early") break;
    }
    console.log(`done ${pages} pages`);
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  console.log("end");
}

main(process.argv[2]).catch((e) => {
  console.log(`error: ${e.message}`);
  process.exitCode = 1;
});
