import type { RunningEmulator } from "../../packages/emulator/src";
import { call, DAY, mmddyyyy, NOW, start, TODAY } from "./helpers";

const fullConfig = {
  actionType: 2,
  variableTypes: { REQUEST_URI: "/x", GEO: "DE" },
  operatorType: 14,
  severityType: 0,
  transformationTypes: [1, 21],
  value: "^/x",
  isNegated: true,
  isRegexVariable: false,
  requestCount: 2147483647,
  counterKeyType: 6,
  timeframe: 3600,
  blockTime: 1800,
  chainedRuleConditions: [
    { variableTypes: null, operatorType: 5, value: "1", isNegated: null, isRegexVariable: null },
  ],
};

describe("emulator: shield rate-limit rules", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await start({ now: () => NOW });
  });
  afterAll(() => emu.close());
  beforeEach(() => call(emu, "POST", "/_emulator/reset", { key: false }));

  test("GET returns the fixture rule with an embedded success result", async () => {
    const r = await call(emu, "GET", "/shield/rate-limit/101");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      id: 101,
      shieldZoneId: 1,
      userId: "user-1",
      ruleName: "api-burst",
    });
    expect(JSON.parse(r.json.ruleJson)).toEqual(r.json.ruleConfiguration);
    expect(r.json.errorResponse).toMatchObject({ success: true });
  });

  test("GET of a missing rule is 404 problem shape A not_found.ratelimit", async () => {
    const r = await call(emu, "GET", "/shield/rate-limit/999");
    expect(r.status).toBe(404);
    expect(r.json).toEqual({
      type: expect.any(String),
      title: "not_found.ratelimit",
      status: 404,
      detail: expect.any(String),
      instance: "/shield/rate-limit/999",
    });
    for (const m of ["PATCH", "DELETE"]) {
      const x = await call(emu, m, "/shield/rate-limit/999", m === "PATCH" ? { body: {} } : {});
      expect(x.status).toBe(404);
      expect(x.json.title).toBe("not_found.ratelimit");
    }
  });

  test("PATCH merges top-level fields and replaces ruleConfiguration whole", async () => {
    const r1 = await call(emu, "PATCH", "/shield/rate-limit/101", {
      body: { ruleName: "renamed" },
    });
    expect(r1.status).toBe(200);
    expect(r1.json.ruleName).toBe("renamed");
    expect(r1.json.ruleDescription).toBe("Limit API bursts per IP");
    expect(r1.json.ruleConfiguration.requestCount).toBe(100);
    const r2 = await call(emu, "PATCH", "/shield/rate-limit/101", {
      body: { ruleDescription: null, ruleConfiguration: { requestCount: 5 } },
    });
    expect(r2.json.ruleName).toBe("renamed");
    expect(r2.json.ruleDescription).toBeNull();
    expect(r2.json.ruleConfiguration).toEqual({ requestCount: 5 });
    expect(r2.json.ruleJson).toBe(JSON.stringify({ requestCount: 5 }));
    const g = await call(emu, "GET", "/shield/rate-limit/101");
    expect(g.json.ruleConfiguration).toEqual({ requestCount: 5 });
  });

  test("POST creates from nextIds, DELETE removes", async () => {
    const c = await call(emu, "POST", "/shield/rate-limit", {
      body: { shieldZoneId: 2, ruleName: "n", ruleDescription: "d", ruleConfiguration: fullConfig },
    });
    expect(c.status).toBe(200);
    expect(c.json).toMatchObject({ id: 1000, shieldZoneId: 2, userId: "user-1", ruleName: "n" });
    expect(c.json.ruleJson).toBe(JSON.stringify(fullConfig));
    const c2 = await call(emu, "POST", "/shield/rate-limit", { body: { shieldZoneId: 2 } });
    expect(c2.json.id).toBe(1001);
    const d = await call(emu, "DELETE", "/shield/rate-limit/1000");
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({ statusCode: 200, success: true });
    expect((await call(emu, "GET", "/shield/rate-limit/1000")).status).toBe(404);
  });

  test("POST / list on an unknown zone answer 200 with an embedded failure", async () => {
    const c = await call(emu, "POST", "/shield/rate-limit", { body: { shieldZoneId: 77 } });
    expect(c.status).toBe(200);
    expect(c.json.errorResponse).toMatchObject({
      success: false,
      errorKey: "not_found_or_unauthorised_access.shieldzone",
    });
    const l = await call(emu, "GET", "/shield/rate-limits/77");
    expect(l.status).toBe(200);
    expect(l.json.data).toEqual([]);
    expect(l.json.error).toMatchObject({
      success: false,
      errorKey: "not_found_or_unauthorised_access.shieldzone",
    });
  });

  test("list paginates", async () => {
    for (let i = 0; i < 3; i++)
      await call(emu, "POST", "/shield/rate-limit", { body: { shieldZoneId: 1 } });
    const p1 = await call(emu, "GET", "/shield/rate-limits/1?page=1&perPage=2");
    expect(p1.json.page).toEqual({
      totalCount: 5,
      totalPages: 3,
      currentPage: 1,
      nextPage: 2,
      pageSize: 2,
    });
    expect(p1.json.data.map((r: { id: number }) => r.id)).toEqual([101, 102]);
    // The published spec's GetCustomWafRulesResponse: `error` is a GenericRequestResponse
    // object (not nullable), so a success carries one that reports success.
    expect(p1.json.error).toEqual({
      statusCode: 200,
      success: true,
      message: null,
      errorKey: null,
    });
    const p3 = await call(emu, "GET", "/shield/rate-limits/1?page=3&perPage=2");
    expect(p3.json.page.nextPage).toBeNull();
    expect(p3.json.data.map((r: { id: number }) => r.id)).toEqual([1002]);
    const bad = await call(emu, "GET", "/shield/rate-limits/1?perPage=0");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe("perPage");
  });

  test.each([
    ["unknown property", { ruleName: "x", extra: 1 }, "extra"],
    ["nested unknown property", { ruleConfiguration: { nope: true } }, "ruleConfiguration.nope"],
    ["bad enum", { ruleConfiguration: { actionType: 4 } }, "ruleConfiguration.actionType"],
    ["bad timeframe", { ruleConfiguration: { timeframe: 2 } }, "ruleConfiguration.timeframe"],
    [
      "int32 overflow",
      { ruleConfiguration: { requestCount: 2147483648 } },
      "ruleConfiguration.requestCount",
    ],
    [
      "bad variableTypes key",
      { ruleConfiguration: { variableTypes: { NOPE: "x" } } },
      "ruleConfiguration.variableTypes.NOPE",
    ],
    ["enum as string", { ruleConfiguration: { blockTime: "30" } }, "ruleConfiguration.blockTime"],
    [
      "chained unknown property",
      { ruleConfiguration: { chainedRuleConditions: [{ x: 1 }] } },
      "ruleConfiguration.chainedRuleConditions[0].x",
    ],
  ])("PATCH rejects %s with problem shape B", async (_n, body, field) => {
    const r = await call(emu, "PATCH", "/shield/rate-limit/101", { body });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      title: "validation_error",
      status: 400,
      instance: "/shield/rate-limit/101",
    });
    expect(typeof r.json.id).toBe("string");
    expect(r.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    // nothing changed
    expect((await call(emu, "GET", "/shield/rate-limit/101")).json.ruleName).toBe("api-burst");
  });

  test("path id out of int32 range is rejected on PATCH", async () => {
    const r = await call(emu, "PATCH", "/shield/rate-limit/2147483648", { body: {} });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].field).toBe("id");
  });

  test("POST requires shieldZoneId and rejects unknown properties", async () => {
    const r = await call(emu, "POST", "/shield/rate-limit", { body: { ruleName: "x", foo: 1 } });
    expect(r.status).toBe(400);
    const fields = r.json.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["shieldZoneId", "foo"]));
  });

  test("auth: missing or wrong key gives UnauthorizedResult on rate-limit endpoints", async () => {
    for (const key of [false, "wrong"] as const) {
      const r = await call(emu, "PATCH", "/shield/rate-limit/101", {
        key,
        body: { ruleName: "x" },
      });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ statusCode: 401 });
    }
    expect((await call(emu, "GET", "/shield/rate-limit/101", { key: false })).status).toBe(401);
    expect((await call(emu, "GET", "/shield/rate-limit/101")).json.ruleName).toBe("api-burst");
  });
});

