/**
 * End to end with the real Pulumi engine: every documentation block marked
 * `<!-- check: pulumi -->` (a Pulumi program; see docs/development.md, "Documentation checks")
 * runs as it is against the emulator's fixtures: `pulumi up` succeeds, then `pulumi destroy`.
 * `127.0.0.1:4010` in a block becomes the emulator's address; the stack config has the
 * emulator's settings and `releaseVersion` (for the volume clean-up example). The emulator is
 * reset before each program.
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { docs } from "../docs/lib";
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
const OP_TIMEOUT = 240_000;
const PROJECT = "edgeplatform-docs-e2e";
const programs = docs
  .collectBlocks()
  .blocks.filter((b) => b.kind === "ts" && b.pulumi && b.skip === null);

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: the documentation's programs", () => {
  let emu: RunningEmulator;
  let control: Control;
  let stack: TestStack;

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    const apiKey = `e2e-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
    stack = new TestStack(cli, {
      projectName: PROJECT,
      stackName: "docs",
      passphrase: randomBytes(12).toString("hex"),
      programModule: WRAPPER,
      programExport: "importedProgram",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:loggingUrl": { value: emu.loggingUrl },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
        [`${PROJECT}:releaseVersion`]: { value: "1.0.0" },
      },
    });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  test("there are Pulumi programs to run", () => {
    expect(programs.length).toBeGreaterThan(5);
  });

  test.each(programs.map((b) => [`${b.file}:${b.line}`, b] as const))(
    "%s: up, then destroy",
    async (name, b) => {
      await control.reset();
      const file = path.join(stack.projectDir, `${name.replace(/[^\w]+/g, "_")}.ts`);
      fs.writeFileSync(file, docs.forEmulator(b.code, emu.url));
      const up = await stack.op({ op: "up", allowFail: true }, { file });
      if (!up.ok) {
        throw new Error(`${name}: pulumi up failed\n${up.error?.message}\n${up.stdout}`);
      }
      await stack.op({ op: "destroy" }, { file });
      assertNoSecrets({ transcript: stack.transcript.join("\n") });
    },
    OP_TIMEOUT,
  );
});
