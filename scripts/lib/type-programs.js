/**
 * Programs that a user of `pulumi-edgeplatform` writes, for type checks with `tsc --strict`
 * against the package's published types: one that must compile (`get`, typed outputs, each
 * form of the discriminated `RateLimitRuleArgs`) and invalid ones that `tsc` must reject,
 * with the error each must give (what `check` would otherwise reject only at preview).
 * Used by test/provider/public-types.test.ts (built workspace packages) and by
 * scripts/pack-check.js (the packed tarballs in a fresh project).
 */
"use strict";

const HEADER = `import * as pulumi from "@pulumi/pulumi";\nimport * as edge from "pulumi-edgeplatform";\n`;

/** A program that uses get, typed outputs and each form of the arguments: must compile. */
const VALID_PROGRAM = `${HEADER}
const zone = pulumi.output(1);
const created = new edge.shield.RateLimitRule("api", {
  shieldZoneId: zone,
  ruleName: "api-limit",
  ruleConfiguration: {
    actionType: edge.shield.RateLimitAction.Challenge,
    requestCount: 100,
    timeframe: "PerOneMinute",
    blockTime: 300,
  },
});
const byPull = new edge.shield.RateLimitRule("by-pull", {
  pullZoneId: 4,
  ruleName: pulumi.output("by-pull"),
  ruleConfiguration: pulumi.output({ requestCount: 5 }),
});
const adopted = new edge.shield.RateLimitRule("adopted", {
  ruleId: 101,
  ruleConfiguration: { requestCount: 10, transformationTypes: ["LOWERCASE", 19] },
});
const seen = edge.shield.RateLimitRule.get("seen", "102");
const dnssec = edge.dns.ZoneDnssec.get("zone", "2");

const count: pulumi.Output<number> = created.ruleConfiguration.requestCount;
const viaApply: pulumi.Output<number> = created.ruleConfiguration.apply((c) => c.requestCount);
const pulled: pulumi.Output<number> = byPull.ruleConfiguration.requestCount;
const action: pulumi.Output<edge.shield.RateLimitRuleConfigurationState["actionType"]> =
  created.ruleConfiguration.actionType;
const transforms = adopted.ruleConfiguration.transformationTypes;
const seenCount: pulumi.Output<number | undefined> = seen.ruleConfiguration.apply(
  (c) => c.requestCount,
);
const ids: pulumi.Output<number>[] = [created.ruleId, seen.ruleId, adopted.shieldZoneId];
const names: pulumi.Output<string | null> = seen.ruleName;
const enabled: pulumi.Output<boolean> = dnssec.enabled;
const state: edge.shield.RateLimitRuleState = {} as edge.shield.RateLimitRuleState;
const deleted: pulumi.Output<string[]> = new edge.containers.VolumeInstancesDeletion("wipe", {
  appId: "app",
  volumeId: "vol",
}).deletedInstanceIds;
const tor = new edge.shield.ManagedAccessList("tor", { pullZoneId: 1, listName: "Tor Exit Nodes", action: "Block" });
const listAction: pulumi.Output<edge.shield.AccessListActionArg> = tor.action;
const ai = new edge.shield.ManagedAccessList("ai", { shieldZoneId: zone, listId: 3, enabled: true });
const prior: pulumi.Output<boolean | undefined> = ai.prior.apply((p) => p.enabled);
const shield = new edge.shield.ShieldZone("shield", { pullZoneId: 1, waf: { mode: "Block", paranoia: { detection: 2 } }, ddos: { sensitivity: 3 }, customRuleOrder: [created.ruleId] });
const bots = new edge.shield.BotDetection("bots", { shieldZoneId: zone, browserFingerprint: { aggression: "High" } });
new edge.shield.UploadScanning("scan", { pullZoneId: 1, antivirusScanningMode: "Block" });
// The settings enumerations as named constants (the integers the API takes).
new edge.shield.BotDetection("bots-by-constant", { shieldZoneId: 2, executionMode: edge.shield.BotDetectionExecutionMode.Challenge, ipAddress: { sensitivity: edge.shield.BotDetectionSensitivity.High } });
new edge.shield.ShieldZone("shield-by-constant", { shieldZoneId: 2, waf: { mode: edge.shield.WafExecutionMode.Block }, ddos: { sensitivity: edge.shield.DDoSShieldSensitivity.High } });
new edge.shield.UploadScanning("scan-by-constant", { shieldZoneId: 2, csamScanningMode: edge.shield.UploadScanningScannerMode.Log });
new edge.shield.AccessList("list-by-constant", { shieldZoneId: 2, name: "office", type: edge.shield.AccessListType.IP, entries: ["192.0.2.1"], action: edge.shield.AccessListAction.Block });
new edge.shield.ApiGuardian("api", { shieldZoneId: 3, enabled: true, specFile: "openapi.json" });
const page = new edge.shield.ResponsePage("page", { shieldZoneId: 3, pageType: "block", html: "<p>no</p>" });
const zonePrior: pulumi.Output<Record<string, unknown>> = shield.prior;
const html: pulumi.Output<string | null> = page.html;
const viewed = edge.shield.ShieldZone.get("viewed", "1");
// Pulumi's get(name, id, state?, opts?): the options fourth.
const wafView = edge.shield.WafRule.get("waf-view", "7", { shieldZoneId: 1 }, { protect: true });
const listView = edge.shield.AccessList.get("list-view", "1/501", undefined, { dependsOn: [created] });
const https = new edge.pullzones.EdgeRule("https", { pullZoneId: 1, description: "force https", actionType: "ForceSSL", triggers: [{ type: "Url", patternMatches: ["http://*"] }], priority: 0 });
new edge.pullzones.EdgeRule("kept", { pullZoneId: 1, edgeRuleId: "00000000-0000-4000-8000-000000000001", enabled: false });
const ruleView = edge.pullzones.EdgeRule.get("rule-view", "1/00000000-0000-4000-8000-000000000001");
const ruleAction: pulumi.Output<edge.pullzones.EdgeRuleActionTypeName> = https.actionType;
const triggers: pulumi.Output<edge.pullzones.EdgeRuleTrigger[]> = ruleView.triggers;
export const all = [count, viaApply, pulled, action, transforms, seenCount, ids, names, enabled, state, deleted, listAction, prior, bots.shieldZoneId, zonePrior, html, viewed.planType, wafView.ruleId, listView.name, https.edgeRuleId, ruleAction, triggers];
`;

