/**
 * Pull-zone scenarios with the real Pulumi engine (CLI + inline program
 * test/e2e/programs/pull-zone-scenarios-program.ts + the dynamic-provider host) against the
 * emulator on a loopback port, in fixture pull zone 1 (`zone-one`: 20 edge rules `fixture rule
 * N` at order index N, three hostnames, `CacheControlMaxAgeOverride` -1), whose own rules and
 * hostnames no scenario may touch. The program's rules are `rule-N` at priority 100 + N. One
 * stack carries scenarios 1-3 in turn; 4 and 5 have stacks of their own.
 * 1. Reorder: five rules at explicit priorities, two of them swapped: the preview shows only
 *    those two rules' `priority`, `up` writes exactly those two, then a clean preview.
 * 2. Drift by field: one rule's action and the zone's managed setting changed out of band:
 *    `refresh` reports exactly those two fields, `up` puts them back, one write each.
 * 3. Interrupted `up`: two new rules, the CLI and its hosts killed while the first rule's
 *    write is held in flight (it lands): the next `up` makes the second rule and refuses the
 *    landed one by its description (never a second rule of it); the documented way out (adopt
 *    it by id, clear the pending creates) converges with no write; each rule exists once and
 *    the state matches the emulator; destroy gives zone 2 back as it was.
 * 4. Two stacks on one zone: A manages the zone's setting and rules 1-3, B rules 4-5; B's
 *    state holds none of A's; destroying B deletes B's two rules and nothing of A's.
 * 5. A hostname with a free certificate that fails (`freeCertificateMs`, a hostname under
 *    `.invalid`): `up` fails naming the hostname, and the hostname it added is removed; the
 *    next `up`, with the hostname fixed, succeeds.
 * Expected values come from the scenario (the program's values, the fixtures), never from the
 * provider's code. After each scenario the emulator's whole state is compared with what the
 * program owns, and the journal's writes counted.
 *
 * Broken on purpose once each (then restored), these scenarios failed: an edge rule's update
 * with the rule as read laid over the plan (1: the swap wrote the old priorities); a refresh's
 * read of a rule without its `actionType` (2: six resources updated, not two); a create that
 * takes over the rule of its description (3: the next `up` succeeded); a rule's delete by
 * position, the rule before it in the zone's list (4: one of A's rules deleted); a hostname
 * create that does not remove the hostname when its certificate fails (5: no removal).
 */
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type {
  PullZoneScenariosOptions,
  ScenarioRule,
} from "./programs/pull-zone-scenarios-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  clone,
  Control,
  e2eAvailable,
  OpResult,
  processesIn,
  provideCliAndDist,
  show,
  sleep,
  TestStack,
  text,
  waitFor,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "pull-zone-scenarios-program.ts");
const OP_TIMEOUT = 300_000;
/** How long the emulator holds the interrupted rule's write before applying it. */
const HOLD_MS = 8_000;
const ZONE = 1;
const RULE_WRITE = `POST /pullzone/${ZONE}/edgerules/addOrUpdate`;
const EDGE_RULE = "pulumi-nodejs:dynamic/pullzones:EdgeRule";
const PULL_ZONE = "pulumi-nodejs:dynamic/pullzones:PullZone";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const zoneOf = (s: EmulatorState): Any => (s.pullZones as Any[]).find((z) => z.id === ZONE).model;
const rulesOf = (s: EmulatorState): Any[] => zoneOf(s).EdgeRules;
const ruleNamed = (s: EmulatorState, name: string): Any =>
  rulesOf(s).find((r) => r.Description === name);
/** The state to compare: the id counters left out (a hostname added takes an id). */
function comparable(s: EmulatorState): Any {
  const c = clone(s) as Any;
  delete c.nextIds;
  return c;
}
/** The rules of the program, `rule-N` at priority 100 + N. */
const rules = (...ns: number[]): ScenarioRule[] =>
  ns.map((n) => ({ name: `rule-${n}`, priority: 100 + n }));
/** The rules of zone 1 that are not the program's (the fixture's 20). */
const othersOf = (s: EmulatorState): Any[] =>
  rulesOf(s).filter((r) => !String(r.Description).startsWith("rule-"));
