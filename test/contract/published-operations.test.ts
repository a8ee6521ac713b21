/**
 * The Shield operations the client gained last, held against the platform's published
 * document ("Bunny Shield API" v1, updated 2026-07-31; transcribed in
 * ./published-shield-operations.ts): every request body the client sends (the emulator's
 * journal) against the published request schema, and every emulator answer against the
 * published response shape (`additionalProperties: false` as published). Fixtures: shield
 * zone 1 (pull zone 1, Basic, event logs), 3 (Business), 4 (Enterprise); pull zone 8 has no
 * shield zone; rate-limit rule 101 in zone 1.
 */
import Ajv from "ajv";
import type { TSchema } from "@sinclair/typebox";
import { Client } from "../../packages/client/src";
import { startPlatform, type JournalEntry, type TestPlatform } from "../provider/helpers";
import * as P from "./published-shield-operations";

const ajv = new Ajv({ allErrors: true, strict: false });
const writes = P.PUBLISHED_NEW_WRITES.map((w) => ({ ...w, check: ajv.compile(w.schema) }));

/** Each journaled write with a published request schema checked: the problems and the ops seen. */
function conformance(entries: JournalEntry[]): { problems: string[]; ops: Set<string> } {
  const problems: string[] = [];
  const ops = new Set<string>();
  for (const e of entries) {
    if (e.method === "GET" || e.method === "DELETE") continue;
    const w = writes.find((v) => v.method === e.method && v.path.test(e.path));
    if (!w) continue; // a write of another operation (held by published-requests.test.ts)
    ops.add(w.op);
    if (!w.check(e.body))
      for (const err of w.check.errors ?? [])
        problems.push(`${e.method} ${e.path} (${w.op}) ${err.instancePath || "/"} ${err.message}`);
  }
  return { problems, ops };
}

/** The problems of an answer against a published response schema (none: `[]`). */
function shapeProblems(schema: TSchema, body: unknown): string[] {
  const check = ajv.compile(schema);
  return check(body)
    ? []
    : (check.errors ?? []).map(
        (e) =>
          `${e.instancePath || "/"} ${e.message}` +
          (e.params && "additionalProperty" in e.params
            ? ` "${String(e.params.additionalProperty)}"`
            : ""),
      );
}

let t: TestPlatform;
let client: Client;
beforeAll(async () => {
  t = await startPlatform();
  client = new Client({ apiKey: t.emu.apiKey, baseUrl: t.emu.url });
});
afterAll(async () => {
  client.close();
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  await t.clearJournal();
});

