/**
 * Issue 28, finding 1, with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/shield-zone-program.ts) + the dynamic-provider host, against the
 * emulator. A key of another account (the emulator's scoped key, which sees shield zone 2
 * only) gets for shield zone 3 the answer a deleted zone gets
 * (`not_found_or_unauthorised_access.shieldzone`): the settings resources must not leave the
 * state on it, and destroy must never skip their restore. With the right key again, destroy
 * brings the emulator's whole state back to what it was before the first `up`.
 */
import { randomBytes } from "crypto";
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { KindHarness, startKindHarness } from "./harness";
import type { SettingsSpec } from "./programs/shield-zone-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  provideCliAndDist,
  runPulumi,
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
(run ? describe : describe.skip)("real Pulumi engine: settings and an ambiguous answer", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let control: Control;
  let stack: TestStack;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "gone", programModule: PROGRAM });
    control = harness.control;
    stack = harness.newStack("gone");
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  /** Sets a secret config value of the stack through the CLI (value on stdin, not argv). */
  const setSecretConfig = (key: string, value: string) => {
    const r = runPulumi(stack, ["config", "set", "--secret", key], { input: value });
    if (r.status !== 0) throw new Error(`pulumi config set ${key} failed: ${r.stderr}`);
  };
  const writeLines = async () => (await control.writes()).map((w) => `${w.method} ${w.path}`);
  /** The settings resources in the stack's state, as `name=id`. */
  const inState = async () => {
    const r = await stack.op({ op: "export" });
    return (((r.deployment as Any).deployment.resources ?? []) as Any[])
      .filter((x) => /dynamic\/shield:/.test(x.type))
      .map((x) => `${String(x.urn).replace(/.*::/, "")}=${x.id}`)
      .sort();
  };

  test(
    "ShieldZone + BotDetection + ResponsePage: refresh with a key of another zone fails and keeps all three; destroy with it fails and writes nothing; with the right key destroy restores the whole state",
    async () => {
      const scopedKey = `e2e-other-zone-${randomBytes(16).toString("hex")}`;
      registerSecret(scopedKey);
      await control.setProfile("default");
      await control.reset();
      await control.setScopedKeys({ [scopedKey]: { shieldZones: [2] } });
      const before = await control.state();
      const z3 = zoneOf(before, 3);
      // The scenario's premises: Pulumi's values differ from the zone's (High, a page of theirs).
      expect(z3.settings.dDoSShieldSensitivity).toBe(3);
      expect(z3.customPages.block).toMatch(/shield-three/);
      const bot = z3.botDetection.ipAddress.sensitivity === 3 ? "Low" : "High";
      const resources: SettingsSpec[] = [
        {
          kind: "ShieldZone",
          name: "zone3",
          args: { shieldZoneId: 3, ddos: { sensitivity: "Low" } },
        },
        {
          kind: "BotDetection",
          name: "bots3",
          args: { shieldZoneId: 3, ipAddress: { sensitivity: bot } },
        },
        {
          kind: "ResponsePage",
          name: "block3",
          args: { shieldZoneId: 3, pageType: "block", html: "<p>Pulumi's block page</p>" },
        },
      ];
      const options = { resources };

      await control.clearJournal();
      await stack.op({ op: "up" }, options);
      const written = await control.state();
      expect(zoneOf(written, 3).settings.dDoSShieldSensitivity).toBe(1);
      expect(zoneOf(written, 3).customPages.block).toBe("<p>Pulumi's block page</p>");
      expect(zoneOf(written, 3).botDetection.ipAddress.sensitivity).toBe(bot === "Low" ? 1 : 3);
      const listed = await inState();
      expect(listed).toEqual(["block3=3/block", "bots3=3", "zone3=3"]);

      // `refresh --run-program` configures the provider from the stack's config: the key of
      // another zone.
      setSecretConfig("edgeplatform:apiKey", scopedKey);
      await control.clearJournal();
      const refresh = await stack.op(
        { op: "refresh", opts: { runProgram: true }, allowFail: true },
        options,
      );
      show("refresh --run-program with a key of another zone", refresh, 40);
      expect(refresh.ok).toBe(false);
      expect(text(refresh)).toMatch(/NOT treated as gone/);
      expect(text(refresh)).toMatch(/API key's scope/);
      expect(text(refresh)).toMatch(/pulumi state delete <urn>/);
      expect(text(refresh)).not.toContain(scopedKey);
      expect(await inState()).toEqual(listed); // nothing forgotten
      expect(await writeLines()).toEqual([]);
      expect(plain(await control.state())).toEqual(plain(written));

      // The failed refresh stored the scoped key with the provider in the state; destroy does
      // not run the program, so it still uses that key: it must fail, never skip a restore.
      setSecretConfig("edgeplatform:apiKey", harness.apiKey);
      const wrong = await stack.op({ op: "destroy", allowFail: true }, options);
      show("destroy with the stored key of another zone", wrong, 30);
      expect(wrong.ok).toBe(false);
      expect(text(wrong)).toMatch(/NOT treated as gone/);
      expect(await inState()).toEqual(listed);
      expect(await writeLines()).toEqual([]);
      expect(plain(await control.state())).toEqual(plain(written));

      // The right key again: an up (no change, no write) stores it; destroy restores all.
      const up = await stack.op({ op: "up" }, options);
      expect(up.summary?.resourceChanges).toEqual({ same: 4 });
      expect(await writeLines()).toEqual([]);
      const destroy = await stack.op({ op: "destroy" }, options);
      show("destroy with the right key", destroy, 30);
      expect(await inState()).toEqual([]);
      expect(plain(await control.state())).toEqual(plain(before));
    },
    OP_TIMEOUT,
  );
});
