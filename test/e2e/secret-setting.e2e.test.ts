/**
 * A secret setting in the state, through the real Pulumi engine: the secret outputs generated
 * from a declaration that marks ResponsePage's `html` secret (scripts/lib/kind-types.js), on
 * the settings resource base, make the engine keep `html` (and `prior`) as secrets: the
 * exported state holds them under Pulumi's secret signature, ciphertext only; the page's HTML
 * is nowhere in the state or in what the CLI printed.
 */
import * as path from "path";
import * as spec from "edgeplatform-client/spec";
import { responsePageKind } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { registerSecret } from "../support/secrets";
import { KindHarness, startKindHarness } from "./harness";
import { CLI_BUILD_TIMEOUT_MS, CliInfo, e2eAvailable, provideCliAndDist, TestStack } from "./setup";

const PROGRAM = path.join(__dirname, "programs", "secret-setting-program.ts");
const OP_TIMEOUT = 300_000;
/** Pulumi's signature of a secret value in the state. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

const { renderKindTypes } = require("../../scripts/lib/kind-types") as {
  renderKindTypes(kind: unknown, enums: unknown, o: { format: boolean }): Promise<string>;
};

/** The secret outputs generated from ResponsePage's declaration with `html` secret. */
async function secretOutputs(): Promise<string[]> {
  const kind = {
    ...responsePageKind,
    fields: responsePageKind.fields.map((f) => ({ ...f, secret: true as const })),
  };
  const text = await renderKindTypes(kind, spec, { format: false });
  const m = /RESPONSE_PAGE_SECRET_OUTPUTS: readonly string\[\] = (\[[^\]]*\])/.exec(text);
  return JSON.parse(m?.[1] ?? "[]") as string[];
}

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: a secret setting", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let stack: TestStack;
  const HTML = "<p>secret-page-4c7d21</p>";
  registerSecret(HTML);

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "secret", programModule: PROGRAM });
    stack = harness.newStack("secret");
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  test(
    "up keeps html and prior as secrets in the state; the HTML is printed nowhere",
    async () => {
      const secrets = await secretOutputs();
      expect(secrets).toEqual(["html", "prior"]);
      await stack.op({ op: "up" }, { secretOutputs: secrets, html: HTML });
      const exported = await stack.op({ op: "export" });
      const state = exported.deployment as {
        deployment: { resources: { type: string; outputs?: Record<string, unknown> }[] };
      };
      const page = state.deployment.resources.find(
        (r) => r.type === "pulumi-nodejs:dynamic/shield:ResponsePage",
      );
      expect(page?.outputs?.html).toEqual({
        [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270",
        ciphertext: expect.any(String),
      });
      expect((page?.outputs?.prior as Record<string, unknown>)[SECRET_SIG]).toBe(
        "1b47061264138c4ac30d75fd1eb44270",
      );
      expect(page?.outputs?.pageType).toBe("block");
      // The program's input is a secret too.
      const inputs = (page as { inputs?: Record<string, unknown> }).inputs;
      expect((inputs?.html as Record<string, unknown>)[SECRET_SIG]).toBe(
        "1b47061264138c4ac30d75fd1eb44270",
      );
      expect(JSON.stringify(exported.deployment)).not.toContain("secret-page-4c7d21");
      expect(stack.transcript.join("\n")).not.toContain("secret-page-4c7d21");
      await stack.op({ op: "destroy" }, { secretOutputs: secrets, html: HTML });
    },
    OP_TIMEOUT,
  );
});
