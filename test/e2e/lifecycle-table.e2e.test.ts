/**
 * The lifecycle table through the real Pulumi engine (issue 28): the rules of the
 * provider-level table (test/provider/lifecycle-table/) run with the CLI, the dynamic-provider
 * host and the emulator, each rule against EVERY kind to which it applies at once, in one
 * program (test/e2e/programs/table-program.ts) and one stack. What a kind is and does comes
 * from the same declarations as the provider-level table (one file per kind there): a kind
 * added later is covered here by adding its declaration to KINDS (kinds.ts). After each rule the
 * emulator's whole state is compared with what the program owns, and its journal of writes
 * with the writes the rule allows: nothing else may change.
 *
 * All kinds in one program is also a rule of its own: the engine runs their steps
 * concurrently, so two kinds that write parts of one zone's settings must not undo each
 * other's writes.
 */
import { randomBytes } from "crypto";
import * as path from "path";
import type { EmulatorState, JournalEntry } from "../../packages/emulator/src";
import {
  getPath,
  isNa,
  type Any,
  type KindDeclaration,
  type WriteSpec,
} from "../provider/lifecycle-table/kind";
import { KINDS } from "../provider/lifecycle-table/kinds";
import { registerSecret } from "../support/secrets";
import { KindHarness, startKindHarness } from "./harness";
import type { AnySpec } from "./programs/table-program";
import {
  canonical as sortedRules,
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  OpResult,
  provideCliAndDist,
  runPulumi,
  show,
  TestStack,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "table-program.ts");
const RULE_TIMEOUT = 600_000;

/**
 * The state to compare: rules by id with their JSON parsed; a zone's plan fields as the
 * platform answers them (absent: Basic, WAF on; a zone PATCH writes them); the emulator's id
 * counters left out (an id once used is not given again).
 */
function canonical(s: EmulatorState): Any {
  const c = clone(sortedRules(s)) as Any;
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  delete c.nextIds;
  return c;
}

/** A resource name per kind and role (`ratelimitrule-a`). */
const nameOf = (k: KindDeclaration, role = "a") => `${k.name.toLowerCase()}-${role}`;
/** The zone a write's path does not name, from its body (`PATCH /shield/shield-zone`). */
const zoneOfWrite = (e: JournalEntry): number | undefined => {
  const z = (e.body as { shieldZoneId?: unknown } | null | undefined)?.shieldZoneId;
  return typeof z === "number" && !e.path.includes(`/${z}`) ? z : undefined;
};
/** A write as a line: method, path and, for a path that names no zone, the body's zone. */
const lineOf = (w: { method: string; path: string; zone?: number }) =>
  `${w.method} ${w.path}${w.zone !== undefined ? ` (zone ${w.zone})` : ""}`;
