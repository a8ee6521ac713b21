/**
 * The settings resources (ShieldZone, BotDetection, UploadScanning, ApiGuardian,
 * ResponsePage) through their dynamic providers against the in-process emulator, under
 * EVERY behaviour profile (zone-replace: a zone PATCH resets what it does not send;
 * async-202: the zone PATCH is applied later). Fixtures: shield zone 1 (pull zone 1, Basic), 2 (pull zone 4, Advanced),
 * 3 (pull zone 5, Business), 4 (pull zone 6, Enterprise); pull zone 8 has no shield zone.
 * Expected values come from the emulator's state before the step (the scenario), never from
 * the provider's own functions; after each destroy the state equals the state before.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import {
  EmulatorControl,
  PROFILES,
  startEmulator,
  type EmulatorState,
  type ProfileName,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { storeDocument } from "../../packages/pulumi/src/resources/public/api-guardian-documents";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import { apiGuardianProvider as api } from "../../packages/pulumi/src/resources/kinds/settings/api-guardian";
import { botDetectionProvider as bot } from "../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { responsePageProvider as page } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { uploadScanningProvider as scan } from "../../packages/pulumi/src/resources/kinds/settings/upload-scanning";
import { stackConfig } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];

/**
 * JSON-comparable copy of a state; a zone's plan fields as the platform answers them (a
 * fixture without `planType`/`wafEnabled` is Basic with the WAF on).
 */
const canonical = (s: EmulatorState): Any => {
  const c = JSON.parse(JSON.stringify(s));
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  return c;
};
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);

/** The inputs as `check` returns them (failures fail the test). */
function checked(p: { checkSync(o: unknown, n: unknown): Any }, news: Record<string, unknown>) {
  const r = p.checkSync({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection");
}

/** A new run of the provider process (destroy runs in its own `pulumi destroy`). */
const newRun = () => resetRunState();

// The provider's log lines are kept for assertions, not printed.
const logs: string[] = [];
const realWrite = process.stderr.write.bind(process.stderr);
jest.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
  const text = String(chunk);
  if (text.startsWith("edgeplatform: ")) {
    logs.push(text.trim());
    return true;
  }
  return realWrite(chunk as string, ...rest);
}) as typeof process.stderr.write);

