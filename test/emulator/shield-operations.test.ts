/**
 * Emulator: the Shield operations beyond zone settings, over plain HTTP and through the
 * client — bot categorization and under-attack mode read back what was written, the review
 * of a triggered rule lands in the zone's rule lists, an API guardian endpoint keeps its
 * changes, event-log search filters and groups, the detailed metrics follow the range and
 * resolution asked for; bad input is a 400 naming the field, unknown objects a 404/409.
 */
import { EmulatorControl, type RunningEmulator } from "../../packages/emulator/src";
import { Client, EdgeApiError, InvalidArgumentError } from "../../packages/client/src";
import { call, DAY, NOW, start } from "./helpers";

const SCOPED = "zone-three-key";
let emu: RunningEmulator;
let ctl: EmulatorControl;
let client: Client;
beforeAll(async () => {
  emu = await start({ now: () => NOW, scopedKeys: { [SCOPED]: { shieldZones: [3] } } });
  ctl = new EmulatorControl(emu.url);
  client = new Client({ apiKey: emu.apiKey, baseUrl: emu.url, maxAttempts: 1 });
});
afterAll(async () => {
  client.close();
  await emu.close();
});
beforeEach(() => ctl.reset());

const DOC = JSON.stringify({
  openapi: "3.0.0",
  info: { title: "shop", version: "1" },
  paths: { "/orders": { get: {}, post: {} } },
});

