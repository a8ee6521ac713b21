/**
 * Review findings on the settings resources with the real Pulumi engine (CLI + inline
 * program test/e2e/programs/shield-zone-program.ts + the dynamic-provider host), against
 * the emulator: `pulumi up --replace` of a settings resource, and a replacement (the zone
 * spelled the other way) whose new resource manages other settings.
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
const FAIL_TIMEOUT = 120_000;
const TYPE = "pulumi-nodejs:dynamic/shield:ShieldZone";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);
const plain = (s: EmulatorState): Any => {
  const c = clone(s) as Any;
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  return c;
};

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: shield zone settings (review)", () => {
  let cli: CliInfo;
  let harness: KindHarness;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "zone-review", programModule: PROGRAM });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  test(
    "`pulumi up --replace` of a ShieldZone: the original's delete refuses, nothing written, naming the prior; stated, up writes nothing and one entry is left; then the zone spelled by pull zone with another setting: the dropped setting is restored; destroy gives the zone back",
    async () => {
      const control = harness.control;
      await control.setProfile("default");
      await control.reset();
      const initial = plain(await control.state());
      const z = zoneOf(initial, 1).settings;
      const mode = z.wafExecutionMode === 1 ? "Log" : "Block";
      const was = z.wafExecutionMode === 1 ? "Block" : "Log";
      const sens = z.dDoSShieldSensitivity === 3 ? "Low" : "High";
      const stack = harness.newStack("replace");
      const first: SettingsSpec[] = [
        { kind: "ShieldZone", name: "zone1", args: { shieldZoneId: 1, waf: { mode } } },
      ];
      await stack.op({ op: "up" }, { resources: first });
      const written = plain(await control.state());
      const urn = `urn:pulumi:${stack.opts.stackName}::${stack.opts.projectName}::${TYPE}::zone1`;

      await control.clearJournal();
      const rep = await stack.op(
        { op: "up", opts: { replace: [urn] }, allowFail: true },
        { resources: first },
      );
      show("up --replace", rep, 40);
      // The engine creates the replacement without a diff: it reads Pulumi's own write as the
      // value before Pulumi; the original's delete refuses and names the prior to state.
      expect(rep.ok).toBe(false);
      expect(text(rep)).toContain(`prior: {"waf":{"mode":"${was}"}}`);
      expect(await control.writes()).toEqual([]);
      expect(plain(await control.state())).toEqual(written);

      await control.clearJournal();
      const pinned: SettingsSpec[] = [
        {
          kind: "ShieldZone",
          name: "zone1",
          args: { shieldZoneId: 1, waf: { mode }, prior: { waf: { mode: was } } },
        },
      ];
      const fix = await stack.op({ op: "up", allowFail: true }, { resources: pinned });
      show("up with prior", fix, 40);
      expect(fix.ok).toBe(true);
      expect(await control.writes()).toEqual([]);
      const exported = (await stack.op({ op: "export" })).deployment as Any;
      const zones = (exported.deployment.resources as Any[]).filter((r) => r.type === TYPE);
      expect(zones.map((r) => [r.outputs.prior, r.delete ?? false])).toEqual([
        [{ waf: { mode: was } }, false],
      ]);

      const second: SettingsSpec[] = [
        { kind: "ShieldZone", name: "zone1", args: { pullZoneId: 1, ddos: { sensitivity: sens } } },
      ];
      const sw = await stack.op({ op: "up", allowFail: true }, { resources: second });
      show("up (pull zone, ddos)", sw, 40);
      expect(sw.ok).toBe(true);
      const now = zoneOf(plain(await control.state()), 1).settings;
      expect(now.wafExecutionMode).toBe(z.wafExecutionMode); // no resource manages it now
      expect(text(sw)).not.toMatch(/error/i);

      await stack.op({ op: "destroy" }, { resources: second });
      expect(plain(await control.state())).toEqual(initial);
    },
    OP_TIMEOUT,
  );
  test(
    "ApiGuardian with a specFile that does not exist: the run fails naming `specFile` and the path; nothing written",
    async () => {
      const control = harness.control;
      await control.setProfile("default");
      await control.reset();
      const initial = plain(await control.state());
      const stack = harness.newStack("specfile");
      await control.clearJournal();
      const up = await stack.op(
        { op: "up", allowFail: true },
        {
          resources: [
            {
              kind: "ApiGuardian",
              name: "api",
              args: { shieldZoneId: 3, enabled: true, specFile: "missing-openapi.json" },
            },
          ],
        },
      );
      show("up with a missing specFile", up, 30);
      expect(up.ok).toBe(false);
      expect(text(up)).toMatch(/specFile.*missing-openapi\.json/);
      expect(await control.writes()).toEqual([]);
      expect(plain(await control.state())).toEqual(initial);
    },
    FAIL_TIMEOUT, // a hang (the failure inside an apply) fails the test
  );
});
