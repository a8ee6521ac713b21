/**
 * Inline program of the enumeration-names e2e test (run by scripts/lib/stack-driver.js): a
 * rate-limit rule written with the exported constants (`edge.shield.RateLimitAction.Challenge`,
 * integers) or with the names, and the WAF mode of shield zone 1 written as the API's integer
 * or the name. The same values either way.
 */
import * as edge from "pulumi-edgeplatform";

/** Knobs of {@link enumNamesProgram}. */
export interface EnumNamesProgramOptions {
  /** Write the names instead of the constants' integers. */
  names?: boolean;
  /** Requests per minute of the rule (default 20). */
  requestCount?: number;
}

/** The program; exports the rule's id and state configuration, and the zone's WAF mode. */
export function enumNamesProgram(o: EnumNamesProgramOptions = {}): Record<string, unknown> {
  const s = edge.shield;
  const rule = new s.RateLimitRule("login", {
    shieldZoneId: 1,
    ruleName: "login-limit",
    ruleConfiguration: {
      actionType: o.names ? "Challenge" : s.RateLimitAction.Challenge,
      variableTypes: { REQUEST_URI: "/login" },
      operatorType: o.names ? "BEGINSWITH" : s.OperatorType.BEGINSWITH,
      value: "/login",
      transformationTypes: o.names ? ["LOWERCASE"] : [s.TransformationType.LOWERCASE],
      requestCount: o.requestCount ?? 20,
      counterKeyType: o.names ? "IP" : s.CounterKeyType.IP,
      timeframe: o.names ? "PerOneMinute" : s.Timeframe.PerOneMinute,
      blockTime: o.names ? "ForFiveMinutes" : s.BlockTime.ForFiveMinutes,
    },
  });
  const zone = new s.ShieldZone("zone1", {
    shieldZoneId: 1,
    waf: { mode: o.names ? "Block" : 1 },
  });
  return {
    ruleId: rule.ruleId,
    ruleConfiguration: rule.ruleConfiguration,
    wafMode: zone.waf.apply((w) => w?.mode),
  };
}
