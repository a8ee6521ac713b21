/**
 * The objects of the engine benchmarks' programs, as data: one definition shared by the
 * inline programs (linked layout) and the CLI-mode program of the installed layout (which
 * copies this file next to its index.js). Each spec is `{ type, name, props }`; the real
 * program makes `edge.shield[type]`, the engine-floor's no-op program makes a no-op dynamic
 * resource with the same props.
 *
 * - "rules": N rate-limit rules in shield zone 1;
 * - "mixed": N objects of every Shield kind in shield zone 1: the zone's settings (ShieldZone,
 *   BotDetection, UploadScanning: one each, a few settings), 3 curated-list configurations
 *   (lists 1–3), then custom access lists (27 %, 5 CIDR entries each), custom WAF rules (30 %)
 *   and rate-limit rules (the rest). The zone's plan limits must allow them (see
 *   `MIXED_ZONE_LIMITS`).
 */
"use strict";

/**
 * Plan and limits shield zone 1 needs for a "mixed" workload of up to 1 000 objects (bot
 * detection needs the Advanced plan or above).
 */
const MIXED_ZONE_LIMITS = {
  planType: 3,
  customWafRulesLimit: 1000,
  customListLimit: 1000,
  customEntryLimit: 100000,
  rateLimitRulesLimit: 1000,
};

const WORKLOADS = ["rules", "mixed"];

/** A rate-limit rule spec (`count` = its requestCount). */
const rateLimitRule = (i, base, count) => ({
  type: "RateLimitRule",
  name: `rule-${i}`,
  props: {
    shieldZoneId: 1,
    ruleName: `bench-${i}`,
    ruleDescription: "benchmark rule",
    ruleConfiguration: { ...base, requestCount: count },
  },
});

/** The specs of a workload of `n` objects; `updateIndex`/`updatedCount` change one rule. */
function objectSpecs(workload, n, base, opts = {}) {
  const count = (i) => (opts.updateIndex === i ? opts.updatedCount : 50);
  if (workload === "rules")
    return Array.from({ length: n }, (_, i) => rateLimitRule(i, base, count(i)));
  if (workload !== "mixed")
    throw new Error(`bench workload must be one of ${WORKLOADS.join(", ")}; got ${workload}`);
  const specs = [];
  const settings = [
    {
      type: "ShieldZone",
      name: "zone-settings",
      props: { shieldZoneId: 1, waf: { mode: "Log" }, ddos: { sensitivity: "High" } },
    },
    {
      type: "BotDetection",
      name: "bot-detection",
      props: { shieldZoneId: 1, executionMode: "Challenge" },
    },
    {
      type: "UploadScanning",
      name: "upload-scanning",
      props: { shieldZoneId: 1, enabled: true, antivirusScanningMode: "Log" },
    },
  ];
  specs.push(...settings.slice(0, n));
  const managed = Math.min(3, n - specs.length);
  for (let i = 0; i < managed; i++)
    specs.push({
      type: "ManagedAccessList",
      name: `curated-${i + 1}`,
      props: { shieldZoneId: 1, listId: i + 1, enabled: true, action: "Block" },
    });
  const lists = Math.round(n * 0.27);
  for (let i = 0; i < lists && specs.length < n; i++)
    specs.push({
      type: "AccessList",
      name: `list-${i}`,
      props: {
        shieldZoneId: 1,
        name: `bench-list-${i}`,
        type: "CIDR",
        entries: Array.from({ length: 5 }, (_, k) => `10.${i % 250}.${k}.0/24`),
        enabled: true,
        action: "Block",
      },
    });
  const waf = Math.round(n * 0.3);
  for (let i = 0; i < waf && specs.length < n; i++)
    specs.push({
      type: "WafRule",
      name: `waf-${i}`,
      props: {
        shieldZoneId: 1,
        ruleName: `bench-waf-${i}`,
        ruleDescription: "benchmark rule",
        ruleConfiguration: {
          actionType: "Log",
          variableTypes: { REQUEST_URI: `/bench-${i}` },
          operatorType: "BEGINSWITH",
          severityType: "WARNING",
          value: `/bench-${i}`,
        },
      },
    });
  for (let i = 0; specs.length < n; i++) specs.push(rateLimitRule(i, base, count(i)));
  return specs;
}

/** How many objects of a "mixed" workload of `n` exist before the program (settings, curated lists). */
const preexisting = (n) => Math.min(6, n);

module.exports = { MIXED_ZONE_LIMITS, WORKLOADS, objectSpecs, preexisting };
