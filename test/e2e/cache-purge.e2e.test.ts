/**
 * CachePurge through the real Pulumi engine: `up` purges once (one POST on the emulator's
 * journal), an `up` with the same triggers purges nothing, a trigger change is a replace that
 * purges once more, and both the removal of the purge from the program and `destroy` call
 * nothing.
 */
import * as path from "path";
import { KindHarness, startKindHarness } from "./harness";
import { CLI_BUILD_TIMEOUT_MS, e2eAvailable, provideCliAndDist, TestStack } from "./setup";
import type { CachePurgeProgramOptions } from "./programs/cache-purge-program";

const PROGRAM = path.join(__dirname, "programs", "cache-purge-program.ts");
const OP_TIMEOUT = 300_000;

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: CachePurge", () => {
  let harness: KindHarness;
  let stack: TestStack;
  const base: CachePurgeProgramOptions = { pullZoneId: 1, cacheTag: "css", release: "1.0.0" };

  /** The calls made since the journal was cleared, other than reads. */
  const calls = async () =>
    (await harness.control.journal())
      .filter((e) => e.method !== "GET")
      .map((e) => `${e.method} ${e.path} ${JSON.stringify(e.body)}`);

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "purge", programModule: PROGRAM });
    stack = harness.newStack("purge");
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  test(
    "up purges once; the same triggers purge nothing; a new trigger purges once more; destroy calls nothing",
    async () => {
      await harness.control.clearJournal();
      const up = await stack.op({ op: "up" }, base);
      expect(up.summary?.resourceChanges).toMatchObject({ create: 2 });
      expect(await calls()).toEqual(['POST /pullzone/1/purgeCache {"CacheTag":"css"}']);

      await harness.control.clearJournal();
      await stack.op({ op: "up", opts: { expectNoChanges: true } }, base);
      expect(await calls()).toEqual([]);

      await harness.control.clearJournal();
      const again = await stack.op({ op: "up" }, { ...base, release: "1.0.1" });
      expect(again.summary?.resourceChanges).toMatchObject({ replace: 1 });
      expect(await calls()).toEqual(['POST /pullzone/1/purgeCache {"CacheTag":"css"}']);

      await harness.control.clearJournal();
      const removed = await stack.op({ op: "up" }, { ...base, release: "1.0.1", purge: false });
      expect(removed.summary?.resourceChanges).toMatchObject({ delete: 1 });
      expect(await calls()).toEqual([]);

      await stack.op({ op: "up" }, { ...base, release: "1.0.2" });
      await harness.control.clearJournal();
      await stack.op({ op: "destroy" }, base);
      expect(await calls()).toEqual([]);
    },
    OP_TIMEOUT,
  );
});
