/**
 * Preloaded with NODE_OPTIONS="--require …/cpu-time-preload.js" by `bench/engine-floor.js
 * --cpu-time`: writes this process's CPU time (`process.cpuUsage()`, user + system, µs) and its
 * command line to `<CPU_TIME_DIR>/<pid>.json` every 10 ms and when the process exits or is told
 * to stop (SIGINT / SIGTERM, how the engine ends a plugin host), so that a process the engine
 * kills outright still leaves its figure within 10 ms of its end. Wall times on a shared machine
 * move by ±20 % from run to run; a process's CPU time moves far less.
 */
"use strict";
/* global setInterval */

const fs = require("fs");
const path = require("path");

const dir = process.env.CPU_TIME_DIR;
if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.json`);
  const argv = process.argv.slice(1).join(" ");
  const write = () => {
    const { user, system } = process.cpuUsage();
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, argv, user, system }));
    } catch {
      // The directory went away (the run is over): nothing to record.
    }
  };
  setInterval(write, 10).unref();
  process.on("exit", write);
  for (const sig of ["SIGINT", "SIGTERM"])
    process.once(sig, () => {
      write();
      process.exit(128 + (sig === "SIGINT" ? 2 : 15));
    });
}
