/**
 * Peak resident memory of processes matched by their command line, sampled from /proc
 * (Linux; elsewhere `start` returns a sampler whose result is null). Each sample reads
 * `VmHWM` (the kernel's own high-water mark of the process's RSS), so a short peak between
 * two samples is not missed as long as the process is seen once before it exits.
 */
"use strict";
/* global setInterval, clearInterval */

const fs = require("fs");

function readHwmKb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * The fields of /proc/<pid>/stat after the command name (field 3, the state, first), or
 * undefined when the process is gone.
 */
function statFields(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Parent pid of `pid` (from /proc/<pid>/stat), or 0. */
function parentOf(pid) {
  return Number(statFields(pid)?.[1]) || 0;
}

/** Whether `pid` descends from this process (other jobs on the machine run the same hosts). */
function isDescendant(pid) {
  for (let p = Number(pid), hops = 0; p > 1 && hops < 64; p = parentOf(p), hops++)
    if (p === process.pid) return true;
  return false;
}

/**
 * Starts sampling every `everyMs` the processes whose command line contains `pattern` (a
 * string, or an array of strings: any of them) and that descend from this process.
 * `stop()` returns `{ peakMb, processes }` (the largest VmHWM seen, how many matched), or
 * null where /proc is not available.
 */
function startRssSampler(pattern, everyMs = 200) {
  if (!fs.existsSync("/proc/self/status")) return { stop: () => null };
  const peaks = new Map();
  const sample = () => {
    for (const pid of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let cmd;
      try {
        cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        continue;
      }
      if (![].concat(pattern).some((p) => cmd.includes(p))) continue;
      if (!isDescendant(pid)) continue;
      peaks.set(pid, Math.max(peaks.get(pid) || 0, readHwmKb(pid)));
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      if (peaks.size === 0) return { peakMb: null, processes: 0 };
      return {
        peakMb: Math.round(Math.max(...peaks.values()) / 102.4) / 10,
        processes: peaks.size,
      };
    },
  };
}

module.exports = { startRssSampler, statFields };
