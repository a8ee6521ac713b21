/**
 * Shared harness of the e2e tests: provides the Pulumi CLI (scripts/pulumi-cli.js), decides
 * whether the suite runs, and runs Pulumi operations on a stack through
 * scripts/lib/stack-driver.js in a child Node process (the program and Pulumi's closure
 * serialisation then run in plain Node, not inside jest's module sandbox).
 *
 * Under CI=true a missing CLI is a failure; elsewhere, without a CLI and without Go, the
 * suite is skipped with one line saying why.
 */
import { spawn, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { EmulatorControl, EmulatorState, JournalEntry } from "../../packages/emulator/src";

export const REPO_ROOT = path.resolve(__dirname, "..", "..");
/** The `pulumi-edgeplatform` workspace package (what the projects' node_modules link to). */
export const PACKAGE_DIR = path.join(REPO_ROOT, "packages", "pulumi");

/** What scripts/pulumi-cli.js resolves to. */
export interface CliInfo {
  pulumiPath: string;
  binDir: string;
  version: string;
  source: string;
  pathDirs: string[];
}

interface CliModule {
  ensurePulumiCli(opts?: { log?: (line: string) => void; build?: boolean }): Promise<CliInfo>;
  canProvide(): boolean;
  INSTALL_HELP: string;
}

interface EngineModule {
  ensureBuilt(log?: (line: string) => void): boolean;
  linkPackage(projectDir: string, packageDir?: string): void;
  writeProject(dir: string, name: string): void;
  stripAnsi(s: string): string;
}

export const cliModule = require(path.join(REPO_ROOT, "scripts", "pulumi-cli.js")) as CliModule;
export const engine = require(path.join(REPO_ROOT, "scripts", "lib", "engine.js")) as EngineModule;

const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? "");

/**
 * Whether the e2e suite can run here. Synchronous, so that `describe` can be skipped at
 * collection time. Prints the one-line reason when it cannot.
 */
export function e2eAvailable(): boolean {
  if (process.env.EDGEPLATFORM_SKIP_E2E === "1" && !isCI) {
    console.log("e2e tests skipped: EDGEPLATFORM_SKIP_E2E=1");
    return false;
  }
  if (cliModule.canProvide()) return true;
  if (isCI) return true; // let ensurePulumiCli() fail loudly in beforeAll
  console.log(
    "e2e tests skipped: no Pulumi CLI >= 3.181 on PATH and no Go to build one " +
      "(install Pulumi or Go; see scripts/pulumi-cli.js). Under CI=true this is a failure.",
  );
  return false;
}

/** The whole-suite time budget for building the CLI on a fresh machine (first run only). */
export const CLI_BUILD_TIMEOUT_MS = 30 * 60 * 1000;

/** Provides the CLI and dist/ (builds them if needed). */
export async function provideCliAndDist(): Promise<CliInfo> {
  engine.ensureBuilt((l) => console.log(l));
  return cliModule.ensurePulumiCli({ log: (l) => console.log(`[pulumi-cli] ${l}`) });
}

/** One Pulumi operation for the driver. */
export interface Op {
  op: "up" | "preview" | "refresh" | "destroy" | "export" | "outputs" | "remove";
  opts?: Record<string, unknown>;
  allowFail?: boolean;
}

/** The driver's result of one operation. */
export interface OpResult {
  op: string;
  ok: boolean;
  ms: number;
  stdout: string;
  stderr: string;
  summary?: { result?: string; resourceChanges?: Record<string, number> };
  changeSummary?: Record<string, number>;
  outputs?: Record<string, { value: unknown; secret: boolean }>;
  deployment?: unknown;
  error?: { name: string; message: string };
}

/** A stack in a temporary project directory, driven by child processes. */
export class TestStack {
  readonly dir: string;
  readonly projectDir: string;
  readonly stateDir: string;
  /** Everything the CLI printed in every run (for the no-secret-leak check). */
  readonly transcript: string[] = [];
  private configured = false;

