/** RateLimitRule provider against the in-process emulator. */
import {
  checkRateLimitRule,
  diffRateLimitRule,
  rateLimitRuleProvider as p,
  RateLimitRuleInputs,
  RateLimitRuleOutputs,
} from "../../provider/resources/rate-limit-rule-provider";
import { UNKNOWN } from "../../provider/resources/common";
import { sampleConfig, startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
});

const checked = (news: Record<string, unknown>): RateLimitRuleInputs => {
  const r = checkRateLimitRule({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs as RateLimitRuleInputs;
};

async function createInZone(extra: Record<string, unknown> = {}) {
  const inputs = checked({
    shieldZoneId: 1,
    ruleName: "search-limit",
    ruleDescription: "limit search",
    ruleConfiguration: sampleConfig(),
    ...extra,
  });
  const res = await p.create(inputs);
  return { inputs, id: res.id, outs: res.outs as RateLimitRuleOutputs };
}

describe("create mode", () => {
  test("create = one POST; outputs carry inputs and server fields", async () => {
    await t.clearJournal();
    const { id, outs } = await createInZone();
    const j = await t.journal();
    expect(j.map((e) => `${e.method} ${e.path}`)).toEqual(["POST /shield/rate-limit"]);
    console.log(`journal counts: create (create mode) = ${j.length} request(s)`);
    expect(id).toBe("1000");
    expect(outs).toMatchObject({
      ruleId: 1000,
      shieldZoneId: 1,
      ruleName: "search-limit",
      ruleDescription: "limit search",
      userId: "user-1",
      adopted: false,
      deleteOnDestroy: true,
    });
    expect(outs.ruleConfiguration).toEqual(sampleConfig());
    expect(typeof outs.ruleJson).toBe("string");
  });

  test("enum names are normalised by check and reach the API as integers", async () => {
    const { outs } = await createInZone({
      ruleConfiguration: {
        ...sampleConfig(),
        actionType: "Challenge",
        transformationTypes: ["LOWERCASE", "URLDECODE"],
      },
    });
    expect(outs.ruleConfiguration.actionType).toBe(3);
    expect(outs.ruleConfiguration.transformationTypes).toEqual([8, 19]);
  });

  test("delete = DELETE; a rule already gone is fine", async () => {
    const { id, outs } = await createInZone();
    await t.clearJournal();
    await p.delete(id, outs);
    const j = await t.journal();
    expect(j.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      "DELETE /shield/rate-limit/1000 200",
    ]);
    console.log(`journal counts: delete = ${j.length} request(s)`);
    expect((await t.state()).rateLimitRules.some((r) => r.id === 1000)).toBe(false);
    await expect(p.delete(id, outs)).resolves.toBeUndefined();
  });

  test("deleteOnDestroy:false keeps the rule", async () => {
    const { id, outs } = await createInZone({ deleteOnDestroy: false });
    await t.clearJournal();
    await p.delete(id, outs);
    expect(await t.journal()).toEqual([]);
  });

  test("embedded failure in a 200 (unknown zone) is an error naming the error key", async () => {
    const inputs = checked({ shieldZoneId: 999, ruleName: "x", ruleConfiguration: sampleConfig() });
    await expect(p.create(inputs)).rejects.toThrow(/not_found_or_unauthorised_access\.shieldzone/);
  });

  test("embedded failure injected as a fault (200 with errorResponse.success=false)", async () => {
    await t.fault({
      method: "POST",
      path: "^/shield/rate-limit$",
      status: 200,
      body: {
        errorResponse: { success: false, errorKey: "quota_exceeded.ratelimit", statusCode: 400 },
      },
    });
    const inputs = checked({ shieldZoneId: 1, ruleName: "x", ruleConfiguration: sampleConfig() });
    const err = await p.create(inputs).then(
      () => undefined,
      (e) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/quota_exceeded\.ratelimit/);
    expect(err.message).toMatch(/RateLimitRule/);
    expect(err.message).not.toContain(t.emu.apiKey);
  });

  test("202 on POST: the rule is read back (GET) to learn its state", async () => {
    await t.fault({
      method: "POST",
      path: "^/shield/rate-limit$",
      status: 202,
      afterHandler: true,
      body: { location: "/shield/rate-limit/1000", statusCode: 202 },
    });
    await t.clearJournal();
    const { id, outs } = await createInZone();
    expect(id).toBe("1000");
    expect(outs.ruleName).toBe("search-limit");
    const j = await t.journal();
    expect(j.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      "POST /shield/rate-limit 202",
      "GET /shield/rate-limit/1000 200",
    ]);
  });

  test("POST applied but answered 504 (outcome unknown): not re-sent, the rule is found by name", async () => {
    // The emulator cannot reset the socket AFTER the handler ran; a gateway timeout after the
    // handler is the same situation for the provider (status 0 or >= 500 = outcome unknown).
    await t.fault({
      method: "POST",
      path: "^/shield/rate-limit$",
      status: 504,
      afterHandler: true,
    });
    await t.clearJournal();
    const { id, outs } = await createInZone();
    expect(id).toBe("1000");
    expect(outs.ruleName).toBe("search-limit");
    const j = await t.journal();
    expect(j.filter((e) => e.method === "POST")).toHaveLength(1);
    expect(j.some((e) => e.method === "GET" && e.path === "/shield/rate-limits/1")).toBe(true);
  });

  test("POST reset before anything was created: a clear error saying it is safe to retry", async () => {
    await t.fault({ method: "POST", path: "^/shield/rate-limit$", reset: true });
    const inputs = checked({
      shieldZoneId: 1,
      ruleName: "never",
      ruleConfiguration: sampleConfig(),
    });
    await expect(p.create(inputs)).rejects.toThrow(/not re-sent.*safe to retry/);
    const j = await t.journal();
    expect(j.filter((e) => e.method === "POST")).toHaveLength(1);
    // The zone was listed again (grace steps of one client timeout, at most 5 s) before
    // concluding that the POST was not applied.
    expect(j.filter((e) => e.method === "GET" && e.path === "/shield/rate-limits/1")).toHaveLength(
      5,
    );
  }, 30_000);
});