/** A rule the program makes, as the platform holds it (SetResponseHeader 5, a Url trigger 0). */
const platformRule = (name: string, priority: number) => ({
  Description: name,
  ActionType: 5,
  ActionParameter1: `X-${name}`,
  ActionParameter2: "on",
  Triggers: [{ Type: 0, PatternMatches: [`*/${name}/*`] }],
  TriggerMatchingType: 0,
  Enabled: true,
  OrderIndex: priority,
});
/** The program's rules in zone 1, in the form of {@link platformRule}, by priority. */
const mine = (s: EmulatorState) =>
  rulesOf(s)
    .filter((r) => String(r.Description).startsWith("rule-"))
    .map(asWritten)
    .sort((a, b) => a.OrderIndex - b.OrderIndex);
/** A platform rule in the form of {@link platformRule}. */
const asWritten = (r: Any) => ({
  Description: r.Description,
  ActionType: r.ActionType,
  ActionParameter1: r.ActionParameter1,
  ActionParameter2: r.ActionParameter2,
  Triggers: r.Triggers.map((t: Any) => ({ Type: t.Type, PatternMatches: t.PatternMatches })),
  TriggerMatchingType: r.TriggerMatchingType,
  Enabled: r.Enabled,
  OrderIndex: r.OrderIndex,
});

/**
 * What a diff display (`preview --diff`, `refresh --diff`) shows changing: each resource
 * whose step is not `same`, by name (its URN's last part), with its step and the names on its
 * lines marked `~`, `+` or `-` (the fields that change, nested ones included).
 */
function diffBlocks(out: string): Record<string, { step: string; changed: string[] }> {
  const blocks: Record<string, { step: string; changed: string[] }> = {};
  let step = "";
  let current: { step: string; changed: string[] } | undefined;
  for (const line of out.split("\n")) {
    const head = /^\s*[~+-]*\s*[\w:/.-]+: \(([\w-]+)\)/.exec(line);
    if (head) {
      step = head[1];
      current = undefined;
      continue;
    }
    if (/^\S/.test(line)) current = undefined;
    const urn = /\[urn=urn:pulumi:[^\]]*::([^\]:]+)\]/.exec(line);
    if (urn) {
      current = step === "same" ? undefined : (blocks[urn[1]] = { step, changed: [] });
      continue;
    }
    const field = /^\s*[~+-]{1,2}\s+(\w+)\s*:/.exec(line);
    if (current && field) current.changed.push(field[1]);
  }
  return blocks;
}

/**
 * What a `refresh` shows changing: each resource's `[diff: …]` marks (`~field`, `-field`,
 * `+field`) by name (the resource line's last word before its status).
 */