const lines = (j: JournalEntry[]) => j.map((e) => lineOf({ ...e, zone: zoneOfWrite(e) })).sort();
/** Does a journal entry match a declaration's write (method, path as a regular expression)? */
const matches = (e: JournalEntry, w: WriteSpec) =>
  e.method === w.method &&
  new RegExp(w.path).test(e.path) &&
  (w.zone === undefined || zoneOfWrite(e) === w.zone);

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: the lifecycle table, every kind at once",
  () => {
    let cli: CliInfo;
    let harness: KindHarness;
    let control: Control;
    const OTHER_KEY = `e2e-table-other-${randomBytes(16).toString("hex")}`;

    beforeAll(async () => {
      cli = await provideCliAndDist();
      harness = await startKindHarness(cli, { label: "table", programModule: PROGRAM });
      control = harness.control;
      registerSecret(OTHER_KEY);
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => harness?.close());

    beforeEach(async () => {
      await control.setProfile("default");
      await control.reset();
      await control.clearFaults();
      await control.setScopedKeys({ [OTHER_KEY]: { shieldZones: [2], dnsZones: [2] } });
      await control.clearJournal();
    });

    /** The resource ids an `up` exported, by resource name. */
    const idsOf = (r: OpResult) => (r.outputs?.ids.value ?? {}) as Record<string, string>;
    /** The dynamic resources in the stack's state: name → { id, inputs, outputs }. */
    async function inState(stack: TestStack): Promise<Record<string, Any>> {
      const r = await stack.op({ op: "export" });
      const out: Record<string, Any> = {};
      for (const x of ((r.deployment as Any).deployment.resources ?? []) as Any[]) {
        if (!/dynamic/.test(x.type) || /::pulumi:providers:/.test(x.urn)) continue;
        out[String(x.urn).replace(/.*::/, "")] = { id: x.id, inputs: x.inputs, outputs: x.outputs };
      }
      return out;
    }
    /** Expects `r` to have succeeded, printing the CLI's output when it did not. */
    const ok = (title: string, r: OpResult) => {
      if (!r.ok) show(title, r, 80);
      expect([title, r.ok]).toEqual([title, true]);
    };
    /** The whole state after destroy: as before, except what an action's create did (it stays). */
    function afterDestroy(before: EmulatorState, mid: EmulatorState, ids: Record<string, string>) {
      const expected = clone(before);
      for (const k of KINDS.filter((x) => x.destroy === "keeps")) {
        const id = ids[nameOf(k)];
        if (id === undefined) continue;
        Object.assign(k.find(expected, id), clone(k.find(mid, id)));
      }
      return canonical(expected);
    }

    test(
      "1. create, a clean preview, then destroy: every kind's value on the platform; the state exactly as before (an action's effect stays)",
      async () => {
        const stack = harness.newStack("create");
        const before = await control.state();
        const resources: AnySpec[] = KINDS.map((k) => ({
          kind: k.name,
          name: nameOf(k),
          args: k.create(before),
        }));
        const up = await stack.op({ op: "up", allowFail: true }, { resources });
        ok("up", up);
        const ids = idsOf(up);
        const mid = await control.state();
        expect(KINDS.map((k) => [k.name, k.created.get(k.find(mid, ids[nameOf(k)]))])).toEqual(
          KINDS.map((k) => [k.name, k.created.expected]),
        );
        // Each kind's create wrote what its declaration names, and nothing was written twice.
        const created = (await control.writes()).filter((e) =>
          KINDS.some((k) => matches(e, k.createWrite)),
        );
        expect(new Set(lines(created)).size).toBe(created.length);
        const preview = await stack.op({ op: "preview" }, { resources });
        expect(preview.changeSummary).toEqual({ same: KINDS.length + 1 });
        await control.clearJournal();
        const destroy = await stack.op({ op: "destroy", allowFail: true }, { resources });
        ok("destroy", destroy);
        expect(canonical(await control.state())).toEqual(afterDestroy(before, mid, ids));
        // An action's destroy writes nothing of its own.
        const actions = KINDS.filter((k) => k.destroy === "keeps");
        expect(
          (await control.writes()).filter((e) => actions.some((k) => matches(e, k.createWrite))),
        ).toEqual([]);
      },
      RULE_TIMEOUT,
    );

    test(
      "1b. adopt then destroy: the adopted objects stay with Pulumi's values, nothing else changed",
      async () => {
        const kinds = KINDS.filter((k) => !isNa(k.adopt));
        expect(kinds.length).toBeGreaterThan(0);
        const stack = harness.newStack("adopt");
        const before = await control.state();
        const resources: AnySpec[] = kinds.map((k) => ({
          kind: k.name,
          name: nameOf(k),
          args: (k.adopt as Exclude<KindDeclaration["adopt"], { na: string }>).inputs,
        }));
        const up = await stack.op({ op: "up", allowFail: true }, { resources });
        ok("up", up);
        const ids = idsOf(up);
        expect(kinds.map((k) => [k.name, ids[nameOf(k)]])).toEqual(
          kinds.map((k) => [k.name, (k.adopt as { id: string }).id]),
        );
        ok("destroy", await stack.op({ op: "destroy", allowFail: true }, { resources }));
        const expected = clone(before);
        for (const k of kinds) (k.adopt as { apply(s: EmulatorState): void }).apply(expected);
        expect(canonical(await control.state())).toEqual(canonical(expected));
      },
      RULE_TIMEOUT,
    );

    test(
      "2. an update of one field per kind: the preview names one update per kind; up writes once per kind, that field only; the state changes in those fields only",
      async () => {
        const kinds = KINDS.filter((k) => !isNa(k.update));
        const stack = harness.newStack("update");
        const before = await control.state();
        const programs = new Map(kinds.map((k) => [k, k.create(before)]));
        const resources = (updated: boolean): AnySpec[] =>
          kinds.map((k) => {
            const u = k.update as Exclude<KindDeclaration["update"], { na: string }>;
            const args = programs.get(k)!;
            return { kind: k.name, name: nameOf(k), args: updated ? u.inputs(args) : args };
          });
        const up = await stack.op({ op: "up", allowFail: true }, { resources: resources(false) });
        ok("up", up);
        const ids = idsOf(up);
        const mid = await control.state();
        await control.clearJournal();
        const preview = await stack.op({ op: "preview" }, { resources: resources(true) });
        expect(preview.changeSummary).toEqual({ same: 1, update: kinds.length });
        expect(await control.writes()).toEqual([]);
        const update = await stack.op(
          { op: "up", allowFail: true },
          { resources: resources(true) },
        );
        ok("update", update);
        const w = await control.writes();
        const want = kinds.map((k) => {
          const u = k.update as Exclude<KindDeclaration["update"], { na: string }>;
          return u.write(ids[nameOf(k)], mid);
        });
        expect(lines(w)).toEqual(want.map(lineOf).sort());
        for (const k of kinds) {
          const u = k.update as Exclude<KindDeclaration["update"], { na: string }>;
          const spec = u.write(ids[nameOf(k)], mid);
          const entry = w.find((e) => lineOf({ ...e, zone: zoneOfWrite(e) }) === lineOf(spec))!;
          u.body(entry.body, mid, ids[nameOf(k)]);
        }
        const expected = clone(mid);
        for (const k of kinds) {
          const u = k.update as Exclude<KindDeclaration["update"], { na: string }>;
          u.apply(expected, ids[nameOf(k)]);
        }
        expect(canonical(await control.state())).toEqual(canonical(expected));
        ok(
          "destroy",
          await stack.op({ op: "destroy", allowFail: true }, { resources: resources(true) }),
        );
        expect(canonical(await control.state())).toEqual(canonical(before));
      },
      RULE_TIMEOUT,
    );

    test(
      "3. drift: out-of-band changes show after refresh as each field's value; refresh writes nothing; destroy then restores the state before Pulumi",
      async () => {
        const kinds = KINDS.filter((k) => !isNa(k.drift));
        const stack = harness.newStack("drift");
        const before = await control.state();
        const resources: AnySpec[] = kinds.map((k) => ({
          kind: k.name,
          name: nameOf(k),
          args: k.create(before),
        }));
        const up = await stack.op({ op: "up", allowFail: true }, { resources });
        ok("up", up);
        const ids = idsOf(up);
        const s = await control.state();
        for (const k of kinds)
          (k.drift as Exclude<KindDeclaration["drift"], { na: string }>).change(s, ids[nameOf(k)]);
        await control.setState(s);
        await control.clearJournal();
        const refresh = await stack.op({ op: "refresh", allowFail: true }, { resources });
        ok("refresh", refresh);
        expect(await control.writes()).toEqual([]);
        const state = await inState(stack);
        expect(
          kinds.map((k) => {
            const d = k.drift as Exclude<KindDeclaration["drift"], { na: string }>;
            return [k.name, getPath(state[nameOf(k)]?.outputs, d.path)];
          }),
        ).toEqual(
          kinds.map((k) => [
            k.name,
            (k.drift as Exclude<KindDeclaration["drift"], { na: string }>).expected,
          ]),
        );
        ok("destroy", await stack.op({ op: "destroy", allowFail: true }, { resources }));
        expect(canonical(await control.state())).toEqual(canonical(before));
      },
      RULE_TIMEOUT,
    );

    test(
      "4. a key of another zone: refresh fails naming no key, forgets nothing and writes nothing; destroy with it fails and deletes nothing; with the right key destroy restores the state before Pulumi",
      async () => {
        const kinds = KINDS.filter((k) => !isNa(k.scopedKey));
        const stack = harness.newStack("scoped");
        const setKey = (value: string) => {
          const r = runPulumi(stack, ["config", "set", "--secret", "edgeplatform:apiKey"], {
            input: value,
          });
          expect(r.status).toBe(0);
        };
        const before = await control.state();
        const resources: AnySpec[] = kinds.map((k) => ({
          kind: k.name,
          name: nameOf(k),
          args: k.create(before),
        }));
        ok("up", await stack.op({ op: "up", allowFail: true }, { resources }));
        const mid = await control.state();
        const listed = Object.keys(await inState(stack)).sort();
        expect(listed).toEqual(kinds.map((k) => nameOf(k)).sort());

        setKey(OTHER_KEY);
        await control.clearJournal();
        const refresh = await stack.op(
          { op: "refresh", opts: { runProgram: true }, allowFail: true },
          { resources },
        );
        show("refresh with a key of another zone", refresh, 30);
        expect(refresh.ok).toBe(false);
        expect(text(refresh)).toMatch(/NOT treated as gone/);
        expect(text(refresh)).not.toContain(OTHER_KEY);
        expect(Object.keys(await inState(stack)).sort()).toEqual(listed);
        expect(await control.writes()).toEqual([]);

        // The failed refresh stored the other key with the provider; destroy uses it.
        const wrong = await stack.op({ op: "destroy", allowFail: true }, { resources });
        expect(wrong.ok).toBe(false);
        expect(text(wrong)).not.toContain(OTHER_KEY);
        expect(Object.keys(await inState(stack)).sort()).toEqual(listed);
        expect(canonical(await control.state())).toEqual(canonical(mid));

        setKey(harness.apiKey);
        await control.clearJournal();
        const again = await stack.op({ op: "up", allowFail: true }, { resources });
        ok("up with the right key", again);
        expect(again.summary?.resourceChanges).toEqual({ same: kinds.length + 1 });
        expect(await control.writes()).toEqual([]);
        ok("destroy", await stack.op({ op: "destroy", allowFail: true }, { resources }));
        expect(canonical(await control.state())).toEqual(canonical(before));
      },
      RULE_TIMEOUT,
    );

    test(
      "5. every resource renamed without aliases: up fails and changes nothing on the platform; destroy then restores the state before Pulumi, once",
      async () => {
        const kinds = KINDS.filter((k) => !isNa(k.rename));
        const stack = harness.newStack("rename");
        const before = await control.state();
        const programs = new Map(kinds.map((k) => [k, k.create(before)]));
        const resources = (role: string): AnySpec[] =>
          kinds.map((k) => ({ kind: k.name, name: nameOf(k, role), args: programs.get(k)! }));
        ok("up", await stack.op({ op: "up", allowFail: true }, { resources: resources("a") }));
        const mid = await control.state();
        await control.clearJournal();
        const renamed = await stack.op(
          { op: "up", allowFail: true },
          { resources: resources("b") },
        );
        show("up, every resource renamed without aliases", renamed, 40);
        expect(renamed.ok).toBe(false);
        // Settings and switches: the new entry finds the values already there (no write); a
        // collection's new create is refused by name before its POST.
        expect(await control.writes()).toEqual([]);
        expect(canonical(await control.state())).toEqual(canonical(mid));
        ok(
          "destroy",
          await stack.op({ op: "destroy", allowFail: true }, { resources: resources("b") }),
        );
        expect(canonical(await control.state())).toEqual(canonical(before));
        expect(await inState(stack)).toEqual({});
      },
      RULE_TIMEOUT,
    );

    test(
      "6. async-202: when up returns, the platform shows every created and updated value; destroy restores the state before Pulumi",
      async () => {
        const kinds = KINDS.filter((k) => !isNa(k.async202));
        const stack = harness.newStack("async");
        await control.setProfile("async-202");
        const before = await control.state();
        const programs = new Map(kinds.map((k) => [k, k.create(before)]));
        const resources = (updated: boolean): AnySpec[] =>
          kinds.map((k) => {
            const args = programs.get(k)!;
            return {
              kind: k.name,
              name: nameOf(k),
              args: updated && !isNa(k.update) ? k.update.inputs(args) : args,
            };
          });
        const up = await stack.op({ op: "up", allowFail: true }, { resources: resources(false) });
        ok("up", up);
        const ids = idsOf(up);
        const mid = await control.state(); // read at once: no waiting for pending writes
        expect(kinds.map((k) => [k.name, k.created.get(k.find(mid, ids[nameOf(k)]))])).toEqual(
          kinds.map((k) => [k.name, k.created.expected]),
        );
        ok("update", await stack.op({ op: "up", allowFail: true }, { resources: resources(true) }));
        const expected = clone(mid);
        for (const k of kinds) if (!isNa(k.update)) k.update.apply(expected, ids[nameOf(k)]);
        expect(canonical(await control.state())).toEqual(canonical(expected));
        const answered = (await control.journal()).filter((e) => e.method !== "GET");
        expect(answered.some((e) => e.status === 202)).toBe(true); // the rule met 202s
        ok(
          "destroy",
          await stack.op({ op: "destroy", allowFail: true }, { resources: resources(true) }),
        );
        expect(canonical(await control.state())).toEqual(canonical(before));
      },
      RULE_TIMEOUT,
    );

    test(
      "7. two resources for one object, spelled both ways, for every kind at once: up fails; settings write nothing, a collection creates one object; destroy restores the state before Pulumi",
      async () => {
        const kinds = KINDS.filter((k) => !isNa(k.spellings));
        const stack = harness.newStack("spellings");
        const before = await control.state();
        const resources: AnySpec[] = kinds.flatMap((k) => {
          const sp = k.spellings as Exclude<KindDeclaration["spellings"], { na: string }>;
          return [
            { kind: k.name, name: nameOf(k, "by-zone"), args: sp.byZone },
            { kind: k.name, name: nameOf(k, "by-pull"), args: sp.byPull },
          ];
        });
        const up = await stack.op({ op: "up", allowFail: true }, { resources });
        expect(up.ok).toBe(false);
        const w = await control.writes();
        const collections = kinds.filter(
          (k) => (k.spellings as { outcome: string }).outcome === "one-created",
        );
        expect(
          collections.map((k) => [k.name, w.filter((e) => matches(e, k.createWrite)).length]),
        ).toEqual(collections.map((k) => [k.name, 1]));
        // No settings object is written (a created list's configuration PATCH is the list's).
        const settings = kinds.filter((k) => !collections.includes(k));
        expect(w.filter((e) => settings.some((k) => matches(e, k.createWrite)))).toEqual([]);
        ok("destroy", await stack.op({ op: "destroy", allowFail: true }, { resources }));
        expect(canonical(await control.state())).toEqual(canonical(before));
      },
      RULE_TIMEOUT,
    );
  },
);
