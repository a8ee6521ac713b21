/** RateLimitRule in the lifecycle table: a collection (fixture zone 1, pull zone 1). */
import { rateLimitRuleProvider } from "../../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { sampleRuleConfiguration } from "../../support/fixtures";
import type { Any, KindDeclaration, Provider } from "./kind";

const ruleOf = (s: Any, id: string) => s.rateLimitRules.find((r: Any) => r.id === Number(id));
const program = { ruleName: "table-limit", ruleConfiguration: sampleRuleConfiguration() };

export const rateLimitRule: KindDeclaration = {
  name: "RateLimitRule",
  provider: rateLimitRuleProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ shieldZoneId: 1, ...program }),
  createWrite: { method: "POST", path: "^/shield/rate-limit$" },
  find: ruleOf,
  created: { get: (r) => r?.ruleConfiguration?.requestCount, expected: 50 },
  adopt: {
    // Fixture rule 101 "api-burst" (100 requests per minute).
    inputs: { ruleId: 101, ruleConfiguration: { requestCount: 150 } },
    id: "101",
    apply(s) {
      const r = ruleOf(s, "101");
      r.ruleConfiguration.requestCount = 150;
      r.ruleJson = JSON.stringify(r.ruleConfiguration);
    },
  },
  update: {
    field: "ruleConfiguration.requestCount",
    inputs: (c) => ({
      ...c,
      ruleConfiguration: { ...sampleRuleConfiguration(), requestCount: 75 },
    }),
    apply(s, id) {
      const r = ruleOf(s, id);
      r.ruleConfiguration.requestCount = 75;
      r.ruleJson = JSON.stringify(r.ruleConfiguration);
    },
    write: (id) => ({ method: "PATCH", path: `/shield/rate-limit/${id}` }),
    // The platform replaces the configuration whole: the minimum is the whole configuration,
    // as the platform held it, with the one field changed; nothing else.
    body(body, before, id) {
      expect(body).toEqual({
        ruleConfiguration: { ...ruleOf(before, id).ruleConfiguration, requestCount: 75 },
      });
    },
  },
  drift: {
    change: (s, id) => void (ruleOf(s, id).ruleConfiguration.actionType = 3),
    path: "ruleConfiguration.actionType",
    expected: "Challenge", // the platform's 3, by name (check stores enumerations by name)
  },
  gone: {
    remove: (s, id) =>
      void (s.rateLimitRules = s.rateLimitRules.filter((r: Any) => r.id !== Number(id))),
  },
  scopedKey: true,
  rename: "refused",
  async202: {
    accepted: ["POST", "PATCH"],
    noDelete202: "the published API answers a rate-limit rule's DELETE 200 only (no 202)",
  },
  spellings: {
    byZone: { shieldZoneId: 1, ...program },
    byPull: { pullZoneId: 1, ...program },
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
    fault: { method: "POST", path: "^/shield/rate-limit$", status: 504, afterHandler: true },
    resend: "never",
  },
};
