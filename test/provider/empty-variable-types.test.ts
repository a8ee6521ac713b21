/**
 * Issue 28, finding 6: a rule with no match variable is never created. `check` of a create
 * whose `ruleConfiguration.variableTypes` is an empty map fails naming that property, and a
 * create that reaches the provider anyway (the engine calls create with what check returned)
 * is refused before any write: the emulator's journal holds no POST. For both rule kinds,
 * RateLimitRule and WafRule; everything else in the configuration is complete and valid.
 */
import { checkRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check";
import { rateLimitRuleProvider as rateLimit } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import {
  checkWafRule,
  wafRuleProvider as waf,
} from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { sampleConfig, usePlatform } from "./helpers";

const t = usePlatform();

const KINDS = [
  {
    kind: "RateLimitRule",
    check: checkRateLimitRule,
    create: (i: Record<string, unknown>) => rateLimit.create(i as never),
    config: () => sampleConfig(),
  },
  {
    kind: "WafRule",
    check: checkWafRule,
    create: (i: Record<string, unknown>) => waf.create(i as never),
    config: () => ({
      actionType: "Block",
      variableTypes: { REQUEST_URI: "/admin" },
      operatorType: "BEGINSWITH",
    }),
  },
] as const;

describe.each(KINDS)("$kind with variableTypes: {}", ({ check, create, config }) => {
  const inputs = () => ({
    shieldZoneId: 2,
    ruleName: "matches-nothing",
    ruleConfiguration: { ...config(), variableTypes: {} },
  });

  test("check of a create fails naming ruleConfiguration.variableTypes (and nothing else)", () => {
    // The premise: with a variable, the same inputs pass.
    expect(check({}, { ...inputs(), ruleConfiguration: config() }).failures ?? []).toEqual([]);
    const failures = check({}, inputs()).failures ?? [];
    expect(failures.map((f) => f.property)).toEqual(["ruleConfiguration.variableTypes"]);
    expect(failures[0].reason).toMatch(/at least one variable/);
  });

  test("create is refused before any write: no POST reaches the platform", async () => {
    const before = await t.state();
    await t.clearJournal();
    await expect(create(inputs())).rejects.toThrow(/ruleConfiguration\.variableTypes/);
    const journal = await t.journal();
    expect(journal.filter((e) => e.method === "POST")).toEqual([]);
    expect(journal.filter((e) => e.method !== "GET")).toEqual([]);
    expect(await t.state()).toEqual(before);
  });
});
