/**
 * Inline program of the pull-zone scenarios (test/e2e/pull-zone-scenarios.e2e.test.ts): in
 * one existing pull zone (`pullZoneId`, named by its literal id), optionally
 * - the zone's settings, adopted, with one managed setting (`cacheControlMaxAgeOverride`);
 * - edge rules, each a response header on one path (`X-<name>: on` for `*\/<name>/*`) at an
 *   explicit `priority`, created under its name as description, or adopted by `edgeRuleId`
 *   (the way out after an interrupted `up`) as this resource's own;
 * - a hostname with a free certificate.
 * Exports the rules' ids by name.
 */
import * as edge from "pulumi-edgeplatform";

/** One edge rule of the program: `name` is its description (and resource name). */
export type ScenarioRule = {
  name: string;
  /** The rule's place among the zone's rules (`OrderIndex`). */
  priority: number;
  /** Adopt the rule of this guid as this resource's own (deleted on destroy). */
  edgeRuleId?: string;
};

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type PullZoneScenariosOptions = {
  pullZoneId: number;
  /** The zone's `cacheControlMaxAgeOverride` (seconds); left out: no PullZone resource. */
  cacheControlMaxAgeOverride?: number;
  rules?: ScenarioRule[];
  /** A hostname added with a free certificate, waited for up to `timeoutSeconds`. */
  hostname?: { hostname: string; timeoutSeconds: number };
};

/** The program: the resources the options name; exports the rules' ids by name. */
export function program(o: PullZoneScenariosOptions): Record<string, unknown> {
  if (o.cacheControlMaxAgeOverride !== undefined)
    new edge.pullzones.PullZone("zone", {
      pullZoneId: o.pullZoneId,
      cacheControlMaxAgeOverride: o.cacheControlMaxAgeOverride,
    });
  const ruleIds: Record<string, unknown> = {};
  for (const r of o.rules ?? []) {
    const rule = new edge.pullzones.EdgeRule(r.name, {
      pullZoneId: o.pullZoneId,
      ...(r.edgeRuleId ? { edgeRuleId: r.edgeRuleId, deleteOnDestroy: true } : {}),
      description: r.name,
      actionType: "SetResponseHeader",
      actionParameter1: `X-${r.name}`,
      actionParameter2: "on",
      triggers: [{ type: "Url", patternMatches: [`*/${r.name}/*`] }],
      triggerMatchingType: "MatchAny",
      enabled: true,
      priority: r.priority,
    });
    ruleIds[r.name] = rule.id;
  }
  if (o.hostname)
    new edge.pullzones.Hostname("host", {
      pullZoneId: o.pullZoneId,
      hostname: o.hostname.hostname,
      certificate: { type: "free", timeoutSeconds: o.hostname.timeoutSeconds },
    });
  return { ruleIds };
}
