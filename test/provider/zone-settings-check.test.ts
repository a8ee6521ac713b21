/**
 * The settings engine's `check` and `diff` (no API call): the five kinds' inputs, enumeration
 * names and integers, "exactly one zone", unknown properties, replaces and changes.
 */
import fc from "fast-check";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { botDetectionProvider as bot } from "../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { uploadScanningProvider as scan } from "../../packages/pulumi/src/resources/kinds/settings/upload-scanning";
import { apiGuardianProvider as api } from "../../packages/pulumi/src/resources/kinds/settings/api-guardian";
import { responsePageProvider as page } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";

beforeEach(() => resetRunState());

const failures = (
  p: { checkSync: (o: unknown, n: unknown) => { failures?: unknown } },
  news: unknown,
) => (p.checkSync({}, news).failures ?? []) as { property: string; reason: string }[];

describe("check", () => {
  test("valid forms pass, names and integers, unknowns", () => {
    expect(failures(sz, { pullZoneId: 1 })).toEqual([]);
    expect(
      failures(sz, {
        shieldZoneId: 1,
        planType: "Business",
        waf: {
          enabled: true,
          mode: "Block",
          disabledRules: ["913100"],
          paranoia: { detection: 2 },
          allowedMethods: ["GET", "POST"],
          allowedContentTypes: ["application/json"],
          requestBodyLimitAction: 2,
        },
        ddos: { sensitivity: "High", challengeWindow: 3600 },
        customRuleOrder: [5, 4],
        whitelabelResponsePages: false,
      }),
    ).toEqual([]);
    expect(failures(sz, { shieldZoneId: UNKNOWN, waf: { mode: UNKNOWN } })).toEqual([]);
    expect(
      failures(bot, { shieldZoneId: 2, browserFingerprint: { aggression: "Custom" } }),
    ).toEqual([]);
    expect(failures(scan, { pullZoneId: 1, enabled: true, csamScanningMode: 2 })).toEqual([]);
    expect(
      failures(api, { shieldZoneId: 3, executionMode: "Log", specHash: "a".repeat(64) }),
    ).toEqual([]);
    expect(failures(page, { shieldZoneId: 3, pageType: "block", html: "<p>x</p>" })).toEqual([]);
  });

  test.each([
    [sz, { waf: { mode: "Block" } }, "shieldZoneId", /one of `shieldZoneId` or `pullZoneId`/],
    [sz, { shieldZoneId: 1, pullZoneId: 1 }, "pullZoneId", /not both/],
    [sz, { shieldZoneId: 1, waf: { mode: "Deny" } }, "waf.mode", /"Log", "Block", 0, 1/],
    [sz, { shieldZoneId: 1, ddos: { sensitivity: 9 } }, "ddos.sensitivity", /"Challenge"/],
    [sz, { shieldZoneId: 1, waf: { paranoia: { detection: 5 } } }, "waf.paranoia.detection", /4/],
    [sz, { shieldZoneId: 1, waf: { colour: "red" } }, "waf.colour", /./],
    [sz, { shieldZoneId: 1, planType: "Gold" }, "planType", /"Enterprise"/],
    [bot, { shieldZoneId: 2 }, "executionMode", /at least one setting/],
    [
      bot,
      { shieldZoneId: 2, ipAddress: { sensitivity: "Max" } },
      "ipAddress.sensitivity",
      /"High"/,
    ],
    [
      scan,
      { shieldZoneId: 1, antivirusScanningMode: "On" },
      "antivirusScanningMode",
      /"Disabled", "Log", "Block"/,
    ],
    [page, { shieldZoneId: 3, html: "x" }, "pageType", /"block", "challenge", "ratelimit"/],
    [page, { shieldZoneId: 3, pageType: "error", html: "x" }, "pageType", /"ratelimit"/],
    [api, { shieldZoneId: 3 }, "enabled", /`spec` or `specFile`/],
    [api, { shieldZoneId: 3, unmatchedPathAction: "Drop" }, "unmatchedPathAction", /"Ignore"/],
  ])("refuses %#", (p, news, property, reason) => {
    const hit = failures(p, news).find(
      (f) => f.property.replace(/^\//, "").replace(/\//g, ".") === property,
    );
    expect(hit?.reason).toMatch(reason);
  });

  test("never throws, on any JSON", () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.dictionary(fc.constantFrom("shieldZoneId", "waf", "ddos", "planType"), fc.anything()),
        (a, n) => {
          for (const p of [sz, bot, scan, api, page]) {
            expect(Array.isArray(p.checkSync({}, a).failures)).toBe(true);
            expect(Array.isArray(p.checkSync({}, n).failures)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("a one-owner marker is refused naming it", () => {
    const f = failures(sz, {
      shieldZoneId: { oneOwnerConflict: "the settings of shield zone 1 is named by 2 resources" },
    });
    expect(f).toEqual([
      { property: "shieldZoneId", reason: expect.stringMatching(/named by 2 resources/) },
    ]);
  });
});

describe("diff", () => {
  const olds = {
    shieldZoneId: 1,
    waf: { mode: "Block", disabledRules: ["1", "2"] },
    prior: { waf: { mode: "Log", disabledRules: [] } },
    managed: ["waf.mode", "waf.disabledRules"],
    planType: "Basic",
  };
  test("no change: no changes, no replace", () => {
    expect(
      sz.diffSync("1", olds as never, {
        shieldZoneId: 1,
        waf: { mode: "Block", disabledRules: ["1", "2"] },
      }),
    ).toMatchObject({ changes: false, replaces: [] });
  });
  test("a changed, a newly managed and a dropped field are changes; planType output alone is not", () => {
    expect(
      sz.diffSync("1", olds as never, {
        shieldZoneId: 1,
        waf: { mode: "Log", disabledRules: ["1", "2"] },
      }).changes,
    ).toBe(true);
    expect(
      sz.diffSync("1", olds as never, {
        shieldZoneId: 1,
        waf: { mode: "Block", disabledRules: ["1", "2"], enabled: true },
      }).changes,
    ).toBe(true);
    expect(
      sz.diffSync("1", olds as never, { shieldZoneId: 1, waf: { mode: "Block" } }).changes,
    ).toBe(true);
    expect(
      sz.diffSync("1", olds as never, {
        shieldZoneId: 1,
        waf: { mode: UNKNOWN, disabledRules: ["1", "2"] },
      }).changes,
    ).toBe(true);
  });
  test("another zone, the zone by pull zone, another page type replace", () => {
    expect(sz.diffSync("1", olds as never, { shieldZoneId: 2, waf: olds.waf }).replaces).toEqual([
      "shieldZoneId",
    ]);
    expect(sz.diffSync("1", olds as never, { pullZoneId: 1, waf: olds.waf }).replaces).toEqual([
      "pullZoneId",
    ]);
    const p = {
      shieldZoneId: 3,
      pageType: "block",
      html: "a",
      prior: { html: null },
      managed: ["html"],
    };
    expect(
      page.diffSync("3/block", p as never, { shieldZoneId: 3, pageType: "challenge", html: "a" })
        .replaces,
    ).toEqual(["pageType"]);
    expect(
      page.diffSync("3/block", p as never, { shieldZoneId: 3, pageType: "block", html: "a" })
        .changes,
    ).toBe(false);
  });
});
