/**
 * ManagedAccessList on the settings engine reads, diffs, updates and destroys states written
 * by the provider it had before (its own: `unmanaged` for the fields left out, `pullZoneId`
 * alone for the pull-zone spelling, `byName`): the states below are what that provider's
 * create wrote for these programs (fixtures: zone 1, pull zone 1; list 2 "Tor Exit Nodes"
 * enabled/Challenge, configuration 7002; list 3 "AI Crawlers" disabled/None, 7003).
 */
import {
  checkManagedAccessList,
  managedAccessListProvider as p,
  type ManagedAccessListOutputs,
} from "../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
  await t.clearJournal();
});

const checked = (news: Record<string, unknown>) => {
  const r = checkManagedAccessList({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs as never;
};
const config = async (cid: number) => {
  const c = (await t.state()).accessListConfigs.find((x) => x.configurationId === cid)!;
  return { isEnabled: c.isEnabled, action: c.action };
};
const setConfig = async (cid: number, isEnabled: boolean, action: number) => {
  const s = await t.state();
  const c = s.accessListConfigs.find((x) => x.configurationId === cid)!;
  c.isEnabled = isEnabled;
  c.action = action as never;
  await t.setState(s);
};
const writes = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);

/** Program `{ shieldZoneId: 1, listId: 3, enabled: true, action: "Block" }`, as stored. */
const byId: ManagedAccessListOutputs = {
  shieldZoneId: 1,
  listId: 3,
  configurationId: 7003,
  listName: "AI Crawlers",
  category: "AiCrawlers",
  requiredPlan: "Basic",
  enabled: true,
  action: "Block",
  prior: { enabled: false, action: "None" },
  priorRecordedAt: "2026-11-27T16:28:13.423Z",
};
/** Program `{ pullZoneId: 1, listName: "Tor Exit Nodes", action: 4 }`, as stored. */
const byName: ManagedAccessListOutputs = {
  shieldZoneId: 1,
  pullZoneId: 1,
  listId: 2,
  configurationId: 7002,
  listName: "Tor Exit Nodes",
  category: "TorExitNodes",
  requiredPlan: "Basic",
  enabled: true,
  action: "Log",
  prior: { action: "Challenge" },
  unmanaged: ["enabled"],
  byName: true,
  priorRecordedAt: "2026-11-27T16:28:13.698Z",
};

test("read: the state keeps its form; the program's inputs are the ones it wrote", async () => {
  await setConfig(7003, true, 2); // as the create left it
  const r = await p.read("1/3", byId);
  expect(r).toEqual({
    id: "1/3",
    props: byId,
    inputs: { shieldZoneId: 1, listId: 3, enabled: true, action: "Block" },
  });
  await setConfig(7002, true, 4);
  const n = await p.read("1/2", byName);
  expect(n).toEqual({
    id: "1/2",
    props: byName,
    inputs: { pullZoneId: 1, listName: "Tor Exit Nodes", action: "Log" },
  });
});

test("diff: the same program is no change; an action changed is an update", async () => {
  expect(
    p.diffSync("1/2", byName, checked({ pullZoneId: 1, listName: "Tor Exit Nodes", action: 4 })),
  ).toMatchObject({ changes: false, replaces: [] });
  expect(
    p.diffSync("1/3", byId, checked({ shieldZoneId: 1, listId: 3, enabled: true, action: 3 })),
  ).toMatchObject({ changes: true, replaces: [] });
});

test("update keeps the form; destroy restores the prior the old state recorded", async () => {
  await setConfig(7002, true, 4);
  const news = checked({ pullZoneId: 1, listName: "Tor Exit Nodes", action: "Block" });
  const u = await p.update("1/2", byName, news);
  expect(u.outs).toEqual({ ...byName, action: "Block" });
  expect(await config(7002)).toEqual({ isEnabled: true, action: 2 });
  await t.clearJournal();
  await p.delete("1/2", u.outs as ManagedAccessListOutputs);
  // Before Pulumi: Challenge (3); `enabled` was never managed and is not written.
  expect(await config(7002)).toEqual({ isEnabled: true, action: 3 });
  expect(await writes()).toEqual(["PATCH /shield/shield-zone/1/access-lists/configurations/7002"]);
  await setConfig(7003, true, 2);
  await p.delete("1/3", byId);
  expect(await config(7003)).toEqual({ isEnabled: false, action: 0 });
});
