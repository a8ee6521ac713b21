/**
 * A settings create interrupted after its write landed keeps its values before Pulumi: `check`
 * reads them into the inputs it returns (`priorRead`), which the engine writes into the
 * stack's state as the pending create BEFORE it calls `create`. Here the engine's steps are
 * called as it calls them; the interruption is a create whose answer is never recorded.
 * Scenario: shield zone 3 with DDoS sensitivity Low (set out of band), a program that wants
 * High. The real-CLI run of the same is in test/e2e/shield-zone.e2e.test.ts.
 */
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { shieldZoneProvider as zone } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { quietProviderLogs, usePlatform } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const t = usePlatform();
quietProviderLogs();

/** Zone 3's DDoS sensitivity set to Low (1), out of band: the value before Pulumi. */
async function lowSensitivity() {
  const s = await t.state();
  (s.shieldZones as Any[]).find((z) => z.id === 3).settings.dDoSShieldSensitivity = 1;
  await t.setState(s);
  return t.state();
}
/** The state to compare: a zone PATCH writes its plan field `wafEnabled` as it was answered. */
const canonical = (s: Any) => {
  for (const z of s.shieldZones) z.wafEnabled ??= true;
  return s;
};
const sensitivity = async () =>
  ((await t.state()).shieldZones as Any[]).find((z) => z.id === 3).settings.dDoSShieldSensitivity;

test("interrupted after the PATCH landed: the pending create holds the value before Pulumi; stating it, then destroy, gives the zone back as it was", async () => {
  const before = await lowSensitivity();
  const program = { shieldZoneId: 3, ddos: { sensitivity: "High" } };

  // The interrupted `up`: check's inputs are the pending create; the write lands, its answer
  // is never recorded.
  const pending = (await zone.check({}, program)).inputs as Any;
  expect(pending.priorRead).toEqual({ ddos: { sensitivity: "Low" } });
  await zone.create(pending);
  expect(await sensitivity()).toBe(3);

  // The way out: the program states the pending create's record as `prior`; `up` writes nothing.
  resetRunState();
  const wayOut = { ...program, prior: pending.priorRead };
  await t.clearJournal();
  const c = await zone.create((await zone.check({}, wayOut)).inputs as Any);
  expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
  expect(c.outs).toMatchObject({ prior: { ddos: { sensitivity: "Low" } }, priorPinned: true });

  resetRunState();
  await zone.delete(c.id, c.outs as Any);
  expect(canonical(await t.state())).toEqual(canonical(before));
});

test("create right after check takes check's read as its own: one GET of the zone for both", async () => {
  await lowSensitivity();
  await t.clearJournal();
  const program = { shieldZoneId: 3, ddos: { sensitivity: "High" } };
  const c = await zone.create((await zone.check({}, program)).inputs as Any);
  expect(c.outs?.prior).toEqual({ ddos: { sensitivity: "Low" } });
  const j = await t.journal();
  expect(j.filter((e) => e.path === "/shield/shield-zone/3").map((e) => e.method)).toEqual(["GET"]);
  expect(j.filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`)).toEqual([
    "PATCH /shield/shield-zone",
  ]);
});

test("a create long after check reads again, and still records check's values (the pending create's)", async () => {
  await lowSensitivity();
  const program = { shieldZoneId: 3, ddos: { sensitivity: "High" } };
  const checked = (await zone.check({}, program)).inputs as Any;
  // Changed between check and create (another actor), and check's read is 10 s old by then.
  const s = await t.state();
  (s.shieldZones as Any[]).find((z) => z.id === 3).settings.dDoSShieldSensitivity = 2;
  await t.setState(s);
  const now = Date.now();
  const clock = jest.spyOn(Date, "now").mockReturnValue(now + 10_000);
  await t.clearJournal();
  try {
    const c = await zone.create(checked);
    expect(c.outs?.prior).toEqual({ ddos: { sensitivity: "Low" } });
  } finally {
    clock.mockRestore();
  }
  expect((await t.journal()).filter((e) => e.path === "/shield/shield-zone/3").length).toBe(1);
  expect(await sensitivity()).toBe(3);
});

test("the next check keeps the record (no read); another zone, or a zone not known yet, has none", async () => {
  await lowSensitivity();
  const program = { shieldZoneId: 3, ddos: { sensitivity: "High" } };
  const checked = (await zone.check({}, program)).inputs as Any;
  await zone.create(checked);
  resetRunState();
  await t.clearJournal();
  expect((await zone.check(checked, program)).inputs).toEqual(checked);
  expect(await t.journal()).toEqual([]);
  const moved = (await zone.check(checked, { ...program, shieldZoneId: 4 })).inputs as Any;
  expect(moved.priorRead).toBeUndefined();
  const unknown = (await zone.check({}, { ...program, shieldZoneId: UNKNOWN })).inputs as Any;
  expect(unknown.priorRead).toBeUndefined();
});
