/**
 * Client vs emulator: `client.shieldZones` — the shield zone and its settings (read, list,
 * create, update), the defaults, the managed WAF rules, bot detection, upload scanning, API
 * guardian, custom response pages and metrics; plan gates, 409, 202 and not-found answers.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { Client, InvalidArgumentError, type ShieldZoneResponse } from "../../packages/client/src";
import {
  apiError,
  Emu,
  fault,
  getState,
  journal,
  useEmulator,
  withProfile as withEmuProfile,
} from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});
const withProfile = (...a: [Parameters<typeof withEmuProfile>[1], () => Promise<void>]) =>
  withEmuProfile(emu, ...a);

/** Polls `read` until `done` holds (a delayed write applied); fails after ~5 s. */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (done(v)) return v;
    await sleep(50);
  }
  throw new Error("the delayed write was never applied");
}

/** Settings every fixture zone has unless its fixture says otherwise (the defaults). */
const DEFAULT_SETTINGS = {
  learningMode: false,
  learningModeUntil: null,
  wafExecutionMode: 1,
  wafDisabledRules: [],
  wafLogOnlyRules: [],
  wafCustomRuleOrder: [],
  wafRequestHeaderLoggingEnabled: true,
  requestBodyLoggingEnabled: false,
  wafRequestIgnoredHeaders: [],
  wafRealtimeThreatIntelligenceEnabled: false,
  wafProfileId: null,
  wafEngineConfig: [],
  wafRequestBodyLimitAction: 1,
  wafResponseBodyLimitAction: 1,
  dDoSShieldSensitivity: 2,
  dDoSExecutionMode: 1,
  dDoSChallengeWindow: 1800,
  whitelabelResponsePages: false,
};

