/**
 * Preloaded with NODE_OPTIONS="--require …/cpu-prof-preload.js" by `bench/engine-floor.js
 * --cpu-prof DIR` (Node 20 refuses `--cpu-prof` in NODE_OPTIONS): starts the V8 CPU profiler
 * in this process and writes `<CPU_PROF_DIR>/<pid>-<argv tail>.cpuprofile` when the process
 * exits or is told to stop (SIGINT / SIGTERM, how the engine ends a plugin host). Same-thread
 * inspector sessions answer synchronously, so this works inside an `exit` handler.
 */
"use strict";

const fs = require("fs");
const path = require("path");
const inspector = require("inspector");

const dir = process.env.CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 200 });
  session.post("Profiler.start");
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post("Profiler.stop", (err, res) => {
      if (err) return;
      const tail = process.argv
        .slice(1, 2)
        .map((a) => path.basename(path.dirname(a)) + "-" + path.basename(a))
        .join("")
        .replace(/[^\w.-]+/g, "_");
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, `${process.pid}-${tail}.cpuprofile`),
        JSON.stringify(res.profile),
      );
    });
  };
  process.on("exit", write);
  for (const sig of ["SIGINT", "SIGTERM"])
    process.once(sig, () => {
      write();
      process.exit(128 + (sig === "SIGINT" ? 2 : 15));
    });
}
