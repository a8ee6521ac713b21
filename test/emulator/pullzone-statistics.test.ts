/**
 * The emulator's pull-zone statistics routes on their own (no client checks): the default
 * range (the last 30 days before its clock), its validation (a reversed range, a range over
 * the bucket limit, a bad query value, an unknown zone or one a scoped key may not see) in the
 * platform's error shapes.
 */
import type { RunningEmulator } from "../../packages/emulator/src";
import { call, DAY, NOW, start } from "./helpers";

const PZ_SCOPED = "scoped-key-pz-stats";
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start({
    now: () => NOW,
    scopedKeys: { [PZ_SCOPED]: { shieldZones: [], pullZones: [4] } },
  });
});
afterAll(() => emu.close());

const PER_ZONE = [
  "/pullzone/1/optimizer/statistics",
  "/pullzone/1/safehop/statistics",
  "/pullzone/1/originshield/queuestatistics",
];

describe("the range", () => {
  test("without dates: the 30 days before the clock (by day, 2026-01-15T12:00Z)", async () => {
    const r = await call(emu, "GET", "/pullzone/1/optimizer/statistics");
    expect(r.status).toBe(200);
    const keys = Object.keys(r.json.RequestsOptimizedChart);
    // From 2025-12-16T12:00Z to 2026-01-15T12:00Z: the days 2025-12-16 … 2026-01-15.
    expect(keys).toHaveLength(31);
    expect(keys[0]).toBe("2025-12-16T00:00:00Z");
    expect(keys[30]).toBe(new Date(NOW - (NOW % DAY)).toISOString().replace(".000Z", "Z"));
  });
  test("/statistics without exactRange: whole days, even hourly", async () => {
    const q = "pullZone=1&hourly=true&dateFrom=2024-05-01T10:00:00Z&dateTo=2024-05-01T12:00:00Z";
    const whole = await call(emu, "GET", `/statistics?${q}`);
    expect(Object.keys(whole.json.RequestsServedChart)).toHaveLength(24);
    const exact = await call(emu, "GET", `/statistics?${q}&exactRange=true`);
    expect(Object.keys(exact.json.RequestsServedChart)).toEqual([
      "2024-05-01T10:00:00Z",
      "2024-05-01T11:00:00Z",
    ]);
  });
  test("the optional charts: only when asked", async () => {
    const q = "pullZone=1&dateFrom=2024-05-01T00:00:00Z&dateTo=2024-05-02T00:00:00Z";
    const plain = (await call(emu, "GET", `/statistics?${q}`)).json;
    expect(plain.Error4xxChart).toBeNull();
    expect(plain.GeoTrafficDistribution).toBeNull();
    const asked = (
      await call(
        emu,
        "GET",
        `/statistics?${q}&loadErrors=true&loadGeographicTrafficDistribution=true`,
      )
    ).json;
    expect(Object.keys(asked.Error4xxChart)).toEqual(["2024-05-01T00:00:00Z"]);
    const geo = Object.values(asked.GeoTrafficDistribution as Record<string, number>);
    expect(geo.reduce((a, b) => a + b, 0)).toBe(asked.TotalBandwidthUsed);
  });
});

describe("validation", () => {
  test.each(PER_ZONE)("%s: dateFrom after dateTo → 400 ApiErrorData naming dateFrom", async (p) => {
    const r = await call(
      emu,
      "GET",
      `${p}?dateFrom=2024-05-03T00:00:00Z&dateTo=2024-05-01T00:00:00Z`,
    );
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      ErrorKey: "validation_error.statistics",
      Field: "dateFrom",
      Message: expect.stringContaining("dateFrom must be before dateTo"),
    });
  });
  test("/statistics: dateFrom after dateTo → 400 naming dateFrom", async () => {
    const r = await call(
      emu,
      "GET",
      "/statistics?dateFrom=2024-05-03T00:00:00Z&dateTo=2024-05-01T00:00:00Z",
    );
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { field: "dateFrom", message: "dateFrom must be before dateTo" },
    ]);
  });
  test("a range over 10 000 buckets (hourly: 417 days) → 400 naming dateFrom", async () => {
    const q = "hourly=true&dateFrom=2023-01-01T00:00:00Z&dateTo=2024-03-01T00:00:00Z";
    const r = await call(emu, "GET", `/pullzone/1/safehop/statistics?${q}`);
    expect(r.status).toBe(400);
    expect(r.json.Field).toBe("dateFrom");
    expect(r.json.Message).toContain("more than 10000 hours");
    // The same range by day is 425 buckets: answered.
    const daily = q.replace("hourly=true", "hourly=false");
    expect((await call(emu, "GET", `/pullzone/1/safehop/statistics?${daily}`)).status).toBe(200);
  });
  test("a query value of the wrong type → 400", async () => {
    expect((await call(emu, "GET", "/statistics?pullZone=abc")).status).toBe(400);
    expect((await call(emu, "GET", "/pullzone/1/optimizer/statistics?hourly=maybe")).status).toBe(
      400,
    );
  });
  test.each([...PER_ZONE.map((p) => p.replace("/1/", "/999/")), "/statistics?pullZone=999"])(
    "%s: an unknown zone → 404",
    async (p) => {
      const r = await call(emu, "GET", p);
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.json)).toContain("pull zone 999 not found");
    },
  );
  test("a scoped key sees only its zones", async () => {
    const r = await call(emu, "GET", "/pullzone/1/optimizer/statistics", { key: PZ_SCOPED });
    expect(r.status).toBe(404);
    expect((await call(emu, "GET", "/statistics?pullZone=1", { key: PZ_SCOPED })).status).toBe(404);
  });
});
