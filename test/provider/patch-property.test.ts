/**
 * Property: for random pairs of valid rules, the one PATCH that `update` sends, applied by the
 * emulator to the old rule, yields exactly the new desired rule (read back with GET), and it
 * carries only the top-level fields that differ.
 */
import fc from "fast-check";
import {
  BlockTime,
  CounterKeyType,
  OperatorType,
  RateLimitAction,
  RateLimitRuleConfiguration,
  SeverityType,
  Timeframe,
  TransformationType,
  VariableNames,
} from "../../provider/schema";
import {
  checkRateLimitRule,
  diffRuleConfiguration,
  rateLimitRuleProvider as p,
  RateLimitRuleInputs,
  RateLimitRuleOutputs,
  toOutputs,
} from "../../provider/resources/rate-limit-rule-provider";
import { getClient } from "../../provider/resources/settings";
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
  ruleConfiguration: fc.oneof(
    config,
    config.map((c) => ({ ...c, requestCount: 5 })),
  ),
});
// Pairs that are often close (a single field changed), sometimes unrelated.
const pair = fc.oneof(
  fc.tuple(rule, rule),
  rule.map((r) => [r, structuredClone(r)] as const),
  fc
    .tuple(
      rule,
      fc.constantFrom("ruleName", "ruleDescription", "requestCount", "timeframe"),
      fc.nat(),
    )
    .map(([r, field, n]) => {
      const next = structuredClone(r);
      if (field === "ruleName") next.ruleName = `${r.ruleName}${n}`;
      else if (field === "ruleDescription") next.ruleDescription = `d${n}`;
      else if (field === "requestCount") next.ruleConfiguration.requestCount = (n % 1000) + 1;
      else next.ruleConfiguration.timeframe = r.ruleConfiguration.timeframe === 60 ? 10 : 60;
      return [r, next] as const;
    }),
);

test("update's PATCH turns the old rule into exactly the desired one", async () => {
  let patches = 0;
  let noops = 0;
  await fc.assert(
    fc.asyncProperty(pair, async ([oldRule, newRule]) => {
      await t.reset();
      const st = await t.state();
      const r101 = st.rateLimitRules.find((r) => r.id === 101)!;
      Object.assign(r101, structuredClone(oldRule));
      await t.setState(st);
      const olds = toOutputs(await getClient().shield.getRateLimit(101), true, false);
      const checked = checkRateLimitRule({}, { ruleId: 101, ...newRule });
      expect(checked.failures).toEqual([]);
      const news = checked.inputs as RateLimitRuleInputs;

      await t.clearJournal();
      const { outs } = await p.update("101", olds, news);
      const journal = await t.journal();
      expect(journal.length).toBeLessThanOrEqual(1);
      const sent = (journal[0]?.body ?? {}) as Record<string, unknown>;
      if (journal.length) {
        patches++;
        expect(journal[0]).toMatchObject({ method: "PATCH", path: "/shield/rate-limit/101" });
      } else noops++;
      // Only differing top-level fields are sent.
      expect("ruleName" in sent).toBe(oldRule.ruleName !== newRule.ruleName);
      expect("ruleDescription" in sent).toBe(oldRule.ruleDescription !== newRule.ruleDescription);
      const cfgDiff = diffRuleConfiguration(newRule.ruleConfiguration, oldRule.ruleConfiguration);
      expect("ruleConfiguration" in sent).toBe(Object.keys(cfgDiff).length > 0);

      const got = await getClient().shield.getRateLimit(101);
      expect(got.ruleName).toBe(newRule.ruleName);
      expect(got.ruleDescription).toBe(newRule.ruleDescription);
      if ("ruleConfiguration" in sent)
        expect(got.ruleConfiguration).toEqual(newRule.ruleConfiguration);
      else
        expect(diffRuleConfiguration(newRule.ruleConfiguration, got.ruleConfiguration)).toEqual({});
      // And the state returned by update diffs clean against the desired inputs.
      await expect(p.diff("101", outs as RateLimitRuleOutputs, news)).resolves.toMatchObject({
        changes: false,
      });
    }),
    { numRuns: 60 },
  );
  console.log(`property run: ${patches} updates sent one PATCH, ${noops} were no-ops`);
});
