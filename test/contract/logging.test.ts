/** Client vs emulator: CDN logging API v2 (JSON pages) and v1 (legacy stream), limiter, JWT. */
import { Client, EdgeApiError } from "../../packages/client/src";
import { MissingSettingError } from "../../packages/client/src/settings";
import type { AccessLogEntry } from "../../packages/client/src/spec";
import {
  apiError,
  client,
  collect,
  Emu,
  fault,
  journal,
  utcDay,
  wrongKeyClient,
  useEmulator,
} from "./helpers";

let emu: Emu;
let c: Client;
// The limiter is exercised by its own test below; here it only must not slow the suite down.
useEmulator(
  (e, cl) => {
    emu = e;
    c = cl;
  },
  { loggingRateLimit: false },
);

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const jwtFor = (key: string) =>
  `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ key, sub: "ci" })}.c2lnbmF0dXJl`;

/** A fixed 24 h window inside the retention (the previous UTC day). */
function yesterdayWindow() {
  const d = utcDay(-1);
  const from = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
  ).toISOString();
  const to = new Date(Date.parse(from) + 86_400_000).toISOString();
  return { from, to };
}

describe("GET {logging}/v2/pullzones/{id}/logs -> logging.getAccessLogPage / accessLogPages", () => {
  test("success: one page with data, pagination and query", async () => {
    const p = await c.logging.getAccessLogPage(1, { limit: 5, order: "asc", ...yesterdayWindow() });
    expect(p.data).toHaveLength(5);
    expect(p.pagination).toMatchObject({ offset: 0, limit: 5, returned: 5, hasMore: true });
    expect(p.query.pullZoneId).toBe(1);
    const [j] = await journal(emu, /^\/logging\/v2\//);
    expect(j.path).toBe("/logging/v2/pullzones/1/logs");
    expect(j.query).toMatchObject({ limit: "5", order: "asc" });
  });

  test("accessLogPages: many pages, nothing missing or repeated, in order", async () => {
    const w = yesterdayWindow();
    const all = (await c.logging.getAccessLogPage(1, { ...w, limit: 10000 })).data;
    expect(all.length).toBeGreaterThan(1000);
    const progress: number[] = [];
    const seen: AccessLogEntry[] = [];
    let pages = 0;
    for await (const page of c.logging.accessLogPages(1, w, {
      pageSize: 150,
      onProgress: (p) => progress.push(p.records),
    })) {
      pages++;
      seen.push(...page.data);
    }
    expect(pages).toBe(Math.ceil(all.length / 150));
    expect(seen.map((r) => r.requestId)).toEqual(all.map((r) => r.requestId));
    expect(new Set(seen.map((r) => r.requestId)).size).toBe(all.length);
    expect(progress[progress.length - 1]).toBe(all.length);
    const offsets = (await journal(emu, /^\/logging\/v2\//))
      .slice(1)
      .map((x) => Number(x.query.offset));
    expect(offsets).toEqual(Array.from({ length: pages }, (_, i) => i * 150));
  });

  test("accessLogPages: default page size is 10000; window pinned after the first page", async () => {
    const pages = await collect(c.logging.accessLogPages(1));
    const j = await journal(emu, /^\/logging\/v2\//);
    expect(j[0].query.limit).toBe("10000");
    expect(j[0].query.from).toBeUndefined();
    expect(pages.length).toBe(j.length);
    if (j.length > 1) {
      expect(j[1].query.from).toBe(pages[0].query.from);
      expect(j[1].query.to).toBe(pages[0].query.to);
    }
  });

  test("accessLogPages: maxRecords trims the last page", async () => {
    const pages = await collect(
      c.logging.accessLogPages(1, yesterdayWindow(), { pageSize: 100, maxRecords: 250 }),
    );
    expect(pages.map((p) => p.data.length)).toEqual([100, 100, 50]);
    const j = await journal(emu, /^\/logging\/v2\//);
    expect(j.map((x) => x.query.limit)).toEqual(["100", "100", "50"]);
  });

  test("a 429 mid-pagination is waited out and the same offset is requested again", async () => {
    const w = yesterdayWindow();
    await fault(emu, {
      method: "GET",
      path: "^/logging/v2/",
      status: 429,
      headers: { "Retry-After": "0" },
      body: { error: { code: "rate_limited", message: "slow down", details: [] } },
    });
    // The fault hits the first request; register one for the second page after it.
    const it = c.logging.accessLogPages(1, w, { pageSize: 400 })[Symbol.asyncIterator]();
    const first = await it.next();
    await fault(emu, { method: "GET", path: "^/logging/v2/", status: 429 });
    const rest: AccessLogEntry[] = [];
    for (let r = await it.next(); !r.done; r = await it.next()) rest.push(...r.value.data);
    const seen = [...(first.value?.data ?? []), ...rest];
    const all = (await c.logging.getAccessLogPage(1, { ...w, limit: 10000 })).data;
    expect(seen.map((x) => x.requestId)).toEqual(all.map((x) => x.requestId));
    const j = (await journal(emu, /^\/logging\/v2\//)).slice(0, -1);
    expect(j.slice(0, 4).map((x) => [x.status, x.query.offset])).toEqual([
      [429, "0"],
      [200, "0"],
      [429, "400"],
      [200, "400"],
    ]);
  });

  test("logging disabled: 404 logging_disabled", async () => {
    const e = await apiError(c.logging.getAccessLogPage(2));
    expect(e.status).toBe(404);
    expect(e.errorKey).toBe("logging_disabled");
    expect(e.message).toMatch(
      /^logging\.getAccessLogPage \(GET \/v2\/pullzones\/2\/logs\) failed: 404 logging_disabled/,
    );
  });
  test("suspended zone: 403 forbidden", async () => {
    expect((await apiError(c.logging.getAccessLogPage(3))).errorKey).toBe("forbidden");
  });
  test("wrong key: 403 forbidden", async () => {
    const e = await apiError(
      wrongKeyClient(emu, { loggingRateLimit: false }).logging.getAccessLogPage(1),
    );
    expect(e.status).toBe(403);
    expect(e.errorKey).toBe("forbidden");
  });
  test("wrong JWT: 403; the token never appears in the error", async () => {
    const bad = jwtFor("not-the-key");
    const e = await apiError(
      client(emu, { loggingToken: bad, loggingRateLimit: false }).logging.getAccessLogPage(1),
    );
    expect(e.status).toBe(403);
    expect(JSON.stringify(e) + e.message + String(e.stack)).not.toContain(bad);
  });
  test("Bearer JWT auth works (and the management API still uses AccessKey)", async () => {
    const cj = client(emu, { loggingToken: jwtFor(emu.apiKey), loggingRateLimit: false });
    expect((await cj.logging.getAccessLogPage(1, { limit: 1 })).data).toHaveLength(1);
    expect((await cj.dns.getZone(1)).Id).toBe(1);
    // A JWT-only client (wrong AccessKey) still reads logs: the Bearer header is what is sent.
    const onlyJwt = client(emu, {
      apiKey: "wrong-key-0000",
      loggingToken: jwtFor(emu.apiKey),
      loggingRateLimit: false,
    });
    expect((await onlyJwt.logging.getAccessLogPage(1, { limit: 1 })).data).toHaveLength(1);
  });
  test("validation: 400 invalid_request with details", async () => {
    const e = await apiError(c.logging.getAccessLogPage(1, { limit: 20000 }));
    expect(e.status).toBe(400);
    expect(e.errorKey).toBe("invalid_request");
    await expect(collect(c.logging.accessLogPages(1, {}, { pageSize: 0 }))).rejects.toThrow(
      RangeError,
    );
  });
  test("malformed JSON and 503 are retried (GET)", async () => {
    await fault(emu, { method: "GET", path: "^/logging/v2/", malformed: true });
    await fault(emu, { method: "GET", path: "^/logging/v2/", status: 503 });
    expect((await c.logging.getAccessLogPage(1, { limit: 2 })).data).toHaveLength(2);
    expect((await journal(emu, /^\/logging\/v2\//)).map((x) => x.status)).toEqual([200, 503, 200]);
  });
  test("no loggingUrl: MissingSettingError naming loggingUrl", async () => {
    const nolog = new Client({ apiKey: emu.apiKey, baseUrl: emu.url });
    await expect(nolog.logging.getAccessLogPage(1)).rejects.toThrow(MissingSettingError);
    await expect(collect(nolog.logging.legacyAccessLogRecords(1, utcDay(0)))).rejects.toThrow(
      /loggingUrl/,
    );
    nolog.close();
  });
});

describe("GET {logging}/{MM-dd-yy}/{id}.log -> logging.legacyAccessLogStream / legacyAccessLogRecords", () => {
  test("stream: raw decompressed pipe-delimited text; date MM-dd-yy; order sent as `order`", async () => {
    const day = utcDay(-1);
    const s = await c.logging.legacyAccessLogStream(1, day, { order: "desc", start: 0, end: 10 });
    let text = "";
    for await (const chunk of s as AsyncIterable<Buffer>) text += chunk.toString("utf8");
    const lines = text.split("\n").filter((l) => l !== "");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(lines[0].split("|").length).toBe(12);
    const [j] = await journal(emu, /\.log$/);
    const yy = String(day.getUTCFullYear() % 100).padStart(2, "0");
    const mm = String(day.getUTCMonth() + 1).padStart(2, "0");
    const dd = String(day.getUTCDate()).padStart(2, "0");
    expect(j.path).toBe(`/logging/${mm}-${dd}-${yy}/1.log`);
    expect(j.query).toEqual({ order: "desc", start: "0", end: "10" });
    expect(j.query.sort).toBeUndefined();
  });
  test("records: parsed through parseLegacyLogStream, progress reported", async () => {
    const progress: { bytes: number; records: number }[] = [];
    const recs = await collect(
      c.logging.legacyAccessLogRecords(1, utcDay(-1), {}, { onProgress: (p) => progress.push(p) }),
    );
    expect(recs.length).toBeGreaterThan(100);
    expect(recs.every((r) => r.pullZoneId === 1)).toBe(true);
    expect(progress[progress.length - 1].records).toBe(recs.length);
    expect(progress[progress.length - 1].bytes).toBeGreaterThan(0);
  });
  test("extended logging zone: extra fields", async () => {
    const recs = await collect(
      c.logging.legacyAccessLogRecords(4, utcDay(-1), { start: 0, end: 5 }),
    );
    expect(recs.length).toBeGreaterThan(0);
    expect(recs[0]).toHaveProperty("bodyBytesSent");
  });
  test("logging disabled: 404 logging_disabled decoded from the stream body", async () => {
    const e = await apiError(c.logging.legacyAccessLogStream(2, utcDay(0)));
    expect(e.status).toBe(404);
    expect(e.errorKey).toBe("logging_disabled");
  });
  test("wrong key: 403", async () => {
    const e = await apiError(
      wrongKeyClient(emu, { loggingRateLimit: false }).logging.legacyAccessLogStream(1, utcDay(0)),
    );
    expect(e.status).toBe(403);
  });
  test("validation: an invalid date fails client-side with a TypeError naming MM-dd-yy", async () => {
    await expect(c.logging.legacyAccessLogStream(1, "2024/01/01")).rejects.toThrow(/MM-dd-yy/);
    expect(await journal(emu, /\.log$/)).toHaveLength(0);
  });
  test("a 503 before the body is retried", async () => {
    await fault(emu, { method: "GET", path: "\\.log$", status: 503 });
    const recs = await collect(
      c.logging.legacyAccessLogRecords(1, utcDay(-1), { start: 0, end: 3 }),
    );
    expect(recs.length).toBeGreaterThan(0);
    expect((await journal(emu, /\.log$/)).map((x) => x.status)).toEqual([503, 200]);
  });
});

describe("client-side logging limiter", () => {
  test("a burst of 60 requests to one pull zone with the default limiter sees no 429 and takes >= 10 s", async () => {
    const limited = client(emu, { deadlineMs: 60_000 });
    const t0 = Date.now();
    const results = await Promise.all(
      Array.from({ length: 60 }, () => limited.logging.getAccessLogPage(1, { limit: 1 })),
    );
    const elapsed = Date.now() - t0;
    expect(results).toHaveLength(60);
    expect(elapsed).toBeGreaterThanOrEqual(10_000);
    const j = await journal(emu, /^\/logging\/v2\//);
    expect(j).toHaveLength(60);
    expect(j.filter((x) => x.status === 429)).toHaveLength(0);
    // Other pull zones are not held up by zone 1's window.
    const t1 = Date.now();
    await limited.logging.getAccessLogPage(4, { limit: 1 });
    expect(Date.now() - t1).toBeLessThan(2_000);
  }, 40_000);
  test("an error from a limited call is still an EdgeApiError", async () => {
    const limited = client(emu);
    expect(await apiError(limited.logging.getAccessLogPage(2))).toBeInstanceOf(EdgeApiError);
  });
});
