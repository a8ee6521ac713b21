/**
 * `edgeplatform-import` as users run it: the built bin (`node packages/pulumi/dist/import/cli.js`)
 * in a child process against an emulator on 127.0.0.1 (free port, random API key). Checks
 * exit codes, standard output and error, that `--out` is written only on success, that the
 * key never shows, and that the generated program type-checks with `tsc --strict` against
 * the package's built types.
 */
import { execFileSync, spawn } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ensureBuilt } from "../support/build";
import { startEmulator } from "../../packages/emulator/src";
import { generateProgram } from "../../packages/pulumi/src/import/generate";
import { registerSecret } from "../support/secrets";
import {
  availableKindFlags,
  BIG_ZONE_RULES,
  fixtureRule,
  importFixtures,
  plainConfig,
  settingsDefaults,
  settingsZone,
  ZONE_TWO_SETTINGS_PROGRAM,
  zoneTwoSettings,
} from "./fixtures";
import { bigZone } from "./big-zone";
import { programRecords, readRecords } from "./zone-reading";

const root = path.resolve(__dirname, "../..");
const bin = path.join(root, "packages/pulumi/dist/import/cli.js");
/** Whether the built package has `edge.dns.DnsZone` and `DnsRecord` (the type-check uses them). */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let emu: Awaited<ReturnType<typeof startEmulator>>;
let apiKey: string;
let dir: string;

/** Runs the bin with the emulator's settings in the environment (override with `env`). */
function run(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const fullEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    PATH: process.env.PATH,
    EDGEPLATFORM_API_KEY: apiKey,
    EDGEPLATFORM_BASE_URL: emu.url,
    ...env,
  })) {
    if (v !== undefined) fullEnv[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: fullEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const noKey = (r: Run) => {
  expect(r.stdout).not.toContain(apiKey);
  expect(r.stderr).not.toContain(apiKey);
};

beforeAll(async () => {
  ensureBuilt(bin, ["client", "pulumi"]);
  apiKey = `imp-${randomBytes(12).toString("hex")}`;
  registerSecret(apiKey);
  emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey, fixtures: importFixtures() });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-import-"));
}, 180_000);

