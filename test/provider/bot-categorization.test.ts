/**
 * `edge.shield.BotCategorization` through its dynamic provider against the in-process
 * emulator: the zone's action per bot category and per bot. Only the entries the program
 * names are managed; destroy gives each its action before Pulumi (`None` clears it). The
 * emulator knows nine bots (1 Googlebot and 2 bingbot SEO, 3 GPTBot and 4 ClaudeBot
 * AIScraper, 5 ChatGPT-User AITool, 6 curl Tool, 7 AdsBot-Google Ads, 8 Slackbot Preview, 9
 * facebookexternalhit Social); every action is None in the fixtures.
 */
import {
  EmulatorControl,
  startEmulator,
  type EmulatorState,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { botCategorizationProvider as bc } from "../../packages/pulumi/src/resources/kinds/settings/bot-categorization";
import { stackConfig } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const failures = (news: unknown) =>
  (bc.checkSync({}, news).failures ?? []) as { property: string; reason: string }[];
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);

function checked(news: Record<string, unknown>) {
  const r = bc.checkSync({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs as Any;
}

describe("check", () => {
  test("valid forms pass; integers are stored by name", () => {
    expect(failures({ shieldZoneId: 3, categories: { AIScraper: "Block" } })).toEqual([]);
    expect(failures({ pullZoneId: 5, bots: { "6": "Ignore", "1": 2 } })).toEqual([]);
    const i = checked({ shieldZoneId: 3, categories: { SEO: 2 }, bots: { "3": 1 } });
    expect(i.categories).toEqual({ SEO: "Allow" });
    expect(i.bots).toEqual({ "3": "Block" });
  });

  test.each([
    [{ shieldZoneId: 3 }, "categories", /at least one setting/],
    [
      { shieldZoneId: 3, categories: { AIScraper: "Ignore" } },
      "categories.AIScraper",
      /"None", "Block", "Allow", 0, 1, 2/,
    ],
    [
      { shieldZoneId: 3, bots: { "6": "Deny" } },
      "bots[6]",
      /"None", "Block", "Allow", "Ignore", 0, 1, 2, 3/,
    ],
    [{ shieldZoneId: 3, categories: { Robots: "Block" } }, "categories.Robots", /./],
    [{ shieldZoneId: 3, bots: { curl: "Block" } }, "bots", /"curl" is not a bot id/],
  ])("refuses %#", (news, property, reason) => {
    const all = failures(news);
    const named = all.filter((f) => f.property.replace(/^\//, "").replace(/\//g, ".") === property);
    expect([all, named.some((f) => reason.test(f.reason))]).toEqual([all, true]);
  });
});

describe("against the emulator", () => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    ctl = new EmulatorControl(emu.url);
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
    );
  });
  afterAll(async () => {
    resetSettings();
    await emu.close();
  });
  beforeEach(async () => {
    await ctl.reset();
    await ctl.clearJournal();
    resetRunState();
  });
  const writes = async () =>
    (await ctl.journal())
      .filter((e) => e.method !== "GET")
      .map((e) => `${e.method} ${e.path} ${JSON.stringify(e.body)}`);

  test("create writes only the named entries; an entry set before Pulumi is restored on destroy, the others cleared; unnamed entries untouched", async () => {
    // Before Pulumi: curl (6) Allowed, the Social category Blocked, Slackbot (8) Ignored.
    await ctl.updateState((s) => {
      zoneOf(s, 3).botCategorization = { bots: { "6": 2, "8": 3 }, categories: { "7": 1 } };
    });
    const before = await ctl.state();
    await ctl.clearJournal();
    const c = await bc.create(
      checked({ shieldZoneId: 3, categories: { AIScraper: "Block" }, bots: { "6": "Block" } }),
    );
    expect(c.id).toBe("3");
    expect((await writes()).sort()).toEqual([
      'PUT /shield/shield-zone/3/bot-categorization/bots/6 {"action":1}',
      'PUT /shield/shield-zone/3/bot-categorization/categories/2 {"action":1}',
    ]);
    expect(c.outs).toMatchObject({
      categories: { AIScraper: "Block" },
      bots: { "6": "Block" },
      prior: { categories: { AIScraper: "None" }, bots: { "6": "Allow" } },
      managed: ["categories.AIScraper", "bots.6"],
    });
    expect(zoneOf(await ctl.state(), 3).botCategorization).toEqual({
      bots: { "6": 1, "8": 3 },
      categories: { "7": 1, "2": 1 },
    });

    // Update: one entry more (GPTBot, 3), one changed.
    await ctl.clearJournal();
    const u = await bc.update(
      "3",
      c.outs as Any,
      checked({
        shieldZoneId: 3,
        categories: { AIScraper: "Allow" },
        bots: { "6": "Block", "3": "Ignore" },
      }),
    );
    expect((await writes()).sort()).toEqual([
      'PUT /shield/shield-zone/3/bot-categorization/bots/3 {"action":3}',
      'PUT /shield/shield-zone/3/bot-categorization/categories/2 {"action":2}',
    ]);
    expect(u.outs).toMatchObject({
      prior: { categories: { AIScraper: "None" }, bots: { "6": "Allow", "3": "None" } },
    });

    // Drift on a managed entry shows by name; an unmanaged one does not show.
    await ctl.updateState((s) => {
      zoneOf(s, 3).botCategorization.bots["6"] = 2;
      zoneOf(s, 3).botCategorization.bots["1"] = 1;
    });
    const r = await bc.read("3", u.outs as Any);
    expect(r.inputs).toEqual({
      shieldZoneId: 3,
      categories: { AIScraper: "Allow" },
      bots: { "6": "Allow", "3": "Ignore" },
    });

    // Destroy: every managed entry back to its action before Pulumi; Googlebot (1), set out
    // of band and never managed, stays.
    resetRunState();
    await bc.delete("3", r.props as Any);
    const after = zoneOf(await ctl.state(), 3).botCategorization;
    expect(after).toEqual({
      ...zoneOf(before, 3).botCategorization,
      bots: { "6": 2, "8": 3, "1": 1 },
    });
  });

  test("a bot the platform does not know: refused naming it and the known ids, nothing written", async () => {
    const e = await bc
      .create(checked({ shieldZoneId: 3, bots: { "99": "Block", "6": "Block" } }))
      .then(
        () => undefined,
        (x: Error) => x,
      );
    expect(e?.message).toMatch(/bots\.99/);
    expect(e?.message).toMatch(/1, 2, 3, 4, 5, 6, 7, 8, 9/);
    expect(await writes()).toEqual([]);
  });

  test("get: a read-only view of every category's and bot's action", async () => {
    await ctl.updateState((s) => {
      zoneOf(s, 3).botCategorization = { bots: { "4": 1 }, categories: { "5": 2 } };
    });
    const r = await bc.read("3", {} as Any);
    expect(r.props).toMatchObject({
      readOnly: true,
      categories: {
        SEO: "None",
        AIScraper: "None",
        AITool: "None",
        Tool: "None",
        Ads: "Allow",
        Preview: "None",
        Social: "None",
      },
      bots: {
        "1": "None",
        "2": "None",
        "3": "None",
        "4": "Block",
        "5": "None",
        "6": "None",
        "7": "None",
        "8": "None",
        "9": "None",
      },
    });
  });
});
