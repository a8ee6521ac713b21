/**
 * `edge.pullzones.EdgeRule` (kinds/collections/edge-rule.ts) against the in-process emulator,
 * driven through the dynamic provider the zone-object engine builds from its declaration (in
 * the engine's spelling: `shieldZoneId` is the pull zone, `ruleName` the description,
 * `ruleId` the guid). Fixture pull zone 1 holds 20 edge rules (`fixture rule N`, order index
 * N, every fifth one off); zone 2 holds none.
 */
import { EmulatorControl } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { zoneObjectProvider } from "../../packages/pulumi/src/resources/core/zone-objects/provider";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import { edgeRuleKind } from "../../packages/pulumi/src/resources/kinds/collections/edge-rule";
import { quietProviderLogs, usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const p: Any = zoneObjectProvider(edgeRuleKind).provider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

/** The guid of fixture rule `n` of zone 1 (docs/emulator.md). */
const fixtureEdgeRuleGuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const savedTiming = { ...timing };
beforeAll(() => {
  quietProviderLogs();
  Object.assign(timing, { readBackMs: 2_000, readBackStepMs: 20, recoveryMaxStepMs: 20 });
});
afterAll(() => void Object.assign(timing, savedTiming));
beforeEach(async () => {
  await ctl().setProfile("default");
  await t.clearJournal();
});

/** The edge rules pull zone `id` holds on the platform. */
const rulesOf = async (id: number): Promise<Any[]> =>
  ((await t.state()).pullZones as Any[]).find((z) => z.id === id)?.model?.EdgeRules ?? [];
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path}`);
const writes = async () => (await calls()).filter((c) => !c.startsWith("GET "));

/** A redirect rule's inputs in pull zone `zone`. */
const redirect = (zone: number, description: string, priority: number, more: object = {}) => ({
  shieldZoneId: zone,
  ruleName: description,
  ruleConfiguration: {
    actionType: "Redirect",
    actionParameter1: "https://example.com/new",
    actionParameter2: "301",
    triggers: [{ type: "Url", patternMatches: ["*/old/*"] }],
    triggerMatchingType: "MatchAny",
    enabled: true,
    priority,
    ...more,
  },
});

/**
 * The engine's create. The inputs are what a check returns (enumerations by name); the
 * engine's own `check` knows number ids and the rule kinds' spelling only, so it is not run.
 */
const create = (inputs: Any) => p.create(inputs);

test("create: one write; the rule is stored with its fields; the resource id is its guid", async () => {
  const { id, outs } = await create(redirect(2, "old paths", 3));
  expect(id).toMatch(GUID);
  expect(await writes()).toEqual(["POST /pullzone/2/edgerules/addOrUpdate"]);
  const [rule] = await rulesOf(2);
  expect(rule).toMatchObject({
    Guid: id,
    Description: "old paths",
    ActionType: 1,
    ActionParameter1: "https://example.com/new",
    ActionParameter2: "301",
    Triggers: [{ Type: 0, PatternMatches: ["*/old/*"] }],
    TriggerMatchingType: 0,
    Enabled: true,
    OrderIndex: 3,
  });
  expect(outs).toMatchObject({ ruleId: id, shieldZoneId: 2, ruleName: "old paths" });
  expect(outs.ruleConfiguration).toMatchObject({ actionType: "Redirect", priority: 3 });
});

test("a write that answers with no body: the new rule's guid is found by reading the zone", async () => {
  await ctl().setProfile({ edgeRuleAddAnswer: "empty" });
  const { id } = await create(redirect(2, "old paths", 1));
  const rules = await rulesOf(2);
  expect(rules).toHaveLength(1);
  expect(id).toBe(rules[0].Guid);
  expect(await writes()).toEqual(["POST /pullzone/2/edgerules/addOrUpdate"]);
});

test("adopt by guid with the fields it holds: 0 writes", async () => {
  const guid = fixtureEdgeRuleGuid(3);
  const inputs = {
    ruleId: guid,
    shieldZoneId: 1,
    ruleName: "fixture rule 3",
    ruleConfiguration: {
      actionType: "SetResponseHeader",
      actionParameter1: "X-Rule-3",
      actionParameter2: "on",
      triggers: [{ type: "Url", patternMatches: ["https://cdn.zone-one.example/path-3/*"] }],
      triggerMatchingType: "MatchAny",
      enabled: true,
      priority: 3,
    },
  };
  const { id, outs } = await create(inputs);
  expect(id).toBe(guid);
  expect(outs).toMatchObject({ ruleId: guid, shieldZoneId: 1, adopted: true });
  expect(await writes()).toEqual([]);
});

test("update of one field: one write of that rule, nothing else of it changes", async () => {
  const { id, outs } = await create(redirect(2, "old paths", 3));
  const before = (await rulesOf(2))[0];
  await t.clearJournal();
  resetRunState();
  const news = redirect(2, "old paths", 3, { actionParameter2: "302" });
  const diff = await p.diff(id, outs, news);
  expect(diff.changes).toBe(true);
  await p.update(id, outs, news);
  expect(await writes()).toEqual(["POST /pullzone/2/edgerules/addOrUpdate"]);
  expect((await rulesOf(2))[0]).toEqual({ ...before, ActionParameter2: "302" });
});

test("20 rules created at once in one zone all exist, even where concurrent writes lose updates", async () => {
  await ctl().setProfile({ pullZoneWrites: "lost-updates" });
  const made = await Promise.all(
    Array.from({ length: 20 }, (_, i) => create(redirect(2, `rule ${i + 1}`, i + 1))),
  );
  const rules = await rulesOf(2);
  expect(rules.map((r) => r.Description).sort()).toEqual(
    Array.from({ length: 20 }, (_, i) => `rule ${i + 1}`).sort(),
  );
  expect(new Set(made.map((m) => m.id))).toEqual(new Set(rules.map((r) => r.Guid)));
});

test("reordering by priority writes only the rules whose priority changed, and only that", async () => {
  const a = await create(redirect(2, "a", 1));
  const b = await create(redirect(2, "b", 2));
  const c = await create(redirect(2, "c", 3));
  const before = await rulesOf(2);
  await t.clearJournal();
  resetRunState();
  // a and c swap places; b keeps its priority.
  for (const [r, prio] of [
    [a, 3],
    [b, 2],
    [c, 1],
  ] as const) {
    const news = redirect(2, r.outs.ruleName, prio);
    const diff = await p.diff(r.id, r.outs, news);
    if (r === b) {
      expect(diff.changes).toBe(false);
      continue;
    }
    expect(diff.changes).toBe(true);
    await p.update(r.id, r.outs, news);
  }
  expect(await writes()).toEqual([
    "POST /pullzone/2/edgerules/addOrUpdate",
    "POST /pullzone/2/edgerules/addOrUpdate",
  ]);
  const after = await rulesOf(2);
  const byGuid = (rules: Any[], g: string) => rules.find((r) => r.Guid === g);
  expect(byGuid(after, a.id)).toEqual({ ...byGuid(before, a.id), OrderIndex: 3 });
  expect(byGuid(after, b.id)).toEqual(byGuid(before, b.id));
  expect(byGuid(after, c.id)).toEqual({ ...byGuid(before, c.id), OrderIndex: 1 });
});

test("refresh of a zone with 20 rules is one GET", async () => {
  const outs = Array.from({ length: 20 }, (_, i) => ({
    ruleId: fixtureEdgeRuleGuid(i + 1),
    shieldZoneId: 1,
    ruleName: `fixture rule ${i + 1}`,
    origin: "adopted",
    adopted: true,
  }));
  const read = await Promise.all(outs.map((o) => p.read(o.ruleId, o)));
  expect(read.map((r: Any) => r.props.ruleName)).toEqual(outs.map((o) => o.ruleName));
  expect(read[4].props.reported).toMatchObject({ enabled: false, priority: 5 });
  expect(await calls()).toEqual(["GET /pullzone/1"]);
});

test("destroy: a created rule is deleted; an adopted one is left", async () => {
  const { id, outs } = await create(redirect(2, "old paths", 1));
  await t.clearJournal();
  resetRunState(); // `pulumi destroy` is a later run
  await p.delete(id, outs);
  expect(await writes()).toEqual([`DELETE /pullzone/2/edgerules/${id}`]);
  expect(await rulesOf(2)).toEqual([]);
  const guid = fixtureEdgeRuleGuid(7);
  const adopted = await create({ ruleId: guid, shieldZoneId: 1, ruleName: "fixture rule 7" });
  await t.clearJournal();
  resetRunState();
  await p.delete(guid, adopted.outs);
  expect(await writes()).toEqual([]);
  expect((await rulesOf(1)).some((r) => r.Guid === guid)).toBe(true);
});
