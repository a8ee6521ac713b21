/**
 * Every Shield write body the client sends, held against the request schemas of the
 * platform's published OpenAPI document (transcribed in ./published-shield-requests.ts:
 * "Bunny Shield API" v1, updated 2026-07-31, `additionalProperties: false` as published).
 * The writes are made the way users make them (the dynamic providers of ShieldZone,
 * BotDetection, UploadScanning, ApiGuardian, RateLimitRule, WafRule, AccessList and
 * ManagedAccessList, plus direct client calls) against the in-process emulator; the bodies
 * are the emulator's journal. Fixtures: shield zone 1 (pull zone 1, Basic), 3 (Business),
 * 4 (Enterprise); pull zone 8 has no shield zone; managed list 3 in zone 1.
 */
import Ajv from "ajv";
import { Client } from "../../packages/client/src";
import { storeDocument } from "../../packages/pulumi/src/resources/public/api-guardian-documents";
import {
  checkAccessList,
  accessListProvider as al,
} from "../../packages/pulumi/src/resources/kinds/collections/access-list-provider";
import {
  checkManagedAccessList,
  managedAccessListProvider as mal,
} from "../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { checkRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check";
import { rateLimitRuleProvider as rl } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import {
  checkWafRule,
  wafRuleProvider as waf,
} from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { apiGuardianProvider as api } from "../../packages/pulumi/src/resources/kinds/settings/api-guardian";
import { botDetectionProvider as bot } from "../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { uploadScanningProvider as scan } from "../../packages/pulumi/src/resources/kinds/settings/upload-scanning";
import { startPlatform, type JournalEntry, type TestPlatform } from "../provider/helpers";
import { sampleRuleConfiguration } from "../support/fixtures";
import {
  GetShieldZoneDefaultsResponse,
  PUBLISHED_WRITES,
  UpdateShieldZoneRequest,
} from "./published-shield-requests";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const ajv = new Ajv({ allErrors: true });
const validators = PUBLISHED_WRITES.map((w) => ({ ...w, check: ajv.compile(w.schema) }));

/**
 * Each journaled write checked against its published request schema: the problems (a write
 * with a JSON body whose route the document lacks is one too), and the operations seen.
 */
function conformance(entries: JournalEntry[]): { problems: string[]; ops: Set<string> } {
  const problems: string[] = [];
  const ops = new Set<string>();
  for (const e of entries) {
    if (e.method === "GET" || e.method === "DELETE") continue;
    if (/\/custom-page\//.test(e.path)) continue; // the body is HTML, not JSON
    const w = validators.find((v) => v.method === e.method && v.path.test(e.path));
    if (!w) {
      problems.push(`${e.method} ${e.path}: no published request schema`);
      continue;
    }
    ops.add(w.op);
    if (!w.check(e.body))
      for (const err of w.check.errors ?? [])
        problems.push(
          `${e.method} ${e.path} (${w.op}) ${err.instancePath || "/"} ${err.message}` +
            (err.params && "additionalProperty" in err.params
              ? ` "${String(err.params.additionalProperty)}"`
              : ""),
        );
  }
  return { problems, ops };
}

let t: TestPlatform;
beforeAll(async () => void (t = await startPlatform()));
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  await t.clearJournal();
});

