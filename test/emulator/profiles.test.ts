/**
 * Emulator behaviour profiles: each switch through HTTP, the control API that sets them, the
 * option and CLI plumbing, and that `default` is the emulator's long-standing behaviour.
 */
import {
  buildServer,
  EmulatorControl,
  PROFILES,
  type BehaviourProfile,
  type ProfileName,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { parseArgs } from "../../packages/emulator/src/cli";
import { call, NOW, start } from "./helpers";

import { setTimeout as sleep } from "node:timers/promises";
const reset = (emu: RunningEmulator) => call(emu, "POST", "/_emulator/reset", { key: false });
const setProfile = (emu: RunningEmulator, body: unknown) =>
  call(emu, "PUT", "/_emulator/profile", { key: false, body });

/** A rule configuration with every field (so replace and merge differ visibly). */
const full = {
  actionType: 3,
  variableTypes: { REQUEST_URI: "/p" },
  operatorType: 2,
  severityType: 1,
  transformationTypes: [8],
  value: "/p",
  isNegated: true,
  isRegexVariable: false,
  requestCount: 42,
  counterKeyType: 1,
  timeframe: 10,
  blockTime: 60,
  chainedRuleConditions: [
    { variableTypes: { REQUEST_METHOD: "GET" }, operatorType: 5, value: "GET", isNegated: false },
  ],
};

describe("PROFILES", () => {
  test("default is the long-standing behaviour; every other profile flips exactly one switch", () => {
    expect(PROFILES.default).toEqual({
      ruleConfigPatch: "replace",
      fillDefaults: false,
      writeDelayMs: 0,
      acceptedNamesRule: true,
      dnssecAnswer: "fresh",
      notFoundAnswer: "404",
      zonePatch: "merge",
      planRefusal: "403",
      dnsZoneExists: "400",
      dnsZoneUpdateAnswer: "zone",
      dnsRecordAddAnswer: "record",
      pullZoneUpdate: "merge",
      edgeRuleOrder: "as-written",
      pullZoneWrites: "serial",
      edgeRuleAddAnswer: "rule",
      scriptCodeSave: "draft",
      scriptVarUpsert: "merge",
      mcDeployMs: 0,
      mcAppPut: "replace",
      mcListOrder: "created",
      freeCertificateMs: 0,
    });
    const flipped: Record<string, Partial<BehaviourProfile>> = {
      "merge-patch": { ruleConfigPatch: "merge" },
      "fill-defaults": { fillDefaults: true },
      "async-202": { writeDelayMs: 300 },
      "stale-dnssec": { dnssecAnswer: "stale" },
      "embedded-not-found": { notFoundAnswer: "embedded-200" },
      "zone-replace": { zonePatch: "replace" },
      "embedded-plan-refusal": { planRefusal: "embedded-200" },
    };
    expect(Object.keys(PROFILES).sort()).toEqual(["default", ...Object.keys(flipped)].sort());
    for (const [name, diff] of Object.entries(flipped)) {
      expect(PROFILES[name as ProfileName]).toEqual({ ...PROFILES.default, ...diff });
    }
    expect(PROFILES["async-202"].acceptedNamesRule).toBe(true);
    expect(Object.isFrozen(PROFILES.default)).toBe(true);
  });

  test("an invalid profile option fails buildServer with the field and the allowed values", () => {
    expect(() => buildServer({ profile: "nope" as ProfileName })).toThrow(
      /unknown profile "nope"; allowed: default, merge-patch/,
    );
    expect(() => buildServer({ profile: { writeDelayMs: -1 } })).toThrow(
      /writeDelayMs: must be an integer from 0 to 600000/,
    );
  });

  test("CLI --profile NAME", () => {
    expect(parseArgs(["--profile", "async-202"])).toEqual({ profile: "async-202" });
    expect(parseArgs(["--profile=stale-dnssec"])).toEqual({ profile: "stale-dnssec" });
    expect(() => parseArgs(["--profile", "fast"])).toThrow(/--profile: unknown profile "fast"/);
  });
});

describe("default profile: identical answers with and without the option", () => {
  let plain: RunningEmulator;
  let named: RunningEmulator;
  beforeAll(async () => {
    plain = await start({ now: () => NOW });
    named = await start({ now: () => NOW, profile: "default" });
  });
  afterAll(async () => {
    await plain.close();
    await named.close();
  });

  test("the same requests give byte-identical bodies and statuses", async () => {
    const script: [string, string, unknown?][] = [
      ["GET", "/shield/rate-limit/101"],
      ["GET", "/shield/rate-limit/999"],
      ["POST", "/shield/rate-limit", { shieldZoneId: 1, ruleName: "n", ruleConfiguration: {} }],
      ["POST", "/shield/rate-limit", { shieldZoneId: 9, ruleConfiguration: { value: "x" } }],
      ["PATCH", "/shield/rate-limit/101", { ruleConfiguration: { value: "/only" } }],
      ["PATCH", "/shield/rate-limit/999", { ruleName: "x" }],
      ["DELETE", "/shield/rate-limit/102"],
      ["DELETE", "/shield/rate-limit/102"],
      ["GET", "/shield/rate-limits/1"],
      ["DELETE", "/dnszone/2/dnssec"],
      ["POST", "/dnszone/1/dnssec"],
      ["GET", "/dnszone/1"],
    ];
    for (const [method, path, body] of script) {
      const a = await call(plain, method, path, { body });
      const b = await call(named, method, path, { body });
      expect([method, path, b.status, b.text]).toEqual([method, path, a.status, a.text]);
    }
    // today's behaviour, spelled out
    const r = await call(plain, "GET", "/shield/rate-limit/101");
    expect(r.json.ruleConfiguration).toEqual({ value: "/only" }); // replaced whole
    expect((await call(plain, "GET", "/shield/rate-limit/999")).status).toBe(404);
    expect((await call(plain, "POST", "/dnszone/2/dnssec")).json.Enabled).toBe(true);
  });
});

describe("behaviour switches through HTTP", () => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  beforeAll(async () => {
    emu = await start({ now: () => NOW });
    ctl = new EmulatorControl(emu.url);
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await setProfile(emu, { name: "default" });
    await reset(emu);
  });

  const rule = async (id: number) => (await call(emu, "GET", `/shield/rate-limit/${id}`)).json;

  test("ruleConfigPatch merge: sent top-level fields over the stored ones; lists whole; null clears", async () => {
    await ctl.setProfile("merge-patch");
    const before = await rule(102);
    const r = await call(emu, "PATCH", "/shield/rate-limit/102", {
      body: {
        ruleConfiguration: {
          requestCount: 7,
          value: null,
          transformationTypes: [19],
          chainedRuleConditions: [{ operatorType: 0 }],
        },
      },
    });
    expect(r.status).toBe(200);
    const expected = {
      ...before.ruleConfiguration,
      requestCount: 7,
      value: null,
      transformationTypes: [19],
      chainedRuleConditions: [{ operatorType: 0 }],
    };
    expect(r.json.ruleConfiguration).toEqual(expected);
    expect((await rule(102)).ruleConfiguration).toEqual(expected);
    expect(JSON.parse((await rule(102)).ruleJson)).toEqual(expected);
    // replace (default): the same PATCH wipes the other fields
    await ctl.setProfile("default");
    await call(emu, "PATCH", "/shield/rate-limit/102", {
      body: { ruleConfiguration: { requestCount: 8 } },
    });
    expect((await rule(102)).ruleConfiguration).toEqual({ requestCount: 8 });
  });

  test("fillDefaults: omitted fields are stored and returned with the platform defaults", async () => {
    await ctl.setProfile("fill-defaults");
    const r = await call(emu, "POST", "/shield/rate-limit", {
      body: {
        shieldZoneId: 1,
        ruleName: "filled",
        ruleConfiguration: {
          value: "/f",
          isNegated: null,
          chainedRuleConditions: [{ value: "a" }, { operatorType: 5, isNegated: true }],
        },
      },
    });
    expect(r.status).toBe(200);
    const expected = {
      value: "/f",
      isNegated: null, // sent null is kept: only omitted fields are filled
      actionType: 1,
      operatorType: 0,
      severityType: 0,
      requestCount: 100,
      counterKeyType: 0,
      timeframe: 60,
      blockTime: 300,
      isRegexVariable: false,
      chainedRuleConditions: [
        { value: "a", operatorType: 0, isNegated: false, isRegexVariable: false },
        { operatorType: 5, isNegated: true, isRegexVariable: false },
      ],
    };
    expect(r.json.ruleConfiguration).toEqual(expected);
    expect((await rule(r.json.id)).ruleConfiguration).toEqual(expected);
    // PATCH (replace) fills too
    const p = await call(emu, "PATCH", `/shield/rate-limit/${r.json.id}`, {
      body: { ruleConfiguration: { timeframe: 10 } },
    });
    expect(p.json.ruleConfiguration).toEqual({
      actionType: 1,
      operatorType: 0,
      severityType: 0,
      requestCount: 100,
      counterKeyType: 0,
      timeframe: 10,
      blockTime: 300,
      isNegated: false,
      isRegexVariable: false,
    });
    // default: stored exactly as sent
    await ctl.setProfile("default");
    const d = await call(emu, "POST", "/shield/rate-limit", {
      body: { shieldZoneId: 1, ruleConfiguration: { value: "/g" } },
    });
    expect((await rule(d.json.id)).ruleConfiguration).toEqual({ value: "/g" });
  });

  test("writeDelayMs: POST answered 202 naming the rule, invisible until applied", async () => {
    await ctl.setProfile({ name: "async-202", writeDelayMs: 150 });
    const r = await call(emu, "POST", "/shield/rate-limit", {
      body: { shieldZoneId: 1, ruleName: "later", ruleConfiguration: full },
    });
    expect(r.status).toBe(202);
    expect(r.json).toEqual({
      location: "/shield/rate-limit/1000",
      value: { id: 1000 },
      statusCode: 202,
    });
    expect((await call(emu, "GET", "/shield/rate-limit/1000")).status).toBe(404);
    const list = async () =>
      (await call(emu, "GET", "/shield/rate-limits/1?perPage=100")).json.data.map(
        (x: { id: number }) => x.id,
      );
    expect(await list()).toEqual([101, 102]);
    await sleep(400);
    const got = await call(emu, "GET", "/shield/rate-limit/1000");
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ id: 1000, ruleName: "later", ruleConfiguration: full });
    expect(await list()).toEqual([101, 102, 1000]);
    // the next POST takes the next id even though the first was pending
    const r2 = await call(emu, "POST", "/shield/rate-limit", { body: { shieldZoneId: 1 } });
    expect(r2.json.value).toEqual({ id: 1001 });
  });

  test("writeDelayMs: a PATCH's change is invisible until applied; 202 without the rule's name", async () => {
    await ctl.setProfile({ writeDelayMs: 150, acceptedNamesRule: false });
    const r = await call(emu, "PATCH", "/shield/rate-limit/101", {
      body: { ruleName: "renamed", ruleConfiguration: full },
    });
    expect(r.status).toBe(202);
    expect(r.json).toEqual({
      location: null,
      value: null,
      formatters: null,
      contentTypes: null,
      declaredType: null,
      statusCode: 202,
    });
    expect((await rule(101)).ruleName).toBe("api-burst");
    await sleep(400);
    expect(await rule(101)).toMatchObject({ ruleName: "renamed", ruleConfiguration: full });
    // missing rules and unknown zones are answered at once, not accepted
    expect((await call(emu, "PATCH", "/shield/rate-limit/999", { body: {} })).status).toBe(404);
    const z = await call(emu, "POST", "/shield/rate-limit", { body: { shieldZoneId: 9 } });
    expect(z.status).toBe(200);
    expect(z.json.errorResponse.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
  });

  test("writeDelayMs: a custom WAF rule's and a custom list's DELETE answer 202; the object is read and listed until applied; a rate-limit rule's DELETE is 200 at once", async () => {
    // Long enough that the reads below see the pending state on a loaded machine.
    await ctl.setProfile({ name: "async-202", writeDelayMs: 2000 });
    const wafRule = "/shield/waf/custom-rule/301"; // fixture, shield zone 2
    const list = "/shield/shield-zone/1/access-lists/501"; // fixture custom list, zone 1
    const accepted = (message: string) => ({
      statusCode: 202,
      success: true,
      message,
      errorKey: null,
    });
    const w = await call(emu, "DELETE", wafRule);
    expect([w.status, w.json]).toEqual([202, accepted("Custom WAF rule 301 deletion accepted")]);
    const l = await call(emu, "DELETE", list);
    expect([l.status, l.json]).toEqual([202, accepted("Access list 501 deletion accepted")]);
    // Still there, one by one and in the zone's list, until applied.
    expect((await call(emu, "GET", wafRule)).status).toBe(200);
    const wafIds = async () =>
      (await call(emu, "GET", "/shield/waf/custom-rules/2?perPage=100")).json.data.map(
        (x: { id: number }) => x.id,
      );
    expect(await wafIds()).toContain(301);
    expect((await call(emu, "GET", list)).status).toBe(200);
    const listIds = async () =>
      (await call(emu, "GET", "/shield/shield-zone/1/access-lists")).json.customLists.map(
        (x: { listId: number }) => x.listId,
      );
    expect(await listIds()).toContain(501);
    // A second DELETE while pending is accepted again (the object is still there).
    expect((await call(emu, "DELETE", wafRule)).status).toBe(202);
    // Applied later: polled (bounded), not slept for.
    for (let t = Date.now(); Date.now() - t < 10_000; await sleep(100))
      if ((await call(emu, "GET", list)).status === 404) break;
    expect((await call(emu, "GET", wafRule)).status).toBe(404);
    expect(await wafIds()).not.toContain(301);
    expect((await call(emu, "GET", list)).status).toBe(404);
    expect(await listIds()).not.toContain(501);
    // The published API has no 202 for a rate-limit rule's DELETE: gone at once.
    const r = await call(emu, "DELETE", "/shield/rate-limit/101");
    expect(r.status).toBe(200);
    expect((await call(emu, "GET", "/shield/rate-limit/101")).status).toBe(404);
  });

  test("writeDelayMs: reset drops pending writes and keeps the profile", async () => {
    await ctl.setProfile({ writeDelayMs: 150 });
    await call(emu, "POST", "/shield/rate-limit", { body: { shieldZoneId: 1, ruleName: "gone" } });
    await call(emu, "PATCH", "/shield/rate-limit/101", { body: { ruleName: "gone" } });
    await reset(emu);
    await sleep(400);
    expect((await call(emu, "GET", "/shield/rate-limit/1000")).status).toBe(404);
    expect((await rule(101)).ruleName).toBe("api-burst");
    expect((await ctl.profile()).writeDelayMs).toBe(150);
  });

  test("dnssecAnswer stale: Enabled from before the change; the zone still changes", async () => {
    await ctl.setProfile("stale-dnssec");
    const off = await call(emu, "DELETE", "/dnszone/2/dnssec");
    expect(off.status).toBe(200);
    expect(off.json.Enabled).toBe(true);
    expect((await call(emu, "GET", "/dnszone/2")).json.DnsSecEnabled).toBe(false);
    const on = await call(emu, "POST", "/dnszone/1/dnssec");
    expect(on.json.Enabled).toBe(false);
    expect((await call(emu, "GET", "/dnszone/1")).json.DnsSecEnabled).toBe(true);
    await ctl.setProfile("default");
    expect((await call(emu, "DELETE", "/dnszone/1/dnssec")).json.Enabled).toBe(false);
  });

  test("notFoundAnswer embedded-200: GET/PATCH rule-shaped, DELETE GenericRequestResponse", async () => {
    await ctl.setProfile("embedded-not-found");
    const err = {
      statusCode: 404,
      success: false,
      message: "Rate limit rule 999 was not found",
      errorKey: "not_found.ratelimit",
    };
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { ruleName: "x" }],
    ] as const) {
      const r = await call(emu, method, "/shield/rate-limit/999", { body });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({
        id: 0,
        shieldZoneId: 0,
        userId: null,
        ruleName: null,
        ruleDescription: null,
        ruleJson: null,
        ruleConfiguration: null,
        errorResponse: err,
      });
    }
    const d = await call(emu, "DELETE", "/shield/rate-limit/999");
    expect([d.status, d.json]).toEqual([200, err]);
    // existing rules are unaffected
    expect((await call(emu, "GET", "/shield/rate-limit/101")).json.errorResponse.success).toBe(
      true,
    );
  });
});

