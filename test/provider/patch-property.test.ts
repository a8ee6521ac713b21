/**
 * Property: for random platform rules and random PARTIAL desired configurations, `update`
 * (given the old state) leaves the platform rule equal to the old rule with exactly the
 * written fields replaced — every unmanaged field keeps its value — and sends at most one
 * PATCH, carrying only the top-level fields whose values differ. The expected rule is
 * computed here from the scenario (old rule + written fields), not by the provider's code.
 */
import fc from "fast-check";
import {
  BlockTime,
  CounterKeyType,
  normalizeRuleConfiguration,
  OperatorType,
  RateLimitAction,
  RateLimitRuleConfiguration,
  SeverityType,
  Timeframe,
  TransformationType,
  VariableNames,
} from "../../packages/client/src/spec";
import { checkRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check";
import {
  rateLimitRuleProvider as p,
  RateLimitRuleInputs,
  RateLimitRuleOutputs,
} from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());

const oneOf = (e: Record<string, number>) => fc.constantFrom(...Object.values(e));
const nullable = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const variableTypes = fc.dictionary(
  fc.constantFrom(...VariableNames),
  fc.string({ maxLength: 8 }),
  {
    maxKeys: 3,
  },
);
const condition = fc.record({
  variableTypes: nullable(variableTypes),
  operatorType: oneOf(OperatorType),
  value: nullable(fc.string({ maxLength: 8 })),
  isNegated: nullable(fc.boolean()),
  isRegexVariable: nullable(fc.boolean()),
});
const config: fc.Arbitrary<RateLimitRuleConfiguration> = fc.record({
  actionType: oneOf(RateLimitAction),
  variableTypes: nullable(variableTypes),
  operatorType: oneOf(OperatorType),
  severityType: oneOf(SeverityType),
  transformationTypes: nullable(fc.array(oneOf(TransformationType), { maxLength: 3 })),
  value: nullable(fc.string({ maxLength: 8 })),
  isNegated: nullable(fc.boolean()),
  isRegexVariable: nullable(fc.boolean()),
  requestCount: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  counterKeyType: oneOf(CounterKeyType),
  timeframe: oneOf(Timeframe),
  blockTime: oneOf(BlockTime),
  chainedRuleConditions: nullable(fc.array(condition, { maxLength: 2 })),
}) as fc.Arbitrary<RateLimitRuleConfiguration>;
const rule = fc.record({
  ruleName: fc.constantFrom<string>("a", "b"),
  ruleDescription: fc.constantFrom<string | null>("x", "y", null),
  ruleConfiguration: config,
});
/** A desired rule: some top-level fields and a random subset of configuration fields. */
const desired = fc.record(
  {
    ruleName: fc.constantFrom<string>("a", "b"),
    ruleDescription: fc.constantFrom<string | null>("x", "y", null),
    ruleConfiguration: config.chain((c) =>
      fc
        .subarray(Object.keys(c))
        .map((keys) => Object.fromEntries(keys.map((k) => [k, (c as Record<string, unknown>)[k]]))),
    ),
  },
  { requiredKeys: ["ruleConfiguration"] },
);

const NULLABLE = [
  "variableTypes",
  "transformationTypes",
  "value",
  "isNegated",
  "isRegexVariable",
  "chainedRuleConditions",
];
/** The scenario's own notion of "same value": for nullable fields null, [] and {} are one. */
const same = (k: string, a: unknown, b: unknown) => {
  const c = (v: unknown) =>
    NULLABLE.includes(k) &&
    (v === null || v === undefined || (typeof v === "object" && Object.keys(v).length === 0))
      ? null
      : v;
  return JSON.stringify(sortKeys(c(a))) === JSON.stringify(sortKeys(c(b)));
};
const sortKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
        )
      : v;

test("update changes exactly the written fields, with at most one PATCH", async () => {
  let patches = 0;
  let noops = 0;
  await fc.assert(
    fc.asyncProperty(rule, desired, async (oldRule, want) => {
      await t.reset();
      resetRunState();
      const st = await t.state();
      const r101 = st.rateLimitRules.find((r) => r.id === 101)!;
      Object.assign(r101, structuredClone(oldRule));
      await t.setState(st);
      const checked = checkRateLimitRule({}, { ruleId: 101, ...want });
      expect(checked.failures).toEqual([]);
      const news = checked.inputs as RateLimitRuleInputs;
      // The state as it was before: the program managed nothing yet (an empty managed set).
      const olds: RateLimitRuleOutputs = {
        ruleId: 101,
        shieldZoneId: 1,
        adopted: true,
        ruleConfiguration: {},
      };

      await t.clearJournal();
      const { outs } = await p.update("101", olds, news);
      const writes = (await t.journal()).filter((e) => e.method !== "GET");
      expect(writes.length).toBeLessThanOrEqual(1);
      const sent = (writes[0]?.body ?? {}) as Record<string, unknown>;
      if (writes.length) patches++;
      else noops++;

      const wanted = normalizeRuleConfiguration(want.ruleConfiguration) as Record<string, unknown>;
      const oldCfg = oldRule.ruleConfiguration as Record<string, unknown>;
      const nameDiffers = "ruleName" in want && want.ruleName !== oldRule.ruleName;
      const descDiffers =
        "ruleDescription" in want && want.ruleDescription !== oldRule.ruleDescription;
      const cfgDiffers = Object.keys(wanted).some((k) => !same(k, wanted[k], oldCfg[k]));
      expect("ruleName" in sent).toBe(nameDiffers);
      expect("ruleDescription" in sent).toBe(descDiffers);
      expect("ruleConfiguration" in sent).toBe(cfgDiffers);

      const got = (await t.state()).rateLimitRules.find((r) => r.id === 101)!;
      expect(got.ruleName).toBe(want.ruleName ?? oldRule.ruleName);
      expect(got.ruleDescription).toBe(
        "ruleDescription" in want ? want.ruleDescription : oldRule.ruleDescription,
      );
      const gotCfg = got.ruleConfiguration as Record<string, unknown>;
      for (const k of Object.keys(oldCfg)) {
        const expected = k in wanted ? wanted[k] : oldCfg[k];
        expect([k, same(k, gotCfg[k], expected)]).toEqual([k, true]);
      }
      // And the state returned by update diffs clean against the desired inputs.
      await expect(p.diff("101", outs as RateLimitRuleOutputs, news)).resolves.toMatchObject({
        changes: false,
      });
    }),
    { numRuns: 60, seed: 4242 },
  );
  console.log(`property run: ${patches} updates sent one PATCH, ${noops} sent none`);
});