describe("emulator: shield event logs", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await start({ now: () => NOW });
  });
  afterAll(() => emu.close());

  test("pages through with continuation tokens until hasMoreData is false", async () => {
    const date = mmddyyyy(TODAY - DAY);
    let r = await call(emu, "GET", `/shield/event-logs/1/${date}`);
    const pages = [r.json];
    while (r.json.hasMoreData) {
      expect(r.json.continuationToken).not.toBe("");
      r = await call(
        emu,
        "GET",
        `/shield/event-logs/1/${date}/${encodeURIComponent(r.json.continuationToken)}`,
      );
      expect(r.status).toBe(200);
      pages.push(r.json);
    }
    expect(pages).toHaveLength(5);
    expect(pages[4].continuationToken).toBe("");
    const logs = pages.flatMap((p) => p.logs);
    expect(logs).toHaveLength(100);
    for (const l of logs) {
      expect(Number.isInteger(l.timestamp)).toBe(true);
      expect(l.timestamp).toBeGreaterThanOrEqual(TODAY - DAY);
      expect(l.timestamp).toBeLessThan(TODAY);
      expect(Object.keys(l.labels).sort()).toEqual(
        [
          "asn",
          "country",
          "method",
          "ruleGroup",
          "ruleId",
          "serverZone",
          "severity",
          "status",
        ].sort(),
      );
    }
    expect(new Set(logs.map((l) => l.logId)).size).toBe(100);
    // deterministic
    const again = await call(emu, "GET", `/shield/event-logs/1/${date}`);
    expect(again.json).toEqual(pages[0]);
  });

  test("today's timestamps do not lie in the future", async () => {
    const r = await call(emu, "GET", `/shield/event-logs/2/${mmddyyyy(TODAY)}`);
    expect(r.json.logs).toHaveLength(10);
    expect(r.json.hasMoreData).toBe(true);
    for (const l of r.json.logs) expect(l.timestamp).toBeLessThanOrEqual(NOW);
  });

  test("bad date format and days outside the window are rejected", async () => {
    const bad = await call(emu, "GET", "/shield/event-logs/1/2026-01-15");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe("date");
    const impossible = await call(emu, "GET", "/shield/event-logs/1/02-30-2026");
    expect(impossible.status).toBe(400);
    for (const day of [TODAY - 3 * DAY, TODAY + DAY]) {
      const old = await call(emu, "GET", `/shield/event-logs/1/${mmddyyyy(day)}`);
      expect(old.status).toBe(400);
      expect(old.json.title).toBe("invalid_datetime_window.event_logs");
      expect(old.json.errors).toEqual([{ field: "date", message: expect.any(String) }]);
    }
    expect(
      (await call(emu, "GET", `/shield/event-logs/1/${mmddyyyy(TODAY - 2 * DAY)}`)).status,
    ).toBe(200);
  });

  test("invalid token → 400; unknown zone → 200 with embedded failure; key required", async () => {
    const date = mmddyyyy(TODAY);
    const t = await call(emu, "GET", `/shield/event-logs/1/${date}/garbage`);
    expect(t.status).toBe(400);
    expect(t.json.title).toBe("invalid_continuation_token");
    const z = await call(emu, "GET", `/shield/event-logs/42/${date}`);
    expect(z.status).toBe(200);
    expect(z.json).toMatchObject({ logs: [], hasMoreData: false, continuationToken: "" });
    expect(z.json.errorResponse.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
    const a = await call(emu, "GET", `/shield/event-logs/1/${date}`, { key: false });
    expect(a.status).toBe(401);
    expect(a.json).toMatchObject({ title: "unauthorized", status: 401 });
  });
});