  constructor(
    readonly cli: CliInfo,
    readonly opts: {
      projectName: string;
      stackName: string;
      passphrase: string;
      config: Record<string, { value: string; secret?: boolean }>;
      programModule: string;
      programExport: string;
    },
  ) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-e2e-"));
    this.projectDir = path.join(this.dir, "project");
    this.stateDir = path.join(this.dir, "state");
    engine.writeProject(this.projectDir, opts.projectName);
    this.usePackage(PACKAGE_DIR);
  }

  /** Points the project's `node_modules/pulumi-edgeplatform` at `packageDir`. */
  usePackage(packageDir: string): void {
    engine.linkPackage(this.projectDir, packageDir);
  }

  /** Runs `ops` in order in one driver process (stops at the first failure unless allowFail). */
  async run(
    ops: Op[],
    programOptions: Record<string, unknown> = {},
    programModule?: string,
  ): Promise<OpResult[]> {
    const spec = {
      cli: this.cli,
      workDir: this.projectDir,
      stateDir: this.stateDir,
      pulumiHome: path.join(this.dir, "pulumi-home"),
      passphrase: this.opts.passphrase,
      stackName: this.opts.stackName,
      projectName: this.opts.projectName,
      config: this.configured ? undefined : this.opts.config,
      stackExists: this.configured,
      program: {
        module: programModule ?? this.opts.programModule,
        export: this.opts.programExport,
        options: programOptions,
      },
      ops,
      resultFile: path.join(this.dir, `result-${Date.now()}.json`),
    };
    const specFile = path.join(this.dir, `spec-${Date.now()}.json`);
    fs.writeFileSync(specFile, JSON.stringify(spec));
    const driver = path.join(REPO_ROOT, "scripts", "lib", "stack-driver.js");
    const { code, output } = await new Promise<{ code: number | null; output: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, [driver, specFile], {
          cwd: this.projectDir,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        child.on("error", reject);
        child.on("close", (c) => resolve({ code: c, output: out }));
      },
    );
    fs.rmSync(specFile, { force: true });
    this.transcript.push(output);
    if (code !== 0 || !fs.existsSync(spec.resultFile)) {
      throw new Error(`stack driver failed (exit ${code}):\n${output}`);
    }
    const { results } = JSON.parse(fs.readFileSync(spec.resultFile, "utf8")) as {
      results: OpResult[];
    };
    fs.rmSync(spec.resultFile, { force: true });
    for (const r of results) {
      r.stdout = engine.stripAnsi(r.stdout);
      r.stderr = engine.stripAnsi(r.stderr);
      this.transcript.push(r.stdout, r.stderr, r.error?.message ?? "");
    }
    const setup = results.find((r) => r.op === "setup");
    if (setup) throw new Error(`stack setup failed: ${setup.error?.message}`);
    this.configured = true;
    return results;
  }

  /** Runs one operation; throws with the CLI output when it fails and `allowFail` is not set. */
  async op(
    op: Op,
    programOptions: Record<string, unknown> = {},
    programModule?: string,
  ): Promise<OpResult> {
    const [r] = await this.run([op], programOptions, programModule);
    if (!r.ok && !op.allowFail) {
      throw new Error(`pulumi ${op.op} failed:\n${r.error?.message}\n${r.stdout}\n${r.stderr}`);
    }
    return r;
  }

  /** Deletes the temporary directory. */
  cleanup(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The one read a provider process makes of its own at its first `check` (GET of this path),
 * to check the API key before planning (packages/pulumi/src/resources/core/credentials.ts).
 */
export const KEY_CHECK_PATH = "/shield/shield-zone/defaults";

/** The emulator's control client plus the e2e tests' view of the journal. */
export class Control extends EmulatorControl {
  /**
   * Write calls since the journal was last cleared (reads, logging, name checks and writes
   * that changed nothing, such as the read of a signed zone's DS record, left out).
   */
  async writes(): Promise<JournalEntry[]> {
    return (await this.journal()).filter(
      (r) =>
        r.method !== "GET" &&
        r.unchanged !== true &&
        !r.path.startsWith("/logging") &&
        r.path !== "/pullzone/checkavailability",
    );
  }
}

/**
 * Normalises CLI output for golden comparisons: ids, URLs, durations, and trailing spaces.
 */
export function normaliseOutput(text: string): string {
  return text
    .replace(/\r/g, "")
    .replace(/\[id=[^\]]+\]/g, "[id=<id>]")
    .replace(/https?:\/\/127\.0\.0\.1:\d+/g, "<url>")
    .replace(/\(\d+(\.\d+)?m?s\)/g, "(<t>)")
    .replace(/Duration: .*/g, "Duration: <t>")
    .replace(/[ \t]+$/gm, "")
    .trim();
}

