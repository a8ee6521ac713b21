/**
 * `edge.shield.ManagedAccessList` with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/managed-access-list-program.ts) + the dynamic-provider host, against the
 * emulator on a loopback port. Shield zone 1 (Basic plan) holds managed lists 1 "VPN
 * Providers" (enabled, Block, configuration 7001), 2 "Tor Exit Nodes" (enabled, Challenge,
 * 7002), 3 "AI Crawlers" (disabled, None, 7003), 4 "Known Botnets" (Business plan, 7004).
 */
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type {
  ManagedAccessListProgramOptions,
  ManagedAccessListSpec,
} from "./programs/managed-access-list-program";
import {
  canonical,
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  processesIn,
  provideCliAndDist,
  show,
  sleep,
  TestStack,
  text,
  waitFor,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "managed-access-list-program.ts");
const OP_TIMEOUT = 300_000;
const TYPE = "pulumi-nodejs:dynamic/shield:ManagedAccessList";
const CONFIG = "/shield/shield-zone/1/access-lists/configurations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: edge.shield.ManagedAccessList", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let control: Control;
  let stack: TestStack;
  /** Configuration PATCHes of list 2 (Tor, 7002) when they ARRIVE (answered or not). */
  let torPatchesArrived = 0;
  const newStack = (name: string) => harness.newStack(name);

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, {
      label: "mal",
      programModule: PROGRAM,
      onArrive: (m, u) => {
        if (m === "PATCH" && u === `${CONFIG}/7002`) torPatchesArrived++;
      },
    });
    control = harness.control;
    stack = newStack("mal");
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  const writes = async () =>
    (await control.writes()).map((w) => `${w.method} ${w.path} ${JSON.stringify(w.body)}`);
  const configs = async () =>
    (await control.state()).accessListConfigs
      .filter((c) => c.shieldZoneId === 1)
      .map((c) => [c.configurationId, c.isEnabled, c.action]);
  /** `state` (canonical) with configuration `id` set to `cfg`. */
  const withConfig = (
    state: EmulatorState,
    id: number,
    cfg: { isEnabled?: boolean; action?: number },
  ): EmulatorState => {
    const s = canonical(clone(state));
    Object.assign(
      s.accessListConfigs.find((c) => c.configurationId === id)!,
      cfg,
    );
    return s;
  };
  /** The ManagedAccessList entries of the stack's state, and its pending operations. */
  const exported = async (st: TestStack) => {
    const d = ((await st.op({ op: "export" })).deployment as Any).deployment;
    return {
      resources: ((d.resources ?? []) as Any[]).filter((r) => r.type === TYPE),
      pending: (d.pending_operations ?? []) as Any[],
    };
  };
  const tor: ManagedAccessListSpec = {
    name: "tor",
    shieldZoneId: 1,
    listName: "Tor Exit Nodes",
    action: "Block",
  };
  const ai: ManagedAccessListSpec = { name: "ai", pullZoneId: 1, listId: 3, enabled: true };
  const vpn: ManagedAccessListSpec = {
    name: "vpn",
    shieldZoneId: 1,
    listId: 1,
    enabled: true,
    action: "Block",
  };

  test(
    "create (0 writes when equal), update one field, refresh shows drift by field, destroy restores the prior configuration; nothing else changed",
    async () => {
      await control.reset();
      const initial = canonical(clone(await control.state()));
      await control.clearJournal();
      const options: ManagedAccessListProgramOptions = { lists: [tor, ai, vpn] };
      const up = await stack.op({ op: "up" }, options);
      expect(text(up)).toContain(TYPE);
      expect((await writes()).sort()).toEqual([
        `PATCH ${CONFIG}/7002 {"isEnabled":true,"action":2}`,
        `PATCH ${CONFIG}/7003 {"isEnabled":true,"action":0}`,
      ]);
      expect(up.outputs?.priors.value).toEqual({
        tor: { action: "Challenge" },
        ai: { enabled: false },
        vpn: { enabled: true, action: "Block" },
      });
      expect(await configs()).toEqual([
        [7001, true, 2],
        [7002, true, 2],
        [7003, true, 0],
        [7004, false, 0],
      ]);
      // Nothing else changed.
      const afterUp = canonical(clone(await control.state()));
      expect({ ...afterUp, accessListConfigs: [] }).toEqual({ ...initial, accessListConfigs: [] });

      await control.clearJournal();
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, options);
      expect(await writes()).toEqual([]);

      // Update one field: the listing, then exactly one PATCH.
      const changed = { lists: [{ ...tor, action: "Log" }, ai, vpn] };
      const preview = await stack.op({ op: "preview", opts: { diff: true } }, changed);
      expect(preview.stdout).toMatch(/action\s*:\s*"Block"\s*=>\s*"Log"/);
      await control.clearJournal();
      await stack.op({ op: "up" }, changed);
      expect(await writes()).toEqual([`PATCH ${CONFIG}/7002 {"isEnabled":true,"action":4}`]);

      // Out of band: the AI crawlers list is switched off again; refresh shows it by field.
      const s = await control.state();
      s.accessListConfigs.find((c) => c.configurationId === 7003)!.isEnabled = false;
      await control.setState(s);
      await control.clearJournal();
      const refresh = await stack.op({ op: "refresh" }, changed);
      show("refresh", refresh, 30);
      expect(refresh.summary?.resourceChanges).toMatchObject({ update: 1 });
      expect(await writes()).toEqual([]);
      const drift = await stack.op({ op: "preview", opts: { diff: true } }, changed);
      show("drift", drift, 30);
      expect(drift.stdout).toMatch(/enabled\s*:\s*false\s*=>\s*true/);
      expect(drift.stdout).not.toMatch(/~ action/);

      await control.clearJournal();
      await stack.op({ op: "destroy" }, changed);
      expect((await writes()).sort()).toEqual([
        `PATCH ${CONFIG}/7002 {"isEnabled":true,"action":3}`,
      ]);
      expect(canonical(clone(await control.state()))).toEqual(initial);
    },
    OP_TIMEOUT,
  );

  test(
    "plan-gated list refused naming Business; two resources for one list refused; no write",
    async () => {
      await control.reset();
      const initial = canonical(clone(await control.state()));
      await control.clearJournal();
      const gated = await stack.op(
        { op: "up", allowFail: true },
        { lists: [{ name: "botnets", shieldZoneId: 1, listName: "Known Botnets", enabled: true }] },
      );
      show("plan gate", gated, 20);
      expect(gated.ok).toBe(false);
      expect(text(gated)).toMatch(/needs the Business plan; shield zone 1 is on the Basic plan/);
      const twice = await stack.op(
        { op: "up", allowFail: true },
        {
          lists: [
            { name: "a", shieldZoneId: 1, listId: 2, enabled: false },
            { name: "b", shieldZoneId: 1, listId: 2, action: "Log" },
          ],
        },
      );
      show("two owners", twice, 20);
      expect(twice.ok).toBe(false);
      expect(text(twice)).toMatch(/is named by 2 resources of this program/);
      expect(await writes()).toEqual([]);
      await stack.op({ op: "destroy" }, {});
      expect(canonical(clone(await control.state()))).toEqual(initial);
    },
    OP_TIMEOUT,
  );

  test(
    "adopt with a partial configuration (only action): an out-of-band change of enabled is neither written nor drift, and the next PATCH carries it as read; destroy restores only the action; nothing else changed",
    async () => {
      await control.reset();
      const initial = canonical(clone(await control.state()));
      const st = newStack("mal-partial");
      const onlyAction: ManagedAccessListSpec = {
        name: "tor",
        shieldZoneId: 1,
        listId: 2,
        action: "Log",
      };
      await control.clearJournal();
      const up = await st.op({ op: "up" }, { lists: [onlyAction] });
      expect(await writes()).toEqual([`PATCH ${CONFIG}/7002 {"isEnabled":true,"action":4}`]);
      expect(up.outputs?.priors.value).toEqual({ tor: { action: "Challenge" } });
      expect(canonical(clone(await control.state()))).toEqual(
        withConfig(initial, 7002, { action: 4 }),
      );

      // Out of band: the list is switched off (a field the program does not manage).
      const off = withConfig(await control.state(), 7002, { isEnabled: false });
      await control.setState(off);
      await control.clearJournal();
      const refresh = await st.op({ op: "refresh" }, { lists: [onlyAction] });
      show("refresh after the unmanaged change", refresh, 30);
      expect(await writes()).toEqual([]);
      expect(refresh.stdout).not.toMatch(/enabled\s*:\s*true\s*=>\s*false/);
      const pv = await st.op(
        { op: "preview", opts: { diff: true, expectNoChanges: true } },
        { lists: [onlyAction] },
      );
      show("preview --diff after the unmanaged change", pv, 30);
      expect(pv.stdout).not.toMatch(/enabled/);
      const [inState] = (await exported(st)).resources;
      expect(inState.outputs).toMatchObject({
        enabled: false,
        action: "Log",
        unmanaged: ["enabled"],
        prior: { action: "Challenge" },
      });
      expect(inState.inputs.enabled).toBeUndefined();
      await st.op({ op: "up" }, { lists: [onlyAction] });
      expect(await writes()).toEqual([]);
      expect(canonical(clone(await control.state()))).toEqual(canonical(off));

      // One managed field changes: the PATCH keeps `isEnabled` as the platform holds it now.
      const block = { ...onlyAction, action: "Block" };
      await control.clearJournal();
      await st.op({ op: "up" }, { lists: [block] });
      expect(await writes()).toEqual([`PATCH ${CONFIG}/7002 {"isEnabled":false,"action":2}`]);
      expect(canonical(clone(await control.state()))).toEqual(withConfig(off, 7002, { action: 2 }));

      // Destroy restores the action before Pulumi; `enabled` stays as it was set out of band.
      await control.clearJournal();
      await st.op({ op: "destroy" }, { lists: [block] });
      expect(await writes()).toEqual([`PATCH ${CONFIG}/7002 {"isEnabled":false,"action":3}`]);
      expect(canonical(clone(await control.state()))).toEqual(
        withConfig(initial, 7002, { isEnabled: false }),
      );
    },
    OP_TIMEOUT,
  );

  test(
    "the configuration PATCH applied but its answer lost (500): a partial create with the true prior; the next up writes nothing and keeps that prior; destroy restores it",
    async () => {
      await control.reset();
      const initial = canonical(clone(await control.state()));
      const st = newStack("mal-lost-answer");
      const options = { lists: [{ ...tor, action: "Log" }] };
      // The platform applies the PATCH, then answers 500 (not retried).
      await control.fault({
        method: "PATCH",
        path: `^${CONFIG}/7002$`,
        afterHandler: true,
        status: 500,
        count: 1,
      });
      await control.clearJournal();
      const up1 = await st.op({ op: "up", allowFail: true }, options);
      show("up, PATCH applied but answered 500", up1, 20);
      expect(up1.ok).toBe(false);
      expect(await writes()).toEqual([`PATCH ${CONFIG}/7002 {"isEnabled":true,"action":4}`]);
      const applied = withConfig(initial, 7002, { action: 4 });
      expect(canonical(clone(await control.state()))).toEqual(applied);
      const after1 = await exported(st);
      expect(after1.pending).toEqual([]);
      expect(after1.resources).toHaveLength(1);
      expect(after1.resources[0].outputs.prior).toEqual({ action: "Challenge" });

      await control.clearFaults();
      await control.clearJournal();
      const up2 = await st.op({ op: "up" }, options);
      show("up after the partial create", up2, 20);
      expect(await writes()).toEqual([]);
      expect(up2.outputs?.priors.value).toEqual({ tor: { action: "Challenge" } });
      expect(canonical(clone(await control.state()))).toEqual(applied);
      await st.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, options);

      await control.clearJournal();
      await st.op({ op: "destroy" }, options);
      expect(await writes()).toEqual([`PATCH ${CONFIG}/7002 {"isEnabled":true,"action":3}`]);
      expect(canonical(clone(await control.state()))).toEqual(initial);
    },
    OP_TIMEOUT,
  );

  // After an interrupted `up` whose configuration PATCH landed while the CLI and the provider
  // host were killed, the engine holds only a pending create. The next `up` creates again: it
  // reads the list as the interrupted run left it (action Log) and records THAT as `prior`
  // (nothing on the platform tells it from a list already so). The pending create holds the
  // true value all the same (`priorRead`, read by check before the write): the documented
  // way out states it as `prior`.
  test(
    "interrupted up (the host killed while the configuration PATCH is in flight; it lands): the pending create holds the prior read before the write; the next up cannot know it (it reads Pulumi's write), and stating the pending create's value with `prior` (the documented way out) makes destroy restore it",
    async () => {
      await control.reset();
      const initial = canonical(clone(await control.state()));
      const st = newStack("mal-interrupted");
      const options = { lists: [{ ...tor, action: "Log" }] };
      // The PATCH is held 8 s by the emulator, then applied even when its client is gone.
      const holdMs = 8_000;
      await control.fault({
        method: "PATCH",
        path: `^${CONFIG}/7002$`,
        delayMs: holdMs,
        count: -1,
      });
      torPatchesArrived = 0;
      const upping = st.op({ op: "up", allowFail: true }, options);
      await waitFor("the PATCH in flight", () => torPatchesArrived >= 1, 180_000);
      const cliProcs = processesIn(st.projectDir).filter(
        (p) => path.basename(p.argv[0]) === "pulumi" && p.argv.includes("up"),
      );
      expect(cliProcs).toHaveLength(1);
      process.kill(cliProcs[0].pid, "SIGINT");
      await sleep(500);
      process.kill(cliProcs[0].pid, "SIGINT");
      const interrupted = await upping;
      show("interrupted up", interrupted, 20);
      expect(interrupted.ok).toBe(false);
      // Printed before the write: the value to state after an interruption.
      expect(interrupted.stdout + interrupted.stderr).toContain(
        "configuration before Pulumi: action = Challenge;",
      );
      const applied = withConfig(initial, 7002, { action: 4 });
      await waitFor(
        "the PATCH applied",
        async () => canonical(clone(await control.state())).accessListConfigs[1].action === 4,
        holdMs + 20_000,
      );
      for (const p of processesIn(st.projectDir)) {
        try {
          process.kill(p.pid, "SIGKILL"); // ours: started by this test's driver
        } catch {
          // already gone
        }
      }
      await control.clearFaults();
      expect(canonical(clone(await control.state()))).toEqual(applied);
      const after1 = await exported(st);
      console.log(
        `state after the interrupt: ${after1.resources.length} resources; pending: ${JSON.stringify(
          after1.pending.map((p) => ({ type: p.type, outputs: p.resource?.outputs ?? null })),
        )}`,
      );
      expect(after1.resources).toEqual([]);
      expect(after1.pending.map((p) => p.type)).toEqual(["creating"]);
      const record = after1.pending[0].resource.inputs.priorRead;

      await control.clearJournal();
      torPatchesArrived = 0;
      const up2 = await st.op({ op: "up", allowFail: true }, options);
      show("up after the interrupt", up2, 30);
      expect(torPatchesArrived).toBe(0);
      expect(await writes()).toEqual([]);
      expect(up2.ok).toBe(true);
      // The provider cannot tell Pulumi's interrupted write from a list already so: it
      // records what it reads (Log). The way out: state the printed prior.
      expect(up2.outputs?.priors.value).toEqual({ tor: { action: "Log" } });
      const pinned = { lists: [{ ...tor, action: "Log", prior: record }] };
      await control.clearJournal();
      const up3 = await st.op({ op: "up" }, pinned);
      expect(await writes()).toEqual([]);
      expect(up3.outputs?.priors.value).toEqual({ tor: { action: "Challenge" } });

      await control.clearJournal();
      await st.op({ op: "destroy" }, pinned);
      expect(await writes()).toEqual([`PATCH ${CONFIG}/7002 {"isEnabled":true,"action":3}`]);
      expect(canonical(clone(await control.state()))).toEqual(initial);
    },
    OP_TIMEOUT,
  );
});
