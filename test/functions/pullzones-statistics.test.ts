/**
 * pullzones.getPullZoneStatistics, getPullZoneOptimizerStatistics, getPullZoneSafeHopStatistics
 * and getPullZoneOriginShieldQueueStatistics (+ Output forms) against the emulator: fixture zone
 * 1 `zone-one`; the Output form fed a PullZone's `pullZoneId` output (under the SDK's mocks).
 */
import * as pulumi from "@pulumi/pulumi";
import { InvalidArgumentError } from "../../packages/client/src";
import {
  getPullZoneOptimizerStatistics,
  getPullZoneOriginShieldQueueStatistics,
  getPullZoneSafeHopStatistics,
  getPullZoneStatistics,
  getPullZoneStatisticsOutput,
} from "../../packages/pulumi/src/functions/pullzones-statistics";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { PullZone } from "../../packages/pulumi/src/resources/public/pull-zone";
import { Emu, journal, opts, rejection, reset, settle, start } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
  await pulumi.runtime.setMocks(
    {
      // The created zone is fixture zone 1.
      newResource: async (args) => ({
        id: "1",
        state: { ...args.inputs, pullZoneId: 1 },
      }),
      call: async () => ({}),
    },
    "project",
    "stack",
    false,
  );
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

const DAYS = ["2024-05-01T00:00:00Z", "2024-05-02T00:00:00Z"];
const sum = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);

