/**
 * Emulator: the shield zone routes over plain HTTP — the answer shapes, request validation
 * (400 naming the field), the zone PATCH profiles (merge vs replace, 202 applied later),
 * plan gates, custom pages as HTML, scoped keys, generated metrics and the state-document
 * checks of the zone parts (filled for old documents).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { EmulatorControl, type RunningEmulator } from "../../packages/emulator/src";
import { call, NOW, start } from "./helpers";

const SCOPED = "zone-three-key";
let emu: RunningEmulator;
let ctl: EmulatorControl;
beforeAll(async () => {
  emu = await start({ now: () => NOW, scopedKeys: { [SCOPED]: { shieldZones: [3] } } });
  ctl = new EmulatorControl(emu.url);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await ctl.reset();
  await ctl.setProfile("default");
});

const patch = (body: unknown) => call(emu, "PATCH", "/shield/shield-zone", { body });
const zone = async (id: number) => (await call(emu, "GET", `/shield/shield-zone/${id}`)).json.data;

describe("zone PATCH: profiles", () => {
  test("merge (default) keeps what is not sent; zone-replace resets it to the defaults", async () => {
    const body = { shieldZoneId: 3, shieldZone: { learningMode: true } };
    const merged = await patch(body);
    expect(merged.status).toBe(200);
    expect(merged.json.data).toMatchObject({
      shieldZoneId: 3,
      shieldZone: { shieldZoneId: 3, learningMode: true, wafLogOnlyRules: ["942100"] },
    });
    expect(await zone(3)).toMatchObject({ learningMode: true, dDoSShieldSensitivity: 3 });

    await ctl.reset();
    await ctl.setProfile("zone-replace");
    expect((await patch(body)).status).toBe(200);
    // the fixture's log-only rule and DDoS "High" are gone; the plan stays
    expect(await zone(3)).toMatchObject({
      learningMode: true,
      wafLogOnlyRules: [],
      dDoSShieldSensitivity: 2,
      planType: 2,
    });
  });

  test("writeDelayMs: 202 naming the zone (or not), the change invisible until applied", async () => {
    await ctl.setProfile({ writeDelayMs: 150 });
    const r = await patch({ shieldZoneId: 1, shieldZone: { wafExecutionMode: 0 } });
    expect([r.status, r.json]).toEqual([
      202,
      { location: "/shield/shield-zone/1", value: { id: 1 }, statusCode: 202 },
    ]);
    expect((await zone(1)).wafExecutionMode).toBe(1);
    for (let i = 0; i < 100 && (await zone(1)).wafExecutionMode !== 0; i++) await sleep(30);
    expect((await zone(1)).wafExecutionMode).toBe(0);

    await ctl.setProfile({ writeDelayMs: 150, acceptedNamesRule: false });
    const anon = await call(emu, "POST", "/shield/shield-zone", { body: { pullZoneId: 8 } });
    expect(anon.status).toBe(202);
    expect(anon.json.location).toBeNull();
    // a second create while the first is pending: the pull zone is taken
    const again = await call(emu, "POST", "/shield/shield-zone", { body: { pullZoneId: 8 } });
    expect(again.status).toBe(409);
  });
});

describe("validation and errors", () => {
  test("bodies are validated with the client's schemas: 400 naming the field", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ shieldZoneId: 1, shieldZone: { bogus: 1 } }, "shieldZone.bogus", /unknown property/],
      [
        { shieldZoneId: 1, shieldZone: { dDoSShieldSensitivity: 9 } },
        "shieldZone.dDoSShieldSensitivity",
        /0 \(Off\), 1 \(Low\), 2 \(Medium\), 3 \(High\), 4 \(Challenge\); got 9/,
      ],
      [
        { shieldZoneId: 1, shieldZone: { wafDisabledRules: ["920100", "920100"] } },
        "shieldZone.wafDisabledRules",
        /duplicate/,
      ],
      [{ shieldZone: {} }, "shieldZoneId", /is required/],
    ];
    for (const [body, field, reason] of cases) {
      const r = await patch(body);
      expect([field, r.status]).toEqual([field, 400]);
      expect(r.json.errors ?? r.json.fieldErrors ?? r.json).toEqual(
        expect.arrayContaining([expect.objectContaining({ field })]),
      );
      expect(r.text).toMatch(reason);
    }
  });

  test("an unknown managed WAF rule id: 400 naming the item", async () => {
    const r = await patch({ shieldZoneId: 1, shieldZone: { wafLogOnlyRules: ["920100", "1"] } });
    expect(r.status).toBe(400);
    expect(r.text).toContain("shieldZone.wafLogOnlyRules[1]");
    expect(r.text).toContain("invalid_waf_rule");
  });

  test("create: the published echo shape; 409 and 400 in the {data: null, error} shape", async () => {
    const list = await call(emu, "POST", "/shield/shield-zone", {
      body: { pullZoneId: 8, accessLists: { "99": 2 } },
    });
    expect(list.json.error.message).toMatch(/^accessLists\.99: /);
    const ok = await call(emu, "POST", "/shield/shield-zone", {
      body: { pullZoneId: 8, shieldZone: { planType: 1 } },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({
      pullZoneId: 8,
      shieldZone: { shieldZoneId: 100, planType: 1, wafEnabled: true, wafExecutionMode: 1 },
    });
    expect((await zone(100)).pullZoneId).toBe(8);
    const dup = await call(emu, "POST", "/shield/shield-zone", { body: { pullZoneId: 8 } });
    expect([dup.status, dup.json.data, dup.json.error.errorKey]).toEqual([
      409,
      null,
      "already_exists.shieldzone",
    ]);
    const unknown = await call(emu, "POST", "/shield/shield-zone", { body: { pullZoneId: 77 } });
    expect([unknown.status, unknown.json.error.errorKey]).toEqual([400, "invalid_pullzone"]);
  });

  test("bot detection: a body naming another zone is refused; the Basic plan is gated", async () => {
    const other = await call(emu, "PATCH", "/shield/shield-zone/2/bot-detection", {
      body: { shieldZoneId: 3, executionMode: 1 },
    });
    expect(other.status).toBe(400);
    expect(other.text).toContain("shieldZoneId");
    const basic = await call(emu, "GET", "/shield/shield-zone/1/bot-detection");
    expect([basic.status, basic.json.data, basic.json.error]).toEqual([
      403,
      null,
      expect.objectContaining({
        success: false,
        statusCode: 403,
        errorKey: "invalid_plan_type.bot_detection",
      }),
    ]);
  });
});

describe("custom pages: HTML in, the page as text out", () => {
  const page = (t: string) => `/shield/shield-zone/3/custom-page/${t}`;
  test("PUT text/html, GET answers text/plain (a published type); empty, wrong type and wrong page type refused", async () => {
    const put = await call(emu, "PUT", page("ratelimit"), {
      body: "<h1>Too many</h1>",
      headers: { "content-type": "text/html" },
    });
    expect([put.status, put.json.success]).toEqual([200, true]);
    const get = await call(emu, "GET", page("ratelimit"));
    expect(get.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(get.text).toBe("<h1>Too many</h1>");
    const empty = await call(emu, "PUT", page("block"), {
      body: " ",
      headers: { "content-type": "text/html" },
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("body");
    const xml = await call(emu, "PUT", page("block"), {
      body: "<x/>",
      headers: { "content-type": "application/xml" },
    });
    expect(xml.status).toBe(415);
    const bad = await call(emu, "GET", page("captcha"));
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([
      {
        field: "pageType",
        message: 'must be one of "block", "challenge", "ratelimit"; got "captcha"',
      },
    ]);
    // the pages' own plugin context keeps the shared hooks: no key, no page
    const anon = await call(emu, "PUT", page("block"), {
      key: false,
      body: "<p/>",
      headers: { "content-type": "text/html" },
    });
    expect(anon.status).toBe(401);
    const none = await call(emu, "GET", page("challenge"));
    expect([none.status, none.json.errorKey]).toEqual([404, "not_found.custom_page"]);
  });
});

describe("lists, scoped keys, metrics", () => {
  test("a scoped key sees only its zones in the list and the mapping", async () => {
    const list = await call(emu, "GET", "/shield/shield-zones", { key: SCOPED });
    expect(list.json.data.map((z: { shieldZoneId: number }) => z.shieldZoneId)).toEqual([3]);
    expect(list.json.page).toMatchObject({ totalCount: 1, totalPages: 1, nextPage: null });
    const map = await call(emu, "GET", "/shield/shield-zones/pullzone-mapping", { key: SCOPED });
    expect(map.json.data).toEqual([{ shieldZoneId: 3, pullZoneId: 5 }]);
    expect((await call(emu, "GET", "/shield/shield-zone/1", { key: SCOPED })).status).toBe(404);
  });

  test("metrics: the past 28 UTC days up to today (the emulator's clock), oldest first", async () => {
    const m = (await call(emu, "GET", "/shield/metrics/overview/3")).json.data;
    const days = Object.keys(m.overviewPastTwentyEightDays);
    // NOW is 2026-01-15: the 28 days are 2025-12-19 .. 2026-01-15
    expect([days.length, days[0], days[27]]).toEqual([
      28,
      "2025-12-19T00:00:00.000Z",
      "2026-01-15T00:00:00.000Z",
    ]);
    expect(m.totalCleanRequestsLimit).toBe(3_000_000);
  });
});

describe("state documents: the zone parts", () => {
  test("an old document (no parts) loads with the defaults; bad parts are refused naming the field", async () => {
    const s = (await call(emu, "GET", "/_emulator/state", { key: false })).json;
    expect(Object.keys(s.shieldZones[0])).toEqual(
      expect.arrayContaining(["settings", "botDetection", "uploadScanning", "apiGuardian"]),
    );
    const old = { ...s, shieldZones: [{ id: 1, name: "old", pullZoneId: 1 }] };
    const put = await call(emu, "PUT", "/_emulator/state", { key: false, body: old });
    expect(put.status).toBe(200);
    expect(put.json.shieldZones[0].settings.dDoSChallengeWindow).toBe(1800);
    expect(put.json.shieldZones[0].customPages).toEqual({});
    expect((await zone(1)).wafExecutionMode).toBe(1);

    const bad = {
      ...s,
      shieldZones: [
        { ...s.shieldZones[0], settings: { wafExecutionMode: 7, planType: 1 } },
        { ...s.shieldZones[1], customPages: { captcha: "x" }, botDetection: "on" },
        { ...s.shieldZones[2], apiGuardian: { configuration: { executionMode: 5 } } },
      ],
    };
    const refused = await call(emu, "PUT", "/_emulator/state", { key: false, body: bad });
    expect(refused.status).toBe(400);
    expect(refused.json.problems).toEqual([
      expect.stringMatching(/^shieldZones\[0\]\.settings\.wafExecutionMode: must be one of 0/),
      "shieldZones[0].settings.planType: set planType on the zone, not in settings",
      "shieldZones[1].botDetection must be an object",
      "shieldZones[1].customPages.captcha: unknown page type; allowed: block, challenge, ratelimit",
      expect.stringMatching(/^shieldZones\[2\]\.apiGuardian\.configuration\.executionMode: /),
    ]);
  });
});
