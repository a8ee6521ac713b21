/**
 * `edge.shield.WafRule` with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/waf-program.ts) + the dynamic-provider host, against the emulator on a
 * loopback port. Shield zone 2 holds fixture rules 301 and 302 and allows 3 custom rules.
 */
import { randomBytes } from "crypto";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import type { WafProgramOptions, WafRuleSpec } from "./programs/waf-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  Control,
  e2eAvailable,
  provideCliAndDist,
  show,
  TestStack,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "waf-program.ts");
const OP_TIMEOUT = 300_000;
const TYPE = "pulumi-nodejs:dynamic/shield:WafRule";

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: edge.shield.WafRule", () => {
  let cli: CliInfo;
  let close: () => Promise<void>;
  let url: string;
  let control: Control;
  let apiKey: string;
  let stack: TestStack;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    apiKey = `e2e-waf-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    const emu = await startEmulator({ port: 0, apiKey });
    url = emu.url;
    close = () => emu.close();
    control = new Control(url);
    stack = new TestStack(cli, {
      projectName: "edgeplatform-waf",
      stackName: "waf",
      passphrase: randomBytes(12).toString("hex"),
      programModule: PROGRAM,
      programExport: "program",
      config: {
        "edgeplatform:baseUrl": { value: url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  const writeLines = async () => (await control.writes()).map((w) => `${w.method} ${w.path}`);
  const created: WafRuleSpec = {
    name: "block-admin",
    shieldZoneId: 2,
    ruleName: "block-admin",
    ruleConfiguration: {
      actionType: "Block",
      variableTypes: { REQUEST_URI: "/admin" },
      operatorType: "BEGINSWITH",
    },
  };
  const adopted: WafRuleSpec = {
    name: "sqli",
    ruleId: 301,
    ruleConfiguration: { actionType: "Log" },
  };

  test(
    "create + adopt, clean preview, update by name, plan limit refused before any write, destroy keeps the adopted rule",
    async () => {
      await control.reset();
      await control.clearJournal();
      const options: WafProgramOptions = { wafRules: [created, adopted] };
      const up = await stack.op({ op: "up" }, options);
      expect((await writeLines()).sort()).toEqual([
        "PATCH /shield/waf/custom-rule/301",
        "POST /shield/waf/custom-rule",
      ]);
      const id = Number((up.outputs?.ids.value as Record<string, string>)["block-admin"]);
      expect(text(up)).toContain(TYPE);

      await control.clearJournal();
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, options);
      expect(await writeLines()).toEqual([]);

      const changed = {
        ...created,
        ruleConfiguration: { ...created.ruleConfiguration, actionType: "Challenge" },
      };
      const preview = await stack.op(
        { op: "preview", opts: { diff: true } },
        {
          wafRules: [changed, adopted],
        },
      );
      expect(preview.stdout).toMatch(/actionType\s*:\s*"Block"\s*=>\s*"Challenge"/);
      await control.clearJournal();
      await stack.op({ op: "up" }, { wafRules: [changed, adopted] });
      expect(await writeLines()).toEqual([`PATCH /shield/waf/custom-rule/${id}`]);

      // Zone 2 now holds 3 of 3: a fourth rule is refused before any write.
      await control.clearJournal();
      const fourth: WafRuleSpec = { ...created, name: "fourth", ruleName: "fourth" };
      const refused = await stack.op(
        { op: "up", allowFail: true },
        {
          wafRules: [changed, adopted, fourth],
        },
      );
      show("plan limit", refused, 20);
      expect(refused.ok).toBe(false);
      expect(text(refused)).toContain("customWafRulesLimit 3");
      expect(text(refused)).toContain("Advanced plan");
      expect(await writeLines()).toEqual([]);

      await control.clearJournal();
      await stack.op({ op: "destroy" }, { wafRules: [changed, adopted] });
      expect(await writeLines()).toEqual([`DELETE /shield/waf/custom-rule/${id}`]);
      const s = await control.state();
      expect(s.wafRules.map((r) => r.id).sort()).toEqual([301, 302]);
      expect(s.wafRules.find((r) => r.id === 301)?.ruleConfiguration?.actionType).toBe(2);
    },
    OP_TIMEOUT,
  );
});
