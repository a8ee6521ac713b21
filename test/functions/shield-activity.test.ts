/**
 * shield.getEventLogSearch, shield.getShieldMetrics, shield.getBots (+ Output forms), against
 * a started emulator: the events of a window across pages, filtered and grouped; the detailed
 * metrics of each area; the bots and categories with the zone's actions, by name; bad input
 * refused before any call, naming the field and the allowed values.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  getBots,
  getBotsOutput,
  getEventLogSearch,
  getEventLogSearchOutput,
  getShieldMetrics,
  getShieldMetricsOutput,
} from "../../packages/pulumi/src/shield";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { Client, InvalidArgumentError } from "../../packages/client/src";
import { Emu, journal, opts, rejection, reset, settle, start } from "./helpers";

const DAY = 86_400_000;
let emu: Emu;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = new Client({ apiKey: emu.apiKey, baseUrl: emu.url, maxAttempts: 1 });
});
beforeEach(() => reset(emu));
afterAll(async () => {
  client.close();
  clearClientCache();
  await emu.close();
});

/** Yesterday, the whole UTC day: zone 1 logs 5 pages of 20 events a day. */
const yesterday = () => {
  const today = Math.floor(Date.now() / DAY) * DAY;
  return { from: new Date(today - DAY), to: new Date(today) };
};

describe("shield.getEventLogSearch", () => {
  test("a whole day of zone 1: its 100 events over 4 pages of 30, oldest first, each once", async () => {
    const { from, to } = yesterday();
    const r = await getEventLogSearch({ shieldZoneId: 1, from, to, pageSize: 30 }, opts(emu));
    expect(r).toMatchObject({
      shieldZoneId: 1,
      from: from.getTime(),
      to: to.getTime(),
      total: 100,
      pages: 4,
      truncated: false,
      groups: [],
    });
    expect(r.rows).toHaveLength(100);
    expect(new Set(r.rows.map((x) => x.logId)).size).toBe(100);
    const ts = r.rows.map((x) => x.timestamp);
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    expect(ts.every((t) => t >= from.getTime() && t < to.getTime())).toBe(true);
    expect(Object.keys(r.rows[0].fields)).toEqual(expect.arrayContaining(["country", "action"]));
    const calls = await journal(emu, /\/search$/);
    expect(calls.map((c) => (c.body as { page: number }).page)).toEqual([0, 1, 2, 3]);
  });

  test("a filter keeps the matching events only; pullZoneId names the zone; ISO strings work", async () => {
    const { from, to } = yesterday();
    const all = await getEventLogSearch({ shieldZoneId: 1, from, to }, opts(emu));
    const country = all.rows[0].fields.country;
    const only = await getEventLogSearch(
      {
        pullZoneId: 1,
        from: from.toISOString(),
        to: to.toISOString(),
        filters: [{ field: "country", op: "eq", value: [country] }],
      },
      opts(emu),
    );
    expect(only.shieldZoneId).toBe(1);
    expect(only.pullZoneId).toBe(1);
    expect(only.rows.length).toBeGreaterThan(0);
    expect(only.rows.every((x) => x.fields.country === country)).toBe(true);
    expect(only.rows.map((x) => x.logId)).toEqual(
      all.rows.filter((x) => x.fields.country === country).map((x) => x.logId),
    );
  });

  test("groupBy: groups whose counts add up to the day's 100 events", async () => {
    const { from, to } = yesterday();
    const r = await getEventLogSearch(
      { shieldZoneId: 1, from: from.getTime(), to: to.getTime(), groupBy: ["action"] },
      opts(emu),
    );
    expect(r.rows).toEqual([]);
    expect(r.groups.length).toBeGreaterThan(0);
    expect(r.groups.reduce((n, g) => n + g.count, 0)).toBe(100);
    expect(r.groups.every((g) => typeof g.key.action === "string")).toBe(true);
  });

  test("maxPages bounds the read and says so", async () => {
    const { from, to } = yesterday();
    const r = await getEventLogSearch(
      { shieldZoneId: 1, from, to, pageSize: 30, maxPages: 2 },
      opts(emu),
    );
    expect(r).toMatchObject({ pages: 2, truncated: true, total: 100 });
    expect(r.rows).toHaveLength(60);
  });

  test("without `to`, the window ends at the time of the call", async () => {
    const before = Date.now();
    const r = await getEventLogSearch({ shieldZoneId: 1, from: before - DAY }, opts(emu));
    expect(r.to).toBeGreaterThanOrEqual(before);
    expect(r.to).toBeLessThanOrEqual(Date.now());
    const [q] = await journal(emu, /\/search$/);
    expect(q.body).toMatchObject({ from: before - DAY, to: r.to, pageSize: 500, page: 0 });
  });

  test.each([
    [{ filters: [{ field: "colour", op: "eq", value: ["x"] }] }, /"filters\[0\]\.field".*country/],
    [{ filters: [{ field: "ip", op: "like", value: ["x"] }] }, /"filters\[0\]\.op".*wildcard/],
    [{ filters: [{ field: "ip", op: "eq", value: [] }] }, /"filters\[0\]\.value"/],
    [{ groupBy: ["colour"] }, /"groupBy\[0\]".*feature/],
    [{ pageSize: 501 }, /"pageSize"/],
    [{ from: undefined }, /"from": is required/],
    [{ from: "yesterday" }, /"from": must be a Date, an ISO 8601 date-time or Unix milliseconds/],
    [{ from: Date.now() - 4 * DAY }, /"from": .*72 hours/],
    [{ to: Date.now() - 2 * DAY }, /"to": must be after "from"/],
    [{ colour: "red" }, /"colour"/],
  ])("invalid %p, refused before any call", async (bad, msg) => {
    const e = await rejection(
      getEventLogSearch(
        { shieldZoneId: 1, from: Date.now() - DAY, to: Date.now(), ...bad } as never,
        opts(emu),
      ),
    );
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/^edgeplatform: shield\.getEventLogSearch: invalid argument /);
    expect(e.message).toMatch(msg);
    expect(await journal(emu, /event-logs/)).toHaveLength(0);
  });

  test("Output form: Output inputs, plain result", async () => {
    const { from, to } = yesterday();
    const out = getEventLogSearchOutput(
      // (`pulumi.output(date)` itself makes `{}` of a Date: an Output<Date> comes from an apply.)
      { shieldZoneId: pulumi.output(1), from: pulumi.output(0).apply(() => from), to },
      opts(emu),
    );
    const { value } = await settle(out);
    expect(value.total).toBe(100);
    expect(value.rows).toHaveLength(100);
  });
});

