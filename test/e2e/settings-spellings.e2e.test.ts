/**
 * Issue 28, finding 3, with the real Pulumi engine: two settings resources for one zone's
 * settings, the zone spelled two ways (`shieldZoneId` and the zone's `pullZoneId`). Both are
 * refused before any write, whichever of them the engine (and the platform's answers) runs
 * first; the next `up` refuses again. The order is forced with the emulator's delay faults.
 */
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type { SettingsSpec } from "./programs/shield-zone-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  e2eAvailable,
  provideCliAndDist,
  show,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "shield-zone-program.ts");
const OP_TIMEOUT = 300_000;
const TYPE = "pulumi-nodejs:dynamic/shield:ShieldZone";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: one zone's settings spelled two ways", () => {
  let cli: CliInfo;
  let harness: KindHarness;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "spellings", programModule: PROGRAM });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  // Shield zone 1 protects pull zone 1 (fixtures); its DDoS sensitivity is Medium.
  const byZone: SettingsSpec = {
    kind: "ShieldZone",
    name: "by-zone",
    args: { shieldZoneId: 1, ddos: { sensitivity: "High" } },
  };
  const byPull: SettingsSpec = {
    kind: "ShieldZone",
    name: "by-pull",
    args: { pullZoneId: 1, ddos: { sensitivity: "Low" } },
  };
  const zoneWrites = async () =>
    (await harness.control.writes())
      .filter((e) => e.path.startsWith("/shield/shield-zone"))
      .map((e) => `${e.method} ${e.path}`);
  const inState = async (stack: ReturnType<KindHarness["newStack"]>) => {
    const exported = (await stack.op({ op: "export" })).deployment as Any;
    return ((exported.deployment.resources ?? []) as Any[])
      .filter((r) => r.type === TYPE)
      .map((r) => r.urn.split("::").pop());
  };

  const orders: [string, { method: string; path: string }][] = [
    // The pull zone's lookup answers late: the resource by shield zone id goes first.
    [
      "the pull-zone lookup late",
      { method: "GET", path: "^/shield/shield-zone/get-by-pullzone/1$" },
    ],
    // The first read of zone 1 (the resource by shield zone id) answers late: the resource by
    // pull zone resolves, reads and writes first.
    ["the first zone read late", { method: "GET", path: "^/shield/shield-zone/1$" }],
  ];

  test.each(orders)(
    "ShieldZone by shieldZoneId and by the pullZoneId of the same zone, %s: up fails naming both, no PATCH; the next up fails again",
    async (_order, fault) => {
      const control = harness.control;
      await control.setProfile("default");
      await control.reset();
      const initial = clone(await control.state());
      expect(zoneOf(initial, 1).pullZoneId).toBe(1); // premise: the same zone
      const stack = harness.newStack(`two-ways-${orders.findIndex(([o]) => o === _order)}`);
      const program = { resources: [byZone, byPull] };
      await control.clearJournal();
      await control.fault({ ...fault, delayMs: 1_500, count: 1 });
      const up = await stack.op({ op: "up", allowFail: true }, program);
      show(`up, ${_order}`, up, 40);
      await control.clearFaults();
      console.log(`${_order}: up ok ${up.ok}; zone writes ${JSON.stringify(await zoneWrites())}`);
      expect(up.ok).toBe(false);
      const out = text(up);
      expect(out).toMatch(/ShieldZone "by-zone"[^\n]*shieldZoneId 1/);
      expect(out).toMatch(/ShieldZone "by-pull"[^\n]*pullZoneId 1/);
      expect(await zoneWrites()).toEqual([]);
      expect(await control.state()).toEqual(initial);
      expect(await inState(stack)).toEqual([]);

      // The next up: the same refusal, never "nothing to do".
      await control.clearJournal();
      const again = await stack.op({ op: "up", allowFail: true }, program);
      show(`up again, ${_order}`, again, 40);
      expect(again.ok).toBe(false);
      expect(text(again)).toMatch(/ShieldZone "by-pull"[^\n]*pullZoneId 1/);
      expect(await zoneWrites()).toEqual([]);
      expect(await control.state()).toEqual(initial);
    },
    OP_TIMEOUT,
  );

  test(
    "a ShieldZone by pullZoneId added beside the one by shieldZoneId of the same zone: refused, nothing written, the existing entry kept; again on the next up",
    async () => {
      const control = harness.control;
      await control.setProfile("default");
      await control.reset();
      const stack = harness.newStack("added");
      await stack.op({ op: "up" }, { resources: [byZone] });
      const written = clone(await control.state());
      expect(zoneOf(written, 1).settings.dDoSShieldSensitivity).toBe(3); // High
      for (const attempt of ["added", "again"]) {
        await control.clearJournal();
        const up = await stack.op({ op: "up", allowFail: true }, { resources: [byZone, byPull] });
        show(`up, by-pull ${attempt}`, up, 40);
        expect(up.ok).toBe(false);
        expect(text(up)).toMatch(/ShieldZone "by-pull"[^\n]*pullZoneId 1/);
        expect(text(up)).toMatch(/ShieldZone "by-zone"[^\n]*shieldZoneId 1/);
        expect(await zoneWrites()).toEqual([]);
        expect(await control.state()).toEqual(written);
        expect(await inState(stack)).toEqual(["by-zone"]);
      }
      await stack.op({ op: "destroy" }, { resources: [byZone] });
    },
    OP_TIMEOUT,
  );

  test(
    "an UnderAttackMode beside a ShieldZone that manages ddos.sensitivity of the same zone (one platform field): up fails naming both and the field, no PATCH; beside one that manages only WAF settings, both are created and destroy restores both",
    async () => {
      const control = harness.control;
      await control.setProfile("default");
      await control.reset();
      const initial = clone(await control.state());
      const attack: SettingsSpec = {
        kind: "UnderAttackMode",
        name: "attack",
        args: { pullZoneId: 1, enabled: true },
      };
      const stack = harness.newStack("shared-field");
      await control.clearJournal();
      const up = await stack.op({ op: "up", allowFail: true }, { resources: [byZone, attack] });
      show("up, ShieldZone ddos.sensitivity + UnderAttackMode", up, 40);
      expect(up.ok).toBe(false);
      const out = text(up);
      expect(out).toMatch(/ShieldZone "by-zone" \(ddos\.sensitivity, shieldZoneId 1\)/);
      expect(out).toMatch(/UnderAttackMode "attack" \(enabled, pullZoneId 1\)/);
      expect(out).toMatch(/dDoSShieldSensitivity/);
      expect(await zoneWrites()).toEqual([]);
      expect(await control.state()).toEqual(initial);

      // The ShieldZone manages the WAF mode only: no shared field, both are created.
      const wafOnly: SettingsSpec = {
        kind: "ShieldZone",
        name: "by-zone",
        args: { shieldZoneId: 1, waf: { mode: "Log" } },
      };
      const ok = await stack.op({ op: "up" }, { resources: [wafOnly, attack] });
      show("up, ShieldZone waf.mode + UnderAttackMode", ok, 20);
      const zone = zoneOf(await control.state(), 1).settings;
      expect(zone.dDoSShieldSensitivity).toBe(4); // Challenge
      expect(zone.wafExecutionMode).toBe(0); // Log
      await stack.op({ op: "destroy" }, { resources: [wafOnly, attack] });
      expect(zoneOf(await control.state(), 1).settings.dDoSShieldSensitivity).toBe(
        zoneOf(initial, 1).settings.dDoSShieldSensitivity,
      );
    },
    OP_TIMEOUT,
  );
});
