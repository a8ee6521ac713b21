/**
 * The settings resources of a shield zone with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/shield-zone-program.ts) + the dynamic-provider host, against the
 * emulator on a loopback port. Fixtures: shield zone 1 (pull zone 1, Basic plan), 3 (pull
 * zone 5, Business). The emulator's state before each scenario is the expectation: after
 * destroy it is the same, and a step changes only what the program names.
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type { SettingsSpec } from "./programs/shield-zone-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  KEY_CHECK_PATH,
  provideCliAndDist,
  show,
  TestStack,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "shield-zone-program.ts");
const OP_TIMEOUT = 300_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);
/** The state with each zone's plan fields as the platform answers them (absent: Basic, WAF on). */
const plain = (s: EmulatorState): Any => {
  const c = clone(s) as Any;
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  return c;
};

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: shield zone settings", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let control: Control;
  let stack: TestStack;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "zone", programModule: PROGRAM });
    control = harness.control;
    stack = harness.newStack("zone");
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  const writes = async () => await control.writes();

  test(
    "adopt zone 1, change one WAF setting (the PATCH is the zone merged, nothing else changes), no-change preview makes 0 calls, drift by field after refresh, destroy restores every setting",
    async () => {
      await control.setProfile("default");
      await control.reset();
      const initial = plain(await control.state());
      const z = zoneOf(initial, 1);
      const mode = z.settings.wafExecutionMode as number;
      const want = mode === 1 ? "Log" : "Block";
      const spec = (m: string): SettingsSpec[] => [
        { kind: "ShieldZone", name: "zone1", args: { shieldZoneId: 1, waf: { mode: m } } },
      ];
      await control.clearJournal();
      const up = await stack.op({ op: "up" }, { resources: spec(want) });
      expect(text(up)).toContain("pulumi-nodejs:dynamic/shield:ShieldZone");
      const w = await writes();
      expect(w.map((e) => `${e.method} ${e.path}`)).toEqual(["PATCH /shield/shield-zone"]);
      const body = (w[0].body as Any).shieldZone;
      expect(body.wafExecutionMode).toBe(mode === 1 ? 0 : 1);
      // (dDoSExecutionMode is read-only: not in the published ShieldZoneRequest, never sent.)
      for (const [k, v] of Object.entries(z.settings))
        if (k !== "wafExecutionMode" && k !== "dDoSExecutionMode")
          expect([k, body[k]]).toEqual([k, v]);
      expect(body).not.toHaveProperty("dDoSExecutionMode");
      const expected = clone(initial);
      zoneOf(expected, 1).settings.wafExecutionMode = mode === 1 ? 0 : 1;
      expect(plain(await control.state())).toEqual(expected);
      expect(up.outputs?.priors.value).toEqual({
        zone1: { waf: { mode: mode === 1 ? "Block" : "Log" } },
      });

      await control.clearJournal();
      await stack.op(
        { op: "preview", opts: { diff: true, expectNoChanges: true } },
        { resources: spec(want) },
      );
      // Only the provider's check of the API key.
      expect((await control.journal()).map((e) => `${e.method} ${e.path}`)).toEqual([
        `GET ${KEY_CHECK_PATH}`,
      ]);

      // Out of band: the WAF mode goes back and the DDoS sensitivity changes (unmanaged).
      const s = await control.state();
      zoneOf(s, 1).settings.wafExecutionMode = mode;
      zoneOf(s, 1).settings.dDoSShieldSensitivity = 4;
      await control.setState(s);
      await control.clearJournal();
      const refresh = await stack.op({ op: "refresh" }, { resources: spec(want) });
      show("refresh", refresh, 30);
      expect(await writes()).toEqual([]);
      const drift = await stack.op(
        { op: "preview", opts: { diff: true } },
        { resources: spec(want) },
      );
      show("drift", drift, 30);
      expect(drift.stdout).toMatch(
        new RegExp(`mode\\s*:\\s*"${mode === 1 ? "Block" : "Log"}"\\s*=>\\s*"${want}"`),
      );
      expect(drift.stdout).not.toMatch(/sensitivity/);

      await control.clearJournal();
      const down = await stack.op({ op: "destroy" }, { resources: spec(want) });
      show("destroy", down, 20);
      const back = clone(initial);
      zoneOf(back, 1).settings.dDoSShieldSensitivity = 4; // not Pulumi's: left as it is
      expect(plain(await control.state())).toEqual(back);
    },
    OP_TIMEOUT,
  );

  test(
    "BotDetection on the Basic zone fails with a message naming the plan; nothing written",
    async () => {
      await control.setProfile("default");
      await control.reset();
      const initial = plain(await control.state());
      await control.clearJournal();
      const r = await stack.op(
        { op: "up", allowFail: true },
        {
          resources: [
            {
              kind: "BotDetection",
              name: "bots",
              args: { shieldZoneId: 1, executionMode: "Challenge" },
            },
          ],
        },
      );
      show("plan gate", r, 20);
      expect(r.ok).toBe(false);
      expect(text(r)).toMatch(
        /BotDetection \(shield zone 1\): create failed: .*\(on the Basic plan\)/,
      );
      expect(text(r)).toMatch(/invalid_plan_type\.bot_detection/);
      expect(await writes()).toEqual([]);
      await stack.op({ op: "destroy" }, {});
      expect(plain(await control.state())).toEqual(initial);
    },
    OP_TIMEOUT,
  );

  test(
    "one settings object, one resource: two ShieldZones for zone 1 are refused before any write; response pages of two types in one zone are two objects",
    async () => {
      await control.setProfile("default");
      await control.reset();
      const initial = plain(await control.state());
      await control.clearJournal();
      const twice = await stack.op(
        { op: "up", allowFail: true },
        {
          resources: [
            { kind: "ShieldZone", name: "a", args: { shieldZoneId: 1, waf: { mode: "Log" } } },
            {
              kind: "ShieldZone",
              name: "b",
              args: { shieldZoneId: 1, ddos: { sensitivity: "Low" } },
            },
          ],
        },
      );
      show("two owners", twice, 20);
      expect(twice.ok).toBe(false);
      expect(text(twice)).toMatch(
        /the settings of shield zone 1 is named by 2 resources of this program/,
      );
      expect(await writes()).toEqual([]);
      const pages: SettingsSpec[] = [
        {
          kind: "ResponsePage",
          name: "block",
          args: { shieldZoneId: 3, pageType: "block", html: "<p>b</p>" },
        },
        {
          kind: "ResponsePage",
          name: "limit",
          args: { shieldZoneId: 3, pageType: "ratelimit", html: "<p>r</p>" },
        },
      ];
      await stack.op({ op: "up" }, { resources: pages });
      expect(zoneOf(await control.state(), 3).customPages).toEqual({
        block: "<p>b</p>",
        ratelimit: "<p>r</p>",
      });
      await stack.op({ op: "destroy" }, { resources: pages });
      expect(plain(await control.state())).toEqual(initial);
    },
    OP_TIMEOUT,
  );

  test(
    "ApiGuardian with specFile: the document reaches the platform, the state holds only its sha256; destroy restores the configuration and leaves the document",
    async () => {
      await control.setProfile("default");
      await control.reset();
      const initial = plain(await control.state());
      const doc = JSON.stringify({
        openapi: "3.0.0",
        info: { title: "e2e-shop", version: "7" },
        paths: {},
      });
      fs.writeFileSync(path.join(stack.projectDir, "openapi.json"), doc);
      const sha = createHash("sha256").update(doc).digest("hex");
      const resources: SettingsSpec[] = [
        {
          kind: "ApiGuardian",
          name: "api",
          args: { shieldZoneId: 3, enabled: true, specFile: "openapi.json" },
        },
      ];
      await stack.op({ op: "up" }, { resources });
      const g = zoneOf(await control.state(), 3).apiGuardian;
      expect(g.spec.content).toBe(doc);
      expect(g.configuration.isEnabled).toBe(true);
      const exported = JSON.stringify((await stack.op({ op: "export" })).deployment);
      expect(exported).toContain(sha);
      expect(exported).not.toContain("e2e-shop");
      const down = await stack.op({ op: "destroy" }, { resources });
      expect(text(down)).toMatch(/cannot delete an API guardian document/);
      const end = plain(await control.state());
      expect(zoneOf(end, 3).apiGuardian.configuration).toEqual(
        zoneOf(initial, 3).apiGuardian.configuration,
      );
      zoneOf(end, 3).apiGuardian = zoneOf(initial, 3).apiGuardian; // the document stays (no DELETE)
      expect(end).toEqual(initial);
    },
    OP_TIMEOUT,
  );

  test(
    "zone-replace profile (a PATCH resets what it does not send): WAF, DDoS and upload scanning changes leave every unmanaged setting as it was; destroy restores",
    async () => {
      await control.setProfile("zone-replace");
      try {
        await control.reset();
        const s0 = await control.state();
        // Settings that differ from the defaults, so that a reset would show.
        zoneOf(s0, 3).settings.dDoSChallengeWindow = 777;
        zoneOf(s0, 3).settings.wafRequestIgnoredHeaders = ["x-mine"];
        zoneOf(s0, 3).settings.wafEngineConfig = [
          { name: "allowed_methods", valueEncoded: "GET POST" },
        ];
        await control.setState(s0);
        const initial = plain(await control.state());
        const resources: SettingsSpec[] = [
          {
            kind: "ShieldZone",
            name: "zone3",
            args: {
              pullZoneId: 5,
              waf: { requestHeaderLogging: false, paranoia: { blocking: 2 } },
              ddos: { sensitivity: "Low" },
            },
          },
          {
            kind: "UploadScanning",
            name: "scan3",
            args: { shieldZoneId: 3, csamScanningMode: "Log" },
          },
        ];
        await control.clearJournal();
        await stack.op({ op: "up" }, { resources });
        const after = plain(await control.state());
        const expected = clone(initial);
        const ez = zoneOf(expected, 3);
        ez.settings.wafRequestHeaderLoggingEnabled = false;
        ez.settings.dDoSShieldSensitivity = 1;
        ez.settings.wafEngineConfig = [
          { name: "allowed_methods", valueEncoded: "GET POST" },
          { name: "blocking_paranoia_level", valueEncoded: "2" },
        ];
        ez.uploadScanning.csamScanningMode = 1;
        expect(after).toEqual(expected);
        await stack.op({ op: "destroy" }, { resources });
        expect(plain(await control.state())).toEqual(initial);
      } finally {
        await control.setProfile("default");
      }
    },
    OP_TIMEOUT,
  );
});