afterAll(async () => {
  await emu?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("edgeplatform-import (bin, child process)", () => {
  test("--help prints the usage on stdout and exits 0", async () => {
    const r = await run(["--help"], { EDGEPLATFORM_API_KEY: undefined });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: edgeplatform-import /);
    expect(r.stdout).toContain("--shield-zone ID");
    expect(r.stdout).toContain("--script ID... [--out FILE]");
    expect(r.stdout).toMatch(/\n {2}--script ID {8}this edge script, its code and its variables/);
    expect(r.stdout).toMatch(
      /\n {2}--pull-zone ID {5}this pull zone and everything of its shield zone/,
    );
    const pullZone = r.stdout.slice(r.stdout.indexOf("With --pull-zone:"));
    for (const written of [
      "edge.pullzones.PullZone (adopt mode: pullZoneId",
      "edge.pullzones.EdgeRule (edgeRuleId",
      "edge.pullzones.OptimizerClass (className",
      "edge.pullzones.Hostname (existingHostname",
      '"certificate key not readable: supply it"',
    ])
      expect(pullZone.replace(/\s+/g, " ")).toContain(written);
    expect(r.stdout).toContain("EDGEPLATFORM_API_KEY");
    expect(r.stderr).toBe("");
  });

  test("shield, pull and DNS zones to stdout: every rule of every page, summary on stderr", async () => {
    const r = await run([
      "--shield-zone",
      "1",
      "--pull-zone",
      "4",
      "--pull-zone=7",
      "--dns-zone",
      "2",
      "--dns-zone",
      "1",
    ]);
    expect(r.stderr).toBe(
      `edgeplatform-import: wrote ${2 + 4 + BIG_ZONE_RULES} rate-limit rules, 2 WAF rules, ` +
        `1 access list, 2 managed access lists, 3 ShieldZones, 2 pull zones, 0 edge rules, ` +
        `0 optimizer classes, 0 hostnames, 2 DNS zones and 0 DNS records ` +
        `(${Buffer.byteLength(r.stdout)} bytes) to standard output\n`,
    );
    expect(r.code).toBe(0);
    noKey(r);
    expect(r.stdout).toContain(`// Read from ${emu.url} (the API key is not recorded here):`);
    expect(r.stdout).toContain(
      "//   shield zone 1: 2 rate-limit rules, 0 WAF rules, 1 access list, 2 of 4 managed lists configured,\n" +
        "//     zone settings at the defaults\n" +
        "//     not on the zone's plan (nothing to adopt): bot detection, API guardian, response pages\n",
    );
    expect(r.stdout).toContain(
      "//   shield zone 2 (pull zone 4): 4 rate-limit rules, 2 WAF rules, 0 access lists,",
    );
    expect(r.stdout).toContain(
      `//   shield zone 3 (pull zone 7): ${BIG_ZONE_RULES} rate-limit rules, 0 WAF rules,`,
    );
    const ids = (cls: string) =>
      [
        ...r.stdout.matchAll(
          new RegExp(
            `new edge\\.shield\\.${cls}\\([^\\n]*\\n {2}(?:ruleId|shieldZoneId|listId): (\\d+),`,
            "g",
          ),
        ),
      ].map((m) => Number(m[1]));
    const rules = ids("RateLimitRule");
    expect(rules).toHaveLength(2 + 4 + BIG_ZONE_RULES);
    expect(rules).toEqual([...rules].sort((a, b) => a - b)); // zones 1 < 2 < 3, ids within
    expect(rules.slice(-1)[0]).toBe(3000 + BIG_ZONE_RULES - 1); // the last page was read
    // The other kinds of the fixtures: zone 2's WAF rules, zone 1's custom list and its two
    // configured managed lists (7001 VPN Providers: Block, 7002 Tor Exit Nodes: Challenge)
    expect(ids("WafRule")).toEqual([301, 302]);
    expect(ids("AccessList")).toEqual([501]);
    // Every zone's settings are a new zone's (Basic plan): an empty ShieldZone each
    expect(ids("ShieldZone")).toEqual([1, 2, 3]);
    expect(r.stdout).toContain(
      'const shieldZone2 = new edge.shield.ShieldZone("shield-zone-2", {\n  shieldZoneId: 2,\n});\n',
    );
    expect(r.stdout).toContain(
      'const officeNetwork = new edge.shield.AccessList("office-network", {\n' +
        "  listId: 501,\n" +
        "  shieldZoneId: 1,\n" +
        '  name: "office-network",\n' +
        '  description: "Office egress ranges",\n' +
        '  type: "CIDR",\n' +
        '  entries: ["203.0.113.0/24", "198.51.100.0/25"],\n' +
        "  enabled: true,\n" +
        '  action: "Allow",\n' +
        "  deleteOnDestroy: false,\n" +
        "});\n",
    );
    expect(r.stdout).toContain(
      'const vpnProviders = new edge.shield.ManagedAccessList("vpn-providers", {\n' +
        "  shieldZoneId: 1,\n  listId: 1, // VPN Providers\n  enabled: true,\n" +
        '  action: "Block",\n});\n' +
        'const torExitNodes = new edge.shield.ManagedAccessList("tor-exit-nodes", {\n' +
        "  shieldZoneId: 1,\n  listId: 2, // Tor Exit Nodes\n  enabled: true,\n" +
        '  action: "Challenge",\n});\n',
    );
    expect(r.stdout).toContain(
      'const blockWpAdmin = new edge.shield.WafRule("block-wp-admin", {\n  ruleId: 301,',
    );
    expect(r.stdout).toContain('    actionType: "Log",\n'); // WAF rule 302: a WafRuleAction name
    expect(r.stdout).toMatch(
      /"dnssec-example-com", \{\n {2}zoneId: 1,\n {2}enabled: false,\n\}\);/,
    );
    expect(r.stdout).toMatch(/"dnssec-example-org", \{\n {2}zoneId: 2,\n {2}enabled: true,\n\}\);/);
  });

  test("--out writes exactly what stdout shows; runs are byte-identical", async () => {
    const out = path.join(dir, "adopt.ts");
    const args = ["--shield-zone", "2", "--shield-zone", "1", "--dns-zone", "2"];
    const a = await run([...args, "--out", out]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe("");
    expect(a.stderr).toMatch(
      /wrote 6 rate-limit rules, 2 WAF rules, 1 access list, 2 managed access lists, 2 ShieldZones, 1 DNS zone and 0 DNS records \(\d+ bytes\) to .*adopt\.ts\n$/,
    );
    const b = await run(args);
    expect(fs.readFileSync(out, "utf8")).toBe(b.stdout);
    const c = await run([
      "--dns-zone",
      "2",
      "--shield-zone",
      "1",
      "--out",
      out,
      "--shield-zone",
      "2",
    ]);
    expect(c.code).toBe(0);
    expect(fs.readFileSync(out, "utf8")).toBe(b.stdout);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  }, 60_000);

  test("the generated program type-checks with tsc --strict against the package's types", async () => {
    const check = path.join(dir, "typecheck");
    fs.mkdirSync(check, { recursive: true });
    // (the emulator runs in this process: the bin must run asynchronously)
    // Every kind whose resource exists today (test/import/fixtures.ts)
    const imported = await run([
      "--shield-zone",
      "1",
      "--shield-zone",
      "2",
      "--pull-zone",
      "7",
      "--dns-zone",
      "1",
      ...availableKindFlags(),
    ]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("new edge.shield.WafRule(");
    expect(imported.stdout).toContain("new edge.shield.AccessList(");
    expect(imported.stdout).toContain("new edge.shield.ManagedAccessList(");
    const program = imported.stdout;
    fs.writeFileSync(path.join(check, "index.ts"), program);
    // A value this provider does not know must be flagged at its own line, nowhere else.
    const odd = generateProgram({
      source: emu.url,
      shieldZones: [
        {
          shieldZoneId: 1,
          rules: [fixtureRule(9, 1, "odd", null, { ...plainConfig(1), timeframe: 120 as never })],
        },
      ],
      dnsZones: [],
    }).text;
    fs.writeFileSync(path.join(check, "odd.ts"), odd);
    // Every settings kind with nested inputs (ShieldZone's waf/paranoia/ddos, BotDetection's
    // signals, UploadScanning, ApiGuardian, ResponsePage).
    const settings = generateProgram({
      source: emu.url,
      shieldZones: [settingsZone()],
      dnsZones: [],
      defaults: settingsDefaults(),
    }).text;
    for (const cls of ["ShieldZone", "BotDetection", "ApiGuardian", "ResponsePage"])
      expect(settings).toContain(`new edge.shield.${cls}(`);
    fs.writeFileSync(path.join(check, "settings.ts"), settings);
    // Without known defaults every value is written: UploadScanning too.
    const all = generateProgram({ source: emu.url, shieldZones: [settingsZone()], dnsZones: [] });
    expect(all.text).toContain("new edge.shield.UploadScanning(");
    fs.writeFileSync(path.join(check, "settings-all.ts"), all.text);
    // The DNS programs: a zone with a record of each type, and a zone file's records.
    const dns = await run(["--dns-zone", "3"]);
    expect(dns.code).toBe(0);
    fs.writeFileSync(path.join(check, "dns.ts"), dns.stdout);
    const bind = await run(["--bind-file", path.join(__dirname, "zone-files", "example-net.zone")]);
    expect(bind.code).toBe(0);
    fs.writeFileSync(path.join(check, "bind.ts"), bind.stdout);
    fs.writeFileSync(
      path.join(check, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "commonjs",
          moduleResolution: "node",
          esModuleInterop: true,
          skipLibCheck: true,
          typeRoots: [path.join(root, "node_modules/@types")],
          types: ["node"],
          baseUrl: ".",
          paths: { "pulumi-edgeplatform": [path.join(root, "packages/pulumi/dist/index.d.ts")] },
        },
        files: ["index.ts", "odd.ts", "settings.ts", "settings-all.ts", "dns.ts", "bind.ts"],
      }),
    );
    let output = "";
    try {
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", check], {
        cwd: check,
        stdio: "pipe",
      });
    } catch (e) {
      output = String((e as { stdout?: Buffer }).stdout ?? e);
    }
    const errors = output.split("\n").filter((l) => /error TS\d+/.test(l));
    const oddLine = odd.split("\n").findIndex((l) => l.includes("timeframe: 120")) + 1;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^odd\\.ts\\(${oddLine},\\d+\\): error TS2322`));
    expect(program.length).toBeGreaterThan(10_000); // the real import was part of the check
  }, 120_000);

  test("unknown shield, pull and DNS zones: exit 1, each named, --out not written or touched", async () => {
    const out = path.join(dir, "unknown.ts");
    const r = await run([
      "--shield-zone",
      "1",
      "--shield-zone",
      "99",
      "--pull-zone",
      "97",
      "--dns-zone",
      "98",
      "--out",
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "edgeplatform-import: nothing written: 3 zones could not be read:\n" +
        "  pull zone 97: not found (404 not_found.pullzone)\n" +
        "  shield zone 99: not found, or the API key has no access to it (200 not_found_or_unauthorised_access.shieldzone)\n" +
        "  DNS zone 98: not found (404 not_found.dnszone)\n",
    );
    expect(fs.existsSync(out)).toBe(false);
    fs.writeFileSync(out, "// hand-written\n");
    expect((await run(["--shield-zone", "99", "--out", out])).code).toBe(1);
    expect(fs.readFileSync(out, "utf8")).toBe("// hand-written\n");
  });

  test("a wrong API key: exit 1, says so, never shows either key, nothing written", async () => {
    const wrong = `wrong-${randomBytes(8).toString("hex")}`;
    registerSecret(wrong);
    const out = path.join(dir, "wrong-key.ts");
    const r = await run(["--shield-zone", "1", "--dns-zone", "1", "--out", out], {
      EDGEPLATFORM_API_KEY: wrong,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `edgeplatform-import: the platform refused the API key (HTTP 401); it comes from the environment variable EDGEPLATFORM_API_KEY: check that it is a valid API key of the account at ${emu.url}\n`,
    );
    expect(r.stdout + r.stderr).not.toContain(wrong);
    noKey(r);
    expect(fs.existsSync(out)).toBe(false);
  });

  test("a zone with no rules: alone exit 1 and nothing written; next to a DNS zone a note", async () => {
    const out = path.join(dir, "empty.ts");
    const alone = await run(["--shield-zone", "4", "--out", out]);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toBe(
      "edgeplatform-import: nothing written: nothing to import (shield zone 4 has no rate-limit " +
        "rules, no custom WAF rules, no custom access lists, no configured managed access lists " +
        "and no settings that differ from the platform's defaults)\n",
    );
    expect(fs.existsSync(out)).toBe(false);
    const withDns = await run(["--shield-zone", "4", "--dns-zone", "2", "--out", out]);
    expect(withDns.code).toBe(0);
    expect(withDns.stderr).toMatch(
      /^note: shield zone 4 has no rate-limit rules, .* and no settings that differ from the platform's defaults \(nothing to adopt there\)\nedgeplatform-import: wrote 0 rate-limit rules, 0 WAF rules, 0 access lists, 0 managed access lists, 1 ShieldZone, 1 DNS zone and 0 DNS records/,
    );
    expect(fs.readFileSync(out, "utf8")).toContain(
      "// shield zone 4: nothing to adopt (no rate-limit rules, no WAF rules, no access lists, no configured managed lists)",
    );
  }, 60_000);

  test("bad command lines exit 2, name the flag and what is allowed, and call nothing", async () => {
    const cases: [string[], Record<string, string | undefined>, RegExp][] = [
      [
        [],
        {},
        /nothing to import: give at least one --shield-zone ID, --pull-zone ID, --dns-zone ID, --script ID, --bind-file FILE or --from-terraform STATE/,
      ],
      [
        ["--shield-zone", "abc"],
        {},
        /--shield-zone: "abc" is not a zone id \(allowed: a whole number from 1 to 2147483647\)/,
      ],
      [["--dns-zone=0"], {}, /--dns-zone: "0" is not a zone id/],
      [["--pull-zone", "99999999999"], {}, /--pull-zone: "99999999999" is not a zone id/],
      [["--shield-zone"], {}, /--shield-zone needs a value/],
      [["--shield-zone", "1", "--out"], {}, /--out needs a value/],
      [
        ["--shield-zone", "1", "--bogus"],
        {},
        /unknown option "--bogus" \(allowed: --shield-zone, --pull-zone, --dns-zone, --bind-file, --domain, --allow-partial, --from-terraform, --script, --registry, --app, --kind, --out, --base-url, --help\)/,
      ],
      [
        ["--shield-zone", "1", "--kind", "waf"],
        {},
        /--kind: "waf" is not a kind \(allowed: rate-limit-rule, waf-rule, access-list, managed-access-list, shield-zone, bot-detection, upload-scanning, api-guardian, response-page\)/,
      ],
      [["--shield-zone", "1", "--kind"], {}, /--kind needs a value/],
      [
        ["--dns-zone", "1", "--kind", "waf-rule"],
        {},
        /--kind: chooses what to import from shield zones: give --shield-zone ID or --pull-zone ID/,
      ],
      [["--shield-zone", "1", "extra"], {}, /unexpected argument "extra"/],
      [
        ["--dns-zone", "1", "--domain", "example.com"],
        {},
        /--domain: names the zone of a --bind-file: give --bind-file FILE/,
      ],
      [
        ["--bind-file", "a.zone", "--shield-zone", "1"],
        {},
        /--bind-file: writes one DNS zone's records: it does not go with --shield-zone, --pull-zone or --kind/,
      ],
      [
        ["--bind-file", "a.zone", "--dns-zone", "1", "--dns-zone", "2"],
        {},
        /--bind-file: --dns-zone names the one zone to put the records in: give it once/,
      ],
      [
        ["--bind-file", "a.zone", "--dns-zone", "3", "--domain", "records.example"],
        {},
        /--domain: the records go into --dns-zone 3, whose domain the platform knows: give one of them/,
      ],
      [["--bind-file", "a.zone", "--bind-file", "b.zone"], {}, /--bind-file: given more than once/],
      [
        ["--bind-file", "a.zone", "--domain", "not a domain!"],
        {},
        /--domain: "not a domain!" is not a domain name \(for example example\.com\)/,
      ],
      [["--bind-file"], {}, /--bind-file needs a value/],
      [
        ["--dns-zone", "1", "--allow-partial"],
        {},
        /--allow-partial: lets a --bind-file import exit 0 with refused lines: give --bind-file FILE/,
      ],
      [
        ["--shield-zone", "1", "--base-url", "ftp://x"],
        {},
        /--base-url: "ftp:\/\/x" is not an http:\/\/ or https:\/\/ URL/,
      ],
      [
        ["--shield-zone", "1"],
        { EDGEPLATFORM_API_KEY: undefined },
        /no API key: set the environment variable EDGEPLATFORM_API_KEY/,
      ],
      [
        ["--shield-zone", "1"],
        { EDGEPLATFORM_BASE_URL: undefined },
        /no API address: pass --base-url URL or set EDGEPLATFORM_BASE_URL/,
      ],
    ];
    const { EmulatorControl } = await import("../../packages/emulator/src");
    const control = new EmulatorControl(emu.url);
    await control.clearJournal();
    for (const [args, env, message] of cases) {
      const r = await run(args, env);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(new RegExp(`^edgeplatform-import: ${message.source}`));
      expect(r.stdout).toBe("");
      noKey(r);
    }
    expect(await control.journal()).toEqual([]);
  }, 60_000);

  test("--kind imports only the kinds named, in the documented order whatever the flags' order", async () => {
    const r = await run(["--pull-zone", "4", "--kind", "waf-rule", "--kind", "rate-limit-rule"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^edgeplatform-import: wrote 4 rate-limit rules and 2 WAF rules \(/);
    expect(r.stdout).toContain(
      "//   shield zone 2 (pull zone 4): 4 rate-limit rules, 2 WAF rules\n",
    );
    expect(r.stdout).not.toMatch(/AccessList|access lists/);
    const lists = await run(["--shield-zone", "1", "--kind", "managed-access-list"]);
    expect(lists.code).toBe(0);
    expect(lists.stderr).toMatch(/^edgeplatform-import: wrote 2 managed access lists \(/);
    expect(lists.stdout.match(/new edge\./g)).toHaveLength(2);
  });

  test("a kind the key may not read (403) or the plan lacks: skipped with a warning and a comment, the rest written", async () => {
    const { EmulatorControl } = await import("../../packages/emulator/src");
    const control = new EmulatorControl(emu.url);
    try {
      await control.fault({
        method: "GET",
        path: "^/shield/waf/custom-rules/2$",
        status: 403,
        count: -1,
      });
      await control.fault({
        method: "GET",
        path: "^/shield/shield-zone/1/access-lists$",
        status: 200,
        count: -1,
        body: {
          error: {
            success: false,
            errorKey: "feature_not_available_on_plan",
            message: "Access lists are not available on this plan",
          },
        },
      });
      const out = path.join(dir, "skipped.ts");
      const r = await run(["--shield-zone", "1", "--shield-zone", "2", "--out", out]);
      expect(r.code).toBe(0);
      noKey(r);
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines.slice(0, 2)).toEqual([
        expect.stringMatching(
          /^warning: shield zone 1: custom and managed access lists not imported: not available on the zone's plan: \d+ feature_not_available_on_plan$/,
        ),
        expect.stringMatching(
          /^warning: shield zone 2: custom WAF rules not imported: the API key may not read them: 403/,
        ),
      ]);
      expect(lines[2]).toMatch(
        /^edgeplatform-import: wrote 6 rate-limit rules, 0 WAF rules, 0 access lists, 0 managed access lists and 2 ShieldZones \(/,
      );
      const text = fs.readFileSync(out, "utf8");
      expect(text).toMatch(
        /\/\/ {5}NOT imported: custom and managed access lists \(not available on the zone's plan: \d+ feature_not_available_on_plan\)\n/,
      );
      expect(text).toContain(
        "// shield zone 2\n// NOT imported: custom WAF rules (the API key may not read them: 403",
      );
      expect(text.match(/new edge\.shield\.RateLimitRule\(/g)).toHaveLength(6);
      expect(text).not.toMatch(/WafRule|AccessList/);
    } finally {
      await control.clearFaults();
    }
  });

  test("zone settings: only what differs from the defaults, plan-gated kinds noted, reads only", async () => {
    const { EmulatorControl } = await import("../../packages/emulator/src");
    const control = new EmulatorControl(emu.url);
    const saved = await control.state();
    try {
      // Zone 2 with settings that differ from a new zone's (fixtures.ts); zone 1 stays Basic
      // (bot detection, API guardian and pages are not on its plan).
      const st = await control.state();
      Object.assign(
        st.shieldZones.find((z) => z.id === 2)!,
        zoneTwoSettings(),
      );
      await control.setState(st);
      await control.clearJournal();
      const kinds = [
        "waf-rule",
        "shield-zone",
        "bot-detection",
        "upload-scanning",
        "api-guardian",
        "response-page",
      ];
      const r = await run([
        "--shield-zone",
        "1",
        "--shield-zone",
        "2",
        ...kinds.flatMap((k) => ["--kind", k]),
      ]);
      expect(r.code).toBe(0);
      noKey(r);
      expect(r.stderr).toMatch(
        /^note: shield zone 1 has no custom WAF rules and no settings that differ from the platform's defaults \(nothing to adopt there\)\nedgeplatform-import: wrote 2 WAF rules, 2 ShieldZones, 1 BotDetection, 1 UploadScanning, 1 ApiGuardian and 1 response page \(\d+ bytes\)/,
      );
      expect(r.stdout).toContain(
        "//   shield zone 1: 0 WAF rules, zone settings at the defaults\n" +
          "//     not on the zone's plan (nothing to adopt): bot detection, API guardian, response pages\n" +
          "//   shield zone 2: 2 WAF rules, zone settings, bot detection, upload scanning, API guardian,\n" +
          "//     1 response page\n",
      );
      expect(r.stdout).toContain(ZONE_TWO_SETTINGS_PROGRAM);
      const calls = await control.journal({ path: /^\/shield\// });
      expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
      // the defaults once per run, not per zone
      expect(calls.filter((c) => c.path === "/shield/shield-zone/defaults")).toHaveLength(1);
      expect(calls.filter((c) => c.path === "/shield/waf/engine-config")).toHaveLength(1);
    } finally {
      await control.setState(saved);
    }
  });

  test("a list that cannot be read for another reason: exit 1 naming the zone and the list, nothing written", async () => {
    const { EmulatorControl } = await import("../../packages/emulator/src");
    const control = new EmulatorControl(emu.url);
    try {
      await control.fault({
        method: "GET",
        path: "^/shield/shield-zone/1/access-lists/501$",
        status: 500,
      });
      const out = path.join(dir, "list-500.ts");
      const r = await run(["--shield-zone", "1", "--out", out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^edgeplatform-import: nothing written: 1 zone could not be read:\n {2}shield zone 1: custom access list 501 \(office-network\): .*500/,
      );
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await control.clearFaults();
    }
  }, 60_000);

  test("--base-url beats the environment; an unreachable API is exit 1 naming the address", async () => {
    const viaFlag = await run(["--dns-zone", "2", "--base-url", emu.url], {
      EDGEPLATFORM_BASE_URL: "http://127.0.0.1:9",
    });
    expect(viaFlag.code).toBe(0);
    const out = path.join(dir, "unreachable.ts");
    const r = await run(["--dns-zone", "2", "--out", out], {
      EDGEPLATFORM_BASE_URL: "http://someone:url-password@127.0.0.1:9/?token=url-token",
    });
    expect(r.stderr).not.toMatch(/url-password|url-token/);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^edgeplatform-import: cannot reach http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\): check the environment variable EDGEPLATFORM_BASE_URL\n$/,
    );
    const viaBadFlag = await run(["--dns-zone", "2", "--base-url", "http://127.0.0.1:9"]);
    expect(viaBadFlag.code).toBe(1);
    expect(viaBadFlag.stderr).toBe(
      "edgeplatform-import: cannot reach http://127.0.0.1:9 (ECONNREFUSED): check the --base-url flag\n",
    );
    expect(fs.existsSync(out)).toBe(false);
  }, 60_000);
});

describe("edgeplatform-import: DNS records (--dns-zone) and zone files (--bind-file)", () => {
  const zoneFile = (name: string) => path.join(__dirname, "zone-files", name);
  const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

  test("--dns-zone 3: the zone adopted by id and one DnsRecord per record (16), reads only", async () => {
    const { EmulatorControl } = await import("../../packages/emulator/src");
    const control = new EmulatorControl(emu.url);
    await control.clearJournal();
    const r = await run(["--dns-zone", "3"]);
    expect(r.code).toBe(0);
    noKey(r);
    expect(r.stderr).toBe(
      `edgeplatform-import: wrote 1 DNS zone and 16 DNS records (${Buffer.byteLength(r.stdout)} bytes) to standard output\n`,
    );
    expect(r.stdout).toContain(
      'const recordsExample = new edge.dns.DnsZone("records-example", { zoneId: 3 });',
    );
    expect(count(r.stdout, /new edge\.dns\.DnsRecord\(/g)).toBe(16);
    // every record of the fixture zone (ids 301 to 316), once each, in the zone
    const ids = [...r.stdout.matchAll(/\n {2}recordId: (\d+),/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: 16 }, (_, i) => 301 + i));
    expect(count(r.stdout, /\n {2}zoneId: recordsExample\.zoneId,/g)).toBe(16);
    expect(r.stdout).toContain(
      '  recordId: 305,\n  type: "MX",\n  name: "",\n  value: "mail.records.example",\n  ttl: 300,\n  priority: 10,\n});',
    );
    expect(r.stdout).toContain('new edge.dns.ZoneDnssec("dnssec-records-example"'); // as before
    const calls = await control.journal();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  test("--dns-zone of 1 000 records: the summary names the engine's skip-checkpoints setting; 999 do not", async () => {
    const { EmulatorControl, largeDnsZone } = await import("../../packages/emulator/src");
    const control = new EmulatorControl(emu.url);
    const before = await control.state();
    const note =
      "note: the first `pulumi up` adopts 1000 DNS records and writes none; with a local or " +
      "file backend run it as `PULUMI_EXPERIMENTAL=true PULUMI_SKIP_CHECKPOINTS=true pulumi up`";
    try {
      const s = await control.state();
      s.dnsZones.push(largeDnsZone(9, "large.example", 1000) as never);
      s.dnsZones.push(largeDnsZone(10, "small.example", 999) as never);
      await control.setState(s);
      const large = await run(["--dns-zone", "9"]);
      expect(large.code).toBe(0);
      expect(count(large.stdout, /new edge\.dns\.DnsRecord\(/g)).toBe(1000);
      expect(large.stderr.startsWith(note)).toBe(true);
      expect(large.stderr).toMatch(/\nedgeplatform-import: wrote 1 DNS zone and 1000 DNS records /);
      const small = await run(["--dns-zone", "10"]);
      expect(small.code).toBe(0);
      expect(small.stderr).toMatch(/^edgeplatform-import: wrote 1 DNS zone and 999 DNS records /);
    } finally {
      await control.setState(before);
    }
  }, 60_000);

  test("--bind-file: a new zone and its records to create; the report (SOA and apex NS skipped, TXT joined) on stderr and beside the program", async () => {
    const out = path.join(dir, "from-bind.ts");
    const reportFile = path.join(dir, "from-bind.import-report.txt");
    const file = zoneFile("example-net.zone");
    const r = await run(["--bind-file", file, "--out", out]);
    expect(r.code).toBe(0);
    noKey(r);
    const text = fs.readFileSync(out, "utf8");
    const report = fs.readFileSync(reportFile, "utf8");
    expect(report.split("\n").filter((l) => /^(zone file|line \d+:)/.test(l))).toEqual([
      `zone file ${file} (example.net): 21 records taken, 0 lines refused, 3 skipped, 1 note`,
      "line 4: skipped: the platform writes the zone's SOA record itself",
      "line 10: skipped: ns1.emulator.invalid is the platform's own nameserver: it serves the apex NS records itself",
      "line 11: skipped: ns2.emulator.invalid is the platform's own nameserver: it serves the apex NS records itself",
      "line 27: note: 2 strings joined into one value of 58 bytes (the platform stores a TXT record as one text)",
    ]);
    expect(report).toContain(
      "line 4: skipped: the platform writes the zone's SOA record itself\n" +
        "  | @       IN  SOA   ns1.oldhost.example. hostmaster.example.net. (\n" +
        "  |                   2026112001 ; serial\n",
    );
    expect(r.stderr).toBe(
      report +
        `edgeplatform-import: wrote 1 DNS zone and 21 DNS records to create (${Buffer.byteLength(text)} bytes) to ${out}, the report to ${reportFile}\n`,
    );
    expect(text).toContain('  { domain: "example.net" },\n  { protect: true },\n);');
    expect(count(text, /new edge\.dns\.DnsRecord\(/g)).toBe(21);
    expect(text).not.toContain("recordId:");
  });

  test("--bind-file into --dns-zone: a record the zone has is adopted by id, the rest created", async () => {
    const file = path.join(dir, "records.zone");
    fs.writeFileSync(
      file,
      "$ORIGIN records.example.\n$TTL 300\nwww IN A 192.0.2.10\nnew IN A 192.0.2.77\n",
    );
    const r = await run(["--bind-file", file, "--dns-zone", "3"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^zone file .*records\.zone \(records\.example\): 2 records taken, 0 lines refused, 0 skipped, 0 notes\nedgeplatform-import: wrote 1 DNS zone and 2 DNS records \(1 already in the zone\) \(/,
    );
    expect(r.stdout).toContain(
      'const recordsExample = new edge.dns.DnsZone("records-example", { zoneId: 3 });',
    );
    expect(count(r.stdout, /new edge\.dns\.DnsRecord\(/g)).toBe(2);
    expect(r.stdout).toContain('  recordId: 301,\n  type: "A",\n  name: "www",\n');
    expect(r.stdout).toContain("// 15 records of DNS zone 3 are not in the file");
  });

  test("--bind-file for a domain the account already has: exit 1, names the zone and --dns-zone", async () => {
    const out = path.join(dir, "taken.ts");
    const r = await run([
      "--bind-file",
      zoneFile("example-net.zone"),
      "--domain",
      "records.example",
      "--out",
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "edgeplatform-import: nothing written: records.example already has DNS zone 3 on the account: " +
        "give --dns-zone 3 to put the zone file's records in it\n",
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  test("a zone answer without its records is never read as a zone without records: exit 1", async () => {
    const { EmulatorControl } = await import("../../packages/emulator/src");
    const control = new EmulatorControl(emu.url);
    try {
      await control.fault({
        method: "GET",
        path: "^/dnszone/3$",
        status: 200,
        count: -1,
        body: { Id: 3, Domain: "records.example", DnsSecEnabled: false },
      });
      const out = path.join(dir, "no-records.ts");
      const r = await run(["--dns-zone", "3", "--out", out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        "edgeplatform-import: nothing written: 1 zone could not be read:\n" +
          "  DNS zone 3: the platform's answer has no Records\n",
      );
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await control.clearFaults();
    }
  });

  test("a zone file with lines the platform cannot take: everything else written, the report names each refused line, exit 3; --allow-partial exits 0", async () => {
    const file = zoneFile("partial.zone");
    const out = path.join(dir, "partial.ts");
    const reportFile = path.join(dir, "partial.import-report.txt");
    const expectedReport =
      `zone file ${file} (partial.example): 3 records taken, 3 lines refused, 1 skipped, 0 notes\n` +
      "line 3: skipped: the platform writes the zone's SOA record itself\n" +
      "  | @        IN SOA ns1.oldhost.example. hostmaster.partial.example. 1 7200 3600 1209600 300\n" +
      "line 5: refused: record type HINFO is not one the platform has (allowed: A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS, SVCB, HTTPS, TLSA; SOA is skipped)\n" +
      '  | host     IN HINFO "PC" "Linux"\n' +
      'line 6: refused: A record "www": Value must be an IPv4 address for type A; got "192.0.2.300"\n' +
      "  | www      IN A     192.0.2.300\n" +
      "line 8: refused: a quoted string is not closed\n" +
      '  | bad      IN TXT   "not closed\n';
    const r = await run(["--bind-file", file, "--out", out]);
    expect(r.code).toBe(3);
    noKey(r);
    const text = fs.readFileSync(out, "utf8");
    expect(fs.readFileSync(reportFile, "utf8")).toBe(expectedReport);
    expect(r.stderr).toBe(
      expectedReport +
        `edgeplatform-import: wrote 1 DNS zone and 3 DNS records to create (${Buffer.byteLength(text)} bytes) to ${out}, the report to ${reportFile}\n` +
        `edgeplatform-import: 3 lines of ${file} refused (listed above and in ${reportFile}): the program has every other record; fix those lines and run again, or pass --allow-partial to accept it as it is\n`,
    );
    expect(
      [...text.matchAll(/new edge\.dns\.DnsRecord\(.*\/\/ line (\d+)/g)].map((m) => m[1]),
    ).toEqual(["4", "7", "9"]);
    expect(text).toContain(
      "// line 5: NOT imported (refused): record type HINFO is not one the platform has",
    );

    const partial = await run(["--bind-file", file, "--allow-partial"]);
    expect(partial.code).toBe(0);
    expect(partial.stdout).toBe(text);
    expect(partial.stderr).toBe(
      expectedReport +
        `edgeplatform-import: wrote 1 DNS zone and 3 DNS records to create (${Buffer.byteLength(text)} bytes) to standard output\n` +
        `edgeplatform-import: 3 lines of ${file} refused (listed above)\n`,
    );
  }, 60_000);

  test("a generated zone file of 2 000 records (every type, escapes, relative names) imports in one run: the report lists exactly the lines refused, the program holds the rest", async () => {
    const zone = bigZone(2000, "big-import.example");
    const file = path.join(dir, "big-import.zone");
    fs.writeFileSync(file, zone.text);
    const out = path.join(dir, "big-import.ts");
    const r = await run(["--bind-file", file, "--out", out, "--allow-partial"]);
    expect(r.code).toBe(0);
    const report = fs.readFileSync(path.join(dir, "big-import.import-report.txt"), "utf8");
    const lines = (what: string) =>
      [...report.matchAll(new RegExp(`^line (\\d+): ${what}:`, "gm"))].map((m) => Number(m[1]));
    expect(lines("refused")).toEqual(zone.refusedLines);
    expect(lines("skipped")).toEqual(zone.skippedLines);
    expect(report.split("\n")[0]).toBe(
      `zone file ${file} (big-import.example): 2000 records taken, ${zone.refusedLines.length} lines refused, 3 skipped, 167 notes`,
    );
    const written = programRecords(fs.readFileSync(out, "utf8"));
    const read = readRecords(zone.text, zone.domain);
    expect(written).toEqual(new Map(zone.recordLines.map((l) => [l, read.get(l)])));
  }, 60_000);

  test("a zone file that cannot be read at all: exit 1 naming the file and the line, --out not written", async () => {
    const out = path.join(dir, "bad-bind.ts");
    const bad = zoneFile("unclosed.zone");
    const r = await run(["--bind-file", bad, "--out", out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `edgeplatform-import: nothing written: ${bad}: line 4: a "(" is never closed\n`,
    );
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(path.join(dir, "bad-bind.import-report.txt"))).toBe(false);
    const missing = await run(["--bind-file", path.join(dir, "no-such.zone")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^edgeplatform-import: nothing written: cannot read .*no-such\.zone: ENOENT/,
    );
  }, 60_000);
});

describe("edgeplatform-import: edge scripts (--script)", () => {
  /** The fixtures' edge-router (script 1): its saved code and its secret's value. */
  const ROUTER_V2 = "export default { fetch: () => new Response('v2') };\n";
  const SECRET_VALUE = "fixture-secret-api-token";
  const DEPLOYMENT_KEY = "fixture-deployment-key-1";

  test("--script 1: the program, the code file beside it, the secret named; reads only", async () => {
    const { EmulatorControl } = await import("../../packages/emulator/src");
    const control = new EmulatorControl(emu.url);
    await control.clearJournal();
    const sub = fs.mkdtempSync(path.join(dir, "script-"));
    const out = path.join(sub, "index.ts");
    const r = await run(["--script", "1", "--out", out]);
    expect(r.code).toBe(0);
    noKey(r);
    const program = fs.readFileSync(out, "utf8");
    expect(r.stderr).toBe(
      "note: secret edge-router/API_TOKEN: value not readable: supply it (adopted with no value)\n" +
        `edgeplatform-import: wrote 1 edge script, 2 script variables and 1 script secret (${Buffer.byteLength(program)} bytes) ` +
        `to ${out}, the code to ${path.join(sub, "edge-router.js")}\n`,
    );
    expect(r.stdout).toBe("");
    expect(fs.readFileSync(path.join(sub, "edge-router.js"), "utf8")).toBe(ROUTER_V2);
    expect(program).toContain(
      'const edgeRouter = new edge.compute.EdgeScript("edge-router", {\n' +
        "  scriptId: 1,\n" +
        '  name: "edge-router",\n' +
        '  scriptType: "CDN",\n' +
        '  codeFile: path.join(__dirname, "edge-router.js"),\n' +
        "  publish: true,\n" + // its live release 12 runs the saved code
        "});\n",
    );
    expect(program).toContain(
      "// secret API_TOKEN of edge script 1: value not readable: supply it\n",
    );
    expect(program.match(/new edge\.compute\.ScriptVariable\(/g)).toHaveLength(2);
    expect(program).toContain("  variableId: 21,\n");
    expect(program).toContain("  variableId: 22,\n");
    for (const text of [program, r.stderr]) {
      expect(text).not.toContain(SECRET_VALUE);
      expect(text).not.toContain(DEPLOYMENT_KEY);
    }
    const calls = (await control.journal()).map((e) => e.method);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((m) => m === "GET")).toBe(true);
  });

  test("an unknown script: exit 1 naming it, neither the program nor a code file written", async () => {
    const sub = fs.mkdtempSync(path.join(dir, "script-"));
    const out = path.join(sub, "index.ts");
    const r = await run(["--script", "1", "--script", "999", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^edgeplatform-import: nothing written: 1 edge script could not be read:\n {2}edge script 999: not found \(404/,
    );
    expect(fs.readdirSync(sub)).toEqual([]);
  });

  test("a code file beside the program with other content: exit 1, nothing written or replaced", async () => {
    const sub = fs.mkdtempSync(path.join(dir, "script-"));
    const out = path.join(sub, "index.ts");
    fs.writeFileSync(path.join(sub, "edge-router.js"), "// mine\n");
    const r = await run(["--script", "1", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `nothing written: ${path.join(sub, "edge-router.js")} already exists`,
    );
    expect(fs.readFileSync(path.join(sub, "edge-router.js"), "utf8")).toBe("// mine\n");
    expect(fs.existsSync(out)).toBe(false);
  });

  test.each([
    [
      ["--script", "0"],
      /--script: "0" is not an edge script id \(allowed: a whole number from 1\)/,
    ],
    [["--script", "x1"], /--script: "x1" is not an edge script id/],
    [["--script"], /--script needs a value/],
    [
      ["--script", "1", "--shield-zone", "1"],
      /--script: writes edge scripts: it does not go with --shield-zone/,
    ],
  ])("bad command line %j: exit 2 naming the flag", async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe("");
  });
});
