/**
 * End to end with the real Pulumi engine: bringing an existing pull zone under Pulumi with
 * `edgeplatform-import --pull-zone`. The emulator's fixture zone 1 (`zone-one`, protected by
 * shield zone 1), here with three edge rules listed out of priority order, two optimizer
 * classes and two hostnames besides the system one (`cdn.`, forced to HTTPS with a free
 * certificate; `static.`, with a custom certificate, whose key the program reads from the
 * stack config as a secret: supplied there, as the import says) → the bin writes the program
 * (reads only) → `pulumi up` of it adopts the zone, its children and the shield zone's objects with
 * zero platform writes → a preview with `--expect-no-changes` passes → destroy deletes nothing.
 * The tests share one stack and run in order.
 */
import * as fs from "fs";
import { defaultFixtures } from "../../packages/emulator/src";
import { fixtureEdgeRuleGuid } from "../../packages/emulator/src/fixtures-pullzone";
import { type ImportScene, startImportScene } from "./import-setup";
import { CLI_BUILD_TIMEOUT_MS, Control, e2eAvailable, TestStack } from "./setup";

const OP_TIMEOUT = 300_000;
const CERT = "-----BEGIN CERTIFICATE-----\nMIIBe2efixture\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIEe2ekey\n-----END PRIVATE KEY-----\n";
/** Zone 1's rules 3, 1 and 2, in that order in the zone's list. */
const RULES = [3, 1, 2];
/** The stack config key the import names for the custom certificate's key. */
const KEY_CONFIG = "zoneOneHostStaticZoneOneExampleCertificateKey";
const PROJECT = "edgeplatform-import-pull-zone-e2e";
/** The pull zone, 3 rules, 2 classes, 2 hostnames. */
const PULL_ZONE_RESOURCES = 1 + RULES.length + 2 + 2;

/** Calls other than reads (name checks and log reads are reads too). */
const nonReads = async (control: Control) =>
  (await control.journal())
    .filter((r) => r.method !== "GET" && !r.path.startsWith("/logging"))
    .map((r) => `${r.method} ${r.path}`);

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: adopting a pull zone with edgeplatform-import --pull-zone",
  () => {
    let control: Control;
    let stack: TestStack;
    let apiKey: string;
    let programFile: string;
    let resources = 0;
    let scene: ImportScene;
    const importBin = (args: string[]) => scene.importBin(args);

    beforeAll(async () => {
      const f = defaultFixtures();
      const one = f.pullZones.find((z) => z.id === 1)!.model!;
      one.EdgeRules = RULES.map((n) =>
        one.EdgeRules.find((r) => r.Guid === fixtureEdgeRuleGuid(n))!,
      );
      one.OptimizerClasses.push({ Name: "hero", Properties: { width: "1200", quality: "80" } });
      Object.assign(
        one.Hostnames.find((h) => h.Value === "static.zone-one.example")!,
        {
          HasCertificate: true,
          CertificateProvisionType: 3,
          Certificate: CERT,
          CertificateKey: KEY,
          CertificateKeyType: 1,
        },
      );
      scene = await startImportScene({
        projectName: PROJECT,
        stackName: "import-pull-zone",
        fixtures: f,
        config: { [`${PROJECT}:${KEY_CONFIG}`]: { value: KEY, secret: true } },
      });
      ({ control, stack, apiKey, programFile } = scene);
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => {
      await scene?.close();
    });

    test("1. edgeplatform-import --pull-zone 1 writes the program, reads only", async () => {
      await control.clearJournal();
      const r = await importBin(["--pull-zone", "1", "--out", programFile]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(
        "1 pull zone, 3 edge rules, 2 optimizer classes and 2 hostnames (",
      );
      expect(r.stderr).toContain(
        "note: hostname static.zone-one.example of pull zone 1: custom certificate: certificate " +
          `key not readable: supply it: pulumi config set --secret ${KEY_CONFIG} < <its key file>`,
      );
      const program = fs.readFileSync(programFile, "utf8");
      expect(program).not.toContain(apiKey);
      expect(program).not.toContain("MIIEe2ekey");
      expect(program).toContain(`privateKey: config.requireSecret("${KEY_CONFIG}"),`);
      resources = (program.match(/new edge\./g) ?? []).length;
      expect((program.match(/new edge\.pullzones\./g) ?? []).length).toBe(PULL_ZONE_RESOURCES);
      expect(resources).toBeGreaterThan(PULL_ZONE_RESOURCES); // the shield zone's objects too
      expect(await nonReads(control)).toEqual([]);
    });

    test(
      "2. pulumi up of the generated program adopts everything with zero platform writes",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.result).toBe("succeeded");
        expect(await nonReads(control)).toEqual([]);
        expect(r.summary?.resourceChanges).toMatchObject({ create: resources + 1 }); // + the stack
        expect(r.outputs?.pullZoneIds.value).toEqual([1]);
        // by priority, not by the zone's list
        expect(r.outputs?.edgeRuleIds.value).toEqual([1, 2, 3].map(fixtureEdgeRuleGuid));
        expect(r.outputs?.optimizerClassNames.value).toEqual(["hero", "thumb"]);
        expect(r.outputs?.hostnames.value).toEqual([
          "cdn.zone-one.example",
          "static.zone-one.example",
        ]);
      },
      OP_TIMEOUT,
    );

    test(
      "3. preview --expect-no-changes passes and writes nothing",
      async () => {
        await control.clearJournal();
        const r = await stack.op(
          { op: "preview", opts: { expectNoChanges: true, diff: true } },
          { file: programFile },
        );
        expect(r.ok).toBe(true);
        expect(await nonReads(control)).toEqual([]);
      },
      OP_TIMEOUT,
    );

    test(
      "4. destroy deletes nothing: the zone keeps its rules, classes, hostnames and certificate",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "destroy" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ delete: resources + 1 });
        expect(await nonReads(control)).toEqual([]);
        const zone = (await control.state()).pullZones.find((z) => z.id === 1)!.model!;
        expect(zone.EdgeRules.map((x) => x.Guid)).toEqual(RULES.map(fixtureEdgeRuleGuid));
        expect(zone.OptimizerClasses.map((c) => c.Name)).toEqual(["thumb", "hero"]);
        const stat = zone.Hostnames.find((h) => h.Value === "static.zone-one.example");
        expect(stat?.CertificateProvisionType).toBe(3);
      },
      OP_TIMEOUT,
    );
  },
);
