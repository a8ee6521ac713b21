/**
 * EdgeRule in the lifecycle table: a collection of a pull zone (fixture pull zone 2 without
 * rules; zone 1 with 20, `fixture rule N` of guid 00000000-0000-4000-8000-00000000000N,
 * order index N, every fifth one off). A rule's name is its description, unique in its zone.
 */
import { edgeRuleProvider } from "../../../packages/pulumi/src/resources/kinds/collections/edge-rule-fields";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const rulesOf = (s: Any, zone: number): Any[] =>
  (s.pullZones as Any[]).find((z: Any) => z.id === zone)?.model?.EdgeRules ?? [];
const ruleOf = (s: Any, id: string, zone = 2) => rulesOf(s, zone).find((r: Any) => r.Guid === id);
const FIXTURE_RULE_1 = "00000000-0000-4000-8000-000000000001";
const program = {
  pullZoneId: 2,
  description: "table-rule",
  actionType: "SetResponseHeader",
  actionParameter1: "X-Table",
  actionParameter2: "on",
  triggers: [{ type: "Url", patternMatches: ["*/table/*"] }],
  triggerMatchingType: "MatchAny",
  enabled: true,
  priority: 3,
};
const ADD = "^/pullzone/2/edgerules/addOrUpdate$";

export const edgeRule: KindDeclaration = {
  name: "EdgeRule",
  provider: edgeRuleProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ ...program }),
  createWrite: { method: "POST", path: ADD },
  find: (s, id) => ruleOf(s, id),
  created: {
    get: (r) =>
      r && {
        Description: r.Description,
        ActionType: r.ActionType,
        ActionParameter1: r.ActionParameter1,
        Triggers: r.Triggers.map((t: Any) => ({ Type: t.Type, PatternMatches: t.PatternMatches })),
        Enabled: r.Enabled,
        OrderIndex: r.OrderIndex,
      },
    // SetResponseHeader is 5, a Url trigger 0 (the platform's enumerations).
    expected: {
      Description: "table-rule",
      ActionType: 5,
      ActionParameter1: "X-Table",
      Triggers: [{ Type: 0, PatternMatches: ["*/table/*"] }],
      Enabled: true,
      OrderIndex: 3,
    },
  },
  adopt: {
    inputs: { edgeRuleId: FIXTURE_RULE_1, pullZoneId: 1, enabled: false },
    id: FIXTURE_RULE_1,
    apply: (s) => void (ruleOf(s, FIXTURE_RULE_1, 1).Enabled = false),
  },
  update: {
    field: "priority",
    inputs: (c) => ({ ...c, priority: 7 }),
    apply: (s, id) => void (ruleOf(s, id).OrderIndex = 7),
    write: () => ({ method: "POST", path: "/pullzone/2/edgerules/addOrUpdate" }),
    // The whole rule by guid (the API has no partial write): the change over the rule as read.
    body: (body, before, id) => {
      const was = ruleOf(before, id);
      expect(body.Guid).toBe(id);
      expect(body.OrderIndex).toBe(7);
      expect(body.Description).toBe("table-rule");
      expect(body.ActionType).toBe(was.ActionType);
      expect(body.ActionParameter1).toBe(was.ActionParameter1);
      expect(body.Enabled).toBe(true);
    },
  },
  drift: {
    change: (s, id) => void (ruleOf(s, id).Enabled = false),
    path: "enabled",
    expected: false,
  },
  gone: {
    remove: (s, id) => {
      const z = (s.pullZones as Any[]).find((x: Any) => x.id === 2).model;
      z.EdgeRules = z.EdgeRules.filter((r: Any) => r.Guid !== id);
    },
  },
  scopedKey: na("the emulator's scoped keys do not cover pull zones yet"),
  // Descriptions are unique in a zone: the new resource's create is refused.
  rename: "refused",
  // The refusal names the rule by its guid (not a shield or DNS zone's numeric id).
  refusal:
    /edgeplatform EdgeRule[^\n]*create failed: pull zone \d+ already has edge rule ([0-9a-f-]{36}) named/,
  async202: na("the published API answers edge-rule writes 201 or 204, never 202"),
  spellings: na("one spelling of the zone (`pullZoneId`): a pull zone has no other"),
  interrupted: {
    next: "refused",
    // The way out the refusal names: adopt it by id as this resource's own.
    wayOut: (c, id) => ({ ...c, edgeRuleId: id, deleteOnDestroy: true }),
  },
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: ADD, status: 504, afterHandler: true },
    resend: "never",
  },
};