/** Compares `actual` with the golden file; writes it when missing or UPDATE_GOLDEN=1. */
export function expectGolden(name: string, actual: string): void {
  const file = path.join(__dirname, "golden", name);
  if (!fs.existsSync(file) && isCI && process.env.UPDATE_GOLDEN !== "1") {
    throw new Error(
      `golden file ${path.relative(REPO_ROOT, file)} is missing (run the e2e tests once with UPDATE_GOLDEN=1)`,
    );
  }
  if (process.env.UPDATE_GOLDEN === "1" || !fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${actual}\n`);
    console.log(`golden file written: ${path.relative(REPO_ROOT, file)}`);
    return;
  }
  expect(actual).toBe(fs.readFileSync(file, "utf8").replace(/\n$/, ""));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
/** Everything a run printed, plus its error message. */
export const text = (r: OpResult) => `${r.stdout}\n${r.stderr}\n${r.error?.message ?? ""}`;

/** The state in a comparable form: rules by id, `ruleJson` parsed (key order is not meaning). */
export function canonical(s: EmulatorState): EmulatorState {
  return {
    ...s,
    rateLimitRules: [...s.rateLimitRules]
      .sort((a, b) => a.id - b.id)
      .map((r) => ({
        ...r,
        ruleJson: typeof r.ruleJson === "string" ? JSON.parse(r.ruleJson) : r.ruleJson,
      })),
  };
}

/** Prints a CLI run (normalised) under a title, for quoting. */
export function show(title: string, r: OpResult, max = 60): void {
  const lines = normaliseOutput(text(r))
    .split("\n")
    .filter((l) => l.trim() !== "");
  const cut =
    lines.length > max ? [...lines.slice(0, max), `... (${lines.length - max} more)`] : lines;
  console.log(`--- ${title}: pulumi ${r.op} ${r.ok ? "ok" : "FAILED"}\n${cut.join("\n")}`);
}

/** Processes whose working directory is `dir` (the stack's project: CLI, provider host). */
export function processesIn(dir: string): { pid: number; argv: string[] }[] {
  const real = fs.realpathSync(dir);
  const out: { pid: number; argv: string[] }[] = [];
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      if (fs.readlinkSync(`/proc/${e}/cwd`) !== real) continue;
      const argv = fs.readFileSync(`/proc/${e}/cmdline`, "utf8").split("\0").filter(Boolean);
      out.push({ pid: Number(e), argv });
    } catch {
      // gone meanwhile, or not readable: not one of ours
    }
  }
  return out;
}

/** Polls `cond` every 100 ms until it holds; fails after `ms`. */
export async function waitFor(
  what: string,
  cond: () => boolean | Promise<boolean>,
  ms: number,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Runs the Pulumi CLI directly on the stack (CLI mode: no program; for commands the
 * Automation API does not offer), with `input` on stdin; bounded by `timeoutMs`. Returns the
 * exit status and the output without colours.
 */
export function runPulumi(
  stack: TestStack,
  args: string[],
  opts: { input?: string; timeoutMs?: number } = {},
): { status: number | null; stdout: string; stderr: string; ms: number } {
  const started = Date.now();
  const r = spawnSync(stack.cli.pulumiPath, [...args, "--stack", stack.opts.stackName], {
    cwd: stack.projectDir,
    input: opts.input ?? "",
    encoding: "utf8",
    timeout: opts.timeoutMs ?? 120_000,
    env: {
      ...process.env,
      PATH: [...stack.cli.pathDirs, process.env.PATH ?? ""].join(path.delimiter),
      PULUMI_BACKEND_URL: `file://${stack.stateDir}`,
      PULUMI_CONFIG_PASSPHRASE: stack.opts.passphrase,
      PULUMI_HOME: path.join(stack.dir, "pulumi-home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      // The CLI-mode language host resolves its modules (`@grpc/grpc-js`, `@pulumi/pulumi`)
      // from the project directory, whose node_modules holds only the linked package.
      NODE_PATH: path.join(REPO_ROOT, "node_modules"),
    },
  });
  return {
    status: r.status,
    stdout: engine.stripAnsi(r.stdout ?? ""),
    stderr: engine.stripAnsi(r.stderr ?? ""),
    ms: Date.now() - started,
  };
}
