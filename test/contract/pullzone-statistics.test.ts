/**
 * Client vs emulator: the pull-zone statistics (GET `/statistics`, the optimizer, SafeHop and
 * origin-shield queue statistics of a zone) against the published document's part for them
 * (packages/client/openapi/core-api-statistics.json): the client's declarations name the
 * document's fields, each request's query names only the document's parameters, and each
 * answer matches its published shape (`nullable` normalised here, checked with ajv).
 */
import Ajv, { type ValidateFunction } from "ajv";
import * as fs from "fs";
import * as path from "path";
import { Client, InvalidArgumentError } from "../../packages/client/src";
import {
  optimizerStatisticsModelSchema,
  originShieldConcurrencyStatisticsModelSchema,
  pullZoneStatisticsRangeQuerySchema,
  safeHopStatisticsModelSchema,
  statisticsModelSchema,
  statisticsQuerySchema,
} from "../../packages/client/src/spec";
import { apiError, Emu, journal, useEmulator, wrongKeyClient } from "./helpers";

type Json = Record<string, unknown>;
const DOC = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, "../../packages/client/openapi/core-api-statistics.json"),
    "utf8",
  ),
) as {
  paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
  components: { schemas: Record<string, { properties: Json }> };
};

/** OpenAPI 3.0 `nullable` → a JSON Schema null type. */
function normalise(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(normalise);
  if (typeof s !== "object" || s === null) return s;
  const o = s as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) if (k !== "nullable") out[k] = normalise(v);
  return o.nullable === true && typeof out.type === "string"
    ? { ...out, type: [out.type, "null"] }
    : out;
}
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const published = (name: string): ValidateFunction =>
  ajv.compile(normalise(DOC.components.schemas[name]) as object);
const problems = (check: ValidateFunction, v: unknown) =>
  check(v) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
const queryOf = (p: string) =>
  DOC.paths[p].get.parameters.filter((q) => q.in === "query").map((q) => q.name);

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

const ZONE = "/pullzone/{pullZoneId}";
const PER_ZONE = [
  ["getOptimizerStatistics", `${ZONE}/optimizer/statistics`, "OptimizerStatisticsModel"],
  ["getSafeHopStatistics", `${ZONE}/safehop/statistics`, "SafeHopStatisticsModel"],
  [
    "getOriginShieldQueueStatistics",
    `${ZONE}/originshield/queuestatistics`,
    "OriginShieldConcurrencyStatisticsModel",
  ],
] as const;

describe("the client's declarations are the document's", () => {
  test.each([
    ["StatisticsModel", statisticsModelSchema],
    ["OptimizerStatisticsModel", optimizerStatisticsModelSchema],
    ["SafeHopStatisticsModel", safeHopStatisticsModelSchema],
    ["OriginShieldConcurrencyStatisticsModel", originShieldConcurrencyStatisticsModelSchema],
  ])("%s: the same fields", (name, schema) => {
    expect(Object.keys(schema.properties).sort()).toEqual(
      Object.keys(DOC.components.schemas[name].properties).sort(),
    );
  });
  test("the queries: the same parameters", () => {
    expect(Object.keys(statisticsQuerySchema.properties).sort()).toEqual(
      queryOf("/statistics").sort(),
    );
    for (const [, p] of PER_ZONE)
      expect(Object.keys(pullZoneStatisticsRangeQuerySchema.properties).sort()).toEqual(
        queryOf(p).sort(),
      );
  });
});

