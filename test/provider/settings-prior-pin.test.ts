/**
 * A stated `prior` of a settings resource, added or removed with the settings unchanged: the
 * record changes hands (the program's, or kept as the state's), nothing is read or written.
 * The same rule as `ZoneDnssec`'s `priorEnabled`, now one engine for both. Shield zone 3
 * (Business): bot detection available; its execution mode in the fixtures is the scenario.
 */
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { botDetectionProvider as bot } from "../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { startPlatform, TestPlatform } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
});

const modeNow = async () =>
  ((await t.state()).shieldZones as Any[]).find((z) => z.id === 3).botDetection.executionMode;

test("removing a stated prior keeps the record, drops the pin, and makes no call", async () => {
  const before = await modeNow(); // 0 (LogOnly) or 1 (Challenge)
  const names = ["LogOnly", "Challenge"];
  const want = names[1 - before];
  const inputs = { shieldZoneId: 3, executionMode: want, prior: { executionMode: "Challenge" } };
  const c = await bot.create(bot.checkSync({}, inputs).inputs as Any);
  expect(c.outs).toMatchObject({ prior: { executionMode: "Challenge" }, priorPinned: true });
  resetRunState(); // the next `pulumi up`, without `prior`
  const news = { shieldZoneId: 3, executionMode: want };
  expect(bot.diffSync(c.id, c.outs as Any, news as Any)).toMatchObject({
    changes: true,
    replaces: [],
  });
  await t.clearJournal();
  const u = await bot.update(c.id, c.outs as Any, news as Any);
  expect(await t.journal()).toEqual([]);
  expect(u.outs).toMatchObject({ prior: { executionMode: "Challenge" }, executionMode: want });
  expect(u.outs?.priorPinned).toBeUndefined();
});

test("stating the recorded prior pins it: an update with no call", async () => {
  const before = await modeNow();
  const names = ["LogOnly", "Challenge"];
  const want = names[1 - before];
  const c = await bot.create(bot.checkSync({}, { shieldZoneId: 3, executionMode: want }).inputs);
  expect(c.outs).toMatchObject({ prior: { executionMode: names[before] } });
  expect(c.outs?.priorPinned).toBeUndefined();
  resetRunState();
  const news = { shieldZoneId: 3, executionMode: want, prior: { executionMode: names[before] } };
  expect(bot.diffSync(c.id, c.outs as Any, news as Any).changes).toBe(true);
  await t.clearJournal();
  const u = await bot.update(c.id, c.outs as Any, news as Any);
  expect(await t.journal()).toEqual([]);
  expect(u.outs).toMatchObject({ prior: { executionMode: names[before] }, priorPinned: true });
  expect(await modeNow()).toBe(1 - before);
});
