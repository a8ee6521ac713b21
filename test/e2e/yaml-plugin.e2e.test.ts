/**
 * The native provider plugin (`pulumi-resource-edgeplatform`, packages/pulumi/src/plugin) with the
 * real CLI and the Pulumi YAML program of docs/yaml.md (`runtime: yaml`, the plugin named in
 * `plugins: providers:`) against the emulator: create a rate-limit rule, update one field (the
 * preview's detailed diff names exactly that field), destroy it; and the same program as the
 * TypeScript dynamic resource makes the same writes.
 *
 * Needs the YAML language host (scripts/pulumi-yaml.js builds it from Go modules); without one
 * and without Go the file is skipped with the reason, except under CI=true.
 */
import { spawn, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { createHash, randomBytes } from "crypto";
import { ALL_TYPES_DNS_ZONE, recordOfEachType } from "../../packages/emulator/src";
import { DnsRecordType, EdgeRuleActionType } from "../../packages/client/src/spec";
import { docs } from "../docs/lib";
import { isNa } from "../provider/lifecycle-table/kind";
import { KINDS } from "../provider/lifecycle-table/kinds";
import { registerSecret } from "../support/secrets";
import { KindHarness, startKindHarness } from "./harness";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  e2eAvailable,
  engine,
  provideCliAndDist,
  REPO_ROOT,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "rate-limit-program.ts");
const PLUGIN_DIR = path.join(REPO_ROOT, "packages", "pulumi", "bin");
const TYPE = "edgeplatform:shield:RateLimitRule";
const OP_TIMEOUT = 300_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

interface YamlModule {
  ensureYamlHost(opts?: { log?: (line: string) => void }): Promise<CliInfo>;
  canProvideYaml(): boolean;
}
const yamlModule = require(path.join(REPO_ROOT, "scripts", "pulumi-yaml.js")) as YamlModule;

const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? "");
/** Whether this file runs: the e2e suite runs and a YAML host exists or can be built. */
function yamlAvailable(): boolean {
  if (!e2eAvailable()) return false;
  if (isCI || yamlModule.canProvideYaml()) return true;
  console.log(
    "YAML plugin e2e skipped: no pulumi-language-yaml next to the CLI or on PATH, and no Go " +
      "to build it (see scripts/pulumi-yaml.js). Under CI=true this is a failure.",
  );
  return false;
}

/**
 * The Pulumi YAML programs of docs/yaml.md (`<!-- check: pulumi -->` before a ```yaml block):
 * ten, a rate-limit rule with the values of programs/rate-limit-program.ts, settings of a
 * shield zone and the data sources (both run as part of the every-kind program below), an API
 * document, a protected DNS zone, a pull zone, an edge script, an image registry, a container
 * application pulling from its own registry, and two accounts through two explicit providers.
 */
const docPrograms = docs
  .collectBlocks()
  .blocks.filter((b) => b.kind === "yaml" && b.pulumi && b.skip === null);

/**
 * The documentation's program that declares a resource of `type` with the stack config's
 * account (the only one; the program of explicit providers left out).
 */
function docProgram(type: string): string {
  return docProgramWith(`type: ${type}\n`, "type: pulumi:providers:");
}

/**
 * The documentation's program containing `text` and not `unless` (the only one), as written: no
 * `plugins:` (the installed plugin).
 */
function docProgramAsWritten(text: string, unless?: string): string {
  expect(docPrograms.map((b) => b.file)).toEqual(Array(10).fill("docs/yaml.md"));
  const found = docPrograms.filter(
    (b) => b.code.includes(text) && (unless === undefined || !b.code.includes(unless)),
  );
  expect(found).toHaveLength(1);
  const code = found[0].code;
  expect(code).not.toMatch(/^plugins:|path:/m);
  return code;
}

/**
 * The documentation's program containing `text` and not `unless` (the only one), with this
 * checkout's plugin (`plugins: providers: path:`, the checkout form of docs/yaml.md's Set up).
 */
function docProgramWith(text: string, unless?: string): string {
  const code = docProgramAsWritten(text, unless);
  expect(code).toMatch(/^runtime: yaml\n/m);
  return code.replace(
    /^runtime: yaml\n/m,
    `$&plugins:\n  providers:\n    - name: edgeplatform\n      path: ${PLUGIN_DIR}\n`,
  );
}

/** The documentation's program with this checkout's plugin and `requestCount`. */
function yamlProgram(requestCount: number): string {
  const code = docProgram(TYPE);
  expect(code.match(/^\s+requestCount: \d+$/gm)).toHaveLength(1);
  return code.replace(/^(\s+requestCount: )\d+$/m, `$1${requestCount}`);
}

/** A YAML project in a temporary directory, driven with the CLI (file backend). */
class YamlStack {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-yaml-"));
  readonly project = path.join(this.dir, "project");
  readonly passphrase = randomBytes(12).toString("hex");
  /** Environment of every CLI run, over the defaults below (PATH included). */
  env: NodeJS.ProcessEnv = {};
  constructor(readonly cli: CliInfo) {
    fs.mkdirSync(this.project);
    fs.mkdirSync(path.join(this.dir, "state"));
  }

  write(requestCount: number): void {
    fs.writeFileSync(path.join(this.project, "Pulumi.yaml"), yamlProgram(requestCount));
  }

  /** Writes the program `text`. */
  writeProgram(text: string): void {
    fs.writeFileSync(path.join(this.project, "Pulumi.yaml"), text);
  }