describe("adopt mode", () => {
  test("create = one PATCH; destroy leaves the rule", async () => {
    const inputs = checked({
      ruleId: 101,
      ruleConfiguration: { ...sampleConfig(), requestCount: 7 },
    });
    await t.clearJournal();
    const res = await p.create(inputs);
    const j = await t.journal();
    expect(j.map((e) => `${e.method} ${e.path}`)).toEqual(["PATCH /shield/rate-limit/101"]);
    expect(j[0].body).toEqual({ ruleConfiguration: inputs.ruleConfiguration });
    const outs = res.outs as RateLimitRuleOutputs;
    expect(outs).toMatchObject({
      ruleId: 101,
      shieldZoneId: 1,
      ruleName: "api-burst",
      adopted: true,
      deleteOnDestroy: false,
    });
    await t.clearJournal();
    await p.delete(res.id, outs);
    expect(await t.journal()).toEqual([]);
  });

  test("deleteOnDestroy:true deletes the adopted rule", async () => {
    const res = await p.create(
      checked({ ruleId: 102, ruleConfiguration: sampleConfig(), deleteOnDestroy: true }),
    );
    await p.delete(res.id, res.outs as RateLimitRuleOutputs);
    expect((await t.state()).rateLimitRules.map((r) => r.id)).toEqual([101]);
  });

  test("adopting a rule that does not exist is a clear error", async () => {
    await expect(
      p.create(checked({ ruleId: 4242, ruleConfiguration: sampleConfig() })),
    ).rejects.toThrow(/rate-limit rule 4242 does not exist.*shieldZoneId/);
  });

  test("202 on PATCH: GET the rule", async () => {
    await t.fault({
      method: "PATCH",
      path: "/shield/rate-limit/101",
      status: 202,
      afterHandler: true,
      body: {},
    });
    await t.clearJournal();
    const res = await p.create(
      checked({ ruleId: 101, ruleName: "renamed", ruleConfiguration: sampleConfig() }),
    );
    expect((res.outs as RateLimitRuleOutputs).ruleName).toBe("renamed");
    expect((await t.journal()).map((e) => `${e.method} ${e.status}`)).toEqual([
      "PATCH 202",
      "GET 200",
    ]);
  });
});

