/**
 * Inline program of the golden preview tests (run by scripts/lib/stack-driver.js): one rule
 * created in shield zone 1 with enumerations written as names, and one placed by pull zone 4.
 */
import * as edge from "pulumi-edgeplatform";

/** Knobs of {@link previewProgram}. */
export interface PreviewProgramOptions {
  actionType?: edge.shield.RateLimitRuleConfigurationArgs["actionType"];
  requestCount?: number;
  chainedValue?: string;
  withPullZoneRule?: boolean;
}

/** The program; exports the rules' ids. */
export function previewProgram(o: PreviewProgramOptions = {}): Record<string, unknown> {
  const rule = new edge.shield.RateLimitRule("checkout", {
    shieldZoneId: 1,
    ruleName: "checkout",
    ruleConfiguration: {
      actionType: o.actionType ?? "Challenge",
      operatorType: "BEGINSWITH",
      variableTypes: { REQUEST_URI: "/checkout" },
      value: "/checkout",
      requestCount: o.requestCount ?? 50,
      timeframe: "PerOneMinute",
      blockTime: "ForFiveMinutes",
      chainedRuleConditions: [
        {
          variableTypes: { REQUEST_METHOD: "POST" },
          operatorType: "STREQ",
          value: o.chainedValue ?? "POST",
        },
      ],
    },
  });
  const out: Record<string, unknown> = { checkoutId: rule.ruleId };
  if (o.withPullZoneRule) {
    const byPull = new edge.shield.RateLimitRule("by-pull-zone", {
      pullZoneId: 4,
      ruleName: "by-pull-zone",
      // A new rule needs every required field (issue 16).
      ruleConfiguration: {
        actionType: "Log",
        variableTypes: { REQUEST_URI: "/" },
        operatorType: "BEGINSWITH",
        requestCount: 10,
        timeframe: "PerOneMinute",
        blockTime: "ForFiveMinutes",
      },
    });
    out.byPullZoneShieldZone = byPull.shieldZoneId;
  }
  return out;
}
