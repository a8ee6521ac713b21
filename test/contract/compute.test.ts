/** Client vs emulator: edge script statistics. */
import { Client, InvalidArgumentError } from "../../packages/client/src";
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
      dateTo: "2024-01-02T00:00:00.000Z",
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
  test("date-only strings are sent as date-times: dateFrom the start, dateTo the end of the day (UTC)", async () => {
    await c.compute.getScriptStatistics(2, { dateFrom: "2024-05-01", dateTo: "2024-05-02" });
    const [j] = (await journal(emu, /statistics$/)).slice(-1);
    expect(j.query).toEqual({
      dateFrom: "2024-05-01T00:00:00.000Z",
      dateTo: "2024-05-02T23:59:59.999Z",
    });
    await c.compute.getScriptStatistics(2, { dateFrom: "2024-05-01T12:00:00+02:00" });
    const [k] = (await journal(emu, /statistics$/)).slice(-1);
    expect(k.query).toEqual({ dateFrom: "2024-05-01T10:00:00.000Z" });
  });
  test.each([
    ["dateFrom", "not-a-date", /got "not-a-date"$/],
    [
      "dateFrom",
      "2024-05-01T10:00:00",
      /got "2024-05-01T10:00:00" \(a date-time needs a time zone: add Z for UTC\)$/,
    ],
    ["dateTo", "05-01-2024", /got "05-01-2024"$/],
    ["dateTo", "2024-02-30", /is not a calendar date: "2024-02-30"$/],
  ])(
    "%s %p is refused before the call, naming the field and the accepted forms",
    async (field, value, tail) => {
      const before = (await journal(emu, /statistics$/)).length;
      let e: unknown;
      try {
        await c.compute.getScriptStatistics(1, { [field]: value });
      } catch (err) {
        e = err;
      }
      expect(e).toBeInstanceOf(InvalidArgumentError);
      const m = (e as Error).message;
      expect(m).toContain(
        `edgeplatform: compute.getScriptStatistics: invalid argument "${field}": `,
      );
      if (!/calendar/.test(m)) {
        expect(m).toContain(
          'must be a Date, an ISO 8601 date-time with a time zone ("2024-05-01T10:00:00Z", "2024-05-01T12:00:00+02:00") or a date ("2024-05-01", sent as the ',
        );
      }
      expect(m).toMatch(tail);
      expect((await journal(emu, /statistics$/)).length).toBe(before);
    },
  );
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
