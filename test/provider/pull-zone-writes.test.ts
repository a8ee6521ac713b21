/**
 * Writes to one pull zone go one at a time: `PullZone`'s settings writes (POST
 * `/pullzone/{id}`, with the read before them and their read-back) wait in the same queue as
 * its edge rules' writes. The platform rewrites the whole zone for each of them, so that two
 * that overlap lose one of their changes (the emulator's `pullZoneWrites: "lost-updates"`).
 * One run of 20 new edge rules and a settings change of their zone must land whole under
 * every profile. Fixture pull zone 1 holds 20 edge rules (`fixture rule N`), caches as its
 * origin says (`CacheControlMaxAgeOverride` -1) and does not block POST requests.
 */
import { EmulatorControl, PROFILES as BUILT_IN } from "../../packages/emulator/src";
import type { ProfileInput, ProfileName } from "../../packages/emulator/src";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import {
  checkEdgeRuleInputs,
  edgeRuleProvider,
} from "../../packages/pulumi/src/resources/kinds/collections/edge-rule-fields";
import { pullZoneProvider } from "../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import { quietProviderLogs, usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const rules: Any = edgeRuleProvider;
const zone: Any = pullZoneProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

const savedTiming = { ...timing };
beforeAll(() => {
  quietProviderLogs();
  Object.assign(timing, { readBackMs: 3_000, readBackStepMs: 20, recoveryMaxStepMs: 20 });
});
afterAll(() => void Object.assign(timing, savedTiming));

/** A header rule's inputs in pull zone 1. */
const rule = (n: number, enabled = true) => {
  const r = checkEdgeRuleInputs(
    {},
    {
      pullZoneId: 1,
      description: `rule ${n}`,
      actionType: "SetResponseHeader",
      actionParameter1: `X-Rule-${n}`,
      actionParameter2: "on",
      triggers: [{ type: "Url", patternMatches: [`*/path-${n}/*`] }],
      triggerMatchingType: "MatchAny",
      enabled,
      priority: n,
    },
  );
  expect(r.failures ?? []).toEqual([]);
  return r.inputs as Any;
};

/** Every built-in profile with the lost updates of concurrent zone writes, then the pull-zone switches. */
const PROFILES: [string, ProfileInput][] = [
  ...(Object.keys(BUILT_IN) as ProfileName[]).map((name): [string, ProfileInput] => [
    `${name}, lost updates`,
    { name, pullZoneWrites: "lost-updates" },
  ]),
  ["default", "default"],
  [
    "settings replaced, lost updates",
    { pullZoneUpdate: "replace", pullZoneWrites: "lost-updates" },
  ],
  [
    "rules sorted, empty add answers, lost updates",
    {
      edgeRuleOrder: "sorted",
      edgeRuleAddAnswer: "empty",
      pullZoneWrites: "lost-updates",
    },
  ],
];

describe.each(PROFILES)("under %s", (_label, profile) => {
  beforeEach(async () => void (await ctl().setProfile(profile)));

  test("20 new edge rules and a settings change of their zone in one run all land", async () => {
    // The engine checks every resource before it creates any (the zone's check reads it).
    const check = await zone.check({}, { pullZoneId: 1, cacheControlMaxAgeOverride: 3600 });
    expect(check.failures ?? []).toEqual([]);
    const inputs = Array.from({ length: 20 }, (_, i) => rule(i + 1));
    await t.clearJournal();
    await Promise.all([
      ...inputs.slice(0, 10).map((r) => rules.create(r)),
      zone.create(check.inputs),
      ...inputs.slice(10).map((r) => rules.create(r)),
    ]);
    const z = ((await t.state()).pullZones as Any[]).find((x) => x.id === 1).model;
    expect(z.CacheControlMaxAgeOverride).toBe(3600);
    expect(z.EdgeRules.map((r: Any) => r.Description).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => [`fixture rule ${i + 1}`, `rule ${i + 1}`])
        .flat()
        .sort(),
    );
    expect(
      (await t.journal()).filter((e) => e.method === "POST" && e.path === "/pullzone/1"),
    ).toHaveLength(1);
  });

  test("a settings change of a zone while 20 of its rules change: every change lands", async () => {
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => rules.create(rule(i + 1))));
    const check = await zone.check({}, { pullZoneId: 1, blockPostRequests: false });
    const adopted = await zone.create(check.inputs);
    const news = (await zone.check(adopted.outs, { pullZoneId: 1, blockPostRequests: true }))
      .inputs;
    await Promise.all([
      ...made
        .slice(0, 10)
        .map((m: Any) => rules.update(m.id, m.outs, rule(made.indexOf(m) + 1, false))),
      zone.update(adopted.id, adopted.outs, news),
      ...made
        .slice(10)
        .map((m: Any) => rules.update(m.id, m.outs, rule(made.indexOf(m) + 1, false))),
    ]);
    const z = ((await t.state()).pullZones as Any[]).find((x) => x.id === 1).model;
    expect(z.BlockPostRequests).toBe(true);
    const ours = z.EdgeRules.filter((r: Any) => /^rule \d+$/.test(r.Description));
    expect(z.EdgeRules).toHaveLength(40);
    expect(ours.filter((r: Any) => r.Enabled === false)).toHaveLength(20);
  });
});
