/**
 * Inline program of the Go SDK e2e test's TypeScript side (run by scripts/lib/stack-driver.js):
 * the resources of test/go/main.go (docs/go.md's program), with the same values, as the
 * dynamic resources. The Go program gives its DNS record an explicit provider of the stack
 * config's account; here the record uses the stack config directly (the same key, so the same
 * requests).
 */
import * as edge from "pulumi-edgeplatform";

/** Knobs of {@link program}. */
export interface GoSdkProgramOptions {
  /** Requests per minute of the rule. */
  requestCount: number;
}

/** The program; exports what the Go program exports. */
export function program(o: GoSdkProgramOptions): Record<string, unknown> {
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
  const bots = new edge.shield.BotDetection("bots", {
    shieldZoneId: 3,
    ipAddress: { sensitivity: "Medium" },
  });
  const record = new edge.dns.DnsRecord("www", {
    zoneId: 1,
    type: "A",
    name: "go",
    value: "192.0.2.7",
    ttl: 300,
  });
  return {
    ruleId: rule.ruleId,
    requestCount: rule.ruleConfiguration.requestCount,
    botSensitivity: bots.ipAddress.apply((i) => i?.sensitivity),
    recordId: record.recordId,
    recordValue: record.value,
  };
}
