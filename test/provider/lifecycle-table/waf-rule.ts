/** WafRule in the lifecycle table: a collection (fixture zone 3, Business, pull zone 5). */
import { wafRuleProvider } from "../../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import type { Any, KindDeclaration, Provider } from "./kind";

const ruleOf = (s: Any, id: string) => s.wafRules.find((r: Any) => r.id === Number(id));
const program = {
  ruleName: "table-waf",
  ruleDescription: "lifecycle table",
  ruleConfiguration: {
    actionType: "Block",
    variableTypes: { REQUEST_URI: "/admin" },
    operatorType: "BEGINSWITH",
  },
};

export const wafRule: KindDeclaration = {
  name: "WafRule",
  provider: wafRuleProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ shieldZoneId: 3, ...program }),
  createWrite: { method: "POST", path: "^/shield/waf/custom-rule$" },
  find: ruleOf,
  created: { get: (r) => r?.ruleConfiguration?.actionType, expected: 1 },
  adopt: {
    // Fixture rule 302 "log-sqli" of zone 2 (action Log).
    inputs: { ruleId: 302, ruleConfiguration: { actionType: "Challenge" } },
    id: "302",
    apply(s) {
      const r = ruleOf(s, "302");
      r.ruleConfiguration.actionType = 3;
      r.ruleJson = JSON.stringify(r.ruleConfiguration);
    },
  },
  update: {
    field: "ruleDescription",
    inputs: (c) => ({ ...c, ruleDescription: "now described" }),
    apply: (s, id) => void (ruleOf(s, id).ruleDescription = "now described"),
    write: (id) => ({ method: "PATCH", path: `/shield/waf/custom-rule/${id}` }),
    body: (body) => expect(body).toEqual({ ruleDescription: "now described" }),
  },
  drift: {
    change(s, id) {
      const r = ruleOf(s, id);
      r.ruleConfiguration = { ...r.ruleConfiguration, actionType: 5 };
    },
    path: "ruleConfiguration.actionType",
    expected: "Bypass",
  },
  gone: {
    remove: (s, id) => void (s.wafRules = s.wafRules.filter((r: Any) => r.id !== Number(id))),
  },
  scopedKey: true,
  rename: "refused",
  async202: { accepted: ["POST", "PATCH", "DELETE"] }, // the published DELETE has a 202
  spellings: {
    byZone: { shieldZoneId: 3, ...program },
    byPull: { pullZoneId: 5, ...program },
    spelled: { byZone: [], byPull: [] }, // no hint: the name is the identity
    outcome: "one-created",
  },
  interrupted: {
    next: "refused",
    // The way out the refusal names: adopt it by id as this resource's own.
    wayOut: (c, id) => ({
      ruleId: Number(id),
      deleteOnDestroy: true,
      ruleName: c.ruleName,
      ...(c.ruleDescription !== undefined ? { ruleDescription: c.ruleDescription } : {}),
      ruleConfiguration: c.ruleConfiguration,
    }),
  },
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: "^/shield/waf/custom-rule$", status: 504, afterHandler: true },
    resend: "never",
  },
};
