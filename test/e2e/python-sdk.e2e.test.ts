/**
 * The Python SDK (sdk/python) end to end: docs/python.md's example (the block marked
 * `<!-- check: pulumi -->`), as the `__main__.py` of a `runtime: python` project, run by
 * scripts/run-python-program.py (the Automation API's inline program: no Python language host)
 * with the real CLI and this checkout's native provider plugin against the emulator: `up`
 * creates the example's resources, an edit of the rule's `request_count` is one update (one
 * PATCH), `refresh --expect-no-changes` writes nothing, `destroy` gives the platform back as it
 * was. The Python environment comes from scripts/pulumi-python.js (made once, cached).
 * Skipped with the reason when there is no python3, except under CI=true.
 */
import { spawnSync } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type EmulatorState } from "../../packages/emulator/src";
import { docs } from "../docs/lib";
import { assertNoSecrets, registerSecret } from "../support/secrets";
import { jsonStep, pulumiIn, sdkEnv, type SdkProject } from "./sdk-project";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  Control,
  e2eAvailable,
  provideCliAndDist,
  REPO_ROOT,
} from "./setup";

interface PythonEnv {
  python: string;
  dir: string;
  built: boolean;
  ms: number;
}
const pythonEnv = require(path.join(REPO_ROOT, "scripts", "pulumi-python.js")) as {
  ensurePythonEnv(opts?: { log?: (line: string) => void }): Promise<PythonEnv>;
};

const RUNNER = path.join(REPO_ROOT, "scripts", "run-python-program.py");
const PLUGIN_DIR = path.join(REPO_ROOT, "packages", "pulumi", "bin");
const OP_TIMEOUT = 300_000;
const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? "");

/** The example: the one Pulumi program of docs/python.md. */
const examples = docs
  .collectBlocks()
  .blocks.filter((b) => b.file === "docs/python.md" && b.kind === "python" && b.pulumi);

/** Whether this file runs: the e2e suite runs and python3 is there (always under CI=true). */
function pythonAvailable(): boolean {
  if (!e2eAvailable()) return false;
  if (isCI || spawnSync("python3", ["--version"]).status === 0) return true;
  console.log("Python SDK e2e skipped: no python3 on PATH. Under CI=true this is a failure.");
  return false;
}

/** What the runner prints for an operation (--json). */
interface Summary {
  op: string;
  result: string;
  changes: Record<string, number>;
  diffs: Record<string, string[]>;
  outputs: Record<string, unknown>;
}

const run = pythonAvailable();
(run ? describe : describe.skip)("Python SDK: docs/python.md's example", () => {
  let cli: CliInfo;
  let py: PythonEnv;
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  let control: Control;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-python-"));
  const project = path.join(dir, "project");
  const passphrase = randomBytes(12).toString("hex");
  const apiKey = `e2e-${randomBytes(16).toString("hex")}`;
  registerSecret(apiKey);
  /** Everything the CLI and the runner printed (for the no-key check). */
  const transcript: string[] = [];

  const sdk: SdkProject = {
    cli: () => cli,
    dir,
    project,
    passphrase,
    transcript,
    timeoutMs: OP_TIMEOUT,
  };
  const env = () => sdkEnv(sdk);
  const pulumi = (args: string[]) => pulumiIn(sdk, args);
  /** One operation of the runner; rejects with its output when it fails. */
  const step = (op: string, ...flags: string[]): Promise<Summary> =>
    jsonStep<Summary>(sdk, py.python, [RUNNER, op, ...flags]);

  beforeAll(async () => {
    cli = await provideCliAndDist();
    py = await pythonEnv.ensurePythonEnv({ log: (l) => console.log(`[pulumi-python] ${l}`) });
    console.log(`Python environment: ${py.built ? "made" : "cached"} (${py.dir})`);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
    fs.mkdirSync(project, { recursive: true });
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      [
        "name: edgeplatform-python",
        "runtime: python",
        "backend:",
        `  url: file://${path.join(dir, "state")}`,
        "plugins:",
        "  providers:",
        "    - name: edgeplatform",
        `      path: ${PLUGIN_DIR}`,
        "",
      ].join("\n"),
    );
    fs.mkdirSync(path.join(dir, "state"));
    pulumi(["stack", "init", "dev"]);
    pulumi(["config", "set", "edgeplatform:baseUrl", emu.url]);
    pulumi(["config", "set", "--secret", "edgeplatform:apiKey", apiKey]);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the runner refuses a folder with no project, naming it (exit 1)", () => {
    const empty = fs.mkdtempSync(path.join(dir, "empty-"));
    const r = spawnSync(py.python, [RUNNER, "up", "--cwd", empty], {
      env: env(),
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`run-python-program: no Pulumi.yaml in ${empty}`);
  });

  test("docs/python.md has one Python program to run", () => {
    expect(examples).toHaveLength(1);
  });

  test(
    "up, an edit of one field (one PATCH), refresh with no change, destroy to the state before",
    async () => {
      const program = path.join(project, "__main__.py");
      const code = docs.forEmulator(examples[0].code, emu.url);
      // The example's rule allows 100 requests a minute; the edit makes it 150.
      expect(code.match(/request_count=100\b/g)).toHaveLength(1);
      fs.writeFileSync(program, code);

      await control.reset();
      const before = await control.state();
      const started = Date.now();
      const up = await step("up");
      // The rule, the zone's DNSSEC and the stack.
      expect(up).toMatchObject({ result: "succeeded", changes: { create: 3 } });
      const state = await control.state();
      const rules = (s: EmulatorState) =>
        s.rateLimitRules.filter((r) => r.ruleName === "api-limit");
      expect(rules(state)).toHaveLength(1);
      const [rule] = rules(state);
      expect(rule).toMatchObject({ shieldZoneId: 1, ruleConfiguration: { requestCount: 100 } });
      expect(state.dnsZones.find((z) => z.Id === 1)?.DnsSecEnabled).toBe(true);
      expect(up.outputs).toMatchObject({ ruleId: rule.id, dnssecEnabled: true });

      fs.writeFileSync(program, code.replace("request_count=100", "request_count=150"));
      await control.clearJournal();
      const update = await step("up");
      expect(update.changes).toEqual({ update: 1, same: 2 });
      expect(update.diffs).toEqual({ "api-limit": ["ruleConfiguration.requestCount"] });
      const writes = await control.writes();
      expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
        `PATCH /shield/rate-limit/${rule.id}`,
      ]);
      expect(rules(await control.state())[0]).toMatchObject({
        ruleConfiguration: { requestCount: 150 },
      });

      await control.clearJournal();
      const refresh = await step("refresh", "--expect-no-changes");
      expect(refresh).toMatchObject({ result: "succeeded", changes: { same: 3 } });
      expect(await control.writes()).toEqual([]);

      const destroy = await step("destroy");
      expect(destroy.changes).toEqual({ delete: 3 });
      // The platform as before, but for the id counters and a DNS zone's date of its last write.
      const comparable = (s: EmulatorState) => ({
        ...s,
        nextIds: undefined,
        dnsZones: s.dnsZones.map((z) => ({ ...z, DateModified: undefined })),
      });
      expect(comparable(await control.state())).toEqual(comparable(before));
      console.log(
        `Python program, up + update + refresh + destroy: ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );

      const stateFiles = spawnSync("grep", ["-rl", apiKey, dir], { encoding: "utf8" });
      expect(stateFiles.stdout).toBe("");
      assertNoSecrets({ transcript: transcript.join("\n") });
    },
    5 * OP_TIMEOUT,
  );
});
