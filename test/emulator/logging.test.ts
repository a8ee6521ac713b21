import * as http from "http";
import { gunzipSync } from "zlib";
import type { RunningEmulator } from "../../packages/emulator/src";
import type { AccessLogEntry } from "../../packages/client/src/spec";
import { defaultFixtures } from "../../packages/emulator/src";
import { call, DAY, mmddyy, NOW, start, TODAY } from "./helpers";

const SHIELD_UA = "EdgePlatform-OriginShield/1.0";
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const jwt = (payload: unknown) =>
  `${b64({ alg: "HS256", typ: "JWT" })}.${b64(payload)}.c2lnbmF0dXJl`;

/** Raw GET (no automatic decompression). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("emulator: logging API v2", () => {
  let emu: RunningEmulator;
  const logs = (q = "", zone = 1, opts = {}) =>
    call(emu, "GET", `/logging/v2/pullzones/${zone}/logs${q}`, opts);
  beforeAll(async () => {
    emu = await start({ now: () => NOW, loggingRateLimit: false });
  });
  afterAll(() => emu.close());

  test("defaults: last 24 h, desc, limit 100, origin-shield records excluded", async () => {
    const r = await logs();
    expect(r.status).toBe(200);
    expect(r.json.query).toEqual({
      pullZoneId: 1,
      from: new Date(NOW - DAY).toISOString(),
      to: new Date(NOW).toISOString(),
      order: "desc",
    });
    expect(r.json.pagination).toEqual({ offset: 0, limit: 100, returned: 100, hasMore: true });
    const ts = r.json.data.map((d: { timestamp: string }) => Date.parse(d.timestamp));
    expect([...ts].sort((a, b) => b - a)).toEqual(ts);
    expect(ts[0]).toBeLessThan(NOW);
    for (const d of r.json.data) {
      expect(d.userAgent).not.toBe(SHIELD_UA);
      expect(Object.keys(d)).toHaveLength(21);
    }
  });

  test("paging with small pages equals one big page; includeOriginShield adds records", async () => {
    const window = `from=${new Date(TODAY - DAY).toISOString()}&to=${new Date(TODAY).toISOString()}`;
    const all = await logs(`?${window}&limit=10000&order=asc`);
    expect(all.json.pagination.hasMore).toBe(false);
    expect(all.json.data).toHaveLength(1800); // 2000 per day, every 10th is origin shield
    const collected: unknown[] = [];
    for (let offset = 0; ; offset += 700) {
      const p = await logs(`?${window}&limit=700&offset=${offset}&order=asc`);
      collected.push(...p.json.data);
      if (!p.json.pagination.hasMore) break;
    }
    expect(collected).toEqual(all.json.data);
    const withShield = await logs(`?${window}&limit=10000&includeOriginShield=true`);
    expect(withShield.json.data).toHaveLength(2000);
    expect(
      withShield.json.data.filter((d: { userAgent: string }) => d.userAgent === SHIELD_UA),
    ).toHaveLength(200);
    const desc = await logs(`?${window}&limit=10000`);
    expect(desc.json.data).toEqual([...all.json.data].reverse());
  });

  test("content filters", async () => {
    const base = `?from=${new Date(TODAY - 2 * DAY).toISOString()}&limit=300`;
    const check = async (q: string, pred: (d: AccessLogEntry) => boolean) => {
      const r = await logs(base + q);
      expect(r.status).toBe(200);
      expect(r.json.data.length).toBeGreaterThan(0);
      for (const d of r.json.data) expect(pred(d)).toBe(true);
      return r.json.data;
    };
    await check(
      "&status=2xx,404",
      (d) => (d.statusCode >= 200 && d.statusCode < 300) || d.statusCode === 404,
    );
    await check(
      "&cacheStatus=hit,MISS",
      (d) => d.cacheStatus === "HIT" || d.cacheStatus === "MISS",
    );
    await check("&country=de", (d) => d.countryCode === "DE");
    await check("&edgeLocation=DE-FRA", (d) => d.edgeLocation === "DE-FRA");
    await check("&urlContains=HERO", (d) => d.url.includes("hero"));
    await check("&userAgentContains=firefox", (d) => d.userAgent.includes("Firefox"));
    await check("&refererContains=google", (d) => d.referer.includes("google"));
    await check(
      "&search=" + encodeURIComponent("curl DE-FRA"),
      (d) => d.userAgent.startsWith("curl") && d.edgeLocation === "DE-FRA",
    );
    const one = (await logs(`?from=${new Date(TODAY - 2 * DAY).toISOString()}&limit=1`)).json
      .data[0];
    const byId = await check(`&requestId=${one.requestId}`, (d) => d.requestId === one.requestId);
    expect(byId).toEqual([one]);
    await check(`&remoteIp=${one.remoteIp}`, (d) => d.remoteIp === one.remoteIp);
    // offsets with filters are consistent with one scan
    const f = await logs(base + "&status=404&order=asc");
    const p2 = await logs(
      `?from=${new Date(TODAY - 2 * DAY).toISOString()}&status=404&order=asc&limit=5&offset=5`,
    );
    expect(p2.json.data).toEqual(f.json.data.slice(5, 10));
    expect(p2.json.pagination).toEqual({ offset: 5, limit: 5, returned: 5, hasMore: true });
  });

  test.each([
    ["from before retention", `from=${new Date(TODAY - 2 * DAY - 1).toISOString()}`, "from"],
    [
      "from after to",
      `from=${new Date(NOW - 10).toISOString()}&to=${new Date(NOW - 20).toISOString()}`,
      "from",
    ],
    ["bad date", "from=yesterday", "from"],
    ["limit too large", "limit=10001", "limit"],
    ["limit zero", "limit=0", "limit"],
    ["negative offset", "offset=-1", "offset"],
    ["bad order", "order=up", "order"],
    ["bad status", "status=2yy", "status"],
    ["bad cacheStatus", "cacheStatus=WARM", "cacheStatus"],
    [
      "too many search tokens",
      "search=" + Array.from({ length: 17 }, (_, i) => `t${i}`).join("+"),
      "search",
    ],
    ["unknown parameter", "foo=1", "foo"],
    ["future to", `to=${new Date(NOW + 2 * DAY).toISOString()}`, "to"],
  ])("400 invalid_request: %s", async (_n, q, field) => {
    const r = await logs(`?${q}`);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: "invalid_request", message: expect.any(String) });
    expect(r.json.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  test("auth and pull-zone states", async () => {
    const none = await logs("", 1, { key: false });
    expect(none.status).toBe(401);
    expect(none.json).toEqual({
      error: { code: "unauthorized", message: expect.any(String), details: [] },
    });
    expect((await logs("", 1, { key: "wrong" })).json.error.code).toBe("forbidden");
    const ok = await logs("?limit=1", 1, {
      key: false,
      headers: { Authorization: `Bearer ${jwt({ key: emu.apiKey })}` },
    });
    expect(ok.status).toBe(200);
    for (const token of [
      jwt({ key: "other" }),
      "not-a-jwt",
      `${b64({})}.${b64({ key: emu.apiKey })}`,
    ]) {
      const r = await logs("", 1, { key: false, headers: { Authorization: `Bearer ${token}` } });
      expect(r.status).toBe(403);
    }
    expect(
      (await logs("", 1, { key: false, headers: { Authorization: "Basic abc" } })).status,
    ).toBe(403);
    const disabled = await logs("", 2);
    expect(disabled.status).toBe(404);
    expect(disabled.json.error.code).toBe("logging_disabled");
    expect((await logs("", 3)).json.error.code).toBe("forbidden");
    expect((await logs("", 99)).status).toBe(403);
  });
});

describe("emulator: logging rate limit", () => {
  test("429 rate_limited with Retry-After past the limit, per pull zone, sliding", async () => {
    const emu = await start({ now: () => NOW, loggingRateLimit: { requests: 3, windowMs: 400 } });
    try {
      const get = (zone: number) => call(emu, "GET", `/logging/v2/pullzones/${zone}/logs?limit=1`);
      for (let i = 0; i < 3; i++) expect((await get(1)).status).toBe(200);
      const limited = await get(1);
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await get(4)).status).toBe(200);
      const v1 = await call(emu, "GET", `/logging/${mmddyy(TODAY - DAY)}/1.log?end=1`);
      expect(v1.status).toBe(429);
      await new Promise((r) => setTimeout(r, 450));
      expect((await get(1)).status).toBe(200);
    } finally {
      await emu.close();
    }
  });
});

describe("emulator: logging API v1", () => {
  let emu: RunningEmulator;
  const fx = defaultFixtures();
  fx.pullZones.push({
    id: 7,
    name: "zone-big",
    logging: "enabled",
    extendedLogging: false,
    logRecordsPerDay: 20_000,
  });
  const yday = mmddyy(TODAY - DAY);
  const v1 = (path: string, opts = {}) => call(emu, "GET", `/logging/${path}`, opts);
  beforeAll(async () => {
    emu = await start({ now: () => NOW, loggingRateLimit: false, fixtures: fx });
  });
  afterAll(() => emu.close());

  test("a full day: 12 pipe-delimited fields, chronological, matching v2 records", async () => {
    const r = await v1(`${yday}/1.log`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = r.text.trimEnd().split("\n");
    expect(lines).toHaveLength(2000);
    const fields = lines.map((l) => l.split("|"));
    for (const f of fields) {
      expect(f).toHaveLength(12);
      expect(f.every((x) => x !== "")).toBe(true);
    }
    const ts = fields.map((f) => Number(f[2]));
    expect([...ts].sort((a, b) => a - b)).toEqual(ts);
    expect(ts[0]).toBe(TODAY - DAY);
    const rec = (
      await call(
        emu,
        "GET",
        `/logging/v2/pullzones/1/logs?from=${new Date(TODAY - 2 * DAY).toISOString()}&requestId=${fields[5][10]}&includeOriginShield=true`,
      )
    ).json.data[0];
    expect(fields[5]).toEqual([
      rec.cacheStatus,
      String(rec.statusCode),
      String(Date.parse(rec.timestamp)),
      String(rec.bytesSent),
      "1",
      rec.remoteIp,
      rec.referer || "-",
      rec.url,
      rec.edgeLocation,
      rec.userAgent,
      rec.requestId,
      rec.countryCode,
    ]);
  });

  test("extended logging has 15 fields; today's file stops at now", async () => {
    const r = await v1(`${yday}/4.log?end=50`);
    for (const l of r.text.trimEnd().split("\n")) expect(l.split("|")).toHaveLength(15);
    const today = await v1(`${mmddyy(TODAY)}/1.log`);
    const lines = today.text.trimEnd().split("\n");
    expect(lines).toHaveLength(1001);
    expect(Math.max(...lines.map((l) => Number(l.split("|")[2])))).toBeLessThanOrEqual(NOW);
  });

  test("start/end window, order/sort, status, search, download", async () => {
    const all = (await v1(`${yday}/1.log`)).text.trimEnd().split("\n");
    expect((await v1(`${yday}/1.log?start=10&end=15`)).text.trimEnd().split("\n")).toEqual(
      all.slice(10, 15),
    );
    const rev = [...all].reverse();
    expect((await v1(`${yday}/1.log?order=desc&end=3`)).text.trimEnd().split("\n")).toEqual(
      rev.slice(0, 3),
    );
    expect((await v1(`${yday}/1.log?sort=desc&start=1&end=3`)).text.trimEnd().split("\n")).toEqual(
      rev.slice(1, 3),
    );
    const s = (await v1(`${yday}/1.log?status=4xx`)).text.trimEnd().split("\n");
    expect(s).toEqual(all.filter((l) => l.split("|")[1].startsWith("4")));
    const s2 = (await v1(`${yday}/1.log?status=404&start=2&end=4`)).text.trimEnd().split("\n");
    expect(s2).toEqual(all.filter((l) => l.split("|")[1] === "404").slice(2, 4));
    const q = (await v1(`${yday}/1.log?search=${encodeURIComponent("curl hero")}`)).text
      .trimEnd()
      .split("\n");
    expect(q).toEqual(all.filter((l) => l.toLowerCase().includes("curl") && l.includes("hero")));
    const d = await v1(`${yday}/1.log?download=true&end=1`);
    expect(d.headers.get("content-disposition")).toContain(`${yday}_1.log`);
  });

  test("gzip when accepted; large files stream in chunks", async () => {
    const raw = await rawGet(`${emu.loggingUrl}/${yday}/1.log`, {
      AccessKey: emu.apiKey,
      "Accept-Encoding": "gzip",
    });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    const plain = await v1(`${yday}/1.log`);
    expect(gunzipSync(raw.body).toString("utf8")).toBe(plain.text);
    const big = await rawGet(`${emu.loggingUrl}/${yday}/7.log`, { AccessKey: emu.apiKey });
    expect(big.headers["transfer-encoding"]).toBe("chunked");
    expect(big.body.toString("utf8").split("\n")).toHaveLength(20_001);
  });

  test("errors: bad date 403, outside retention 400, zone states, auth, bad query", async () => {
    for (const bad of ["2026-01-14", "13-01-26", "02-30-26", "01-14-2026"]) {
      const r = await v1(`${bad}/1.log`);
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe("forbidden");
    }
    const old = await v1(`${mmddyy(TODAY - 3 * DAY)}/1.log`);
    expect(old.status).toBe(400);
    expect(old.json.error.code).toBe("invalid_request");
    expect((await v1(`${yday}/2.log`)).json.error.code).toBe("logging_disabled");
    expect((await v1(`${yday}/3.log`)).status).toBe(403);
    expect((await v1(`${yday}/1.log`, { key: false })).status).toBe(401);
    const tok = await v1(`${yday}/1.log?end=1`, {
      key: false,
      headers: { Authorization: `Bearer ${jwt({ key: emu.apiKey })}` },
    });
    expect(tok.status).toBe(200);
    for (const q of ["start=-1", "order=sideways", "status=abc", "foo=bar", "start=5&end=2"]) {
      const r = await v1(`${yday}/1.log?${q}`);
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe("invalid_request");
    }
  });
});
