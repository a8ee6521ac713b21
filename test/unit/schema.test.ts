/** The schema module: validation messages (path + allowed values) and enum-name normalisation. */
import fc from "fast-check";
import {
  accessLogQuerySchema,
  createRateLimitRequestSchema,
  normalizeRuleConfiguration,
  ruleConfigurationSchema,
  RateLimitAction,
  TransformationType,
  updateRateLimitRequestSchema,
  validate,
  VariableNames,
} from "../../packages/client/src/spec";

const valid = {
  actionType: 3,
  variableTypes: { REQUEST_URI: "/api" },
  operatorType: 0,
  severityType: 1,
  transformationTypes: [8],
  value: "/api",
  isNegated: false,
  isRegexVariable: null,
  requestCount: 100,
  counterKeyType: 0,
  timeframe: 60,
  blockTime: 300,
  chainedRuleConditions: [{ operatorType: 2, value: "x", variableTypes: { ARGS: "q" } }],
};

describe("validate", () => {
  test("a full valid configuration has no failures", () => {
    expect(validate(ruleConfigurationSchema, valid)).toEqual([]);
    expect(validate(updateRateLimitRequestSchema, { ruleConfiguration: valid })).toEqual([]);
  });

  test("an invalid enum names the path and every allowed value with its name", () => {
    const f = validate(ruleConfigurationSchema, { ...valid, timeframe: 7 }, "ruleConfiguration");
    expect(f).toEqual([
      {
        property: "ruleConfiguration.timeframe",
        reason:
          "must be one of 1 (PerSecond), 10 (PerTenSeconds), 60 (PerOneMinute), 300 (PerFiveMinutes), 900 (PerFifteenMinutes), 3600 (PerOneHour); got 7",
      },
    ]);
  });

  test("enum failures inside arrays and nested conditions carry the index", () => {
    const f = validate(ruleConfigurationSchema, {
      transformationTypes: [8, 99],
      chainedRuleConditions: [{ operatorType: 13 }],
    });
    expect(f.map((x) => x.property)).toEqual([
      "transformationTypes[1]",
      "chainedRuleConditions[0].operatorType",
    ]);
    expect(f[0].reason).toContain("21 (UTF8TOUNICODE)");
    expect(f[1].reason).toContain("18 (DETECTXSS)");
  });

  test("unknown properties are rejected with the allowed property list", () => {
    const f = validate(updateRateLimitRequestSchema, { ruleName: "a", colour: "red" });
    expect(f).toEqual([
      {
        property: "colour",
        reason:
          'unknown property "colour"; allowed properties: ruleName, ruleDescription, ruleConfiguration',
      },
    ]);
  });

  test("variableTypes keys are checked against the variable names", () => {
    const f = validate(ruleConfigurationSchema, { variableTypes: { NOPE: "x" } });
    expect(f).toHaveLength(1);
    expect(f[0].property).toBe("variableTypes.NOPE");
    expect(f[0].reason).toContain(VariableNames.join(", "));
  });

  test("int32 range and required fields", () => {
    expect(validate(ruleConfigurationSchema, { requestCount: 2 ** 31 })).toEqual([
      {
        property: "requestCount",
        reason: "must be an integer from -2147483648 to 2147483647 (int32); got 2147483648",
      },
    ]);
    expect(validate(createRateLimitRequestSchema, { ruleName: "x" })).toEqual([
      { property: "shieldZoneId", reason: "is required" },
    ]);
  });

  test("query schemas: limit bounds and status syntax", () => {
    const f = validate(accessLogQuerySchema, { limit: 10001, status: "2xx,abc" });
    expect(f.map((x) => x.property).sort()).toEqual(["limit", "status"]);
    expect(f.find((x) => x.property === "limit")!.reason).toContain("from 1 to 10000");
  });

  test("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const f = validate(ruleConfigurationSchema, v);
        return Array.isArray(f) && f.every((x) => typeof x.reason === "string");
      }),
      { numRuns: 300 },
    );
  });
});

describe("normalizeRuleConfiguration", () => {
  test("enum names (any case) become integers, numeric strings too; unknown names stay", () => {
    expect(
      normalizeRuleConfiguration({
        actionType: "challenge",
        transformationTypes: ["LOWERCASE", "urlDecode", 3],
        timeframe: "60",
        blockTime: "forever",
        chainedRuleConditions: [{ operatorType: "CONTAINS" }],
      }),
    ).toEqual({
      actionType: RateLimitAction.Challenge,
      transformationTypes: [TransformationType.LOWERCASE, TransformationType.URLDECODE, 3],
      timeframe: 60,
      blockTime: "forever",
      chainedRuleConditions: [{ operatorType: 2 }],
    });
  });

  test("returns a copy and leaves non-objects alone", () => {
    const input = { actionType: "Log" };
    expect(normalizeRuleConfiguration(input)).toEqual({ actionType: 2 });
    expect(input).toEqual({ actionType: "Log" });
    expect(normalizeRuleConfiguration(null)).toBeNull();
    expect(normalizeRuleConfiguration([1])).toEqual([1]);
  });
});
