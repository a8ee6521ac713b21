/**
 * `edgeplatform-import --from-terraform` as a child process of the built bin, against an
 * emulator seeded with the scenario of `terraform/fixtures.ts`: exit codes, the report on
 * standard error and at the top of the program, and no API key anywhere in the output.
 */
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { ensureBuilt } from "../support/build";
import { registerSecret } from "../support/secrets";
import { MIGRATE_ZONE, SHOW_JSON_FILE, STATE_FILE, terraformFixtures } from "./terraform/fixtures";

const root = path.resolve(__dirname, "../..");
const bin = path.join(root, "packages/pulumi/dist/import/cli.js");

let emu: Awaited<ReturnType<typeof startEmulator>>;
let apiKey: string;
let dir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH, EDGEPLATFORM_API_KEY: apiKey, EDGEPLATFORM_BASE_URL: emu.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      expect(stdout + stderr).not.toContain(apiKey);
      resolve({ code, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  ensureBuilt(bin, ["client", "pulumi"]);
  apiKey = `tf-${randomBytes(12).toString("hex")}`;
  registerSecret(apiKey);
  emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey, fixtures: terraformFixtures() });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-import-tf-"));
}, 180_000);

afterAll(async () => {
  await emu?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The lines of the scenario's report that do not depend on the run. */
const NOT_MIGRATED = [
  "NOT migrated (nothing is written for them; they stay as Terraform has them):",
  "  bunnynet_pullzone.site: bunnynet_pullzone is not a kind this provider covers yet: it stays in Terraform",
  "  data.bunnynet_region.eu: a data source (read-only, nothing to adopt): not migrated",
  "  null_resource.marker: another provider's resource (registry.terraform.io/hashicorp/null): " +
    "not this platform's; it stays in Terraform",
];
const LEFT_OUT = [
  'shield zone 2 (pull zone 4): rate-limit rule 203 "delete"',
  'shield zone 2 (pull zone 4): rate-limit rule 204 ""',
  "shield zone 2 (pull zone 4): upload scanning, API guardian and response pages (not managed by bunnynet_pullzone_shield)",
  'DNS zone 9 (migrate.example): record 9030 A "host-30" 198.51.0.30',
  'DNS zone 9 (migrate.example): record 9031 AAAA "host-31" 2001:db8::1f',
].map((l) => `  ${l}`);
const STATE_RM = [
  "  terraform state rm bunnynet_pullzone_shield.site",
  "  terraform state rm 'bunnynet_pullzone_waf_rule.wp[0]'",
  "  terraform state rm 'bunnynet_pullzone_waf_rule.wp[1]'",
  `  terraform state rm 'bunnynet_pullzone_ratelimit_rule.api["burst"]'`,
  `  terraform state rm 'bunnynet_pullzone_ratelimit_rule.api["login"]'`,
  "  terraform state rm bunnynet_pullzone_access_list.geo",
  "  terraform state rm module.dns.bunnynet_dns_zone.main",
  ...Array.from(
    { length: 30 },
    (_, i) => `  terraform state rm 'module.dns.module.records.bunnynet_dns_record.host[${i}]'`,
  ),
];

describe("edgeplatform-import --from-terraform (bin, child process)", () => {
  let program = "";

  test("a state file: the program adopts exactly what it holds; the report names the rest; exit 0", async () => {
    const out = path.join(dir, "adopted.ts");
    const r = await run(["--from-terraform", STATE_FILE, "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    program = fs.readFileSync(out, "utf8");
    const lines = r.stderr.split("\n");
    expect(lines.slice(0, 2)).toEqual([
      `Migrated from the Terraform state ${STATE_FILE}: 40 resource instances,`,
      "37 adopted by this program, 3 not migrated.",
    ]);
    expect(lines.slice(2, 6)).toEqual(NOT_MIGRATED);
    for (const l of [...LEFT_OUT, ...STATE_RM]) expect(lines).toContain(l);
    expect(lines.filter((l) => l.includes("terraform state rm"))).toEqual(STATE_RM);
    expect(lines[lines.length - 2]).toBe(
      `edgeplatform-import: wrote a program adopting 37 of the 40 resource instances of ` +
        `${STATE_FILE} (${2 + 2 + 1 + 1 + 2 + MIGRATE_ZONE.inState} Pulumi resources, ` +
        `${Buffer.byteLength(program)} bytes) to ${out}; 3 NOT migrated (listed above)`,
    );
    // The same report at the top of the program, as comments.
    expect(program.startsWith(`// ${lines[0]}\n// ${lines[1]}\n// ${NOT_MIGRATED[0]}\n`)).toBe(
      true,
    );
    expect(program).toContain(`\n//   terraform state rm bunnynet_pullzone_shield.site\n`);
    // Exactly the state's objects: 2 rate-limit rules, 2 WAF rules, 1 access list, the shield
    // zone's settings, the DNS zone (DNSSEC and the zone) and its 30 records of 32.
    const ids = (re: RegExp) => [...program.matchAll(re)].map((m) => Number(m[1]));
    expect(ids(/ruleId: (\d+),/g)).toEqual([201, 202, 301, 302]);
    expect(ids(/listId: (\d+),/g)).toEqual([502]);
    expect(program.match(/new edge\.shield\.ShieldZone\(/g)).toHaveLength(1);
    expect(program).not.toMatch(
      /new edge\.shield\.(ManagedAccessList|UploadScanning|ApiGuardian)\(/,
    );
    expect(program).toContain('new edge.dns.DnsZone("migrate-example", { zoneId: 9 });');
    expect(ids(/recordId: (\d+),/g)).toEqual(Array.from({ length: 30 }, (_, i) => 9000 + i));
  });

  test("`terraform show -json` of the same state: the same program", async () => {
    const r = await run(["--from-terraform", SHOW_JSON_FILE]);
    expect(r.code).toBe(0);
    expect(r.stdout.split(SHOW_JSON_FILE).join(STATE_FILE)).toBe(program);
    expect(r.stderr).toContain("to standard output; 3 NOT migrated (listed above)\n");
  });

  test("not a Terraform state, or a version it cannot read: exit 1 naming the file, nothing written", async () => {
    const out = path.join(dir, "never.ts");
    const cases: [string, string][] = [
      ['{"serial": 3}', 'has neither "version" nor "format_version": expected a Terraform state'],
      [
        '{"version": 3, "modules": []}',
        "state format version 3 is not one this command reads (allowed: 4,",
      ],
      ["terraform {}", "not JSON"],
    ];
    for (const [text, message] of cases) {
      const file = path.join(dir, "bad.tfstate");
      fs.writeFileSync(file, text);
      const r = await run(["--from-terraform", file, "--out", out]);
      expect({ text, code: r.code }).toEqual({ text, code: 1 });
      expect(r.stderr).toContain(`edgeplatform-import: nothing written: ${file}: `);
      expect(r.stderr).toContain(message);
      expect(fs.existsSync(out)).toBe(false);
    }
    const missing = await run(["--from-terraform", path.join(dir, "none.tfstate")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`cannot read ${path.join(dir, "none.tfstate")}`);
  });

  test("a state with nothing this provider covers: exit 1, each resource listed", async () => {
    const file = path.join(dir, "other.tfstate");
    const only = { mode: "managed", type: "bunnynet_storage_zone", name: "files" };
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 4,
        resources: [{ ...only, instances: [{ attributes: { id: 3 } }] }],
      }),
    );
    const r = await run(["--from-terraform", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`holds no resource this provider covers (1 resource instance)`);
    expect(r.stderr).toContain(
      "not migrated: bunnynet_storage_zone.files: bunnynet_storage_zone is not a kind",
    );
  });

  test("bad flags: exit 2", async () => {
    for (const args of [
      ["--from-terraform"],
      ["--from-terraform", STATE_FILE, "--dns-zone", "9"],
      ["--from-terraform", STATE_FILE, "--from-terraform", STATE_FILE],
    ]) {
      const r = await run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(/^edgeplatform-import: --from-terraform/);
    }
  });
});
