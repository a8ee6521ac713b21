/**
 * Inline program of the review e2e tests (test/e2e/review-*.e2e.test.ts): managed rules,
 * rules read with `get`, managed DNSSEC switches (with `priorEnabled`) and DNSSEC read with `get`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

export type ReviewProgramOptions = {
  rules?: ({ name: string } & Record<string, unknown>)[];
  ruleGets?: { name: string; id: string }[];
  dnssec?: { name: string; zoneId: number; enabled: boolean; priorEnabled?: boolean }[];
  dnssecGets?: { name: string; id: string }[];
};

export function reviewProgram(o: ReviewProgramOptions): Record<string, unknown> {
  const out: Record<string, pulumi.Output<unknown>> = {};
  for (const { name, ...args } of o.rules ?? []) {
    out[name] = new edge.shield.RateLimitRule(
      name,
      args as unknown as edge.shield.RateLimitRuleArgs,
    ).id;
  }
  for (const g of o.ruleGets ?? []) out[g.name] = edge.shield.RateLimitRule.get(g.name, g.id).id;
  for (const { name, ...args } of o.dnssec ?? []) {
    out[name] = new edge.dns.ZoneDnssec(name, args).enabled;
  }
  for (const g of o.dnssecGets ?? []) out[g.name] = edge.dns.ZoneDnssec.get(g.name, g.id).enabled;
  return out;
}