describe.each(PROFILE_NAMES)("profile %s", (profile) => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  const saved = { ...timing };
  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      profile: (profile === "async-202" ? { name: profile, writeDelayMs: 60 } : profile) as never,
    });
    ctl = new EmulatorControl(emu.url);
    Object.assign(timing, { readBackMs: 5_000, readBackStepMs: 20 });
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
    );
  });
  afterAll(async () => {
    Object.assign(timing, saved);
    resetSettings();
    await emu.close();
  });
  beforeEach(async () => {
    await ctl.reset();
    await ctl.clearJournal();
    resetRunState();
    logs.length = 0;
  });
  const writes = async () => (await ctl.journal()).filter((e) => e.method !== "GET");
  /** Waits until the emulator has applied accepted writes (async-202), then reads the state. */
  const settled = async () => {
    if (profile === "async-202") await new Promise((r) => setTimeout(r, 150));
    return ctl.state();
  };

  test("ShieldZone adopts zone 1 and changes one WAF setting: the PATCH is the zone merged, nothing else changes; drift by field; a dropped field is restored; destroy restores everything", async () => {
    const before = await ctl.state();
    const z = zoneOf(before, 1);
    const mode = z.settings.wafExecutionMode as number; // 1 Block in the fixtures
    const want = mode === 1 ? "Log" : "Block";
    const wantInt = mode === 1 ? 0 : 1;
    const c = await sz.create(checked(sz, { shieldZoneId: 1, waf: { mode: want } }));
    expect(c.id).toBe("1");
    const w = await writes();
    expect(w.map((e) => `${e.method} ${e.path}`)).toEqual(["PATCH /shield/shield-zone"]);
    // The body: every setting of the zone as it was, the one change over it.
    const body = (w[0].body as Any).shieldZone;
    expect(body.wafExecutionMode).toBe(wantInt);
    // (dDoSExecutionMode is read-only: not in the published ShieldZoneRequest, never sent.)
    for (const [k, v] of Object.entries(z.settings))
      if (k !== "wafExecutionMode" && k !== "dDoSExecutionMode")
        expect([k, body[k]]).toEqual([k, v]);
    expect(body).not.toHaveProperty("dDoSExecutionMode");
    expect(body).not.toHaveProperty("planType"); // not managed: not sent (a plan change may be billed)
    expect(body.wafEnabled).toBe(z.wafEnabled ?? true);
    // Nothing else changed on the platform.
    const after = await settled();
    const expected = canonical(before);
    zoneOf(expected, 1).settings.wafExecutionMode = wantInt;
    expect(canonical(after)).toEqual(expected);
    expect(c.outs).toMatchObject({
      shieldZoneId: 1,
      waf: { mode: want },
      prior: { waf: { mode: mode === 1 ? "Block" : "Log" } },
      managed: ["waf.mode"],
      planType: "Basic",
    });
    // One line, for a person: field = value, no JSON, one "edgeplatform" (issue 31).
    const was = mode === 1 ? "Block" : "Log";
    expect(logs.filter((l) => l.includes("configuration before Pulumi"))).toEqual([
      `edgeplatform: ShieldZone (shield zone 1): create: configuration before Pulumi: waf.mode = ${was}; destroy restores waf.mode = ${was}`,
    ]);

    // Out of band: the mode goes back, and the DDoS sensitivity changes (not managed).
    const s = await ctl.state();
    zoneOf(s, 1).settings.wafExecutionMode = mode;
    zoneOf(s, 1).settings.dDoSShieldSensitivity = 4;
    await ctl.setState(s);
    const r = await sz.read(c.id, c.outs as Any);
    expect((r.props as Any).waf).toEqual({ mode: mode === 1 ? "Block" : "Log" });
    expect((r.inputs as Any).waf).toEqual({ mode: mode === 1 ? "Block" : "Log" });
    expect(r.props).not.toHaveProperty("ddos");

    // Update: mode again, plus a paranoia level (an engine-config item the zone lacks).
    await ctl.clearJournal();
    const u = await sz.update(
      c.id,
      r.props as Any,
      checked(sz, { shieldZoneId: 1, waf: { mode: want, paranoia: { detection: 3 } } }),
    );
    expect((u.outs as Any).prior).toEqual({
      waf: { mode: mode === 1 ? "Block" : "Log", paranoia: { detection: null } },
    });
    const uw = await writes();
    expect(uw).toHaveLength(1);
    expect((uw[0].body as Any).shieldZone.dDoSShieldSensitivity).toBe(4); // kept as read
    expect((uw[0].body as Any).shieldZone.wafEngineConfig).toEqual([
      { name: "detection_paranoia_level", valueEncoded: "3" },
    ]);
    expect(zoneOf(await settled(), 1).settings.wafExecutionMode).toBe(wantInt);

    // The paranoia level is no longer managed: restored (the item goes away again).
    await ctl.clearJournal();
    const u2 = await sz.update(
      c.id,
      u.outs as Any,
      checked(sz, { shieldZoneId: 1, waf: { mode: want } }),
    );
    expect((u2.outs as Any).managed).toEqual(["waf.mode"]);
    expect(zoneOf(await settled(), 1).settings.wafEngineConfig).toEqual([]);

    // Destroy: every managed setting back to before; the out-of-band DDoS change stays.
    newRun();
    await sz.delete(c.id, u2.outs as Any);
    const end = canonical(await settled());
    const back = canonical(before);
    zoneOf(back, 1).settings.dDoSShieldSensitivity = 4;
    expect(end).toEqual(back);
  });

  test("a stated `prior` (after an interrupted run) is recorded without a write and destroy restores it", async () => {
    const before = await ctl.state();
    const was = zoneOf(before, 1).settings.dDoSShieldSensitivity as number;
    const names = ["Off", "Low", "Medium", "High", "Challenge"];
    // The interrupted run's write landed: the zone already holds the program's value.
    const landed = was === 3 ? 4 : 3;
    const s = await ctl.state();
    zoneOf(s, 1).settings.dDoSShieldSensitivity = landed;
    await ctl.setState(s);
    await ctl.clearJournal();
    const inputs = checked(sz, {
      shieldZoneId: 1,
      ddos: { sensitivity: names[landed] },
      prior: { ddos: { sensitivity: names[was] } },
    });
    const c = await sz.create(inputs);
    expect(await writes()).toEqual([]); // the zone holds the program's value: nothing to write
    expect(c.outs).toMatchObject({
      prior: { ddos: { sensitivity: names[was] } },
      priorPinned: true,
    });
    // A changed statement is an update that writes nothing.
    const other = (was + 1) % 5;
    const d = await sz.diff(
      c.id,
      c.outs as Any,
      {
        ...inputs,
        prior: { ddos: { sensitivity: other } },
      } as Any,
    );
    expect(d.changes).toBe(true);
    expect(d.replaces).toEqual([]);
    const u = await sz.update(
      c.id,
      c.outs as Any,
      {
        ...inputs,
        prior: { ddos: { sensitivity: names[was] } },
      } as Any,
    );
    expect(await writes()).toEqual([]);
    newRun();
    await sz.delete(c.id, u.outs as Any);
    expect(canonical(await settled())).toEqual(canonical(before));
    // `prior` may only name managed settings.
    const bad = sz.checkSync(
      {},
      { shieldZoneId: 1, waf: { mode: "Log" }, prior: { ddos: { sensitivity: "Low" } } },
    );
    expect(bad.failures).toEqual([
      expect.objectContaining({
        property: "prior.ddos.sensitivity",
        reason: expect.stringMatching(/not managed/),
      }),
    ]);
  });

  test("ShieldZone: 0 writes when the zone already matches; a no-change read makes 1 GET", async () => {
    const z = zoneOf(await ctl.state(), 1);
    const c = await sz.create(
      checked(sz, {
        pullZoneId: 1,
        waf: { enabled: z.wafEnabled },
        ddos: { challengeWindow: z.settings.dDoSChallengeWindow },
      }),
    );
    expect(await writes()).toEqual([]);
    expect(c.outs).toMatchObject({ shieldZoneId: 1, pullZoneId: 1, byPullZone: true });
    await ctl.clearJournal();
    await sz.read(c.id, c.outs as Any);
    expect((await ctl.journal()).map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /shield/shield-zone/1",
    ]);
    newRun();
    await sz.delete(c.id, c.outs as Any);
    expect(await writes()).toEqual([]);
  });

  test("ShieldZone for pull zone 8 (no shield zone): POSTs one (created: true); destroy leaves it and says so", async () => {
    const before = await ctl.state();
    expect((before.shieldZones as Any[]).some((z) => z.pullZoneId === 8)).toBe(false);
    const c = await sz.create(checked(sz, { pullZoneId: 8, ddos: { sensitivity: "High" } }));
    expect(c.outs).toMatchObject({ created: true, pullZoneId: 8, ddos: { sensitivity: "High" } });
    const made = (await settled()).shieldZones.find((z: Any) => z.pullZoneId === 8) as Any;
    expect(made.id).toBe(Number(c.id));
    expect(made.settings.dDoSShieldSensitivity).toBe(3);
    expect((await writes()).map((e) => `${e.method} ${e.path}`)).toEqual([
      "POST /shield/shield-zone",
      "PATCH /shield/shield-zone",
    ]);
    await ctl.clearJournal();
    newRun();
    await sz.delete(c.id, c.outs as Any);
    expect(await writes()).toEqual([]);
    expect(logs.join("\n")).toMatch(
      /no DELETE of a shield zone: it is left as it is, with its settings/,
    );
  });

  test("ShieldZone: plan, custom rule order and the WAF engine lists in the platform's encodings; restored on destroy", async () => {
    const before = await ctl.state();
    const c = await sz.create(
      checked(sz, {
        shieldZoneId: 2,
        planType: "Business",
        customRuleOrder: [7, 3],
        waf: {
          allowedMethods: ["GET", "POST"],
          allowedContentTypes: ["application/json", "text/xml"],
          allowedHttpVersions: ["HTTP/2"],
        },
      }),
    );
    const z = zoneOf(await settled(), 2);
    expect(z.planType).toBe(2);
    expect(z.settings.wafCustomRuleOrder).toEqual([7, 3]);
    // spec/shield.md: allowed_methods space-separated, content types as |type| |type|.
    expect(z.settings.wafEngineConfig).toEqual([
      { name: "allowed_methods", valueEncoded: "GET POST" },
      { name: "allowed_http_versions", valueEncoded: "HTTP/2" },
      { name: "allowed_request_content_type", valueEncoded: "|application/json| |text/xml|" },
    ]);
    expect(c.outs).toMatchObject({ planType: "Business", prior: { planType: "Advanced" } });
    newRun();
    await sz.delete(c.id, c.outs as Any);
    expect(canonical(await settled())).toEqual(canonical(before));
  });

  test("ShieldZone: a PATCH that failed but was applied (500 after the handler) is a partial create with the prior; the next update writes nothing, destroy restores", async () => {
    const before = await ctl.state();
    const mode = zoneOf(before, 1).settings.wafExecutionMode as number;
    const want = mode === 1 ? "Log" : "Block";
    // The client retries a 5xx PATCH (idempotent): fail every attempt.
    await ctl.fault({
      method: "PATCH",
      path: "^/shield/shield-zone$",
      status: 500,
      afterHandler: true,
      count: -1,
    });
    const e = (await rejection(
      sz.create(checked(sz, { shieldZoneId: 1, waf: { mode: want } })),
    )) as Any;
    await ctl.clearFaults();
    expect(e.name).toBe("ResourceOperationError");
    expect(e.id).toBe("1");
    expect(e.properties).toMatchObject({
      prior: { waf: { mode: mode === 1 ? "Block" : "Log" } },
      managed: ["waf.mode"],
    });
    newRun();
    await ctl.clearJournal();
    const u = await sz.update(
      "1",
      e.properties,
      checked(sz, { shieldZoneId: 1, waf: { mode: want } }),
    );
    // The platform holds it already (async-202: the emulator may not have applied a write it
    // answered with a fault; the update then sends the same whole value again).
    if (profile !== "async-202") expect(await writes()).toEqual([]);
    expect((u.outs as Any).prior).toEqual({ waf: { mode: mode === 1 ? "Block" : "Log" } });
    newRun();
    await sz.delete("1", u.outs as Any);
    expect(canonical(await settled())).toEqual(canonical(before));
  });

  test("ShieldZone: unknown managed WAF rule ids fail naming each and where the ids are listed; nothing written", async () => {
    const e = await rejection(
      sz.create(
        checked(sz, {
          shieldZoneId: 1,
          waf: { disabledRules: ["nope-1"], logOnlyRules: ["nope-2"] },
        }),
      ),
    );
    expect(e.message).toMatch(/waf\.disabledRules "nope-1", waf\.logOnlyRules "nope-2"/);
    expect(e.message).toMatch(/getManagedWafRules\(\{ shieldZoneId: 1 \}\)/);
    expect(await writes()).toEqual([]);
  });

  test("ShieldZone: a deleted zone is not read as gone (a key of another account gets the same answer): an error naming the way out; get reads a view", async () => {
    const c = await sz.create(checked(sz, { shieldZoneId: 3, whitelabelResponsePages: true }));
    const s = await ctl.state();
    s.shieldZones = (s.shieldZones as Any[]).filter((z) => z.id !== 3) as Any;
    await ctl.setState(s);
    const e = await rejection(sz.read(c.id, c.outs as Any));
    expect(e.message).toMatch(/not_found_or_unauthorised_access\.shieldzone.*NOT treated as gone/s);
    expect(e.message).toMatch(/pulumi state delete <urn>/);
    const view = await sz.read("1", undefined as never);
    expect(view.props).toMatchObject({ shieldZoneId: 1, readOnly: true, planType: "Basic" });
  });

  test("BotDetection on the Basic zone fails naming the plan (never gone); on Business it manages one field and destroy restores", async () => {
    const e = await rejection(
      bot.create(checked(bot, { shieldZoneId: 1, executionMode: "Challenge" })),
    );
    expect(e.message).toMatch(
      /BotDetection \(shield zone 1\): create failed: the bot detection settings of shield zone 1 \(on the Basic plan\)/,
    );
    expect(e.message).toMatch(/invalid_plan_type\.bot_detection/);
    expect(await writes()).toEqual([]);

    const before = await ctl.state();
    const b = zoneOf(before, 3).botDetection;
    const want = b.ipAddress.sensitivity === 3 ? 1 : 3;
    const c = await bot.create(checked(bot, { pullZoneId: 5, ipAddress: { sensitivity: want } }));
    const w = await writes();
    expect(w).toHaveLength(1);
    expect(w[0].body).toMatchObject({ ...b, ipAddress: { sensitivity: want } });
    const expected = canonical(before);
    zoneOf(expected, 3).botDetection.ipAddress.sensitivity = want;
    expect(canonical(await ctl.state())).toEqual(expected);
    newRun();
    await bot.delete(c.id, c.outs as Any);
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });

  test("UploadScanning: change two fields, drift, destroy restores", async () => {
    const before = await ctl.state();
    const u = zoneOf(before, 1).uploadScanning;
    const c = await scan.create(
      checked(scan, { shieldZoneId: 1, enabled: !u.isEnabled, antivirusScanningMode: "Block" }),
    );
    expect(zoneOf(await ctl.state(), 1).uploadScanning).toEqual({
      ...u,
      isEnabled: !u.isEnabled,
      antivirusScanningMode: 2,
    });
    const s = await ctl.state();
    zoneOf(s, 1).uploadScanning.antivirusScanningMode = 1;
    await ctl.setState(s);
    const r = await scan.read(c.id, c.outs as Any);
    expect(r.props).toMatchObject({ antivirusScanningMode: "Log", enabled: !u.isEnabled });
    newRun();
    await scan.delete(c.id, r.props as Any);
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });

  test("ResponsePage: below Business fails naming the plan; a new page is deleted on destroy, an existing one gets its HTML back", async () => {
    const e = await rejection(
      page.create(checked(page, { shieldZoneId: 1, pageType: "block", html: "<p>x</p>" })),
    );
    expect(e.message).toMatch(/on the Basic plan/);
    expect(e.message).toMatch(/feature_not_available_on_plan/);

    const before = await ctl.state();
    const c = await page.create(
      checked(page, { shieldZoneId: 3, pageType: "challenge", html: "<p>prove it</p>" }),
    );
    expect(c.id).toBe("3/challenge");
    expect(zoneOf(await ctl.state(), 3).customPages.challenge).toBe("<p>prove it</p>");
    expect((c.outs as Any).prior).toEqual({ html: null });
    newRun();
    await page.delete(c.id, c.outs as Any);
    expect((await writes()).map((x) => `${x.method} ${x.path}`)).toEqual([
      "PUT /shield/shield-zone/3/custom-page/challenge",
      "DELETE /shield/shield-zone/3/custom-page/challenge",
    ]);
    expect(canonical(await ctl.state())).toEqual(canonical(before));

    const s = await ctl.state();
    zoneOf(s, 3).customPages = { ...zoneOf(s, 3).customPages, block: "<p>theirs</p>" };
    await ctl.setState(s);
    const mid = await ctl.state();
    const d = await page.create(
      checked(page, { shieldZoneId: 3, pageType: "block", html: "<p>ours</p>" }),
    );
    expect((d.outs as Any).prior).toEqual({ html: "<p>theirs</p>" });
    newRun();
    await page.delete(d.id, d.outs as Any);
    expect(canonical(await ctl.state())).toEqual(canonical(mid));
  });

  test("ApiGuardian: configuration and document (hash in state, never the document); a new document is PATCHed; destroy restores the configuration and leaves the document", async () => {
    const before = await ctl.state();
    const cfg = zoneOf(before, 3).apiGuardian.configuration;
    const doc = `{"openapi":"3.0.0","info":{"title":"t-${profile}","version":"1"},"paths":{}}`;
    const hash = storeDocument(doc);
    const c = await api.create(
      checked(api, { shieldZoneId: 3, enabled: !cfg.isEnabled, specHash: hash }),
    );
    expect(JSON.stringify(c.outs)).not.toContain("openapi");
    expect(c.outs).toMatchObject({ specHash: hash, enabled: !cfg.isEnabled });
    const w = (await writes()).map((x) => `${x.method} ${x.path}`);
    expect(w).toEqual([
      "PATCH /shield/shield-zone/3/api-guardian",
      "POST /shield/shield-zone/3/api-guardian/spec",
    ]);
    expect(zoneOf(await ctl.state(), 3).apiGuardian.spec.content).toBe(doc);
    await ctl.clearJournal();
    const doc2 = doc.replace('"1"', '"2"');
    const u = await api.update(
      c.id,
      c.outs as Any,
      checked(api, { shieldZoneId: 3, enabled: !cfg.isEnabled, specHash: storeDocument(doc2) }),
    );
    expect((await writes()).map((x) => `${x.method} ${x.path}`)).toEqual([
      "PATCH /shield/shield-zone/3/api-guardian/spec",
    ]);
    newRun();
    await api.delete(c.id, u.outs as Any);
    const end = zoneOf(await ctl.state(), 3).apiGuardian;
    expect(end.configuration).toEqual(cfg);
    expect(end.spec.content).toBe(doc2);
    expect(logs.join("\n")).toMatch(/cannot delete an API guardian document/);
    const e = await rejection(api.create(checked(api, { shieldZoneId: 1, enabled: true })));
    expect(e.message).toMatch(/on the Basic plan.*feature_not_available_on_plan/s);
  });

  test("the zone spelled the other way (shieldZoneId 1 → pullZoneId 1) replaces: the new resource keeps the old prior, the old delete writes nothing", async () => {
    const before = await ctl.state();
    const mode = zoneOf(before, 1).settings.wafExecutionMode as number;
    const want = mode === 1 ? "Log" : "Block";
    const old = await sz.create(checked(sz, { shieldZoneId: 1, waf: { mode: want } }));
    await settled();
    newRun(); // the next `pulumi up`
    const news = checked(sz, { pullZoneId: 1, waf: { mode: want } });
    expect(sz.diffSync("1", old.outs as Any, news).replaces).toEqual(["pullZoneId"]);
    const made = await sz.create(news);
    expect((made.outs as Any).prior).toEqual((old.outs as Any).prior);
    await ctl.clearJournal();
    await sz.delete(old.id, old.outs as Any);
    expect(await writes()).toEqual([]);
    newRun();
    await sz.delete(made.id, made.outs as Any);
    expect(canonical(await settled())).toEqual(canonical(before));
  });

  test("one settings object, one resource: a second create for the same zone in a run is refused before any write", async () => {
    await sz.create(checked(sz, { shieldZoneId: 1, whitelabelResponsePages: true }));
    await ctl.clearJournal();
    const e = await rejection(
      sz.create(checked(sz, { pullZoneId: 1, ddos: { sensitivity: "Low" } })),
    );
    expect(e.message).toMatch(
      /another resource of this program already manages the shield zone settings of shield zone 1/,
    );
    expect(await writes()).toEqual([]);
  });
});

test("the document hand-over file is the user's own and checked by hash", () => {
  const h = storeDocument("{}");
  const file = path.join(
    os.tmpdir(),
    `pulumi-edgeplatform-${process.getuid?.() ?? "user"}`,
    "api-guardian",
    h,
  );
  expect(fs.statSync(file).mode & 0o077).toBe(0);
});
