/** Client vs emulator: custom WAF rules (`client.waf`, `spec/shield.md`). */
import { Client, WafRuleAction } from "../../packages/client/src";
import {
  customWafRuleListSchema,
  customWafRuleSchema,
  validate,
  type CustomWafRule,
  type WafRuleConfiguration,
} from "../../packages/client/src/spec";
import { EmulatorControl } from "../../packages/emulator/src";
import {
  apiError,
  client,
  Emu,
  fault,
  getState,
  journal,
  putState,
  useEmulator,
  withProfile as withEmuProfile,
} from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

/** A full WAF rule configuration: block `/admin` (no rate fields). */
const config: WafRuleConfiguration = {
  actionType: WafRuleAction.Block,
  variableTypes: { REQUEST_URI: "/admin" },
  operatorType: 0,
  severityType: 2,
  transformationTypes: [8],
  value: "/admin",
  isNegated: false,
  isRegexVariable: false,
  chainedRuleConditions: [],
};

/** Runs `body` with the profile set to `p`, then back to `default` (profiles survive reset). */
const withProfile = (...a: [Parameters<typeof withEmuProfile>[1], () => Promise<void>]) =>
  withEmuProfile(emu, ...a);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("custom WAF rules: CRUD", () => {
  test("read a fixture rule: the published shape, embedded success", async () => {
    const r = await c.waf.getCustomWafRule(301);
    expect(r).toMatchObject({ id: 301, shieldZoneId: 2, ruleName: "block-wp-admin" });
    expect(r.errorResponse).toMatchObject({ success: true });
    expect(JSON.parse(r.ruleJson!)).toEqual(r.ruleConfiguration);
    expect(validate(customWafRuleSchema, r)).toEqual([]);
  });

  test("create, read back, update (ruleConfiguration replaced whole), delete", async () => {
    const created = await c.waf.createCustomWafRule({
      shieldZoneId: 1,
      ruleName: "block-admin",
      ruleDescription: "no admin from outside",
      ruleConfiguration: config,
    });
    expect(created.status).toBe(200);
    const rule = (created as { rule: CustomWafRule }).rule;
    expect(rule).toMatchObject({ id: 2000, shieldZoneId: 1, ruleConfiguration: config });
    expect(await c.waf.getCustomWafRule(2000)).toMatchObject({ ruleName: "block-admin" });

    const updated = await c.waf.updateCustomWafRule(2000, {
      ruleName: "block-admin-2",
      ruleConfiguration: { actionType: WafRuleAction.Log, value: "/root" },
    });
    expect(updated).toMatchObject({ status: 200, rule: { ruleName: "block-admin-2" } });
    const read = await c.waf.getCustomWafRule(2000);
    expect(read.ruleDescription).toBe("no admin from outside");
    // The default platform replaces the configuration whole: the other fields are gone.
    expect(read.ruleConfiguration).toEqual({ actionType: 2, value: "/root" });

    expect(await c.waf.deleteCustomWafRule(2000)).toMatchObject({ success: true });
    const gone = await apiError(c.waf.getCustomWafRule(2000));
    expect(gone.status).toBe(404);
    expect(gone.isNotFound).toBe(true);
    expect(gone.errorKey).toBe("not_found.waf_rule");
    const j = await journal(emu, /^\/shield\/waf\//);
    expect(j.map((x) => `${x.method} ${x.path} ${x.status}`)).toEqual([
      "POST /shield/waf/custom-rule 200",
      "GET /shield/waf/custom-rule/2000 200",
      "PATCH /shield/waf/custom-rule/2000 200",
      "GET /shield/waf/custom-rule/2000 200",
      "DELETE /shield/waf/custom-rule/2000 200",
      "GET /shield/waf/custom-rule/2000 404",
    ]);
  });

  test("the platform's PUT takes the same body as PATCH", async () => {
    const res = await fetch(`${emu.url}/shield/waf/custom-rule/301`, {
      method: "PUT",
      headers: { AccessKey: emu.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ ruleName: "renamed" }),
    });
    expect(res.status).toBe(200);
    expect((await c.waf.getCustomWafRule(301)).ruleName).toBe("renamed");
  });
});

