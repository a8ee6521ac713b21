/**
 * A refresh of many rate-limit rules of one shield zone with the real Pulumi engine: CLI +
 * inline program (test/e2e/programs/safety-program.ts) + the dynamic-provider host, against
 * the emulator on a loopback port, under each behaviour profile that touches reads. The
 * zone's list serves the reads (zone-objects/zone-reads.ts); the refresh must still report
 * exactly what the platform holds: drift by field, a rule gone, and nothing else, and it
 * must write nothing. Expected values come from the scenario (what the program wrote, what
 * the test changed), never from the provider's code.
 */
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import type { ProfileName } from "../../packages/emulator/src/profiles";
import { KindHarness, startKindHarness } from "./harness";
import type { RuleSpec, SafetyProgramOptions } from "./programs/safety-program";
import {
  canonical,
  CLI_BUILD_TIMEOUT_MS,
  clone,
  e2eAvailable,
  provideCliAndDist,
  show,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "safety-program.ts");
const OP_TIMEOUT = 300_000;
const N = 6;
const PROFILES: ProfileName[] = ["default", "fill-defaults", "embedded-not-found"];

/** Rule `i` of the program: shield zone 1, its own name and request count. */
const spec = (i: number): RuleSpec => ({
  name: `zr-${i}`,
  shieldZoneId: 1,
  ruleName: `zone-reads-${i}`,
  ruleConfiguration: {
    actionType: "RateLimit",
    variableTypes: { REQUEST_URI: `/zr/${i}` },
    operatorType: "BEGINSWITH",
    requestCount: 100 + i,
    timeframe: 60,
    blockTime: 300,
  },
});

/** The program's rules in the state, by resource name: their outputs. */
function rulesInState(deployment: unknown): Record<string, Record<string, unknown>> {
  type Resources = { resources?: { urn: string; outputs?: object }[] };
  const d = deployment as Resources & { deployment?: Resources };
  const resources = d.deployment?.resources ?? d.resources;
  const out: Record<string, Record<string, unknown>> = {};
  for (const r of resources ?? []) {
    const m = /RateLimitRule::(zr-\d+)$/.exec(r.urn);
    if (m) out[m[1]] = (r.outputs ?? {}) as Record<string, unknown>;
  }
  return out;
}

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: a refresh reads a zone's rules", () => {
  let harness: KindHarness;

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "zone-reads", programModule: PROGRAM });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  test.each(PROFILES)(
    `%s profile: ${N} rules of one zone, one drifted and one deleted outside Pulumi: refresh reports both, writes nothing, reads with 2 GETs and the zone's list`,
    async (profile) => {
      const control = harness.control;
      await control.reset();
      await control.setProfile(profile);
      const program: SafetyProgramOptions = { rules: Array.from({ length: N }, (_, i) => spec(i)) };
      const stack = harness.newStack(`zone-reads-${profile}`);
      const up = await stack.op({ op: "up" }, program);
      expect(up.ok).toBe(true);
      const ids = up.outputs!.ids.value as Record<string, string>;

      // Outside Pulumi: rule 2's request count changes, rule 4 is deleted, and someone else's
      // rule appears in the zone.
      await control.updateState((s) => {
        const r2 = s.rateLimitRules.find((r) => r.id === Number(ids["zr-2"]))!;
        r2.ruleConfiguration = { ...r2.ruleConfiguration, requestCount: 999 };
        r2.ruleJson = JSON.stringify(r2.ruleConfiguration);
        s.rateLimitRules = s.rateLimitRules.filter((r) => r.id !== Number(ids["zr-4"]));
        s.rateLimitRules.push({
          ...clone(s.rateLimitRules.find((r) => r.id === Number(ids["zr-0"]))!),
          id: 9000,
          ruleName: "someone-else",
        });
      });
      const before: EmulatorState = await control.state();
      await control.clearJournal();

      const [refresh, exported] = await stack.run([{ op: "refresh" }, { op: "export" }], program);
      show(`refresh (${profile})`, refresh, 30);
      expect(refresh.ok).toBe(true);
      expect(refresh.summary?.resourceChanges).toMatchObject({ update: 1, delete: 1 });

      const state = rulesInState(exported.deployment);
      expect(Object.keys(state).sort()).toEqual(["zr-0", "zr-1", "zr-2", "zr-3", "zr-5"]);
      for (const name of Object.keys(state)) {
        const i = Number(name.slice(3));
        const config = state[name].ruleConfiguration as Record<string, unknown>;
        expect(config.requestCount).toBe(i === 2 ? 999 : 100 + i);
        expect(state[name].ruleId).toBe(Number(ids[name]));
      }

      // Reads only, and not one GET per rule: the zone's list served the rest. Two single GETs
      // whichever rule the engine reads first: a rule's GET that the list is checked against,
      // and the deleted rule's own (when the deleted rule comes first, its failed GET checks
      // nothing, and the next rule's GET checks the list instead).
      const calls = (await control.journal()).filter((e) => e.path.startsWith("/shield/"));
      expect(calls.filter((e) => e.method !== "GET")).toEqual([]);
      const singles = calls.filter((e) => /^\/shield\/rate-limit\/\d+$/.test(e.path));
      expect(singles).toHaveLength(2);
      expect(calls.some((e) => e.path === "/shield/rate-limits/1")).toBe(true);
      // The deleted rule was confirmed gone by its own GET (not found) and the zone's list.
      expect(singles.map((e) => e.path)).toContain(`/shield/rate-limit/${ids["zr-4"]}`);
      expect(canonical(await control.state())).toEqual(canonical(before));

      // Destroy deletes the program's remaining rules only; the other rule stays.
      const destroy = await stack.op({ op: "destroy" }, program);
      expect(destroy.ok).toBe(true);
      const left = (await control.state()).rateLimitRules.map((r) => r.ruleName);
      expect(left.filter((n) => /^zone-reads-/.test(n ?? ""))).toEqual([]);
      expect(left).toContain("someone-else");
    },
    OP_TIMEOUT,
  );
});