describe("control API: GET/PUT /_emulator/profile", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await start({ profile: { name: "merge-patch", dnssecAnswer: "stale" } });
  });
  afterAll(() => emu.close());

  test("the option's profile is served; PUT by name, by switches, by name + switches", async () => {
    const ctl = new EmulatorControl(emu.url);
    expect(await ctl.profile()).toEqual({
      ...PROFILES.default,
      ruleConfigPatch: "merge",
      dnssecAnswer: "stale",
    });
    expect(await ctl.setProfile("async-202")).toEqual(PROFILES["async-202"]);
    // switches apply over default, not over the current profile
    expect(await ctl.setProfile({ fillDefaults: true })).toEqual(PROFILES["fill-defaults"]);
    const put = await setProfile(emu, { name: "async-202", writeDelayMs: 20 });
    expect([put.status, put.json]).toEqual([200, { ...PROFILES["async-202"], writeDelayMs: 20 }]);
    expect((await setProfile(emu, JSON.stringify("stale-dnssec"))).json).toEqual(
      PROFILES["stale-dnssec"],
    );
    await reset(emu);
    expect(await ctl.profile()).toEqual(PROFILES["stale-dnssec"]);
  });

  test("invalid bodies: 400 naming the field and the allowed values; the profile is unchanged", async () => {
    const ctl = new EmulatorControl(emu.url);
    await ctl.setProfile("merge-patch");
    const cases: [unknown, RegExp][] = [
      [
        { name: "fast" },
        /^name: unknown profile "fast"; allowed: default, merge-patch, fill-defaults, async-202, stale-dnssec, embedded-not-found, zone-replace, embedded-plan-refusal$/,
      ],
      [{ ruleConfigPatch: "deep" }, /^ruleConfigPatch: must be "replace" or "merge"; got "deep"$/],
      [{ fillDefaults: "yes" }, /^fillDefaults: must be true or false/],
      [{ writeDelayMs: 1.5 }, /^writeDelayMs: must be an integer from 0 to 600000/],
      [{ acceptedNamesRule: 1 }, /^acceptedNamesRule: must be true or false/],
      [{ dnssecAnswer: "old" }, /^dnssecAnswer: must be "fresh" or "stale"/],
      [{ notFoundAnswer: 404 }, /^notFoundAnswer: must be "404" or "embedded-200"; got 404$/],
      [{ zonePatch: "deep" }, /^zonePatch: must be "merge" or "replace"; got "deep"$/],
      [{ planRefusal: 403 }, /^planRefusal: must be "403" or "embedded-200"; got 403$/],
      [{ scriptCodeSave: "later" }, /^scriptCodeSave: must be "draft" or "publish"; got "later"$/],
      [{ scriptVarUpsert: true }, /^scriptVarUpsert: must be "merge" or "replace"; got true$/],
      [{ delay: 5 }, /^unknown property "delay"; allowed: name, ruleConfigPatch, fillDefaults/],
      [[1], /^profile must be a profile name or a JSON object$/],
    ];
    for (const [body, re] of cases) {
      const r = await setProfile(emu, body);
      expect(r.status).toBe(400);
      expect(r.json.error).toBe("invalid profile");
      expect(r.json.problems).toEqual([expect.stringMatching(re)]);
    }
    await expect(ctl.setProfile({ writeDelayMs: -5 })).rejects.toThrow(/400.*writeDelayMs/);
    expect(await ctl.profile()).toEqual(PROFILES["merge-patch"]);
  });
});

describe("delayed writes die with the server", () => {
  test("close() drops pending writes (no timer left)", async () => {
    const { app, ctx } = buildServer({ profile: { writeDelayMs: 60_000 } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const addr = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${addr.port}/shield/rate-limit`, {
      method: "POST",
      headers: { AccessKey: ctx.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ shieldZoneId: 1 }),
    });
    expect(res.status).toBe(202);
    expect(ctx.pending.size).toBe(1);
    await app.close();
    expect(ctx.pending.size).toBe(0);
  });
});