describe("update and diff", () => {
  test("no change: diff says no changes and no request is made", async () => {
    const { id, inputs, outs } = await createInZone();
    await t.clearJournal();
    const d = diffRateLimitRule(id, outs, { ...inputs });
    expect(d.changes).toBe(false);
    expect(d.replaces).toEqual([]);
    const u = await p.update(id, outs, inputs);
    expect(u.outs).toEqual(outs);
    const j = await t.journal();
    expect(j).toEqual([]);
    console.log(`journal counts: no-op update = ${j.length} request(s)`);
  });

  test("one field changed: exactly one PATCH whose body holds only that field", async () => {
    const { id, inputs, outs } = await createInZone();
    const news = { ...inputs, ruleDescription: "new description" };
    const d = diffRateLimitRule(id, outs, news);
    expect(d.changes).toBe(true);
    expect(d.detailedDiff).toEqual({ ruleDescription: { kind: "update", inputDiff: true } });
    await t.clearJournal();
    const u = await p.update(id, outs, news);
    const j = await t.journal();
    expect(j.map((e) => `${e.method} ${e.path}`)).toEqual(["PATCH /shield/rate-limit/1000"]);
    expect(j[0].body).toEqual({ ruleDescription: "new description" });
    console.log(`journal counts: one-field update = ${j.length} request(s)`);
    expect((u.outs as RateLimitRuleOutputs).ruleDescription).toBe("new description");
  });

  test("a nested change sends ruleConfiguration whole, and only it", async () => {
    const { id, inputs, outs } = await createInZone();
    const news = {
      ...inputs,
      ruleConfiguration: { ...inputs.ruleConfiguration, variableTypes: { REQUEST_URI: "/find" } },
    };
    const d = diffRateLimitRule(id, outs, news);
    expect(d.detailedDiff).toEqual({
      "ruleConfiguration.variableTypes.REQUEST_URI": { kind: "update", inputDiff: true },
    });
    const chained = {
      ...inputs.ruleConfiguration,
      chainedRuleConditions: [
        { operatorType: 2 as const, value: "a" },
        { operatorType: 5 as const, value: "b" },
      ],
    };
    const withTwo = { ...outs, ruleConfiguration: chained };
    const changedSecond = {
      ...chained,
      chainedRuleConditions: [
        chained.chainedRuleConditions[0],
        { operatorType: 5 as const, value: "c" },
      ],
    };
    expect(
      diffRateLimitRule(id, withTwo, { ...inputs, ruleConfiguration: changedSecond }).detailedDiff,
    ).toEqual({
      "ruleConfiguration.chainedRuleConditions[1]": { kind: "update", inputDiff: true },
    });
    await t.clearJournal();
    await p.update(id, outs, news);
    const j = await t.journal();
    expect(j).toHaveLength(1);
    expect(j[0].body).toEqual({ ruleConfiguration: news.ruleConfiguration });
  });

  test("diff: per-field kinds for nested lists; absent nullable = null = empty", async () => {
    const { id, inputs, outs } = await createInZone();
    const cfg = { ...inputs.ruleConfiguration } as Record<string, unknown>;
    delete cfg.chainedRuleConditions; // [] upstream, absent desired: alike
    cfg.value = null; // "/search" upstream
    cfg.transformationTypes = [8, 19];
    cfg.chainedRuleConditions = [{ operatorType: 2, value: "x" }];
    const d = diffRateLimitRule(id, outs, { ...inputs, ruleConfiguration: cfg });
    expect(d.detailedDiff).toEqual({
      "ruleConfiguration.value": { kind: "delete", inputDiff: true },
      "ruleConfiguration.transformationTypes": { kind: "update", inputDiff: true },
      "ruleConfiguration.chainedRuleConditions": { kind: "add", inputDiff: true },
    });
    const same = { ...inputs.ruleConfiguration } as Record<string, unknown>;
    delete same.chainedRuleConditions;
    delete same.isNegated; // false upstream: NOT alike (false is a value)
    expect(
      diffRateLimitRule(id, outs, { ...inputs, ruleConfiguration: same }).detailedDiff,
    ).toEqual({
      "ruleConfiguration.isNegated": { kind: "delete", inputDiff: true },
    });
  });

  test("diff: non-nullable fields left out are not compared", async () => {
    const { id, inputs, outs } = await createInZone();
    const cfg = { ...inputs.ruleConfiguration } as Record<string, unknown>;
    delete cfg.severityType;
    expect(diffRateLimitRule(id, outs, { ...inputs, ruleConfiguration: cfg }).changes).toBe(false);
  });

  test("diff: identity changes replace; other fields do not", async () => {
    const { id, inputs, outs } = await createInZone();
    expect(diffRateLimitRule(id, outs, { ...inputs, shieldZoneId: 2 }).replaces).toEqual([
      "shieldZoneId",
    ]);
    const adopt = { ...inputs, shieldZoneId: undefined, ruleId: 101 };
    expect(diffRateLimitRule(id, outs, adopt).replaces).toEqual(["ruleId", "shieldZoneId"]);
    expect(diffRateLimitRule(id, outs, { ...inputs, ruleName: "other" }).replaces).toEqual([]);
  });

  test("diff: unknown values report a possible change (replace for identity)", async () => {
    const { id, inputs, outs } = await createInZone();
    const d1 = diffRateLimitRule(id, outs, { ...inputs, ruleName: UNKNOWN });
    expect(d1.changes).toBe(true);
    expect(d1.replaces).toEqual([]);
    const d2 = diffRateLimitRule(id, outs, {
      ...inputs,
      ruleConfiguration: { ...inputs.ruleConfiguration, requestCount: UNKNOWN as never },
    });
    expect(d2.detailedDiff).toHaveProperty(["ruleConfiguration.requestCount"]);
    const d3 = diffRateLimitRule(id, outs, { ...inputs, shieldZoneId: UNKNOWN as never });
    expect(d3.replaces).toEqual(["shieldZoneId"]);
  });

  test("deleteOnDestroy change: a change without any request", async () => {
    const { id, inputs, outs } = await createInZone();
    const news = { ...inputs, deleteOnDestroy: false };
    expect(diffRateLimitRule(id, outs, news).changes).toBe(true);
    await t.clearJournal();
    const u = await p.update(id, outs, news);
    expect((u.outs as RateLimitRuleOutputs).deleteOnDestroy).toBe(false);
    expect(await t.journal()).toEqual([]);
  });

  test("202 on update: GET the rule; embedded failure on update: error with the key", async () => {
    const { id, inputs, outs } = await createInZone();
    await t.fault({ method: "PATCH", status: 202, afterHandler: true, body: { statusCode: 202 } });
    const u = await p.update(id, outs, { ...inputs, ruleName: "n2" });
    expect((u.outs as RateLimitRuleOutputs).ruleName).toBe("n2");
    await t.fault({
      method: "PATCH",
      status: 200,
      body: { errorResponse: { success: false, errorKey: "validation.ratelimit", message: "bad" } },
    });
    await expect(
      p.update(id, u.outs as RateLimitRuleOutputs, { ...inputs, ruleName: "n3" }),
    ).rejects.toThrow(/validation\.ratelimit/);
  });
});

