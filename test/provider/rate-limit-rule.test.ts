/**
 * RateLimitRule provider against the in-process emulator. Expected values come from the
 * scenario (fixture rules, what the program wrote), never from the provider's own planning
 * functions.
 */
import { checkRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check";
import {
  rateLimitRuleProvider as p,
  RateLimitRuleInputs,
  RateLimitRuleOutputs,
  timing,
} from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { defaultFixtures } from "../../packages/emulator/src";
import { EmulatorState, sampleConfig, startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
});

type Rule = EmulatorState["rateLimitRules"][number];

const checked = (news: Record<string, unknown>): RateLimitRuleInputs => {
  const r = checkRateLimitRule({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs as RateLimitRuleInputs;
};

/** Inputs of an update: `check` with the previous inputs (a subset may be managed). */
const updated = (olds: object, news: object) => {
  const r = checkRateLimitRule(olds, news);
  expect(r.failures).toEqual([]);
  return r.inputs as RateLimitRuleInputs;
};

const rules = async (): Promise<Rule[]> => (await t.state()).rateLimitRules;
const ruleById = async (id: number) => (await rules()).find((r) => r.id === id);
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path} ${e.status}`);

/** Fixture rule 102 exactly as the emulator's default fixtures define it. */
const RULE_102_CONFIG = defaultFixtures().rateLimitRules.find(
  (r) => r.id === 102,
)!.ruleConfiguration!;

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

/**
 * A rule this resource created, whose program now manages only `config` (a new rule needs
 * the fields a rule cannot exist without; a program may stop managing some later).
 */
async function createManaging(config: Record<string, unknown>) {
  const created = await createInZone({ ruleConfiguration: { ...sampleConfig(), ...config } });
  const inputs = checkRateLimitRule(created.inputs, {
    ...created.inputs,
    ruleConfiguration: config,
  }).inputs as RateLimitRuleInputs;
  const res = await p.update(created.id, created.outs, inputs);
  return { inputs, id: created.id, outs: res.outs as RateLimitRuleOutputs };
}

describe("create (shieldZoneId / pullZoneId)", () => {
  test("one list of the zone, one POST; outputs hold the managed fields (enumerations by name)", async () => {
    await t.clearJournal();
    const { id, outs } = await createInZone();
    expect(await calls()).toEqual(["GET /shield/rate-limits/1 200", "POST /shield/rate-limit 200"]);
    expect(id).toBe("1000");
    expect(outs).toEqual({
      ruleId: 1000,
      shieldZoneId: 1,
      adopted: false,
      ruleName: "search-limit",
      ruleDescription: "limit search",
      // The program wrote the integers (sampleConfig): the state reads the names.
      ruleConfiguration: {
        ...sampleConfig(),
        actionType: "RateLimit",
        operatorType: "BEGINSWITH",
        severityType: "WARNING",
        transformationTypes: ["LOWERCASE"],
        counterKeyType: "IP",
        timeframe: "PerOneMinute",
        blockTime: "ForFiveMinutes",
      },
    });
  });

  test("enumerations are names in inputs and outputs; integers go on the wire", async () => {
    await t.clearJournal();
    const { inputs, outs } = await createInZone({
      ruleConfiguration: {
        ...sampleConfig(),
        actionType: "Challenge",
        transformationTypes: ["LOWERCASE", "URLDECODE"],
      },
    });
    expect(inputs.ruleConfiguration.actionType).toBe("Challenge");
    expect(outs.ruleConfiguration.actionType).toBe("Challenge");
    expect(outs.ruleConfiguration.transformationTypes).toEqual(["LOWERCASE", "URLDECODE"]);
    const post = (await t.journal()).find((e) => e.method === "POST");
    const sent = (post?.body as { ruleConfiguration: Record<string, unknown> }).ruleConfiguration;
    expect(sent.actionType).toBe(3);
    expect(sent.transformationTypes).toEqual([8, 19]);
  });

  test("pullZoneId: resolved to its shield zone at create; both ids in the outputs", async () => {
    await t.clearJournal();
    const { outs } = await createInZone({ shieldZoneId: undefined, pullZoneId: 4 });
    expect(await calls()).toEqual([
      "GET /shield/shield-zone/get-by-pullzone/4 200",
      "GET /shield/rate-limits/2 200",
      "POST /shield/rate-limit 200",
    ]);
    expect(outs).toMatchObject({ shieldZoneId: 2, pullZoneId: 4 });
    expect((await ruleById(outs.ruleId))?.shieldZoneId).toBe(2);
  });

  test("pullZoneId without a shield zone: a clear error once the bounded wait for one ends, nothing written", async () => {
    const inputs = checked({ pullZoneId: 2, ruleName: "x", ruleConfiguration: sampleConfig() });
    const saved = { ...timing };
    Object.assign(timing, { readBackMs: 300, readBackStepMs: 20 });
    try {
      await expect(p.create(inputs)).rejects.toThrow(
        /shield zone of pull zone 2 could not be found .*; it did not appear within 0.3 s/,
      );
    } finally {
      Object.assign(timing, saved);
    }
    expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
  });

  test("issue 16 (1): a same-named rule with the same settings is never taken over: it fails before any write, naming the ways out", async () => {
    // Another stack of the same program (or an interrupted run) made this rule.
    await createInZone();
    resetRunState(); // the next run, or another stack
    await t.clearJournal();
    const err = await createInZone().catch((e: Error) => e);
    expect(String(err)).toMatch(/already has rule 1000 named "search-limit"/);
    expect(String(err)).toMatch(/ruleId: 1000/);
    expect(String(err)).toMatch(/ruleId: 1000, deleteOnDestroy: true/);
    expect(String(err)).toMatch(/--clear-pending-creates/);
    expect(String(err)).not.toMatch(/--import-pending-creates/);
    expect(String(err)).toMatch(/aliases/);
    expect(await calls()).toEqual(["GET /shield/rate-limits/1 200"]);
    expect((await rules()).filter((r) => r.ruleName === "search-limit")).toHaveLength(1);
  });

  test("issue 16 (6): an empty configuration creates nothing: check names every missing field", () => {
    const r = checkRateLimitRule(
      {},
      { shieldZoneId: 1, ruleName: "login-challenge", ruleConfiguration: {} },
    );
    expect((r.failures ?? []).map((f) => f.property)).toEqual([
      "ruleConfiguration.actionType",
      "ruleConfiguration.variableTypes",
      "ruleConfiguration.operatorType",
      "ruleConfiguration.requestCount",
      "ruleConfiguration.timeframe",
      "ruleConfiguration.blockTime",
    ]);
    // An update of an existing resource may manage a subset...
    const prev = { shieldZoneId: 1, ruleName: "x", ruleConfiguration: sampleConfig() };
    expect(checkRateLimitRule(prev, { ...prev, ruleConfiguration: {} }).failures).toEqual([]);
    // ...but a move to another zone creates a new rule there: it needs them again.
    const moved = checkRateLimitRule(prev, { ...prev, shieldZoneId: 2, ruleConfiguration: {} });
    expect((moved.failures ?? []).map((f) => f.property)).toContain("ruleConfiguration.actionType");
  });

  test("issue 16 (6): create refuses a configuration without the required fields before any write", async () => {
    await t.clearJournal();
    await expect(
      p.create({ shieldZoneId: 1, ruleName: "brand-new", ruleConfiguration: {} }),
    ).rejects.toThrow(/a new rule needs ruleConfiguration\.actionType, .*nothing was written/);
    // The scenario: the name of a rule made by hand. Refused, rule 102 untouched.
    await expect(
      p.create({ shieldZoneId: 1, ruleName: "login-challenge", ruleConfiguration: {} }),
    ).rejects.toThrow(/already has rule 102 named "login-challenge"/);
    expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
  });

  test("a same-named rule with other settings: fails before any write, naming the id and ways out", async () => {
    await t.clearJournal();
    const err = await createInZone({ ruleName: "api-burst" }).catch((e: Error) => e);
    expect(String(err)).toMatch(/already has rule 101 named "api-burst"/);
    expect(String(err)).toMatch(/ruleId: 101/);
    expect(String(err)).toMatch(/another ruleName/);
    expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
  });

  test("two resources of one run with the same name: the second fails, one rule exists", async () => {
    await createInZone();
    await expect(createInZone({ ruleDescription: "other" })).rejects.toThrow(
      /another resource of this program/,
    );
    expect((await rules()).filter((r) => r.ruleName === "search-limit")).toHaveLength(1);
  });

  test("the name check lists each zone once per run", async () => {
    await t.clearJournal();
    await Promise.all(
      ["a", "b", "c", "d"].map((n) => createInZone({ ruleName: n, ruleDescription: null })),
    );
    const lists = (await t.journal()).filter((e) => e.path === "/shield/rate-limits/1");
    expect(lists).toHaveLength(1);
    expect(
      (await rules()).filter((r) => ["a", "b", "c", "d"].includes(r.ruleName ?? "")),
    ).toHaveLength(4);
  });

  test("finding 6: recovery after an unknown outcome takes only a rule that appeared after the check", async () => {
    await t.fault({
      method: "POST",
      path: "^/shield/rate-limit$",
      status: 504,
      afterHandler: true,
    });
    await t.clearJournal();
    const { id } = await createInZone();
    expect(id).toBe("1000");
    const j = await t.journal();
    expect(j.filter((e) => e.method === "POST")).toHaveLength(1);
    // A pre-existing same-named rule never reaches recovery: the name check stops before the POST.
    resetRunState();
    const err = await createInZone({ ruleName: "api-burst" }).catch((e: Error) => e);
    expect(String(err)).toMatch(/already has rule 101/);
    expect((await ruleById(101))?.ruleName).toBe("api-burst");
  });

  test("POST reset before anything was created: a clear error saying it is safe to retry", async () => {
    timing.recoveryMaxStepMs = 50;
    try {
      await t.fault({ method: "POST", path: "^/shield/rate-limit$", reset: true });
      await expect(createInZone({ ruleName: "never" })).rejects.toThrow(
        /not re-sent.*safe to retry/,
      );
      expect((await t.journal()).filter((e) => e.method === "POST")).toHaveLength(1);
    } finally {
      timing.recoveryMaxStepMs = 5_000;
    }
  });

  test("finding 7: 202 whose read-back 404s first: read back until it appears, one POST", async () => {
    await t.fault({
      method: "POST",
      path: "^/shield/rate-limit$",
      status: 202,
      afterHandler: true,
      body: { location: "/shield/rate-limit/1000", statusCode: 202 },
    });
    await t.fault({ method: "GET", path: "^/shield/rate-limit/1000$", status: 404, count: 2 });
    await t.clearJournal();
    const { id, outs } = await createInZone();
    expect(id).toBe("1000");
    expect(outs.ruleName).toBe("search-limit");
    const j = await calls();
    expect(j.filter((c) => c.startsWith("POST"))).toHaveLength(1);
    expect(j.filter((c) => c.startsWith("GET /shield/rate-limit/1000"))).toEqual([
      "GET /shield/rate-limit/1000 404",
      "GET /shield/rate-limit/1000 404",
      "GET /shield/rate-limit/1000 200",
    ]);
  });

  test("finding 7: 202 never readable: a partial create carrying the id, so state records it", async () => {
    timing.readBackMs = 300;
    try {
      await t.fault({
        method: "POST",
        path: "^/shield/rate-limit$",
        status: 202,
        afterHandler: true,
        body: { location: "/shield/rate-limit/1000", statusCode: 202 },
      });
      await t.fault({ method: "GET", path: "^/shield/rate-limit/1000$", status: 404, count: 100 });
      const err = (await createInZone().catch((e: unknown) => e)) as {
        id?: string;
        properties?: Record<string, unknown>;
        message: string;
      };
      expect(err.id).toBe("1000");
      expect(err.properties).toMatchObject({ ruleId: 1000, shieldZoneId: 1, adopted: false });
      expect(err.message).toMatch(/recorded in the state/);
    } finally {
      timing.readBackMs = 20_000;
    }
  });

  test("finding 11: a 200 {} answer to a POST is an error, never an 'undefined' id", async () => {
    await t.fault({ method: "POST", path: "^/shield/rate-limit$", status: 200, body: {} });
    await expect(createInZone()).rejects.toThrow(/no numeric "id"|without a rule id/);
  });

  test("embedded failure in a 200 (unknown zone) is an error naming the error key", async () => {
    const inputs = checked({ shieldZoneId: 999, ruleName: "x", ruleConfiguration: sampleConfig() });
    await expect(p.create(inputs)).rejects.toThrow(/not_found_or_unauthorised_access\.shieldzone/);
  });
});

describe("adopt (ruleId)", () => {
  test("managed fields already match: no write at all", async () => {
    await t.clearJournal();
    const res = await p.create(
      checked({ ruleId: 102, ruleConfiguration: { requestCount: 10, actionType: "Challenge" } }),
    );
    expect(await calls()).toEqual(["GET /shield/rate-limit/102 200"]);
    expect(res.outs).toEqual({
      ruleId: 102,
      shieldZoneId: 1,
      adopted: true,
      // reported for reference, not managed (the program left them out)
      ruleName: "login-challenge",
      ruleDescription: "Challenge repeated login attempts",
      unmanaged: ["ruleName", "ruleDescription"],
      ruleConfiguration: { requestCount: 10, actionType: "Challenge" },
    });
  });

  test("finding 2: partial adoption changes only the written fields; the rest stays", async () => {
    await t.clearJournal();
    await p.create(
      checked({
        ruleId: 102,
        ruleConfiguration: {
          actionType: "RateLimit",
          requestCount: 20,
          timeframe: 60,
          blockTime: 300,
        },
      }),
    );
    expect(await ruleById(102)).toMatchObject({
      ruleName: "login-challenge",
      ruleDescription: "Challenge repeated login attempts",
      ruleConfiguration: {
        ...RULE_102_CONFIG,
        actionType: 1,
        requestCount: 20,
        timeframe: 60,
        blockTime: 300,
      },
    });
    const patch = (await t.journal()).filter((e) => e.method === "PATCH");
    expect(patch).toHaveLength(1);
    expect(Object.keys(patch[0].body as object)).toEqual(["ruleConfiguration"]);
  });

  test("destroy leaves an adopted rule; deleteOnDestroy: true deletes it", async () => {
    const kept = await p.create(checked({ ruleId: 101, ruleConfiguration: {} }));
    await t.clearJournal();
    await p.delete(kept.id, kept.outs as RateLimitRuleOutputs);
    expect(await t.journal()).toEqual([]);
    const gone = await p.create(
      checked({ ruleId: 102, ruleConfiguration: {}, deleteOnDestroy: true }),
    );
    resetRunState(); // destroy is a run of its own
    await p.delete(gone.id, gone.outs as RateLimitRuleOutputs);
    expect(await ruleById(102)).toBeUndefined();
  });

  test("adopting a rule that does not exist is a clear error", async () => {
    await expect(
      p.create(checked({ ruleId: 4242, ruleConfiguration: sampleConfig() })),
    ).rejects.toThrow(/rule 4242 does not exist.*shieldZoneId or pullZoneId/);
  });
});

describe("update and diff", () => {
  test("no change: diff says no changes", async () => {
    const { inputs, id, outs } = await createInZone();
    expect(p.diff(id, outs, inputs)).resolves.toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  test("one field changed: one GET and one PATCH holding only ruleConfiguration", async () => {
    const { inputs, id, outs } = await createInZone();
    const news = checked({ ...inputs, ruleConfiguration: { ...sampleConfig(), requestCount: 75 } });
    expect((await p.diff(id, outs, news)).changes).toBe(true);
    await t.clearJournal();
    const res = await p.update(id, outs, news);
    expect(await calls()).toEqual([
      "GET /shield/rate-limit/1000 200",
      "PATCH /shield/rate-limit/1000 200",
    ]);
    const body = (await t.journal())[1].body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["ruleConfiguration"]);
    expect((res.outs as RateLimitRuleOutputs).ruleConfiguration.requestCount).toBe(75);
  });

  test("finding 2: an update keeps what was set out-of-band in unmanaged fields", async () => {
    const { inputs, id, outs } = await createManaging({ requestCount: 50, timeframe: 60 });
    // Someone sets the match conditions on the platform; the program does not manage them.
    const s = await t.state();
    const r = s.rateLimitRules.find((x) => x.id === 1000)!;
    r.ruleConfiguration = {
      ...r.ruleConfiguration,
      value: "/oob",
      variableTypes: { ARGS: "q" },
      severityType: 2,
    };
    await t.setState(s);
    const news = updated(inputs, {
      ...inputs,
      ruleConfiguration: { requestCount: 80, timeframe: 60 },
    });
    await p.update(id, outs, news);
    expect((await ruleById(1000))?.ruleConfiguration).toMatchObject({
      requestCount: 80,
      value: "/oob",
      variableTypes: { ARGS: "q" },
      severityType: 2,
    });
  });

  test("explicit null clears a nullable field; leaving it out keeps it", async () => {
    const { inputs, id, outs } = await createInZone();
    const keep = updated(inputs, { ...inputs, ruleConfiguration: { requestCount: 50 } });
    await p.update(id, outs, keep);
    expect((await ruleById(1000))?.ruleConfiguration?.value).toBe("/search");
    const clear = updated(inputs, {
      ...inputs,
      ruleConfiguration: { requestCount: 50, value: null },
    });
    await p.update(id, outs, clear);
    expect((await ruleById(1000))?.ruleConfiguration?.value).toBeNull();
  });

  test("finding 1: a created rule rewritten as ruleId: <its id> is an in-place change, no API call", async () => {
    const { inputs, id, outs } = await createInZone();
    const news = checked({ ...inputs, shieldZoneId: undefined, ruleId: 1000 });
    const d = await p.diff(id, outs, news);
    expect(d.replaces).toEqual([]);
    expect(d.changes).toBe(true);
    await t.clearJournal();
    const res = await p.update(id, outs, news);
    expect(await t.journal()).toEqual([]);
    const after = res.outs as RateLimitRuleOutputs;
    expect(after.adopted).toBe(true);
    await p.delete(id, after); // ruleId mode: destroy keeps the rule
    expect(await ruleById(1000)).toBeDefined();
  });

  test("another ruleId, another zone or another pull zone replaces", async () => {
    const { inputs, id, outs } = await createInZone();
    expect((await p.diff(id, outs, checked({ ...inputs, shieldZoneId: 2 }))).replaces).toEqual([
      "shieldZoneId",
    ]);
    const adopt = checked({ ...inputs, shieldZoneId: undefined, ruleId: 101 });
    expect((await p.diff(id, outs, adopt)).replaces).toEqual(["ruleId"]);
    const pull = checked({ ...inputs, shieldZoneId: undefined, pullZoneId: 1 });
    expect((await p.diff(id, outs, pull)).replaces).toEqual(["pullZoneId"]);
    const unknown = { ...inputs, shieldZoneId: UNKNOWN } as unknown as RateLimitRuleInputs;
    expect((await p.diff(id, outs, unknown)).replaces).toEqual(["shieldZoneId"]);
  });

  test("a replacement in the same zone (the engine diffed the old state) keeps the rule; the old resource's delete leaves it", async () => {
    const { inputs, id, outs } = await createInZone();
    resetRunState(); // next run: diff (replace), create of the replacement, delete of the old one
    const news = checked({ ...inputs, shieldZoneId: undefined, pullZoneId: 1 });
    expect((await p.diff(id, outs, news)).replaces).toEqual(["pullZoneId"]);
    await t.clearJournal();
    const repl = await p.create(news);
    expect(repl.id).toBe(id);
    await p.delete(id, outs);
    expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
    expect(await ruleById(1000)).toBeDefined();
  });

  test("a replacement the engine did not diff (a rename without aliases, --replace) never takes the rule", async () => {
    const { inputs } = await createInZone();
    resetRunState();
    await t.clearJournal();
    await expect(p.create(checked({ ...inputs }))).rejects.toThrow(/already has rule 1000/);
    expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
  });

  test("issue 16 (7): an adopted rule written in zone mode stays adopted: destroy leaves it", async () => {
    const adopted = await p.create(
      checked({ ruleId: 102, ruleConfiguration: { requestCount: 10 } }),
    );
    const outs = adopted.outs as RateLimitRuleOutputs;
    resetRunState();
    const rule = (await ruleById(102))!;
    const news = updated(adopted.outs as never, {
      shieldZoneId: rule.shieldZoneId,
      ruleName: rule.ruleName,
      ruleConfiguration: { requestCount: 10 },
    });
    expect((await p.diff("102", outs, news)).replaces).toEqual([]);
    const up = await p.update("102", outs, news);
    resetRunState();
    await t.clearJournal();
    await p.delete("102", up.outs as RateLimitRuleOutputs);
    expect((await t.journal()).filter((e) => e.method === "DELETE")).toEqual([]);
    expect(await ruleById(102)).toBeDefined();
    // Only the program's explicit word makes destroy delete it.
    const own = updated(news as never, { ...news, deleteOnDestroy: true });
    expect((await p.diff("102", up.outs as RateLimitRuleOutputs, own)).changes).toBe(true);
    const owned = await p.update("102", up.outs as RateLimitRuleOutputs, own);
    resetRunState();
    await p.delete("102", owned.outs as RateLimitRuleOutputs);
    expect(await ruleById(102)).toBeUndefined();
  });

  test("issue 16 (5): a partial chained condition is the program's item, never merged into the platform's item at that index", async () => {
    const s = await t.state();
    const r = s.rateLimitRules.find((x) => x.id === 102)!;
    r.ruleConfiguration = {
      ...r.ruleConfiguration,
      chainedRuleConditions: [
        {
          variableTypes: { REQUEST_URI: "/admin" },
          operatorType: 0,
          value: "/admin",
          isNegated: true,
        },
        { variableTypes: { REQUEST_METHOD: "POST" }, operatorType: 15, value: "POST" },
      ],
    };
    await t.setState(s);
    const mine = [{ variableTypes: { REQUEST_METHOD: "POST" }, value: "POST" }];
    const res = await p.create(
      checked({ ruleId: 102, ruleConfiguration: { chainedRuleConditions: mine } }),
    );
    // The platform holds exactly the program's item: no operator or negation of another item.
    expect((await ruleById(102))?.ruleConfiguration?.chainedRuleConditions).toEqual(mine);
    // A later out-of-band negation of that item is drift, shown by refresh and diff.
    const s2 = await t.state();
    s2.rateLimitRules.find((x) => x.id === 102)!.ruleConfiguration!.chainedRuleConditions = [
      { ...mine[0], isNegated: true },
    ];
    await t.setState(s2);
    const outs = res.outs as RateLimitRuleOutputs;
    const read = await p.read("102", outs);
    expect((read.inputs as RateLimitRuleInputs).ruleConfiguration.chainedRuleConditions).toEqual([
      { ...mine[0], isNegated: true },
    ]);
    const news = checked({ ruleId: 102, ruleConfiguration: { chainedRuleConditions: mine } });
    expect((await p.diff("102", read.props as RateLimitRuleOutputs, news)).changes).toBe(true);
  });

  test("finding 9: a chained condition without operatorType equals one the platform filled with 0", async () => {
    const cond = { variableTypes: { REQUEST_METHOD: "GET" }, value: "GET" };
    const { inputs, id, outs } = await createInZone({
      ruleConfiguration: { ...sampleConfig(), chainedRuleConditions: [cond] },
    });
    const s = await t.state();
    s.rateLimitRules.find((x) => x.id === 1000)!.ruleConfiguration!.chainedRuleConditions = [
      { ...cond, operatorType: 0, isNegated: false, isRegexVariable: false },
    ];
    await t.setState(s);
    const read = await p.read(id, outs);
    expect((await p.diff(id, read.props as RateLimitRuleOutputs, inputs)).changes).toBe(false);
    expect(read.inputs).toEqual({ ...inputs });
  });

  test("deleteOnDestroy change: a change without any request", async () => {
    const { inputs, id, outs } = await createInZone();
    const news = checked({ ...inputs, deleteOnDestroy: false });
    expect((await p.diff(id, outs, news)).changes).toBe(true);
    await t.clearJournal();
    const res = await p.update(id, outs, news);
    expect(await t.journal()).toEqual([]);
    expect((res.outs as RateLimitRuleOutputs).deleteOnDestroy).toBe(false);
  });
});

describe("read (refresh)", () => {
  test("clean read: one GET; the inputs are exactly the program's", async () => {
    const { inputs, id, outs } = await createInZone({
      ruleConfiguration: { ...sampleConfig(), actionType: "RateLimit" },
    });
    await t.clearJournal();
    const r = await p.read(id, outs);
    expect(await calls()).toEqual(["GET /shield/rate-limit/1000 200"]);
    expect(r.inputs).toEqual(inputs);
    expect(r.props).toEqual(outs);
  });

  test("drift in a managed field shows in the program's form; unmanaged drift is not reported", async () => {
    const { inputs, id, outs } = await createManaging({
      actionType: "RateLimit",
      requestCount: 50,
    });
    const s = await t.state();
    const r = s.rateLimitRules.find((x) => x.id === 1000)!;
    r.ruleConfiguration = { ...r.ruleConfiguration, actionType: 3, value: "/changed" };
    await t.setState(s);
    const read = await p.read(id, outs);
    expect(read.inputs).toEqual({
      ...inputs,
      ruleConfiguration: { actionType: "Challenge", requestCount: 50 },
    });
    expect((await p.diff(id, read.props as RateLimitRuleOutputs, inputs)).changes).toBe(true);
  });

  test("gone upstream (404, confirmed by the zone list): empty id", async () => {
    const { id, outs } = await createInZone();
    const s = await t.state();
    s.rateLimitRules = s.rateLimitRules.filter((r) => r.id !== 1000);
    await t.setState(s);
    await t.clearJournal();
    expect(await p.read(id, outs)).toEqual({ id: "" });
    expect(await calls()).toEqual([
      "GET /shield/rate-limit/1000 404",
      "GET /shield/rate-limits/1 200",
    ]);
  });

  test("finding 4: not_found_or_unauthorised_access and an unreadable zone is an error, never gone", async () => {
    const { id, outs } = await createInZone();
    const answer = {
      id: 0,
      errorResponse: {
        statusCode: 404,
        success: false,
        errorKey: "not_found_or_unauthorised_access.shieldzone",
      },
    };
    await t.fault({ method: "GET", path: "^/shield/rate-limit/1000$", status: 200, body: answer });
    await t.fault({
      method: "GET",
      path: "^/shield/rate-limits/1$",
      status: 200,
      body: { data: [], page: null, error: answer.errorResponse },
    });
    await expect(p.read(id, outs)).rejects.toThrow(/NOT treated as gone.*scope/);
  });

  test("finding 4: a not-found GET while the zone still lists the rule is an error", async () => {
    const { id, outs } = await createInZone();
    await t.fault({ method: "GET", path: "^/shield/rate-limit/1000$", status: 404 });
    await expect(p.read(id, outs)).rejects.toThrow(/still lists rule 1000/);
  });

  test("finding 11: an embedded statusCode 404 without a key is a not-found, confirmed by the list", async () => {
    const { id, outs } = await createInZone();
    const s = await t.state();
    s.rateLimitRules = s.rateLimitRules.filter((r) => r.id !== 1000);
    await t.setState(s);
    await t.fault({
      method: "GET",
      path: "^/shield/rate-limit/1000$",
      status: 200,
      body: { errorResponse: { statusCode: 404, success: false } },
    });
    expect(await p.read(id, outs)).toEqual({ id: "" });
  });

  test("finding 11: a 200 {} to a read is an error, never id 'undefined'", async () => {
    const { id, outs } = await createInZone();
    await t.fault({ method: "GET", path: "^/shield/rate-limit/1000$", status: 200, body: {} });
    await expect(p.read(id, outs)).rejects.toThrow(/no numeric "id"|without a rule id/);
  });
});

describe("delete", () => {
  test("DELETE; a rule already gone (confirmed) is fine", async () => {
    const { id, outs } = await createInZone();
    resetRunState(); // destroy is a run of its own
    await t.clearJournal();
    await p.delete(id, outs);
    expect(await calls()).toEqual(["DELETE /shield/rate-limit/1000 200"]);
    expect(await ruleById(1000)).toBeUndefined();
    await expect(p.delete(id, outs)).resolves.toBeUndefined();
  });

  test("finding 4: a wrong-scope answer to DELETE fails; the rule stays in state", async () => {
    const { id, outs } = await createInZone();
    const err = {
      statusCode: 404,
      success: false,
      errorKey: "not_found_or_unauthorised_access.shieldzone",
    };
    await t.fault({ method: "DELETE", path: "^/shield/rate-limit/1000$", status: 200, body: err });
    await t.fault({
      method: "GET",
      path: "^/shield/rate-limits/1$",
      status: 200,
      body: { data: [], page: null, error: err },
    });
    resetRunState();
    await expect(p.delete(id, outs)).rejects.toThrow(/NOT treated as gone/);
    expect(await ruleById(1000)).toBeDefined();
  });
});
