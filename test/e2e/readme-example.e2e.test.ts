/**
 * End to end with the real Pulumi engine: the README's example program, copied as it is from
 * README.md ("## Example"), exports what the README says it exports. Against the emulator's
 * fixtures (DNS zone 1 starts with DNSSEC off) the first `up` switches DNSSEC on, so the DS
 * record is set; against a zone that is already signed the same program switches nothing and
 * exports the zone's DS record all the same. Each `up` is followed by a `destroy`.
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { docs } from "../docs/lib";
import { assertNoSecrets, registerSecret } from "../support/secrets";
import {
  CLI_BUILD_TIMEOUT_MS,
  Control,
  e2eAvailable,
  provideCliAndDist,
  REPO_ROOT,
  TestStack,
} from "./setup";

type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;

const WRAPPER = path.join(REPO_ROOT, "test", "e2e", "import-program.ts");
const OP_TIMEOUT = 240_000;

/** The first TypeScript block after the README's "## Example" heading. */
function readmeExample(): string {
  const text = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const heading = text.split("\n").indexOf("## Example") + 1;
  expect(heading).toBeGreaterThan(0);
  const block = docs
    .extractBlocks(text, "README.md")
    .blocks.find((b) => b.kind === "ts" && b.line > heading);
  if (!block) throw new Error('README.md: no TypeScript block after "## Example"');
  return block.code;
}

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: the README's example", () => {
  let emu: RunningEmulator;
  let control: Control;
  let stack: TestStack;
  let programFile: string;

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    const apiKey = `e2e-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
    stack = new TestStack(cli, {
      projectName: "edgeplatform-readme-e2e",
      stackName: "readme",
      passphrase: randomBytes(12).toString("hex"),
      programModule: WRAPPER,
      programExport: "importedProgram",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
    programFile = path.join(stack.projectDir, "readme-example.ts");
    fs.writeFileSync(programFile, readmeExample());
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  test(
    "a zone with DNSSEC off: up exports the rule id, enabled, a DS record and the registry host",
    async () => {
      const up = await stack.op({ op: "up" }, { file: programFile });
      const out = up.outputs ?? {};
      expect(out.ruleId?.value).toEqual(expect.any(Number));
      expect(out.dnssecEnabled?.value).toBe(true);
      expect(out.dsRecord?.value).toEqual(expect.any(String));
      expect(out.registryHost).toEqual({ value: "docker.io", secret: false });
      await stack.op({ op: "destroy" }, { file: programFile });
    },
    OP_TIMEOUT,
  );

  test(
    "a zone that already has DNSSEC on: nothing is switched and dsRecord is the zone's",
    async () => {
      await control.updateState((s) => {
        s.dnsZones.find((z) => z.Id === 1)!.DnsSecEnabled = true;
      });
      await control.clearJournal();
      const up = await stack.op({ op: "up" }, { file: programFile });
      expect(up.outputs?.dnssecEnabled?.value).toBe(true);
      expect(up.outputs?.dsRecord?.value).toMatch(
        /^example\.com\. 3600 IN DS \d+ 13 2 [0-9A-F]{64}$/,
      );
      expect((await control.writes()).filter((w) => w.path.startsWith("/dnszone"))).toEqual([]);
      await stack.op({ op: "destroy" }, { file: programFile });
      assertNoSecrets({ transcript: stack.transcript.join("\n") });
    },
    OP_TIMEOUT,
  );
});
