/**
 * End to end with the real Pulumi engine: brownfield adoption with `edgeplatform-import`.
 * Fixtures with rules in two shield zones and a DNSSEC-enabled zone → the bin writes a
 * program → `pulumi up` of it adopts everything with zero platform writes → a preview with
 * `--expect-no-changes` passes → a one-field edit gives exactly one PATCH → destroy leaves
 * every rule in place (the emulator's whole state is compared with the fixtures).
 * The tests share one stack and run in order.
 */
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { EmulatorState, startEmulator } from "../../packages/emulator/src";
import { importFixtures } from "../import/fixtures";
import { assertNoSecrets, registerSecret } from "../support/secrets";
import {
  CLI_BUILD_TIMEOUT_MS,
  Control,
  e2eAvailable,
  provideCliAndDist,
  REPO_ROOT,
  TestStack,
} from "./setup";

type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;

const WRAPPER = path.join(REPO_ROOT, "test", "e2e", "import-program.ts");
const BIN = path.join(REPO_ROOT, "packages", "pulumi", "dist", "import", "cli.js");
const OP_TIMEOUT = 240_000;

/** The fixtures of this test: zones 1 and 2 (pull zone 4) and their rules; DNS as default. */
function fixtures(): EmulatorState {
  const f = importFixtures();
  f.rateLimitRules = f.rateLimitRules.filter((r) => r.shieldZoneId === 1 || r.shieldZoneId === 2);
  return f;
}

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: adopting a zone with edgeplatform-import",
  () => {
    let emu: RunningEmulator;
    let control: Control;
    let stack: TestStack;
    let apiKey: string;
    let programFile: string;
    let generated = "";

    const importBin = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [BIN, ...args], {
          env: {
            PATH: process.env.PATH,
            EDGEPLATFORM_API_KEY: apiKey,
            EDGEPLATFORM_BASE_URL: emu.url,
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
      });

    beforeAll(async () => {
      const cli = await provideCliAndDist();
      apiKey = `e2e-${randomBytes(16).toString("hex")}`;
      registerSecret(apiKey);
      emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey, fixtures: fixtures() });
      control = new Control(emu.url);
      stack = new TestStack(cli, {
        projectName: "edgeplatform-import-e2e",
        stackName: "import",
        passphrase: randomBytes(12).toString("hex"),
        programModule: WRAPPER,
        programExport: "importedProgram",
        config: {
          "edgeplatform:baseUrl": { value: emu.url },
          "edgeplatform:apiKey": { value: apiKey, secret: true },
        },
      });
      programFile = path.join(stack.projectDir, "adopted.ts");
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => {
      await emu?.close();
      if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
    });

    test("1. edgeplatform-import writes the program: 6 rules in 2 zones and 1 DNS zone, reads only", async () => {
      await control.clearJournal();
      const r = await importBin([
        "--shield-zone",
        "1",
        "--pull-zone",
        "4",
        "--dns-zone",
        "2",
        "--out",
        programFile,
      ]);
      expect(r.stderr).toMatch(/wrote 6 rate-limit rules and 1 DNS zone \(\d+ bytes\)/);
      expect(r.code).toBe(0);
      generated = fs.readFileSync(programFile, "utf8");
      expect(generated).not.toContain(apiKey);
      expect([...generated.matchAll(/ruleId: (\d+),/g)].map((m) => Number(m[1]))).toEqual([
        101, 102, 201, 202, 203, 204,
      ]);
      expect(await control.writes()).toEqual([]);
      console.log(`import e2e: generated program ${Buffer.byteLength(generated)} bytes`);
    });

    test(
      "2. pulumi up of the generated program adopts everything with zero platform writes",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.result).toBe("succeeded");
        const writes = await control.writes();
        console.log(
          `import e2e: up wrote ${writes.length} time(s): ${writes.map((w) => `${w.method} ${w.path}`).join(", ") || "-"}`,
        );
        expect(r.summary?.resourceChanges).toMatchObject({ create: 8 }); // 7 + the stack
        expect(r.outputs?.ruleIds.value).toEqual([101, 102, 201, 202, 203, 204]);
        expect(r.outputs?.dnsZoneIds.value).toEqual([2]);
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([]);
      },
      OP_TIMEOUT,
    );

    test(
      "3. preview --expect-no-changes passes and writes nothing",
      async () => {
        await control.clearJournal();
        const r = await stack.op(
          { op: "preview", opts: { expectNoChanges: true, diff: true } },
          { file: programFile },
        );
        expect(r.ok).toBe(true);
        expect(await control.writes()).toEqual([]);
      },
      OP_TIMEOUT,
    );

    test(
      "4. a one-field edit of the generated program gives exactly one PATCH",
      async () => {
        const edited = generated.replace(/(ruleId: 201,[\s\S]*?requestCount: )500,/, "$1501,");
        expect(edited).not.toBe(generated);
        fs.writeFileSync(programFile, edited);
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        const writes = await control.writes();
        console.log(
          `import e2e: edit wrote ${writes.length} time(s): ${writes.map((w) => `${w.method} ${w.path}`).join(", ")}`,
        );
        expect(r.summary?.resourceChanges).toMatchObject({ update: 1, same: 7 }); // 6 + the stack
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
          "PATCH /shield/rate-limit/201",
        ]);
        const body = writes[0].body as { ruleConfiguration?: { requestCount?: number } };
        expect(body.ruleConfiguration?.requestCount).toBe(501);
        const rule = (await control.state()).rateLimitRules.find((x) => x.id === 201);
        expect(rule?.ruleConfiguration?.requestCount).toBe(501);
      },
      OP_TIMEOUT,
    );

    test(
      "5. destroy leaves every rule in place: the platform's state is the fixtures plus the one edit",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "destroy" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ delete: 8 }); // 7 + the stack
        expect(await control.writes()).toEqual([]);
        const actual = await control.state();
        const expected = fixtures();
        const rule201 = expected.rateLimitRules.find((x) => x.id === 201)!;
        rule201.ruleConfiguration = { ...rule201.ruleConfiguration, requestCount: 501 };
        // ruleJson is the platform's own rendering of the configuration: compare its content
        const actual201 = actual.rateLimitRules.find((x) => x.id === 201)!;
        expect(JSON.parse(actual201.ruleJson ?? "{}")).toMatchObject({ requestCount: 501 });
        rule201.ruleJson = actual201.ruleJson;
        expect(actual).toEqual(expected);
      },
      OP_TIMEOUT,
    );

    test("6. the API key appears in no CLI output and in no file of the project", () => {
      const texts: Record<string, unknown> = { "Pulumi CLI output": stack.transcript.join("\n") };
      for (const f of fs.readdirSync(stack.projectDir)) {
        const p = path.join(stack.projectDir, f);
        if (fs.statSync(p).isFile()) texts[f] = fs.readFileSync(p, "utf8");
      }
      assertNoSecrets(texts);
    });
  },
);
