/**
 * The committed SDKs (sdk/) against the schema: `node scripts/sdk.js --check` regenerates them
 * into a temporary directory and fails, naming the files and `npm run sdk`, when they differ.
 * The schema is generated from the sources here (what `npm run build` writes), so a kind that
 * gains a field in the sources without `npm run sdk` fails this test.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runNode } from "../support/node-child";
import { available, SDK_DIR, SDK_SCRIPT, sourceSchema, writeSchema } from "./support";

const run = available("go", "version", "SDK staleness tests");
/** Building the generators on a machine without them cached takes minutes. */
const LIMIT_MS = 30 * 60 * 1000;
const check = (args: string[]) =>
  runNode(SDK_SCRIPT, ["--check", ...args], process.env, { limitMs: LIMIT_MS });

(run ? describe : describe.skip)("the SDKs' staleness check (scripts/sdk.js --check)", () => {
  jest.setTimeout(LIMIT_MS);

  test("the committed sdk/ is what the schema of the sources generates", async () => {
    const r = await check(["--schema", writeSchema(sourceSchema())]);
    if (r.code !== 0) throw new Error(`exit ${r.code}\n${r.stdout}\n${r.stderr}`);
    expect(r.stdout).toContain("is up to date");
  });

  test("a kind that gains a field, the SDKs not regenerated: exit 1, naming each language's file and the command", async () => {
    const schema = sourceSchema();
    const rule = schema.resources["edgeplatform:shield:RateLimitRule"];
    const field = { type: "integer", description: "Requests allowed above the limit." };
    rule.inputProperties.burstAllowance = field;
    rule.properties.burstAllowance = field;
    const before = fs.readFileSync(path.join(SDK_DIR, "go/edgeplatform/shield/rateLimitRule.go"));

    const r = await check(["--schema", writeSchema(schema)]);

    expect(r.code).toBe(1);
    expect(r.stderr).toContain("sdk/go/edgeplatform/shield/rateLimitRule.go (changed)");
    expect(r.stderr).toContain("sdk/python/pulumi_edgeplatform/shield/rate_limit_rule.py (changed)");
    expect(r.stderr).toContain("sdk/dotnet/Shield/RateLimitRule.cs (changed)");
    expect(r.stderr).toContain("Run `npm run sdk`");
    // Only the rule's files (and the shared input/output types it has none of) differ.
    expect(r.stderr).not.toContain("dnsRecord.go");
    // A check writes nothing.
    expect(fs.readFileSync(path.join(SDK_DIR, "go/edgeplatform/shield/rateLimitRule.go"))).toEqual(
      before,
    );
  });

  test("a generated file no longer generated (a removed kind) and one missing: named as such", async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-copy-"));
    const sdk = path.join(copy, "sdk");
    fs.cpSync(SDK_DIR, sdk, { recursive: true });
    fs.writeFileSync(path.join(sdk, "go/edgeplatform/shield/oldRule.go"), "package shield\n");
    fs.rmSync(path.join(sdk, "python/pulumi_edgeplatform/dns/dns_zone.py"));
    // Hand-written, and what tools leave behind: not compared.
    fs.writeFileSync(path.join(sdk, "python/README.md"), "changed by hand\n");
    fs.mkdirSync(path.join(sdk, "python/pulumi_edgeplatform/__pycache__"));
    fs.writeFileSync(path.join(sdk, "python/pulumi_edgeplatform/__pycache__/x.pyc"), "");

    const r = await check(["--schema", writeSchema(sourceSchema()), "--sdk", sdk]);

    expect(r.code).toBe(1);
    const named = r.stderr.split("\n").filter((l) => l.startsWith("  "));
    expect(named).toEqual([
      "  sdk/go/edgeplatform/shield/oldRule.go (not generated)",
      "  sdk/python/pulumi_edgeplatform/dns/dns_zone.py (missing)",
    ]);
  });
});