describe("emulator: shield zone of a pull zone", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await start({ now: () => NOW });
  });
  afterAll(() => emu.close());

  test("a mapped pull zone answers {data} (the published GetShieldZoneResponse: no error member)", async () => {
    const r = await call(emu, "GET", "/shield/shield-zone/get-by-pullzone/1");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      data: {
        shieldZoneId: 1,
        pullZoneId: 1,
        planType: 0,
        rateLimitRulesLimit: 10,
        customWafRulesLimit: 10,
        wafEnabled: true,
      },
    });
  });

  test("an unknown pull zone answers 200 {data: null, error} with the pullzone key", async () => {
    const r = await call(emu, "GET", "/shield/shield-zone/get-by-pullzone/77");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      data: null,
      error: {
        statusCode: 404,
        success: false,
        message: expect.stringContaining("77"),
        errorKey: "not_found_or_unauthorised_access.pullzone",
      },
    });
  });

  test("int32 parameter, AccessKey required", async () => {
    expect((await call(emu, "GET", "/shield/shield-zone/get-by-pullzone/2147483648")).status).toBe(
      400,
    );
    expect((await call(emu, "GET", "/shield/shield-zone/get-by-pullzone/abc")).status).toBe(400);
    const u = await call(emu, "GET", "/shield/shield-zone/get-by-pullzone/1", { key: false });
    expect(u.status).toBe(401);
    expect(u.json).toMatchObject({ status: 401, title: "unauthorized" });
  });

  test("state check: pullZoneId must be unique and an int32", async () => {
    const s = (await call(emu, "GET", "/_emulator/state", { key: false })).json;
    s.shieldZones[1].pullZoneId = 1;
    const r = await call(emu, "PUT", "/_emulator/state", { key: false, body: s });
    expect(r.status).toBe(400);
    expect(r.json.problems.join()).toMatch(
      /pullZoneId 1 is already the pull zone of shield zone 1/,
    );
    s.shieldZones[1].pullZoneId = -3;
    const r2 = await call(emu, "PUT", "/_emulator/state", { key: false, body: s });
    expect(r2.json.problems.join()).toMatch(/shieldZones\[1\]\.pullZoneId must be an int32/);
  });
});
