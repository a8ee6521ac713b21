/** compute.getScriptStatistics and pullzones.checkNameAvailability (+ Output forms). */
import * as pulumi from "@pulumi/pulumi";
import { EdgeApiError } from "../../packages/client/src/api/errors";
import {
  getScriptStatistics,
  getScriptStatisticsOutput,
} from "../../packages/pulumi/src/functions/compute";
import {
  checkNameAvailability,
  checkNameAvailabilityOutput,
} from "../../packages/pulumi/src/functions/pullzones";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { InvalidArgumentError } from "../../packages/client/src";
import { Emu, fault, journal, opts, rejection, reset, settle, start } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

describe("compute.getScriptStatistics", () => {
  const numberMap = (m: Record<string, number>) =>
    Object.entries(m).every(([k, v]) => typeof k === "string" && typeof v === "number");

  test("default range (last 30 days): totals and charts mapping timestamps to numbers", async () => {
    const s = await getScriptStatistics({ scriptId: 1 }, opts(emu));
    for (const k of [
      "totalRequestsServed",
      "totalCpuUsed",
      "totalMonthlyCost",
      "averageCpuTimePerExecution",
    ] as const) {
      expect(typeof s[k]).toBe("number");
    }
    for (const k of ["requestsServedChart", "averageCpuTimeChart", "totalCpuTimeChart"] as const) {
      expect(numberMap(s[k])).toBe(true);
      expect(Object.keys(s[k]).length).toBeGreaterThan(0);
    }
    const [req] = await journal(emu, /statistics$/);
    expect(req.query).toEqual({});
  });

  test("Date and string dates are sent as ISO 8601 date-times with the flags", async () => {
    const from = new Date(Date.UTC(2024, 4, 1));
    const s = await getScriptStatistics(
      { scriptId: 2, dateFrom: from, dateTo: "2024-05-02", loadLatest: true, hourly: true },
      opts(emu),
    );
    expect(Object.keys(s.requestsServedChart).length).toBe(48);
    const [req] = await journal(emu, /statistics$/);
    expect(req.path).toBe("/compute/script/2/statistics");
    expect(req.query).toEqual({
      dateFrom: "2024-05-01T00:00:00.000Z",
      dateTo: "2024-05-02T23:59:59.999Z", // a date-only dateTo is the end of that day (UTC)
      loadLatest: "true",
      hourly: "true",
    });
  });

  test("deterministic: same query, same answer", async () => {
    const q = { scriptId: 1, dateFrom: "2024-05-01T00:00:00Z", dateTo: "2024-05-08T00:00:00Z" };
    expect(await getScriptStatistics(q, opts(emu))).toEqual(
      await getScriptStatistics(q, opts(emu)),
    );
  });

  test.each([
    [
      { scriptId: 1, dateFrom: "yesterday" },
      /invalid argument "dateFrom": must be a Date, an ISO 8601 date-time with a time zone .* or a date \("2024-05-01", sent as the start of that day in UTC, 2024-05-01T00:00:00.000Z\); got "yesterday"$/,
    ],
    [{ scriptId: 1, dateTo: new Date("nope") }, /invalid argument "dateTo": .*got an invalid Date/],
    [
      { scriptId: 1, dateTo: "2024-05-01 10:00" },
      /invalid argument "dateTo": .*a date \("2024-05-01", sent as the end of that day in UTC, 2024-05-01T23:59:59.999Z\); got "2024-05-01 10:00" \(a date-time needs a time zone: add Z for UTC\)$/,
    ],
    [
      { scriptId: 1, dateFrom: "2024-02-30" },
      /invalid argument "dateFrom": is not a calendar date/,
    ],
    [
      { scriptId: 1, dateFrom: "2024-05-02", dateTo: "2024-05-01" },
      /invalid argument "dateFrom": must not be after dateTo/,
    ],
    [{ scriptId: 1, hourly: "yes" }, /invalid argument "hourly": must be true or false/],
    [{ scriptId: -1 }, /invalid argument "scriptId"/],
  ])("invalid %p", async (args, msg) => {
    const e = await rejection(getScriptStatistics(args as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(msg);
    expect(await journal(emu, /statistics$/)).toHaveLength(0);
  });

  test("unknown script: 404", async () => {
    const e = (await rejection(getScriptStatistics({ scriptId: 999 }, opts(emu)))) as EdgeApiError;
    expect(e.isNotFound).toBe(true);
  });

  test("Output form with Output<Date> and Promise<Date> inputs (not mangled by pulumi.output)", async () => {
    // (pulumi.output(new Date()) itself would give {}; an apply result keeps the Date.)
    const out = getScriptStatisticsOutput(
      {
        scriptId: pulumi.output(1),
        dateFrom: pulumi.output(0).apply(() => new Date(Date.UTC(2024, 0, 1))),
        dateTo: Promise.resolve(new Date(Date.UTC(2024, 0, 3))),
      },
      opts(emu),
    );
    const { value } = await settle(out);
    expect(Object.keys(value.requestsServedChart)).toHaveLength(2);
    const [req] = await journal(emu, /statistics$/);
    expect(req.query.dateFrom).toBe("2024-01-01T00:00:00.000Z");
  });
});

describe("pullzones.checkNameAvailability", () => {
  test("taken and free names", async () => {
    expect(await checkNameAvailability({ name: "zone-one" }, opts(emu))).toEqual({
      name: "zone-one",
      available: false,
    });
    expect(await checkNameAvailability({ name: "brand-new-zone" }, opts(emu))).toEqual({
      name: "brand-new-zone",
      available: true,
    });
    const [req] = await journal(emu, /checkavailability/);
    expect(req.body).toEqual({ Name: "zone-one" });
  });

  test("a 400 from the platform becomes an error naming the field and the message", async () => {
    const e = await rejection(checkNameAvailability({ name: "bad name!" }, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).field).toBe("name");
    expect(e.message).toBe(
      'edgeplatform: pullzones.checkNameAvailability: invalid argument "name": rejected by the ' +
        "platform (field Name, validation_error): Name may contain only letters, digits and " +
        "dashes (1-60 characters)",
    );
    expect((e as Error & { cause?: unknown }).cause).toBeInstanceOf(EdgeApiError);
  });

  test("a faulted 400 with another field/key is reported as sent", async () => {
    await fault(emu, {
      path: "/pullzone/checkavailability",
      status: 400,
      body: { ErrorKey: "pullzone.name_reserved", Field: "Name", Message: "The name is reserved" },
    });
    await expect(checkNameAvailability({ name: "cdn" }, opts(emu))).rejects.toThrow(
      /"name": rejected by the platform \(field Name, pullzone\.name_reserved\): The name is reserved/,
    );
  });

  test("empty name is rejected client-side", async () => {
    await expect(checkNameAvailability({ name: "" }, opts(emu))).rejects.toThrow(
      /invalid argument "name": must be a non-empty string; got ""/,
    );
  });

  test("other errors stay EdgeApiError (401)", async () => {
    const e = (await rejection(
      checkNameAvailability({ name: "x" }, opts(emu, { apiKey: "not-the-key" })),
    )) as EdgeApiError;
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.status).toBe(401);
  });

  test("Output form", async () => {
    const out = checkNameAvailabilityOutput({ name: pulumi.output("zone-two") }, opts(emu));
    expect(await settle(out)).toEqual({
      value: { name: "zone-two", available: false },
      secret: false,
    });
  });
});
