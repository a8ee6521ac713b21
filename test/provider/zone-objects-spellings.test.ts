/**
 * Issue 28, finding 3, for the collections: two resources of one run that create an object of
 * the same name in one zone, the zone spelled two ways (`shieldZoneId` and its `pullZoneId`).
 * Names are unique in a zone: one POST at most, the other refused before any write naming the
 * name, whichever runs first (each order forced with a delay fault).
 */
import { accessListProvider } from "../../packages/pulumi/src/resources/kinds/collections/access-list-provider";
import { rateLimitRuleProvider } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { wafRuleProvider } from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { sampleRuleConfiguration } from "../support/fixtures";
import { startPlatform, TestPlatform } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());

interface Provider {
  check(olds: unknown, news: unknown): Promise<{ inputs?: Any; failures?: unknown[] }>;
  create(inputs: Any): Promise<unknown>;
}

// Shield zone 1 protects pull zone 1, shield zone 2 pull zone 4 (its plan allows one more
// custom WAF rule).
const KINDS: [string, Provider, number, number, string, Record<string, unknown>][] = [
  [
    "RateLimitRule",
    rateLimitRuleProvider as unknown as Provider,
    1,
    1,
    "POST /shield/rate-limit",
    { ruleName: "twice", ruleConfiguration: sampleRuleConfiguration() },
  ],
  [
    "WafRule",
    wafRuleProvider as unknown as Provider,
    2,
    4,
    "POST /shield/waf/custom-rule",
    {
      ruleName: "twice",
      ruleConfiguration: {
        actionType: "Block",
        variableTypes: { REQUEST_URI: "/admin" },
        operatorType: "BEGINSWITH",
      },
    },
  ],
  [
    "AccessList",
    accessListProvider as unknown as Provider,
    1,
    1,
    "POST /shield/shield-zone/1/access-lists",
    { name: "twice", type: "CIDR", entries: ["192.0.2.0/24"] },
  ],
];

describe.each(KINDS)("%s", (_type, provider, zone, pullZone, post, args) => {
  test.each([
    ["the pull-zone lookup late", `^/shield/shield-zone/get-by-pullzone/${pullZone}$`],
    ["the zone's reads late", `^/shield/shield-zone/${zone}(/.*)?$`],
    [
      "the zone's listing late",
      `^/shield/(rate-limits|waf/custom-rules)/${zone}$|^/shield/shield-zone/${zone}/access-lists$`,
    ],
  ])(
    "one name in one zone by shieldZoneId and by pullZoneId, %s: one POST at most",
    async (_order, path) => {
      await t.reset();
      resetRunState();
      const a = await provider.check({}, { shieldZoneId: zone, ...args });
      const b = await provider.check({}, { pullZoneId: pullZone, ...args });
      expect([a.failures, b.failures]).toEqual([[], []]);
      await t.clearJournal();
      await t.fault({ method: "GET", path, delayMs: 300, count: 1 });
      const results = await Promise.allSettled([
        provider.create(a.inputs),
        provider.create(b.inputs),
      ]);
      const posts = (await t.journal())
        .filter((e) => e.method !== "GET")
        .map((e) => `${e.method} ${e.path}`);
      console.log(`${_type}, ${_order}: ${JSON.stringify(posts)}; ${results.map((r) => r.status)}`);
      expect(posts.filter((p) => p.startsWith("POST"))).toHaveLength(1);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(String(refused.reason?.message)).toMatch(/"twice"/);
    },
  );
});