describe("GET /statistics -> pullzoneStatistics.getStatistics", () => {
  test("one zone over two days: the query as published, a day per chart key, totals = the charts", async () => {
    const s = await c.pullzoneStatistics.getStatistics({
      pullZone: 1,
      dateFrom: "2024-05-01",
      dateTo: "2024-05-02",
      loadErrors: true,
    });
    const [j] = await journal(emu, /^\/statistics$/);
    expect(j.query).toEqual({
      pullZone: "1",
      dateFrom: "2024-05-01T00:00:00.000Z",
      dateTo: "2024-05-02T23:59:59.999Z",
      loadErrors: "true",
    });
    expect(problems(published("StatisticsModel"), s)).toEqual([]);
    const days = ["2024-05-01T00:00:00Z", "2024-05-02T00:00:00Z"];
    expect(Object.keys(s.RequestsServedChart!)).toEqual(days);
    expect(Object.keys(s.Error5xxChart!)).toEqual(days);
    const sum = (chart: Record<string, number> | null | undefined) =>
      Object.values(chart!).reduce((a, b) => a + b, 0);
    expect(s.TotalRequestsServed).toBe(sum(s.RequestsServedChart));
    expect(s.TotalBandwidthUsed).toBe(sum(s.BandwidthUsedChart));
    expect(s.TotalOriginTraffic).toBe(sum(s.OriginTrafficChart));
    expect(s.CacheHitRate).toBeGreaterThan(0);
    expect(s.CacheHitRate).toBeLessThanOrEqual(100);
    // The same zone and range: the same figures.
    expect(
      await c.pullzoneStatistics.getStatistics({
        pullZone: 1,
        dateFrom: "2024-05-01",
        dateTo: "2024-05-02",
        loadErrors: true,
      }),
    ).toEqual(s);
  });
  test("hourly: an hour per chart key", async () => {
    const s = await c.pullzoneStatistics.getStatistics({
      pullZone: 1,
      dateFrom: "2024-05-01T00:00:00Z",
      dateTo: "2024-05-01T03:00:00Z",
      hourly: true,
      exactRange: true,
    });
    expect(Object.keys(s.RequestsServedChart!)).toEqual([
      "2024-05-01T00:00:00Z",
      "2024-05-01T01:00:00Z",
      "2024-05-01T02:00:00Z",
    ]);
  });
  test("the account: the sum of the zones it lists", async () => {
    await c.pullzones.add({ Name: "stats-two", OriginUrl: "https://o.example" });
    const range = { dateFrom: "2024-05-01", dateTo: "2024-05-03" };
    const zones = await c.pullzones.list();
    expect(zones.length).toBeGreaterThanOrEqual(2);
    let requests = 0;
    let bandwidth = 0;
    for (const z of zones) {
      const one = await c.pullzoneStatistics.getStatistics({ ...range, pullZone: z.Id! });
      requests += one.TotalRequestsServed!;
      bandwidth += one.TotalBandwidthUsed!;
    }
    const all = await c.pullzoneStatistics.getStatistics(range);
    expect(all.TotalRequestsServed).toBe(requests);
    expect(all.TotalBandwidthUsed).toBe(bandwidth);
  });
  test("unknown zone: 404", async () => {
    expect((await apiError(c.pullzoneStatistics.getStatistics({ pullZone: 999 }))).isNotFound).toBe(
      true,
    );
  });
  test("wrong key: 401", async () => {
    const e = await apiError(wrongKeyClient(emu).pullzoneStatistics.getStatistics({ pullZone: 1 }));
    expect(e.status).toBe(401);
  });
});

describe.each(PER_ZONE)("GET %s", (method, p, shape) => {
  test("the published shape and query; deterministic", async () => {
    const q = { dateFrom: "2024-05-01", dateTo: "2024-05-03", hourly: false };
    const s = await c.pullzoneStatistics[method](1, q);
    expect(problems(published(shape), s)).toEqual([]);
    const [j] = await journal(emu, new RegExp(`^${p.replace(ZONE, "/pullzone/1")}$`));
    expect(j.query).toEqual({
      dateFrom: "2024-05-01T00:00:00.000Z",
      dateTo: "2024-05-03T23:59:59.999Z",
      hourly: "false",
    });
    const charts = Object.entries(s).filter(([k]) => k.endsWith("Chart"));
    expect(charts.length).toBeGreaterThan(0);
    for (const [, chart] of charts)
      expect(Object.keys(chart as object)).toEqual([
        "2024-05-01T00:00:00Z",
        "2024-05-02T00:00:00Z",
        "2024-05-03T00:00:00Z",
      ]);
    expect(await c.pullzoneStatistics[method](1, q)).toEqual(s);
  });
  test("unknown zone: 404", async () => {
    expect((await apiError(c.pullzoneStatistics[method](999))).isNotFound).toBe(true);
  });
});

describe("refused before the call, naming the field", () => {
  test.each([
    ["a reversed range", { dateFrom: "2024-05-03", dateTo: "2024-05-01" }, "dateFrom"],
    ["a date-time without a zone", { dateTo: "2024-05-01T10:00:00" }, "dateTo"],
  ])("%s", async (_what, q, field) => {
    for (const call of [
      () => c.pullzoneStatistics.getStatistics({ pullZone: 1, ...q }),
      () => c.pullzoneStatistics.getOptimizerStatistics(1, q),
    ]) {
      const e = await call().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect((e as InvalidArgumentError).message).toContain(`invalid argument "${field}"`);
    }
    expect(await journal(emu, /statistics$/)).toEqual([]);
  });
  test("a bad pullZoneId", async () => {
    const e = await c.pullzoneStatistics.getSafeHopStatistics(-3).catch((x: unknown) => x);
    expect((e as Error).message).toContain(`"pullZoneId"`);
  });
});
