/**
 * Inline program of the WafRule e2e test (test/e2e/waf-rule.e2e.test.ts): the custom WAF
 * rules the options list, each written exactly as given (a field left out of an option is
 * left out of the program).
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** One `edge.shield.WafRule`: its resource name plus its arguments as written. */
export interface WafRuleSpec {
  /** Pulumi resource name. */
  name: string;
  ruleId?: number;
  shieldZoneId?: number;
  ruleName?: string;
  ruleDescription?: string | null;
  ruleConfiguration: Record<string, unknown>;
  deleteOnDestroy?: boolean;
}

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type WafProgramOptions = { wafRules?: WafRuleSpec[] };

/** The program: every listed rule; exports their ids by resource name. */
export function program(o: WafProgramOptions): Record<string, unknown> {
  const ids: Record<string, pulumi.Output<string>> = {};
  for (const { name, ...args } of o.wafRules ?? []) {
    ids[name] = new edge.shield.WafRule(name, args as edge.shield.WafRuleArgs).id;
  }
  return { ids };
}
