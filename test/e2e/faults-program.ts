/**
 * Inline program of the e2e fault tests (run by scripts/lib/stack-driver.js): `n` rate-limit
 * rules created in shield zone 1, named `${prefix}-${i}`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";
import { sampleRuleConfiguration } from "../support/fixtures";

/** Options of {@link rules}. */
export interface FaultProgramOptions {
  n: number;
  prefix?: string;
  requestCount?: number;
}

/** The desired configuration of every rule. */
export function desiredConfiguration(requestCount = 50) {
  return sampleRuleConfiguration({ path: "/faults", requestCount });
}

/** The program: `n` rules; exports their ids by name. */
export function rules(o: FaultProgramOptions): Record<string, unknown> {
  const prefix = o.prefix ?? "fault";
  const ids: Record<string, pulumi.Output<string>> = {};
  for (let i = 0; i < o.n; i++) {
    const name = `${prefix}-${i}`;
    const r = new edge.shield.RateLimitRule(name, {
      shieldZoneId: 1,
      ruleName: name,
      ruleConfiguration: desiredConfiguration(
        o.requestCount,
      ) as unknown as edge.shield.RateLimitRuleConfigurationArgs,
    });
    ids[name] = r.id;
  }
  return { ids };
}
