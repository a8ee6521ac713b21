/**
 * The quickstart program as a function, so that it can run both as the project's main module
 * (`index.ts`, with `pulumi up`) and inline through the Automation API (`npm run demo`, the
 * e2e tests). It uses every resource and data source of pulumi-edgeplatform.
 *
 * Connection settings come from the stack config (`edgeplatform:baseUrl`,
 * `edgeplatform:loggingUrl`, secret `edgeplatform:apiKey`) or the `EDGEPLATFORM_*` environment.
 * The ids below are those of the bundled emulator's default fixtures
 * (`npx edgeplatform-emulator`); point them at your own zones for a real account.
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** A rule's desired state; `ruleConfiguration` is merged over the program's default. */
export interface RuleOverrides {
  ruleName?: string;
  ruleDescription?: string;
  ruleConfiguration?: Partial<edge.shield.RateLimitRuleConfigurationArgs> & Record<string, unknown>;
  [extra: string]: unknown;
}

/** Knobs of the quickstart (all optional; the defaults match the emulator's fixtures). */
export interface QuickstartOptions {
  /** Shield zone in which the new rule is created (create mode). Default 1. */
  shieldZoneId?: number;
  /** Overrides for the created rule. */
  createdRule?: RuleOverrides;
  /** Existing rule to adopt (adopt mode). Default 101. */
  adoptedRuleId?: number;
  /** Overrides for the adopted rule. */
  adoptedRule?: RuleOverrides;
  /** DNS zone whose DNSSEC switch is managed. Default 1 (example.com). */
  dnsZoneId?: number;
  /** Desired DNSSEC state. Default true. */
  dnssecEnabled?: boolean;
  /** Application and volume template whose instances are deleted. Default app-1 / vol-detached. */
  appId?: string;
  volumeId?: string;
  /** Entries of the custom access list this program creates (default: two documentation ranges). */
  blockedRanges?: string[];
  /** Whether to read the data sources (default true). */
  dataSources?: boolean;
}

/** Desired configuration of the rule this program creates. Enumerations by name or number. */
export const createdRuleConfiguration: edge.shield.RateLimitRuleConfigurationArgs = {
  actionType: "Challenge",
  variableTypes: { REQUEST_URI: "/checkout" },
  operatorType: "BEGINSWITH",
  severityType: "WARNING",
  transformationTypes: ["LOWERCASE", "URLDECODE"],
  value: "/checkout",
  isNegated: false,
  isRegexVariable: false,
  requestCount: 50,
  counterKeyType: "IP",
  timeframe: 60,
  blockTime: 300,
  chainedRuleConditions: [],
};

/** Desired configuration of the adopted rule (fixture rule 101, "api-burst"). */
export const adoptedRuleConfiguration: edge.shield.RateLimitRuleConfigurationArgs = {
  actionType: edge.shield.RateLimitAction.RateLimit,
  variableTypes: { REQUEST_URI: "/api" },
  operatorType: edge.shield.OperatorType.BEGINSWITH,
  severityType: edge.shield.SeverityType.WARNING,
  transformationTypes: [edge.shield.TransformationType.LOWERCASE],
  value: "/api",
  isNegated: false,
  isRegexVariable: false,
  requestCount: 200,
  counterKeyType: edge.shield.CounterKeyType.IP,
  timeframe: 60,
  blockTime: edge.shield.BlockTime.ForFifteenMinutes,
  chainedRuleConditions: [],
};

function ruleArgs(base: edge.shield.RateLimitRuleConfigurationArgs, overrides: RuleOverrides = {}) {
  const { ruleConfiguration, ...rest } = overrides;
  return { ...rest, ruleConfiguration: { ...base, ...(ruleConfiguration ?? {}) } };
}

