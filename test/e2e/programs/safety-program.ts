/**
 * Inline program of the data-safety and ownership e2e tests (test/e2e/safety.e2e.test.ts,
 * test/e2e/ownership.e2e.test.ts, run by scripts/lib/stack-driver.js): the rate-limit rules,
 * DNSSEC switches and volume-instance deletions the options list, each written exactly as
 * given (a field left out of an option is left out of the program).
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** Former resource names of a resource (Pulumi's `aliases: [{ name }]`). */
type Aliased = {
  /** Names the resource had before (each becomes `{ name }` in `aliases`). */
  aliases?: string[];
};

/** One `edge.shield.RateLimitRule`: its resource name plus its arguments as written. */
export interface RuleSpec extends Aliased {
  /** Pulumi resource name. */
  name: string;
  ruleId?: number;
  shieldZoneId?: number;
  pullZoneId?: number;
  ruleName?: string;
  ruleDescription?: string | null;
  ruleConfiguration: Record<string, unknown>;
  deleteOnDestroy?: boolean;
}

/** One `edge.dns.ZoneDnssec`. */
export interface DnssecSpec extends Aliased {
  name: string;
  zoneId: number;
  enabled: boolean;
  priorEnabled?: boolean;
}

/** One `edge.containers.VolumeInstancesDeletion`. */
export interface VolumeDeletionSpec extends Aliased {
  name: string;
  appId: string;
  volumeId: string;
  triggers?: unknown[];
}

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type SafetyProgramOptions = {
  rules?: RuleSpec[];
  dnssec?: DnssecSpec[];
  volumeDeletions?: VolumeDeletionSpec[];
};

/** Resource options carrying the spec's aliases (none when it has none). */
const aliasOptions = (s: Aliased): pulumi.CustomResourceOptions =>
  s.aliases ? { aliases: s.aliases.map((name) => ({ name })) } : {};

/**
 * The program: every listed resource; exports rule ids, DNSSEC states and deleted volume
 * instances by resource name.
 */
export function program(o: SafetyProgramOptions): Record<string, unknown> {
  const ids: Record<string, pulumi.Output<string>> = {};
  for (const { name, aliases, ...args } of o.rules ?? []) {
    ids[name] = new edge.shield.RateLimitRule(
      name,
      args as edge.shield.RateLimitRuleArgs,
      aliasOptions({ aliases }),
    ).id;
  }
  const dnssec: Record<string, pulumi.Output<boolean>> = {};
  for (const { name, aliases, ...args } of o.dnssec ?? []) {
    dnssec[name] = new edge.dns.ZoneDnssec(name, args, aliasOptions({ aliases })).enabled;
  }
  const deleted: Record<string, pulumi.Output<string[]>> = {};
  for (const { name, aliases, ...args } of o.volumeDeletions ?? []) {
    deleted[name] = new edge.containers.VolumeInstancesDeletion(
      name,
      args,
      aliasOptions({ aliases }),
    ).deletedInstanceIds;
  }
  return { ids, dnssec, deleted };
}
