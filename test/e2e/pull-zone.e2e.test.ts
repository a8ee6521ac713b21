/**
 * Pull zones with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/pull-zone-program.ts) + the dynamic-provider host, against the emulator
 * on a loopback port.
 * - One `up` of 20 new edge rules and a settings change of their zone: the engine runs the 21
 *   writes at once, and every one lands under every profile, where concurrent writes to one
 *   zone lose updates too (`pullZoneWrites: "lost-updates"`).
 * - The linking program: a new pull zone, its edge rules, a DNS record pointing at it, its
 *   shield zone and a WAF rule in that, created in dependency order in one `up`; a no-change
 *   preview is clean; a preview of one setting of the zone and one of its shield zone shows
 *   two updates and nothing else; destroy deletes what the program made, in dependency order,
 *   and nothing else.
 * Expected values come from the scenario (the program's values, the fixtures), never from the
 * provider's code. Fixture pull zone 1 holds 20 edge rules (`fixture rule N`) and caches as its
 * origin says (`CacheControlMaxAgeOverride` -1); DNS zone 1 has no record named `site`.
 */
import * as path from "path";
import type { EmulatorState, ProfileInput } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type { PullZoneProgramOptions } from "./programs/pull-zone-program";
import { CLI_BUILD_TIMEOUT_MS, clone, e2eAvailable, provideCliAndDist, show } from "./setup";

const PROGRAM = path.join(__dirname, "programs", "pull-zone-program.ts");
const OP_TIMEOUT = 300_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/**
 * The pull-zone answers of the emulator, each with the lost updates of concurrent zone writes
 * (the provider test runs every built-in profile: test/provider/pull-zone-writes.test.ts).
 */
const PROFILES: [string, ProfileInput][] = [
  ["default", { pullZoneWrites: "lost-updates" }],
  ["settings replaced", { pullZoneUpdate: "replace", pullZoneWrites: "lost-updates" }],
  [
    "rules sorted, empty add answers",
    { edgeRuleOrder: "sorted", edgeRuleAddAnswer: "empty", pullZoneWrites: "lost-updates" },
  ],
];

