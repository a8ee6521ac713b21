/**
 * Inline program of the YAML plugin e2e test's TypeScript side (run by
 * scripts/lib/stack-driver.js): the one rate-limit rule that test/e2e/yaml-plugin.e2e.test.ts
 * declares in Pulumi YAML, with the same values, as the dynamic resource.
 */
import * as edge from "pulumi-edgeplatform";

/** Knobs of {@link program}. */
export interface RateLimitProgramOptions {
  /** Requests per minute of the rule. */
  requestCount: number;
}

/** The program; exports the rule's id. */
export function program(o: RateLimitProgramOptions): Record<string, unknown> {
  const rule = new edge.shield.RateLimitRule("login", {
    shieldZoneId: 1,
    ruleName: "login-limit",
    ruleConfiguration: {
      actionType: "Challenge",
      variableTypes: { REQUEST_URI: "/login" },
      operatorType: "BEGINSWITH",
      value: "/login",
      requestCount: o.requestCount,
      timeframe: "PerOneMinute",
      blockTime: "ForFiveMinutes",
    },
  });
  return { ruleId: rule.ruleId };
}
