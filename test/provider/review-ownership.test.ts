/** Review of issue 16 at provider level: ZoneDnssec's priorEnabled and partial creates. */
import {
  diffZoneDnssec,
  dnssecTiming,
  ZoneDnssecOutputs,
  zoneDnssecProvider as p,
} from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
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
});

const zone = async (id: number) => (await t.state()).dnsZones.find((z) => z.Id === id)!;

test("priorEnabled pinned then unpinned: the pin stays the record (docs say so; the default is only for a record never pinned)", async () => {
  // example.org (zone 2) had DNSSEC on before Pulumi.
  const created = await p.create({ zoneId: 2, enabled: true });
  let outs = created.outs as ZoneDnssecOutputs;
  expect(outs.priorEnabled).toBe(true);
  // The program pins priorEnabled: false for a while...
  expect(diffZoneDnssec("2", outs, { zoneId: 2, enabled: true, priorEnabled: false }).changes).toBe(
    true,
  );
  outs = (await p.update("2", outs, { zoneId: 2, enabled: true, priorEnabled: false }))
    .outs as ZoneDnssecOutputs;
  // ...then removes the pin: "Default: the zone's state when the resource was created".
  resetRunState();
  expect(diffZoneDnssec("2", outs, { zoneId: 2, enabled: true }).changes).toBe(true);
  outs = (await p.update("2", outs, { zoneId: 2, enabled: true })).outs as ZoneDnssecOutputs;
  resetRunState();
  await p.delete("2", outs);
  // The last pinned value stays the record (what a refused rename's way out relies on), so
  // destroy restores it, not the state recorded at create: docs/resources.md says so.
  expect(outs.priorEnabled).toBe(false);
  expect((await zone(2)).DnsSecEnabled).toBe(false);
  const docs = require("fs").readFileSync(
    require("path").join(__dirname, "../../docs/resources.md"),
    "utf8",
  ) as string;
  expect(docs.replace(/\s+/g, " ")).toMatch(
    /Removing `priorEnabled` later keeps its last value as the record/,
  );
});

test("partial DNSSEC create (a 500 that was applied), then destroy before any up: the zone goes back to its state before Pulumi", async () => {
  const saved = { ...dnssecTiming };
  dnssecTiming.readBackMs = 300;
  dnssecTiming.readBackStepMs = 50;
  try {
    await t.fault({
      method: "POST",
      path: "^/dnszone/1/dnssec$",
      status: 500,
      afterHandler: true,
      count: 1,
    });
    const err = (await p.create({ zoneId: 1, enabled: true }).catch((e) => e)) as {
      id?: string;
      properties?: ZoneDnssecOutputs;
      message: string;
    };
    expect(err.id).toBe("1");
    resetRunState();
    await p.delete("1", err.properties as ZoneDnssecOutputs);
    expect((await zone(1)).DnsSecEnabled).toBe(false);
  } finally {
    Object.assign(dnssecTiming, saved);
  }
});

describe("RateLimitRule", () => {
  const r =
    require("../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider") as typeof import("../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider");
  const { checkRateLimitRule } =
    require("../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check") as typeof import("../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check");
  const { sampleConfig } = require("./helpers") as typeof import("./helpers");
  const rules = async () => (await t.state()).rateLimitRules;

  test("an adopted rule, later addressed by zone, renamed together with shieldZoneId -> pullZoneId of the same zone: one rule, not two", async () => {
    const p = r.rateLimitRuleProvider;
    const config = { ...sampleConfig(), requestCount: 100 };
    // Adopt rule 101 ("api-burst", shield zone 1), then address it by zone and name.
    let outs = (await p.create({ ruleId: 101, ruleConfiguration: config })).outs!;
    resetRunState();
    const byZone = { shieldZoneId: 1, ruleName: "api-burst", ruleConfiguration: config };
    expect(p.diff("101", outs, byZone)).resolves.toMatchObject({ replaces: [] });
    outs = (await p.update("101", outs, byZone)).outs!;
    expect(outs).toMatchObject({ adopted: false, origin: "adopted" });
    resetRunState();
    // One edit: the pull zone of the same shield zone, and a new name.
    const news = { pullZoneId: 1, ruleName: "api-burst-v2", ruleConfiguration: config };
    // check (preview) refuses the combined edit, naming the way: rename first, then readdress.
    const f = checkRateLimitRule(byZone, news).failures ?? [];
    expect(f.map((x) => `${x.property}: ${x.reason}`).join("\n")).toMatch(
      /ruleName: cannot change together with the addressing \(shieldZoneId to pullZoneId\)/,
    );
    // Done in two runs, the rule is renamed, not duplicated.
    expect(checkRateLimitRule(byZone, { ...byZone, ruleName: "api-burst-v2" }).failures).toEqual(
      [],
    );
    outs = (await p.update("101", outs, { ...byZone, ruleName: "api-burst-v2" })).outs!;
    resetRunState();
    expect(checkRateLimitRule({ ...byZone, ruleName: "api-burst-v2" }, news).failures).toEqual([]);
    const d = await p.diff("101", outs, news);
    expect(d.replaces).toEqual(["pullZoneId"]);
    const before = (await rules()).length;
    await p.create(news);
    await p.delete("101", outs);
    // The user renamed their rule; the platform now enforces the same limit twice.
    expect((await rules()).length).toBe(before);
  });

  test("a replacement into another zone with a partial configuration is refused at check (preview), as documented for a create", () => {
    const olds = { shieldZoneId: 1, ruleName: "x", ruleConfiguration: { requestCount: 5 } };
    const news = { shieldZoneId: 2, ruleName: "x", ruleConfiguration: { requestCount: 5 } };
    const f = checkRateLimitRule(olds, news).failures ?? [];
    expect(f.map((x) => x.property)).toContain("ruleConfiguration.actionType");
  });
});
