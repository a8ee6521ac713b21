/**
 * shield.getZone, getZones, getManagedWafRules, getMetrics and getRateLimitMetrics (+ Output
 * forms) against the emulator. Fixtures: shield zones 1 (pull zone 1, Basic), 2 (pull zone 4,
 * Advanced), 3 (pull zone 5, Business: WAF log-only rule 942100, DDoS High, a custom block
 * page) and 4 (pull zone 6, Enterprise); every other setting is a new zone's: WAF on in Block
 * mode, header logging on, over-size bodies logged, DDoS Medium blocking with a 1 800 s
 * challenge window, branded pages, no engine settings of its own. The engine's defaults:
 * paranoia 1, methods GET HEAD POST OPTIONS PUT PATCH DELETE, HTTP/1.0 to HTTP/3, seven
 * content types. The managed WAF rules: one ruleset (OWASP CRS), five groups, twelve rules.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  getManagedWafRules,
  getManagedWafRulesOutput,
  getMetrics,
  getMetricsOutput,
  getRateLimitMetrics,
  getRateLimitMetricsOutput,
  getZone,
  getZoneOutput,
  getZones,
  getZonesOutput,
} from "../../packages/pulumi/src/functions/shield-zones";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { InvalidArgumentError } from "../../packages/client/src";
import { Emu, getState, journal, opts, putState, rejection, reset, settle, start } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

/** The platform's answer to GET `path` (`data` of it), read without the provider. */
async function raw(path: string): Promise<unknown> {
  const res = await fetch(`${emu.url}${path}`, { headers: { accesskey: emu.apiKey } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data?: unknown };
  return body.data ?? body;
}

const paths = async () => (await journal(emu, /^\/shield\//)).map((e) => e.path);

/** The engine's defaults as `getZone` decodes them. */
const ENGINE_DEFAULTS = {
  paranoia: { detection: 1, executing: 1, blocking: 1 },
  allowedMethods: ["GET", "HEAD", "POST", "OPTIONS", "PUT", "PATCH", "DELETE"],
  allowedHttpVersions: ["HTTP/1.0", "HTTP/1.1", "HTTP/2", "HTTP/2.0", "HTTP/3"],
  allowedContentTypes: [
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/related",
    "text/xml",
    "application/xml",
    "application/soap+xml",
    "application/json",
  ],
};

describe("shield.getZone", () => {
  test("zone 3: settings named as ShieldZone takes them, engine defaults filled in", async () => {
    const z = await getZone({ shieldZoneId: 3 }, opts(emu));
    expect(z).toMatchObject({
      shieldZoneId: 3,
      pullZoneId: 5,
      planType: "Business",
      learningMode: false,
      learningModeUntil: null,
      requestBodyLogging: false,
      customRuleOrder: [],
      whitelabelResponsePages: false,
      rateLimitRulesLimit: 50,
      customWafRulesLimit: 50,
    });
    expect(z.waf).toEqual({
      enabled: true,
      mode: "Block",
      disabledRules: [],
      logOnlyRules: ["942100"],
      realtimeThreatIntelligence: false,
      requestHeaderLogging: true,
      ignoredHeaders: [],
      requestBodyLimitAction: "Log",
      responseBodyLimitAction: "Log",
      ...ENGINE_DEFAULTS,
    });
    expect(z.ddos).toEqual({ sensitivity: "High", challengeWindow: 1800, executionMode: "Block" });
    expect(z.wafEngineConfig.map((i) => i.name)).toEqual([
      "detection_paranoia_level",
      "executing_paranoia_level",
      "blocking_paranoia_level",
      "allowed_methods",
      "allowed_http_versions",
      "allowed_request_content_type",
    ]);
    // the zone has no engine settings of its own: the engine's defaults are read (once)
    expect(await paths()).toEqual(["/shield/shield-zone/3", "/shield/waf/engine-config"]);
    // the platform's answer as it came: integers, its own names
    expect(z.settings).toEqual(await raw("/shield/shield-zone/3"));
    expect(z.settings).toMatchObject({
      planType: 2,
      dDoSShieldSensitivity: 3,
      wafExecutionMode: 1,
    });
  });

  test("engine settings of the zone's own win; with all of them, no engine-config read", async () => {
    const own = [
      { name: "detection_paranoia_level", valueEncoded: "2" },
      { name: "allowed_methods", valueEncoded: "GET  POST" },
      { name: "arg_length", valueEncoded: "400" },
    ];
    const s = await getState(emu);
    s.shieldZones.find((z) => z.id === 1)!.settings!.wafEngineConfig = own;
    await putState(emu, s);
    const partial = await getZone({ shieldZoneId: 1 }, opts(emu));
    expect(partial.waf).toMatchObject({
      paranoia: { detection: 2, executing: 1, blocking: 1 },
      allowedMethods: ["GET", "POST"],
      allowedHttpVersions: ENGINE_DEFAULTS.allowedHttpVersions,
    });
    expect(partial.wafEngineConfig).toContainEqual({ name: "arg_length", valueEncoded: "400" });
    expect(await paths()).toEqual(["/shield/shield-zone/1", "/shield/waf/engine-config"]);

    await reset(emu);
    const s2 = await getState(emu);
    s2.shieldZones.find((z) => z.id === 1)!.settings!.wafEngineConfig = [
      { name: "detection_paranoia_level", valueEncoded: "2" },
      { name: "executing_paranoia_level", valueEncoded: "3" },
      { name: "blocking_paranoia_level", valueEncoded: "4" },
      { name: "allowed_methods", valueEncoded: "GET" },
      { name: "allowed_http_versions", valueEncoded: "HTTP/2" },
      { name: "allowed_request_content_type", valueEncoded: "|application/json| |text/csv|" },
    ];
    await putState(emu, s2);
    const z = await getZone({ shieldZoneId: 1 }, opts(emu));
    expect(z.waf).toMatchObject({
      paranoia: { detection: 2, executing: 3, blocking: 4 },
      allowedMethods: ["GET"],
      allowedHttpVersions: ["HTTP/2"],
      allowedContentTypes: ["application/json", "text/csv"],
    });
    expect(z.planType).toBe("Basic");
    expect(await paths()).toEqual(["/shield/shield-zone/1"]);
  });

  test("by pullZoneId: resolves the shield zone first; Output form", async () => {
    const z = await getZone({ pullZoneId: 4 }, opts(emu));
    expect(z).toMatchObject({ shieldZoneId: 2, pullZoneId: 4, planType: "Advanced" });
    expect((await paths())[0]).toBe("/shield/shield-zone/get-by-pullzone/4");
    const { value } = await settle(getZoneOutput({ pullZoneId: pulumi.output(5) }, opts(emu)));
    expect(value.waf.logOnlyRules).toEqual(["942100"]);
  });
});

describe("shield.getZones", () => {
  test("every zone, each as getZone gives it, and the pull-zone mapping", async () => {
    const r = await getZones({}, opts(emu));
    expect(r.zones.map((z) => [z.shieldZoneId, z.pullZoneId, z.planType])).toEqual([
      [1, 1, "Basic"],
      [2, 4, "Advanced"],
      [3, 5, "Business"],
      [4, 6, "Enterprise"],
    ]);
    expect(r.zones[2]).toEqual(await getZone({ shieldZoneId: 3 }, opts(emu)));
    expect(r.pullZoneMapping).toEqual([
      { shieldZoneId: 1, pullZoneId: 1 },
      { shieldZoneId: 2, pullZoneId: 4 },
      { shieldZoneId: 3, pullZoneId: 5 },
      { shieldZoneId: 4, pullZoneId: 6 },
    ]);
  });

  test("all pages; the engine's defaults read once for all zones; no arguments", async () => {
    const s = await getState(emu);
    for (let i = 0; i < 130; i++) s.shieldZones.push({ id: 1000 + i, name: `bulk-${i}` });
    await putState(emu, s);
    const r = await getZones(undefined, opts(emu));
    expect(r.zones).toHaveLength(134);
    expect(new Set(r.zones.map((z) => z.shieldZoneId)).size).toBe(134);
    const p = await paths();
    expect(p.filter((x) => x === "/shield/shield-zones").length).toBeGreaterThan(1);
    expect(p.filter((x) => x === "/shield/waf/engine-config")).toHaveLength(1);
    const { value } = await settle(getZonesOutput({}, opts(emu)));
    expect(value.zones).toHaveLength(134);
  });
});

describe("shield.getManagedWafRules", () => {
  test("the rulesets as listed, and every rule id once", async () => {
    const r = await getManagedWafRules({ shieldZoneId: 1 }, opts(emu));
    expect(r.shieldZoneId).toBe(1);
    expect(r.rulesets).toEqual(await raw("/shield/waf/rules/1"));
    expect(r.rulesets.map((s) => [s.name, s.ruleset, s.ruleGroups.map((g) => g.code)])).toEqual([
      ["OWASP Core Rule Set", "owasp-crs-4", ["920", "930", "932", "941", "942"]],
    ]);
    expect(r.ruleIds).toEqual([
      "920100",
      "920170",
      "920280",
      "920350",
      "930100",
      "930120",
      "932100",
      "932160",
      "941100",
      "941110",
      "942100",
      "942200",
    ]);
  });

  test("by pullZoneId, and the Output form", async () => {
    const r = await getManagedWafRules({ pullZoneId: 5 }, opts(emu));
    expect(r).toMatchObject({ shieldZoneId: 3, pullZoneId: 5 });
    const { value } = await settle(
      getManagedWafRulesOutput({ shieldZoneId: pulumi.output(3) }, opts(emu)),
    );
    expect(value.ruleIds).toHaveLength(12);
  });
});

describe("shield.getMetrics and shield.getRateLimitMetrics", () => {
  test("the overview as the platform gives it", async () => {
    const r = await getMetrics({ shieldZoneId: 1 }, opts(emu));
    expect(r).toEqual({ shieldZoneId: 1, metrics: await raw("/shield/metrics/overview/1") });
    const { value } = await settle(getMetricsOutput({ pullZoneId: pulumi.output(1) }, opts(emu)));
    expect(value).toMatchObject({ shieldZoneId: 1, pullZoneId: 1 });
  });

  test("one line per rate-limit rule of the zone", async () => {
    const r = await getRateLimitMetrics({ pullZoneId: 1 }, opts(emu));
    expect(r.shieldZoneId).toBe(1);
    expect(r.rules).toEqual(await raw("/shield/metrics/rate-limits/1"));
    expect(r.rules.map((x) => x.ratelimitId).sort()).toEqual([101, 102]);
    const { value } = await settle(getRateLimitMetricsOutput({ shieldZoneId: 1 }, opts(emu)));
    expect(value.rules).toHaveLength(2);
  });
});

describe("bad input, checked before any call", () => {
  const zoneSources = [
    [getZone, "getZone"],
    [getManagedWafRules, "getManagedWafRules"],
    [getMetrics, "getMetrics"],
    [getRateLimitMetrics, "getRateLimitMetrics"],
  ] as const;

  test.each([
    [{}, /"shieldZoneId": one of `shieldZoneId` or `pullZoneId` is required/],
    [{ shieldZoneId: 1, pullZoneId: 1 }, /"pullZoneId": give exactly one of/],
    [{ shieldZoneId: 0 }, /"shieldZoneId": must be an integer from 1/],
    [{ shieldZoneId: "x" }, /"shieldZoneId"/],
    [{ pullZoneId: 1.5 }, /"pullZoneId"/],
    [{ shieldZoneId: 1, zone: 1 }, /"zone"/],
  ])("%p", async (args, msg) => {
    for (const [get, op] of zoneSources) {
      const e = await rejection(get(args as never, opts(emu)));
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.message).toMatch(new RegExp(`^edgeplatform: shield\\.${op}: invalid argument `));
      expect(e.message).toMatch(msg);
    }
    expect(await journal(emu, /^\/shield\//)).toHaveLength(0);
  });

  test("getZones takes no arguments", async () => {
    const e = await rejection(getZones({ shieldZoneId: 1 } as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/^edgeplatform: shield\.getZones: invalid argument "shieldZoneId"/);
    expect(await journal(emu, /^\/shield\//)).toHaveLength(0);
  });

  test("unknown shield or pull zone: the platform error surfaces", async () => {
    for (const [get] of zoneSources) {
      expect((await rejection(get({ shieldZoneId: 999 }, opts(emu)))).name).toBe("EdgeApiError");
      expect((await rejection(get({ pullZoneId: 999 }, opts(emu)))).name).toBe("EdgeApiError");
    }
  });
});
