/**
 * `edge.pullzones.EdgeRule` (kinds/collections/edge-rule.ts) against the in-process emulator,
 * driven through its dynamic provider (its public fields mapped at the boundary,
 * edge-rule-fields.ts, to the zone-object engine built from its declaration). Fixture pull
 * zone 1 holds 20 edge rules (`fixture rule N`, order index N, every fifth one off); zone 2
 * holds none.
 */
import { EmulatorControl } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import {
  checkEdgeRuleInputs,
  edgeRuleProvider,
} from "../../packages/pulumi/src/resources/kinds/collections/edge-rule-fields";
import { quietProviderLogs, usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const p: Any = edgeRuleProvider;
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
  pullZoneId: zone,
  description,
  actionType: "Redirect",
  actionParameter1: "https://example.com/new",
  actionParameter2: "301",
  triggers: [{ type: "Url", patternMatches: ["*/old/*"] }],
  triggerMatchingType: "MatchAny",
  enabled: true,
  priority,
  ...more,
});

/** The inputs as `check` returns them (it must find nothing to fail). */
const checked = (inputs: Any) => {
  const r = checkEdgeRuleInputs({}, inputs);
  expect(r.failures ?? []).toEqual([]);
  return r.inputs as Any;
};
const create = (inputs: Any) => p.create(checked(inputs));

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
  expect(outs).toMatchObject({
    edgeRuleId: id,
    pullZoneId: 2,
    description: "old paths",
    actionType: "Redirect",
    triggers: [{ type: "Url", patternMatches: ["*/old/*"] }],
    priority: 3,
    adopted: false,
  });
});

test("a write that answers with no body: the new rule's guid is found by reading the zone", async () => {
  await ctl().setProfile({ edgeRuleAddAnswer: "empty" });
  const { id } = await create(redirect(2, "old paths", 1));
  const rules = await rulesOf(2);
  expect(rules).toHaveLength(1);
  expect(id).toBe(rules[0].Guid);
  expect(await writes()).toEqual(["POST /pullzone/2/edgerules/addOrUpdate"]);
});

test("a write whose outcome is lost (applied, then a 504): the rule is found in a fresh read of the zone, once", async () => {
  await ctl().fault({
    method: "POST",
    path: "^/pullzone/2/edgerules/addOrUpdate$",
    status: 504,
    afterHandler: true,
    count: 1,
  });
  const { id } = await create(redirect(2, "old paths", 1));
  const rules = await rulesOf(2);
  expect(rules).toHaveLength(1);
  expect(id).toBe(rules[0].Guid);
  expect(await writes()).toEqual(["POST /pullzone/2/edgerules/addOrUpdate"]);
});

test("adopt by guid with the fields it holds: 0 writes", async () => {
  const guid = fixtureEdgeRuleGuid(3);
  const { id, outs } = await create({
    edgeRuleId: guid,
    pullZoneId: 1,
    description: "fixture rule 3",
    actionType: "SetResponseHeader",
    actionParameter1: "X-Rule-3",
    actionParameter2: "on",
    triggers: [{ type: "Url", patternMatches: ["https://cdn.zone-one.example/path-3/*"] }],
    triggerMatchingType: "MatchAny",
    enabled: true,
    priority: 3,
  });
  expect(id).toBe(guid);
  expect(outs).toMatchObject({ edgeRuleId: guid, pullZoneId: 1, adopted: true });
  expect(await writes()).toEqual([]);
});

test("update of one field: one write of that rule, nothing else of it changes", async () => {
  const { id, outs } = await create(redirect(2, "old paths", 3));
  const before = (await rulesOf(2))[0];
  await t.clearJournal();
  resetRunState();
  const news = checked(redirect(2, "old paths", 3, { actionParameter2: "302" }));
  const diff = await p.diff(id, outs, news);
  expect(diff.changes).toBe(true);
  const { outs: after } = await p.update(id, outs, news);
  expect(await writes()).toEqual(["POST /pullzone/2/edgerules/addOrUpdate"]);
  expect((await rulesOf(2))[0]).toEqual({ ...before, ActionParameter2: "302" });
  expect(after).toMatchObject({ edgeRuleId: id, actionParameter2: "302" });
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
  expect(new Set(made.map((m: Any) => m.id))).toEqual(new Set(rules.map((r) => r.Guid)));
  // The name checks of the 20 creates share one read of the zone.
  expect((await calls()).filter((c) => c.startsWith("GET "))).toEqual(["GET /pullzone/2"]);
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
    const news = checked(redirect(2, r.outs.description, prio));
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
    edgeRuleId: fixtureEdgeRuleGuid(i + 1),
    pullZoneId: 1,
    description: `fixture rule ${i + 1}`,
    origin: "adopted",
    adopted: true,
  }));
  const read = await Promise.all(outs.map((o) => p.read(o.edgeRuleId, o)));
  expect(read.map((r: Any) => r.props.description)).toEqual(outs.map((o) => o.description));
  expect(read[4].props).toMatchObject({
    actionType: "SetResponseHeader",
    enabled: false,
    priority: 5,
  });
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
  const adopted = await create({ edgeRuleId: guid, pullZoneId: 1 });
  await t.clearJournal();
  resetRunState();
  await p.delete(guid, adopted.outs);
  expect(await writes()).toEqual([]);
  expect((await rulesOf(1)).some((r) => r.Guid === guid)).toBe(true);
});

test("check: the pull zone is required; a new rule needs its description, action and triggers; enumerations by name", () => {
  const failures = (inputs: Any) =>
    (checkEdgeRuleInputs({}, inputs).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(failures({ description: "x", actionType: "Redirect", triggers: [] })).toEqual([
    "pullZoneId: is required: the pull zone of the rule (with edgeRuleId to adopt a rule of it)",
  ]);
  expect(failures({ pullZoneId: 2 })).toEqual([
    "description: is required when creating an edge rule (no edgeRuleId): it is the rule's " +
      "name, unique in its pull zone, and how a create is made idempotent",
    "actionType: is required when creating an edge rule",
    "triggers: is required when creating an edge rule",
  ]);
  const bad = failures({
    pullZoneId: 2,
    description: "x",
    actionType: "Teleport",
    triggers: [{ type: "Moon", patternMatches: ["*"] }],
  });
  expect(bad).toHaveLength(2);
  expect(bad[0]).toMatch(/^actionType: must be one of ForceSSL, Redirect, .*; got "Teleport"$/);
  expect(bad[1]).toMatch(
    /^triggers\[0\]\.type: must be one of Url, RequestHeader, .*; got "Moon"$/,
  );
  const r = checkEdgeRuleInputs(
    {},
    {
      pullZoneId: 2,
      description: "x",
      actionType: 1,
      triggers: [{ type: "url", patternMatches: ["*"], patternMatchingType: 2 }],
    },
  );
  expect(r.failures).toEqual([]);
  expect(r.inputs).toMatchObject({
    actionType: "Redirect",
    triggers: [{ type: "Url", patternMatchingType: "MatchNone" }],
  });
});
