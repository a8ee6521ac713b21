/**
 * Inline program of the `get`/`opts.import` e2e tests (test/e2e/get.e2e.test.ts, run by
 * scripts/lib/stack-driver.js). `mode: "get"` reads rule `ruleId` and DNS zone `zoneId`
 * with the resources' static `get`; `mode: "import"` constructs a RateLimitRule with
 * `opts.import`. Written against the public types: the typed outputs below are checked by
 * `npm run typecheck` (an `Output<number>` where the program wrote the field).
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** Options of {@link getProgram}. */
export type GetProgramOptions = {
  /** What the program does. */
  mode: "get" | "import";
  /** The rule to read or import. */
  ruleId: number;
  /** The DNS zone to read (mode "get"). */
  zoneId?: number;
};

/** The program; exports what `get` returned. */
export function getProgram(o: GetProgramOptions): Record<string, unknown> {
  if (o.mode === "import") {
    const imported = new edge.shield.RateLimitRule(
      "imported",
      { ruleId: o.ruleId, ruleConfiguration: { requestCount: 100 } },
      { import: String(o.ruleId) },
    );
    const count: pulumi.Output<number> = imported.ruleConfiguration.requestCount;
    return { count };
  }
  const rule = edge.shield.RateLimitRule.get("seen-rule", String(o.ruleId));
  const zone = edge.dns.ZoneDnssec.get("seen-zone", String(o.zoneId ?? 1));
  const orUndefined = <T>(o: pulumi.Output<T | undefined>) => o.apply((v) => v ?? "undefined");
  const requestCount: pulumi.Output<number | undefined> = rule.ruleConfiguration.apply(
    (c) => c.requestCount,
  );
  return {
    ruleResourceId: rule.id,
    ruleId: rule.ruleId,
    shieldZoneId: rule.shieldZoneId,
    ruleName: rule.ruleName,
    ruleDescription: rule.ruleDescription,
    ruleConfiguration: rule.ruleConfiguration,
    requestCount,
    adopted: rule.adopted,
    deleteOnDestroy: orUndefined(rule.deleteOnDestroy),
    readOnly: orUndefined(rule.readOnly),
    unmanaged: orUndefined(rule.unmanaged),
    zoneResourceId: zone.id,
    zoneId: zone.zoneId,
    zoneEnabled: zone.enabled,
    zonePriorEnabled: orUndefined(zone.priorEnabled),
    zoneReadOnly: orUndefined(zone.readOnly),
  };
}