describe("bot categorization", () => {
  test("the actions are part of the state document: GET /_emulator/state shows them under the zone, None removes them (no action set: no part), a state PUT sets them, a bad one is refused", async () => {
    await client.shieldBots.setBotAction(3, 6, 3);
    await client.shieldBots.setCategoryAction(3, 2, 1);
    const zone3 = (await ctl.state()).shieldZones.find((z) => z.id === 3)!;
    expect(zone3.botCategorization).toEqual({ bots: { "6": 3 }, categories: { "2": 1 } });
    await client.shieldBots.setBotAction(3, 6, 0);
    await client.shieldBots.setCategoryAction(3, 2, 0);
    const cleared = (await ctl.state()).shieldZones.find((z) => z.id === 3)!;
    expect(cleared).not.toHaveProperty("botCategorization");

    await ctl.updateState((s) => {
      s.shieldZones.find((z) => z.id === 3)!.botCategorization = {
        bots: { "1": 1 },
        categories: { "7": 2 },
      };
    });
    const list = await client.shieldBots.list(3);
    expect(list.categories!.flatMap((c) => c.bots ?? []).find((b) => b.botId === 1)!.action).toBe(
      1,
    );
    expect(list.categories!.find((c) => c.category === 7)!.categoryAction).toBe(2);

    const bad = await ctl
      .updateState((s) => {
        s.shieldZones.find((z) => z.id === 3)!.botCategorization = {
          bots: { "1": 9 },
          categories: {},
        };
      })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect(bad?.message).toMatch(/botCategorization\.bots\.1/);
  });

  test("a bot's and a category's action are read back by the list; None clears them; a reset forgets them", async () => {
    const before = await client.shieldBots.list(1);
    const gpt = before
      .categories!.flatMap((c) => c.bots ?? [])
      .find((b) => b.userAgentMatch === "GPTBot")!;
    expect(gpt.action).toBe(0);

    const set = await client.shieldBots.setBotAction(1, gpt.botId, 1);
    expect(set).toMatchObject({ botId: gpt.botId, action: 1, category: gpt.category });
    expect(await client.shieldBots.setCategoryAction(1, 7, 2)).toEqual({ category: 7, action: 2 });

    const after = await client.shieldBots.list(1);
    const bot = after.categories!.flatMap((c) => c.bots ?? []).find((b) => b.botId === gpt.botId)!;
    expect(bot.action).toBe(1);
    expect(after.categories!.find((c) => c.category === 7)!.categoryAction).toBe(2);
    // Another zone is not touched.
    const other = await client.shieldBots.list(3);
    expect(other.categories!.flatMap((c) => c.bots ?? []).every((b) => b.action === 0)).toBe(true);

    await client.shieldBots.setBotAction(1, gpt.botId, 0);
    const cleared = await client.shieldBots.list(1);
    expect(
      cleared.categories!.flatMap((c) => c.bots ?? []).find((b) => b.botId === gpt.botId)!.action,
    ).toBe(0);

    await ctl.reset();
    const reset = await client.shieldBots.list(1);
    expect(reset.categories!.find((c) => c.category === 7)!.categoryAction).toBe(0);
  });

  test("an unknown bot is a 404, an action outside the enumeration a 400 naming the field; the client refuses it before sending", async () => {
    const unknown = await call(emu, "PUT", "/shield/shield-zone/1/bot-categorization/bots/999", {
      body: { action: 1 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("botId");
    const bad = await call(emu, "PUT", "/shield/shield-zone/1/bot-categorization/bots/1", {
      body: { action: 7 },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("action");
    const badCategory = await call(
      emu,
      "PUT",
      "/shield/shield-zone/1/bot-categorization/categories/42",
      { body: { action: 1 } },
    );
    expect(badCategory.status).toBe(400);
    expect(badCategory.text).toContain("category");
    await expect(client.shieldBots.setBotAction(1, 1, 7 as never)).rejects.toThrow(
      InvalidArgumentError,
    );
    await expect(client.shieldBots.setBotAction(1, 1, 7 as never)).rejects.toThrow(
      /"action".*0 \(None\), 1 \(Block\), 2 \(Allow\), 3 \(Ignore\)/,
    );
  });

  test("a zone the key cannot see answers like a missing one", async () => {
    const r = await call(emu, "GET", "/shield/shield-zone/1/bot-categorization", { key: SCOPED });
    expect(r.status).toBe(404);
    expect(
      (await call(emu, "GET", "/shield/shield-zone/3/bot-categorization", { key: SCOPED })).status,
    ).toBe(200);
  });
});

describe("under-attack mode", () => {
  test("creates the pull zone's shield zone with DDoS sensitivity Challenge and the plan sent; the zone reads back so; a second one is a 409", async () => {
    const made = await client.shieldZoneActions.underAttack({ pullZoneId: 8, planType: 2 });
    expect(made.pullZoneId).toBe(8);
    const id = made.shieldZone.shieldZoneId;
    expect(made.shieldZone).toMatchObject({ dDoSShieldSensitivity: 4, planType: 2 });
    expect(made.shieldZone).not.toHaveProperty("dDoSExecutionMode");

    const byPull = await client.shieldZones.getByPullZone(8);
    expect(byPull).toMatchObject({ shieldZoneId: id });
    expect(await client.shieldZones.get(id)).toMatchObject({
      dDoSShieldSensitivity: 4,
      planType: 2,
      pullZoneId: 8,
    });

    const again = client.shieldZoneActions.underAttack({ pullZoneId: 8, planType: 2 });
    await expect(again).rejects.toBeInstanceOf(EdgeApiError);
    await expect(
      client.shieldZoneActions.underAttack({ pullZoneId: 8, planType: 2 }),
    ).rejects.toMatchObject({ status: 409 });
  });

  test("an unknown pull zone is a 400 naming pullZoneId; a missing planType a 400 naming it", async () => {
    const r = await call(emu, "POST", "/shield/shield-zone/under-attack", {
      body: { pullZoneId: 9999, planType: 0 },
    });
    expect(r.status).toBe(400);
    expect(r.text).toContain("pullZoneId");
    const m = await call(emu, "POST", "/shield/shield-zone/under-attack", {
      body: { pullZoneId: 8 },
    });
    expect(m.status).toBe(400);
    expect(m.text).toContain("planType");
  });
});

describe("triggered WAF rules", () => {
  test("the rules of the zone's event logs are listed; LogOnly and DisableRule land in the zone's lists and leave the review", async () => {
    const before = await client.wafReview.triggeredRules(1);
    expect(before.totalTriggeredRules).toBe(before.triggeredRules!.length);
    expect(before.totalTriggeredRules).toBeGreaterThan(1);
    const [first, second] = before.triggeredRules!;
    expect(first.totalTriggeredRequests).toBeGreaterThan(0);
    expect(Object.values(first.topTargetedUrls!).reduce((a, b) => a + b, 0)).toBe(
      first.totalTriggeredRequests,
    );

    await client.wafReview.review(1, { ruleId: first.ruleId!, action: 1 });
    await client.wafReview.review(1, { ruleId: second.ruleId!, action: 2 });
    const zone = await client.shieldZones.get(1);
    expect(zone.wafLogOnlyRules).toContain(first.ruleId);
    expect(zone.wafDisabledRules).toContain(second.ruleId);
    const after = await client.wafReview.triggeredRules(1);
    expect(after.triggeredRules!.map((r) => r.ruleId)).not.toContain(first.ruleId);
    expect(after.totalTriggeredRules).toBe(before.totalTriggeredRules - 2);

    const rec = await client.wafReview.recommendation(1, first.ruleId!);
    expect(rec).toMatchObject({ shieldZoneId: 1, ruleId: first.ruleId, success: true });
    expect(rec.recommendation).toContain(first.ruleId!);
  });

  test("an unknown rule id is refused (400 naming ruleId); the client refuses a malformed one before sending", async () => {
    const r = await call(emu, "POST", "/shield/waf/rules/review-triggered/1", {
      body: { ruleId: "000000", action: 1 },
    });
    expect(r.status).toBe(400);
    expect(r.text).toContain("ruleId");
    await expect(client.wafReview.review(1, { ruleId: "a/b", action: 1 })).rejects.toThrow(
      /"ruleId"/,
    );
  });
});

describe("API guardian endpoints", () => {
  test("a PATCH changes only what it sends, and the next answer holds the earlier changes; an unknown endpoint is a 404; below Business a 403", async () => {
    await client.shieldZones.createApiGuardianSpec(3, { content: DOC });
    const a = await client.shieldZoneActions.updateApiGuardianEndpoint(3, 3001, {
      detectParameterXss: true,
    });
    expect(a).toMatchObject({
      apiGuardianEndpointId: 3001,
      requestMethod: "GET",
      requestPath: "/orders",
      detectParameterXss: true,
      detectParameterSqli: false,
    });
    const b = await client.shieldZoneActions.updateApiGuardianEndpoint(3, 3001, {
      rateLimitingEnabled: true,
      rateLimitingTimeframe: 300,
    });
    expect(b).toMatchObject({
      detectParameterXss: true,
      rateLimitingEnabled: true,
      rateLimitingTimeframe: 300,
    });
    const other = await client.shieldZoneActions.updateApiGuardianEndpoint(3, 3002, {});
    expect(other).toMatchObject({ requestMethod: "POST", detectParameterXss: false });

    const missing = await call(emu, "PATCH", "/shield/shield-zone/3/api-guardian/endpoint/3009", {
      body: {},
    });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("endpointId");
    const basic = await call(emu, "PATCH", "/shield/shield-zone/1/api-guardian/endpoint/1001", {
      body: {},
    });
    expect(basic.status).toBe(403);
    const bad = await call(emu, "PATCH", "/shield/shield-zone/3/api-guardian/endpoint/3001", {
      body: { rateLimitingType: "Zone" },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("rateLimitingType");
  });
});

describe("event-log search and export", () => {
  const window = { from: NOW - DAY, to: NOW };

  test("a filter keeps only matching events; pages split the rows; groups count them; the export has every match", async () => {
    const all = await client.shieldEvents.search(1, { ...window, pageSize: 500 });
    expect(all.total).toBeGreaterThan(0);
    expect(all.rows!.every((r) => r.timestamp >= window.from && r.timestamp < window.to)).toBe(
      true,
    );
    const country = all.rows![0].fields!.country;
    const only = await client.shieldEvents.search(1, {
      ...window,
      pageSize: 500,
      filters: [{ field: "country", op: "eq", value: [country] }],
    });
    const expected = all.rows!.filter((r) => r.fields!.country === country).length;
    expect(only.total).toBe(expected);
    expect(only.rows!.every((r) => r.fields!.country === country)).toBe(true);

    const page1 = await client.shieldEvents.search(1, { ...window, pageSize: 7, page: 1 });
    expect(page1.rows!.map((r) => r.logId)).toEqual(all.rows!.slice(7, 14).map((r) => r.logId));
    expect(page1.totalPages).toBe(Math.ceil(all.total / 7));

    const grouped = await client.shieldEvents.search(1, {
      ...window,
      groupBy: ["action"],
      buckets: 3,
    });
    expect(grouped.groups!.reduce((n, g) => n + g.count, 0)).toBe(all.total);
    for (const g of grouped.groups!) expect(g.sparkline!.reduce((a, b) => a + b, 0)).toBe(g.count);

    const csv = await client.shieldEvents.export(1, {
      ...window,
      filters: [{ field: "country", op: "eq", value: [country] }],
    });
    expect(csv.trim().split("\n")).toHaveLength(expected + 1);
  });

  test("a window older than 72 hours is a 400 naming from; the client refuses to < from and unknown fields before sending", async () => {
    const old = await call(emu, "POST", "/shield/event-logs/1/search", {
      body: { from: NOW - 4 * DAY, to: NOW },
    });
    expect(old.status).toBe(400);
    expect(old.text).toContain("from");
    await expect(client.shieldEvents.search(1, { from: NOW, to: NOW - 1 })).rejects.toThrow(/"to"/);
    await expect(
      client.shieldEvents.search(1, {
        ...window,
        filters: [{ field: "colour" as never, op: "eq", value: ["x"] }],
      }),
    ).rejects.toThrow(/"filters\[0\]\.field".*feature, ruleId, ip/);
  });
});

describe("detailed metrics", () => {
  test("the overview has one bucket per resolution step of the range, totals the sum of each series; overages name the month asked", async () => {
    const d = await client.shieldMetrics.overviewDetailed(1, {
      startDate: "2026-01-10",
      endDate: "2026-01-12T23:59:59Z",
      resolution: 4,
    });
    expect(d.resolution).toBe(4);
    const series = d.waf!.metrics!.blockedRequests;
    expect(Object.keys(series)).toEqual([
      "2026-01-10T00:00:00.000Z",
      "2026-01-11T00:00:00.000Z",
      "2026-01-12T00:00:00.000Z",
    ]);
    expect(d.waf!.totals!.blockedRequests).toBe(Object.values(series).reduce((a, b) => a + b, 0));

    const o = await client.shieldMetrics.overages(3, { year: 2025, month: 11 });
    expect(o).toMatchObject({ shieldZoneId: 3, year: 2025, month: 11 });
    expect(o.segments![0]).toMatchObject({ periodStart: "2025-11-01T00:00:00.000Z", planType: 2 });
    await expect(client.shieldMetrics.overages(3, { month: 13 })).rejects.toThrow(/"month"/);
  });

  test("per-feature metrics: totals are the sums of their 28 days; an unknown rule or endpoint is a 404", async () => {
    const b = await client.shieldMetrics.botDetection(1);
    const days = Object.values(b.overviewPastTwentyEightDays!);
    expect(days).toHaveLength(28);
    expect(b.totalChallengedRequests).toBe(
      days.reduce((n, x) => n + (x.challengedRequests ?? 0), 0),
    );
    const r = await client.shieldMetrics.rateLimit(101);
    expect(Object.keys(r.ratelimitOverviewPastTwentyEightDays!)).toHaveLength(28);
    await expect(client.shieldMetrics.rateLimit(99999)).rejects.toMatchObject({ status: 404 });
    await expect(client.shieldMetrics.wafRule(1, "000000")).rejects.toMatchObject({ status: 404 });
    await client.shieldZones.createApiGuardianSpec(3, { content: DOC });
    const e = await client.shieldMetrics.apiGuardianEndpoint(3, 3002);
    expect(Object.keys(e.overviewPastTwentyEightDays!)).toHaveLength(28);
    await expect(client.shieldMetrics.apiGuardianEndpoint(3, 3003)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("reference data", () => {
  test("rules by plan list the managed rule catalogue for every plan; enumerations map values to names", async () => {
    const plans = await client.shieldCatalog.wafRulesByPlan();
    expect(plans.map((p) => p.planName)).toEqual(["Basic", "Advanced", "Business", "Enterprise"]);
    const ids = (await client.shieldZones.managedWafRules(1)).flatMap((s) =>
      s.ruleGroups.flatMap((g) => g.rules.map((r) => r.ruleId)),
    );
    expect(
      plans[0].rules!.flatMap((m) => m.ruleGroups!.flatMap((g) => g.rules!.map((r) => r.ruleId))),
    ).toEqual(ids);
    expect((await client.shieldCatalog.accessListEnums(1)).AccessListType).toMatchObject({
      "0": "IP",
      "1": "CIDR",
    });
    expect((await client.shieldCatalog.ddosEnums())[0].enumValues!.map((v) => v.name)).toEqual([
      "Off",
      "Low",
      "Medium",
      "High",
      "Challenge",
    ]);
    expect((await client.shieldCatalog.wafProfiles()).flat().length).toBeGreaterThan(0);
    expect(await client.shieldCatalog.promoState()).toBeDefined();
  });
});