describe("custom WAF rules: lists and paging", () => {
  test("one page: data, page info, embedded success; matches the published shape", async () => {
    const p1 = await c.waf.listCustomWafRules(2, 1, 1);
    expect(p1.data.map((r) => r.id)).toEqual([301]);
    expect(p1.page).toEqual({
      totalCount: 2,
      totalPages: 2,
      currentPage: 1,
      nextPage: 2,
      pageSize: 1,
    });
    expect(validate(customWafRuleListSchema, p1)).toEqual([]);
    const p2 = await c.waf.listCustomWafRules(2, 2, 1);
    expect(p2.data.map((r) => r.id)).toEqual([302]);
    expect(p2.page.nextPage).toBeNull();
  });

  test("listAllCustomWafRules follows every page (250 rules = 3 pages of 100)", async () => {
    const s = await getState(emu);
    for (let i = 0; i < 248; i++)
      s.wafRules.push({
        id: 3000 + i,
        shieldZoneId: 2,
        ruleName: `r${i}`,
        ruleConfiguration: config,
      });
    await putState(emu, s);
    const all = await c.waf.listAllCustomWafRules(2);
    expect(all).toHaveLength(250);
    expect(new Set(all.map((r) => r.id)).size).toBe(250);
    const j = await journal(emu, /^\/shield\/waf\/custom-rules\/2$/);
    expect(j.map((x) => x.query)).toEqual([
      { page: "1", perPage: "100" },
      { page: "2", perPage: "100" },
      { page: "3", perPage: "100" },
    ]);
  });

  test("a list without its data array fails instead of reading as an empty zone", async () => {
    await fault(emu, { method: "GET", path: "custom-rules", status: 200, body: { page: {} } });
    expect((await apiError(c.waf.listCustomWafRules(2))).errorKey).toBe("unexpected_response");
  });
});