describe("shield.getShieldMetrics", () => {
  test("overview: series by resolution over the range, resolution by name, totals the sums", async () => {
    const r = await getShieldMetrics(
      {
        shieldZoneId: 1,
        area: "overview",
        startDate: "2026-01-10",
        endDate: "2026-01-12",
        resolution: "Daily",
      },
      opts(emu),
    );
    expect(r.area).toBe("overview");
    expect(r.metrics.resolution).toBe("Daily");
    const series = r.metrics.waf!.metrics!.blockedRequests;
    expect(Object.keys(series)).toEqual([
      "2026-01-10T00:00:00.000Z",
      "2026-01-11T00:00:00.000Z",
      "2026-01-12T00:00:00.000Z",
    ]);
    expect(r.metrics.waf!.totals!.blockedRequests).toBe(
      Object.values(series).reduce((a, b) => a + b, 0),
    );
    const [q] = await journal(emu, /\/detailed/);
    expect(q.query).toMatchObject({ Resolution: "4" });
  });

  test("botDetection, uploadScanning: the past 28 days and their totals", async () => {
    const b = await getShieldMetrics({ pullZoneId: 1, area: "botDetection" }, opts(emu));
    expect(b).toMatchObject({ shieldZoneId: 1, pullZoneId: 1, area: "botDetection" });
    const days = Object.values(b.metrics.overviewPastTwentyEightDays!);
    expect(days).toHaveLength(28);
    expect(b.metrics.totalLoggedRequests).toBe(
      days.reduce((n, d) => n + (d.loggedRequests ?? 0), 0),
    );
    const u = await getShieldMetrics({ shieldZoneId: 1, area: "uploadScanning" }, opts(emu));
    expect(Object.keys(u.metrics.overviewPastTwentyEightDays!)).toHaveLength(28);
  });

  test("overages of a month: segments with their plan by name", async () => {
    const o = await getShieldMetrics(
      { shieldZoneId: 3, area: "overages", year: 2025, month: 11 },
      opts(emu),
    );
    expect(o.metrics).toMatchObject({ year: 2025, month: 11 });
    expect(o.metrics.segments[0]).toMatchObject({
      periodStart: "2025-11-01T00:00:00.000Z",
      planType: "Business",
    });
  });

  test("wafRule: one managed rule's metrics; an unknown rule is the platform's 404", async () => {
    const [set] = await client.shieldZones.managedWafRules(1);
    const ruleId = set.ruleGroups[0].rules[0].ruleId;
    const w = await getShieldMetrics({ shieldZoneId: 1, area: "wafRule", ruleId }, opts(emu));
    expect(Object.keys(w.metrics.overviewPastTwentyEightDays!)).toHaveLength(28);
    const e = await rejection(
      getShieldMetrics({ shieldZoneId: 1, area: "wafRule", ruleId: "000000" }, opts(emu)),
    );
    expect(e).toMatchObject({ name: "EdgeApiError", status: 404 });
  });

  test("apiGuardian: the zone's, or one endpoint's with endpointId", async () => {
    const doc = JSON.stringify({
      openapi: "3.0.0",
      info: { title: "shop", version: "1" },
      paths: { "/orders": { get: {}, post: {} } },
    });
    await client.shieldZones.createApiGuardianSpec(3, { content: doc });
    const zone = await getShieldMetrics({ shieldZoneId: 3, area: "apiGuardian" }, opts(emu));
    expect(Object.keys(zone.metrics.overviewPastTwentyEightDays!)).toHaveLength(28);
    const one = await getShieldMetrics(
      { shieldZoneId: 3, area: "apiGuardian", endpointId: 3002 },
      opts(emu),
    );
    expect(Object.keys(one.metrics.overviewPastTwentyEightDays!)).toHaveLength(28);
    const paths = (await journal(emu, /^\/shield\/metrics\//)).map((q) => q.path);
    expect(paths).toEqual([
      "/shield/metrics/shield-zone/3/api-guardian",
      "/shield/metrics/shield-zone/3/api-guardian/endpoint/3002",
    ]);
  });

  test.each([
    [{ area: "firewall" }, /"area": .*overview.*botDetection/],
    [{ area: undefined }, /"area"/],
    [{ area: "overview", resolution: "Fortnightly" }, /"resolution".*Auto.*Monthly/],
    [{ area: "overview", ruleId: "930100" }, /"ruleId": applies to area "wafRule" only/],
    [{ area: "botDetection", startDate: "2026-01-01" }, /"startDate": applies to area "overview"/],
    [{ area: "wafRule" }, /"ruleId": is required with area "wafRule"/],
    [{ area: "wafRule", ruleId: "a/b" }, /"ruleId"/],
    [{ area: "overview", startDate: "soon" }, /"startDate"/],
    [{ area: "overages", month: 13 }, /"month"/],
  ])("invalid %p, refused before any call", async (bad, msg) => {
    const e = await rejection(getShieldMetrics({ shieldZoneId: 1, ...bad } as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/^edgeplatform: shield\.getShieldMetrics: invalid argument /);
    expect(e.message).toMatch(msg);
    expect(await journal(emu, /\/shield\//)).toHaveLength(0);
  });

  test("Output form", async () => {
    const { value } = await settle(
      getShieldMetricsOutput({ shieldZoneId: pulumi.output(1), area: "botDetection" }, opts(emu)),
    );
    expect(Object.keys(value.metrics.overviewPastTwentyEightDays!)).toHaveLength(28);
  });
});

describe("shield.getBots", () => {
  test("the bots by category, actions by name, as the zone set them", async () => {
    const before = await getBots({ shieldZoneId: 1 }, opts(emu));
    const gpt = before.bots.find((b) => b.userAgentMatch === "GPTBot")!;
    expect(gpt.action).toBe("None");
    expect(before.categories.every((c) => c.action === "None")).toBe(true);
    expect(before.categories.map((c) => c.category)).toContain("AIScraper");

    await client.shieldBots.setBotAction(1, gpt.botId, 1);
    await client.shieldBots.setCategoryAction(1, 7, 2);
    const after = await getBots({ pullZoneId: 1 }, opts(emu));
    expect(after).toMatchObject({ shieldZoneId: 1, pullZoneId: 1 });
    expect(after.bots.find((b) => b.botId === gpt.botId)).toMatchObject({
      action: "Block",
      category: gpt.category,
    });
    expect(after.categories.find((c) => c.category === "Social")!.action).toBe("Allow");
    // Every bot of a category is in the flat list, once.
    expect(after.bots).toHaveLength(after.categories.reduce((n, c) => n + c.bots.length, 0));
  });

  test("bad input is refused before any call; Output form", async () => {
    const e = await rejection(getBots({ shieldZoneId: 0 } as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/shield\.getBots: invalid argument "shieldZoneId"/);
    expect(await journal(emu, /bot-categorization/)).toHaveLength(0);
    const { value } = await settle(getBotsOutput({ shieldZoneId: pulumi.output(1) }, opts(emu)));
    expect(value.bots.length).toBeGreaterThan(0);
  });
});