function refreshDiffs(out: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const m of out.matchAll(/^\s*~\s+\S+ (\S+) updated \([^)]*\) \[diff: ([^\]]*)\]/gm))
    found[m[1]] = m[2].match(/[~+-][^~+-]+/g) ?? [];
  return found;
}

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: pull-zone scenarios", () => {
  let harness: KindHarness;
  let control: Control;
  /** Requests as they arrive (`METHOD path`): a held write shows here before it is answered. */
  const arrived: string[] = [];

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    harness = await startKindHarness(cli, {
      label: "pull-zone-scenarios",
      programModule: PROGRAM,
      onArrive: (method, url) => arrived.push(`${method} ${(url ?? "").split("?")[0]}`),
    });
    control = harness.control;
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  /** The writes since the journal was cleared, as `METHOD path`. */
  const writeLines = async () => (await control.writes()).map((e) => `${e.method} ${e.path}`);

  /** Runs `op`, prints it, and fails with its output when it fails. */
  async function ok(
    stack: TestStack,
    op: Parameters<TestStack["op"]>[0],
    o: PullZoneScenariosOptions,
  ): Promise<OpResult> {
    const r = await stack.op({ ...op, allowFail: true }, o);
    show(`${op.op} ${JSON.stringify(op.opts ?? {})}`, r, 80);
    console.log(`pulumi ${r.op}: ${r.ms} ms`);
    if (!r.ok) throw new Error(`pulumi ${r.op} failed:\n${text(r)}`);
    return r;
  }

  describe("one stack: reorder, drift by field, an interrupted up", () => {
    let stack: TestStack;
    let before: EmulatorState;
    /** The program as the last scenario left it. */
    let program: PullZoneScenariosOptions;
    /** The emulator's state as the last scenario left it. */
    let settled: EmulatorState;

    beforeAll(async () => {
      await control.setProfile("default");
      await control.reset();
      before = await control.state();
      stack = harness.newStack("chain");
    });

    test(
      "1. reorder: two rules' priorities swapped: the preview shows only their priority, up writes exactly those two, then a clean preview",
      async () => {
        program = {
          pullZoneId: ZONE,
          cacheControlMaxAgeOverride: 3600,
          rules: rules(1, 2, 3, 4, 5),
        };
        await control.clearJournal();
        const up = await ok(stack, { op: "up" }, program);
        expect(up.summary?.resourceChanges).toMatchObject({ create: 7 });
        expect((await writeLines()).sort()).toEqual(
          [...Array(5).fill(RULE_WRITE), `POST /pullzone/${ZONE}`].sort(),
        );
        const made = await control.state();
        expect(othersOf(made)).toEqual(rulesOf(before));
        expect(mine(made)).toEqual([1, 2, 3, 4, 5].map((n) => platformRule(`rule-${n}`, 100 + n)));
        const guids = Object.fromEntries(rulesOf(made).map((r) => [r.Description, r.Guid]));

        // rule-2 and rule-4 swap places.
        program = {
          ...program,
          rules: [
            { name: "rule-1", priority: 101 },
            { name: "rule-2", priority: 104 },
            { name: "rule-3", priority: 103 },
            { name: "rule-4", priority: 102 },
            { name: "rule-5", priority: 105 },
          ],
        };
        await control.clearJournal();
        const pv = await ok(stack, { op: "preview", opts: { diff: true } }, program);
        expect(pv.changeSummary).toEqual({ same: 5, update: 2 });
        expect(diffBlocks(pv.stdout)).toEqual({
          "rule-2": { step: "update", changed: ["priority"] },
          "rule-4": { step: "update", changed: ["priority"] },
        });
        expect(pv.stdout).toMatch(/~ priority\s*: 102 => 104/);
        expect(pv.stdout).toMatch(/~ priority\s*: 104 => 102/);
        expect(await writeLines()).toEqual([]);

        await control.clearJournal();
        const swap = await ok(stack, { op: "up" }, program);
        expect(swap.summary?.resourceChanges).toEqual({ same: 5, update: 2 });
        const w = await control.writes();
        expect(
          w.map((e) => [`${e.method} ${e.path}`, (e.body as Any).Guid, (e.body as Any).OrderIndex]),
        ).toEqual(
          expect.arrayContaining([
            [RULE_WRITE, guids["rule-2"], 104],
            [RULE_WRITE, guids["rule-4"], 102],
          ]),
        );
        expect(w).toHaveLength(2);
        const swapped = await control.state();
        expect(othersOf(swapped)).toEqual(rulesOf(before));
        expect(mine(swapped)).toEqual([
          platformRule("rule-1", 101),
          platformRule("rule-4", 102),
          platformRule("rule-3", 103),
          platformRule("rule-2", 104),
          platformRule("rule-5", 105),
        ]);
        await control.clearJournal();
        await ok(stack, { op: "preview", opts: { diff: true, expectNoChanges: true } }, program);
        expect(await writeLines()).toEqual([]);
        settled = swapped;
      },
      OP_TIMEOUT,
    );

    test(
      "2. drift by field: a rule's action and the zone's setting changed out of band: refresh reports exactly those two fields, up puts them back with one write each",
      async () => {
        expect(settled).toBeDefined();
        const guid = ruleNamed(settled, "rule-3").Guid;
        await control.updateState((s) => {
          ruleNamed(s, "rule-3").ActionType = 6; // SetRequestHeader
          zoneOf(s).CacheControlMaxAgeOverride = 60;
        });
        await control.clearJournal();
        const refresh = await ok(stack, { op: "refresh", opts: { diff: true } }, program);
        expect(refresh.summary?.resourceChanges).toEqual({ same: 5, update: 2 });
        // Each resource's line names the fields that differ (`[diff: ~actionType]`); the
        // zone's also drops `priorRead` (check's record of the zone, an input of no field).
        expect(refreshDiffs(refresh.stdout)).toEqual({
          "rule-3": ["~actionType"],
          zone: ["-priorRead", "~cacheControlMaxAgeOverride"],
        });
        expect(await writeLines()).toEqual([]);

        await control.clearJournal();
        const up = await ok(stack, { op: "up" }, program);
        expect(up.summary?.resourceChanges).toEqual({ same: 5, update: 2 });
        const w = await control.writes();
        expect(w.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
          [RULE_WRITE, `POST /pullzone/${ZONE}`].sort(),
        );
        const ruleBody = w.find((e) => e.path.endsWith("addOrUpdate"))!.body as Any;
        expect([ruleBody.Guid, ruleBody.ActionType]).toEqual([guid, 5]);
        const zoneBody = w.find((e) => e.path === `/pullzone/${ZONE}`)!.body as Any;
        expect(zoneBody.CacheControlMaxAgeOverride).toBe(3600);
        // Nothing else: the zone and its rules as scenario 1 left them.
        expect(comparable(await control.state())).toEqual(comparable(settled));
      },
      OP_TIMEOUT,
    );

    test(
      "3. interrupted up: killed while a new rule's write is held (it lands): the next up refuses that rule by its description and makes the other; the way out converges with no write; each rule exists once, the state matches the emulator; destroy gives the zone back",
      async () => {
        expect(settled).toBeDefined();
        expect(comparable(await control.state())).toEqual(comparable(settled));
        const grown: PullZoneScenariosOptions = {
          ...program,
          rules: [...program.rules!, ...rules(6, 7)],
        };
        // The first new rule's write is held, then applied whether its client is gone or not;
        // the zone's writes go one at a time, so the other waits behind it and is never sent.
        await control.fault({
          method: "POST",
          path: `^${RULE_WRITE.split(" ")[1]}$`,
          delayMs: HOLD_MS,
        });
        await control.clearJournal();
        arrived.length = 0;
        const upping = stack.op({ op: "up", allowFail: true }, grown);
        await waitFor("a new rule's write in flight", () => arrived.includes(RULE_WRITE), 120_000);
        const cli = processesIn(stack.projectDir).filter(
          (p) => path.basename(p.argv[0]) === "pulumi" && p.argv.includes("up"),
        );
        expect(cli).toHaveLength(1);
        process.kill(cli[0].pid, "SIGINT");
        await sleep(500);
        process.kill(cli[0].pid, "SIGINT");
        const interrupted = await upping;
        for (const p of processesIn(stack.projectDir)) {
          try {
            process.kill(p.pid, "SIGKILL"); // ours: the provider hosts this test's driver started
          } catch {
            // already gone
          }
        }
        show("interrupted up", interrupted, 30);
        expect(interrupted.ok).toBe(false);
        expect(text(interrupted)).toMatch(/EdgeRule rule-[67] creating \(interrupted\)/);
        await waitFor(
          "the held write applied",
          async () => (await control.journal()).some((e) => `${e.method} ${e.path}` === RULE_WRITE),
          HOLD_MS + 30_000,
        );
        await sleep(500); // a write is journaled just before its handler runs
        await control.clearFaults();
        expect(await writeLines()).toEqual([RULE_WRITE]);
        const landed = await control.state();
        const added = mine(landed).filter(
          (r) => !mine(settled).some((m) => m.Description === r.Description),
        );
        expect(added).toHaveLength(1);
        const held = added[0].Description as string;
        expect(["rule-6", "rule-7"]).toContain(held);
        const other = held === "rule-6" ? "rule-7" : "rule-6";
        const heldGuid = ruleNamed(landed, held).Guid as string;

        // The next up: the landed rule refused by its description (naming its guid), never
        // made twice; the other rule made.
        await control.clearJournal();
        const next = await stack.op(
          { op: "up", opts: { continueOnError: true }, allowFail: true },
          grown,
        );
        show("up after the interrupt", next, 40);
        expect(next.ok).toBe(false);
        // The held rule's create was pending; the other rule's create, queued behind it (a
        // zone's writes go one at a time, none sent), is pending too when the engine had begun it.
        expect(text(next)).toMatch(/with [12] pending operations from previous deployment/);
        const refused = new RegExp(
          `edgeplatform EdgeRule[^\\n]*create failed: pull zone ${ZONE} already has edge rule ([0-9a-f-]{36}) named[^\\n]*`,
        ).exec(text(next));
        expect(refused?.[0]).toContain(held);
        expect(refused?.[1]).toBe(heldGuid);
        const w = await control.writes();
        expect(w.map((e) => [`${e.method} ${e.path}`, (e.body as Any).Description])).toEqual([
          [RULE_WRITE, other],
        ]);
        const names = rulesOf(await control.state()).map((r) => r.Description);
        expect(names.filter((n) => n === held || n === other).sort()).toEqual([held, other].sort());

        // The way out the refusal names: the landed rule adopted by id as this stack's own,
        // the pending creates cleared.
        const wayOut: PullZoneScenariosOptions = {
          ...grown,
          rules: grown.rules!.map((r) => (r.name === held ? { ...r, edgeRuleId: heldGuid } : r)),
        };
        await ok(stack, { op: "refresh", opts: { clearPendingCreates: true } }, grown);
        await control.clearJournal();
        await ok(stack, { op: "up" }, wayOut);
        expect(await writeLines()).toEqual([]);
        await ok(stack, { op: "preview", opts: { diff: true, expectNoChanges: true } }, wayOut);

        // Each rule once on the platform, and the stack's state names each by its guid.
        const now = await control.state();
        expect(othersOf(now)).toEqual(rulesOf(before));
        expect(mine(now)).toEqual(
          [1, 4, 3, 2, 5, 6, 7].map((n, i) => platformRule(`rule-${n}`, 101 + i)),
        );
        const exported = ((await stack.op({ op: "export" })).deployment as Any).deployment;
        expect(exported.pending_operations ?? []).toEqual([]);
        const inState = (exported.resources as Any[])
          .filter((r) => r.type === EDGE_RULE)
          .map((r) => [r.outputs.description, r.id, r.outputs.priority])
          .sort();
        const onPlatform = rulesOf(now)
          .filter((r) => String(r.Description).startsWith("rule-"))
          .map((r) => [r.Description, r.Guid, r.OrderIndex])
          .sort();
        expect(inState).toEqual(onPlatform);
        expect((exported.resources as Any[]).filter((r) => r.type === PULL_ZONE)).toHaveLength(1);

        // Destroy: the seven rules deleted, the setting given back; zone 1 as before.
        await control.clearJournal();
        await ok(stack, { op: "destroy" }, wayOut);
        expect((await writeLines()).sort()).toEqual(
          [
            ...onPlatform.map(([, g]) => `DELETE /pullzone/${ZONE}/edgerules/${g}`),
            `POST /pullzone/${ZONE}`,
          ].sort(),
        );
        expect(comparable(await control.state())).toEqual(comparable(before));
      },
      OP_TIMEOUT,
    );
  });

  test(
    "4. two stacks on one zone: A manages the setting and rules 1-3, B rules 4-5; B holds none of A's; destroying B deletes B's rules only",
    async () => {
      await control.setProfile("default");
      await control.reset();
      const before = await control.state();
      const a = harness.newStack("stack-a");
      const b = harness.newStack("stack-b");
      const programA: PullZoneScenariosOptions = {
        pullZoneId: ZONE,
        cacheControlMaxAgeOverride: 600,
        rules: rules(1, 2, 3),
      };
      const programB: PullZoneScenariosOptions = { pullZoneId: ZONE, rules: rules(4, 5) };
      await ok(a, { op: "up" }, programA);
      const withA = await control.state();
      const guidsA = rulesOf(withA)
        .filter((r) => String(r.Description).startsWith("rule-"))
        .map((r) => r.Guid);
      expect(guidsA).toHaveLength(3);

      await control.clearJournal();
      const upB = await ok(b, { op: "up" }, programB);
      expect(upB.summary?.resourceChanges).toEqual({ create: 3 });
      const w = await control.writes();
      expect(
        w
          .map((e) => [`${e.method} ${e.path}`, (e.body as Any).Description, (e.body as Any).Guid])
          .sort(),
      ).toEqual([
        [RULE_WRITE, "rule-4", undefined],
        [RULE_WRITE, "rule-5", undefined],
      ]);
      const withB = await control.state();
      expect(othersOf(withB)).toEqual(rulesOf(before));
      expect(mine(withB)).toEqual([1, 2, 3, 4, 5].map((n) => platformRule(`rule-${n}`, 100 + n)));
      expect(zoneOf(withB).CacheControlMaxAgeOverride).toBe(600);
      const exported = ((await b.op({ op: "export" })).deployment as Any).deployment;
      const idsB = (exported.resources as Any[])
        .filter(
          (r) => r.type !== "pulumi:pulumi:Stack" && r.type !== "pulumi:providers:pulumi-nodejs",
        )
        .map((r) => [r.type, r.id]);
      const guidsB = ["rule-4", "rule-5"].map((n) => ruleNamed(withB, n).Guid);
      expect(idsB.sort()).toEqual(guidsB.map((g) => [EDGE_RULE, g]).sort());
      expect(idsB.filter(([, id]) => guidsA.includes(id))).toEqual([]);

      await control.clearJournal();
      await ok(b, { op: "destroy" }, programB);
      expect((await writeLines()).sort()).toEqual(
        guidsB.map((g) => `DELETE /pullzone/${ZONE}/edgerules/${g}`).sort(),
      );
      // A's rules and the zone untouched: as A's up left them, and A's preview is clean.
      expect(comparable(await control.state())).toEqual(comparable(withA));
      await control.clearJournal();
      await ok(a, { op: "preview", opts: { diff: true, expectNoChanges: true } }, programA);
      await ok(a, { op: "destroy" }, programA);
      expect(comparable(await control.state())).toEqual(comparable(before));
    },
    OP_TIMEOUT,
  );

  test(
    "5. a hostname whose free certificate fails: up fails naming it and leaves no hostname; with the hostname fixed, the next up succeeds",
    async () => {
      await control.reset();
      // A free certificate is pending for 1.5 s, then issued, or failed under `.invalid`.
      await control.setProfile({ freeCertificateMs: 1_500 });
      try {
        const before = await control.state();
        const stack = harness.newStack("certificate");
        const bad = "shop.scenario.invalid";
        const good = "shop.scenario.example";
        await control.clearJournal();
        const failed = await stack.op(
          { op: "up", allowFail: true },
          { pullZoneId: ZONE, hostname: { hostname: bad, timeoutSeconds: 30 } },
        );
        show("up with a failing certificate", failed, 40);
        expect(failed.ok).toBe(false);
        expect(text(failed)).toMatch(`The hostname was removed from pull zone ${ZONE}`);
        expect(text(failed)).toMatch(
          new RegExp(`error: edgeplatform Hostname[^\\n]*${bad.replace(/\./g, "\\.")}`),
        );
        // The hostname added, then removed: no orphan, and nothing else changed.
        expect((await writeLines()).map((l) => l.replace(/\?.*/, ""))).toEqual([
          `POST /pullzone/${ZONE}/addHostname`,
          `DELETE /pullzone/${ZONE}/removeHostname`,
        ]);
        const afterFailure = await control.state();
        expect(zoneOf(afterFailure).Hostnames.map((h: Any) => h.Value)).toEqual(
          zoneOf(before).Hostnames.map((h: Any) => h.Value),
        );
        expect(comparable(afterFailure)).toEqual(comparable(before));
        const exported = ((await stack.op({ op: "export" })).deployment as Any).deployment;
        expect(
          ((exported.resources ?? []) as Any[]).filter((r) => String(r.type).endsWith("Hostname")),
        ).toEqual([]);

        await control.clearJournal();
        const fixed = await ok(
          stack,
          { op: "up" },
          { pullZoneId: ZONE, hostname: { hostname: good, timeoutSeconds: 30 } },
        );
        expect(fixed.summary?.resourceChanges).toEqual({ create: 1, same: 1 });
        expect(await writeLines()).toEqual([`POST /pullzone/${ZONE}/addHostname`]);
        const added = (zoneOf(await control.state()).Hostnames as Any[]).filter(
          (h) => !zoneOf(before).Hostnames.some((o: Any) => o.Value === h.Value),
        );
        expect(added.map((h) => [h.Value, h.HasCertificate])).toEqual([[good, true]]);

        await ok(
          stack,
          { op: "destroy" },
          {
            pullZoneId: ZONE,
            hostname: { hostname: good, timeoutSeconds: 30 },
          },
        );
        expect(comparable(await control.state())).toEqual(comparable(before));
      } finally {
        await control.setProfile("default");
      }
    },
    OP_TIMEOUT,
  );
});
