/**
 * End to end with the real Pulumi engine: adopting a container registry with `edgeplatform-import
 * --registry`. The emulator's fixture registry 1 ("Docker Hub mirror", docker.io, user
 * deploy-bot) → the bin writes the program (its token left out, flagged "token not readable:
 * supply it") → `pulumi up` of it adopts the registry with zero platform writes → a preview with
 * `--expect-no-changes` passes → the token supplied, the next `up` writes the credentials once
 * (one PUT) → destroy deletes nothing (the registry stays, its credentials as written). The
 * tests share one stack and run in order.
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import { defaultFixtures } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { type ImportScene, startImportScene } from "./import-setup";
import { CLI_BUILD_TIMEOUT_MS, Control, e2eAvailable, TestStack } from "./setup";

const OP_TIMEOUT = 240_000;
const FLAGGED = /^ {2}\/\/ token: config\.requireSecret\("dockerHubMirrorToken"\), .*$/m;

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: adopting a container registry with edgeplatform-import --registry",
  () => {
    let control: Control;
    let stack: TestStack;
    let apiKey: string;
    let programFile: string;
    let scene: ImportScene;
    const token = `registry-token-${randomBytes(12).toString("hex")}`;
    const importBin = (args: string[]) => scene.importBin(args);
    const registryOne = async () => (await control.state()).registries.find((r) => r.id === 1);

    beforeAll(async () => {
      registerSecret(token);
      scene = await startImportScene({
        projectName: "edgeplatform-import-registry-e2e",
        stackName: "import-registry",
        fixtures: defaultFixtures(),
      });
      ({ control, stack, apiKey, programFile } = scene);
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => {
      await scene?.close();
    });

    test("1. edgeplatform-import --registry 1 writes the program, the token flagged; reads only", async () => {
      await control.clearJournal();
      const r = await importBin(["--registry", "1", "--out", programFile]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(
        "note: Docker Hub mirror (registry 1): token not readable: supply it",
      );
      expect(r.stderr).toContain("wrote 1 container registry (");
      const program = fs.readFileSync(programFile, "utf8");
      expect(program).not.toContain(apiKey);
      expect(program).toMatch(FLAGGED);
      expect(await control.writes()).toEqual([]);
    });

    test(
      "2. pulumi up of the generated program adopts the registry with zero writes",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.result).toBe("succeeded");
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([]);
        expect(r.summary?.resourceChanges).toMatchObject({ create: 2 }); // + the stack
        expect(r.outputs?.registryIds.value).toEqual([1]);
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
        expect(await control.writes()).toEqual([]);
      },
      OP_TIMEOUT,
    );

    test(
      "4. the token supplied: the next up writes the credentials once (one PUT), the token never in the state in plain text",
      async () => {
        const program = fs.readFileSync(programFile, "utf8");
        fs.writeFileSync(
          programFile,
          program.replace(FLAGGED, `  token: ${JSON.stringify(token)},`),
        );
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ update: 1 });
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(["PUT /mc/registries/1"]);
        expect(await registryOne()).toMatchObject({
          displayName: "Docker Hub mirror",
          userName: "deploy-bot",
          lastPasswordSymbols: token.slice(-3),
        });
        const exported = await stack.op({ op: "export" });
        expect(JSON.stringify(exported.deployment)).not.toContain(token);
        expect(stack.transcript.join("\n")).not.toContain(token);
      },
      OP_TIMEOUT,
    );

    test(
      "5. destroy deletes nothing: the registry stays, with its name and credentials",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "destroy" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ delete: 2 });
        expect(await control.writes()).toEqual([]);
        expect(await registryOne()).toMatchObject({
          displayName: "Docker Hub mirror",
          userName: "deploy-bot",
          lastPasswordSymbols: token.slice(-3),
        });
      },
      OP_TIMEOUT,
    );
  },
);
