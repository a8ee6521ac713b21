/**
 * Runs the drift step of `examples/ci/edgeplatform-drift.yml` (its `run:` shell, extracted
 * from the YAML and run the way GitHub runs `shell: bash`) with the real Pulumi CLI, in CLI
 * mode, against the emulator on loopback. Three cases on one stack, in order:
 *
 * 1. no drift: exit 0 and the clean message;
 * 2. drift (an out-of-band change through the emulator's control API): exit 7 and
 *    "Drift detected", with the field in the diff;
 * 3. platform unreachable (the emulator closed, so `edgeplatform:baseUrl` points to a closed
 *    loopback port): the failed-check message (not "Drift detected") and pulumi's exit code 1,
 *    with the provider's error naming `edgeplatform:baseUrl` and the URL.
 *
 * The project is a temporary directory: `Pulumi.yaml` + `index.js` (one rate-limit rule),
 * `node_modules` linked to the repository's (which links `pulumi-edgeplatform` to
 * packages/pulumi), a file backend. The API key comes from `EDGEPLATFORM_API_KEY`, as in the
 * workflow.
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
  Control,
  e2eAvailable,
  engine,
  provideCliAndDist,
  REPO_ROOT,
} from "./setup";

// js-yaml is installed with @pulumi/pulumi (and eslint); no dependency of our own.
const yaml = require("js-yaml") as { load(text: string): unknown };

type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;
interface Step {
  id?: string;
  shell?: string;
  run?: string;
}
interface Workflow {
  jobs: Record<string, { steps: Step[] }>;
}

const WORKFLOW = path.join(REPO_ROOT, "examples", "ci", "edgeplatform-drift.yml");
const OP_TIMEOUT = 240_000;
const RULE_NAME = "drift-check";

const PROGRAM = `const edge = require("pulumi-edgeplatform");
new edge.shield.RateLimitRule("api", {
  shieldZoneId: 1,
  ruleName: ${JSON.stringify(RULE_NAME)},
  ruleConfiguration: {
    actionType: edge.shield.RateLimitAction.Challenge,
    variableTypes: { REQUEST_URI: "/api" },
    operatorType: edge.shield.OperatorType.BEGINSWITH,
    requestCount: 100,
    timeframe: edge.shield.Timeframe.PerOneMinute,
    blockTime: edge.shield.BlockTime.ForFiveMinutes,
  },
});
`;

interface Ran {
  code: number | null;
  out: string;
}

function runCommand(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<Ran>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out: engine.stripAnsi(out) }));
  });
}

const run = e2eAvailable();
(run ? describe : describe.skip)("examples/ci/edgeplatform-drift.yml: the drift step, run", () => {
  let cli: CliInfo;
  let emu: RunningEmulator;
  let control: Control;
  let dir: string;
  let project: string;
  let env: NodeJS.ProcessEnv;
  let stepFile: string;
  let outputFile: string;
  const transcript: string[] = [];

  /** Runs the workflow's drift step as GitHub does for `shell: bash`. */
  async function driftStep(): Promise<Ran & { result: string }> {
    fs.writeFileSync(outputFile, "");
    const r = await runCommand(
      "bash",
      ["--noprofile", "--norc", "-eo", "pipefail", stepFile],
      project,
      env,
    );
    transcript.push(r.out);
    const result = /^result=(.*)$/m.exec(fs.readFileSync(outputFile, "utf8"))?.[1] ?? "";
    return { ...r, result };
  }

  async function pulumi(args: string[]): Promise<Ran> {
    const r = await runCommand(cli.pulumiPath, args, project, env);
    transcript.push(r.out);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} failed (${r.code}):\n${r.out}`);
    return r;
  }

  beforeAll(async () => {
    cli = await provideCliAndDist();
    const apiKey = `drift-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);

    const wf = yaml.load(fs.readFileSync(WORKFLOW, "utf8")) as Workflow;
    const step = wf.jobs.drift.steps.find((s) => s.id === "drift");
    if (!step?.run) throw new Error("the drift job has no step with id: drift and a run: block");
    expect(step.shell).toBe("bash");

    dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-drift-"));
    project = path.join(dir, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      "name: edgeplatform-drift\nruntime: nodejs\nmain: index.js\n",
    );
    fs.writeFileSync(path.join(project, "index.js"), PROGRAM);
    // The repository's node_modules: pulumi-edgeplatform (→ packages/pulumi), @pulumi/pulumi and
    // what the language host needs, resolved from the project directory.
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(project, "node_modules"));
    stepFile = path.join(dir, "drift-step.sh");
    fs.writeFileSync(stepFile, step.run);
    outputFile = path.join(dir, "github-output");

    const stateDir = path.join(dir, "state");
    fs.mkdirSync(stateDir);
    env = {
      PATH: [...cli.pathDirs, process.env.PATH ?? ""].join(path.delimiter),
      HOME: process.env.HOME,
      PULUMI_HOME: path.join(dir, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${stateDir}`,
      PULUMI_CONFIG_PASSPHRASE: randomBytes(12).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_STACK: "ci",
      EDGEPLATFORM_API_KEY: apiKey,
      GITHUB_OUTPUT: outputFile,
    };
    await pulumi(["stack", "init", "ci", "--non-interactive"]);
    await pulumi(["config", "set", "edgeplatform:baseUrl", emu.url]);
    await pulumi(["up", "--yes", "--non-interactive", "--color", "never"]);
    console.log(`drift e2e: Pulumi CLI ${cli.version} (${cli.source}); emulator ${emu.url}`);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (dir && process.env.KEEP_E2E_DIR !== "1") fs.rmSync(dir, { recursive: true, force: true });
  });

  test(
    "1. no drift: exit 0, the clean message, result=clean",
    async () => {
      const r = await driftStep();
      expect(r.out).toContain(
        "No drift: the platform, the state and the program agree (pulumi exit code 0).",
      );
      expect(r.out).not.toMatch(/Drift detected|Drift check failed/);
      expect(r.result).toBe("clean");
      expect(r.code).toBe(0);
    },
    OP_TIMEOUT,
  );

  test(
    "2. drift (out-of-band change through the control API): exit 7, Drift detected, the field in the diff",
    async () => {
      await control.updateState((s) => {
        const rule = s.rateLimitRules.find((x) => x.ruleName === RULE_NAME);
        if (!rule) throw new Error("the program's rule is not in the emulator");
        rule.ruleConfiguration = { ...rule.ruleConfiguration, requestCount: 999 };
      });
      await control.clearJournal();
      const r = await driftStep();
      expect(r.out).toContain("no changes were expected for preview but changes were proposed");
      expect(r.out).toMatch(/~ requestCount\s*: 100 => 999/);
      expect(r.out).toContain(
        "Drift detected (pulumi exit code 7): the platform or the program differs from the state",
      );
      expect(r.out).not.toMatch(/Drift check failed|No drift/);
      expect(r.result).toBe("drift");
      expect(r.code).toBe(7);
      // read-only: no write reached the platform
      expect(await control.writes()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  test(
    "3. platform unreachable (baseUrl → a closed loopback port): the failed-check message, exit 1",
    async () => {
      const url = emu.url;
      await emu.close(); // the port of edgeplatform:baseUrl is now closed
      const r = await driftStep();
      expect(r.out).toMatch(
        /Drift check failed \(pulumi exit code 1\): the check could not compare the platform with the state; this is not a drift result/,
      );
      expect(r.out).not.toMatch(/Drift detected|No drift/);
      // The error line repeated under the message names the URL setting and the URL.
      const tail = r.out.slice(r.out.indexOf("Drift check failed (pulumi exit code"));
      expect(tail).toMatch(/^error: .*ECONNREFUSED/m);
      expect(tail).toContain('stack config key "edgeplatform:baseUrl"');
      expect(tail).toContain(url);
      expect(r.result).toBe("failed");
      expect(r.code).toBe(1);
    },
    OP_TIMEOUT,
  );

  test("the API key appears in no output", () => {
    assertNoSecrets({ "drift step output": transcript.join("\n") });
  });
});
