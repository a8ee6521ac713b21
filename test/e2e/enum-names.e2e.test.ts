/**
 * Enumerations read as names with the real engine (issue 31, "readable previews with the
 * exported constants"): a program written with `edge.shield.RateLimitAction.Challenge` (the
 * integer 3) shows `actionType: "Challenge"` in `preview --diff` and in `pulumi stack export`
 * (inputs and outputs), while the platform gets the integers; and a state written by the
 * previous release, which held the integers, previews, refreshes and updates with no change
 * just because of the spelling (simulated with `pulumi stack import` of an edited export).
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import {
  CLI_BUILD_TIMEOUT_MS,
  Control,
  e2eAvailable,
  normaliseOutput,
  provideCliAndDist,
  runPulumi,
  TestStack,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "enum-names-program.ts");
const OP_TIMEOUT = 300_000;
const RULE = "pulumi-nodejs:dynamic/shield:RateLimitRule";
const ZONE = "pulumi-nodejs:dynamic/shield:ShieldZone";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** The lines of a preview that say something changed, trimmed. */
const changedLines = (text: string) =>
  text
    .split("\nResources:")[0]
    .split("\n")
    .filter((l) => /^\s*[~+-] /.test(l))
    .map((l) => l.trim().replace(/\s+/g, " "));

/** The resource of type `type` in an export. */
const resourceOf = (deployment: Any, type: string): Any =>
  deployment.deployment.resources.find((r: Any) => r.type === type);

/** The names the program's constants stand for (what a reviewer must read). */
const NAMED = {
  actionType: "Challenge",
  operatorType: "BEGINSWITH",
  transformationTypes: ["LOWERCASE"],
  counterKeyType: "IP",
  timeframe: "PerOneMinute",
  blockTime: "ForFiveMinutes",
};
/** The same values as the API's integers (what 0.1 stored for a program of constants). */
const INTEGERS = {
  actionType: 3,
  operatorType: 0,
  transformationTypes: [8],
  counterKeyType: 0,
  timeframe: 60,
  blockTime: 300,
};

