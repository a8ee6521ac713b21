/**
 * Issue 16, finding 9: realistic bugs that the other tests let through, each pinned here at
 * the fastest level that sees it (the provider objects against the in-process emulator).
 * Expected values come from the scenario (the emulator's fixtures, what the program asked
 * for, what the platform did), never from the provider's own code.
 */
import {
  rateLimitRuleProvider as rl,
  RateLimitRuleInputs,
  RateLimitRuleOutputs,
  timing,
} from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { checkRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  ZoneDnssecOutputs,
  zoneDnssecProvider as dnssec,
} from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import {
  VolumeInstancesDeletionOutputs,
  volumeInstancesDeletionProvider as volumes,
} from "../../packages/pulumi/src/resources/kinds/own/volume-instances-deletion";
import { defaultFixtures } from "../../packages/emulator/src";
import { sampleConfig, startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
});

const checked = (news: Record<string, unknown>): RateLimitRuleInputs => {
  const r = checkRateLimitRule({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs as RateLimitRuleInputs;
};
const fixtureRule = (id: number) => defaultFixtures().rateLimitRules.find((r) => r.id === id)!;
const ruleById = async (id: number) => (await t.state()).rateLimitRules.find((r) => r.id === id);
const writes = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);
const failure = (p: Promise<unknown>) =>
  p.then(
    (v) => {
      throw new Error(`expected a failure, got success: ${JSON.stringify(v)}`);
    },
    (e: unknown) => e as Error & { id?: string },
  );

/** A 202 `AcceptedResult` naming rule `id`, answered WITHOUT applying the write. */
const accepted202 = (id: number) => ({
  method: "PATCH",
  path: `^/shield/rate-limit/${id}$`,
  status: 202,
  body: { location: `/shield/rate-limit/${id}`, value: { id }, statusCode: 202 },
});

describe("(a) a PATCH answered 202 is not done until the rule reads back with the change", () => {
  beforeEach(() => {
    timing.readBackMs = 300;
    timing.readBackStepMs = 50;
  });
  afterEach(() => {
    timing.readBackMs = 20_000;
    timing.readBackStepMs = 250;
  });

  test("adopt: a 202 whose write is never applied fails; the rule keeps its values", async () => {
    expect(fixtureRule(101).ruleConfiguration?.requestCount).toBe(100);
    await t.fault(accepted202(101));
    await t.clearJournal();
    const err = await failure(
      rl.create(checked({ ruleId: 101, ruleConfiguration: { requestCount: 77 } })),
    );
    expect(err.message).toMatch(/accepted the change of rule 101 \(202\) but it was not visible/);
    expect(await writes()).toEqual(["PATCH /shield/rate-limit/101"]);
    expect((await ruleById(101))?.ruleConfiguration?.requestCount).toBe(100);
  });

  test("update: a 202 whose write is never applied fails; the rule keeps its values", async () => {
    const inputs = checked({
      shieldZoneId: 1,
      ruleName: "search-limit",
      ruleConfiguration: sampleConfig(),
    });
    const created = await rl.create(inputs);
    expect(created.id).toBe("1000");
    await t.fault(accepted202(1000));
    const news = checked({ ...inputs, ruleConfiguration: { ...sampleConfig(), requestCount: 75 } });
    const err = await failure(rl.update(created.id, created.outs as RateLimitRuleOutputs, news));
    expect(err.message).toMatch(/accepted the change of rule 1000 \(202\) but it was not visible/);
    expect((await ruleById(1000))?.ruleConfiguration?.requestCount).toBe(50);
  });
});

test("(b) destroy of an adopted rule with default options: no DELETE, the rule stays", async () => {
  const adopted = await rl.create(checked({ ruleId: 101, ruleConfiguration: {} }));
  resetRunState(); // destroy is a run of its own: nothing of this run manages rule 101
  await t.clearJournal();
  await rl.delete(adopted.id, adopted.outs as RateLimitRuleOutputs);
  expect(await t.journal()).toEqual([]);
  expect(await ruleById(101)).toEqual(fixtureRule(101));
});

test("(c) destroy of a ZoneDnssec state without priorEnabled (older release): no write, DNSSEC unchanged", async () => {
  expect(defaultFixtures().dnsZones.find((z) => z.Id === 2)?.DnsSecEnabled).toBe(true);
  // State as 0.1 wrote it: no priorEnabled.
  const old: ZoneDnssecOutputs = {
    zoneId: 2,
    enabled: true,
    dsRecord: null,
    digest: null,
    digestType: null,
    algorithm: null,
    publicKey: null,
    keyTag: null,
    flags: null,
    dsConfigured: false,
  };
  await t.clearJournal();
  await dnssec.delete("2", old);
  expect(await writes()).toEqual([]);
  expect((await t.state()).dnsZones.find((z) => z.Id === 2)?.DnsSecEnabled).toBe(true);
});

describe("(d)/(e) a volume DELETE whose outcome is unknown is learnt by listing, never re-sent", () => {
  const VOLUME_PATH = "^/mc/apps/app-1/volumes/vol-detached$";
  const FIXTURE_IDS = ["vi-d1", "vi-d2", "vi-d3"];
  const instanceIds = async () =>
    (await t.state()).apps
      .find((a) => a.id === "app-1")!
      .volumes.find((v) => v.id === "vol-detached")!
      .volumeInstances.map((i) => i.id);

  test("(d) the platform deleted only some, then answered 500: a failure naming what is left", async () => {
    expect(await instanceIds()).toEqual(FIXTURE_IDS);
    await t.fault({
      method: "DELETE",
      path: VOLUME_PATH,
      status: 500,
      afterHandler: true,
      applyFirst: 1,
    });
    await t.clearJournal();
    const err = await failure(volumes.create({ appId: "app-1", volumeId: "vol-detached" }));
    expect(await instanceIds()).toEqual(["vi-d2", "vi-d3"]);
    expect(err.message).toMatch(/not re-sent/);
    expect(err.message).toMatch(/vi-d1 were deleted but vi-d2, vi-d3 remain/);
    expect(await writes()).toEqual(["DELETE /mc/apps/app-1/volumes/vol-detached"]);
  });

  test("(e) a 500 after the platform deleted them all: success recording the ids", async () => {
    expect(await instanceIds()).toEqual(FIXTURE_IDS);
    await t.fault({ method: "DELETE", path: VOLUME_PATH, status: 500, afterHandler: true });
    await t.clearJournal();
    const r = await volumes.create({ appId: "app-1", volumeId: "vol-detached" });
    expect((r.outs as VolumeInstancesDeletionOutputs).deletedInstanceIds).toEqual(FIXTURE_IDS);
    expect(await instanceIds()).toEqual([]);
    expect((await t.journal()).map((e) => `${e.method} ${e.status}`)).toEqual([
      "GET 200",
      "DELETE 500",
      "GET 200",
    ]);
  });
});

test("(f) recovery of a POST with an unknown outcome never takes a rule listed before it", async () => {
  timing.recoveryMaxStepMs = 50;
  try {
    // Another resource of the same run lists zone 1 (the listing serves the run) and creates.
    const other = await rl.create(
      checked({ shieldZoneId: 1, ruleName: "other-rule", ruleConfiguration: sampleConfig() }),
    );
    expect(other.id).toBe("1000");
    // Out of band, after that listing: rule 101 is renamed to the name the next create uses.
    const s = await t.state();
    s.rateLimitRules.find((r) => r.id === 101)!.ruleName = "search-limit";
    await t.setState(s);
    // The POST fails with a 500 WITHOUT creating anything: its outcome is unknown.
    await t.fault({ method: "POST", path: "^/shield/rate-limit$", status: 500 });
    await t.clearJournal();
    const err = await failure(
      rl.create(
        checked({ shieldZoneId: 1, ruleName: "search-limit", ruleConfiguration: sampleConfig() }),
      ),
    );
    // Not adopted: no id of rule 101 (nor any) carried into the state. Either the POST was
    // sent once and is reported as not applied, or (a name check that sees rule 101 under its
    // new name) the create was refused before any write.
    expect(err.id).toBeUndefined();
    expect(err.message).not.toMatch(/took over|adopted/);
    const posts = (await writes()).filter((w) => w.startsWith("POST"));
    expect(posts.length).toBeLessThanOrEqual(1);
    expect(err.message).toMatch(posts.length === 1 ? /not re-sent.*not applied/ : /./);
    expect(await writes()).not.toContainEqual(expect.stringMatching(/rate-limit\/101$/));
    expect(await ruleById(101)).toEqual({ ...fixtureRule(101), ruleName: "search-limit" });
    expect((await t.state()).rateLimitRules.map((r) => r.id).sort((x, y) => x - y)).toEqual([
      101, 102, 1000,
    ]);
  } finally {
    timing.recoveryMaxStepMs = 5_000;
  }
});
