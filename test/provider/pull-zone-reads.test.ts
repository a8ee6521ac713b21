/**
 * One read of a pull zone per refresh: the zone's settings (`PullZone`) and its edge rules
 * (`EdgeRule`) come in the zone's GET, and a refresh of them all shares one answer of it
 * (kinds/parents/pull-zone.ts `sharedPullZone`). Fixture pull zone 1 holds 20 edge rules
 * (`fixture rule N`, guid `…0000000000NN`, order index N); the test adds 80 more.
 */
import { EmulatorControl } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { edgeRuleProvider } from "../../packages/pulumi/src/resources/kinds/collections/edge-rule-fields";
import { pullZoneProvider } from "../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import { quietProviderLogs, usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const rules: Any = edgeRuleProvider;
const zone: Any = pullZoneProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);
beforeAll(() => quietProviderLogs());

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Rule `n` (21–100) as the test puts it into zone 1: a header, on when `n` is odd. */
const added = (n: number) => ({
  Guid: guid(n),
  ActionType: 5,
  ActionParameter1: `X-Added-${n}`,
  ActionParameter2: "yes",
  ActionParameter3: null,
  Triggers: [
    { Type: 0, PatternMatches: [`*/added-${n}/*`], PatternMatchingType: 0, Parameter1: null },
  ],
  ExtraActions: [],
  TriggerMatchingType: 0,
  Description: `added rule ${n}`,
  Enabled: n % 2 === 1,
  OrderIndex: n,
  ReadOnly: false,
});

test("a refresh of a zone's settings and its 100 edge rules is 1 GET of the zone", async () => {
  await ctl().updateState((s: Any) => {
    const z = s.pullZones.find((x: Any) => x.id === 1).model;
    for (let n = 21; n <= 100; n++) z.EdgeRules.push(added(n));
  });
  // The program adopts the zone (one setting) and its 100 rules.
  const check = await zone.check({}, { pullZoneId: 1, cacheControlMaxAgeOverride: 900 });
  expect(check.failures ?? []).toEqual([]);
  const z = await zone.create(check.inputs);
  const adopted: Any[] = [];
  for (let n = 1; n <= 100; n++)
    adopted.push(await rules.create({ edgeRuleId: guid(n), pullZoneId: 1 }));
  // Drift outside Pulumi: the zone's setting and rule 57.
  await ctl().updateState((s: Any) => {
    const m = s.pullZones.find((x: Any) => x.id === 1).model;
    m.CacheControlMaxAgeOverride = 60;
    m.EdgeRules.find((r: Any) => r.Guid === guid(57)).ActionParameter2 = "drifted";
  });
  resetRunState(); // `pulumi refresh` is a run of its own
  await t.clearJournal();

  const [zoneRead, ...ruleReads] = await Promise.all([
    zone.read(z.id, z.outs),
    ...adopted.map((r) => rules.read(r.id, r.outs)),
  ]);
  expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual(["GET /pullzone/1"]);
  expect(zoneRead.props.cacheControlMaxAgeOverride).toBe(60);
  expect(ruleReads.map((r: Any) => r.props.description)).toEqual([
    ...Array.from({ length: 20 }, (_, i) => `fixture rule ${i + 1}`),
    ...Array.from({ length: 80 }, (_, i) => `added rule ${i + 21}`),
  ]);
  expect(ruleReads[56].props).toMatchObject({
    edgeRuleId: guid(57),
    actionParameter1: "X-Added-57",
    actionParameter2: "drifted",
    enabled: true,
    priority: 57,
  });
});
