/**
 * Fault tolerance with the real Pulumi engine (CLI + Automation API inline program + the
 * dynamic-provider host) against the emulator:
 *
 * 1. Nothing lost: a `pulumi up` that fails mid-run (a 500 on one create POST, and a 502 after
 *    another POST was applied) is followed by a second `pulumi up` that converges: the
 *    emulator holds exactly the desired rules (no duplicate, none missing), `pulumi stack
 *    export` agrees with the emulator, and a preview is clean.
 * 2. Concurrency: 100 rules with the engine's default parallelism against an emulator that
 *    answers 429 to 20 % of the requests (seeded) converge without an error, and are destroyed
 *    without an error.
 *
 * Every CLI transcript, the stored state files and `pulumi stack export` (without
 * --show-secrets) are scanned for the API key.
 */
import { spawnSync } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { assertNoSecrets, registerSecret } from "../support/secrets";
import { desiredConfiguration } from "./faults-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  Control,
  e2eAvailable,
  OpResult,
  provideCliAndDist,
  TestStack,
} from "./setup";

type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const PROGRAM = path.join(__dirname, "faults-program.ts");
const OP_TIMEOUT = 300_000;

/** `pulumi stack export` through the CLI itself (secrets stay encrypted, as stored). */
function cliExport(cli: CliInfo, stack: TestStack): Any {
  const r = spawnSync(cli.pulumiPath, ["stack", "export", "--stack", stack.opts.stackName], {
    cwd: stack.projectDir,
    encoding: "utf8",
    env: {
      ...process.env,
      PATH: [...cli.pathDirs, process.env.PATH ?? ""].join(path.delimiter),
      PULUMI_BACKEND_URL: `file://${stack.stateDir}`,
      PULUMI_CONFIG_PASSPHRASE: stack.opts.passphrase,
      PULUMI_HOME: path.join(stack.dir, "pulumi-home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
    },
  });
  if (r.status !== 0) throw new Error(`pulumi stack export failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Every file under `dir`, as text (the local backend: checkpoints, history, backups). */
function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out[p] = fs.readFileSync(p, "utf8");
    }
  };
  walk(dir);
  return out;
}

const text = (r: OpResult) => `${r.stdout}\n${r.stderr}\n${r.error?.message ?? ""}`;

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine under faults", () => {
  let cli: CliInfo;
  let emu: RunningEmulator;
  let control: Control;
  let apiKey: string;
  const stacks: TestStack[] = [];

  const newStack = (name: string) => {
    const s = new TestStack(cli, {
      projectName: "edgeplatform-faults",
      stackName: name,
      passphrase: randomBytes(12).toString("hex"),
      programModule: PROGRAM,
      programExport: "rules",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
    stacks.push(s);
    return s;
  };
  const fault = (spec: Record<string, unknown>) =>
    fetch(`${emu.url}/_emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(spec),
    }).then((r) => {
      if (!r.ok) throw new Error(`fault registration failed: HTTP ${r.status}`);
    });
  const clearFaults = () => fetch(`${emu.url}/_emulator/faults`, { method: "DELETE" });
  const reset = () => fetch(`${emu.url}/_emulator/reset`, { method: "POST" });
  const rulesNamed = async (prefix: string) =>
    ((await control.state()).rateLimitRules as Any[]).filter((r) =>
      String(r.ruleName).startsWith(`${prefix}-`),
    );

  /** No API key in CLI output, stored state or the CLI's stack export. */
  const assertNoKey = (s: TestStack) =>
    assertNoSecrets({
      transcript: s.transcript.join("\n"),
      ...filesUnder(s.stateDir),
      "pulumi stack export": cliExport(cli, s),
    });

  beforeAll(async () => {
    cli = await provideCliAndDist();
    apiKey = `e2e-faults-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") for (const s of stacks) s.cleanup();
  });

  test(
    "nothing lost: after an up that failed mid-run, a second up converges to the desired state",
    async () => {
      await reset();
      const n = 6;
      const options = { n, prefix: "lost" };
      const stack = newStack("nothing-lost");
      // One create POST fails before it is applied; another is applied but its answer is lost.
      await fault({ method: "POST", path: "^/shield/rate-limit$", status: 500, count: 1 });
      await fault({
        method: "POST",
        path: "^/shield/rate-limit$",
        afterHandler: true,
        status: 502,
        count: 1,
      });

      const first = await stack.op({ op: "up", allowFail: true }, options);
      expect(first.ok).toBe(false);
      expect(text(first)).toMatch(/RateLimitRule \(shield zone 1\): create failed/);
      // The failed create left nothing behind; the lost answer was recovered by listing.
      expect(await rulesNamed("lost")).toHaveLength(n - 1);

      await clearFaults();
      const second = await stack.op({ op: "up" }, options);
      expect(second.summary?.result).toBe("succeeded");
      expect(second.summary?.resourceChanges).toMatchObject({ create: 1 });

      const rules = await rulesNamed("lost");
      expect(rules.map((r) => r.ruleName).sort()).toEqual(
        Array.from({ length: n }, (_, i) => `lost-${i}`).sort(),
      );
      for (const r of rules) expect(r.ruleConfiguration).toMatchObject(desiredConfiguration());

      // pulumi stack export agrees with the emulator: same ids, same names and configuration.
      const exported = cliExport(cli, stack);
      const inState = (exported.deployment.resources as Any[]).filter((r) =>
        /RateLimitRule$/.test(r.type),
      );
      expect(inState.map((r) => Number(r.id)).sort()).toEqual(rules.map((r) => r.id).sort());
      for (const r of inState) {
        const upstream = rules.find((x) => x.id === Number(r.id));
        expect(r.outputs.ruleName).toBe(upstream.ruleName);
        // The state reads the program's integers by name (check stores enumerations by name).
        expect(r.outputs.ruleConfiguration).toMatchObject({
          ...desiredConfiguration(),
          actionType: "RateLimit",
          operatorType: "BEGINSWITH",
          severityType: "WARNING",
          transformationTypes: ["LOWERCASE"],
          counterKeyType: "IP",
          timeframe: "PerOneMinute",
          blockTime: "ForFiveMinutes",
        });
      }
      const pv = await stack.op({ op: "preview", opts: { expectNoChanges: true } }, options);
      expect(pv.ok).toBe(true);

      await stack.op({ op: "destroy" }, options);
      expect(await rulesNamed("lost")).toHaveLength(0);
      assertNoKey(stack);
    },
    OP_TIMEOUT,
  );

  test(
    "concurrency: 100 rules, default parallelism, 20 % of requests answered 429: no error",
    async () => {
      await reset();
      const n = 100;
      const options = { n, prefix: "busy" };
      const stack = newStack("concurrency");
      // Seeded, so that a failure can be replayed: every management request has a 20 % chance.
      await fault({ status: 429, probability: 0.2, seed: 20, count: -1, path: "^/shield/" });

      const up = await stack.op({ op: "up" }, options);
      expect(up.summary?.result).toBe("succeeded");
      expect(up.summary?.resourceChanges).toMatchObject({ create: n + 1 });
      const rules = await rulesNamed("busy");
      expect(rules).toHaveLength(n);
      expect(new Set(rules.map((r) => r.ruleName)).size).toBe(n);
      const journal = await control.journal();
      const tooMany = journal.filter((e) => e.status === 429).length;
      expect(tooMany).toBeGreaterThan(0); // the fault really was in force

      const destroy = await stack.op({ op: "destroy" }, options);
      expect(destroy.summary?.result).toBe("succeeded");
      expect(await rulesNamed("busy")).toHaveLength(0);
      await clearFaults();
      assertNoKey(stack);
    },
    OP_TIMEOUT * 2,
  );
});
