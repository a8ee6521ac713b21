/**
 * End to end with the real Pulumi engine: moving from Terraform with
 * `edgeplatform-import --from-terraform`. The emulator holds the scenario of
 * `test/import/terraform/fixtures.ts` (a shield zone with WAF and rate-limit rules, a custom
 * access list, a DNS zone with 30 records in the state and 2 more, a pull zone, which this
 * provider does not cover) → the bin writes the program from the state file → its first
 * `pulumi up` adopts everything with zero platform writes → `preview --expect-no-changes`
 * passes. One stack; the tests run in order.
 */
import * as fs from "fs";
import * as path from "path";
import { MIGRATE_ZONE, STATE_FILE, terraformFixtures } from "../import/terraform/fixtures";
import { assertNoSecrets } from "../support/secrets";
import { type ImportScene, startImportScene } from "./import-setup";
import { CLI_BUILD_TIMEOUT_MS, Control, e2eAvailable, TestStack } from "./setup";

const OP_TIMEOUT = 240_000;

/**
 * The program's resources: rate-limit rules 201 and 202, WAF rules 301 and 302, access list
 * 502, shield zone 2's ShieldZone, the DNS zone's ZoneDnssec and DnsZone, and its 30 records
 * of the state.
 */
const RESOURCES = 2 + 2 + 1 + 1 + 2 + MIGRATE_ZONE.inState;

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: moving from Terraform", () => {
  let scene: ImportScene;
  let control: Control;
  let stack: TestStack;
  let programFile: string;

  beforeAll(async () => {
    scene = await startImportScene({
      projectName: "edgeplatform-import-terraform-e2e",
      stackName: "terraform",
      fixtures: terraformFixtures(),
    });
    ({ control, stack, programFile } = scene);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await scene?.close();
  });

  test("1. --from-terraform writes the program, names the pull zone it does not cover, reads only", async () => {
    await control.clearJournal();
    const r = await scene.importBin(["--from-terraform", STATE_FILE, "--out", programFile]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      "  bunnynet_pullzone.site: bunnynet_pullzone is not a kind this provider covers",
    );
    expect(r.stderr).toContain(`(${RESOURCES} Pulumi resources, `);
    expect(fs.readFileSync(programFile, "utf8").match(/new edge\./g)).toHaveLength(RESOURCES);
    expect(await control.writes()).toEqual([]);
  });

  test(
    "2. the first pulumi up adopts everything with zero platform writes",
    async () => {
      await control.clearJournal();
      const started = Date.now();
      const r = await stack.op({ op: "up" }, { file: programFile });
      const writes = await control.writes();
      console.log(
        `import-terraform e2e: up ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
          `${writes.length} write(s): ${writes.map((w) => `${w.method} ${w.path}`).join(", ") || "-"}`,
      );
      expect(r.summary?.result).toBe("succeeded");
      expect(r.summary?.resourceChanges).toMatchObject({ create: RESOURCES + 1 }); // + the stack
      expect(r.outputs?.ruleIds.value).toEqual([201, 202]);
      expect(r.outputs?.wafRuleIds.value).toEqual([301, 302]);
      expect(r.outputs?.accessListIds.value).toEqual([502]);
      expect(r.outputs?.dnsRecordIds.value).toEqual(
        Array.from({ length: MIGRATE_ZONE.inState }, (_, i) => 9000 + i),
      );
      expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([]);
    },
    OP_TIMEOUT,
  );

  test(
    "3. preview --expect-no-changes passes and writes nothing; no key in any output or file",
    async () => {
      await control.clearJournal();
      const r = await stack.op(
        { op: "preview", opts: { expectNoChanges: true, diff: true } },
        { file: programFile },
      );
      expect(r.ok).toBe(true);
      expect(await control.writes()).toEqual([]);
      const texts: Record<string, unknown> = { "Pulumi CLI output": stack.transcript.join("\n") };
      for (const f of fs.readdirSync(stack.projectDir)) {
        const p = path.join(stack.projectDir, f);
        if (fs.statSync(p).isFile()) texts[f] = fs.readFileSync(p, "utf8");
      }
      assertNoSecrets(texts);
    },
    OP_TIMEOUT,
  );
});
