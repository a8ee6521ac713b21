/** `check` of the dynamic resources: failures with property paths and allowed values. */
import fc from "fast-check";
import * as pulumi from "@pulumi/pulumi";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { checkRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check";
import { checkVolumeInstancesDeletion } from "../../packages/pulumi/src/resources/kinds/own/volume-instances-deletion";
import { checkZoneDnssec } from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import { sampleConfig } from "./helpers";

const failures = (news: unknown) => checkRateLimitRule({}, news).failures ?? [];
const byProperty = (news: unknown) =>
  Object.fromEntries(failures(news).map((f) => [f.property, f.reason]));

test("the unknown sentinel is the SDK's", () => {
  expect(UNKNOWN).toBe(pulumi.runtime.unknownValue);
});

test("valid inputs pass and are returned with enumeration names (exact case of the constants)", () => {
  const r = checkRateLimitRule(
    {},
    {
      shieldZoneId: 1,
      ruleName: "r",
      ruleConfiguration: {
        ...sampleConfig(),
        actionType: "challenge",
        timeframe: "PerOneMinute",
        chainedRuleConditions: [{ operatorType: "STREQ", value: "POST" }],
      },
      __provider: "serialized",
    },
  );
  expect(r.failures).toEqual([]);
  expect(r.inputs.ruleConfiguration).toMatchObject({
    actionType: "Challenge",
    timeframe: "PerOneMinute",
    chainedRuleConditions: [{ operatorType: "STREQ", value: "POST" }],
  });
});

test("enum values: the path and the allowed values with names", () => {
  const f = byProperty({ ruleId: 1, ruleConfiguration: { timeframe: 61, actionType: "Block" } });
  expect(f["ruleConfiguration.timeframe"]).toMatch(
    /must be one of 1 \(PerSecond\), 10 \(PerTenSeconds\).*got 61/,
  );
  expect(f["ruleConfiguration.actionType"]).toMatch(
    /1 \(RateLimit\), 2 \(Log\), 3 \(Challenge\); got "Block"/,
  );
});

test("int32 range and requestCount > 0", () => {
  expect(byProperty({ ruleId: 1, ruleConfiguration: { requestCount: 2 ** 31 } })).toEqual({
    "ruleConfiguration.requestCount": expect.stringMatching(/-2147483648 to 2147483647 \(int32\)/),
  });
  expect(byProperty({ ruleId: 1, ruleConfiguration: { requestCount: 0 } })).toEqual({
    "ruleConfiguration.requestCount": "must be greater than 0; got 0",
  });
  expect(byProperty({ ruleId: 2 ** 31, ruleConfiguration: {} })).toEqual({
    ruleId: expect.stringMatching(/from 1 to 2147483647/),
  });
});

test("variableTypes keys, nested and top-level unknown properties", () => {
  const f = byProperty({
    ruleId: 1,
    colour: "red",
    ruleConfiguration: {
      variableTypes: { REQUEST_URI: "/", NOT_A_VAR: "x" },
      extra: 1,
      chainedRuleConditions: [{ bogus: true }],
    },
  });
  expect(f.colour).toMatch(/unknown property "colour"; allowed properties: ruleId, shieldZoneId/);
  expect(f["ruleConfiguration.variableTypes.NOT_A_VAR"]).toMatch(
    /unknown variable name.*REQUEST_URI/,
  );
  expect(f["ruleConfiguration.extra"]).toMatch(/unknown property "extra"/);
  expect(f["ruleConfiguration.chainedRuleConditions[0].bogus"]).toMatch(/unknown property/);
});

test("exactly one of ruleId, shieldZoneId, pullZoneId; required fields", () => {
  expect(byProperty({ ruleId: 1, shieldZoneId: 1, ruleConfiguration: {} }).shieldZoneId).toMatch(
    /exactly one of ruleId .*shieldZoneId .*pullZoneId .*got ruleId and shieldZoneId/,
  );
  expect(
    byProperty({ pullZoneId: 1, shieldZoneId: 1, ruleName: "x", ruleConfiguration: {} }).pullZoneId,
  ).toMatch(/exactly one/);
  expect(byProperty({ ruleConfiguration: {} }).shieldZoneId).toMatch(
    /one of ruleId .*shieldZoneId .*pullZoneId .* is required/,
  );
  expect(byProperty({ pullZoneId: 1, ruleConfiguration: {} }).ruleName).toMatch(
    /required when creating/,
  );
  expect(byProperty({ pullZoneId: 0, ruleName: "x", ruleConfiguration: {} }).pullZoneId).toMatch(
    /from 1 to 2147483647/,
  );
  expect(byProperty({ shieldZoneId: 1, ruleConfiguration: {} }).ruleName).toMatch(
    /required when creating/,
  );
  expect(byProperty({ ruleId: 1 }).ruleConfiguration).toBe("is required (an object)");
  expect(
    byProperty({ ruleId: 1, ruleConfiguration: {}, deleteOnDestroy: "yes" }).deleteOnDestroy,
  ).toMatch(/must be a boolean/);
});

test("unknown values (preview) pass", () => {
  expect(
    failures({ shieldZoneId: UNKNOWN, ruleName: UNKNOWN, ruleConfiguration: UNKNOWN }),
  ).toEqual([]);
  expect(
    failures({
      ruleId: UNKNOWN,
      ruleConfiguration: {
        ...sampleConfig(),
        actionType: UNKNOWN,
        variableTypes: { REQUEST_URI: UNKNOWN },
        transformationTypes: [8, UNKNOWN],
        chainedRuleConditions: [{ operatorType: UNKNOWN }],
      },
    }),
  ).toEqual([]);
});

test("check never throws, on any JSON, for every resource", () => {
  fc.assert(
    fc.property(fc.anything(), fc.anything(), (olds, news) => {
      for (const check of [checkRateLimitRule, checkZoneDnssec, checkVolumeInstancesDeletion]) {
        const r = check(olds, news);
        expect(Array.isArray(r.failures)).toBe(true);
      }
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(
      fc.dictionary(
        fc.constantFrom("ruleId", "shieldZoneId", "ruleName", "ruleConfiguration", "x"),
        fc.anything(),
      ),
      (news) => {
        expect(() => checkRateLimitRule({}, news)).not.toThrow();
        expect(() => checkRateLimitRule({}, { ruleId: 1, ruleConfiguration: news })).not.toThrow();
      },
    ),
    { numRuns: 500 },
  );
});