const run = e2eAvailable();
(run ? describe : describe.skip)("enumerations read as names", () => {
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  let control: Control;
  let stack: TestStack;

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    const apiKey = `e2e-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
    stack = new TestStack(cli, {
      projectName: "edgeplatform-enum-names",
      stackName: "enums",
      passphrase: randomBytes(12).toString("hex"),
      programModule: PROGRAM,
      programExport: "enumNamesProgram",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  test(
    "a program of constants: names in preview --diff and in stack export, integers on the wire",
    async () => {
      const pv = await stack.op({ op: "preview", opts: { diff: true } }, {});
      const text = normaliseOutput(pv.stdout);
      expect(text).toMatch(/actionType\s*: "Challenge"/);
      expect(text).toMatch(/timeframe\s*: "PerOneMinute"/);
      expect(text).toMatch(/blockTime\s*: "ForFiveMinutes"/);
      expect(text).toMatch(/"LOWERCASE"/);
      expect(text).toMatch(/mode\s*: "Block"/);
      expect(text).not.toMatch(/actionType\s*: 3/);
      expect(text).not.toMatch(/mode\s*: 1/);

      await stack.op({ op: "up" }, {});
      const [exp] = await stack.run([{ op: "export" }], {});
      const rule = resourceOf(exp.deployment, RULE);
      expect(rule.inputs.ruleConfiguration).toMatchObject(NAMED);
      expect(rule.outputs.ruleConfiguration).toMatchObject(NAMED);
      const zone = resourceOf(exp.deployment, ZONE);
      expect(zone.inputs.waf).toEqual({ mode: "Block" });
      expect(zone.outputs.waf).toEqual({ mode: "Block" });
      // The platform holds the integers.
      const s = await control.state();
      const onPlatform = s.rateLimitRules.find((r) => r.ruleName === "login-limit")!;
      expect(onPlatform.ruleConfiguration).toMatchObject(INTEGERS);
      expect(s.shieldZones.find((z) => z.id === 1)!.settings?.wafExecutionMode).toBe(1);

      // The same program written with the names: nothing to do.
      await control.clearJournal();
      const same = await stack.op(
        { op: "preview", opts: { diff: true, expectNoChanges: true } },
        { names: true },
      );
      expect(changedLines(normaliseOutput(same.stdout))).toEqual([]);
    },
    OP_TIMEOUT,
  );

  test(
    "a state of the previous release (integers): no change in preview, refresh or up",
    async () => {
      // What 0.1 wrote for this program: the integers, in the inputs and in the outputs.
      const [exp] = await stack.run([{ op: "export" }], {});
      const edited = JSON.parse(JSON.stringify(exp.deployment));
      const rule = resourceOf(edited, RULE);
      Object.assign(rule.inputs.ruleConfiguration, INTEGERS);
      Object.assign(rule.outputs.ruleConfiguration, INTEGERS);
      const zone = resourceOf(edited, ZONE);
      zone.inputs.waf = { mode: 1 };
      zone.outputs.waf = { mode: 1 };
      // ... and the stack's outputs, which are the resources' outputs.
      const outs = resourceOf(edited, "pulumi:pulumi:Stack").outputs;
      Object.assign(outs.ruleConfiguration, INTEGERS);
      outs.wafMode = 1;
      const file = path.join(stack.dir, "integers.json");
      fs.writeFileSync(file, JSON.stringify(edited));
      const imp = runPulumi(stack, ["stack", "import", "--file", file]);
      expect(imp.status).toBe(0);
      const [check] = await stack.run([{ op: "export" }], {});
      expect(resourceOf(check.deployment, RULE).inputs.ruleConfiguration.actionType).toBe(3);

      await control.clearJournal();
      const [pv, refresh, pv2] = await stack.run(
        [
          { op: "preview", opts: { diff: true, expectNoChanges: true } },
          { op: "refresh", opts: { expectNoChanges: true } },
          { op: "preview", opts: { diff: true, expectNoChanges: true } },
        ],
        {},
      );
      for (const r of [pv, refresh, pv2])
        expect([r.op, r.ok, r.error?.message]).toEqual([r.op, true, undefined]);
      expect(changedLines(normaliseOutput(pv.stdout))).toEqual([]);
      expect(refresh.summary?.resourceChanges).not.toHaveProperty("update");
      expect(changedLines(normaliseOutput(pv2.stdout))).toEqual([]);
      // The names' program too.
      await stack.op(
        { op: "preview", opts: { diff: true, expectNoChanges: true } },
        { names: true },
      );
      // A real change before any `up`: the engine compares the stored inputs (integers) with
      // the new ones (names), so the spelling shows beside the change, once.
      const first = await stack.op({ op: "preview", opts: { diff: true } }, { requestCount: 30 });
      const [firstResources] = normaliseOutput(first.stdout).split("--outputs:--");
      console.log("a real change over a 0.1 state, before any up:\n" + firstResources);
      expect(changedLines(firstResources)).toEqual([
        `~ ${RULE}: (update)`,
        "~ ruleConfiguration: {",
        '~ actionType : 3 => "Challenge"',
        '~ blockTime : 300 => "ForFiveMinutes"',
        '~ counterKeyType : 0 => "IP"',
        '~ operatorType : 0 => "BEGINSWITH"',
        "~ requestCount : 20 => 30",
        '~ timeframe : 60 => "PerOneMinute"',
        "~ transformationTypes: [",
        '~ [0]: 8 => "LOWERCASE"',
      ]);

      const up = await stack.op({ op: "up" }, {});
      expect(up.summary?.resourceChanges).toEqual({ same: 3 });
      // Nothing was written to the platform.
      expect((await control.writes()).map((e) => `${e.method} ${e.path}`)).toEqual([]);
      const [after] = await stack.run([{ op: "export" }], {});
      const r = resourceOf(after.deployment, RULE);
      const z = resourceOf(after.deployment, ZONE);
      console.log(
        "after up of an unchanged program over a 0.1 state:",
        JSON.stringify({
          ruleInputs: r.inputs.ruleConfiguration,
          ruleOutputs: r.outputs.ruleConfiguration,
          zoneInputs: z.inputs.waf,
          zoneOutputs: z.outputs.waf,
        }),
      );
      // The engine records the new inputs (names) with the state's outputs as they were.
      expect(r.inputs.ruleConfiguration).toMatchObject(NAMED);
      expect(z.inputs.waf).toEqual({ mode: "Block" });

      // A real change: the resource's diff shows only it (the inputs are names since the
      // `up` above); the stack's outputs, which are the rule's outputs, then turn to names.
      const pv3 = await stack.op({ op: "preview", opts: { diff: true } }, { requestCount: 30 });
      const [resources, stackOutputs] = normaliseOutput(pv3.stdout).split("--outputs:--");
      expect(changedLines(resources)).toEqual([
        `~ ${RULE}: (update)`,
        "~ ruleConfiguration: {",
        "~ requestCount : 20 => 30",
      ]);
      expect(changedLines(stackOutputs)).toContain('~ actionType : 3 => "Challenge"');
      await stack.op({ op: "up" }, { requestCount: 30 });
      const [last] = await stack.run([{ op: "export" }], {});
      expect(resourceOf(last.deployment, RULE).outputs.ruleConfiguration).toMatchObject({
        ...NAMED,
        requestCount: 30,
      });
    },
    OP_TIMEOUT,
  );
});
