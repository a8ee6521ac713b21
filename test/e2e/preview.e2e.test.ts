/**
 * Golden `pulumi preview --diff` output with the real engine (issue: previews a reviewer can
 * read): an enumeration changed by name, a nested numeric change, a nested string change in
 * a chained condition, out-of-band drift after `refresh`, and a rule placed by `pullZoneId`.
 * Each golden must show every change once and nothing about `__provider`.
 */
import { randomBytes } from "crypto";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import {
  CLI_BUILD_TIMEOUT_MS,
  Control,
  e2eAvailable,
  expectGolden,
  normaliseOutput,
  provideCliAndDist,
  TestStack,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "preview-program.ts");
const OP_TIMEOUT = 240_000;

/** The lines of a preview that say something changed, trimmed. */
const changedLines = (text: string) =>
  text
    .split("\nResources:")[0]
    .split("\n")
    .filter((l) => /^\s*[~+-] /.test(l))
    .map((l) => l.trim().replace(/\s+/g, " "));

const run = e2eAvailable();
(run ? describe : describe.skip)("golden previews a reviewer reads", () => {
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
      projectName: "edgeplatform-preview",
      stackName: "preview",
      passphrase: randomBytes(12).toString("hex"),
      programModule: PROGRAM,
      programExport: "previewProgram",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
    const up = await stack.op({ op: "up" }, {});
    expect(up.summary?.resourceChanges).toMatchObject({ create: 2 });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  test(
    "an enumeration changed by name reads as names",
    async () => {
      const pv = await stack.op(
        { op: "preview", opts: { diff: true } },
        { actionType: "RateLimit" },
      );
      const text = normaliseOutput(pv.stdout);
      expectGolden("preview-enum-by-name.txt", text);
      expect(changedLines(text)).toEqual([
        "~ pulumi-nodejs:dynamic/shield:RateLimitRule: (update)",
        "~ ruleConfiguration: {",
        '~ actionType : "Challenge" => "RateLimit"',
      ]);
      expect(text).not.toMatch(/__provider/);
    },
    OP_TIMEOUT,
  );

  test(
    "a nested numeric change and a change inside a chained condition",
    async () => {
      const pv = await stack.op(
        { op: "preview", opts: { diff: true } },
        { requestCount: 75, chainedValue: "PUT" },
      );
      const text = normaliseOutput(pv.stdout);
      expectGolden("preview-nested-changes.txt", text);
      expect(changedLines(text)).toEqual([
        "~ pulumi-nodejs:dynamic/shield:RateLimitRule: (update)",
        "~ ruleConfiguration: {",
        "~ chainedRuleConditions: [",
        "~ [0]: {",
        '~ value : "POST" => "PUT"',
        "~ requestCount : 50 => 75",
      ]);
      expect(text).not.toMatch(/__provider/);
    },
    OP_TIMEOUT,
  );

  test(
    "out-of-band drift after refresh shows once, in the program's form",
    async () => {
      await control.updateState((s) => {
        const r = s.rateLimitRules.find((x) => x.ruleName === "checkout")!;
        r.ruleConfiguration = { ...r.ruleConfiguration, actionType: 1, requestCount: 999 };
      });
      const [refresh, pv] = await stack.run([
        { op: "refresh" },
        { op: "preview", opts: { diff: true } },
      ]);
      expect(refresh.summary?.resourceChanges).toMatchObject({ update: 1 });
      const text = normaliseOutput(pv.stdout);
      expectGolden("preview-drift-after-refresh.txt", text);
      expect(changedLines(text)).toEqual([
        "~ pulumi-nodejs:dynamic/shield:RateLimitRule: (update)",
        "~ ruleConfiguration: {",
        '~ actionType : "RateLimit" => "Challenge"',
        "~ requestCount : 999 => 50",
      ]);
      await stack.op({ op: "up" }, {});
    },
    OP_TIMEOUT,
  );

  test(
    "a rule placed by pullZoneId",
    async () => {
      await control.clearJournal();
      const pv = await stack.op(
        { op: "preview", opts: { diff: true } },
        { withPullZoneRule: true },
      );
      const text = normaliseOutput(pv.stdout);
      expectGolden("preview-pull-zone-rule.txt", text);
      expect(text).toMatch(/\+ pulumi-nodejs:dynamic\/shield:RateLimitRule: \(create\)/);
      expect(text).toMatch(/pullZoneId\s*: 4/);
      expect(text).not.toMatch(/__provider/);
      expect(await control.writes()).toEqual([]);
      const up = await stack.op({ op: "up" }, { withPullZoneRule: true });
      expect(up.outputs?.byPullZoneShieldZone.value).toBe(2);
    },
    OP_TIMEOUT,
  );
});
