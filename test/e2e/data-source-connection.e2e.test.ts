/**
 * The data sources' `connection` with the real CLI: the object docs/configuration.md builds
 * for resources (its key a secret Output) reads the partner account in `getXOutput` and in the
 * promise form `getX`, in one `up` of a stack whose own `edgeplatform:apiKey` the platform
 * refuses. A result is secret where the data source makes it secret (`getRegistryOutput`,
 * password hints), not because the key is; the key appears nowhere (CLI output, state).
 */
import { randomBytes } from "crypto";
import * as path from "path";
import { defaultFixtures, startEmulator } from "../../packages/emulator/src";
import { assertNoSecrets, registerSecret } from "../support/secrets";
import {
  CLI_BUILD_TIMEOUT_MS,
  e2eAvailable,
  provideCliAndDist,
  REPO_ROOT,
  TestStack,
} from "./setup";

type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;

const PROGRAM = path.join(REPO_ROOT, "test", "e2e", "programs", "connection-program.ts");

const run = e2eAvailable();
(run ? describe : describe.skip)("data sources: connection with a secret Output key", () => {
  let emu: RunningEmulator;
  let stack: TestStack;

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    const partnerKey = `partner-${randomBytes(16).toString("hex")}`;
    const stackKey = `refused-${randomBytes(16).toString("hex")}`;
    registerSecret(partnerKey);
    registerSecret(stackKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey: partnerKey });
    stack = new TestStack(cli, {
      projectName: "edgeplatform-ds-connection",
      stackName: "connection",
      passphrase: randomBytes(12).toString("hex"),
      programModule: PROGRAM,
      programExport: "connectionProgram",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:apiKey": { value: stackKey, secret: true },
        "partner:baseUrl": { value: emu.url },
        "partner:apiKey": { value: partnerKey, secret: true },
      },
    });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  test("up reads with the connection in both forms; the key stays out of state and output", async () => {
    const [up, exported] = await stack.run([{ op: "up", allowFail: true }, { op: "export" }]);
    const fixtures = defaultFixtures();
    expect({ ok: up.ok, output: up.ok ? "" : `${up.stdout}${up.stderr}` }).toEqual({
      ok: true,
      output: "",
    });
    expect(up.outputs).toEqual({
      zoneDomain: { value: fixtures.dnsZones.find((z) => z.Id === 1)!.Domain, secret: false },
      registryHost: { value: "[secret]", secret: true },
      promiseDomains: {
        value: fixtures.dnsZones.map((z) => z.Domain).sort(),
        secret: false,
      },
    });
    expect(`${up.stdout}${up.stderr}`).not.toMatch(/PromiseRejectionHandledWarning/);
    assertNoSecrets({
      "connection e2e transcript": stack.transcript.join("\n"),
      "stack export": JSON.stringify(exported.deployment),
    });
  }, 240_000);
});