const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.pullZones as Any[]).find((z) => z.id === id)?.model;

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: pull zones", () => {
  let harness: KindHarness;

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "pull-zone", programModule: PROGRAM });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  test.each(PROFILES)(
    "%s, lost updates: one up of 20 new edge rules and a settings change of their zone lands whole",
    async (_name, profile) => {
      const control = harness.control;
      await control.reset();
      await control.setProfile(profile);
      const stack = harness.newStack(`writes-${_name.replace(/[^a-z]+/g, "-")}`);
      const options: PullZoneProgramOptions = {
        writes: { rules: 20, cacheControlMaxAgeOverride: 3600 },
      };
      const up = await stack.op({ op: "up" }, options);
      expect(up.ok).toBe(true);
      const z = zoneOf(await control.state(), 1);
      expect(z.CacheControlMaxAgeOverride).toBe(3600);
      const names = z.EdgeRules.map((r: Any) => r.Description).sort();
      expect(names).toEqual(
        Array.from({ length: 20 }, (_, i) => [`fixture rule ${i + 1}`, `rule-${i} header`])
          .flat()
          .sort(),
      );
      const destroy = await stack.op({ op: "destroy" }, options);
      expect(destroy.ok).toBe(true);
      const after = zoneOf(await control.state(), 1);
      expect(after.CacheControlMaxAgeOverride).toBe(-1);
      expect(after.EdgeRules.map((r: Any) => r.Description).sort()).toEqual(
        Array.from({ length: 20 }, (_, i) => `fixture rule ${i + 1}`).sort(),
      );
    },
    OP_TIMEOUT,
  );

  test(
    "the linking program: created in dependency order, a clean preview, destroyed in reverse and nothing else touched",
    async () => {
      const control = harness.control;
      await control.reset();
      await control.setProfile("default");
      const before: EmulatorState = await control.state();
      const stack = harness.newStack("linking");
      const options: PullZoneProgramOptions = { linking: { name: "linked-site", record: "site" } };
      await control.clearJournal();
      const up = await stack.op({ op: "up" }, options);
      show("up (linking)", up, 40);
      expect(up.summary?.resourceChanges).toMatchObject({ create: 7 });
      const outs = Object.fromEntries(
        Object.entries(up.outputs ?? {}).map(([k, v]) => [k, v.value]),
      ) as Any;
      const made = await control.state();
      const pz = (made.pullZones as Any[]).find((z) => z.name === "linked-site");
      expect(pz.id).toBe(outs.pullZoneId);
      expect(pz.model.BlockPostRequests).toBe(true);
      expect(pz.model.EdgeRules.map((r: Any) => r.Description).sort()).toEqual([
        "site-rule-0 header",
        "site-rule-1 header",
      ]);
      const record = (made.dnsZones as Any[])
        .find((z) => z.Id === 1)
        .Records.find((r: Any) => r.Name === "site");
      expect(record).toMatchObject({ Type: 7, AcceleratedPullZoneId: pz.id });
      const shield = (made.shieldZones as Any[]).find((z) => z.pullZoneId === pz.id);
      expect(shield.id).toBe(outs.shieldZoneId);
      const waf = (made.wafRules as Any[]).find((r) => r.ruleName === "site-admin");
      expect(waf.shieldZoneId).toBe(shield.id);

      // Dependency order: the zone before everything in it, the shield zone before its rule.
      const writes = (await control.writes()).map((e) => `${e.method} ${e.path}`);
      const first = (re: RegExp) => writes.findIndex((w) => re.test(w));
      const zoneCreate = first(/^POST \/pullzone$/);
      expect(zoneCreate).toBe(0);
      expect(first(/^POST \/pullzone\/\d+\/edgerules/)).toBeGreaterThan(zoneCreate);
      expect(first(/^PUT \/dnszone\/1\/records/)).toBeGreaterThan(zoneCreate);
      const shieldCreate = first(/^POST \/shield\/shield-zone$/);
      expect(shieldCreate).toBeGreaterThan(zoneCreate);
      expect(first(/^POST \/shield\/waf\/custom-rule/)).toBeGreaterThan(shieldCreate);

      const preview = await stack.op({ op: "preview", opts: { expectNoChanges: true } }, options);
      expect(preview.ok).toBe(true);
      // One setting of the zone and one of its shield zone changed: a preview of two updates.
      // The resources that take the zone's or the shield zone's id output are the same (in a
      // preview of an update, an output that is not an input is not known yet: an id read
      // from it would show every rule, record and WAF rule replaced).
      const changed = await stack.op(
        { op: "preview", opts: { diff: true } },
        { linking: { ...options.linking!, changed: true } },
      );
      show("preview (two settings changed)", changed, 60);
      expect(changed.changeSummary).toEqual({ update: 2, same: 5 });

      await control.clearJournal();
      const destroy = await stack.op({ op: "destroy" }, options);
      show("destroy (linking)", destroy, 40);
      expect(destroy.ok).toBe(true);
      const gone = (await control.writes()).map((e) => `${e.method} ${e.path}`);
      const at = (re: RegExp) => gone.findIndex((w) => re.test(w));
      const zoneDelete = at(new RegExp(`^DELETE /pullzone/${pz.id}$`));
      expect(zoneDelete).toBe(gone.length - 1);
      expect(at(/^DELETE \/pullzone\/\d+\/edgerules\//)).toBeGreaterThan(-1);
      expect(at(/^DELETE \/dnszone\/1\/records\//)).toBeGreaterThan(-1);
      expect(at(/^DELETE \/shield\/waf\/custom-rule\//)).toBeGreaterThan(-1);

      // Nothing else changed: the emulator as before, but for what the platform keeps of the
      // program's objects (the shield zone Pulumi created: the platform has no delete of it).
      const after = clone(await control.state()) as Any;
      const expected = clone(before) as Any;
      after.shieldZones = (after.shieldZones as Any[]).filter((z) => z.pullZoneId !== pz.id);
      for (const s of [after, expected]) {
        delete s.nextIds;
        for (const z of s.dnsZones) delete z.DateModified;
      }
      expect(after).toEqual(expected);
    },
    OP_TIMEOUT,
  );
});