describe("read", () => {
  test("clean read: one GET, inputs reproduce a no-change diff", async () => {
    const { id, inputs, outs } = await createInZone();
    await t.clearJournal();
    const r = await p.read(id, outs);
    const j = await t.journal();
    expect(j.map((e) => `${e.method} ${e.path}`)).toEqual(["GET /shield/rate-limit/1000"]);
    console.log(`journal counts: read = ${j.length} request(s)`);
    expect(r.id).toBe(id);
    expect(r.props).toEqual(outs);
    // The program's inputs still diff clean against the refreshed state ...
    expect(diffRateLimitRule(id, r.props as RateLimitRuleOutputs, inputs).changes).toBe(false);
    // ... and so do the inputs read reports.
    expect(diffRateLimitRule(id, r.props as RateLimitRuleOutputs, r.inputs as never).changes).toBe(
      false,
    );
    expect(r.inputs).toEqual({
      shieldZoneId: 1,
      ruleName: "search-limit",
      ruleDescription: "limit search",
      ruleConfiguration: sampleConfig(), // empty lists kept as sent, so preview stays clean
    });
  });

  test("drift: an out-of-band change shows in read and then in diff", async () => {
    const { id, inputs, outs } = await createInZone();
    const st = await t.state();
    const rule = st.rateLimitRules.find((r) => r.id === 1000)!;
    rule.ruleConfiguration = { ...rule.ruleConfiguration, requestCount: 999 };
    rule.ruleName = "changed-upstream";
    await t.setState(st);
    const r = await p.read(id, outs);
    const props = r.props as RateLimitRuleOutputs;
    expect(props.ruleName).toBe("changed-upstream");
    expect(props.ruleConfiguration.requestCount).toBe(999);
    expect((r.inputs as unknown as Record<string, unknown>).ruleName).toBe("changed-upstream");
    const d = diffRateLimitRule(id, props, inputs);
    expect(d.detailedDiff).toEqual({
      ruleName: { kind: "update", inputDiff: true },
      "ruleConfiguration.requestCount": { kind: "update", inputDiff: true },
    });
    await t.clearJournal();
    await p.update(id, props, inputs);
    const j = await t.journal();
    expect(j).toHaveLength(1);
    expect(Object.keys(j[0].body as object).sort()).toEqual(["ruleConfiguration", "ruleName"]);
  });

  test("gone upstream: empty id", async () => {
    const { id, outs } = await createInZone();
    const st = await t.state();
    st.rateLimitRules = st.rateLimitRules.filter((r) => r.id !== 1000);
    await t.setState(st);
    expect(await p.read(id, outs)).toEqual({ id: "" });
  });

  test("gone upstream as an embedded not_found key in a 200: empty id", async () => {
    const { id, outs } = await createInZone();
    await t.fault({
      method: "GET",
      path: "^/shield/rate-limit/1000$",
      status: 200,
      body: { errorResponse: { success: false, errorKey: "not_found.ratelimit" } },
    });
    expect(await p.read(id, outs)).toEqual({ id: "" });
  });
});

describe("configuration and errors", () => {
  test("errors never contain the API key", async () => {
    await t.fault({
      method: "GET",
      status: 401,
      body: { statusCode: 401, message: `bad key ${t.emu.apiKey}` },
    });
    const err = await p.read("101", { ruleId: 101, adopted: true } as RateLimitRuleOutputs).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err!.message).toMatch(/RateLimitRule 101: read failed/);
    expect(err!.message).not.toContain(t.emu.apiKey);
    expect(JSON.stringify(err)).not.toContain(t.emu.apiKey);
  });
});