/**
 * The invalid programs and the first (only) error each must give. The first two are the ones
 * of issue 19: two addressing fields at once, a create without `ruleName`.
 * @type {Record<string, { text: string; error: RegExp }>}
 */
const INVALID_PROGRAMS = {
  unknownEdgeRuleAction: {
    text: `${HEADER}new edge.pullzones.EdgeRule("e", { pullZoneId: 1, description: "e", actionType: "Redirekt", triggers: [] });\n`,
    error: /^TS2\d+: Type '"Redirekt"' is not assignable to type .*Did you mean '"Redirect"'/,
  },
  optionsWhereStateBelongs: {
    text: `${HEADER}edge.shield.WafRule.get("w", "7", { protect: true });\n`,
    error:
      /^TS2353: Object literal may only specify known properties, and 'protect' does not exist in type 'LookupState</,
  },
  twoAddressingFields: {
    text: `${HEADER}new edge.shield.RateLimitRule("r", { shieldZoneId: 1, pullZoneId: 4, ruleName: "r", ruleConfiguration: {} });\n`,
    error:
      /^TS2345: .*\n\s*Types of property 'pullZoneId' are incompatible\.\n\s*Type 'number' is not assignable to type 'undefined'/,
  },
  createWithoutRuleName: {
    text: `${HEADER}new edge.shield.RateLimitRule("r", { shieldZoneId: 1, ruleConfiguration: { requestCount: 5 } });\n`,
    error:
      /^TS2345: .*\n?.*Property 'ruleName' is missing .* but required in type 'RateLimitRuleCreateInShieldZoneArgs/s,
  },
  unknownConfigurationField: {
    text: `${HEADER}new edge.shield.RateLimitRule("r", { ruleId: 1, ruleConfiguration: { requestCont: 5 } });\n`,
    error: /^TS2322: Type 'number' is not assignable to type 'never'/,
  },
  managedAccessListByIdAndName: {
    text: `${HEADER}new edge.shield.ManagedAccessList("m", { shieldZoneId: 1, listId: 3, listName: "AI Crawlers", enabled: true });\n`,
    error: /^TS2\d+: .*listName/s,
  },
  unknownAccessListAction: {
    text: `${HEADER}new edge.shield.ManagedAccessList("m", { shieldZoneId: 1, listId: 3, action: "Deny" });\n`,
    error: /^TS2\d+: .*"Deny"/s,
  },
  shieldZoneTwoZones: {
    text: `${HEADER}new edge.shield.ShieldZone("z", { shieldZoneId: 1, pullZoneId: 1 });\n`,
    error: /^TS2\d+: .*pullZoneId/s,
  },
  unknownWafMode: {
    text: `${HEADER}new edge.shield.ShieldZone("z", { shieldZoneId: 1, waf: { mode: "Deny" } });\n`,
    error: /^TS2\d+: .*"Deny"/s,
  },
  unknownPageType: {
    text: `${HEADER}new edge.shield.ResponsePage("p", { shieldZoneId: 3, pageType: "error", html: "x" });\n`,
    error: /^TS2\d+: .*"error"/s,
  },
  unknownEnumerationName: {
    text: `${HEADER}new edge.shield.RateLimitRule("r", { ruleId: 1, ruleConfiguration: { actionType: "Chalenge" } });\n`,
    error: /^TS2820: Type '"Chalenge"' is not assignable to .*Did you mean '"Challenge"'\?/s,
  },
};

module.exports = { VALID_PROGRAM, INVALID_PROGRAMS };
