/**
 * Inline program of the pull-zone e2e test (test/e2e/pull-zone.e2e.test.ts), in one of two
 * shapes:
 * - `writes`: pull zone 1's settings (adopted) and `rules` new edge rules in that zone, each
 *   naming the zone by its literal id, so that the engine runs every write at once;
 * - `linking`: a new pull zone (`name`), two edge rules in it, a DNS record of type PullZone
 *   in DNS zone 1 pointing at it, each addressed by the pull zone's output `pullZoneId`, and
 *   its shield zone with a custom WAF rule addressed by the shield zone's `shieldZoneId`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type PullZoneProgramOptions = {
  writes?: { rules: number; cacheControlMaxAgeOverride: number };
  /** `changed`: the zone's and the shield zone's one setting changed (a preview's case). */
  linking?: { name: string; record: string; changed?: boolean };
};

/** Edge rule `i` (a response header on one path) of `zone`, at priority `100 + i`. */
const headerRule = (name: string, zone: pulumi.Input<number>, i: number) =>
  new edge.pullzones.EdgeRule(name, {
    pullZoneId: zone,
    description: `${name} header`,
    actionType: "SetResponseHeader",
    actionParameter1: `X-${name}`,
    actionParameter2: "on",
    triggers: [{ type: "Url", patternMatches: [`*/${name}/*`] }],
    triggerMatchingType: "MatchAny",
    enabled: true,
    priority: 100 + i,
  });

/** The program: the shapes the options name; exports the ids it made. */
export function program(o: PullZoneProgramOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (o.writes) {
    new edge.pullzones.PullZone("zone", {
      pullZoneId: 1,
      cacheControlMaxAgeOverride: o.writes.cacheControlMaxAgeOverride,
    });
    for (let i = 0; i < o.writes.rules; i++) headerRule(`rule-${i}`, 1, i);
  }
  if (o.linking) {
    const zone = new edge.pullzones.PullZone("site", {
      name: o.linking.name,
      originUrl: "https://origin.site.example",
      blockPostRequests: !o.linking.changed,
    });
    const rules = [0, 1].map((i) => headerRule(`site-rule-${i}`, zone.pullZoneId, i));
    const record = new edge.dns.DnsRecord("site-cdn", {
      zoneId: 1,
      type: "PullZone",
      name: o.linking.record,
      pullZoneId: zone.pullZoneId,
    });
    const shield = new edge.shield.ShieldZone("site-shield", {
      pullZoneId: zone.pullZoneId,
      waf: { mode: o.linking.changed ? "Log" : "Block" },
    });
    const waf = new edge.shield.WafRule("site-waf", {
      shieldZoneId: shield.shieldZoneId,
      ruleName: "site-admin",
      ruleDescription: "blocks /admin",
      ruleConfiguration: {
        actionType: "Block",
        variableTypes: { REQUEST_URI: "/admin" },
        operatorType: "BEGINSWITH",
        severityType: "WARNING",
        value: "/admin",
      },
    });
    out.pullZoneId = zone.pullZoneId;
    out.ruleIds = rules.map((r) => r.id);
    out.recordId = record.id;
    out.shieldZoneId = shield.shieldZoneId;
    out.wafRuleId = waf.id;
  }
  return out;
}
