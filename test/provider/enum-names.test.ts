/**
 * Enumerations read as names (issue 31, "readable previews with the exported constants"):
 * `check` returns every enumeration input as its NAME, whether the program wrote the API's
 * integer (`edge.shield.RateLimitAction.Challenge === 3`), the name in another case, or the
 * name, for every kind with enumerations, because what a reviewer reads in `preview --diff`
 * is the inputs `check` returns. A state written by the previous release holds integers:
 * `diff` compares by value (3 is "Challenge"), so an unchanged program makes no change.
 */
import { createHash } from "crypto";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { checkRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check";
import { diffRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import {
  checkWafRule,
  wafRuleProvider,
} from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import {
  accessListProvider,
  checkAccessList,
} from "../../packages/pulumi/src/resources/kinds/collections/access-list-provider";
import {
  checkManagedAccessList,
  diffManagedAccessList,
} from "../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { botDetectionProvider as bot } from "../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { uploadScanningProvider as scan } from "../../packages/pulumi/src/resources/kinds/settings/upload-scanning";
import { apiGuardianProvider as api } from "../../packages/pulumi/src/resources/kinds/settings/api-guardian";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";

beforeEach(() => resetRunState());

/** A rate-limit configuration written with the exported constants (integers). */
const RATE_INTEGERS = {
  actionType: 3, // RateLimitAction.Challenge
  variableTypes: { REQUEST_URI: "/login" },
  operatorType: 2, // OperatorType.CONTAINS
  severityType: 1, // SeverityType.WARNING
  transformationTypes: [8, 19], // LOWERCASE, URLDECODE
  value: "/login",
  requestCount: 10,
  counterKeyType: 7, // CounterKeyType.IP_JA4
  timeframe: 60, // Timeframe.PerOneMinute
  blockTime: 300, // BlockTime.ForFiveMinutes
  chainedRuleConditions: [{ operatorType: 15, value: "POST" }], // STREQ
};
/** The same configuration as a reviewer should read it. */
const RATE_NAMES = {
  actionType: "Challenge",
  variableTypes: { REQUEST_URI: "/login" },
  operatorType: "CONTAINS",
  severityType: "WARNING",
  transformationTypes: ["LOWERCASE", "URLDECODE"],
  value: "/login",
  requestCount: 10,
  counterKeyType: "IP_JA4",
  timeframe: "PerOneMinute",
  blockTime: "ForFiveMinutes",
  chainedRuleConditions: [{ operatorType: "STREQ", value: "POST" }],
};

describe("check returns enumerations as names", () => {
  test("RateLimitRule: integers (the exported constants) become names", () => {
    const r = checkRateLimitRule(
      {},
      { shieldZoneId: 1, ruleName: "login", ruleConfiguration: RATE_INTEGERS },
    );
    expect(r.failures).toEqual([]);
    expect(r.inputs.ruleConfiguration).toEqual(RATE_NAMES);
  });

  test("RateLimitRule: names in any case become the names of the constants", () => {
    const r = checkRateLimitRule(
      {},
      {
        shieldZoneId: 1,
        ruleName: "login",
        ruleConfiguration: {
          ...RATE_NAMES,
          actionType: "challenge",
          transformationTypes: ["lowercase", 19],
          chainedRuleConditions: [{ operatorType: "streq", value: "POST" }],
        },
      },
    );
    expect(r.failures).toEqual([]);
    expect(r.inputs.ruleConfiguration).toEqual(RATE_NAMES);
  });

  test("RateLimitRule: a value not known yet stays unknown; a wrong value stays for its failure", () => {
    const r = checkRateLimitRule(
      {},
      { ruleId: 5, ruleConfiguration: { actionType: UNKNOWN, timeframe: 60 } },
    );
    expect(r.failures).toEqual([]);
    expect(r.inputs.ruleConfiguration).toEqual({ actionType: UNKNOWN, timeframe: "PerOneMinute" });
    const bad = checkRateLimitRule({}, { ruleId: 5, ruleConfiguration: { timeframe: 61 } });
    expect(bad.failures).toHaveLength(1);
    expect(bad.inputs.ruleConfiguration).toEqual({ timeframe: 61 });
  });

  test("WafRule: actionType by WafRuleAction, operator, severity and transformations", () => {
    const r = checkWafRule(
      {},
      {
        ruleId: 9,
        ruleConfiguration: {
          actionType: 5, // WafRuleAction.Bypass
          operatorType: 14, // RX
          severityType: 2, // CRITICAL
          transformationTypes: [1], // CMDLINE
          chainedRuleConditions: [{ operatorType: 0 }], // BEGINSWITH
        },
      },
    );
    expect(r.failures).toEqual([]);
    expect(r.inputs.ruleConfiguration).toEqual({
      actionType: "Bypass",
      operatorType: "RX",
      severityType: "CRITICAL",
      transformationTypes: ["CMDLINE"],
      chainedRuleConditions: [{ operatorType: "BEGINSWITH" }],
    });
  });

  test("AccessList: type and action", () => {
    const r = checkAccessList(
      {},
      { shieldZoneId: 1, name: "l", type: 1, entries: ["10.0.0.0/8"], action: 2 },
    );
    expect(r.failures).toEqual([]);
    expect(r.inputs).toMatchObject({ type: "CIDR", action: "Block" });
    const named = checkAccessList(
      {},
      { shieldZoneId: 1, name: "l", type: "cidr", entries: ["10.0.0.0/8"], action: "block" },
    );
    expect(named.inputs).toMatchObject({ type: "CIDR", action: "Block" });
  });

  test("ManagedAccessList: action", () => {
    const r = checkManagedAccessList({}, { shieldZoneId: 1, listId: 20, action: 3 });
    expect(r.failures).toEqual([]);
    expect(r.inputs).toMatchObject({ action: "Challenge" });
  });

  test("settings kinds: every enumeration field", () => {
    const zone = sz.checkSync(
      {},
      {
        shieldZoneId: 1,
        planType: 2,
        waf: { mode: 1, requestBodyLimitAction: 2, responseBodyLimitAction: 0 },
        ddos: { sensitivity: 4 },
      },
    );
    expect(zone.failures ?? []).toEqual([]);
    expect(zone.inputs).toMatchObject({
      planType: "Business",
      waf: { mode: "Block", requestBodyLimitAction: "Ignore", responseBodyLimitAction: "Block" },
      ddos: { sensitivity: "Challenge" },
    });
    const b = bot.checkSync(
      {},
      {
        shieldZoneId: 2,
        executionMode: 1,
        requestIntegrity: { sensitivity: 3 },
        ipAddress: { sensitivity: 0 },
        browserFingerprint: { sensitivity: 2, aggression: 4 },
      },
    );
    expect(b.failures ?? []).toEqual([]);
    expect(b.inputs).toMatchObject({
      executionMode: "Challenge",
      requestIntegrity: { sensitivity: "High" },
      ipAddress: { sensitivity: "Off" },
      browserFingerprint: { sensitivity: "Medium", aggression: "Custom" },
    });
    const s = scan.checkSync({}, { pullZoneId: 1, csamScanningMode: 2, antivirusScanningMode: 1 });
    expect(s.failures ?? []).toEqual([]);
    expect(s.inputs).toMatchObject({ csamScanningMode: "Block", antivirusScanningMode: "Log" });
    const a = api.checkSync(
      {},
      {
        shieldZoneId: 3,
        executionMode: 0,
        bodyLimitAction: 1,
        unmatchedPathAction: 2,
        specHash: "a".repeat(64),
      },
    );
    expect(a.failures ?? []).toEqual([]);
    expect(a.inputs).toMatchObject({
      executionMode: "Log",
      bodyLimitAction: "Log",
      unmatchedPathAction: "Ignore",
    });
  });
});

describe("a state of the previous release (integers) and the same program (names): no change", () => {
  test("RateLimitRule", async () => {
    const olds = {
      ruleId: 5,
      shieldZoneId: 1,
      adopted: false,
      ruleName: "login",
      ruleConfiguration: RATE_INTEGERS,
    };
    const news = { shieldZoneId: 1, ruleName: "login", ruleConfiguration: RATE_NAMES };
    expect(diffRateLimitRule("5", olds as never, news as never)).toMatchObject({
      changes: false,
    });
    // ... and a real change is still one.
    const moved = { ...news, ruleConfiguration: { ...RATE_NAMES, actionType: "Log" } };
    expect(diffRateLimitRule("5", olds as never, moved as never)).toMatchObject({
      changes: true,
    });
  });

  test("WafRule", async () => {
    const olds = {
      ruleId: 9,
      shieldZoneId: 1,
      adopted: true,
      ruleConfiguration: { actionType: 5, transformationTypes: [1] },
    };
    const news = {
      ruleId: 9,
      ruleConfiguration: { actionType: "Bypass", transformationTypes: ["CMDLINE"] },
    };
    expect(await wafRuleProvider.diff("9", olds as never, news as never)).toMatchObject({
      changes: false,
    });
  });

  test("AccessList", async () => {
    const entries = "10.0.0.0/8";
    const olds = {
      listId: 7,
      shieldZoneId: 1,
      adopted: false,
      name: "l",
      type: 1,
      enabled: true,
      action: 2,
      entryCount: 1,
      entriesDigest: createHash("sha256").update(entries).digest("hex"),
    };
    const news = {
      shieldZoneId: 1,
      name: "l",
      type: "CIDR",
      entries,
      enabled: true,
      action: "Block",
    };
    const d = await accessListProvider.diff("1/7", olds as never, news as never);
    expect(d).toMatchObject({ changes: false, replaces: [] });
  });

  test("ManagedAccessList", () => {
    const olds = {
      shieldZoneId: 1,
      listId: 20,
      configurationId: 200,
      listName: "VPN Providers",
      enabled: true,
      action: 3,
      prior: { enabled: false, action: "Block" },
    };
    const news = { shieldZoneId: 1, listId: 20, enabled: true, action: "Challenge" };
    expect(diffManagedAccessList("1/20", olds as never, news as never)).toMatchObject({
      changes: false,
    });
  });

  test("settings kinds", () => {
    const zone = sz.diffSync(
      "1",
      {
        shieldZoneId: 1,
        managed: ["planType", "waf.mode", "ddos.sensitivity"],
        prior: { planType: "Basic", waf: { mode: "Log" }, ddos: { sensitivity: "Off" } },
        planType: 2,
        waf: { mode: 1 },
        ddos: { sensitivity: 4 },
      } as never,
      {
        shieldZoneId: 1,
        planType: "Business",
        waf: { mode: "Block" },
        ddos: { sensitivity: "Challenge" },
      } as never,
    );
    expect(zone).toMatchObject({ changes: false, replaces: [] });
    const b = bot.diffSync(
      "2",
      {
        shieldZoneId: 2,
        managed: ["executionMode", "browserFingerprint.aggression"],
        prior: { executionMode: "LogOnly", browserFingerprint: { aggression: "Low" } },
        executionMode: 1,
        browserFingerprint: { aggression: 4 },
      } as never,
      {
        shieldZoneId: 2,
        executionMode: "Challenge",
        browserFingerprint: { aggression: "Custom" },
      } as never,
    );
    expect(b).toMatchObject({ changes: false });
    const changed = bot.diffSync(
      "2",
      {
        shieldZoneId: 2,
        managed: ["executionMode"],
        prior: { executionMode: "LogOnly" },
        executionMode: 1,
      } as never,
      { shieldZoneId: 2, executionMode: "LogOnly" } as never,
    );
    expect(changed).toMatchObject({ changes: true });
  });
});
