/**
 * The Go SDK (sdk/go/edgeplatform) end to end: the Go program test/go/main.go, which is
 * docs/go.md's program byte for byte (checked here), runs the Automation API (an inline
 * program; no Go language host) with the real CLI and this checkout's native provider plugin
 * against the emulator, in a project made as docs/go.md makes it (Pulumi.yaml, `pulumi stack
 * init`, the stack config). `up` creates a rate-limit rule, a bot detection setting and a DNS
 * record (the record through an explicit `edgeplatform.NewProvider`); the stack config key
 * `requestCount` set, `up` again updates one field of the rule; `refresh --expect-no-changes`
 * writes nothing; `destroy` gives the platform back as it was. The emulator's journal of writes
 * of create, update and destroy is the same as for the same program as TypeScript dynamic
 * resources (test/e2e/programs/go-sdk-program.ts).
 *
 * The Go binary is built once per content of test/go, sdk/go and the go.mod/go.sum files, into
 * `~/.cache/pulumi-edgeplatform/go-e2e-<hash>/` (scripts/pulumi-cli.js's cache root). Needs Go
 * (and the Go module cache or a module proxy); without Go the file is skipped with the reason,
 * except under CI=true.
 */
import { spawnSync } from "child_process";
import { createHash, randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { EmulatorState, JournalEntry } from "../../packages/emulator/src";
import { docs } from "../docs/lib";
import { KindHarness, startKindHarness } from "./harness";
import { jsonStep, pulumiIn, type SdkProject } from "./sdk-project";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  cliModule,
  e2eAvailable,
  provideCliAndDist,
  REPO_ROOT,
} from "./setup";

const GO_DIR = path.join(REPO_ROOT, "test", "go");
const SDK_DIR = path.join(REPO_ROOT, "sdk");
const PLUGIN_DIR = path.join(REPO_ROOT, "packages", "pulumi", "bin");
const PROGRAM = path.join(__dirname, "programs", "go-sdk-program.ts");
const OP_TIMEOUT = 300_000;

/** docs/go.md's Go blocks that are Automation API programs: the program a user runs. */
const docsPrograms = docs
  .collectBlocks()
  .blocks.filter(
    (b) =>
      b.file === "docs/go.md" &&
      b.kind === "go" &&
      b.code.includes('"github.com/pulumi/pulumi/sdk/v3/go/auto"'),
  );

test("docs/go.md's program is test/go/main.go, byte for byte", () => {
  expect(docsPrograms).toHaveLength(1);
  expect(`${docsPrograms[0].code}\n`).toBe(fs.readFileSync(path.join(GO_DIR, "main.go"), "utf8"));
});

interface CacheModule {
  cacheRoot(): string;
  buildGoBinary(
    bin: string,
    dir: string,
    opts: { what: string; env?: NodeJS.ProcessEnv; log: (line: string) => void },
  ): Promise<{ bin: string; built: boolean; ms: number }>;
}
const cache = cliModule as unknown as CacheModule;

