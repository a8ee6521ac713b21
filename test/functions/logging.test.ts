/** logging.getAccessLogs (v2) and logging.getLegacyAccessLogs (v1) against the emulator. */
import * as pulumi from "@pulumi/pulumi";
import { Client } from "../../packages/client/src/api/client";
import { EdgeApiError } from "../../packages/client/src/api/errors";
import {
  LegacyLogParseError,
  parseLegacyLogStream,
} from "../../packages/client/src/api/legacy-log-parser";
import {
  getAccessLogs,
  getAccessLogsOutput,
  GetAccessLogsArgs,
} from "../../packages/pulumi/src/functions/logging";
import {
  getLegacyAccessLogs,
  getLegacyAccessLogsOutput,
} from "../../packages/pulumi/src/functions/legacy-logging";
import {
  clearClientCache,
  type DataSourceConnection,
} from "../../packages/pulumi/src/functions/options";
import { InvalidArgumentError } from "../../packages/client/src";
import type { DataSourceProgress } from "../../packages/pulumi/src/functions/progress";
import type { AccessLogEntry } from "../../packages/client/src/spec";
import { Emu, fault, journal, opts, rejection, reset, settle, start, utcDay } from "./helpers";

jest.setTimeout(20_000);

let emu: Emu;
beforeAll(async () => {
  // The platform's own rate limit is off here so long paginations run at full speed; the
  // limiter tests below start emulators with a limit.
  emu = await start({ loggingRateLimit: false });
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

const DAY = 86_400_000;
const dayStart = (days: number) => new Date(utcDay(days).getTime() - DAY / 2);
/** Yesterday, the whole UTC day: a fixed, complete window. */
const YESTERDAY = { from: dayStart(-1), to: dayStart(0) };
const ids = (rs: { requestId: string }[]) => rs.map((r) => r.requestId);

describe("logging.getAccessLogs (v2)", () => {
  let all: AccessLogEntry[];
  beforeAll(async () => {
    const r = await getAccessLogs({ pullZoneId: 1, ...YESTERDAY, order: "asc" }, opts(emu));
    all = r.records;
  });

  test("default page size: the whole window in one request, shape of the result", async () => {
    await reset(emu);
    const r = await getAccessLogs({ pullZoneId: 1, ...YESTERDAY, order: "asc" }, opts(emu));
    expect(r).toMatchObject({
      pullZoneId: 1,
      from: YESTERDAY.from.toISOString(),
      to: YESTERDAY.to.toISOString(),
      pages: 1,
      truncated: false,
    });
    expect(r.records).toHaveLength(1800); // 2000 per day, origin-shield records excluded
    const [req] = await journal(emu, /\/logging\/v2\//);
    expect(req.query).toMatchObject({ limit: "10000", offset: "0", order: "asc" });
  });

  test("pagination across >= 20 pages: same records, in order, none missing or repeated", async () => {
    const r = await getAccessLogs(
      { pullZoneId: 1, ...YESTERDAY, order: "asc" },
      { ...opts(emu), pageSize: 50 },
    );
    expect(r.pages).toBe(36);
    expect(ids(r.records)).toEqual(ids(all));
    expect(new Set(ids(r.records)).size).toBe(1800);
    const ts = r.records.map((x) => Date.parse(x.timestamp));
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    const offsets = (await journal(emu, /\/logging\/v2\//)).map((q) => Number(q.query.offset));
    expect(offsets).toEqual(Array.from({ length: 36 }, (_, i) => i * 50));
  });

  test("default window (last 24 h): pinned after the first page, desc by default", async () => {
    const r = await getAccessLogs({ pullZoneId: 1 }, { ...opts(emu), pageSize: 200 });
    expect(r.pages).toBeGreaterThan(1);
    expect(Date.parse(r.to!) - Date.parse(r.from!)).toBe(DAY);
    const reqs = await journal(emu, /\/logging\/v2\//);
    expect(reqs[0].query.from).toBeUndefined();
    expect(reqs.slice(1).every((q) => q.query.from === r.from && q.query.to === r.to)).toBe(true);
    const ts = r.records.map((x) => Date.parse(x.timestamp));
    expect(ts).toEqual([...ts].sort((a, b) => b - a));
    expect(new Set(ids(r.records)).size).toBe(r.records.length);
  });

  test("order desc is the reverse of asc", async () => {
    const r = await getAccessLogs(
      { pullZoneId: 1, ...YESTERDAY, order: "desc" },
      { ...opts(emu), pageSize: 500 },
    );
    expect(ids(r.records)).toEqual(ids(all).reverse());
  });

  const filters: [
    string,
    Partial<GetAccessLogsArgs>,
    Record<string, string>,
    (r: AccessLogEntry) => boolean,
  ][] = [
    ["status class", { status: "5xx" }, { status: "5xx" }, (r) => r.statusCode >= 500],
    [
      "status list",
      { status: [404, "5xx"] },
      { status: "404,5xx" },
      (r) => r.statusCode === 404 || r.statusCode >= 500,
    ],
    [
      "cacheStatus list",
      { cacheStatus: ["miss", "-"] },
      { cacheStatus: "MISS,-" },
      (r) => r.cacheStatus === "MISS" || r.cacheStatus === "-",
    ],
    ["country", { country: "DE" }, { country: "DE" }, (r) => r.countryCode === "DE"],
    [
      "edgeLocation",
      { edgeLocation: "JP-TYO" },
      { edgeLocation: "JP-TYO" },
      (r) => r.edgeLocation === "JP-TYO",
    ],
    [
      "urlContains",
      { urlContains: "/images/" },
      { urlContains: "/images/" },
      (r) => r.url.includes("/images/"),
    ],
    [
      "userAgentContains",
      { userAgentContains: "curl" },
      { userAgentContains: "curl" },
      (r) => r.userAgent.includes("curl"),
    ],
    [
      "refererContains",
      { refererContains: "google" },
      { refererContains: "google" },
      (r) => r.referer.includes("google"),
    ],
    [
      "search",
      { search: "curl  DE" },
      { search: "curl  DE" },
      (r) => r.userAgent.includes("curl") && JSON.stringify(r).toLowerCase().includes("de"),
    ],
  ];
  test.each(filters)(
    "filter %s: only matching records, the same as filtering all of them",
    async (_n, args, sent, pred) => {
      const r = await getAccessLogs(
        { pullZoneId: 1, ...YESTERDAY, order: "asc", ...args },
        { ...opts(emu), pageSize: 40 },
      );
      expect(r.records.length).toBeGreaterThan(0);
      expect(r.records.every(pred)).toBe(true);
      if (_n !== "search") expect(ids(r.records)).toEqual(ids(all.filter(pred)));
      const [req] = await journal(emu, /\/logging\/v2\//);
      expect(req.query).toMatchObject(sent);
    },
  );

  test("filters remoteIp and requestId", async () => {
    const pick = all[123];
    const byIp = await getAccessLogs(
      { pullZoneId: 1, ...YESTERDAY, remoteIp: pick.remoteIp },
      opts(emu),
    );
    expect(byIp.records.map((r) => r.remoteIp)).toContain(pick.remoteIp);
    expect(byIp.records.every((r) => r.remoteIp === pick.remoteIp)).toBe(true);
    const byId = await getAccessLogs(
      { pullZoneId: 1, ...YESTERDAY, requestId: pick.requestId },
      opts(emu),
    );
    expect(byId.records).toEqual([pick]);
  });

  test("includeOriginShield adds the origin-shield records", async () => {
    const r = await getAccessLogs(
      { pullZoneId: 1, ...YESTERDAY, includeOriginShield: true, order: "asc" },
      { ...opts(emu), pageSize: 1000 },
    );
    expect(r.records).toHaveLength(2000);
    expect(r.records.filter((x) => x.userAgent.includes("OriginShield"))).toHaveLength(200);
    const [req] = await journal(emu, /\/logging\/v2\//);
    expect(req.query.includeOriginShield).toBe("true");
  });

  test("maxRecords bounds the read and reports truncation", async () => {
    const progress: DataSourceProgress[] = [];
    const r = await getAccessLogs(
      { pullZoneId: 1, ...YESTERDAY, order: "asc", maxRecords: 120 },
      { ...opts(emu), pageSize: 50, onProgress: (p) => progress.push(p) },
    );
    expect(r.truncated).toBe(true);
    expect(ids(r.records)).toEqual(ids(all.slice(0, 120)));
    expect(progress.at(-1)?.message).toBe("logging.getAccessLogs: done, 3 pages, 120 records");
    const exact = await getAccessLogs({ pullZoneId: 1, ...YESTERDAY, maxRecords: 1800 }, opts(emu));
    expect(exact).toMatchObject({ truncated: false });
    expect(exact.records).toHaveLength(1800);
    const more = await getAccessLogs({ pullZoneId: 1, ...YESTERDAY, maxRecords: 5000 }, opts(emu));
    expect(more).toMatchObject({ truncated: false });
  });

  test("a 429 in the middle of a pagination: waited out, nothing lost or repeated", async () => {
    const real = new Client({
      apiKey: emu.apiKey,
      baseUrl: emu.url,
      loggingUrl: emu.loggingUrl,
      loggingRateLimit: false,
      retryBaseDelayMs: 5,
    });
    // A client whose page iterator registers the fault after the 5th page, before the 6th.
    const client = Object.assign(Object.create(real) as Client, {
      logging: Object.assign(Object.create(real.logging), {
        async *accessLogPages(...a: Parameters<Client["logging"]["accessLogPages"]>) {
          let n = 0;
          for await (const p of real.logging.accessLogPages(...a)) {
            yield p;
            if (++n === 5) {
              await fault(emu, {
                path: "/logging/v2/.*",
                status: 429,
                headers: { "retry-after": "1" },
              });
            }
          }
        },
      }),
    });
    const t0 = Date.now();
    const r = await getAccessLogs(
      { pullZoneId: 1, ...YESTERDAY, order: "asc" },
      { connection: { client }, pageSize: 60 },
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(ids(r.records)).toEqual(ids(all));
    expect(r.pages).toBe(30);
    const reqs = await journal(emu, /\/logging\/v2\//);
    expect(reqs.map((q) => q.status)).toEqual([...Array(5).fill(200), 429, ...Array(25).fill(200)]);
    expect(reqs[5].query.offset).toBe("300");
    expect(reqs[6].query.offset).toBe("300");
    real.close();
  });

  test("with the client limiter on (default 30/10 s) a short read sends no 429", async () => {
    const limited = await start(); // the platform's default limit: 30 requests per 10 s
    try {
      const r = await getAccessLogs(
        { pullZoneId: 1, ...YESTERDAY, order: "asc" },
        { ...opts(limited, { limiter: true }), pageSize: 300 },
      );
      expect(ids(r.records)).toEqual(ids(all));
      const reqs = await journal(limited, /\/logging\/v2\//);
      expect(reqs).toHaveLength(6);
      expect(reqs.every((q) => q.status === 200)).toBe(true);
    } finally {
      await limited.close();
    }
  });

  test("the limiter keeps a long read under a tight platform limit without any 429", async () => {
    const tight = await start({ loggingRateLimit: { requests: 5, windowMs: 500 } });
    try {
      const o = opts(tight, {
        clientOptions: { loggingRateLimit: { requests: 5, windowMs: 500 } },
      });
      const r = await getAccessLogs(
        { pullZoneId: 1, ...YESTERDAY, order: "asc" },
        { ...o, pageSize: 90 },
      );
      expect(r.pages).toBe(20);
      expect(ids(r.records)).toEqual(ids(all));
      const reqs = await journal(tight, /\/logging\/v2\//);
      expect(reqs.every((q) => q.status === 200)).toBe(true);
    } finally {
      await tight.close();
    }
  });

  test.each([
    [{ order: "up" }, /"order": must be one of "asc", "desc"; got "up"/],
    [
      { cacheStatus: "WARM" },
      /"cacheStatus": must be one of "HIT", "MISS", "BYPASS", "REVALIDATED", "STALE", "UPDATING", "-" .*got "WARM"/,
    ],
    [{ status: "2xy" }, /"status": must be a status code \(100-599\) or class/],
    [{ status: "600" }, /"status"/],
    [
      { search: Array.from({ length: 17 }, (_, i) => `t${i}`).join(" ") },
      /"search": has 17 tokens; at most 16/,
    ],
    [{ maxRecords: 0 }, /"maxRecords": must be an integer from 1/],
    [{ maxRecords: -3 }, /"maxRecords"/],
    [{ from: "2024-01-02", to: "2024-01-01" }, /"from": must be before "to"/],
    [{ from: new Date(Date.now() - 4 * DAY) }, /"from": .* is older than the 3-day log retention/],
    [{ from: "not a date" }, /"from": must be a Date or an ISO 8601/],
    [{ includeOriginShield: "yes" }, /"includeOriginShield": must be true or false/],
    [{ pullZoneId: 0 }, /"pullZoneId"/],
    [{ limit: 5 }, /"limit": unknown argument/],
  ])("invalid %p, before any call", async (args, msg) => {
    const e = await rejection(
      getAccessLogs({ pullZoneId: 1, ...args } as GetAccessLogsArgs, opts(emu)),
    );
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/^edgeplatform: logging\.getAccessLogs: invalid argument /);
    expect(e.message).toMatch(msg);
    expect(await journal(emu, /\/logging\//)).toHaveLength(0);
  });

  test("pageSize option is validated", async () => {
    await expect(
      getAccessLogs({ pullZoneId: 1 }, { ...opts(emu), pageSize: 10_001 }),
    ).rejects.toThrow(/"pageSize": must be an integer from 1 to 10000/);
  });

  test("platform errors: logging disabled (404), suspended (403), unknown zone (403)", async () => {
    const disabled = (await rejection(getAccessLogs({ pullZoneId: 2 }, opts(emu)))) as EdgeApiError;
    expect(disabled).toMatchObject({
      name: "EdgeApiError",
      status: 404,
      errorKey: "logging_disabled",
    });
    const suspended = (await rejection(
      getAccessLogs({ pullZoneId: 3 }, opts(emu)),
    )) as EdgeApiError;
    expect(suspended).toMatchObject({ status: 403, errorKey: "forbidden" });
    const unknown = (await rejection(getAccessLogs({ pullZoneId: 99 }, opts(emu)))) as EdgeApiError;
    expect(unknown.status).toBe(403);
  });

  test("missing loggingUrl names the config key and the environment variable", async () => {
    const saved = process.env.EDGEPLATFORM_LOGGING_URL;
    delete process.env.EDGEPLATFORM_LOGGING_URL;
    try {
      const o = opts(emu);
      delete (o.connection as DataSourceConnection).loggingUrl;
      await expect(getAccessLogs({ pullZoneId: 1 }, o)).rejects.toThrow(
        /edgeplatform:loggingUrl.*EDGEPLATFORM_LOGGING_URL/,
      );
    } finally {
      if (saved !== undefined) process.env.EDGEPLATFORM_LOGGING_URL = saved;
    }
  });

  test("Output form: Inputs from promises and Outputs (Dates preserved)", async () => {
    const out = getAccessLogsOutput(
      {
        pullZoneId: Promise.resolve(1),
        from: pulumi.output(0).apply(() => YESTERDAY.from),
        to: Promise.resolve(YESTERDAY.to),
        order: pulumi.output("asc" as const),
        maxRecords: 10,
      },
      opts(emu),
    );
    const { value, secret } = await settle(out);
    expect(secret).toBe(false);
    expect(ids(value.records)).toEqual(ids(all.slice(0, 10)));
    expect(value.truncated).toBe(true);
  });
});

describe("logging.getLegacyAccessLogs (v1)", () => {
  test("zone 1, a whole past day: 12-field records matching the v2 records", async () => {
    const day = utcDay(-1);
    const r = await getLegacyAccessLogs({ pullZoneId: 1, date: day }, opts(emu));
    expect(r.skippedLines).toEqual([]);
    expect(r.records).toHaveLength(2000);
    const v2 = await getAccessLogs(
      { pullZoneId: 1, ...YESTERDAY, order: "asc", includeOriginShield: true },
      opts(emu),
    );
    expect(ids(r.records)).toEqual(ids(v2.records));
    for (let i = 0; i < 2000; i += 97) {
      const a = r.records[i];
      const b = v2.records[i];
      expect(a).toEqual({
        cacheStatus: b.cacheStatus,
        statusCode: b.statusCode,
        timestamp: Date.parse(b.timestamp),
        bytesSent: b.bytesSent,
        pullZoneId: 1,
        remoteIp: b.remoteIp,
        referer: b.referer,
        url: b.url,
        edgeLocation: b.edgeLocation,
        userAgent: b.userAgent,
        requestId: b.requestId,
        countryCode: b.countryCode,
      });
    }
    const [req] = await journal(emu, /\.log$/);
    const p = (n: number) => String(n).padStart(2, "0");
    expect(req.path).toBe(
      `/logging/${p(day.getUTCMonth() + 1)}-${p(day.getUTCDate())}-${p(day.getUTCFullYear() % 100)}/1.log`,
    );
  });

  test("zone 4 (extended logging): 15-field records", async () => {
    const r = await getLegacyAccessLogs({ pullZoneId: 4, date: utcDay(-2) }, opts(emu));
    expect(r.records).toHaveLength(2000);
    expect(r.records.every((x) => typeof x.bodyBytesSent === "number")).toBe(true);
    expect(r.records.some((x) => x.rangeHeader !== "")).toBe(true);
    expect(r.records.some((x) => x.authorizationHeader !== "")).toBe(true);
    expect(r.records.some((x) => x.referer === "")).toBe(true); // "-" became ""
    expect(r.records.some((x) => x.cacheStatus === "-")).toBe(true); // a cache status of its own
  });

  test("today: records up to now only; MM-dd-yy and MM-dd-yyyy strings accepted", async () => {
    const d = utcDay(0);
    const p = (n: number) => String(n).padStart(2, "0");
    const short = `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}-${p(d.getUTCFullYear() % 100)}`;
    const r = await getLegacyAccessLogs({ pullZoneId: 1, date: short }, opts(emu));
    expect(r.date).toBe(short);
    const long = await getLegacyAccessLogs(
      { pullZoneId: 1, date: `${short.slice(0, 6)}${d.getUTCFullYear()}` },
      opts(emu),
    );
    expect(long.records.length).toBeGreaterThanOrEqual(r.records.length);
    expect(r.records.every((x) => x.timestamp <= Date.now())).toBe(true);
  });

  test("filters: status, order, start/end, search", async () => {
    const date = utcDay(-1);
    const st = await getLegacyAccessLogs({ pullZoneId: 1, date, status: "4xx" }, opts(emu));
    expect(st.records.length).toBeGreaterThan(0);
    expect(st.records.every((x) => x.statusCode >= 400 && x.statusCode < 500)).toBe(true);
    const asc = await getLegacyAccessLogs({ pullZoneId: 1, date, start: 10, end: 20 }, opts(emu));
    const desc = await getLegacyAccessLogs({ pullZoneId: 1, date, order: "desc" }, opts(emu));
    const all = await getLegacyAccessLogs({ pullZoneId: 1, date }, opts(emu));
    expect(asc.records).toEqual(all.records.slice(10, 20));
    expect(desc.records).toEqual([...all.records].reverse());
    const se = await getLegacyAccessLogs({ pullZoneId: 1, date, search: "curl" }, opts(emu));
    expect(se.records.length).toBeGreaterThan(0);
    expect(se.records.every((x) => JSON.stringify(x).includes("curl"))).toBe(true);
    const reqs = await journal(emu, /\.log$/);
    expect(reqs[0].query).toEqual({ status: "4xx" });
    expect(reqs[1].query).toEqual({ start: "10", end: "20" });
  });

  test.each([
    [
      { date: utcDay(-3) },
      /"date": \d\d-\d\d-\d\d is outside the 3-day log retention: only today and the two previous days/,
    ],
    [{ date: utcDay(1) }, /"date": .* is outside the 3-day log retention/],
    [{ date: "31-12-24" }, /"date": expected .*MM-dd-yy/],
    [{ date: undefined }, /"date": is required/],
    [{ date: utcDay(0), start: 5, end: 2 }, /"end": must not be before start/],
    [{ date: utcDay(0), start: -1 }, /"start": must be an integer from 0/],
    [{ date: utcDay(0), order: "newest" }, /"order": must be one of "asc", "desc"/],
    [{ date: utcDay(0), onMalformed: "ignore" }, /"onMalformed": must be one of "skip", "fail"/],
    [{ date: utcDay(0), status: "abc" }, /"status": must be a status code/],
  ])("invalid %p, before any call", async (args, msg) => {
    const e = await rejection(getLegacyAccessLogs({ pullZoneId: 1, ...args } as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/^edgeplatform: logging\.getLegacyAccessLogs: invalid argument /);
    expect(e.message).toMatch(msg);
    expect(await journal(emu, /\/logging\//)).toHaveLength(0);
  });

  test("platform errors: logging disabled", async () => {
    const e = (await rejection(
      getLegacyAccessLogs({ pullZoneId: 2, date: utcDay(0) }, opts(emu)),
    )) as EdgeApiError;
    expect(e).toMatchObject({ status: 404, errorKey: "logging_disabled" });
  });

  describe("malformed lines (client stub serving a fixed body)", () => {
    const good = "HIT|200|1700000000000|10|7|1.2.3.4|-|https://x/a|DE-FRA|curl/8|id-1|DE";
    const body = `${good}\nthis is not a log line\n${good}\r\n${good.replace("|200|", "|OK|")}\n${good}`;
    const stub = {
      logging: {
        legacyAccessLogRecords: (
          _zone: number,
          _date: unknown,
          _q: unknown,
          o: Parameters<typeof parseLegacyLogStream>[1],
        ) => parseLegacyLogStream([Buffer.from(body)], o),
      },
    } as unknown as Client;

    test('"skip" (default): records plus skipped line numbers and reasons', async () => {
      const r = await getLegacyAccessLogs(
        { pullZoneId: 7, date: utcDay(0) },
        { connection: { client: stub } },
      );
      expect(r.records).toHaveLength(3);
      expect(r.skippedLines).toEqual([
        { lineNumber: 2, reason: "expected 12 or 15 fields, got 1" },
        { lineNumber: 4, reason: 'field statusCode is not a non-negative integer: "OK"' },
      ]);
    });

    test('"fail": LegacyLogParseError with the line number', async () => {
      const e = await rejection(
        getLegacyAccessLogs(
          { pullZoneId: 7, date: utcDay(0), onMalformed: "fail" },
          { connection: { client: stub } },
        ),
      );
      expect(e).toBeInstanceOf(LegacyLogParseError);
      expect((e as LegacyLogParseError).lineNumber).toBe(2);
      expect(e.message).toMatch(
        /^edgeplatform: logging\.getLegacyAccessLogs: pull zone 7, \d\d-\d\d-\d\d: line 2 is malformed: expected 12 or 15 fields, got 1/,
      );
    });
  });

  test("Output form", async () => {
    const out = getLegacyAccessLogsOutput(
      { pullZoneId: pulumi.output(4), date: Promise.resolve(utcDay(-1)), start: 0, end: 5 },
      opts(emu),
    );
    const { value } = await settle(out);
    expect(value.records).toHaveLength(5);
    expect(value.records[0].bodyBytesSent).toEqual(expect.any(Number));
  });
});