describe("shieldZones: read, list, mapping, defaults", () => {
  test("get: settings (defaults filled), plan and limits", async () => {
    expect(await c.shieldZones.get(1)).toEqual({
      shieldZoneId: 1,
      pullZoneId: 1,
      planType: 0,
      wafEnabled: true,
      ...DEFAULT_SETTINGS,
      rateLimitRulesLimit: 10,
      customWafRulesLimit: 10,
    });
    expect(await c.shieldZones.get(3)).toMatchObject({
      planType: 2,
      pullZoneId: 5,
      wafLogOnlyRules: ["942100"],
      dDoSShieldSensitivity: 3,
    });
  });

  test("get of an unknown zone: 404 with the ambiguous key", async () => {
    const e = await apiError(c.shieldZones.get(999));
    expect([e.status, e.errorKey, e.isAmbiguousNotFound]).toEqual([
      404,
      "not_found_or_unauthorised_access.shieldzone",
      true,
    ]);
  });

  test("getByPullZone: the existing get-by-pullzone answer", async () => {
    expect(await c.shieldZones.getByPullZone(6)).toMatchObject({ shieldZoneId: 4, planType: 3 });
    expect((await apiError(c.shieldZones.getByPullZone(8))).errorKey).toBe(
      "not_found_or_unauthorised_access.pullzone",
    );
  });

  test("list pages; listAll follows them (one request per page)", async () => {
    const first = await c.shieldZones.list(1, 3);
    expect(first.data.map((z) => z.shieldZoneId)).toEqual([1, 2, 3]);
    expect(first.page).toEqual({
      totalCount: 4,
      totalPages: 2,
      currentPage: 1,
      nextPage: 2,
      pageSize: 3,
    });
    expect((await c.shieldZones.list(2, 3)).data.map((z) => z.shieldZoneId)).toEqual([4]);
    expect((await c.shieldZones.listAll()).map((z) => [z.shieldZoneId, z.planType])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
    expect(await journal(emu, /^\/shield\/shield-zones$/)).toHaveLength(3);
  });

  test("pullZoneMapping, defaults, wafEngineConfig", async () => {
    expect(await c.shieldZones.pullZoneMapping()).toEqual([
      { shieldZoneId: 1, pullZoneId: 1 },
      { shieldZoneId: 2, pullZoneId: 4 },
      { shieldZoneId: 3, pullZoneId: 5 },
      { shieldZoneId: 4, pullZoneId: 6 },
    ]);
    // The published shape: the settings (request fields: no read-only dDoSExecutionMode)
    // under `shieldZone`, beside bot detection's and upload scanning's modes.
    const { dDoSExecutionMode: _readOnly, ...requestDefaults } = DEFAULT_SETTINGS;
    expect(await c.shieldZones.defaults()).toMatchObject({
      shieldZone: { planType: 0, wafEnabled: true, ...requestDefaults },
      botDetectionExecutionMode: 0,
      csamScanningMode: 0,
      antivirusScanningMode: 0,
    });
    expect((await c.shieldZones.defaults()).shieldZone).not.toHaveProperty("dDoSExecutionMode");
    const engine = await c.shieldZones.wafEngineConfig();
    expect(engine.map((x) => x.name)).toEqual([
      "detection_paranoia_level",
      "executing_paranoia_level",
      "blocking_paranoia_level",
      "allowed_methods",
      "allowed_http_versions",
      "allowed_request_content_type",
    ]);
    expect(engine[0].valueEncoded).toBe("1");
  });

  test("managedWafRules: a bare array of rulesets with the known rule ids", async () => {
    const sets = await c.shieldZones.managedWafRules(1);
    const ids = sets.flatMap((s) => s.ruleGroups.flatMap((g) => g.rules.map((r) => r.ruleId)));
    expect(ids).toEqual(expect.arrayContaining(["920100", "930100", "941100", "942100"]));
    expect(sets[0].ruleGroups[0]).toMatchObject({ id: 1, code: "920" });
    expect((await apiError(c.shieldZones.managedWafRules(999))).status).toBe(404);
  });

  test("a list answer without its data array is an error, not an empty list", async () => {
    await fault(emu, { method: "GET", path: "/shield/shield-zones", status: 200, body: {} });
    expect((await apiError(c.shieldZones.list())).errorKey).toBe("unexpected_response");
    await fault(emu, { method: "GET", path: "/shield/waf/rules/1", status: 200, body: {} });
    expect((await apiError(c.shieldZones.managedWafRules(1))).errorKey).toBe("unexpected_response");
  });
});

describe("shieldZones.create", () => {
  test("creates the shield zone of a pull zone without one; the answer names it", async () => {
    const res = await c.shieldZones.create({
      pullZoneId: 8,
      shieldZone: { wafExecutionMode: 0, dDoSShieldSensitivity: 3 },
      botDetectionExecutionMode: 1,
      csamScanningMode: 2,
      accessLists: { "2": 2 },
    });
    expect(res.status).toBe(200);
    const zone = (res as { zone: ShieldZoneResponse }).zone;
    expect(zone).toMatchObject({
      shieldZoneId: 100,
      pullZoneId: 8,
      planType: 0,
      wafExecutionMode: 0,
      dDoSShieldSensitivity: 3,
      wafRequestHeaderLoggingEnabled: true,
    });
    expect(await c.shieldZones.getByPullZone(8)).toMatchObject({ shieldZoneId: 100 });
    expect(await c.shieldZones.getUploadScanning(100)).toEqual({
      shieldZoneId: 100,
      isEnabled: true,
      csamScanningMode: 2,
      antivirusScanningMode: 0,
    });
    const lists = await c.accessLists.listAccessLists(100);
    expect(lists.managedLists.find((l) => l.listId === 2)).toMatchObject({
      isEnabled: true,
      action: 2,
    });
  });

  test("409 when the pull zone already has a shield zone; POST is not retried", async () => {
    const e = await apiError(c.shieldZones.create({ pullZoneId: 1 }));
    expect([e.status, e.errorKey]).toEqual([409, "already_exists.shieldzone"]);
    expect(e.message).toMatch(/pull zone 1 already has a shield zone \(1\)/);
    await fault(emu, { method: "POST", path: "/shield/shield-zone", status: 503 });
    expect((await apiError(c.shieldZones.create({ pullZoneId: 8 }))).status).toBe(503);
    expect(await journal(emu, /^\/shield\/shield-zone$/, "POST")).toHaveLength(2);
  });

  test("400 for an unknown pull zone, an unknown rule id, or a bad field", async () => {
    const e = await apiError(c.shieldZones.create({ pullZoneId: 999 }));
    expect([e.status, e.errorKey]).toEqual([400, "invalid_pullzone"]);
    const r = await apiError(
      c.shieldZones.create({ pullZoneId: 8, shieldZone: { wafDisabledRules: ["1"] } }),
    );
    expect(r.fieldErrors).toEqual([
      expect.objectContaining({ field: "shieldZone.wafDisabledRules[0]" }),
    ]);
    const f = await apiError(
      c.shieldZones.create({ pullZoneId: 8, shieldZone: { wafExecutionMode: 7 as never } }),
    );
    expect(f.status).toBe(400);
    expect(f.fieldErrors[0]).toMatchObject({ field: "shieldZone.wafExecutionMode" });
    expect(f.fieldErrors[0].message).toMatch(/0 \(Log\), 1 \(Block\)/);
  });
});

describe("shieldZones.update", () => {
  test("PATCH changes the sent settings (merge: the others stay); the answer carries them", async () => {
    const res = await c.shieldZones.update(3, {
      wafDisabledRules: ["920100", "930120"],
      whitelabelResponsePages: true,
    });
    expect(res.status).toBe(200);
    expect((res as { zone: ShieldZoneResponse }).zone).toMatchObject({
      shieldZoneId: 3,
      wafDisabledRules: ["920100", "930120"],
      wafLogOnlyRules: ["942100"],
      dDoSShieldSensitivity: 3,
    });
    const [sent] = await journal(emu, /^\/shield\/shield-zone$/, "PATCH");
    expect(sent.body).toEqual({
      shieldZoneId: 3,
      shieldZone: { wafDisabledRules: ["920100", "930120"], whitelabelResponsePages: true },
    });
    expect(await c.shieldZones.get(3)).toMatchObject({
      whitelabelResponsePages: true,
      wafLogOnlyRules: ["942100"],
    });
  });

  test("PATCH is idempotent: a 503 is retried", async () => {
    await fault(emu, { method: "PATCH", path: "/shield/shield-zone", status: 503 });
    expect((await c.shieldZones.update(1, { wafEnabled: false })).status).toBe(200);
    expect((await journal(emu, /^\/shield\/shield-zone$/, "PATCH")).map((x) => x.status)).toEqual([
      503, 200,
    ]);
    expect((await c.shieldZones.get(1)).wafEnabled).toBe(false);
  });

  test("zone-replace profile: settings not sent go back to the defaults", async () => {
    await withProfile("zone-replace", async () => {
      await c.shieldZones.update(3, { whitelabelResponsePages: true });
      expect(await c.shieldZones.get(3)).toMatchObject({
        planType: 2,
        whitelabelResponsePages: true,
        wafLogOnlyRules: [],
        dDoSShieldSensitivity: 2,
      });
    });
  });

  test("async-202: the update answers 202 AcceptedResult and is applied later", async () => {
    await withProfile({ writeDelayMs: 100 }, async () => {
      const res = await c.shieldZones.update(1, { dDoSChallengeWindow: 60 });
      expect(res).toEqual({
        status: 202,
        accepted: { location: "/shield/shield-zone/1", value: { id: 1 }, statusCode: 202 },
      });
      const z = await eventually(
        () => c.shieldZones.get(1),
        (x) => x.dDoSChallengeWindow === 60,
      );
      expect(z.dDoSChallengeWindow).toBe(60);
      const created = await c.shieldZones.create({ pullZoneId: 8 });
      expect(created.status).toBe(202);
      await eventually(
        () => c.shieldZones.pullZoneMapping(),
        (m) => m.some((x) => x.pullZoneId === 8),
      );
    });
  });

  test("unknown zone: 404 (embedded-not-found: 200 carrying the key)", async () => {
    expect((await apiError(c.shieldZones.update(999, {}))).status).toBe(404);
    await withProfile("embedded-not-found", async () => {
      const e = await apiError(c.shieldZones.update(999, {}));
      expect([e.status, e.errorKey]).toEqual([200, "not_found_or_unauthorised_access.shieldzone"]);
    });
  });
});

describe("bot detection, upload scanning, API guardian", () => {
  test("bot detection: read and write; the client adds shieldZoneId", async () => {
    expect(await c.shieldZones.getBotDetection(2)).toEqual({
      shieldZoneId: 2,
      executionMode: 0,
      requestIntegrity: { sensitivity: 1 },
      ipAddress: { sensitivity: 1 },
      browserFingerprint: { sensitivity: 1, aggression: 1, complexEnabled: false },
    });
    await c.shieldZones.updateBotDetection(2, {
      executionMode: 1,
      browserFingerprint: { aggression: 3 },
    });
    const [sent] = await journal(emu, /bot-detection/, "PATCH");
    expect(sent.body).toEqual({
      shieldZoneId: 2,
      executionMode: 1,
      browserFingerprint: { aggression: 3 },
    });
    expect(await c.shieldZones.getBotDetection(2)).toMatchObject({
      executionMode: 1,
      browserFingerprint: { sensitivity: 1, aggression: 3, complexEnabled: false },
    });
  });

  test("bot detection on the Basic plan: 403 invalid_plan_type.bot_detection (published status)", async () => {
    for (const call of [
      () => c.shieldZones.getBotDetection(1),
      () => c.shieldZones.updateBotDetection(1, { executionMode: 1 }),
    ]) {
      const e = await apiError(call());
      expect([e.status, e.errorKey]).toEqual([403, "invalid_plan_type.bot_detection"]);
      expect(e.message).toMatch(/needs the Advanced plan or above/);
      expect(e.isNotFound).toBe(false);
    }
  });

  test("profile embedded-plan-refusal: the same refusal inside a 2xx", async () => {
    await withProfile("embedded-plan-refusal", async () => {
      for (const call of [
        () => c.shieldZones.getBotDetection(1),
        () => c.shieldZones.getApiGuardian(1),
      ]) {
        const e = await apiError(call());
        expect(e.status).toBe(200);
        expect(e.errorKey).toMatch(
          /^(invalid_plan_type\.bot_detection|feature_not_available_on_plan)$/,
        );
        expect(e.message).toMatch(/plan or above/);
      }
    });
  });

  test("upload scanning on every plan", async () => {
    expect(await c.shieldZones.getUploadScanning(1)).toEqual({
      shieldZoneId: 1,
      isEnabled: false,
      csamScanningMode: 0,
      antivirusScanningMode: 0,
    });
    await c.shieldZones.updateUploadScanning(1, { isEnabled: true, antivirusScanningMode: 1 });
    expect(await c.shieldZones.getUploadScanning(1)).toMatchObject({
      isEnabled: true,
      csamScanningMode: 0,
      antivirusScanningMode: 1,
    });
  });

  test("API guardian: configuration, document (POST first, PATCH replace), endpoints", async () => {
    const g = await c.shieldZones.getApiGuardian(4);
    expect(g.configuration).toMatchObject({
      isEnabled: true,
      executionMode: 1,
      title: "Shop API",
      version: "1.4.0",
    });
    expect(g.endpoints).toHaveLength(2);
    await c.shieldZones.updateApiGuardian(3, { isEnabled: true, unmatchedPathAction: 0 });
    const doc = JSON.stringify({ openapi: "3.1.0", info: { title: "T", version: "2" }, paths: {} });
    await c.shieldZones.createApiGuardianSpec(3, { content: doc });
    expect((await c.shieldZones.getApiGuardian(3)).configuration).toMatchObject({
      isEnabled: true,
      unmatchedPathAction: 0,
      title: "T",
      version: "2",
    });
    const again = await apiError(c.shieldZones.createApiGuardianSpec(3, { content: doc }));
    expect(again.status).toBe(409);
    await c.shieldZones.updateApiGuardianSpec(3, { content: doc.replace('"2"', '"3"') });
    expect((await c.shieldZones.getApiGuardian(3)).configuration.version).toBe("3");
  });

  test("API guardian below the Business plan: 403 feature_not_available_on_plan", async () => {
    const e = await apiError(c.shieldZones.getApiGuardian(2));
    expect([e.status, e.errorKey]).toEqual([403, "feature_not_available_on_plan"]);
    expect(e.message).toMatch(/needs the Business plan or above/);
    const w = await apiError(c.shieldZones.updateApiGuardian(1, { isEnabled: true }));
    expect(w.errorKey).toBe("feature_not_available_on_plan");
  });
});

describe("custom response pages", () => {
  test("get the HTML; a page the zone lacks is undefined; put and delete", async () => {
    expect(await c.shieldZones.getCustomPage(3, "block")).toBe(
      "<html><body><h1>Blocked by shield-three</h1></body></html>",
    );
    expect(await c.shieldZones.getCustomPage(3, "challenge")).toBeUndefined();
    const html = "<html><body>Slow down ✋ &amp; retry</body></html>";
    await c.shieldZones.putCustomPage(3, "challenge", html);
    const [put] = await journal(emu, /custom-page/, "PUT");
    expect(put.body).toBe(html);
    expect(await c.shieldZones.getCustomPage(3, "challenge")).toBe(html);
    await c.shieldZones.deleteCustomPage(3, "challenge");
    expect(await c.shieldZones.getCustomPage(3, "challenge")).toBeUndefined();
    expect((await getState(emu)).shieldZones[2].customPages).toEqual({
      block: "<html><body><h1>Blocked by shield-three</h1></body></html>",
    });
  });

  test("a page answered as typed JSON: a JSON string is the page; a failure or an object is an error", async () => {
    const path = "/shield/shield-zone/3/custom-page/block";
    await fault(emu, { method: "GET", path, status: 200, body: "<p>as JSON</p>" });
    expect(await c.shieldZones.getCustomPage(3, "block")).toBe("<p>as JSON</p>");
    await fault(emu, {
      method: "GET",
      path,
      status: 200,
      body: { statusCode: 400, success: false, errorKey: "feature_not_available_on_plan" },
    });
    expect((await apiError(c.shieldZones.getCustomPage(3, "block"))).errorKey).toBe(
      "feature_not_available_on_plan",
    );
    await fault(emu, { method: "GET", path, status: 200, body: { html: "<p/>" } });
    const e = await apiError(c.shieldZones.getCustomPage(3, "block"));
    expect([e.errorKey, e.detail]).toEqual([
      "unexpected_response",
      "expected text, got a JSON object",
    ]);
  });

  test("a zone that is missing is an error, not an absent page", async () => {
    const e = await apiError(c.shieldZones.getCustomPage(999, "block"));
    expect([e.status, e.isAmbiguousNotFound]).toEqual([404, true]);
  });

  test("below the Business plan: feature_not_available_on_plan naming the plan needed", async () => {
    const e = await apiError(c.shieldZones.getCustomPage(2, "block"));
    expect([e.status, e.errorKey]).toEqual([400, "feature_not_available_on_plan"]);
    expect(e.message).toMatch(/Advanced plan .*needs the Business plan/);
    expect((await apiError(c.shieldZones.putCustomPage(1, "block", "<p/>"))).errorKey).toBe(
      "feature_not_available_on_plan",
    );
  });

  test("an unknown page type is refused before anything is sent", async () => {
    await expect(c.shieldZones.getCustomPage(3, "captcha" as never)).rejects.toThrow(
      InvalidArgumentError,
    );
    await expect(c.shieldZones.putCustomPage(3, "captcha" as never, "x")).rejects.toThrow(
      /"pageType": must be one of "block", "challenge", "ratelimit"; got "captcha"/,
    );
    expect(await journal(emu, /custom-page/)).toHaveLength(0);
  });
});

describe("metrics", () => {
  test("overview: deterministic; each total is the sum of its 28 days", async () => {
    const m = await c.shieldZones.metricsOverview(1);
    expect(await c.shieldZones.metricsOverview(1)).toEqual(m);
    const days = Object.values(m.dDoSOverviewPastTwentyEightDays ?? {});
    expect(days).toHaveLength(28);
    const sum = days.reduce((a, d) => a + (d.blockedRequests ?? 0), 0);
    expect(m.dDoS?.blockedRequests).toBe(sum);
    expect(m.overview?.wafTriggeredRules).toBe(m.waf?.totalTriggeredRules);
    expect(await c.shieldZones.metricsOverview(2)).not.toEqual(m);
  });

  test("rate-limit metrics: one entry per rule of the zone", async () => {
    const r = await c.shieldZones.rateLimitMetrics(1);
    expect(r.map((x) => x.ratelimitId)).toEqual([101, 102]);
    expect(typeof r[0].overview?.totalBreaches).toBe("number");
    expect(await c.shieldZones.rateLimitMetrics(2)).toEqual([]);
    expect((await apiError(c.shieldZones.rateLimitMetrics(999))).status).toBe(404);
  });
});
