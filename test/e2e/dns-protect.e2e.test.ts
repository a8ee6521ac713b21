/**
 * End to end with the real Pulumi engine: a protected DNS zone keeps every record (issue 47).
 * The engine deletes a resource's dependents before it reaches the resource (pulumi/pulumi#6191),
 * so `protect` on the zone alone would let `pulumi destroy` delete every record and then refuse
 * the zone. The TypeScript resources give a `DnsRecord` or `ZoneDnssec` whose `zoneId` is a
 * `DnsZone`'s output that zone's `protect` (resources/public/zone-protection.ts).
 *
 * One stack, two protected zones: one written by hand (two records, one through an `apply`,
 * and its DNSSEC, none with `protect` of its own) and the program `edgeplatform-import
 * --bind-file` writes for test/import/zone-files/example-net.zone (its zone with
 * `{ protect: true }`). Through (1) `pulumi destroy`, (2) the removal of both zones and their
 * records from the program, (3) `pulumi destroy --target` of records and `pulumi up --target`
 * of removed ones, the platform (the emulator's whole state) does not change and gets no write;
 * between the cases the program's `up` writes nothing. Then the way out the docs give: take
 * `protect` out of the zones, `up` (no write), `destroy` deletes the zones with their records.
 * The YAML side is in yaml-plugin.e2e.test.ts ("a protected DNS zone").
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { EmulatorState } from "../../packages/emulator/src";
import { assertNoSecrets } from "../support/secrets";
import { KindHarness, startKindHarness } from "./harness";
import {
  CLI_BUILD_TIMEOUT_MS,
  e2eAvailable,
  OpResult,
  provideCliAndDist,
  REPO_ROOT,
  TestStack,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "dns-protect-program.ts");
const BIN = path.join(REPO_ROOT, "packages", "pulumi", "dist", "import", "cli.js");
const ZONE_FILE = path.join(REPO_ROOT, "test", "import", "zone-files", "example-net.zone");
const OP_TIMEOUT = 300_000;
const DOMAINS = ["shop-protect.example", "example.net"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** A resource of `pulumi stack export`. */
interface StateResource {
  urn: string;
  type: string;
  protect?: boolean;
}

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: a protected DNS zone keeps its records",
  () => {
    let h: KindHarness;
    let stack: TestStack;
    let generated: string;
    /** The emulator's state before the first `up`, and with the zones and records created. */
    let before: EmulatorState;
    let kept: EmulatorState;

    const options = (o: { zones?: boolean; protect?: boolean } = {}) => ({
      zones: o.zones ?? true,
      protect: o.protect ?? true,
      generated,
    });
    const zonesOf = (s: EmulatorState): Any[] =>
      (s.dnsZones as Any[]).filter((z) => DOMAINS.includes(z.Domain));
    const writes = async () => (await h.control.writes()).map((w) => `${w.method} ${w.path}`);
    const resources = async (): Promise<StateResource[]> => {
      const [r] = await stack.run([{ op: "export" }]);
      return ((r.deployment as Any).deployment.resources ?? []) as StateResource[];
    };
    const dns = (rs: StateResource[]) => rs.filter((r) => /[:/]dns:/.test(r.type));
    /** A run the engine refuses for a protected resource: nothing written, nothing changed. */
    const refused = async (r: OpResult) => {
      expect(r.ok).toBe(false);
      expect(text(r)).toMatch(/cannot be deleted\s+because it is protected/);
      expect(await writes()).toEqual([]);
      expect(await h.control.state()).toEqual(kept);
    };
    /** The full program's `up`: nothing to write (the refused run changed nothing). */
    const upWritesNothing = async () => {
      await h.control.clearJournal();
      await stack.op({ op: "up" }, options());
      expect(await writes()).toEqual([]);
      expect(await h.control.state()).toEqual(kept);
      await h.control.clearJournal();
    };

    beforeAll(async () => {
      const cli = await provideCliAndDist();
      h = await startKindHarness(cli, { label: "dns-protect", programModule: PROGRAM });
      stack = h.newStack("protect");
      generated = path.join(stack.projectDir, "from-bind.ts");
      before = await h.control.state();
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => h?.close());

    test(
      "0. both zones and their records created; every DNS resource is protected in the state",
      async () => {
        const imp = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [BIN, "--bind-file", ZONE_FILE, "--out", generated],
            {
              env: {
                PATH: process.env.PATH,
                EDGEPLATFORM_API_KEY: h.apiKey,
                EDGEPLATFORM_BASE_URL: h.url,
              },
              stdio: ["ignore", "pipe", "pipe"],
            },
          );
          let out = "";
          child.stdout.on("data", (d: Buffer) => (out += d.toString()));
          child.stderr.on("data", (d: Buffer) => (out += d.toString()));
          child.on("error", reject);
          child.on("close", (code) => resolve({ code, out }));
        });
        expect(imp).toMatchObject({ code: 0 });
        const program = fs.readFileSync(generated, "utf8");
        expect(program).toContain("{ protect: true }");
        const generatedRecords = program.match(/new edge\.dns\.DnsRecord\(/g)?.length ?? 0;
        expect(generatedRecords).toBeGreaterThan(10);

        await stack.op({ op: "up" }, options());
        kept = await h.control.state();
        const [shop, net] = DOMAINS.map((d) => zonesOf(kept).find((z) => z.Domain === d));
        expect(shop.Records).toHaveLength(2);
        expect(shop.DnsSecEnabled).toBe(true);
        expect(net.Records).toHaveLength(generatedRecords);

        const state = dns(await resources());
        expect(state.filter((r) => r.type.endsWith(":DnsRecord"))).toHaveLength(
          generatedRecords + 2,
        );
        expect(state.filter((r) => !r.protect).map((r) => r.urn)).toEqual([]);
      },
      OP_TIMEOUT,
    );

    test(
      "1. pulumi destroy: refused, no record deleted",
      async () => {
        await h.control.clearJournal();
        const [r] = await stack.run([{ op: "destroy", allowFail: true }], options());
        await refused(r);
      },
      OP_TIMEOUT,
    );

    test(
      "2. the zones and their records removed from the program: the up is refused, no record deleted",
      async () => {
        await upWritesNothing();
        const [r] = await stack.run([{ op: "up", allowFail: true }], options({ zones: false }));
        await refused(r);
      },
      OP_TIMEOUT,
    );

    test(
      "3. destroy --target of records, and up --target of removed ones: refused, no record deleted",
      async () => {
        await upWritesNothing();
        const targets = dns(await resources())
          .filter((r) => r.type.endsWith(":DnsRecord") || r.type.endsWith(":ZoneDnssec"))
          .filter((r) => /::(shop-a-www|shop|example-net-mx-apex)$/.test(r.urn))
          .map((r) => r.urn);
        expect(targets).toHaveLength(3);
        const [d] = await stack.run(
          [{ op: "destroy", opts: { target: targets }, allowFail: true }],
          options(),
        );
        await refused(d);
        const [u] = await stack.run(
          [{ op: "up", opts: { target: targets }, allowFail: true }],
          options({ zones: false }),
        );
        await refused(u);
      },
      OP_TIMEOUT,
    );

    test(
      "4. the way out: protect taken out of both zones, up (no write), destroy deletes them with their records",
      async () => {
        await upWritesNothing();
        const program = fs.readFileSync(generated, "utf8");
        fs.writeFileSync(generated, program.replace("{ protect: true }", "{ protect: false }"));
        await stack.op({ op: "up" }, options({ protect: false }));
        expect(await writes()).toEqual([]);
        expect(dns(await resources()).filter((r) => r.protect)).toEqual([]);

        await stack.op({ op: "destroy" }, options({ protect: false }));
        const after = await h.control.state();
        expect(zonesOf(after)).toEqual([]);
        expect(after.dnsZones).toEqual(before.dnsZones);
        const deletes = (await writes()).filter((w) => w.startsWith("DELETE /dnszone/"));
        // Each zone: one DELETE /dnszone/{id}; the records go with it or one by one before it.
        expect(deletes.filter((w) => /^DELETE \/dnszone\/\d+$/.test(w))).toHaveLength(2);
        assertNoSecrets({ transcript: stack.transcript.join("\n") });
      },
      OP_TIMEOUT,
    );
  },
);
