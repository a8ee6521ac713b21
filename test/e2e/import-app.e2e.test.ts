/**
 * End to end with the real Pulumi engine: adopting a Magic Containers application with
 * `edgeplatform-import --app`. The emulator's fixture app-1 ("shop": containers `web` and
 * `worker`, a CDN endpoint through pull zone 1, the volume db-data mounted, LOG_LEVEL and
 * DB_PASSWORD in `web`'s environment) → the bin writes the program (DB_PASSWORD read from the
 * stack config as a secret, flagged "value not readable as a secret: supply it" with its
 * config key) → the secret supplied in the stack config with the value the platform holds →
 * the first `pulumi up` adopts the application with zero platform writes → a preview with
 * `--expect-no-changes` passes → destroy deletes nothing (the application as before). The
 * tests share one stack and run in order.
 */
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { defaultFixtures, startEmulator, type EmulatorState } from "../../packages/emulator/src";
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
const PROJECT = "edgeplatform-import-app-e2e";
/** DB_PASSWORD of app-1's `web` container in the fixtures: what the user supplies. */
const DB_PASSWORD = "fixture-db-secret";

/** app-1 as the emulator holds it, without its record of a deployment (a write starts one). */
const shopOf = (s: EmulatorState) => {
  const app = JSON.parse(JSON.stringify(s.apps.find((a) => a.id === "app-1"))) as Record<
    string,
    unknown
  >;
  delete app.deployment;
  return app;
};

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: adopting a container application with edgeplatform-import --app",
  () => {
    let emu: RunningEmulator;
    let control: Control;
    let stack: TestStack;
    let apiKey: string;
    let programFile: string;
    let before: Record<string, unknown>;

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

    // The set-up of import-registry.e2e.test.ts (a shared helper is not on this branch yet).
    beforeAll(async () => {
      const cli = await provideCliAndDist();
      apiKey = `e2e-${randomBytes(16).toString("hex")}`;
      registerSecret(apiKey);
      registerSecret(DB_PASSWORD);
      emu = await startEmulator({
        port: 0,
        host: "127.0.0.1",
        apiKey,
        fixtures: defaultFixtures(),
      });
      control = new Control(emu.url);
      stack = new TestStack(cli, {
        projectName: PROJECT,
        stackName: "import-app",
        passphrase: randomBytes(12).toString("hex"),
        programModule: WRAPPER,
        programExport: "importedProgram",
        config: {
          "edgeplatform:baseUrl": { value: emu.url },
          "edgeplatform:apiKey": { value: apiKey, secret: true },
          // The secret the import flagged, supplied as it asks (`pulumi config set --secret`).
          [`${PROJECT}:shopWebDbPassword`]: { value: DB_PASSWORD, secret: true },
        },
      });
      programFile = path.join(stack.projectDir, "adopted.ts");
      before = shopOf(await control.state());
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => {
      await emu?.close();
      if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
    });

    test("1. edgeplatform-import --app app-1 writes the program, DB_PASSWORD flagged with its config key; reads only", async () => {
      await control.clearJournal();
      const r = await importBin(["--app", "app-1", "--out", programFile]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(
        "note: shop (app app-1), container web: DB_PASSWORD: value not readable as a secret: supply it (`pulumi config set --secret shopWebDbPassword`",
      );
      expect(r.stderr).toContain("wrote 1 container application (");
      const program = fs.readFileSync(programFile, "utf8");
      expect(program).not.toContain(apiKey);
      expect(program).not.toContain(DB_PASSWORD);
      expect(program).toContain('DB_PASSWORD: config.requireSecret("shopWebDbPassword"),');
      expect(program).toContain('environment: { LOG_LEVEL: "info" },');
      expect(await control.writes()).toEqual([]);
    });

    test(
      "2. the secret supplied: the first pulumi up adopts the application with zero writes",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.result).toBe("succeeded");
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([]);
        expect(r.summary?.resourceChanges).toMatchObject({ create: 2 }); // + the stack
        expect(r.outputs?.appIds.value).toEqual(["app-1"]);
        const exported = await stack.op({ op: "export" });
        expect(JSON.stringify(exported.deployment)).not.toContain(DB_PASSWORD);
        expect(stack.transcript.join("\n")).not.toContain(DB_PASSWORD);
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
      "4. destroy deletes nothing: the application stays as it was before the import",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "destroy" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ delete: 2 });
        expect(await control.writes()).toEqual([]);
        expect(shopOf(await control.state())).toEqual(before);
      },
      OP_TIMEOUT,
    );
  },
);