describe("custom WAF rules: embedded errors and plan limits", () => {
  test("an unknown zone: 2xx with errorResponse success:false is an EdgeApiError", async () => {
    const e = await apiError(
      c.waf.createCustomWafRule({ shieldZoneId: 77, ruleName: "x", ruleConfiguration: config }),
    );
    expect(e.status).toBe(200);
    expect(e.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
    const l = await apiError(c.waf.listCustomWafRules(77));
    expect(l.status).toBe(200);
    expect(l.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
  });

  test("zone 2 holds 2 of 3: one more is created, the next names the limit and the plan", async () => {
    const ok = await c.waf.createCustomWafRule({
      shieldZoneId: 2,
      ruleName: "third",
      ruleConfiguration: config,
    });
    expect(ok.status).toBe(200);
    const e = await apiError(
      c.waf.createCustomWafRule({ shieldZoneId: 2, ruleName: "fourth", ruleConfiguration: config }),
    );
    expect(e.status).toBe(400);
    expect(e.errorKey).toBe("limit_reached.custom_waf_rule");
    expect(e.message).toMatch(/customWafRulesLimit 3/);
    expect(e.message).toMatch(/Advanced plan/);
    expect(e.retryable).toBe(false);
    expect(await journal(emu, /^\/shield\/waf\/custom-rule$/, "POST")).toHaveLength(2);
    expect((await c.waf.listAllCustomWafRules(2)).map((r) => r.ruleName)).not.toContain("fourth");
  });

  test("a key scoped to zone 1 cannot read, change or delete zone 2's rules", async () => {
    const ctl = new EmulatorControl(emu.url);
    await ctl.setScopedKeys({ "zone-one-key": { shieldZones: [1] } });
    try {
      const scoped = client(emu, { apiKey: "zone-one-key" });
      for (const p of [
        scoped.waf.getCustomWafRule(301),
        scoped.waf.updateCustomWafRule(301, { ruleName: "taken" }),
        scoped.waf.deleteCustomWafRule(301),
        scoped.waf.listCustomWafRules(2),
      ]) {
        const e = await apiError(p);
        expect([e.status, e.errorKey]).toEqual([
          200,
          "not_found_or_unauthorised_access.shieldzone",
        ]);
      }
      expect((await c.waf.getCustomWafRule(301)).ruleName).toBe("block-wp-admin");
    } finally {
      await ctl.setScopedKeys({});
    }
  });

  test("a bad configuration is a 400 naming the field and the WAF action names", async () => {
    const e = await apiError(
      c.waf.createCustomWafRule({
        shieldZoneId: 1,
        ruleConfiguration: { ...config, actionType: 9 as 1 },
      }),
    );
    expect(e.status).toBe(400);
    const f = e.fieldErrors.find((x) => x.field === "ruleConfiguration.actionType");
    expect(f?.message).toBe(
      "must be one of 1 (Block), 2 (Log), 3 (Challenge), 4 (Allow), 5 (Bypass); got 9",
    );
  });
});

describe("custom WAF rules: behaviour profiles", () => {
  test("async-202: create answers 202 naming the rule, applied later", async () => {
    await withProfile({ writeDelayMs: 150 }, async () => {
      const res = await c.waf.createCustomWafRule({ shieldZoneId: 1, ruleConfiguration: config });
      expect(res).toEqual({
        status: 202,
        accepted: {
          location: "/shield/waf/custom-rule/2000",
          value: { id: 2000 },
          statusCode: 202,
        },
      });
      expect((await apiError(c.waf.getCustomWafRule(2000))).isNotFound).toBe(true);
      await sleep(300);
      expect((await c.waf.getCustomWafRule(2000)).ruleConfiguration).toEqual(config);
      const upd = await c.waf.updateCustomWafRule(2000, { ruleName: "later" });
      expect(upd.status).toBe(202);
      expect((await c.waf.getCustomWafRule(2000)).ruleName).toBeNull();
      await sleep(300);
      expect((await c.waf.getCustomWafRule(2000)).ruleName).toBe("later");
    });
  });

  test("merge-patch merges the sent configuration fields; fill-defaults fills WAF defaults", async () => {
    await withProfile("merge-patch", async () => {
      await c.waf.updateCustomWafRule(301, { ruleConfiguration: { value: "/wp-login" } });
      const r = await c.waf.getCustomWafRule(301);
      expect(r.ruleConfiguration).toMatchObject({
        value: "/wp-login",
        actionType: 1,
        severityType: 2,
      });
    });
    await withProfile("fill-defaults", async () => {
      const res = await c.waf.createCustomWafRule({
        shieldZoneId: 1,
        ruleConfiguration: { value: "/x" },
      });
      expect((res as { rule: CustomWafRule }).rule.ruleConfiguration).toEqual({
        value: "/x",
        actionType: 1,
        operatorType: 0,
        severityType: 0,
        isNegated: false,
        isRegexVariable: false,
      });
    });
  });

  test("embedded-not-found: a missing rule answers 200 with errorResponse; still isNotFound", async () => {
    await withProfile("embedded-not-found", async () => {
      const e = await apiError(c.waf.getCustomWafRule(999));
      expect(e.status).toBe(200);
      expect(e.errorKey).toBe("not_found.waf_rule");
      expect(e.isNotFound).toBe(true);
    });
  });
});

describe("custom WAF rules: retries follow idempotency", () => {
  test("PATCH is retried after a 503; POST is not", async () => {
    await fault(emu, { method: "PATCH", path: "custom-rule/301", status: 503, count: 1 });
    expect((await c.waf.updateCustomWafRule(301, { ruleName: "again" })).status).toBe(200);
    expect(await journal(emu, /custom-rule\/301/, "PATCH")).toHaveLength(2);
    await fault(emu, { method: "POST", path: "custom-rule$", status: 503, count: 1 });
    const e = await apiError(
      c.waf.createCustomWafRule({ shieldZoneId: 1, ruleConfiguration: config }),
    );
    expect(e.status).toBe(503);
    expect(await journal(emu, /custom-rule$/, "POST")).toHaveLength(1);
  });
});

test("a delete answered 202 (applied later) with an empty body says statusCode 202", async () => {
  await fault(emu, { method: "DELETE", path: "/custom-rule/301$", status: 202, body: null });
  expect(await c.waf.deleteCustomWafRule(301)).toEqual({ statusCode: 202 });
});
