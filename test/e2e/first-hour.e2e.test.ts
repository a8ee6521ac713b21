/**
 * What a new user sees (issue 31, "the first hour"), with the real CLI (CLI mode).
 *
 * The API key at `pulumi preview`, on a program of two resources
 * and two data sources (issue 31, "a missing or wrong API key passes preview"):
 * - a missing key fails the preview (exit 1) without a call to the platform, and a wrong key
 *   fails it, never showing the key;
 * - the reason, naming `edgeplatform:apiKey` (and `EDGEPLATFORM_API_KEY` when missing), is
 *   given once by each process that found it: once for the program (both data sources reject
 *   with one error) and once for the resources (the first resource checked; the engine stops
 *   there). Before, the program printed it once per data source and once more, and a wrong
 *   key passed the preview when the program had no data source;
 * - with the right key the preview succeeds, writes nothing and the provider makes one read
 *   of its own (`GET /shield/shield-zone/defaults`) besides the data sources' reads.
 *
 * Log lines belong to their resource: `pulumi up` shows the shield zone's "configuration
 * before Pulumi" under the shield zone, written for a person (`waf.mode = Block`), with the
 * package named once; before, it showed on the Stack as
 * `edgeplatform: edgeplatform ShieldZone …: configuration before Pulumi {"waf":{"mode":"Block"}}`.
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
exports.zone = s.getZoneOutput({ shieldZoneId: 1 }).shieldZoneId;
exports.host = edge.containers.getRegistryOutput({ registryId: 1 }).hostName;
`;

/** Number of times `needle` occurs in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** The lines of the preview's Diagnostics section that contain `needle`, trimmed. */
const diagnostics = (out: string, needle: string) =>
  (out.split("\nDiagnostics:")[1] ?? "")
    .split("\nResources:")[0]
    .split("\n")
    .filter((l) => l.includes(needle))
    .map((l) => l.trim());

const run = e2eAvailable();
(run ? describe : describe.skip)("the first hour of a new user (real CLI)", () => {
  let cli: CliInfo;
  let emu: RunningEmulator;
  let control: Control;
  let dir: string;
  let project: string;
  let env: NodeJS.ProcessEnv;
  const apiKey = `key-${randomBytes(16).toString("hex")}`;
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

  async function setup(args: string[]) {
    const r = await pulumi(args);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")}: ${r.out}`);
  }

  const preview = () => pulumi(["preview", "--non-interactive", "--color", "never"]);

  beforeAll(async () => {
    cli = await provideCliAndDist();
    registerSecret(apiKey);
    registerSecret(wrongKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-key-"));
    project = path.join(dir, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      "name: edgeplatform-key\nruntime: nodejs\nmain: index.js\n",
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
    await setup(["stack", "init", "key", "--non-interactive"]);
    await setup(["config", "set", "edgeplatform:baseUrl", emu.url]);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (dir && process.env.KEEP_E2E_DIR !== "1") fs.rmSync(dir, { recursive: true, force: true });
  });

  test("no key: preview fails, names edgeplatform:apiKey and EDGEPLATFORM_API_KEY once per process, no call", async () => {
    await control.clearJournal();
    const r = await preview();
    expect(r.code).toBe(1);
    const lines = diagnostics(r.out, "EDGEPLATFORM_API_KEY");
    expect(lines).toHaveLength(2);
    const resource = lines.find((l) => l.includes("has a problem"));
    const program = lines.find((l) => !l.includes("has a problem"));
    expect(program).toMatch(/^error: (\[runtime\] )?edgeplatform: missing setting "apiKey"/);
    expect(resource).toMatch(/resource '(login|zone1)' has a problem: edgeplatform: missing/);
    for (const l of lines) expect(l).toContain('stack config key "edgeplatform:apiKey"');
    // The engine stops at the first resource that fails its check; one checked at the same
    // time would only refer to it.
    expect(diagnostics(r.out, "first resource checked").length).toBeLessThanOrEqual(1);
    expect(r.out).not.toMatch(/Unhandled exception|^\s+at .*\.(js|ts):\d+/m);
    expect(await control.journal()).toEqual([]);
  }, 120_000);

  test("a wrong key: preview fails, names edgeplatform:apiKey once per process, never the key", async () => {
    await setup(["config", "set", "--secret", "edgeplatform:apiKey", wrongKey]);
    const r = await preview();
    expect(r.code).toBe(1);
    const lines = diagnostics(r.out, "refused the API key");
    expect(lines).toHaveLength(2);
    const resource = lines.find((l) => l.includes("has a problem"));
    const program = lines.find((l) => !l.includes("has a problem"));
    expect(program).toMatch(/^error: (\[runtime\] )?\S+ \(GET \S+\) failed: 401 /);
    expect(resource).toMatch(/resource '(login|zone1)' has a problem: edgeplatform: the API key/);
    for (const l of lines) expect(count(l, '"edgeplatform:apiKey"')).toBe(1);
    // The engine stops at the first resource that fails its check; one checked at the same
    // time would only refer to it.
    expect(diagnostics(r.out, "first resource checked").length).toBeLessThanOrEqual(1);
    expect(r.out).not.toMatch(/Unhandled exception|^\s+at .*\.(js|ts):\d+/m);
    assertNoSecrets({ "preview with a wrong key": r.out });
  }, 120_000);

  test("the right key: preview succeeds, no write; the provider reads the key and the new zone settings' values before Pulumi", async () => {
    await setup(["config", "set", "--secret", "edgeplatform:apiKey", apiKey]);
    await control.clearJournal();
    const r = await preview();
    expect(r.code).toBe(0);
    expect(r.out).toContain("+ 3 to create");
    const calls = (await control.journal()).map((e) => `${e.method} ${e.path}`);
    // The data sources' reads (getZone reads the WAF engine's defaults for a zone that lists
    // none), the provider's key check, and the new ShieldZone's read of its values before
    // Pulumi (check's, which `up` records in the pending create before the write).
    expect(calls.sort()).toEqual(
      [
        "GET /mc/registries/1",
        "GET /shield/shield-zone/1",
        "GET /shield/shield-zone/1",
        "GET /shield/waf/engine-config",
        "GET /shield/shield-zone/defaults",
      ].sort(),
    );
    assertNoSecrets({ "preview with the right key": r.out });
  }, 120_000);

  test("up: the shield zone's configuration before Pulumi shows under the shield zone, for a person", async () => {
    const r = await pulumi(["up", "--yes", "--non-interactive", "--color", "never"]);
    expect(r.code).toBe(0);
    const diag = (r.out.split("\nDiagnostics:")[1] ?? "").split("\nResources:")[0];
    // The section of the shield zone (the engine groups a resource's lines under its name).
    const zone = diag.split(/\n {2}(?=\S)/).find((b) => b.includes("ShieldZone (zone1):")) ?? "";
    expect(zone).toContain(
      "edgeplatform: ShieldZone (shield zone 1): create: configuration before Pulumi: waf.mode = Block; destroy restores waf.mode = Block",
    );
    expect(r.out).not.toContain("edgeplatform: edgeplatform");
    expect(r.out).not.toMatch(/configuration before Pulumi \{/);
    assertNoSecrets({ up: r.out });
  }, 120_000);
});
