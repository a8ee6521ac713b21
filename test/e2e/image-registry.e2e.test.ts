/**
 * `edge.containers.ImageRegistry` through the real Pulumi engine: a registry created with a
 * token the program passes as plain text; `pulumi stack export` holds the token (in the
 * outputs and the inputs) only under Pulumi's secret signature, ciphertext only, and nothing
 * the CLI printed holds it; a rotated token is one PUT; destroy deletes the registry Pulumi
 * created.
 */
import * as path from "path";
import { registerSecret } from "../support/secrets";
import { KindHarness, startKindHarness } from "./harness";
import { CLI_BUILD_TIMEOUT_MS, CliInfo, e2eAvailable, provideCliAndDist, TestStack } from "./setup";

const PROGRAM = path.join(__dirname, "programs", "image-registry-program.ts");
const OP_TIMEOUT = 300_000;
/** Pulumi's signature of a secret value in the state, and its value. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";

type Resource = {
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
};

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: ImageRegistry", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let stack: TestStack;
  const TOKEN = "ghp-e2e-first-7f3a9c";
  const ROTATED = "ghp-e2e-second-4b8d21";
  registerSecret(TOKEN);
  registerSecret(ROTATED);

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "registry", programModule: PROGRAM });
    stack = harness.newStack("registry");
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  const registryOf = async (id: number) =>
    (
      (await harness.control.state()).registries as { id: number; lastPasswordSymbols?: string }[]
    ).find((r) => r.id === id);
  const exported = async (): Promise<{ text: string; registry: Resource }> => {
    const e = await stack.op({ op: "export" });
    const d = e.deployment as { deployment: { resources: Resource[] } };
    const registry = d.deployment.resources.find(
      (r) => r.type === "pulumi-nodejs:dynamic/containers:ImageRegistry",
    );
    if (!registry) throw new Error("no ImageRegistry in the exported state");
    return { text: JSON.stringify(e.deployment), registry };
  };
  const encrypted = { [SECRET_SIG]: SECRET_VALUE, ciphertext: expect.any(String) };

  test(
    "create → the token only encrypted in `stack export` → rotate (one PUT) → destroy deletes it",
    async () => {
      await harness.control.clearJournal();
      const up = await stack.op({ op: "up" }, { token: TOKEN });
      const id = up.outputs?.registryId.value as number;
      expect(typeof id).toBe("number");
      expect(up.outputs?.host.value).toBe("ghcr.io");
      expect((await harness.control.writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
        "POST /mc/registries",
      ]);
      // The platform keeps the token's last three characters (the emulator's record of it).
      expect((await registryOf(id))?.lastPasswordSymbols).toBe("a9c");

      const first = await exported();
      expect(first.registry.outputs?.token).toEqual(encrypted);
      expect(first.registry.inputs?.token).toEqual(encrypted);
      expect(first.registry.outputs?.origin).toBe("created");
      expect(first.text).not.toContain(TOKEN);

      await harness.control.clearJournal();
      await stack.op({ op: "up" }, { token: ROTATED });
      expect((await harness.control.writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
        `PUT /mc/registries/${id}`,
      ]);
      expect((await registryOf(id))?.lastPasswordSymbols).toBe("d21");
      const second = await exported();
      expect(second.registry.outputs?.token).toEqual(encrypted);
      expect(second.text).not.toContain(ROTATED);

      await harness.control.clearJournal();
      await stack.op({ op: "destroy" }, { token: ROTATED });
      expect((await harness.control.writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
        `DELETE /mc/registries/${id}`,
      ]);
      expect(await registryOf(id)).toBeUndefined();
      const printed = stack.transcript.join("\n");
      for (const t of [TOKEN, ROTATED]) expect(printed).not.toContain(t);
    },
    OP_TIMEOUT,
  );
});