const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? "");
const goVersion = (): string | null => {
  const r = spawnSync("go", ["version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
};

/** Whether this file runs: the e2e suite runs and Go is there (always under CI=true). */
function goAvailable(): boolean {
  if (!e2eAvailable()) return false;
  if (isCI || goVersion()) return true;
  console.log(
    "Go SDK e2e skipped: no `go` on PATH to build test/go (see docs/go.md). " +
      "Under CI=true this is a failure.",
  );
  return false;
}

/** The files under `dir` (recursively), sorted, as paths relative to REPO_ROOT. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (e.isFile() || e.isSymbolicLink()) out.push(path.relative(REPO_ROOT, p));
  }
  return out.sort();
}

/**
 * The hash the binary is cached under: the Go version and every file of test/go and of the SDK
 * module (sdk/go.mod, sdk/go.sum, sdk/go/**), names and contents.
 */
function sourceHash(): string {
  if (!fs.existsSync(path.join(SDK_DIR, "go.mod"))) {
    throw new Error(`the Go SDK is missing: no go.mod in ${SDK_DIR} (test/go builds against it)`);
  }
  const h = createHash("sha256").update(goVersion() ?? "");
  const sdkFiles = ["go.mod", "go.sum"]
    .map((f) => path.join(SDK_DIR, f))
    .filter((f) => fs.existsSync(f))
    .map((f) => path.relative(REPO_ROOT, f));
  for (const f of [...filesUnder(GO_DIR), ...sdkFiles, ...filesUnder(path.join(SDK_DIR, "go"))]) {
    h.update(`${f}\0`)
      .update(fs.readFileSync(path.join(REPO_ROOT, f)))
      .update("\0");
  }
  return h.digest("hex").slice(0, 16);
}

/** Builds test/go into the cache unless it is there; resolves with the binary and the time. */
async function provideBinary(): Promise<{ bin: string; built: boolean; ms: number }> {
  const bin = path.join(cache.cacheRoot(), `go-e2e-${sourceHash()}`, "go-e2e");
  const log = (l: string) => console.log(`[go-e2e] ${l}`);
  return cache.buildGoBinary(bin, GO_DIR, { what: "test/go", log });
}

/** What the Go program prints for an operation (--json). */
interface GoSummary {
  op: string;
  result: string;
  changes: Record<string, number>;
  diffs: Record<string, string[]>;
  outputs: Record<string, unknown>;
}

/** A write of the journal as the comparison sees it. */
type Write = { method: string; path: string; body: unknown };
/** Writes in a fixed order (the engine creates independent resources in parallel). */
const sorted = (ws: Write[]) =>
  [...ws].sort((a, b) => {
    const ka = `${a.method} ${a.path} ${JSON.stringify(a.body)}`;
    const kb = `${b.method} ${b.path} ${JSON.stringify(b.body)}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
const asWrites = (js: JournalEntry[]): Write[] =>
  js.map((w) => ({ method: w.method, path: w.path, body: w.body }));

/**
 * The platform's state in a comparable form: the id counters left out, a zone's `wafEnabled`
 * read as its default when the fixture leaves it out (a settings write stores it), and a DNS
 * zone's date of its last write (the platform's record, which no restore gives back).
 */
const comparable = (s: EmulatorState) => ({
  ...s,
  nextIds: undefined,
  shieldZones: s.shieldZones.map((z) => ({ ...z, wafEnabled: z.wafEnabled ?? true })),
  dnsZones: s.dnsZones.map((z) => ({ ...z, DateModified: undefined })),
});

const run = goAvailable();
(run ? describe : describe.skip)("Go SDK through the Automation API", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let bin: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-go-"));
  const project = path.join(dir, "project");
  const passphrase = randomBytes(12).toString("hex");
  /** Everything the Go program printed (for the no-key check). */
  const transcript: string[] = [];

  beforeAll(async () => {
    cli = await provideCliAndDist();
    const cold = await provideBinary();
    // The second look finds the cached binary without building.
    const warm = await provideBinary();
    expect(warm).toEqual({ bin: cold.bin, built: false, ms: expect.any(Number) });
    bin = cold.bin;
    console.log(
      `Go program: ${cold.built ? "built" : "cached"} in ${(cold.ms / 1000).toFixed(1)} s; ` +
        `found in the cache in ${warm.ms} ms (${path.dirname(bin)})`,
    );
    harness = await startKindHarness(cli, { label: "go", programModule: PROGRAM });
    // The project, as docs/go.md makes it (the backend and the plugin named in Pulumi.yaml).
    fs.mkdirSync(project);
    fs.mkdirSync(path.join(dir, "state"));
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      [
        "name: edgeplatform-go",
        "runtime: go",
        "backend:",
        `  url: file://${path.join(dir, "state")}`,
        "plugins:",
        "  providers:",
        "    - name: edgeplatform",
        `      path: ${PLUGIN_DIR}`,
        "",
      ].join("\n"),
    );
    pulumi(["stack", "init", "dev"]);
    pulumi(["config", "set", "edgeplatform:baseUrl", harness.url]);
    pulumi(["config", "set", "--secret", "edgeplatform:apiKey", harness.apiKey]);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await harness?.close();
    if (process.env.KEEP_E2E_DIR !== "1") fs.rmSync(dir, { recursive: true, force: true });
  });

  const sdk: SdkProject = {
    cli: () => cli,
    dir,
    project,
    passphrase,
    transcript,
    timeoutMs: OP_TIMEOUT,
  };
  const pulumi = (args: string[]) => pulumiIn(sdk, args);
  /** Runs one operation of the Go program (`--json`); rejects with its output when it fails. */
  const goStep = (op: string, ...flags: string[]): Promise<GoSummary> =>
    jsonStep<GoSummary>(sdk, bin, [op, ...flags]);

  test(
    "up, update of one field, refresh with no change, destroy; the writes of the TypeScript program",
    async () => {
      const control = harness.control;
      const writes = async () => asWrites(await control.writes());
      const rules = async () =>
        (await control.state()).rateLimitRules.filter(
          (r) => r.shieldZoneId === 1 && r.ruleName === "login-limit",
        );
      const records = async () =>
        ((await control.state()).dnsZones.find((z) => z.Id === 1)?.Records ?? []).filter(
          (r) => r.Name === "go",
        );
      const botsOfZone3 = async () =>
        (await control.state()).shieldZones.find((z) => z.id === 3)?.botDetection;

      // --- Go, through the plugin ---
      await control.reset();
      const before = await control.state();
      const started = Date.now();
      const up = await goStep("up");
      expect(up.result).toBe("succeeded");
      // The three resources and the explicit provider (and the stack).
      expect(up.changes).toEqual({ create: 5 });
      const created = await rules();
      expect(created).toHaveLength(1);
      const recs = await records();
      expect(recs).toHaveLength(1);
      expect(up.outputs).toEqual({
        ruleId: created[0].id,
        requestCount: 20,
        botSensitivity: "Medium",
        recordId: recs[0].Id,
        recordValue: "192.0.2.7",
      });
      expect(created[0]).toMatchObject({ ruleConfiguration: { requestCount: 20 } });
      expect(recs[0]).toMatchObject({ Type: 0, Value: "192.0.2.7", Ttl: 300 });
      expect(await botsOfZone3()).not.toEqual(
        before.shieldZones.find((z) => z.id === 3)?.botDetection,
      );
      const goUp = await writes();

      // The rule's limit from the stack config: one field of one resource changes.
      pulumi(["config", "set", "requestCount", "30"]);
      await control.clearJournal();
      const update = await goStep("up");
      expect(update.changes).toEqual({ update: 1, same: 4 });
      expect(update.diffs).toEqual({ login: ["ruleConfiguration.requestCount"] });
      expect(update.outputs).toMatchObject({ ruleId: created[0].id, requestCount: 30 });
      const goUpdate = await writes();
      expect(goUpdate.map((w) => `${w.method} ${w.path}`)).toEqual([
        `PATCH /shield/rate-limit/${created[0].id}`,
      ]);
      expect(JSON.stringify(goUpdate[0].body)).toContain('"requestCount":30');
      expect((await rules())[0]).toMatchObject({ ruleConfiguration: { requestCount: 30 } });

      await control.clearJournal();
      const refresh = await goStep("refresh", "--expect-no-changes");
      expect(refresh.result).toBe("succeeded");
      expect(refresh.changes).toEqual({ same: 5 });
      expect(await writes()).toEqual([]);

      await control.clearJournal();
      const destroy = await goStep("destroy");
      expect(destroy.changes).toEqual({ delete: 5 });
      const goDestroy = await writes();
      expect(comparable(await control.state())).toEqual(comparable(before));
      console.log(
        `Go program, up + update + refresh + destroy: ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );

      // No key in what the program printed or in the backend's files.
      const stateText = filesUnder(dir)
        .filter((f) => f.includes(`${path.sep}state${path.sep}`))
        .map((f) => fs.readFileSync(path.join(REPO_ROOT, f), "utf8"))
        .join("\n");
      for (const t of [...transcript, stateText]) expect(t).not.toContain(harness.apiKey);

      // --- the same program as TypeScript dynamic resources ---
      await control.reset();
      const ts = harness.newStack("ts");
      await ts.op({ op: "up" }, { requestCount: 20 });
      const tsUp = await writes();
      await control.clearJournal();
      await ts.op({ op: "up" }, { requestCount: 30 });
      const tsUpdate = await writes();
      await control.clearJournal();
      await ts.op({ op: "destroy" }, { requestCount: 30 });
      const tsDestroy = await writes();

      expect(sorted(goUp).map((w) => `${w.method} ${w.path}`)).toEqual([
        "PATCH /shield/shield-zone/3/bot-detection",
        "POST /shield/rate-limit",
        "PUT /dnszone/1/records",
      ]);
      console.log(
        `Go program's writes: up ${sorted(goUp)
          .map((w) => `${w.method} ${w.path}`)
          .join(", ")}; ` +
          `update ${JSON.stringify(goUpdate)}; destroy ${sorted(goDestroy)
            .map((w) => `${w.method} ${w.path}`)
            .join(", ")}`,
      );
      expect({ up: sorted(goUp), update: goUpdate, destroy: sorted(goDestroy) }).toEqual({
        up: sorted(tsUp),
        update: tsUpdate,
        destroy: sorted(tsDestroy),
      });
    },
    8 * OP_TIMEOUT,
  );
});