  /**
   * Runs the CLI (asynchronously: the emulator answers from this process meanwhile); resolves
   * with the exit status and the output without colours.
   */
  pulumi(args: string[]): Promise<{ status: number | null; out: string; stdout: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.cli.pulumiPath, [...args, "--non-interactive"], {
        cwd: this.project,
        stdio: ["ignore", "pipe", "pipe"],
        timeout: OP_TIMEOUT,
        env: {
          ...process.env,
          PATH: [...this.cli.pathDirs, process.env.PATH ?? ""].join(path.delimiter),
          PULUMI_BACKEND_URL: `file://${path.join(this.dir, "state")}`,
          PULUMI_CONFIG_PASSPHRASE: this.passphrase,
          PULUMI_HOME: path.join(this.dir, "pulumi-home"),
          PULUMI_SKIP_UPDATE_CHECK: "true",
          PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
          ...this.env,
        },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("error", reject);
      child.on("close", (status) =>
        resolve({ status, out: engine.stripAnsi(`${stdout}\n${stderr}`), stdout }),
      );
    });
  }

  /** Runs `args`; rejects with the output when the CLI fails. */
  async ok(args: string[]): Promise<{ out: string; stdout: string }> {
    const r = await this.pulumi(args);
    if (r.status !== 0) throw new Error(`pulumi ${args.join(" ")} failed:\n${r.out}`);
    return r;
  }

  cleanup(): void {
    if (process.env.KEEP_E2E_DIR !== "1") fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A step of `pulumi preview --json`. */
interface PreviewStep {
  op: string;
  urn: string;
  detailedDiff?: Record<string, { kind: string }>;
}

/**
 * The CLI with the YAML language host, and a harness (an emulator and the TypeScript program
 * `PROGRAM`) labelled `label`, for the describe block that calls this: started before its
 * tests (then `more`), closed after them.
 */
function useYamlHarness(
  label: string,
  more?: (harness: KindHarness) => Promise<unknown>,
): { cli: CliInfo; harness: KindHarness } {
  const yaml = {} as { cli: CliInfo; harness: KindHarness };
  beforeAll(async () => {
    await provideCliAndDist();
    yaml.cli = await yamlModule.ensureYamlHost({ log: (l) => console.log(`[pulumi-yaml] ${l}`) });
    yaml.harness = await startKindHarness(yaml.cli, { label, programModule: PROGRAM });
    await more?.(yaml.harness);
  }, CLI_BUILD_TIMEOUT_MS);
  afterAll(async () => yaml.harness?.close());
  return yaml;
}

const run = yamlAvailable();
(run ? describe : describe.skip)("native plugin with Pulumi YAML: RateLimitRule", () => {
  const yaml = useYamlHarness("yaml");
  const writes = async () =>
    (await yaml.harness.control.writes()).map((w) => ({
      method: w.method,
      path: w.path,
      body: w.body,
    }));

  test(
    "create, update of one field (the detailed diff names it), destroy; the writes of the TypeScript resource",
    async () => {
      const control = yaml.harness.control;
      const rulesOfZone1 = async () =>
        (await control.state()).rateLimitRules.filter(
          (r) => r.shieldZoneId === 1 && r.ruleName === "login-limit",
        );

      // --- YAML through the plugin ---
      await control.reset();
      const y = new YamlStack(yaml.cli);
      try {
        y.write(20);
        await y.ok(["stack", "init", "dev"]);
        await y.ok(["config", "set", "edgeplatform:baseUrl", yaml.harness.url]);
        await y.ok(["config", "set", "--secret", "edgeplatform:apiKey", yaml.harness.apiKey]);
        const up1 = (await y.ok(["up", "--yes", "--skip-preview"])).out;
        expect(up1).toMatch(/RateLimitRule login created/);
        const created = await rulesOfZone1();
        expect(created).toHaveLength(1);
        expect(created[0]).toMatchObject({
          ruleConfiguration: { requestCount: 20, actionType: 3 },
        });

        y.write(30);
        const preview = JSON.parse((await y.ok(["preview", "--json"])).stdout) as {
          steps?: PreviewStep[];
        };
        const step = (preview.steps ?? []).find((s) => s.urn.endsWith(`${TYPE}::login`));
        expect(step?.op).toBe("update");
        expect(Object.keys(step?.detailedDiff ?? {})).toEqual(["ruleConfiguration.requestCount"]);
        expect(step?.detailedDiff?.["ruleConfiguration.requestCount"].kind).toBe("update");

        await y.ok(["up", "--yes", "--skip-preview"]);
        expect((await rulesOfZone1())[0]).toMatchObject({
          ruleConfiguration: { requestCount: 30 },
        });
        await y.ok(["destroy", "--yes", "--skip-preview"]);
        expect(await rulesOfZone1()).toHaveLength(0);
        // No key in the state or the output.
        const state = (await y.ok(["stack", "export"])).out;
        expect(state).not.toContain(yaml.harness.apiKey);
      } finally {
        y.cleanup();
      }
      const yamlWrites = await writes();

      // --- the same rule as the TypeScript dynamic resource ---
      await control.reset();
      const ts = yaml.harness.newStack("ts");
      await ts.op({ op: "up" }, { requestCount: 20 });
      await ts.op({ op: "up" }, { requestCount: 30 });
      await ts.op({ op: "destroy" }, { requestCount: 30 });
      const tsWrites = await writes();

      expect(yamlWrites.map((w) => `${w.method} ${w.path}`)).toEqual([
        "POST /shield/rate-limit",
        expect.stringMatching(/^PATCH \/shield\/rate-limit\/\d+$/),
        expect.stringMatching(/^DELETE \/shield\/rate-limit\/\d+$/),
      ]);
      expect(yamlWrites).toEqual(tsWrites);
    },
    4 * OP_TIMEOUT,
  );
});

(run ? describe : describe.skip)("native plugin with Pulumi YAML: ApiGuardian's document", () => {
  const yaml = useYamlHarness("yaml-doc");

  test(
    "the documentation's program: `specFile` uploaded, its hash in the state, a changed file is one field, refresh --run-program with the file gone no change, `spec` of the same text no change, both refused, destroy restores the settings",
    async () => {
      const control = yaml.harness.control;
      const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
      const document = (title: string) =>
        JSON.stringify({ openapi: "3.0.0", info: { title, version: "1" }, paths: { "/a": {} } });
      /** The emulator's state, as compared here. */
      const platform = async (): Promise<Any> => control.state();
      const guardian = async () =>
        (await platform()).shieldZones.find((z: Any) => z.id === 4).apiGuardian;
      const code = docProgram("edgeplatform:shield:ApiGuardian");
      const fileLine = /^(\s+)specFile: openapi\.json$/m;
      expect(code).toMatch(fileLine);

      await control.reset();
      const before = await platform();
      const y = new YamlStack(yaml.cli);
      try {
        const first = document("yaml-first-document");
        const second = document("yaml-second-document");
        fs.writeFileSync(path.join(y.project, "openapi.json"), first);
        y.writeProgram(code);
        await y.ok(["stack", "init", "dev"]);
        await y.ok(["config", "set", "edgeplatform:baseUrl", yaml.harness.url]);
        await y.ok(["config", "set", "--secret", "edgeplatform:apiKey", yaml.harness.apiKey]);
        await control.clearJournal();

        const up = (await y.ok(["up", "--yes", "--skip-preview"])).out;
        expect(up).toMatch(
          /edgeplatform:shield:ApiGuardian \(guardian\):\n\s+edgeplatform: .*before Pulumi/,
        );
        expect(await guardian()).toMatchObject({
          configuration: { unmatchedPathAction: 0 }, // Block
          spec: { content: first, enforceAuthorizationValidation: true },
        });
        const state = (await y.ok(["stack", "export"])).out;
        expect(state).toContain(sha256(first));
        expect(state).not.toMatch(/yaml-first-document|openapi\.json/);
        await y.ok(["preview", "--expect-no-changes"]);

        // A changed file: one field, `specHash`; the next up uploads it.
        fs.writeFileSync(path.join(y.project, "openapi.json"), second);
        const preview = JSON.parse((await y.ok(["preview", "--json"])).stdout) as {
          steps?: PreviewStep[];
        };
        const step = (preview.steps ?? []).find((s) => s.urn.endsWith("::guardian"));
        expect(step?.op).toBe("update");
        expect(Object.keys(step?.detailedDiff ?? {})).toEqual(["specHash"]);
        await y.ok(["up", "--yes", "--skip-preview"]);
        expect((await guardian()).spec.content).toBe(second);
        // `refresh --run-program`: the program runs, but a refresh needs neither the document
        // (the platform does not return it) nor the file: with the file gone, no change and no
        // write, and the state still holds the hash, not the document.
        const writesBefore = (await control.journal()).filter((e: Any) => e.method !== "GET");
        const docFile = path.join(y.project, "openapi.json");
        fs.renameSync(docFile, `${docFile}.away`);
        try {
          await y.ok([
            "refresh",
            "--run-program",
            "--yes",
            "--skip-preview",
            "--expect-no-changes",
          ]);
        } finally {
          fs.renameSync(`${docFile}.away`, docFile);
        }
        expect((await control.journal()).filter((e: Any) => e.method !== "GET")).toEqual(
          writesBefore,
        );
        const refreshed = (await y.ok(["stack", "export"])).out;
        expect(refreshed).toContain(sha256(second));
        expect(refreshed).not.toMatch(/yaml-second-document|openapi\.json/);

        // The same text read by the program (`spec`): the same document, nothing to do.
        y.writeProgram(code.replace(fileLine, "$1spec:\n$1  fn::readFile: openapi.json"));
        await y.ok(["preview", "--expect-no-changes"]);

        // `ignoreChanges: [specHash]`: the uploaded document stays whatever the file holds.
        fs.writeFileSync(path.join(y.project, "openapi.json"), document("yaml-third-document"));
        const typeLine = /^(\s+)type: edgeplatform:shield:ApiGuardian\n/m;
        expect(code).toMatch(typeLine);
        y.writeProgram(
          code.replace(typeLine, "$&$1options:\n$1  ignoreChanges:\n$1    - specHash\n"),
        );
        await y.ok(["preview", "--expect-no-changes"]);
        fs.writeFileSync(path.join(y.project, "openapi.json"), second);

        // Both: refused naming `spec`, before any write, with no engine artefact, and the
        // document (maybe a secret) not printed.
        y.writeProgram(
          code.replace(fileLine, "$&\n$1spec:\n$1  fn::secret:\n$1    fn::readFile: openapi.json"),
        );
        const journalBefore = (await control.journal()).length;
        const both = await y.pulumi(["preview"]);
        expect(both.status).not.toBe(0);
        expect(both.out).toContain("`spec`: give `spec` or `specFile`, not both");
        expect(both.out).not.toContain("yaml-second-document");
        expect(both.out).not.toMatch(/<nil>|map\[/);
        const since = (await control.journal()).slice(journalBefore);
        expect(since.filter((e: Any) => e.method !== "GET")).toEqual([]);

        y.writeProgram(code);
        const destroyed = (await y.ok(["destroy", "--yes", "--skip-preview"])).out;
        // The plugin's log line, under the resource (a plugin's standard error is hidden).
        const underGuardian = (text: string) =>
          new RegExp(
            `edgeplatform:shield:ApiGuardian \\(guardian\\):\\n\\s+edgeplatform: ApiGuardian \\(shield zone 4\\): ${text}`,
          );
        expect(destroyed).toMatch(
          underGuardian(
            `delete: the OpenAPI document Pulumi uploaded \\(sha256 ${sha256(second)}\\) stays`,
          ),
        );
        // The settings as before Pulumi; the last document stays (the platform cannot delete one).
        const after = await platform();
        const zone4 = after.shieldZones.find((z: Any) => z.id === 4);
        expect(zone4.apiGuardian.spec.content).toBe(second);
        zone4.apiGuardian.spec = before.shieldZones.find((z: Any) => z.id === 4).apiGuardian.spec;
        delete after.nextIds;
        delete before.nextIds;
        expect(after).toEqual(before);
        const written = (await control.journal())
          .filter((e: Any) => e.method !== "GET")
          .map((e: Any) => `${e.method} ${e.path}`);
        expect(written).toEqual([
          "PATCH /shield/shield-zone/4/api-guardian",
          "PATCH /shield/shield-zone/4/api-guardian/spec",
          "PATCH /shield/shield-zone/4/api-guardian/spec",
          "PATCH /shield/shield-zone/4/api-guardian",
        ]);
      } finally {
        y.cleanup();
      }
    },
    10 * OP_TIMEOUT,
  );
});

/**
 * One resource of every kind but the two the documentation's settings program declares
 * (`zone`, a ShieldZone, and `bots`, a BotDetection, of shield zone 3): the lifecycle table's
 * fixture values. Run through the plugin with as few CLI calls as the checks allow (one stack).
 */
const EVERY_KIND: Record<string, { type: string; properties: Record<string, unknown> }> = {
  rl: {
    type: "edgeplatform:shield:RateLimitRule",
    properties: {
      shieldZoneId: 1,
      ruleName: "yaml-rl",
      ruleConfiguration: {
        actionType: "Challenge",
        variableTypes: { REQUEST_URI: "/yaml" },
        operatorType: "BEGINSWITH",
        value: "/yaml",
        requestCount: 20,
        timeframe: "PerOneMinute",
        blockTime: "ForFiveMinutes",
      },
    },
  },
  waf: {
    type: "edgeplatform:shield:WafRule",
    properties: {
      shieldZoneId: 3,
      ruleName: "yaml-waf",
      ruleConfiguration: {
        actionType: "Block",
        variableTypes: { REQUEST_URI: "/admin" },
        operatorType: "BEGINSWITH",
      },
    },
  },
  acl: {
    type: "edgeplatform:shield:AccessList",
    properties: {
      shieldZoneId: 1,
      name: "yaml-list",
      type: "CIDR",
      entries: ["192.0.2.0/24"],
      enabled: true,
      action: "Block",
    },
  },
  wipe: {
    type: "edgeplatform:containers:VolumeInstancesDeletion",
    properties: { appId: "app-1", volumeId: "vol-detached" },
  },
  scan: {
    type: "edgeplatform:shield:UploadScanning",
    properties: { shieldZoneId: 3, csamScanningMode: "Log" },
  },
  guardian: {
    type: "edgeplatform:shield:ApiGuardian",
    properties: { shieldZoneId: 4, unmatchedPathAction: "Ignore" },
  },
  page: {
    type: "edgeplatform:shield:ResponsePage",
    properties: { shieldZoneId: 3, pageType: "block", html: "<p>yaml</p>" },
  },
  attack: {
    type: "edgeplatform:shield:UnderAttackMode",
    properties: { shieldZoneId: 4, enabled: true },
  },
  categories: {
    type: "edgeplatform:shield:BotCategorization",
    properties: { shieldZoneId: 3, categories: { AIScraper: "Block" } },
  },
  managed: {
    type: "edgeplatform:shield:ManagedAccessList",
    properties: { shieldZoneId: 1, listId: 3, enabled: true },
  },
  dnssec: {
    type: "edgeplatform:dns:ZoneDnssec",
    properties: { zoneId: 1, enabled: true },
  },
  yamlZone: {
    type: "edgeplatform:dns:DnsZone",
    properties: { domain: "yaml.example", loggingEnabled: true },
  },
  yamlRecord: {
    type: "edgeplatform:dns:DnsRecord",
    properties: { zoneId: 1, type: "A", name: "yaml", value: "192.0.2.7", ttl: 300 },
  },
  // A new pull zone (no fixture zone has its name), logging off (a new zone logs).
  pullZone: {
    type: "edgeplatform:pullzones:PullZone",
    properties: {
      name: "yaml-zone",
      originUrl: "https://origin.yaml.example",
      enableLogging: false,
    },
  },
  // An edge rule of fixture pull zone 2 (which has none).
  edgeRule: {
    type: "edgeplatform:pullzones:EdgeRule",
    properties: {
      pullZoneId: 2,
      description: "yaml-rule",
      actionType: "SetResponseHeader",
      actionParameter1: "X-Yaml",
      actionParameter2: "on",
      triggers: [{ type: "Url", patternMatches: ["*/yaml/*"] }],
      triggerMatchingType: "MatchAny",
      enabled: true,
      priority: 3,
    },
  },
  // An optimizer class of fixture pull zone 1, beside its class `thumb`.
  optimizerClass: {
    type: "edgeplatform:pullzones:OptimizerClass",
    properties: { pullZoneId: 1, name: "yaml-class", properties: { width: "640" } },
  },
  // A hostname of fixture pull zone 4 (which has only its system hostname).
  hostname: {
    type: "edgeplatform:pullzones:Hostname",
    properties: { pullZoneId: 4, hostname: "yaml.example.net", forceSsl: true },
  },
  purge: {
    type: "edgeplatform:pullzones:CachePurge",
    properties: { pullZoneId: 2, triggers: [1] },
  },
  script: {
    type: "edgeplatform:compute:EdgeScript",
    properties: {
      name: "yaml-script",
      scriptType: "CDN",
      code: "export default { fetch: () => new Response('yaml') };\n",
    },
  },
  // A variable of fixture edge script 2 (which has none).
  scriptVariable: {
    type: "edgeplatform:compute:ScriptVariable",
    properties: { scriptId: 2, name: "YAML_VAR", defaultValue: "on", required: false },
  },
  // A secret of fixture edge script 2 (which has none), its value written plain: the plugin
  // makes it a secret all the same.
  scriptSecret: {
    type: "edgeplatform:compute:ScriptSecret",
    properties: { scriptId: 2, name: "YAML_SECRET", value: "yaml-secret-value-0001" },
  },
  registry: {
    type: "edgeplatform:containers:ImageRegistry",
    properties: {
      registryType: "gitHub",
      displayName: "yaml-registry",
      userName: "yaml-bot",
      token: { "fn::secret": "yaml-token-0001" },
    },
  },
  // An application of one container from fixture registry 1, its secret variable written
  // plain: the plugin makes it a secret all the same.
  containerApp: {
    type: "edgeplatform:containers:ContainerApp",
    properties: {
      name: "yaml-app",
      runtimeType: "shared",
      regions: { allowed: ["DE"] },
      containers: [
        {
          name: "web",
          image: { registryId: "1", namespace: "acme", name: "yaml-web", tag: "1.0.0" },
          environment: { LOG_LEVEL: "info" },
        },
      ],
      secretEnvironment: { web: { API_TOKEN: "yaml-app-secret-0001" } },
    },
  },
};

/**
 * One existing object of every kind but the actions (VolumeInstancesDeletion, CachePurge), none
 * of which the program of every kind manages, nor a platform field of it (`UnderAttackMode` and
 * `ShieldZone` share a zone's DDoS sensitivity): resource name → type and `pulumi import` id.
 * From the emulator's fixtures, but for zone 4's block page (the test adds it).
 */
const IMPORTED: Record<string, [type: string, id: string]> = {
  "imp-rl": ["edgeplatform:shield:RateLimitRule", "101"],
  "imp-waf": ["edgeplatform:shield:WafRule", "301"],
  "imp-acl": ["edgeplatform:shield:AccessList", "1/501"],
  "imp-zone": ["edgeplatform:shield:ShieldZone", "2"],
  "imp-bots": ["edgeplatform:shield:BotDetection", "4"],
  "imp-scan": ["edgeplatform:shield:UploadScanning", "4"],
  "imp-guardian": ["edgeplatform:shield:ApiGuardian", "3"],
  "imp-page": ["edgeplatform:shield:ResponsePage", "4/block"],
  "imp-attack": ["edgeplatform:shield:UnderAttackMode", "1"],
  "imp-categories": ["edgeplatform:shield:BotCategorization", "4"],
  "imp-managed": ["edgeplatform:shield:ManagedAccessList", "1/1"],
  "imp-dnssec": ["edgeplatform:dns:ZoneDnssec", "2"],
  "imp-dns-zone": ["edgeplatform:dns:DnsZone", "3"],
  "imp-record": ["edgeplatform:dns:DnsRecord", "3/301"],
  "imp-pull-zone": ["edgeplatform:pullzones:PullZone", "8"],
  "imp-edge-rule": ["edgeplatform:pullzones:EdgeRule", "1/00000000-0000-4000-8000-000000000001"],
  "imp-optimizer-class": ["edgeplatform:pullzones:OptimizerClass", "1/thumb"],
  "imp-hostname": ["edgeplatform:pullzones:Hostname", "1/static.zone-one.example"],
  "imp-script": ["edgeplatform:compute:EdgeScript", "1"],
  "imp-script-variable": ["edgeplatform:compute:ScriptVariable", "1/21"],
  "imp-script-secret": ["edgeplatform:compute:ScriptSecret", "1/31"],
  "imp-registry": ["edgeplatform:containers:ImageRegistry", "2"],
  "imp-app": ["edgeplatform:containers:ContainerApp", "app-1"],
};
/** The block page the test gives shield zone 4 before anything runs (an object to import). */
const PAGE_OF_ZONE_4 = "<p>zone four</p>";

/**
 * The resources of a program `pulumi import --out` wrote (the YAML host's code): the lines of
 * its `resources:` section, indented as in a program's.
 */
function generatedResources(code: string): string {
  const lines = code.split("\n");
  const at = lines.findIndex((l) => /^resources:\s*$/.test(l));
  expect(at).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > at && /^\S/.test(l));
  const body = lines.slice(at + 1, end < 0 ? undefined : end).filter((l) => l.trim() !== "");
  return `${body.join("\n")}\n`;
}

/**
 * The program of every kind: the documentation's settings program (its shield zone and bot
 * detection, `ipAddress.sensitivity` as given), then the other kinds of {@link EVERY_KIND} and
 * `extra` ones appended to its `resources` (JSON values are YAML).
 */
function everyKindProgram(sensitivity: string, extra: Record<string, unknown> = {}): string {
  const doc = docProgram("edgeplatform:shield:BotDetection");
  expect(doc.trimEnd().split("\n").pop()).toMatch(/^\s/); // `resources:` comes last
  expect(doc.match(/^\s+sensitivity: Medium$/gm)).toHaveLength(1);
  const declared = [...doc.matchAll(/^ {2}([\w-]+):$/gm)].map((m) => m[1]);
  const others = Object.entries({ ...EVERY_KIND, ...extra }).filter(
    ([name]) => !declared.includes(name),
  );
  return [
    doc.trimEnd().replace(/^(\s+sensitivity: )Medium$/m, `$1${sensitivity}`),
    ...others.map(([name, r]) => `  ${name}: ${JSON.stringify(r)}`),
    "",
  ].join("\n");
}

test("the program of every kind has a resource of each kind of the list, and imports each kind but the actions", () => {
  const name = (type: string) => type.split(":").pop() as string;
  const doc = docProgram("edgeplatform:shield:BotDetection");
  const declared = new Set([
    ...[...doc.matchAll(/^\s+type: edgeplatform:\w+:(\w+)$/gm)].map((m) => m[1]),
    ...Object.values(EVERY_KIND).map((r) => name(r.type)),
  ]);
  const imported = new Set(Object.values(IMPORTED).map(([type]) => name(type)));
  const missing = KINDS.flatMap((k) => [
    ...(declared.has(k.name) ? [] : [`${k.name}: no resource in EVERY_KIND`]),
    ...(k.destroy === "keeps" || imported.has(k.name) ? [] : [`${k.name}: no object in IMPORTED`]),
  ]);
  expect(missing).toEqual([]);
});

(run ? describe : describe.skip)("native plugin with Pulumi YAML: every kind", () => {
  const yaml = useYamlHarness("yaml-all");

  /**
   * The documentation's data-source program (`fn::invoke`): its `variables:` and `outputs:`,
   * appended to the program of every kind.
   */
  const dataSourceSections = (): string => {
    const found = docPrograms.filter((b) => b.code.includes("fn::invoke:"));
    expect(found).toHaveLength(1);
    const at = found[0].code.search(/^variables:$/m);
    expect(at).toBeGreaterThan(0);
    return found[0].code.slice(at);
  };
  /** The program of every kind, with the documentation's data sources. */
  const program = (sensitivity: string, extra: Record<string, unknown> = {}) =>
    `${everyKindProgram(sensitivity, extra)}${dataSourceSections()}`;

  /**
   * One out-of-band change of each kind of the program (the lifecycle table's, see
   * test/provider/lifecycle-table/, where it changes a field this program manages to another
   * value), and how `pulumi refresh --diff` shows it: the resource, the field's name in the
   * schema and its new value. VolumeInstancesDeletion reads nothing back (a one-shot
   * deletion): refresh must leave it as it is.
   */
  type Drift = { resource: string; change(s: Any): void; field: string; shown: string };
  const byName = (list: Any[], key: string, name: string | number) => {
    const found = list.find((x) => x[key] === name);
    if (!found) throw new Error(`no ${name} on the platform`);
    return found;
  };
  const fromTable = (kind: string, resource: string, id: (s: Any) => string): Drift => {
    const k = KINDS.find((x) => x.name === kind);
    if (!k || isNa(k.drift)) throw new Error(`the lifecycle table has no drift of ${kind}`);
    const drift = k.drift;
    return {
      resource,
      change: (s) => drift.change(s, id(s)),
      field: drift.path.split(".").pop() as string,
      shown: typeof drift.expected === "string" ? `"${drift.expected}"` : String(drift.expected),
    };
  };
  const DRIFTS: Drift[] = [
    // The table's rate-limit drift is to Challenge, this program's action: its count instead.
    {
      resource: "rl",
      change: (s) =>
        void (byName(s.rateLimitRules, "ruleName", "yaml-rl").ruleConfiguration.requestCount = 77),
      field: "requestCount",
      shown: "77",
    },
    fromTable("WafRule", "waf", (s) => String(byName(s.wafRules, "ruleName", "yaml-waf").id)),
    fromTable("AccessList", "acl", (s) => String(byName(s.accessLists, "name", "yaml-list").id)),
    fromTable("ShieldZone", "zone", () => "3"),
    fromTable("BotDetection", "bots", () => "3"),
    fromTable("UploadScanning", "scan", () => "3"),
    fromTable("ApiGuardian", "guardian", () => "4"),
    fromTable("ResponsePage", "page", () => "3/block"),
    fromTable("UnderAttackMode", "attack", () => "4"),
    fromTable("BotCategorization", "categories", () => "3"),
    // The table's drift is of the list's action, which this program does not manage.
    {
      resource: "managed",
      change: (s) =>
        void (s.accessListConfigs.find(
          (c: Any) => c.shieldZoneId === 1 && c.listId === 3,
        ).isEnabled = false),
      field: "enabled",
      shown: "false",
    },
    fromTable("ZoneDnssec", "dnssec", () => "1"),
    fromTable("PullZone", "pullZone", (s) => String(byName(s.pullZones, "name", "yaml-zone").id)),
    fromTable(
      "EdgeRule",
      "edgeRule",
      (s) => byName(byName(s.pullZones, "id", 2).model.EdgeRules, "Description", "yaml-rule").Guid,
    ),
    // The table's drift of the class's properties, shown by the one property it changes.
    {
      ...fromTable("OptimizerClass", "optimizerClass", () => "yaml-class"),
      field: "width",
      shown: '"1"',
    },
    fromTable("Hostname", "hostname", () => "yaml.example.net"),
    fromTable("EdgeScript", "script", (s) => String(byName(s.scripts, "name", "yaml-script").id)),
    fromTable("ScriptVariable", "scriptVariable", (s) =>
      String(byName(byName(s.scripts, "id", 2).variables, "Name", "YAML_VAR").Id),
    ),
    fromTable("ImageRegistry", "registry", (s) =>
      String(byName(s.registries, "displayName", "yaml-registry").id),
    ),
  ];

  /**
   * The blocks of `pulumi refresh --diff` output by resource name: from a resource's
   * `[urn=…]` line to the next resource's line (`~ <type>: (update)`) or the summary.
   */
  const refreshBlocks = (out: string): Map<string, string> => {
    const blocks = new Map<string, string>();
    const lines = out.split("\n");
    const next = /^\s*[~+-]?\s*[\w:]+: \((?:update|same|delete|create|refresh)\)|^\S|\[urn=/;
    for (let i = 0; i < lines.length; i++) {
      const urn = /\[urn=urn:pulumi:[^\]]*::([^:\]]+)\]/.exec(lines[i]);
      if (!urn) continue;
      let j = i + 1;
      while (j < lines.length && !next.test(lines[j])) j++;
      blocks.set(urn[1], lines.slice(i, j).join("\n"));
    }
    return blocks;
  };

  test(
    "up creates or adopts one resource of each kind; data sources through fn::invoke; one setting's change is the preview's one field; one import of an object of every kind makes no write and its code no change; refresh names each kind's drifted field; destroy restores the platform and keeps the imported objects",
    async () => {
      const control = yaml.harness.control;
      await control.reset();
      // An object to import that no fixture has: a custom block page of shield zone 4.
      await control.updateState((st) => {
        st.shieldZones.find((z) => z.id === 4)!.customPages = { block: PAGE_OF_ZONE_4 };
      });
      const before = await control.state();
      const y = new YamlStack(yaml.cli);
      const started = Date.now();
      try {
        y.writeProgram(program("Medium"));
        await y.ok(["stack", "init", "dev"]);
        await y.ok(["config", "set", "edgeplatform:baseUrl", yaml.harness.url]);
        await y.ok(["config", "set", "--secret", "edgeplatform:apiKey", yaml.harness.apiKey]);
        await y.ok(["up", "--yes", "--skip-preview"]);
        const up = await control.state();
        expect(up.rateLimitRules.filter((r) => r.ruleName === "yaml-rl")).toHaveLength(1);
        expect(up.wafRules.filter((r) => r.ruleName === "yaml-waf")).toHaveLength(1);
        expect(up.accessLists.filter((l) => l.name === "yaml-list")).toHaveLength(1);
        const zone3 = up.shieldZones.find((z) => z.id === 3)!;
        expect(zone3.settings?.dDoSShieldSensitivity).toBe(1);
        expect(zone3.customPages?.block).toBe("<p>yaml</p>");
        expect(zone3.uploadScanning?.csamScanningMode).toBe(1);
        expect(up.dnsZones.find((z) => z.Id === 1)?.DnsSecEnabled).toBe(true);
        expect(up.dnsZones.find((z) => z.Domain === "yaml.example")?.LoggingEnabled).toBe(true);
        expect(
          up.accessListConfigs.find((c) => c.shieldZoneId === 1 && c.listId === 3)?.isEnabled,
        ).toBe(true);
        const pullZone = (id: number): Any => up.pullZones.find((z) => z.id === id);
        expect(up.pullZones.filter((z) => z.name === "yaml-zone")).toHaveLength(1);
        expect((up.pullZones.find((z) => z.name === "yaml-zone") as Any).model.EnableLogging).toBe(
          false,
        );
        expect(pullZone(2).model.EdgeRules.map((r: Any) => r.Description)).toEqual(["yaml-rule"]);
        expect(
          pullZone(1)
            .model.OptimizerClasses.map((c: Any) => c.Name)
            .sort(),
        ).toEqual(["thumb", "yaml-class"]);
        expect(
          pullZone(4).model.Hostnames.filter((h: Any) => h.Value === "yaml.example.net"),
        ).toEqual([expect.objectContaining({ ForceSSL: true })]);
        expect(up.scripts.filter((x) => x.name === "yaml-script")).toHaveLength(1);
        expect(
          (up.scripts.find((x) => x.id === 2) as Any).variables.map((v: Any) => v.Name),
        ).toEqual(["YAML_VAR"]);
        expect(
          (up.scripts.find((x) => x.id === 2) as Any).secrets.map((x: Any) => [x.Name, x.value]),
        ).toEqual([["YAML_SECRET", "yaml-secret-value-0001"]]);
        expect(up.registries.find((r) => r.displayName === "yaml-registry")?.userName).toBe(
          "yaml-bot",
        );
        const purges = (await control.journal()).filter(
          (e: Any) => e.method === "POST" && e.path === "/pullzone/2/purgeCache",
        );
        expect(purges).toHaveLength(1);

        // One setting of one settings kind changes: the preview names exactly that field.
        y.writeProgram(program("High"));
        const preview = JSON.parse((await y.ok(["preview", "--json"])).stdout) as {
          steps?: PreviewStep[];
        };
        const steps = (preview.steps ?? []).filter((s) => s.op !== "same");
        expect(steps.map((s) => [s.urn.split("::").pop(), s.op])).toEqual([["bots", "update"]]);
        expect(Object.keys(steps[0].detailedDiff ?? {})).toEqual(["ipAddress.sensitivity"]);

        // Import one existing object of every kind but the action, none the program manages,
        // in one `pulumi import --file`: no write; the code it writes (`--out`), added to the
        // program, changes nothing.
        await control.clearJournal();
        const out = path.join(y.dir, "imported.yaml");
        const importFile = path.join(y.dir, "import.json");
        fs.writeFileSync(
          importFile,
          JSON.stringify({
            resources: Object.entries(IMPORTED).map(([name, [type, id]]) => ({ type, name, id })),
          }),
        );
        await y.ok(["import", "--file", importFile, "--out", out, "--yes", "--protect=false"]);
        expect(await control.writes()).toEqual([]);
        const exported = JSON.parse((await y.ok(["stack", "export"])).stdout) as {
          deployment: { resources?: { urn: string; inputs?: Record<string, unknown> }[] };
        };
        const inputsOf = (name: string) =>
          exported.deployment.resources?.find((r) => r.urn.endsWith(`::${name}`))?.inputs ?? {};
        // The data sources' results, as the stack's outputs (fn::invoke through the plugin).
        const stack = exported.deployment.resources?.find((r) =>
          r.urn.includes("pulumi:pulumi:Stack"),
        );
        expect((stack as { outputs?: unknown } | undefined)?.outputs).toEqual({
          domain: ALL_TYPES_DNS_ZONE.Domain,
          recordCount: recordOfEachType().length,
          mailServer: recordOfEachType().find((r) => r.Type === DnsRecordType.MX)?.Value,
          pullZoneMapping: before.shieldZones
            .filter((z) => z.pullZoneId !== undefined && z.pullZoneId !== null)
            .map((z) => ({ shieldZoneId: z.id, pullZoneId: z.pullZoneId })),
        });
        // The secret's value, written plain, is encrypted in the state (and never read back:
        // the imported secret has none).
        const secretState = exported.deployment.resources?.find((r) =>
          r.urn.endsWith("::scriptSecret"),
        ) as { outputs?: Record<string, unknown> } | undefined;
        expect(secretState?.outputs?.value).toEqual({
          "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
          ciphertext: expect.any(String),
        });
        expect(JSON.stringify(exported)).not.toContain("yaml-secret-value-0001");
        // The application's secret variable, written plain in the program: encrypted too.
        expect(JSON.stringify(exported)).not.toContain("yaml-app-secret-0001");
        expect(inputsOf("imp-script-secret")).toEqual(
          expect.not.objectContaining({ value: expect.anything() }),
        );
        // The fixtures' values (packages/emulator/src/fixtures*.ts), as the state holds them.
        expect(inputsOf("imp-rl")).toMatchObject({
          ruleId: 101,
          ruleName: "api-burst",
          ruleConfiguration: { requestCount: 100, value: "/api" },
        });
        expect(inputsOf("imp-acl")).toMatchObject({ listId: 501, shieldZoneId: 1 });
        expect(inputsOf("imp-page")).toMatchObject({ shieldZoneId: 4, html: PAGE_OF_ZONE_4 });
        expect(inputsOf("imp-scan")).toMatchObject({ shieldZoneId: 4, enabled: true });
        expect(inputsOf("imp-dnssec")).toMatchObject({ zoneId: 2, enabled: true });
        expect(inputsOf("imp-record")).toMatchObject({ zoneId: 3, recordId: 301, name: "www" });
        // The code `--out` wrote: each imported resource, in the program's `resources`.
        const generated = fs.readFileSync(out, "utf8");
        const imported = generatedResources(generated);
        expect([...imported.matchAll(/^ {2}([\w-]+):$/gm)].map((m) => m[1]).sort()).toEqual(
          Object.keys(IMPORTED).sort(),
        );
        y.writeProgram(`${everyKindProgram("Medium")}${imported}${dataSourceSections()}`);
        const still = await y.pulumi(["preview", "--expect-no-changes", "--diff"]);
        expect([still.status, generated, still.out]).toEqual([0, generated, still.out]);
        expect(await control.writes()).toEqual([]);

        // Drift: one field of each kind changed outside Pulumi; one refresh names each, by the
        // schema's name and the new value, and writes nothing.
        await control.updateState((st) => {
          for (const d of DRIFTS) d.change(st);
          // A setting no resource manages (the managed list's action): no drift.
          st.accessListConfigs.find((c) => c.shieldZoneId === 1 && c.listId === 3)!.action = 4;
        });
        await control.clearJournal();
        const refreshed = (await y.ok(["refresh", "--yes", "--skip-preview", "--diff"])).out;
        expect(await control.writes()).toEqual([]);
        const blocks = refreshBlocks(refreshed);
        const missing = DRIFTS.filter((d) => {
          const block = blocks.get(d.resource) ?? "";
          return !new RegExp(
            `[~-] ${d.field}\\s*:.*=> *${d.shown.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
          ).test(block);
        });
        expect(
          missing.map(
            (d) =>
              `${d.resource}: ${d.field} => ${d.shown}\n${blocks.get(d.resource) ?? "(no block)"}`,
          ),
        ).toEqual([]);
        expect(blocks.get("managed")).not.toMatch(/\baction\b/);
        // Nothing else changed: no other resource is updated, the actions included.
        expect(blocks.has("wipe")).toBe(false);
        expect(blocks.has("purge")).toBe(false);
        expect(refreshed).toMatch(new RegExp(`~ ${DRIFTS.length} updated\\b`));
        // The unmanaged setting put back by hand (destroy restores only what Pulumi managed).
        const action = before.accessListConfigs.find(
          (c) => c.shieldZoneId === 1 && c.listId === 3,
        )!.action;
        await control.updateState((st) => {
          st.accessListConfigs.find((c) => c.shieldZoneId === 1 && c.listId === 3)!.action = action;
        });

        await y.ok(["destroy", "--yes", "--skip-preview"]);
        const after = await control.state();
        // The platform as before up, but for: the deleted volume instances (a one-shot
        // operation: destroy does nothing), the id counters, and a zone's `wafEnabled` that the
        // fixture leaves out (read as its default, true; a settings write stores it), and a DNS
        // zone's and an edge script's date of its last write (the platform's record, which a
        // variable's create and delete set too: no restore gives it back).
        const comparable = (s: typeof before) => ({
          ...s,
          apps: undefined,
          nextIds: undefined,
          shieldZones: s.shieldZones.map((z) => ({ ...z, wafEnabled: z.wafEnabled ?? true })),
          dnsZones: s.dnsZones.map((z) => ({ ...z, DateModified: undefined })),
          scripts: s.scripts.map((x) => ({ ...x, lastModified: undefined })),
        });
        expect(comparable(after)).toEqual(comparable(before));
        console.log(
          `every kind through the plugin: ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      } finally {
        y.cleanup();
      }
    },
    6 * OP_TIMEOUT,
  );
});

/**
 * The plugin as a user installs it (docs/yaml.md, "Set up"): `npm run plugin-tarball`
 * (scripts/plugin-tarball.js), then the documented `pulumi plugin install resource edgeplatform
 * <version> --file <tarball>` into the stack's PULUMI_HOME, and the documentation's program
 * WITHOUT `plugins:` runs `up` and `destroy` with the installed plugin. Only the CLI's and the
 * YAML host's directories and Node's are on PATH, the plugin sits in PULUMI_HOME (no
 * node_modules next to it or above it) and automatic plugin downloads are off.
 */
(run ? describe : describe.skip)(
  "native plugin with Pulumi YAML: installed from its tarball",
  () => {
    const yaml = useYamlHarness("yaml-tarball");

    test(
      "pulumi plugin install --file, then up and destroy with no plugins: in Pulumi.yaml",
      async () => {
        const version = (
          JSON.parse(
            fs.readFileSync(path.join(REPO_ROOT, "packages", "pulumi", "package.json"), "utf8"),
          ) as { version: string }
        ).version;
        // The install command of docs/yaml.md, as given.
        const setUp = docs
          .collectBlocks()
          .blocks.filter((b) => b.file === "docs/yaml.md" && b.kind === "sh")
          .map((b) => b.code)
          .join("\n");
        expect(setUp).toMatch(/^npm run plugin-tarball$/m);
        const install = /^pulumi plugin install resource edgeplatform (\S+) --file (\S+)$/m.exec(
          setUp,
        );
        expect(install?.[1]).toBe(version);
        expect(install?.[2]).toMatch(
          new RegExp(
            `^dist/pulumi-resource-edgeplatform-v${version.replace(/\./g, "\\.")}-(linux|darwin)-(amd64|arm64)\\.tar\\.gz$`,
          ),
        );

        const y = new YamlStack(yaml.cli);
        try {
          const built = spawnSync(
            process.execPath,
            [path.join(REPO_ROOT, "scripts", "plugin-tarball.js"), "--out", y.dir],
            { cwd: REPO_ROOT, encoding: "utf8" },
          );
          expect(built.stderr).toBe("");
          expect(built.status).toBe(0);
          const platform = `${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
          const tarball = fs.readdirSync(y.dir).filter((f) => f.endsWith(".tar.gz"));
          expect(tarball).toEqual([`pulumi-resource-edgeplatform-v${version}-${platform}.tar.gz`]);

          y.env = {
            PATH: [...yaml.cli.pathDirs, path.dirname(process.execPath)].join(path.delimiter),
            EDGEPLATFORM_BASE_URL: yaml.harness.url,
            EDGEPLATFORM_API_KEY: yaml.harness.apiKey,
          };
          await y.ok([
            "plugin",
            "install",
            "resource",
            "edgeplatform",
            version,
            "--file",
            path.join(y.dir, tarball[0]),
          ]);
          const installed = path.join(
            y.dir,
            "pulumi-home",
            "plugins",
            `resource-edgeplatform-v${version}`,
          );
          expect(fs.readdirSync(installed).sort()).toEqual([
            "lib",
            "pulumi-resource-edgeplatform",
            "pulumi-resource-edgeplatform.js",
          ]);
          for (let d = installed; d !== path.dirname(d); d = path.dirname(d)) {
            expect(fs.existsSync(path.join(d, "node_modules"))).toBe(false);
          }

          y.writeProgram(docProgramAsWritten(`type: ${TYPE}\n`, "type: pulumi:providers:"));
          await yaml.harness.control.reset();
          await y.ok(["stack", "init", "dev"]);
          const up = (await y.ok(["up", "--yes", "--skip-preview"])).out;
          expect(up).toMatch(/RateLimitRule login created/);
          const rules = async () =>
            (await yaml.harness.control.state()).rateLimitRules.filter(
              (r) => r.shieldZoneId === 1 && r.ruleName === "login-limit",
            );
          expect(await rules()).toEqual([
            expect.objectContaining({
              ruleConfiguration: expect.objectContaining({ requestCount: 20 }),
            }),
          ]);
          await y.ok(["destroy", "--yes", "--skip-preview"]);
          expect(await rules()).toEqual([]);
          expect((await yaml.harness.control.writes()).map((w) => w.method)).toEqual([
            "POST",
            "DELETE",
          ]);
        } finally {
          y.cleanup();
        }
      },
      4 * OP_TIMEOUT,
    );
  },
);

/**
 * The plugin as the npm package `pulumi-resource-edgeplatform` (docs/yaml.md, "Set up"):
 * `npm run plugin-npm` (scripts/plugin-npm.js) packs it, the documented `npm install -g` installs
 * it into a temporary prefix (never the machine's), and in a fresh project, with that prefix's
 * `bin` on PATH and no path into this checkout, the documentation's program as written runs `up`
 * and `destroy`: the CLI finds the plugin on PATH (an ambient plugin) and says so.
 */
(run ? describe : describe.skip)("native plugin with Pulumi YAML: npm install -g", () => {
  const yaml = useYamlHarness("yaml-npm");

  test(
    "npm install -g of the packed package, then up and destroy of the program as written",
    async () => {
      const version = (
        JSON.parse(
          fs.readFileSync(path.join(REPO_ROOT, "packages", "pulumi", "package.json"), "utf8"),
        ) as { version: string }
      ).version;
      const tgz = `pulumi-resource-edgeplatform-${version}.tgz`;
      const setUp = docs
        .collectBlocks()
        .blocks.filter((b) => b.file === "docs/yaml.md" && b.kind === "sh")
        .map((b) => b.code)
        .join("\n");
      expect(setUp).toMatch(/^npm run plugin-npm$/m);
      expect(setUp).toContain(`\nnpm install -g dist/${tgz}\n`);

      const y = new YamlStack(yaml.cli);
      try {
        const out = path.join(y.dir, "dist");
        const built = spawnSync(
          process.execPath,
          [path.join(REPO_ROOT, "scripts", "plugin-npm.js"), "--out", out],
          { cwd: REPO_ROOT, encoding: "utf8" },
        );
        expect(built.stderr).toBe("");
        expect(built.status).toBe(0);
        expect(fs.readdirSync(out)).toEqual([tgz]);

        const prefix = path.join(y.dir, "npm-prefix");
        const installed = spawnSync(
          "npm",
          ["install", "-g", "--prefix", prefix, "--ignore-scripts", path.join(out, tgz)],
          {
            cwd: y.project,
            encoding: "utf8",
            env: { ...process.env, npm_config_offline: "true", npm_config_audit: "false" },
          },
        );
        expect(installed.stderr).toBe("");
        expect(installed.status).toBe(0);
        const bin = path.join(prefix, "bin", "pulumi-resource-edgeplatform");
        const pkgDir = path.join(prefix, "lib", "node_modules", "pulumi-resource-edgeplatform");
        expect(fs.realpathSync(bin)).toBe(
          path.join(fs.realpathSync(pkgDir), "bin", "pulumi-resource-edgeplatform.js"),
        );
        // No dependencies: nothing installed beside the plugin.
        expect(fs.existsSync(path.join(pkgDir, "node_modules"))).toBe(false);

        y.env = {
          PATH: [
            path.join(prefix, "bin"),
            ...yaml.cli.pathDirs,
            path.dirname(process.execPath),
          ].join(path.delimiter),
          EDGEPLATFORM_BASE_URL: yaml.harness.url,
          EDGEPLATFORM_API_KEY: yaml.harness.apiKey,
        };
        const program = docProgramAsWritten(`type: ${TYPE}\n`, "type: pulumi:providers:");
        expect(program).not.toContain(REPO_ROOT);
        y.writeProgram(program);
        await yaml.harness.control.reset();
        await y.ok(["stack", "init", "dev"]);
        const up = (await y.ok(["up", "--yes", "--skip-preview"])).out;
        expect(up).toMatch(/RateLimitRule login created/);
        expect(up).toContain(`using pulumi-resource-edgeplatform from $PATH at ${bin}`);
        const rules = async () =>
          (await yaml.harness.control.state()).rateLimitRules.filter(
            (r) => r.shieldZoneId === 1 && r.ruleName === "login-limit",
          );
        expect(await rules()).toEqual([
          expect.objectContaining({
            ruleConfiguration: expect.objectContaining({ requestCount: 20 }),
          }),
        ]);
        await y.ok(["destroy", "--yes", "--skip-preview"]);
        expect(await rules()).toEqual([]);
        expect((await yaml.harness.control.writes()).map((w) => w.method)).toEqual([
          "POST",
          "DELETE",
        ]);
      } finally {
        y.cleanup();
      }
    },
    4 * OP_TIMEOUT,
  );
});

/**
 * The documentation's program of two accounts with this emulator's address and two scoped keys:
 * `accountA`'s key as plain text (the plugin must keep it secret in the state), `accountB`'s as
 * a secret; no stack config. `extra` resources are appended (JSON values are YAML).
 */
function twoAccountsProgram(
  url: string,
  keyA: string,
  keyB: string,
  extra: Record<string, unknown>,
): string {
  const doc = docProgramWith("type: pulumi:providers:edgeplatform\n");
  expect(doc.match(/^config:\n(?: {2}.*\n)+/m)).not.toBeNull();
  expect(doc.match(/http:\/\/127\.0\.0\.1:4010/g)).toHaveLength(2);
  return [
    doc
      .replace(/^config:\n(?: {2}.*\n)+/m, "")
      .replace(/http:\/\/127\.0\.0\.1:4010/g, url)
      .replace("${keyA}", JSON.stringify(keyA))
      .replace("${keyB}", JSON.stringify({ "fn::secret": keyB }))
      .trimEnd(),
    ...Object.entries(extra).map(([name, r]) => `  ${name}: ${JSON.stringify(r)}`),
    "",
  ].join("\n");
}

(run ? describe : describe.skip)("native plugin with Pulumi YAML: two explicit providers", () => {
  const KEY_A = `e2e-account-a-${randomBytes(12).toString("hex")}`;
  const KEY_B = `e2e-account-b-${randomBytes(12).toString("hex")}`;
  registerSecret(KEY_A);
  registerSecret(KEY_B);
  /** The emulator journal's fingerprint of a scoped key (first 12 hex digits of its SHA-256). */
  const fingerprint = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 12);

  const yaml = useYamlHarness("yaml-providers", (harness) =>
    harness.control.setScopedKeys({
      [KEY_A]: { shieldZones: [1] },
      [KEY_B]: { shieldZones: [2] },
    }),
  );

  test(
    "each provider's resources are written with its own key in its own zone; a resource of A in B's zone is refused with no write; the keys are secrets in the state",
    async () => {
      const control = yaml.harness.control;
      await control.reset();
      const before = await control.state();
      const y = new YamlStack(yaml.cli);
      const rule = (zone: number, name: string) => ({
        type: TYPE,
        properties: { ...EVERY_KIND.rl.properties, shieldZoneId: zone, ruleName: name },
        options: { provider: "${accountA}" },
      });
      /** Writes since the last look: method, path, zone and which scoped key made them. */
      const writes = async () =>
        (await control.writes()).map((w) => ({
          write: `${w.method} ${w.path.replace(/\d+$/, "<id>")}`,
          zone: (w.body as { shieldZoneId?: number } | null)?.shieldZoneId,
          key: w.scopedKey,
        }));
      const started = Date.now();
      try {
        y.writeProgram(
          twoAccountsProgram(yaml.harness.url, KEY_A, KEY_B, { sneaky: rule(2, "sneaky") }),
        );
        await y.ok(["stack", "init", "dev"]);
        // Every resource runs (the refused one fails alone); the up fails because of it.
        const up = await y.pulumi(["up", "--yes", "--skip-preview", "--continue-on-error"]);
        expect(up.status).not.toBe(0);
        expect(up.out).toMatch(
          /sneaky[\s\S]*Shield zone 2 was not found or you do not have access to it/,
        );
        const rulesOf = async (zone: number) =>
          (await control.state()).rateLimitRules.filter(
            (r) => r.shieldZoneId === zone && ["login-limit", "sneaky"].includes(r.ruleName ?? ""),
          );
        expect((await rulesOf(1)).map((r) => r.ruleName)).toEqual(["login-limit"]);
        expect((await rulesOf(2)).map((r) => r.ruleName)).toEqual(["login-limit"]);
        type Write = { write: string; zone?: number; key?: string };
        const byZone = (w: Write[]) => [...w].sort((x, z) => (x.zone ?? 0) - (z.zone ?? 0));
        const byKey = (w: Write[]) =>
          [...w].sort((x, z) => ((x.key ?? "") < (z.key ?? "") ? -1 : 1));
        expect(byZone(await writes())).toEqual([
          { write: "POST /shield/rate-limit", zone: 1, key: fingerprint(KEY_A) },
          { write: "POST /shield/rate-limit", zone: 2, key: fingerprint(KEY_B) },
        ]);

        // The state (read from the backend's file, no CLI call): both providers' keys are
        // secrets, neither is anywhere in plain text.
        const stateFile = findFile(path.join(y.dir, "state"), "dev.json");
        const stateText = fs.readFileSync(stateFile, "utf8");
        expect(stateText).not.toContain(KEY_A);
        expect(stateText).not.toContain(KEY_B);
        const resources = (
          JSON.parse(stateText) as {
            checkpoint: { latest: { resources: { urn: string; inputs?: Any; outputs?: Any }[] } };
          }
        ).checkpoint.latest.resources;
        for (const name of ["accountA", "accountB"]) {
          const p = resources.find((r) =>
            r.urn.endsWith(`::pulumi:providers:edgeplatform::${name}`),
          );
          expect([name, p?.inputs?.apiKey?.["4dabf18193072939515e22adb298388d"]]).toEqual([
            name,
            "1b47061264138c4ac30d75fd1eb44270",
          ]);
          expect(p?.inputs?.baseUrl).toBe(yaml.harness.url);
        }

        await control.clearJournal();
        const destroy = await y.ok(["destroy", "--yes", "--skip-preview"]);
        expect(byKey(await writes())).toEqual(
          byKey([
            { write: "DELETE /shield/rate-limit/<id>", zone: undefined, key: fingerprint(KEY_A) },
            { write: "DELETE /shield/rate-limit/<id>", zone: undefined, key: fingerprint(KEY_B) },
          ]),
        );
        expect((await control.state()).rateLimitRules).toEqual(before.rateLimitRules);
        for (const out of [up.out, destroy.out]) {
          expect(out).not.toContain(KEY_A);
          expect(out).not.toContain(KEY_B);
        }
        console.log(
          `two explicit providers through the plugin: ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      } finally {
        y.cleanup();
      }
    },
    3 * OP_TIMEOUT,
  );
});

(run ? describe : describe.skip)("native plugin with Pulumi YAML: a protected DNS zone", () => {
  const yaml = useYamlHarness("yaml-protect");

  test(
    "the documentation's program: destroy, removal from the program, destroy --target and up --target of records are refused with no write; protect taken out, destroy deletes the zone",
    async () => {
      const control = yaml.harness.control;
      const code = docProgram("edgeplatform:dns:DnsZone");
      /** The program with its resources (and outputs) removed. */
      const removed = code.replace(/^resources:[\s\S]*$/m, "");
      expect(removed).not.toContain("edgeplatform:dns");
      /** The program with `protect: true` taken out everywhere. */
      const unprotected = code.replace(/^(\s+)protect: true$/gm, "$1protect: false");
      expect(unprotected).not.toContain("protect: true");
      await control.reset();
      const before = await control.state();
      const y = new YamlStack(yaml.cli);
      try {
        y.writeProgram(code);
        await y.ok(["stack", "init", "dev"]);
        await y.ok(["config", "set", "edgeplatform:baseUrl", yaml.harness.url]);
        await y.ok(["config", "set", "--secret", "edgeplatform:apiKey", yaml.harness.apiKey]);
        await y.ok(["up", "--yes", "--skip-preview"]);
        const kept = await control.state();
        const zone = kept.dnsZones.find((z) => z.Domain === "shop.example");
        expect((zone?.Records ?? []).map((r) => r.Name).sort()).toEqual(["", "www"]);
        const exported = JSON.parse((await y.ok(["stack", "export"])).stdout) as {
          deployment: { resources?: { urn: string; type: string; protect?: boolean }[] };
        };
        const dns = (exported.deployment.resources ?? []).filter((r) => /:dns:/.test(r.type));
        // www through `parent: ${zone}`, mx with its own `protect`.
        expect(dns.map((r) => [r.urn.split("::").pop(), r.protect === true]).sort()).toEqual([
          ["mx", true],
          ["www", true],
          ["zone", true],
        ]);
        const records = dns
          .filter((r) => r.type === "edgeplatform:dns:DnsRecord")
          .map((r) => r.urn);

        /** A run the engine refuses: nothing written, the platform as it was. */
        const refused = async (args: string[]) => {
          await control.clearJournal();
          const r = await y.pulumi(args);
          expect([args.join(" "), r.status === 0]).toEqual([args.join(" "), false]);
          expect(r.out).toMatch(/cannot be deleted\s+because it is protected/);
          expect(await control.writes()).toEqual([]);
          expect(await control.state()).toEqual(kept);
        };
        // (1) destroy
        await refused(["destroy", "--yes", "--skip-preview"]);
        // (3) destroy --target of each record
        await refused([
          "destroy",
          "--yes",
          "--skip-preview",
          ...records.flatMap((u) => ["--target", u]),
        ]);
        // (2) the zone and its records removed from the program; then up --target of them
        y.writeProgram(removed);
        await refused(["up", "--yes", "--skip-preview"]);
        await refused([
          "up",
          "--yes",
          "--skip-preview",
          ...records.flatMap((u) => ["--target", u]),
        ]);

        // The way out: protect taken out (the state changes, the platform does not), destroy.
        y.writeProgram(unprotected);
        await control.clearJournal();
        await y.ok(["up", "--yes", "--skip-preview"]);
        expect(await control.writes()).toEqual([]);
        await y.ok(["destroy", "--yes", "--skip-preview"]);
        expect((await control.writes()).map((w) => `${w.method} ${w.path}`)).toContain(
          `DELETE /dnszone/${zone?.Id}`,
        );
        expect((await control.state()).dnsZones).toEqual(before.dnsZones);
      } finally {
        y.cleanup();
      }
    },
    10 * OP_TIMEOUT,
  );
});

/**
 * The documentation's programs of pull zones, edge scripts and containers (docs/yaml.md), each
 * as written with this checkout's plugin, in a stack of its own: `up` makes what the program
 * says, a second `preview` shows no change, and `destroy` leaves the platform as before `up`.
 */
(run ? describe : describe.skip)(
  "native plugin with Pulumi YAML: the documentation's programs of pull zones, edge scripts and containers",
  () => {
    const yaml = useYamlHarness("yaml-doc-areas");
    type State = Awaited<ReturnType<KindHarness["control"]["state"]>>;
    /**
     * The platform as compared before `up` and after `destroy`: but for the id counters, a DNS
     * zone's and an edge script's date of its last write (the platform's record, which a
     * record's or variable's create and delete set too).
     */
    const comparable = (s: State) => ({
      ...s,
      nextIds: undefined,
      dnsZones: s.dnsZones.map((z) => ({ ...z, DateModified: undefined })),
      scripts: s.scripts.map((x) => ({ ...x, lastModified: undefined })),
    });

    /**
     * Runs the documentation's program that declares `type` (the only one): stack config
     * `config` (key → [value, secret]) over the emulator's settings, `up`, then `afterUp` with
     * the platform and the stack's outputs, a `preview --expect-no-changes`, `destroy`, and
     * the platform compared with the one before `up`. Resolves with the CLI's output of all
     * runs and the state as exported after `up`.
     */
    const runDocProgram = async (
      type: string,
      config: Record<string, [value: string, secret: boolean]>,
      afterUp: (platform: State, outputs: Record<string, unknown>) => Promise<void> | void,
      unless = "type: pulumi:providers:",
    ): Promise<{ out: string; exported: string }> => {
      const control = yaml.harness.control;
      const code = docProgramWith(`type: ${type}\n`, unless);
      await control.reset();
      const before = await control.state();
      const y = new YamlStack(yaml.cli);
      const outs: string[] = [];
      try {
        y.writeProgram(code);
        await y.ok(["stack", "init", "dev"]);
        await y.ok(["config", "set", "edgeplatform:baseUrl", yaml.harness.url]);
        await y.ok(["config", "set", "--secret", "edgeplatform:apiKey", yaml.harness.apiKey]);
        for (const [key, [value, secret]] of Object.entries(config)) {
          await y.ok(["config", "set", ...(secret ? ["--secret"] : []), key, value]);
        }
        outs.push((await y.ok(["up", "--yes", "--skip-preview"])).out);
        const outputs = JSON.parse((await y.ok(["stack", "output", "--json"])).stdout) as Record<
          string,
          unknown
        >;
        await afterUp(await control.state(), outputs);
        const exported = (await y.ok(["stack", "export"])).stdout;
        outs.push((await y.ok(["preview", "--expect-no-changes", "--diff"])).out);
        outs.push((await y.ok(["destroy", "--yes", "--skip-preview"])).out);
        expect(comparable(await control.state())).toEqual(comparable(before));
        return { out: outs.join("\n"), exported };
      } finally {
        y.cleanup();
      }
    };

    test(
      "the documentation's program of pull zones: up makes the zone, its two rules in order, its class, hostname and purge; a second preview shows no change; destroy leaves the platform as before",
      async () => {
        await runDocProgram("edgeplatform:pullzones:PullZone", {}, async (platform, outputs) => {
          const zones = platform.pullZones.filter((z) => z.name === "docs-site");
          expect(zones).toHaveLength(1);
          const model = zones[0].model as Any;
          expect(model.OriginUrl).toBe("https://origin.docs-site.example");
          expect(model.CacheControlMaxAgeOverride).toBe(3600);
          const rules = [...model.EdgeRules].sort((a: Any, b: Any) => a.OrderIndex - b.OrderIndex);
          expect(
            rules.map((r: Any) => [
              r.Description,
              r.ActionType,
              r.ActionParameter1,
              r.ActionParameter2,
              r.OrderIndex,
            ]),
          ).toEqual([
            [
              "old blog moved",
              EdgeRuleActionType.Redirect,
              "https://www.docs-site.example/blog/",
              "301",
              0,
            ],
            [
              "no indexing of previews",
              EdgeRuleActionType.SetResponseHeader,
              "X-Robots-Tag",
              "noindex",
              1,
            ],
          ]);
          expect(model.OptimizerClasses).toEqual([
            expect.objectContaining({
              Name: "hero",
              Properties: { width: "1200", quality: "80" },
            }),
          ]);
          expect(
            model.Hostnames.filter((h: Any) => h.Value === "www.docs-site.example").map(
              (h: Any) => h.ForceSSL,
            ),
          ).toEqual([true]);
          const purges = (await yaml.harness.control.journal()).filter(
            (e: Any) => e.method === "POST" && e.path === `/pullzone/${zones[0].id}/purgeCache`,
          );
          expect(purges).toHaveLength(1);
          expect(outputs).toEqual({
            zoneId: zones[0].id,
            redirectRuleId: rules[0].Guid,
            headerRuleId: rules[1].Guid,
          });
        });
      },
      4 * OP_TIMEOUT,
    );

    test(
      "the documentation's program of edge scripts: up makes the DNS script with its code published, its variable and a Script record pointing at it; a second preview shows no change; destroy leaves the platform as before",
      async () => {
        const { out, exported } = await runDocProgram(
          "edgeplatform:compute:EdgeScript",
          {},
          (platform, outputs) => {
            const scripts = platform.scripts.filter((x) => x.name === "geo-steering");
            expect(scripts).toHaveLength(1);
            const script = scripts[0] as Any;
            expect(script.scriptType).toBe(0); // DNS
            expect(script.code).toBe(
              'export default { resolve: () => ({ type: "A", value: "192.0.2.20" }) };\n',
            );
            const live = script.releases.find((r: Any) => r.Id === script.currentReleaseId);
            expect(live?.Code).toBe(script.code);
            expect(script.variables.map((v: Any) => [v.Name, v.DefaultValue, v.Required])).toEqual([
              ["FALLBACK", "192.0.2.20", false],
            ]);
            const records = (platform.dnsZones.find((z) => z.Id === 1)?.Records ?? []).filter(
              (r) => r.Name === "geo",
            );
            expect(records.map((r) => [r.Type, r.LinkName, r.Ttl])).toEqual([
              [DnsRecordType.Script, `script-${script.id}`, 60],
            ]);
            expect(outputs).toEqual({ scriptId: script.id, liveReleaseId: live.Id });
          },
        );
        // The code came as an asset (`fn::stringAsset`): its hash in the state, never its text.
        const code = 'export default { resolve: () => ({ type: "A", value: "192.0.2.20" }) };\n';
        const steering = (JSON.parse(exported) as Any).deployment.resources.find(
          (r: Any) => r.type === "edgeplatform:compute:EdgeScript",
        );
        expect(steering.outputs.codeHash).toBe(
          createHash("sha256").update(code, "utf8").digest("hex"),
        );
        expect(Object.keys(steering.inputs)).not.toContain("codeAsset");
        expect(exported).not.toContain('192.0.2.20" })');
        expect(out).not.toContain('192.0.2.20" })');
      },
      4 * OP_TIMEOUT,
    );

    test(
      "the documentation's program of containers: up makes the registry with the token of the stack config's secret; the token nowhere in the state or the output; a second preview shows no change; destroy deletes it",
      async () => {
        const token = `ghp_docs_${randomBytes(12).toString("hex")}`;
        registerSecret(token);
        const { out, exported } = await runDocProgram(
          "edgeplatform:containers:ImageRegistry",
          { ghcrToken: [token, true] },
          (platform, outputs) => {
            const made = platform.registries.filter((r) => r.displayName === "GitHub packages");
            expect(made).toHaveLength(1);
            expect(made[0]).toMatchObject({
              hostName: "ghcr.io",
              userName: "deploy-bot",
              firstPasswordSymbols: token.slice(0, 3),
              lastPasswordSymbols: token.slice(-3),
            });
            expect(outputs).toEqual({ registryId: made[0].id, hostName: "ghcr.io" });
          },
          "type: edgeplatform:containers:ContainerApp",
        );
        expect(exported).not.toContain(token);
        expect(out).not.toContain(token);
      },
      4 * OP_TIMEOUT,
    );

    test(
      "the documentation's program of a container application: up makes its registry, then the application pulling from it (two containers, a CDN endpoint, a volume and its mount, a secret environment value); the secrets nowhere in the state or the output; a second preview shows no change; destroy deletes both",
      async () => {
        const token = `ghp_app_${randomBytes(12).toString("hex")}`;
        const password = `db-${randomBytes(12).toString("hex")}`;
        registerSecret(token);
        registerSecret(password);
        const { out, exported } = await runDocProgram(
          "edgeplatform:containers:ContainerApp",
          { ghcrToken: [token, true], dbPassword: [password, true] },
          (platform, outputs) => {
            const registries = platform.registries.filter((r) => r.displayName === "Cart images");
            expect(registries).toHaveLength(1);
            const apps = (platform.apps as Any[]).filter((a) => a.name === "cart");
            expect(apps).toHaveLength(1);
            const app = apps[0];
            expect(app.runtimeType).toBe("shared");
            expect(app.autoScaling).toEqual({ min: 1, max: 2 });
            const byName = Object.fromEntries(
              (app.containerTemplates as Any[]).map((c) => [c.name, c]),
            );
            expect(Object.keys(byName).sort()).toEqual(["api", "jobs"]);
            // Both images from the program's registry, by its id output.
            for (const [name, image] of [
              ["api", "cart-api"],
              ["jobs", "cart-jobs"],
            ])
              expect(byName[name]).toMatchObject({
                imageRegistryId: String(registries[0].id),
                imageNamespace: "acme",
                imageName: image,
                imageTag: "2.0.0",
              });
            const env = Object.fromEntries(
              (byName.api.environmentVariables as Any[]).map((v) => [v.name, v.value]),
            );
            expect(env).toEqual({ LOG_LEVEL: "info", DB_PASSWORD: password });
            expect(
              (byName.api.endpoints as Any[]).map((e) => [
                e.displayName,
                e.type,
                e.portMappings.map((m: Any) => m.containerPort),
              ]),
            ).toEqual([["public", "cdn", [8080]]]);
            expect(byName.api.volumeMounts).toEqual([{ name: "cart-data", mountPath: "/data" }]);
            expect(byName.jobs.endpoints).toEqual([]);
            expect((app.volumes as Any[]).map((v) => [v.name, v.size])).toEqual([["cart-data", 5]]);
            expect(outputs).toMatchObject({ appId: app.id, status: "active" });
          },
        );
        for (const secret of [token, password]) {
          expect(exported).not.toContain(secret);
          expect(out).not.toContain(secret);
        }
      },
      4 * OP_TIMEOUT,
    );
  },
);

/** The path of the file named `name` under `dir` (the first found). */
function findFile(dir: string, name: string): string {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isFile() && e.name === name) return p;
    if (e.isDirectory()) {
      try {
        return findFile(p, name);
      } catch {
        // not under this directory
      }
    }
  }
  throw new Error(`no ${name} under ${dir}`);
}

(run ? describe : describe.skip)("native plugin with Pulumi YAML: a secret setting", () => {
  const yaml = useYamlHarness("yaml-secret");
  const THEIRS = "<p>theirs-yaml-5c0e2f</p>";
  const OURS = "<p>ours-yaml-a94d17</p>";
  registerSecret(THEIRS);
  registerSecret(OURS);
  /** Pulumi's signature of a secret value in the state, and the secret's. */
  const SIG = "4dabf18193072939515e22adb298388d";
  const SECRET = "1b47061264138c4ac30d75fd1eb44270";

  test(
    "a YAML program's ResponsePage whose html is declared secret: html (input and output) and prior encrypted in the state, neither page anywhere in the state (priorRead included) or the CLI's output, destroy restores the page",
    async () => {
      const control = yaml.harness.control;
      const page = async (): Promise<unknown> =>
        ((await control.state()) as Any).shieldZones.find((z: Any) => z.id === 3).customPages
          ?.block;
      await control.reset();
      await control.updateState((s: Any) => {
        const zone = s.shieldZones.find((z: Any) => z.id === 3);
        zone.customPages = { ...zone.customPages, block: THEIRS };
      });
      const y = new YamlStack(yaml.cli);
      // The plugin's ResponsePage declares html secret (programs/secret-html-preload.js).
      y.env = {
        NODE_OPTIONS: `--require ${path.join(__dirname, "programs", "secret-html-preload.js")}`,
      };
      try {
        y.writeProgram(
          [
            "name: secret-page",
            "runtime: yaml",
            "plugins:",
            "  providers:",
            "    - name: edgeplatform",
            `      path: ${PLUGIN_DIR}`,
            "resources:",
            "  page:",
            "    type: edgeplatform:shield:ResponsePage",
            "    properties:",
            "      shieldZoneId: 3",
            "      pageType: block",
            `      html: "${OURS}"`,
            "",
          ].join("\n"),
        );
        await y.ok(["stack", "init", "dev"]);
        await y.ok(["config", "set", "edgeplatform:baseUrl", yaml.harness.url]);
        await y.ok(["config", "set", "--secret", "edgeplatform:apiKey", yaml.harness.apiKey]);
        const up = (await y.ok(["up", "--yes", "--skip-preview"])).out;
        expect(await page()).toBe(OURS);
        const exported = (await y.ok(["stack", "export"])).stdout;
        const state = JSON.parse(exported) as {
          deployment: {
            resources: {
              type: string;
              inputs?: Record<string, Any>;
              outputs?: Record<string, Any>;
            }[];
          };
        };
        const r = state.deployment.resources.find(
          (x) => x.type === "edgeplatform:shield:ResponsePage",
        );
        expect(r?.outputs?.html).toEqual({ [SIG]: SECRET, ciphertext: expect.any(String) });
        expect(r?.outputs?.prior?.[SIG]).toBe(SECRET);
        expect(r?.inputs?.html?.[SIG]).toBe(SECRET);
        expect(r?.outputs?.pageType).toBe("block");
        for (const mark of ["theirs-yaml-5c0e2f", "ours-yaml-a94d17"]) {
          expect(exported).not.toContain(mark);
          expect(up).not.toContain(mark);
        }
        const down = (await y.ok(["destroy", "--yes", "--skip-preview"])).out;
        expect(down).not.toContain("theirs-yaml-5c0e2f");
        expect(await page()).toBe(THEIRS);
      } finally {
        y.cleanup();
      }
    },
    4 * OP_TIMEOUT,
  );
});
