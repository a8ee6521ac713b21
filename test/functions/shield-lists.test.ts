/**
 * shield.getWafRules and shield.getAccessLists (+ Output forms) against the emulator.
 * Fixtures: shield zone 2 (pull zone 4) holds custom WAF rules 301 and 302; shield zone 1
 * (pull zone 1) holds managed lists 1–4 (configurations 7001–7004) and the custom list 501.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  getAccessLists,
  getAccessListsOutput,
  getWafRules,
  getWafRulesOutput,
} from "../../packages/pulumi/src/functions/shield";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { InvalidArgumentError } from "../../packages/client/src";
import { Emu, getState, journal, opts, putState, rejection, reset, settle, start } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

describe("shield.getWafRules", () => {
  test("zone 2: both rules, enumerations as names", async () => {
    const r = await getWafRules({ shieldZoneId: 2 }, opts(emu));
    expect(r.shieldZoneId).toBe(2);
    expect(r.pullZoneId).toBeUndefined();
    expect(r.rules.map((x) => x.ruleId)).toEqual([301, 302]);
    expect(r.rules[0]).toEqual({
      ruleId: 301,
      ruleName: "block-wp-admin",
      ruleDescription: "Block WordPress admin probes",
      ruleConfiguration: {
        actionType: "Block",
        variableTypes: { REQUEST_URI: "/wp-admin" },
        operatorType: "BEGINSWITH",
        severityType: "CRITICAL",
        transformationTypes: ["LOWERCASE"],
        value: "/wp-admin",
        isNegated: false,
        isRegexVariable: false,
        chainedRuleConditions: [],
      },
    });
    expect(r.rules[1].ruleConfiguration).toMatchObject({
      actionType: "Log",
      operatorType: "DETECTSQLI",
      severityType: "WARNING",
      transformationTypes: ["URLDECODE", "LOWERCASE"],
      chainedRuleConditions: [{ operatorType: "STREQ", value: "GET" }],
    });
  });

  test("by pullZoneId: resolves the shield zone first", async () => {
    const r = await getWafRules({ pullZoneId: 4 }, opts(emu));
    expect(r).toMatchObject({ shieldZoneId: 2, pullZoneId: 4 });
    expect(r.rules).toHaveLength(2);
    const paths = (await journal(emu, /^\/shield\//)).map((e) => e.path);
    expect(paths[0]).toBe("/shield/shield-zone/get-by-pullzone/4");
  });

  test("all pages: 130 rules read over several pages", async () => {
    const s = await getState(emu);
    const base = s.wafRules[0];
    for (let i = 0; i < 128; i++) {
      s.wafRules.push({ ...base, id: 1000 + i, ruleName: `r${i}` });
    }
    await putState(emu, s);
    const r = await getWafRules({ shieldZoneId: 2 }, opts(emu));
    expect(r.rules).toHaveLength(130);
    expect(new Set(r.rules.map((x) => x.ruleId)).size).toBe(130);
    expect((await journal(emu, /custom-rules/)).length).toBeGreaterThan(1);
  });

  test("a zone without rules: empty list", async () => {
    expect((await getWafRules({ shieldZoneId: 1 }, opts(emu))).rules).toEqual([]);
  });

  test("Output form", async () => {
    const { value } = await settle(
      getWafRulesOutput({ shieldZoneId: pulumi.output(2) }, opts(emu)),
    );
    expect(value.rules).toHaveLength(2);
  });
});

describe("shield.getAccessLists", () => {
  test("zone 1: managed and custom lists with names, limits", async () => {
    const r = await getAccessLists({ shieldZoneId: 1 }, opts(emu));
    expect(r.managedLists.map((l) => [l.listId, l.name, l.enabled, l.action])).toEqual([
      [1, "VPN Providers", true, "Block"],
      [2, "Tor Exit Nodes", true, "Challenge"],
      [3, "AI Crawlers", false, "None"],
      [4, "Known Botnets", false, "None"],
    ]);
    expect(r.managedLists[3]).toMatchObject({
      configurationId: 7004,
      type: "IP",
      category: "Botnets",
      requiredPlan: "Business",
      entryCount: 52000,
      updateFrequency: "hourly",
    });
    expect(r.customLists).toEqual([
      expect.objectContaining({
        listId: 501,
        configurationId: 7101,
        name: "office-network",
        description: "Office egress ranges",
        type: "CIDR",
        enabled: true,
        action: "Allow",
        entryCount: 2,
      }),
    ]);
    expect(r).toMatchObject({ shieldZoneId: 1, customEntryCount: 2, customListCount: 1 });
    expect(typeof r.customEntryLimit).toBe("number");
    expect(typeof r.customListLimit).toBe("number");
    expect(await journal(emu, /^\/shield\//)).toHaveLength(1);
  });

  test("by pullZoneId, and the Output form", async () => {
    const r = await getAccessLists({ pullZoneId: 1 }, opts(emu));
    expect(r).toMatchObject({ shieldZoneId: 1, pullZoneId: 1 });
    const { value } = await settle(
      getAccessListsOutput({ pullZoneId: pulumi.output(1) }, opts(emu)),
    );
    expect(value.managedLists).toHaveLength(4);
  });
});

describe("bad input, checked before any call", () => {
  test.each([
    [{}, /"shieldZoneId": one of `shieldZoneId` or `pullZoneId` is required/],
    [{ shieldZoneId: 1, pullZoneId: 1 }, /"pullZoneId": give exactly one of/],
    [{ shieldZoneId: 0 }, /"shieldZoneId": must be an integer from 1/],
    [{ shieldZoneId: "x" }, /"shieldZoneId"/],
    [{ pullZoneId: 1.5 }, /"pullZoneId"/],
    [{ shieldZoneId: 1, zone: 1 }, /"zone"/],
  ])("%p", async (args, msg) => {
    for (const [get, op] of [
      [getWafRules, "getWafRules"],
      [getAccessLists, "getAccessLists"],
    ] as const) {
      const e = await rejection(get(args as never, opts(emu)));
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.message).toMatch(new RegExp(`^edgeplatform: shield\\.${op}: invalid argument `));
      expect(e.message).toMatch(msg);
    }
    expect(await journal(emu, /^\/shield\//)).toHaveLength(0);
  });

  test("unknown shield zone: the platform error surfaces", async () => {
    expect((await rejection(getAccessLists({ shieldZoneId: 999 }, opts(emu)))).name).toBe(
      "EdgeApiError",
    );
    expect((await rejection(getWafRules({ pullZoneId: 999 }, opts(emu)))).name).toBe(
      "EdgeApiError",
    );
  });
});