const checked = (p: { checkSync?: Any; check?: Any }, news: Record<string, unknown>): Any => {
  const r = p.checkSync({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const checkedWith = (f: (o: unknown, n: unknown) => Any, news: object, olds: object = {}) => {
  const r = f(olds, news);
  expect(r.failures ?? []).toEqual([]);
  return r.inputs;
};

test("the transcription refuses what the published document refuses (a zone PATCH with dDoSExecutionMode, an unknown field)", () => {
  const check = ajv.compile(UpdateShieldZoneRequest);
  expect(check({ shieldZoneId: 1, shieldZone: { dDoSShieldSensitivity: 2 } })).toBe(true);
  expect(check({ shieldZoneId: 1, shieldZone: { dDoSExecutionMode: 1 } })).toBe(false);
  expect(check({ shieldZoneId: 1, shieldZone: {}, extra: 1 })).toBe(false);
  expect(check({ shieldZone: {} })).toBe(false); // shieldZoneId is required
});

test("ShieldZone (adopt, change, update, destroy; create for a pull zone without one): every POST and PATCH body is a published request", async () => {
  const c = await sz.create(
    checked(sz, { shieldZoneId: 1, waf: { mode: "Log" }, ddos: { sensitivity: "High" } }),
  );
  const u = await sz.update(
    c.id,
    c.outs as Any,
    checked(sz, {
      shieldZoneId: 1,
      waf: { mode: "Log", paranoia: { detection: 2 } },
      whitelabelResponsePages: true,
    }),
  );
  await sz.delete(c.id, u.outs as Any);
  const n = await sz.create(checked(sz, { pullZoneId: 8, waf: { mode: "Log" } }));
  await sz.delete(n.id, n.outs as Any);
  const { problems, ops } = conformance(await t.journal());
  expect(problems).toEqual([]);
  expect([...ops].sort()).toEqual(["CreateShieldZone", "UpdateShieldZone"]);
});

test("the client's own zone create (every published field) and update: published requests", async () => {
  const client = new Client({ apiKey: t.emu.apiKey, baseUrl: t.emu.url });
  try {
    const res = await client.shieldZones.create({
      pullZoneId: 8,
      shieldZone: { wafExecutionMode: 0, dDoSShieldSensitivity: 3, dDoSChallengeWindow: 600 },
      accessLists: { "3": 2 },
      botDetectionExecutionMode: 1,
      csamScanningMode: 1,
      antivirusScanningMode: 2,
    });
    expect(res.status).toBe(200);
    const id = res.status === 200 ? res.zone.shieldZoneId : 0;
    await client.shieldZones.update(id, { wafEnabled: false, learningModeUntil: null });
  } finally {
    client.close();
  }
  const { problems, ops } = conformance(await t.journal());
  expect(problems).toEqual([]);
  expect([...ops].sort()).toEqual(["CreateShieldZone", "UpdateShieldZone"]);
});

test("BotDetection, UploadScanning, ApiGuardian (configuration and document): published requests", async () => {
  const b = await bot.create(
    checked(bot, {
      shieldZoneId: 4,
      executionMode: "Challenge",
      browserFingerprint: { aggression: "High", complexEnabled: true },
    }),
  );
  await bot.delete(b.id, b.outs as Any);
  const s = await scan.create(
    checked(scan, { shieldZoneId: 4, enabled: true, csamScanningMode: "Log" }),
  );
  await scan.delete(s.id, s.outs as Any);
  const doc = `{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{}}`;
  const a = await api.create(
    checked(api, { shieldZoneId: 3, enabled: true, specHash: storeDocument(doc) }),
  );
  const au = await api.update(
    a.id,
    a.outs as Any,
    checked(api, {
      shieldZoneId: 3,
      enabled: true,
      specHash: storeDocument(doc.replace('"1"', '"2"')),
    }),
  );
  await api.delete(a.id, au.outs as Any);
  const { problems, ops } = conformance(await t.journal());
  expect(problems).toEqual([]);
  expect([...ops].sort()).toEqual([
    "UpdateApiGuardian",
    "UpdateBotDetection",
    "UpdateOpenApiSpecification",
    "UpdateUploadScanning",
    "UploadOpenApiSpecification",
  ]);
});

test("RateLimitRule, WafRule, AccessList, ManagedAccessList (create, update, destroy): published requests", async () => {
  const rIn = checkedWith(checkRateLimitRule, {
    shieldZoneId: 1,
    ruleName: "contract-limit",
    ruleDescription: "d",
    ruleConfiguration: sampleRuleConfiguration({ path: "/contract" }),
  });
  const r = await rl.create(rIn);
  const rNew = checkedWith(
    checkRateLimitRule,
    {
      shieldZoneId: 1,
      ruleName: "contract-limit",
      ruleDescription: "d2",
      ruleConfiguration: sampleRuleConfiguration({ path: "/contract", requestCount: 70 }),
    },
    rIn,
  );
  const ru = await rl.update(r.id, r.outs as Any, rNew);
  await rl.delete(r.id, ru.outs as Any);

  const config = {
    actionType: "Block",
    variableTypes: { REQUEST_URI: "/admin" },
    operatorType: "BEGINSWITH",
  };
  const wIn = checkedWith(checkWafRule, {
    shieldZoneId: 4,
    ruleName: "c",
    ruleConfiguration: config,
  });
  const w = await waf.create(wIn);
  const wNew = checkedWith(
    checkWafRule,
    { shieldZoneId: 4, ruleName: "c2", ruleConfiguration: { ...config, value: "/admin" } },
    wIn,
  );
  const wu = await waf.update(w.id, w.outs as Any, wNew);
  await waf.delete(w.id, wu.outs as Any);

  const lIn = checkedWith(checkAccessList, {
    shieldZoneId: 4,
    name: "contract",
    type: "CIDR",
    entries: ["192.0.2.0/24"],
  });
  const l = await al.create(lIn);
  const lNew = checkedWith(
    checkAccessList,
    {
      shieldZoneId: 4,
      name: "contract",
      type: "CIDR",
      entries: ["198.51.100.0/24"],
      enabled: false,
    },
    lIn,
  );
  const lu = await al.update(l.id, l.outs as Any, lNew);
  await al.delete(l.id, lu.outs as Any);

  const m = await mal.create(
    checkedWith(checkManagedAccessList, { shieldZoneId: 1, listId: 3, enabled: true }),
  );
  await mal.delete(m.id, m.outs as Any);

  const { problems, ops } = conformance(await t.journal());
  expect(problems).toEqual([]);
  expect([...ops].sort()).toEqual([
    "CreateCustomAccessList",
    "CreateCustomWafRule",
    "CreateRateLimit",
    "UpdateAccessListConfiguration",
    "UpdateCustomAccessList",
    "UpdateCustomWafRule",
    "UpdateRateLimit",
  ]);
});

test("the emulator takes the published zone PATCH (shieldZone.shieldZoneId, the deprecated premiumPlan) and refuses what it lacks (dDoSExecutionMode) with a 400 naming the field", async () => {
  const patch = (shieldZone: object) =>
    fetch(`${t.emu.url}/shield/shield-zone`, {
      method: "PATCH",
      headers: { AccessKey: t.emu.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ shieldZoneId: 1, shieldZone }),
    });
  const ok = await patch({ shieldZoneId: 1, premiumPlan: null, dDoSShieldSensitivity: 3 });
  expect(ok.status).toBe(200);
  const s = await t.state();
  expect(s.shieldZones.find((z) => z.id === 1)!.settings).toMatchObject({
    dDoSShieldSensitivity: 3,
  });
  expect(s.shieldZones.find((z) => z.id === 1)!.settings).not.toHaveProperty("premiumPlan");
  const bad = await patch({ dDoSExecutionMode: 0 });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("dDoSExecutionMode");
  expect(s.shieldZones.find((z) => z.id === 1)!.settings!.dDoSExecutionMode).toBe(
    (await t.state()).shieldZones.find((z) => z.id === 1)!.settings!.dDoSExecutionMode,
  );
});

test("GET /shield/shield-zone/defaults answers the published ShieldZoneDefaults; the client reads the settings under shieldZone", async () => {
  const res = await fetch(`${t.emu.url}/shield/shield-zone/defaults`, {
    headers: { AccessKey: t.emu.apiKey },
  });
  const body = await res.json();
  const check = ajv.compile(GetShieldZoneDefaultsResponse);
  expect([check(body), check.errors ?? []]).toEqual([true, []]);
  const client = new Client({ apiKey: t.emu.apiKey, baseUrl: t.emu.url });
  try {
    const d = await client.shieldZones.defaults();
    // A new zone (the emulator's fixtures document them): Basic, WAF on, DDoS Medium.
    expect(d.shieldZone).toMatchObject({ planType: 0, wafEnabled: true, dDoSShieldSensitivity: 2 });
    expect(d.shieldZone).not.toHaveProperty("dDoSExecutionMode");
    expect(d.botDetectionExecutionMode).toBe(0);
    expect(d.accessLists?.map((l) => l.listId)).toEqual(
      (await t.state()).managedAccessLists.map((m) => m.listId),
    );
  } finally {
    client.close();
  }
});

test("the emulator takes the published nulls of a zone write (a nullable field sent as null is not changed)", async () => {
  const before = (await t.state()).shieldZones.find((z) => z.id === 1)!;
  const res = await fetch(`${t.emu.url}/shield/shield-zone`, {
    method: "PATCH",
    headers: { AccessKey: t.emu.apiKey, "content-type": "application/json" },
    body: JSON.stringify({
      shieldZoneId: 1,
      shieldZone: {
        wafEnabled: null,
        learningMode: null,
        wafDisabledRules: null,
        wafEngineConfig: null,
        dDoSChallengeWindow: null,
        whitelabelResponsePages: null,
        dDoSShieldSensitivity: 4,
      },
    }),
  });
  expect(res.status).toBe(200);
  const after = (await t.state()).shieldZones.find((z) => z.id === 1)!;
  expect(after.settings).toEqual({ ...before.settings, dDoSShieldSensitivity: 4 });
  expect(after.wafEnabled).toEqual(before.wafEnabled);
});