const raw = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${t.emu.url}${path}`, {
    method,
    headers: {
      AccessKey: t.emu.apiKey,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", text };
};
const json = async (method: string, path: string, body?: unknown) => {
  const r = await raw(method, path, body);
  expect(r.status).toBe(200);
  return JSON.parse(r.text) as unknown;
};

const DOC = JSON.stringify({
  openapi: "3.0.0",
  info: { title: "shop", version: "1" },
  paths: { "/orders": { get: {}, post: {} } },
});

test("the transcription refuses what the document refuses (an unknown field, a missing required one, a value outside an enumeration)", () => {
  const bot = ajv.compile(P.UpdateBotCategorizationConfigurationRequest);
  expect(bot({ action: 1 })).toBe(true);
  expect(bot({})).toBe(false);
  expect(bot({ action: 9 })).toBe(false);
  const ua = ajv.compile(P.CreateUnderAttackShieldZoneRequest);
  expect(ua({ pullZoneId: 8, planType: 0 })).toBe(true);
  expect(ua({ pullZoneId: 8 })).toBe(false);
  expect(ua({ pullZoneId: 8, planType: 0, shieldZone: {} })).toBe(false);
});

test("every request body of the new client methods is a published request", async () => {
  const now = Date.now();
  await client.shieldBots.setBotAction(1, 3, 1);
  await client.shieldBots.setCategoryAction(1, 2, 2);
  await client.shieldZoneActions.underAttack({ pullZoneId: 8, planType: 1 });
  await client.shieldZones.createApiGuardianSpec(3, { content: DOC });
  await client.shieldZoneActions.updateApiGuardianEndpoint(3, 3001, {
    detectParameterSqli: true,
    rateLimitingEnabled: true,
    rateLimitingType: "IP",
    rateLimitingRequestCount: 50,
    rateLimitingTimeframe: 60,
    injectionDetectionParameters: { Query: ["q"] },
  });
  const window = { from: now - 24 * 3_600_000, to: now };
  await client.shieldEvents.search(1, {
    ...window,
    query: "",
    filters: [{ field: "country", op: "in", value: ["DE", "US"] }],
    groupBy: ["ruleId"],
    buckets: 12,
    page: 0,
    pageSize: 10,
  });
  await client.shieldEvents.export(1, {
    ...window,
    filters: [{ field: "action", op: "eq", value: ["block"] }],
  });
  await client.wafReview.review(1, { ruleId: "920100", action: 1 });
  const rule = await client.waf.createCustomWafRule({
    shieldZoneId: 4,
    ruleName: "r",
    ruleConfiguration: { actionType: 1, variableTypes: { REQUEST_URI: "/admin" }, operatorType: 0 },
  } as never);
  const id = rule.status === 200 ? rule.rule.id : 0;
  await client.shieldZoneActions.replaceCustomWafRule(id, {
    ruleName: "r2",
    ruleDescription: "replaced",
    ruleConfiguration: {
      actionType: 2,
      variableTypes: { REQUEST_URI: "/admin" },
      operatorType: 0,
      value: "/admin",
    },
  } as never);
  const { problems, ops } = conformance(await t.journal());
  expect(problems).toEqual([]);
  expect([...ops].sort()).toEqual([
    "CreateShieldZoneUnderAttack",
    "ExportEventLogs",
    "SearchEventLogs",
    "SetBotCategorizationAction",
    "SetBotCategoryAction",
    "UpdateApiGuardianEndpoint",
    "UpdateCustomWafRule",
    "UpdateTriggeredWafRule",
  ]);
});

test("every answer of the new emulator routes has the published response shape", async () => {
  const now = Date.now();
  const window = { from: now - 24 * 3_600_000, to: now };
  await client.shieldZones.createApiGuardianSpec(3, { content: DOC });
  const cases: [string, TSchema, string, string, unknown?][] = [
    [
      "bot list",
      P.BotCategorizationListResponse,
      "GET",
      "/shield/shield-zone/1/bot-categorization",
    ],
    [
      "bot PUT",
      P.UpdateBotCategorizationConfigurationResponse,
      "PUT",
      "/shield/shield-zone/1/bot-categorization/bots/1",
      { action: 1 },
    ],
    [
      "category PUT",
      P.UpdateBotCategoryConfigurationResponse,
      "PUT",
      "/shield/shield-zone/1/bot-categorization/categories/1",
      { action: 1 },
    ],
    [
      "endpoint PATCH",
      P.UpdateApiGuardianEndpointResponse,
      "PATCH",
      "/shield/shield-zone/3/api-guardian/endpoint/3002",
      { isEnabled: false },
    ],
    [
      "search rows",
      P.EventLogsSearchResponse,
      "POST",
      "/shield/event-logs/1/search",
      { ...window, pageSize: 5 },
    ],
    [
      "search groups",
      P.EventLogsSearchResponse,
      "POST",
      "/shield/event-logs/1/search",
      { ...window, groupBy: ["country", "action"], buckets: 4 },
    ],
    [
      "overages",
      P.ShieldZoneMonthlyOveragesResult,
      "GET",
      "/shield/metrics/overages/1?year=2026&month=2",
    ],
    [
      "detailed",
      P.ShieldOverviewMetrics,
      "GET",
      "/shield/metrics/overview/1/detailed?Resolution=4",
    ],
    ["rate-limit", P.GetRatelimitMetricsResponse, "GET", "/shield/metrics/rate-limit/101"],
    [
      "WAF rule",
      P.GetWafRuleMetricsResponse,
      "GET",
      "/shield/metrics/shield-zone/1/waf-rule/942100",
    ],
    [
      "bot detection",
      P.GetShieldZoneBotDetectionMetricsResponse,
      "GET",
      "/shield/metrics/shield-zone/1/bot-detection",
    ],
    [
      "upload scanning",
      P.GetShieldZoneUploadScanningMetricsResponse,
      "GET",
      "/shield/metrics/shield-zone/1/upload-scanning",
    ],
    [
      "API guardian",
      P.GetApiGuardianMetricsResponse,
      "GET",
      "/shield/metrics/shield-zone/3/api-guardian",
    ],
    [
      "endpoint metrics",
      P.GetApiGuardianMetricsResponse,
      "GET",
      "/shield/metrics/shield-zone/3/api-guardian/endpoint/3001",
    ],
    [
      "under attack",
      P.CreateShieldZoneResponse,
      "POST",
      "/shield/shield-zone/under-attack",
      { pullZoneId: 8, planType: 0 },
    ],
    ["triggered", P.GetTriggeredRulesResponse, "GET", "/shield/waf/rules/review-triggered/1"],
    [
      "review",
      P.UpdateReviewTriggeredRuleResponse,
      "POST",
      "/shield/waf/rules/review-triggered/1",
      { ruleId: "941100", action: 0 },
    ],
    [
      "recommendation",
      P.TriggeredRuleRecommendationResponse,
      "GET",
      "/shield/waf/rules/review-triggered/ai-recommendation/1/942100",
    ],
    ["profiles", P.GetWafProfilesResponse, "GET", "/shield/waf/profiles"],
    ["WAF enums", P.GetWafEnumsResponse, "GET", "/shield/waf/enums"],
    ["DDoS enums", P.GetWafEnumsResponse, "GET", "/shield/ddos/enums"],
    [
      "rules by plan",
      P.GetWafRulesSegmentedByPlanResponse,
      "GET",
      "/shield/waf/rules/plan-segmentation",
    ],
    ["access-list enums", P.EnumMapsResponse, "GET", "/shield/shield-zone/1/access-lists/enums"],
    ["API guardian enums", P.EnumMapsResponse, "GET", "/shield/shield-zone/1/api-guardian/enums"],
  ];
  const problems: string[] = [];
  for (const [what, schema, method, path, body] of cases)
    for (const p of shapeProblems(schema, await json(method, path, body)))
      problems.push(`${what}: ${p}`);
  expect(problems).toEqual([]);
});

test("the export answers CSV (the published text/csv), one line per event and a header", async () => {
  const now = Date.now();
  const r = await raw("POST", "/shield/event-logs/1/export", {
    from: now - 3_600_000 * 24,
    to: now,
  });
  expect(r.status).toBe(200);
  expect(r.type).toMatch(/^text\/csv/);
  const lines = r.text.trim().split("\n");
  expect(lines[0]).toBe("timestamp,logId,feature,ruleId,action,country,asn,url,log");
  const search = (await json("POST", "/shield/event-logs/1/search", {
    from: now - 3_600_000 * 24,
    to: now,
    pageSize: 1,
  })) as { total: number };
  expect(lines.length - 1).toBe(search.total);
});
