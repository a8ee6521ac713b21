/**
 * The set-up the `edgeplatform-import` e2e tests share: an emulator with the test's fixtures
 * and a key of its own (registered as a secret, so no output may hold it), a stack whose
 * program is the generated file (`adopted.ts` in the project directory, run through
 * ./import-program.ts), and the import bin run against that emulator. Each test keeps only
 * its scenario: its fixtures, its project and stack names, its steps.
 */
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import * as path from "path";
import { type EmulatorState, startEmulator } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { Control, provideCliAndDist, REPO_ROOT, TestStack } from "./setup";

/** The built import bin (`npm run build` writes it). */
export const IMPORT_BIN = path.join(REPO_ROOT, "packages", "pulumi", "dist", "import", "cli.js");

/** What one run of the import bin gave: its exit code and both streams, whole. */
export interface ImportBinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A running import scene (see {@link startImportScene}). */
export interface ImportScene {
  emu: Awaited<ReturnType<typeof startEmulator>>;
  control: Control;
  stack: TestStack;
  /** The emulator's API key (the stack's `edgeplatform:apiKey`, a secret). */
  apiKey: string;
  /** Where the import writes the program the stack runs: `<projectDir>/adopted.ts`. */
  programFile: string;
  /**
   * Runs the import bin with `args`; its environment is only PATH, the API key and the
   * emulator's URL.
   */
  importBin(args: string[]): Promise<ImportBinResult>;
  /** Closes the emulator and removes the project directory (kept with KEEP_E2E_DIR=1). */
  close(): Promise<void>;
}

/** What a test's scene is made of. */
export interface ImportSceneOptions {
  /** The Pulumi project and stack names (one project directory per test file). */
  projectName: string;
  stackName: string;
  /** The emulator's state at start. */
  fixtures: EmulatorState;
  /** More stack config besides the provider's (a secret the import flagged, supplied). */
  config?: Record<string, { value: string; secret?: boolean }>;
}

/** Starts the emulator and makes the stack (call in `beforeAll`, CLI_BUILD_TIMEOUT_MS). */
export async function startImportScene(options: ImportSceneOptions): Promise<ImportScene> {
  const cli = await provideCliAndDist();
  const apiKey = `e2e-${randomBytes(16).toString("hex")}`;
  registerSecret(apiKey);
  const emu = await startEmulator({
    port: 0,
    host: "127.0.0.1",
    apiKey,
    fixtures: options.fixtures,
  });
  const stack = new TestStack(cli, {
    projectName: options.projectName,
    stackName: options.stackName,
    passphrase: randomBytes(12).toString("hex"),
    programModule: path.join(REPO_ROOT, "test", "e2e", "import-program.ts"),
    programExport: "importedProgram",
    config: {
      "edgeplatform:baseUrl": { value: emu.url },
      "edgeplatform:apiKey": { value: apiKey, secret: true },
      ...options.config,
    },
  });
  const importBin = (args: string[]) =>
    new Promise<ImportBinResult>((resolve, reject) => {
      const child = spawn(process.execPath, [IMPORT_BIN, ...args], {
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
  return {
    emu,
    control: new Control(emu.url),
    stack,
    apiKey,
    programFile: path.join(stack.projectDir, "adopted.ts"),
    importBin,
    close: async () => {
      await emu.close();
      if (process.env.KEEP_E2E_DIR !== "1") stack.cleanup();
    },
  };
}
