/**
 * A failing data source in a program run by the real CLI (CLI mode, `pulumi preview`): a wrong
 * API key in the stack config gives one diagnostic line with the message that names
 * `edgeplatform:apiKey`, no "Unhandled exception", no stack trace, no
 * PromiseRejectionHandledWarning, and never the key. Both forms: `getRegistryOutput` and the
 * promise form `getRegistry`.
 */
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { assertNoSecrets, registerSecret } from "../support/secrets";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  e2eAvailable,
  engine,
  provideCliAndDist,
  REPO_ROOT,
} from "./setup";

type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;

const PROGRAM = `const edge = require("pulumi-edgeplatform");
exports.host =
  process.env.DS_FORM === "promise"
    ? edge.containers.getRegistry({ registryId: 1 }).then((r) => r.hostName)
    : edge.containers.getRegistryOutput({ registryId: 1 }).hostName;
`;

const run = e2eAvailable();
(run ? describe : describe.skip)("a failing data source in a program (real CLI)", () => {
  let cli: CliInfo;
  let emu: RunningEmulator;
  let dir: string;
  let project: string;
  let env: NodeJS.ProcessEnv;
  const wrongKey = `wrong-${randomBytes(12).toString("hex")}`;

  function pulumi(args: string[], extra: NodeJS.ProcessEnv = {}) {
    return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(cli.pulumiPath, args, {
        cwd: project,
        env: { ...env, ...extra },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, out: engine.stripAnsi(out) }));
    });
  }

  beforeAll(async () => {
    cli = await provideCliAndDist();
    const apiKey = `ds-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    registerSecret(wrongKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-ds-"));
    project = path.join(dir, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      "name: edgeplatform-ds\nruntime: nodejs\nmain: index.js\n",
    );
    fs.writeFileSync(path.join(project, "index.js"), PROGRAM);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(project, "node_modules"));
    fs.mkdirSync(path.join(dir, "state"));
    env = {
      PATH: [...cli.pathDirs, process.env.PATH ?? ""].join(path.delimiter),
      HOME: process.env.HOME,
      PULUMI_HOME: path.join(dir, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${path.join(dir, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: randomBytes(12).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    for (const args of [
      ["stack", "init", "ds", "--non-interactive"],
      ["config", "set", "edgeplatform:baseUrl", emu.url],
      ["config", "set", "--secret", "edgeplatform:apiKey", wrongKey],
    ]) {
      const r = await pulumi(args);
      if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")}: ${r.out}`);
    }
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (dir && process.env.KEEP_E2E_DIR !== "1") fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each(["output", "promise"])(
    "getRegistry (%s form) with a wrong key: one line naming edgeplatform:apiKey, no stack",
    async (form) => {
      const r = await pulumi(["preview", "--non-interactive", "--color", "never"], {
        DS_FORM: form,
      });
      expect(r.code).toBe(1);
      const message =
        "containers.getRegistry (GET /mc/registries/1) failed: 401 unauthorized: The API key is not valid. " +
        `The platform refused the API key (HTTP 401); it comes from the stack config key "edgeplatform:apiKey": check that it is a valid API key of the account at ${emu.url}`;
      expect(r.out).toContain(`error: [runtime] ${message}`);
      expect(r.out).not.toMatch(/Unhandled exception|PromiseRejectionHandledWarning/);
      expect(r.out).not.toMatch(/^\s+at .*\.(js|ts):\d+/m); // no stack frame
      assertNoSecrets({ [`preview (${form})`]: r.out });
    },
    120_000,
  );
});
