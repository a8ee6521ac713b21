/**
 * End to end with the real Pulumi engine: adopting an edge script with `edgeplatform-import
 * --script`. The emulator's fixture script 1 (`edge-router`: standalone, variables 21 ORIGIN
 * and 22 LOG_LEVEL, secret 31 API_TOKEN, live release 12 running its saved code) → the bin
 * writes the program and the code file beside it → `pulumi up` of it adopts the script, both
 * variables and the secret (no value: flagged for the user to supply) with zero platform writes → a preview with `--expect-no-changes` passes → an
 * edit of the code file is one code write and one publish (the import wrote `publish: true`:
 * the live release ran the saved code) → destroy deletes nothing: the script gets its code and
 * live release back (one code write, one publish of release 12) and the variables stay. The tests share one stack and run in order.
 */
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { defaultFixtures, startEmulator } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
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
/** The fixture script's saved code (packages/emulator/src/fixtures-scripts.ts). */
const ROUTER_V2 = "export default { fetch: () => new Response('v2') };\n";
/** The script, its two variables and its secret. */
const RESOURCES = 4;

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: adopting an edge script with edgeplatform-import --script",
  () => {
    let emu: RunningEmulator;
    let control: Control;
    let stack: TestStack;
    let apiKey: string;
    let programFile: string;
    let codeFile: string;

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
      emu = await startEmulator({
        port: 0,
        host: "127.0.0.1",
        apiKey,
        fixtures: defaultFixtures(),
      });
      control = new Control(emu.url);
      stack = new TestStack(cli, {
        projectName: "edgeplatform-import-script-e2e",
        stackName: "import-script",
        passphrase: randomBytes(12).toString("hex"),
        programModule: WRAPPER,
        programExport: "importedProgram",
        config: {
          "edgeplatform:baseUrl": { value: emu.url },
          "edgeplatform:apiKey": { value: apiKey, secret: true },
        },
      });
      programFile = path.join(stack.projectDir, "adopted.ts");
      codeFile = path.join(stack.projectDir, "edge-router.js");
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => {
      await emu?.close();
      if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
    });

    test("1. edgeplatform-import --script 1 writes the program and the code file, reads only", async () => {
      await control.clearJournal();
      const r = await importBin(["--script", "1", "--out", programFile]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain("wrote 1 edge script, 2 script variables and 1 script secret (");
      expect(fs.readFileSync(codeFile, "utf8")).toBe(ROUTER_V2);
      const program = fs.readFileSync(programFile, "utf8");
      expect(program).not.toContain(apiKey);
      expect(program).toContain(
        "// secret API_TOKEN of edge script 1: value not readable: supply it",
      );
      expect(await control.writes()).toEqual([]);
    });

    test(
      "2. pulumi up of the generated program adopts the script and its variables with zero writes",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.result).toBe("succeeded");
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([]);
        expect(r.summary?.resourceChanges).toMatchObject({ create: RESOURCES + 1 }); // + the stack
        expect(r.outputs?.edgeScriptIds.value).toEqual([1]);
        expect(r.outputs?.scriptVariableIds.value).toEqual([21, 22]);
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
      "4. an edit of the code file is one code write and one publish (its live release ran the saved code: `publish: true`)",
      async () => {
        const edited = ROUTER_V2.replace("'v2'", "'v3'");
        fs.writeFileSync(codeFile, edited);
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ update: 1, same: RESOURCES });
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
          "POST /compute/script/1/code",
          "POST /compute/script/1/publish",
        ]);
        const script = (await control.state()).scripts.find((s) => s.id === 1);
        expect(script?.code).toBe(edited);
        const live = script?.releases?.find((x) => x.Id === script.currentReleaseId);
        expect(live?.Code).toBe(edited);
      },
      OP_TIMEOUT,
    );

    test(
      "5. destroy deletes nothing: the script gets its code and live release back, the variables stay",
      async () => {
        const before = (await control.state()).scripts.find((s) => s.id === 1);
        const release12 = before?.releases?.find((x) => x.Id === 12)?.Uuid;
        await control.clearJournal();
        const r = await stack.op({ op: "destroy" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ delete: RESOURCES + 1 });
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
          "POST /compute/script/1/code",
          `POST /compute/script/1/publish/${release12}`,
        ]);
        const script = (await control.state()).scripts.find((s) => s.id === 1);
        expect(script?.code).toBe(ROUTER_V2);
        expect(script?.currentReleaseId).toBe(12);
        expect(script?.variables?.map((v) => v.Id)).toEqual([21, 22]);
        expect(script?.secrets?.map((x) => x.Id)).toEqual([31]);
      },
      OP_TIMEOUT,
    );
  },
);
