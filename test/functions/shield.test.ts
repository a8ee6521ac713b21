/** shield.getEventLogs (+ Output form): all pages in order, maxPages, date window. */
import * as pulumi from "@pulumi/pulumi";
import { getEventLogs, getEventLogsOutput } from "../../packages/pulumi/src/functions/shield";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { InvalidArgumentError } from "../../packages/client/src";
import type { DataSourceProgress } from "../../packages/pulumi/src/functions/progress";
import { Emu, journal, mmddyyyy, opts, rejection, reset, settle, start, utcDay } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

describe("shield.getEventLogs", () => {
  test("zone 1: 5 pages of 20, in order", async () => {
    const r = await getEventLogs({ shieldZoneId: 1, date: utcDay(-1) }, opts(emu));
    expect(r).toMatchObject({
      shieldZoneId: 1,
      date: mmddyyyy(utcDay(-1)),
      pages: 5,
      truncated: false,
    });
    expect(r.logs).toHaveLength(100);
    expect(new Set(r.logs.map((l) => l.logId)).size).toBe(100);
    expect(Object.keys(r.logs[0].labels).sort()).toEqual(
      [
        "asn",
        "country",
        "ruleId",
        "severity",
        "method",
        "ruleGroup",
        "status",
        "serverZone",
      ].sort(),
    );
  });

  test("zone 2: 100 pages read in order, nothing missing or repeated", async () => {
    const progress: DataSourceProgress[] = [];
    const day = mmddyyyy(utcDay(-2));
    const r = await getEventLogs(
      { shieldZoneId: 2, date: day },
      opts(emu, { onProgress: (p) => progress.push(p) }),
    );
    expect(r.pages).toBe(100);
    expect(r.truncated).toBe(false);
    expect(r.logs).toHaveLength(1000);
    expect(new Set(r.logs.map((l) => l.logId)).size).toBe(1000);
    // In order: timestamps never go backwards across the pages.
    const ts = r.logs.map((l) => l.timestamp);
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    // The same as reading page by page by hand.
    const reqs = await journal(emu, /^\/shield\/event-logs\//);
    expect(reqs).toHaveLength(100);
    expect(reqs[0].path).toBe(`/shield/event-logs/2/${day}`);
    expect(reqs.slice(1).every((q) => q.path.startsWith(`/shield/event-logs/2/${day}/`))).toBe(
      true,
    );
    expect(progress.at(-1)).toMatchObject({ pages: 100, records: 1000 });
    expect(progress.at(-1)?.message).toBe("shield.getEventLogs: done, 100 pages, 1000 records");
  });

  test("maxPages bounds the read and reports truncation", async () => {
    const r = await getEventLogs({ shieldZoneId: 2, date: utcDay(0), maxPages: 7 }, opts(emu));
    expect(r.pages).toBe(7);
    expect(r.truncated).toBe(true);
    expect(r.logs).toHaveLength(70);
    const all = await getEventLogs({ shieldZoneId: 1, date: utcDay(0), maxPages: 5 }, opts(emu));
    expect(all).toMatchObject({ pages: 5, truncated: false });
  });

  test("all pages equal the first pages of a bounded read", async () => {
    const full = await getEventLogs({ shieldZoneId: 2, date: utcDay(-1) }, opts(emu));
    const part = await getEventLogs({ shieldZoneId: 2, date: utcDay(-1), maxPages: 3 }, opts(emu));
    expect(part.logs).toEqual(full.logs.slice(0, 30));
  });

  test.each([
    [
      { date: utcDay(-3) },
      /"date": \d\d-\d\d-\d{4} is outside the readable window .* today and the two previous days \(UTC\)/,
    ],
    [{ date: utcDay(1) }, /"date": .* is outside the readable window/],
    [{ date: "2024-13-01" }, /"date": expected a Date, .*MM-dd-yyyy; got "2024-13-01"/],
    [{ date: "02-30-2024" }, /"date": expected .*MM-dd-yyyy/],
    [{ date: new Date("x") }, /"date": .*got an invalid Date/],
    [{ date: undefined }, /"date": is required/],
    [{ date: utcDay(0), maxPages: 0 }, /"maxPages": must be an integer from 1/],
    [{ date: utcDay(0), maxPages: 2.5 }, /"maxPages"/],
    [{ date: utcDay(0), shieldZoneId: "x" }, /"shieldZoneId"/],
  ])("invalid %p, checked before any call", async (args, msg) => {
    const e = await rejection(getEventLogs({ shieldZoneId: 1, ...args } as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/^edgeplatform: shield\.getEventLogs: invalid argument /);
    expect(e.message).toMatch(msg);
    expect(await journal(emu, /event-logs/)).toHaveLength(0);
  });

  test("the window message lists the readable days", async () => {
    const e = await rejection(getEventLogs({ shieldZoneId: 1, date: "01-01-2020" }, opts(emu)));
    expect(e.message).toContain(
      `i.e. ${mmddyyyy(utcDay(-2))}, ${mmddyyyy(utcDay(-1))}, ${mmddyyyy(utcDay(0))}`,
    );
  });

  test("unknown shield zone: the platform error surfaces", async () => {
    const e = await rejection(getEventLogs({ shieldZoneId: 999, date: utcDay(0) }, opts(emu)));
    expect(e.name).toBe("EdgeApiError");
  });

  test("Output form: Output<Date> input, plain result", async () => {
    const out = getEventLogsOutput(
      { shieldZoneId: pulumi.output(1), date: pulumi.output(0).apply(() => utcDay(-1)) },
      opts(emu),
    );
    const { value, secret } = await settle(out);
    expect(secret).toBe(false);
    expect(value.logs).toHaveLength(100);
    expect(value.date).toBe(mmddyyyy(utcDay(-1)));
  });
});
