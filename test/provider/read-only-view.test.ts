/**
 * The "no prior state" read of the resources (what `RateLimitRule.get` and `ZoneDnssec.get`
 * make the engine call: the id, and props that hold only `__provider`), against the
 * in-process emulator: the whole object is reported as a read-only view, and nothing done
 * with that view (a later read, a delete) ever writes.
 */
import { rateLimitRuleProvider as rules } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { wafRuleProvider as waf } from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { zoneDnssecProvider as dnssec } from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { defaultFixtures } from "../../packages/emulator/src";
import { isDsRead, startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
});

const ONLY_PROVIDER = { __provider: "stub" } as never;
/** The requests that may change something (a signed zone's DS read changes nothing). */
const writes = async () => (await t.journal()).filter((e) => e.method !== "GET" && !isDsRead(e));

test("RateLimitRule: a read with no prior state reports the whole rule (enumerations by name), adopted, never deleted", async () => {
  await t.clearJournal();
  const r = await rules.read("102", ONLY_PROVIDER);
  const fixture = defaultFixtures().rateLimitRules.find((x) => x.id === 102)!;
  expect(r.id).toBe("102");
  expect(r.props).toEqual({
    ruleId: 102,
    shieldZoneId: 1,
    adopted: true,
    ruleName: "login-challenge",
    ruleDescription: "Challenge repeated login attempts",
    // The enumerations by name (as the data sources and a program's state show them).
    ruleConfiguration: {
      ...fixture.ruleConfiguration,
      actionType: "Challenge",
      operatorType: "CONTAINS",
      severityType: "CRITICAL",
      transformationTypes: ["LOWERCASE", "URLDECODE"],
      counterKeyType: "IP_JA4",
      timeframe: "PerTenSeconds",
      blockTime: "ForFifteenMinutes",
      chainedRuleConditions: [
        { ...fixture.ruleConfiguration!.chainedRuleConditions![0], operatorType: "STREQ" },
      ],
    },
    deleteOnDestroy: false,
    readOnly: true,
  });
  // Reading the view again (a refresh of the read resource) keeps it a view.
  const again = await rules.read("102", r.props as never);
  expect(again.props).toEqual(r.props);
  // Even if a delete were ever called with the view, it writes nothing.
  await rules.delete("102", r.props as never);
  expect(await writes()).toEqual([]);
  expect((await t.state()).rateLimitRules.map((x) => x.id)).toContain(102);
});

test("WafRule: a read with no prior state reads the enumerations by name (WafRuleAction)", async () => {
  const r = await waf.read("301", ONLY_PROVIDER);
  // Fixture 301: actionType 1, operatorType 0, severityType 2, transformationTypes [8].
  expect((r.props as { ruleConfiguration: unknown }).ruleConfiguration).toMatchObject({
    actionType: "Block",
    operatorType: "BEGINSWITH",
    severityType: "CRITICAL",
    transformationTypes: ["LOWERCASE"],
  });
});

test("ZoneDnssec: a read with no prior state reports DnsSecEnabled and the DS record, no priorEnabled, never restored", async () => {
  await t.clearJournal();
  const r = await dnssec.read("2", ONLY_PROVIDER);
  expect(r.id).toBe("2");
  expect(r.props).toEqual({
    zoneId: 2,
    enabled: true,
    dsRecord: expect.stringMatching(/^example\.org\. 3600 IN DS \d+ 13 2 [0-9A-F]{64}$/),
    digest: expect.stringMatching(/^[0-9A-F]{64}$/),
    digestType: "SHA256 (2)",
    algorithm: 13,
    publicKey: expect.any(String),
    keyTag: expect.any(Number),
    flags: 257,
    dsConfigured: false,
    readOnly: true,
  });
  await dnssec.delete("2", r.props as never);
  expect(await writes()).toEqual([]);
  expect((await t.state()).dnsZones.find((z) => z.Id === 2)!.DnsSecEnabled).toBe(true);
});
