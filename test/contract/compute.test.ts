/** Client vs emulator: edge script statistics. */
import { Client } from "../../packages/client/src";
import { apiError, Emu, fault, journal, wrongKeyClient, useEmulator } from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

describe("GET /compute/script/{id}/statistics -> compute.getScriptStatistics", () => {
  test("success without query (last 30 days)", async () => {
    const s = await c.compute.getScriptStatistics(1);
    expect(typeof s.TotalRequestsServed).toBe("number");
    expect(typeof s.RequestsServedChart).toBe("object");
    const [j] = await journal(emu, /statistics$/);
    expect(j.query).toEqual({});
  });
  test("query names dateFrom/dateTo/loadLatest/hourly; Dates sent as ISO 8601", async () => {
    const from = new Date(Date.UTC(2024, 0, 1));
    const s = await c.compute.getScriptStatistics(2, {
      dateFrom: from,
      dateTo: "2024-01-02T00:00:00Z",
      hourly: true,
      loadLatest: false,
    });
    expect(Object.keys(s.RequestsServedChart).length).toBeGreaterThan(0);
    const [j] = await journal(emu, /statistics$/);
    expect(j.query).toEqual({
      dateFrom: "2024-01-01T00:00:00.000Z",
      dateTo: "2024-01-02T00:00:00Z",
      hourly: "true",
      loadLatest: "false",
    });
    // Deterministic: the same query gives the same numbers.
    expect(
      await c.compute.getScriptStatistics(2, {
        dateFrom: from,
        dateTo: "2024-01-02T00:00:00Z",
        hourly: true,
      }),
    ).toEqual(s);
  });
  test("unknown script: 404", async () => {
    expect((await apiError(c.compute.getScriptStatistics(999))).isNotFound).toBe(true);
  });
  test("wrong key: 401", async () => {
    expect((await apiError(wrongKeyClient(emu).compute.getScriptStatistics(1))).status).toBe(401);
  });
  test("validation: a bad dateFrom is a 400", async () => {
    const e = await apiError(c.compute.getScriptStatistics(1, { dateFrom: "not-a-date" }));
    expect(e.status).toBe(400);
  });
  test("429 with Retry-After 0 is retried at once", async () => {
    await fault(emu, {
      method: "GET",
      path: "statistics$",
      status: 429,
      headers: { "Retry-After": "0" },
    });
    await c.compute.getScriptStatistics(1);
    expect((await journal(emu, /statistics$/)).map((x) => x.status)).toEqual([429, 200]);
  });
});
