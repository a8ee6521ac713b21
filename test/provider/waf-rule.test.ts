/**
 * WafRule provider (the zone-object engine with the custom WAF rule's declaration) against
 * the in-process emulator. Expected values come from the scenario (fixture rules 301 and 302
 * in shield zone 2, whose plan allows 3 custom WAF rules; what the program wrote), never from
 * the provider's own planning functions.
 */
import { EmulatorControl, startEmulator } from "../../packages/emulator/src";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import {
  checkWafRule,
  timing,
  wafRuleProvider as p,
  WafRuleInputs,
  WafRuleOutputs,
} from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { rateLimitRuleProvider as rateLimit } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { EmulatorState, stackConfig, startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
});

type Rule = EmulatorState["wafRules"][number];

const checked = (news: Record<string, unknown>, olds: object = {}): WafRuleInputs => {
  const r = checkWafRule(olds, news);
  expect(r.failures).toEqual([]);
  return r.inputs as WafRuleInputs;
};
const rules = async (): Promise<Rule[]> => (await t.state()).wafRules;
const ruleById = async (id: number) => (await rules()).find((r) => r.id === id);
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path} ${e.status}`);
const writes = async () => (await calls()).filter((c) => !c.startsWith("GET"));

const CONFIG = {
  actionType: "Block",
  variableTypes: { REQUEST_URI: "/admin" },
  operatorType: "BEGINSWITH",
};

async function createIn(zone: number, name = "block-admin", config: object = CONFIG) {
  const inputs = checked({ shieldZoneId: zone, ruleName: name, ruleConfiguration: config });
  const res = await p.create(inputs);
  return { inputs, id: res.id, outs: res.outs as WafRuleOutputs };
}

describe("check", () => {
  test("a new rule needs actionType, variableTypes and operatorType; WAF actions by name", () => {
    const r = checkWafRule({}, { shieldZoneId: 1, ruleName: "x", ruleConfiguration: {} });
    expect((r.failures ?? []).map((f) => f.property).sort()).toEqual([
      "ruleConfiguration.actionType",
      "ruleConfiguration.operatorType",
      "ruleConfiguration.variableTypes",
    ]);
    // Rate-limit fields are not WAF fields; a rate-limit action name is not a WAF action.
    const bad = checkWafRule(
      {},
      {
        shieldZoneId: 1,
        ruleName: "x",
        ruleConfiguration: { ...CONFIG, actionType: "RateLimit", requestCount: 5 },
      },
    );
    expect((bad.failures ?? []).map((f) => f.property).sort()).toEqual([
      "ruleConfiguration.actionType",
      "ruleConfiguration.requestCount",
    ]);
    expect(JSON.stringify(bad.failures)).toMatch(/Bypass/);
    expect(
      checkWafRule(
        {},
        { shieldZoneId: 1, ruleName: "x", ruleConfiguration: { ...CONFIG, actionType: "Bypass" } },
      ).failures,
    ).toEqual([]);
  });
});

describe("create", () => {
  test("one list of the zone, one zone read (plan limit), one POST; names stay names", async () => {
    await t.clearJournal();
    const { id, outs } = await createIn(1);
    expect(await calls()).toEqual([
      "GET /shield/waf/custom-rules/1 200",
      "GET /shield/shield-zone/1 200",
      "POST /shield/waf/custom-rule 200",
    ]);
    expect(outs).toMatchObject({ ruleId: Number(id), shieldZoneId: 1, adopted: false });
    expect(outs.ruleConfiguration).toEqual(CONFIG);
    const stored = await ruleById(Number(id));
    expect(stored?.ruleConfiguration).toMatchObject({ actionType: 1, operatorType: 0 });
  });

  test("same name in the zone: refused before any write, naming the rule", async () => {
    await t.clearJournal();
    await expect(createIn(2, "log-sqli")).rejects.toThrow(
      /rule 302 named "log-sqli".*ruleId: 302/s,
    );
    expect(await writes()).toEqual([]);
  });

  test("plan limit: zone 2 has 2 of 3; one create ok, the next refused naming the limit, nothing written", async () => {
    await createIn(2, "third");
    await t.clearJournal();
    const err = (await createIn(2, "fourth").catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/customWafRulesLimit 3/);
    expect(err.message).toMatch(/Advanced plan/);
    expect(err.message).toMatch(/Nothing was written/);
    expect(await writes()).toEqual([]);
    expect((await rules()).filter((r) => r.shieldZoneId === 2)).toHaveLength(3);
  });

  test("plan limit counts from a fresh run too (the zone listing)", async () => {
    await createIn(2, "third");
    resetRunState();
    await t.clearJournal();
    await expect(createIn(2, "fourth")).rejects.toThrow(/customWafRulesLimit 3/);
    expect(await writes()).toEqual([]);
  });

  test("pullZoneId resolves to the shield zone (pull zone 4 → shield zone 2)", async () => {
    const inputs = checked({ pullZoneId: 4, ruleName: "pz", ruleConfiguration: CONFIG });
    const res = await p.create(inputs);
    expect(res.outs).toMatchObject({ shieldZoneId: 2, pullZoneId: 4 });
  });
});

describe("adopt, update, read, delete", () => {
  test("adopt with a partial configuration: one GET + one PATCH merged over the platform's", async () => {
    await t.clearJournal();
    const inputs = checked({ ruleId: 302, ruleConfiguration: { actionType: "Challenge" } });
    const res = await p.create(inputs);
    expect(await calls()).toEqual([
      "GET /shield/waf/custom-rule/302 200",
      "PATCH /shield/waf/custom-rule/302 200",
    ]);
    const body = (await t.journal()).find((e) => e.method === "PATCH")?.body as {
      ruleConfiguration: Record<string, unknown>;
    };
    expect(Object.keys(body)).toEqual(["ruleConfiguration"]);
    expect(body.ruleConfiguration).toMatchObject({
      actionType: 3,
      operatorType: 17,
      transformationTypes: [19, 8],
    });
    expect(res.outs).toMatchObject({
      adopted: true,
      ruleConfiguration: { actionType: "Challenge" },
    });
    const stored = await ruleById(302);
    expect(stored?.ruleConfiguration?.chainedRuleConditions).toHaveLength(1);
    expect(stored?.ruleName).toBe("log-sqli");
  });

  test("update one field: one GET and one PATCH of that field only", async () => {
    const c = await createIn(1);
    const news = checked({ ...c.inputs, ruleDescription: "now described" }, c.inputs);
    await t.clearJournal();
    const res = await p.update(c.id, c.outs, news);
    expect(await calls()).toEqual([
      `GET /shield/waf/custom-rule/${c.id} 200`,
      `PATCH /shield/waf/custom-rule/${c.id} 200`,
    ]);
    const body = (await t.journal()).find((e) => e.method === "PATCH")?.body;
    expect(body).toEqual({ ruleDescription: "now described" });
    expect(res.outs).toMatchObject({ ruleDescription: "now described" });
  });

  test("read: drift in a managed field shows by field, in the program's form", async () => {
    const c = await createIn(1);
    const s = await t.state();
    const r = s.wafRules.find((x) => x.id === Number(c.id))!;
    r.ruleConfiguration = { ...r.ruleConfiguration, actionType: 5, severityType: 2 };
    await t.setState(s);
    const read = await p.read(c.id, c.outs);
    expect(read.props?.ruleConfiguration).toEqual({ ...CONFIG, actionType: "Bypass" });
    expect((read.inputs as WafRuleInputs).ruleConfiguration).toEqual({
      ...CONFIG,
      actionType: "Bypass",
    });
  });

  test("gone only when confirmed: 404 + zone list without it → gone; an unreadable zone → error", async () => {
    const c = await createIn(1);
    const s = await t.state();
    s.wafRules = s.wafRules.filter((x) => x.id !== Number(c.id));
    await t.setState(s);
    await t.fault({ method: "GET", path: "^/shield/waf/custom-rules/1", status: 403, count: 1 });
    await expect(p.read(c.id, c.outs)).rejects.toThrow(/NOT treated as gone/);
    expect((await p.read(c.id, c.outs)).id).toBe("");
  });

  test("a not-found while the zone still lists the rule is an error", async () => {
    const c = await createIn(1);
    await t.fault({
      method: "GET",
      path: `^/shield/waf/custom-rule/${c.id}$`,
      status: 404,
      count: 1,
    });
    await expect(p.read(c.id, c.outs)).rejects.toThrow(/still lists rule/);
  });

  test("destroy: a created rule is deleted; an adopted one is kept", async () => {
    const c = await createIn(1);
    const adopted = await p.create(checked({ ruleId: 301, ruleConfiguration: {} }));
    resetRunState();
    await t.clearJournal();
    await p.delete(c.id, c.outs);
    await p.delete(adopted.id, adopted.outs as WafRuleOutputs);
    expect(await calls()).toEqual([`DELETE /shield/waf/custom-rule/${c.id} 200`]);
    expect(await ruleById(301)).toBeDefined();
  });

  test("WAF ids and rate-limit ids are apart: a rate-limit rule 301 of this run does not block WAF rule 301", async () => {
    // The engine diffs a rate-limit state holding rule id 301: that claims rate-limit rule 301.
    await rateLimit.diff(
      "301",
      { ruleId: 301, shieldZoneId: 1, adopted: true, ruleConfiguration: {} },
      { ruleId: 301, ruleConfiguration: {} },
    );
    const res = await p.create(
      checked({ ruleId: 301, ruleConfiguration: { actionType: "Block" } }),
    );
    expect(res.id).toBe("301");
    await expect(p.create(checked({ ruleId: 101, ruleConfiguration: {} }))).rejects.toThrow(
      /custom WAF rule 101 does not exist/,
    );
  });
});

describe("202 profile (writes applied later)", () => {
  test("create answered 202 is read back until it appears; one POST", async () => {
    const emu = await startEmulator({ port: 0, profile: { name: "async-202", writeDelayMs: 60 } });
    const saved = { ...timing };
    Object.assign(timing, { readBackMs: 3_000, readBackStepMs: 20 });
    try {
      resetSettings();
      configureFromRequest(
        stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
      );
      const inputs = checked({ shieldZoneId: 1, ruleName: "later", ruleConfiguration: CONFIG });
      const res = await p.create(inputs);
      expect(res.outs).toMatchObject({ ruleName: "later", ruleConfiguration: CONFIG });
      const journal = (await new EmulatorControl(emu.url).journal()).map(
        (e) => `${e.method} ${e.path} ${e.status}`,
      );
      expect(journal.filter((c) => c.startsWith("POST"))).toEqual([
        "POST /shield/waf/custom-rule 202",
      ]);
      expect(journal).toContain(`GET /shield/waf/custom-rule/${res.id} 200`);
      const adopted = await p.create(
        checked({ ruleId: 301, ruleConfiguration: { actionType: "Log" } }),
      );
      expect(adopted.outs).toMatchObject({ ruleConfiguration: { actionType: "Log" } });
    } finally {
      Object.assign(timing, saved);
      resetSettings();
      configureFromRequest(
        stackConfig({ "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url }),
      );
      await emu.close();
    }
  });
});

describe("a delete answered 202 (issue 28, finding 4: every write)", () => {
  const ACCEPTED = { statusCode: 202, location: null, value: null };
  test("applied: destroy succeeds; never applied: destroy fails and the rule stays", async () => {
    const saved = { ...timing };
    Object.assign(timing, { readBackMs: 300, readBackStepMs: 20 });
    try {
      const a = await createIn(1, "applied");
      resetRunState(); // a later run: destroy
      await t.fault({
        method: "DELETE",
        path: "/custom-rule/",
        status: 202,
        body: ACCEPTED,
        afterHandler: true,
      });
      await expect(p.delete(a.id, a.outs)).resolves.toBeUndefined();
      expect(await ruleById(Number(a.id))).toBeUndefined();
      const d = await createIn(1, "dropped");
      resetRunState();
      await t.fault({ method: "DELETE", path: "/custom-rule/", status: 202, body: ACCEPTED });
      await expect(p.delete(d.id, d.outs)).rejects.toThrow(/202/);
      expect(await ruleById(Number(d.id))).toMatchObject({ ruleName: "dropped" });
    } finally {
      Object.assign(timing, saved);
    }
  });
});
