/**
 * Long waits show a sign of life (issue 31, "the first hour"), with the real CLI (CLI mode, as
 * a user runs it): `pulumi up --non-interactive` of a rate-limit rule and a shield zone, under
 * `async-202` with writes applied 3 s later and two 503 answers to the rule's read-back.
 *
 * What the CLI 3.248 does with a provider's ephemeral line (measured): in a non-interactive run
 * it prints the resource's progress row again with the line at its end
 * (`+  …:RateLimitRule login creating (1s) edgeplatform: …`), and leaves it out of the
 * Diagnostics section printed at the end; the event log (`--event-log FILE`, a flag the CLI
 * registers only with `PULUMI_DEBUG_COMMANDS=true`) has it as a `diagnosticEvent` with the
 * resource's `urn` and `ephemeral: true`. So the test reads the event log for what was told,
 * about which resource, how often, and the output for what a person saw.
 *
 * Before, the run was silent while it waited: no status line at all.
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

type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;

const PROGRAM = `const edge = require("pulumi-edgeplatform");
const s = edge.shield;
new s.RateLimitRule("login", {
  shieldZoneId: 1,
  ruleName: "login-limit",
  ruleConfiguration: {
    actionType: "Challenge",
    variableTypes: { REQUEST_URI: "/login" },
    operatorType: "BEGINSWITH",
    value: "/login",
    requestCount: 20,
    counterKeyType: "IP",
    timeframe: "PerOneMinute",
    blockTime: "ForFiveMinutes",
  },
});
new s.ShieldZone("zone1", { shieldZoneId: 1, waf: { mode: "Log" } });
`;

/** A diagnostic event of the engine's event log. */
interface Diagnostic {
  urn?: string;
  message: string;
  severity: string;
  ephemeral?: boolean;
}

const RETRIED =
  /edgeplatform: the platform answered 503 to shield\.getRateLimit; retrying (now|in 0\.\d s) \(attempt 2 of 5\)/;
const PENDING =
  /edgeplatform: waiting for the platform to apply the write \(202 Accepted\), [1-5] s so far; checking for up to 20 s/;

const run = e2eAvailable();
(run ? describe : describe.skip)("status lines during long waits (real CLI)", () => {
  let cli: CliInfo;
  let emu: RunningEmulator;
  let control: Control;
  let dir: string;
  let project: string;
  let env: NodeJS.ProcessEnv;
  const apiKey = `key-${randomBytes(16).toString("hex")}`;

  function pulumi(args: string[]) {
    return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(cli.pulumiPath, args, {
        cwd: project,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, out: engine.stripAnsi(out) }));
    });
  }

  async function setup(args: string[]) {
    const r = await pulumi(args);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")}: ${r.out}`);
  }

  beforeAll(async () => {
    cli = await provideCliAndDist();
    registerSecret(apiKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-wait-"));
    project = path.join(dir, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      "name: edgeplatform-wait\nruntime: nodejs\nmain: index.js\n",
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
      // Registers `--event-log` (CLI 3.248 has it only under this variable).
      PULUMI_DEBUG_COMMANDS: "true",
    };
    await setup(["stack", "init", "wait", "--non-interactive"]);
    await setup(["config", "set", "edgeplatform:baseUrl", emu.url]);
    await setup(["config", "set", "--secret", "edgeplatform:apiKey", apiKey]);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (dir && process.env.KEEP_E2E_DIR !== "1") fs.rmSync(dir, { recursive: true, force: true });
  });

  test("up under 202s and 503s: one ephemeral line per resource and kind of wait, gone from Diagnostics", async () => {
    await control.setProfile({ name: "async-202", writeDelayMs: 3_000 });
    await control.fault({
      method: "GET",
      path: "^/shield/rate-limit/\\d+$",
      count: 2,
      status: 503,
    });
    const events = path.join(dir, "events.json");
    const started = Date.now();
    const r = await pulumi([
      "up",
      "--yes",
      "--non-interactive",
      "--color",
      "never",
      "--event-log",
      events,
    ]);
    const ms = Date.now() - started;
    expect(r.code).toBe(0);
    expect(r.out).toContain("+ 3 created");
    expect((await control.journal()).filter((e) => e.status === 503)).toHaveLength(2);

    const diagnostics: Diagnostic[] = fs
      .readFileSync(events, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as { diagnosticEvent?: Diagnostic })
      .flatMap((e) => (e.diagnosticEvent ? [e.diagnosticEvent] : []));
    const status = (name: string) =>
      diagnostics
        .filter((d) => d.ephemeral && d.urn?.endsWith(`::${name}`))
        .map((d) => d.message.trim());
    // The rule: its read-back retried twice (told once), then waited for the write (told once).
    const rule = status("login");
    expect(rule).toHaveLength(2);
    expect(rule[0]).toMatch(new RegExp(`^${RETRIED.source}$`));
    expect(rule[1]).toMatch(new RegExp(`^${PENDING.source}$`));
    // The shield zone: waited for its write, told once.
    expect(status("zone1")).toEqual([expect.stringMatching(new RegExp(`^${PENDING.source}$`))]);
    // Every status line is ephemeral and belongs to a resource.
    const told = diagnostics.filter((d) => RETRIED.test(d.message) || PENDING.test(d.message));
    expect(told).toHaveLength(3);
    for (const d of told) expect(d).toMatchObject({ ephemeral: true, severity: "info" });

    // What a person saw: the lines in the resources' progress rows while they ran, none left
    // in the Diagnostics section at the end.
    const rows = r.out.split("\nDiagnostics:")[0];
    expect(rows).toMatch(new RegExp(`RateLimitRule login creating \\(\\d+s\\) ${RETRIED.source}`));
    expect(rows).toMatch(new RegExp(`RateLimitRule login creating \\(\\d+s\\) ${PENDING.source}`));
    expect(rows).toMatch(new RegExp(`ShieldZone zone1 creating \\(\\d+s\\) ${PENDING.source}`));
    const diag = r.out.split("\nDiagnostics:")[1] ?? "";
    expect(diag).not.toMatch(RETRIED);
    expect(diag).not.toMatch(PENDING);
    assertNoSecrets({ up: r.out, events: fs.readFileSync(events, "utf8") });
    console.log(`wait-status e2e: up took ${ms} ms`);
  }, 180_000);
});