describe("pullzones.getPullZoneStatistics", () => {
  test("two days of zone 1: one GET /statistics asking for the zone's charts; totals = charts", async () => {
    const s = await getPullZoneStatistics(
      { pullZoneId: 1, dateFrom: "2024-05-01", dateTo: "2024-05-02" },
      opts(emu),
    );
    const reads = await journal(emu, /statistics/);
    expect(reads.map((r) => r.path)).toEqual(["/statistics"]);
    expect(reads[0].query).toEqual({
      pullZone: "1",
      dateFrom: "2024-05-01T00:00:00.000Z",
      dateTo: "2024-05-02T23:59:59.999Z",
      loadErrors: "true",
      loadRequestsServed: "true",
      loadBandwidthUsed: "true",
      loadOriginTraffic: "true",
      loadOriginResponseTimes: "true",
    });
    expect(s.pullZoneId).toBe(1);
    for (const c of [
      s.requestsServedChart,
      s.bandwidthUsedChart,
      s.cacheHitRateChart,
      s.originTrafficChart,
      s.error4xxChart,
    ])
      expect(Object.keys(c)).toEqual(DAYS);
    expect(s.totalRequestsServed).toBe(sum(s.requestsServedChart));
    expect(s.totalBandwidthUsed).toBe(sum(s.bandwidthUsedChart));
    expect(s.totalOriginTraffic).toBe(sum(s.originTrafficChart));
    expect(s.total5xxResponses).toBe(sum(s.error5xxChart));
    expect(s.cacheHitRate).toBeGreaterThan(0);
    expect(s.cacheHitRate).toBeLessThanOrEqual(100);
  });
  test("hourly keeps the hours of the range", async () => {
    const s = await getPullZoneStatistics(
      {
        pullZoneId: 1,
        dateFrom: "2024-05-01T10:00:00Z",
        dateTo: "2024-05-01T12:00:00Z",
        hourly: true,
      },
      opts(emu),
    );
    expect(Object.keys(s.requestsServedChart)).toEqual([
      "2024-05-01T10:00:00Z",
      "2024-05-01T11:00:00Z",
    ]);
  });
  test("without dates: the last 30 days (no dates sent; the platform's default)", async () => {
    const s = await getPullZoneStatistics({ pullZoneId: 1 }, opts(emu));
    const [read] = await journal(emu, /statistics/);
    expect(read.query.dateFrom).toBeUndefined();
    expect(read.query.dateTo).toBeUndefined();
    // 30 days back from now, widened to whole days: 31 days.
    expect(Object.keys(s.requestsServedChart)).toHaveLength(31);
  });
  test("an unknown zone: an error naming pullZoneId", async () => {
    const e = await rejection(getPullZoneStatistics({ pullZoneId: 999 }, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toContain(`invalid argument "pullZoneId"`);
    expect(e.message).toContain("no pull zone 999");
  });
  test("a reversed range: refused before any call, naming dateFrom", async () => {
    const e = await rejection(
      getPullZoneStatistics(
        { pullZoneId: 1, dateFrom: "2024-05-03", dateTo: "2024-05-01" },
        opts(emu),
      ),
    );
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toContain(`invalid argument "dateFrom"`);
    expect(await journal(emu, /statistics/)).toEqual([]);
  });
  test("bad arguments name the field", async () => {
    const bad = await rejection(
      getPullZoneStatistics({ pullZoneId: 0, dateFrom: "May 1" }, opts(emu)),
    );
    expect(bad.message).toContain(`"pullZoneId"`);
    const unknown = await rejection(
      getPullZoneStatistics({ pullZoneId: 1, days: 3 } as never, opts(emu)),
    );
    expect(unknown.message).toContain("days");
  });
  test("a range the platform refuses (over its bucket limit) names the field it names", async () => {
    const e = await rejection(
      getPullZoneOptimizerStatistics(
        { pullZoneId: 1, dateFrom: "2020-01-01", dateTo: "2024-01-01", hourly: true },
        opts(emu),
      ),
    );
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toContain(`invalid argument "dateFrom"`);
    expect(e.message).toContain("more than 10000 hours");
  });
});

describe("the per-zone statistics", () => {
  const range = { pullZoneId: 1, dateFrom: "2024-05-01", dateTo: "2024-05-02" };
  test("optimizer: totals and charts of the zone, by day", async () => {
    const o = await getPullZoneOptimizerStatistics(range, opts(emu));
    expect(Object.keys(o.requestsOptimizedChart)).toEqual(DAYS);
    expect(o.totalRequestsOptimized).toBe(sum(o.requestsOptimizedChart));
    expect(o.totalTrafficSaved).toBe(sum(o.trafficSavedChart));
    const [read] = await journal(emu, /statistics/);
    expect(read.path).toBe("/pullzone/1/optimizer/statistics");
  });
  test("SafeHop: retried and saved", async () => {
    const h = await getPullZoneSafeHopStatistics(range, opts(emu));
    expect(Object.keys(h.requestsRetriedChart)).toEqual(DAYS);
    expect(h.totalRequestsRetried).toBe(sum(h.requestsRetriedChart));
    expect(h.totalRequestsSaved).toBeLessThanOrEqual(h.totalRequestsRetried);
  });
  test("origin-shield queue: concurrent and queued", async () => {
    const q = await getPullZoneOriginShieldQueueStatistics(range, opts(emu));
    expect(Object.keys(q.concurrentRequestsChart)).toEqual(DAYS);
    expect(Object.keys(q.queuedRequestsChart)).toEqual(DAYS);
  });
  test.each([
    getPullZoneOptimizerStatistics,
    getPullZoneSafeHopStatistics,
    getPullZoneOriginShieldQueueStatistics,
  ])("an unknown zone names pullZoneId (%#)", async (read) => {
    const e = await rejection(read({ pullZoneId: 999 }, opts(emu)));
    expect(e.message).toContain(`invalid argument "pullZoneId"`);
  });
});

describe("getPullZoneStatisticsOutput with a PullZone's pullZoneId", () => {
  test("the resource's output is the argument; the read depends on the resource", async () => {
    const zone = new PullZone("site", { pullZoneId: 1 });
    const stats = getPullZoneStatisticsOutput(
      { pullZoneId: zone.pullZoneId, dateFrom: "2024-05-01", dateTo: "2024-05-02" },
      opts(emu),
    );
    const { value } = await settle(stats);
    expect(value.pullZoneId).toBe(1);
    expect(Object.keys(value.requestsServedChart)).toEqual(DAYS);
    const [read] = await journal(emu, /statistics/);
    expect(read.query.pullZone).toBe("1");
    const deps = await (
      stats as unknown as { allResources(): Promise<Set<pulumi.Resource>> }
    ).allResources();
    expect([...deps]).toContain(zone);
  });
});
