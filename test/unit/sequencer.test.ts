/**
 * The jest test order (test/support/sequencer.js): with no previous durations (a fresh
 * clone), every e2e suite runs before any unit suite, each group longest file first.
 */
const Sequencer = require("../support/sequencer.js") as new () => {
  sort(tests: FakeTest[]): FakeTest[];
};

interface FakeTest {
  path: string;
  context: {
    config: { cache: boolean; displayName: { name: string } };
    hasteFS: { getSize(p: string): number };
  };
}

const SIZES: Record<string, number> = {
  "unit/model.test.ts": 90_000,
  "unit/small.test.ts": 800,
  "e2e/pack.e2e.test.ts": 1_500,
  "e2e/ownership.e2e.test.ts": 25_000,
  "e2e/docs-programs.e2e.test.ts": 3_000,
};
const contexts = Object.fromEntries(
  ["unit", "e2e"].map((name) => [
    name,
    {
      config: { cache: false, displayName: { name } },
      hasteFS: { getSize: (p: string) => SIZES[p] },
    },
  ]),
);
const test_ = (p: string): FakeTest => ({ path: p, context: contexts[p.split("/")[0]] });

test("no durations known: the e2e suites first, then the unit suites; larger files first in each", () => {
  const tests = Object.keys(SIZES).map(test_);
  expect(new Sequencer().sort(tests).map((t) => t.path)).toEqual([
    "e2e/ownership.e2e.test.ts",
    "e2e/docs-programs.e2e.test.ts",
    "e2e/pack.e2e.test.ts",
    "unit/model.test.ts",
    "unit/small.test.ts",
  ]);
});
