/**
 * jest's test order (failed last time first, then longest first: by the previous run's
 * duration, else by file size) with the real-engine suites (project `e2e`) ahead of the unit
 * suites. On a fresh clone jest knows no durations and a short file can hold a long e2e
 * suite (pack.e2e: 41 lines, minutes of npm and tsc); started last, it would keep one worker
 * busy while the others wait. The unit suites, seconds each, fill the end instead.
 */
"use strict";

const Sequencer = require("@jest/test-sequencer").default;

class E2eFirstSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const rank = (t) =>
      this.hasFailed(t) ? 0 : t.context.config.displayName?.name === "e2e" ? 1 : 2;
    // Array.prototype.sort is stable: jest's order holds within each rank.
    return ordered.sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = E2eFirstSequencer;