/** Runs the quickstart; returns the stack outputs. */
export function quickstart(opts: QuickstartOptions = {}) {
  const today = new Date();

  // Shield rate limiting: one rule created by this stack (deleted on destroy) ...
  const created = new edge.shield.RateLimitRule("checkout-limit", {
    shieldZoneId: opts.shieldZoneId ?? 1,
    ruleName: "checkout-limit",
    ruleDescription: "Challenge clients that hammer the checkout",
    ...ruleArgs(createdRuleConfiguration, opts.createdRule),
  });

  // ... and one existing rule adopted and brought to the desired state (left in place on destroy).
  const adopted = new edge.shield.RateLimitRule("api-burst", {
    ruleId: opts.adoptedRuleId ?? 101,
    ruleDescription: "Limit API bursts per IP (managed by Pulumi)",
    deleteOnDestroy: false,
    ...ruleArgs(adoptedRuleConfiguration, opts.adoptedRule),
  });

  // A custom WAF rule created by this stack (deleted on destroy). Shield zone 1 allows 10
  // (customWafRulesLimit); the create is refused before any write at the limit.
  const wafRule = new edge.shield.WafRule("block-admin-probes", {
    shieldZoneId: opts.shieldZoneId ?? 1,
    ruleName: "block-admin-probes",
    ruleDescription: "Block probes of admin paths",
    ruleConfiguration: {
      actionType: "Block",
      variableTypes: { REQUEST_URI: "/wp-admin" },
      operatorType: "BEGINSWITH",
      value: "/wp-admin",
    },
  });

  // A custom access list created by this stack: entries checked by type before any call,
  // blocked when matched (its configuration), deleted on destroy.
  const blocklist = new edge.shield.AccessList("blocked-ranges", {
    shieldZoneId: opts.shieldZoneId ?? 1,
    name: "blocked-ranges",
    type: "CIDR",
    entries: opts.blockedRanges ?? ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.128/25"],
    enabled: true,
    action: "Block",
  });

  // DNSSEC switch of a zone (no write when already so; destroy restores the state it had before).
  const dnssec = new edge.dns.ZoneDnssec("example-com-dnssec", {
    zoneId: opts.dnsZoneId ?? 1,
    enabled: opts.dnssecEnabled ?? true,
  });

  // One-shot clean-up of a detached volume template's instances.
  const volumeCleanup = new edge.containers.VolumeInstancesDeletion("vol-detached-cleanup", {
    appId: opts.appId ?? "app-1",
    volumeId: opts.volumeId ?? "vol-detached",
  });

  const outputs: Record<string, pulumi.Input<unknown>> = {
    createdRuleId: created.ruleId,
    createdRule: {
      name: created.ruleName,
      requestCount: created.ruleConfiguration.apply((c) => c.requestCount),
      actionType: created.ruleConfiguration.apply((c) => c.actionType),
    },
    adoptedRuleId: adopted.ruleId,
    adoptedRule: {
      name: adopted.ruleName,
      requestCount: adopted.ruleConfiguration.apply((c) => c.requestCount),
      blockTime: adopted.ruleConfiguration.apply((c) => c.blockTime),
    },
    wafRule: { id: wafRule.ruleId, name: wafRule.ruleName },
    accessList: {
      id: blocklist.listId,
      entryCount: blocklist.entryCount,
      action: blocklist.action,
    },
    dnssec: {
      zoneId: dnssec.zoneId,
      enabled: dnssec.enabled,
      keyTag: dnssec.keyTag,
      dsRecord: dnssec.dsRecord,
    },
    deletedVolumeInstanceIds: volumeCleanup.deletedInstanceIds,
  };
  if (opts.dataSources === false) return outputs;

  // Data sources: each has a Promise form (getX) and an Output form (getXOutput).
  const registry = edge.containers.getRegistryOutput({ registryId: 1 });
  const regions = edge.containers.getRegionSettingsOutput({ appId: opts.appId ?? "app-1" });
  // A fixed window (the last 7 whole UTC days) keeps the figures stable between runs of a day.
  const dayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const stats = edge.compute.getScriptStatisticsOutput({
    scriptId: 1,
    dateFrom: new Date(dayStart - 7 * 86400000).toISOString(),
    dateTo: new Date(dayStart).toISOString(),
  });
  const taken = edge.pullzones.checkNameAvailabilityOutput({ name: "zone-one" });
  const fresh = edge.pullzones.checkNameAvailabilityOutput({ name: "quickstart-zone" });
  const events = edge.shield.getEventLogsOutput({ shieldZoneId: 1, date: today, maxPages: 2 });
  const accessLogs = edge.logging.getAccessLogsOutput({
    pullZoneId: 1,
    status: "2xx",
    maxRecords: 25,
  });
  const legacyLogs = edge.logging.getLegacyAccessLogsOutput({
    pullZoneId: 1,
    date: today,
    start: 0,
    end: 20,
  });

  return {
    ...outputs,
    registry: {
      hostName: pulumi.unsecret(registry.hostName),
      displayName: pulumi.unsecret(registry.displayName),
    },
    regionSettings: {
      provisioningType: regions.provisioningType,
      allowedRegionIds: regions.allowedRegionIds,
    },
    scriptRequestsServed: stats.totalRequestsServed,
    nameAvailability: { "zone-one": taken.available, "quickstart-zone": fresh.available },
    eventLogs: {
      records: events.logs.apply((l) => l.length),
      pages: events.pages,
      truncated: events.truncated,
    },
    accessLogs: {
      records: accessLogs.records.apply((r) => r.length),
      truncated: accessLogs.truncated,
    },
    legacyAccessLogs: {
      records: legacyLogs.records.apply((r) => r.length),
      skippedLines: legacyLogs.skippedLines.apply((s) => s.length),
    },
  };
}
