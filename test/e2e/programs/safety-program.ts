/**
 * Inline program of the data-safety e2e tests (test/e2e/safety.e2e.test.ts, run by
 * scripts/lib/stack-driver.js): the rate-limit rules and DNSSEC switches the options list,
 * each written exactly as given (a field left out of an option is left out of the program).
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** One `edge.shield.RateLimitRule`: its resource name plus its arguments as written. */
export interface RuleSpec {
  /** Pulumi resource name. */
  name: string;
  ruleId?: number;
  shieldZoneId?: number;
  ruleName?: string;
  ruleDescription?: string | null;
  ruleConfiguration: Record<string, unknown>;
  deleteOnDestroy?: boolean;
}

/** One `edge.dns.ZoneDnssec`. */
export interface DnssecSpec {
  name: string;
  zoneId: number;
  enabled: boolean;
}

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type SafetyProgramOptions = {
  rules?: RuleSpec[];
  dnssec?: DnssecSpec[];
};

/** The program: every listed resource; exports rule ids and DNSSEC states by resource name. */
export function program(o: SafetyProgramOptions): Record<string, unknown> {
  const ids: Record<string, pulumi.Output<string>> = {};
  for (const { name, ...args } of o.rules ?? []) {
    ids[name] = new edge.shield.RateLimitRule(name, args as edge.shield.RateLimitRuleArgs).id;
  }
  const dnssec: Record<string, pulumi.Output<boolean>> = {};
  for (const d of o.dnssec ?? []) {
    dnssec[d.name] = new edge.dns.ZoneDnssec(d.name, {
      zoneId: d.zoneId,
      enabled: d.enabled,
    }).enabled;
  }
  return { ids, dnssec };
}
