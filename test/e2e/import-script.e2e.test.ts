/**
 * End to end with the real Pulumi engine: adopting an edge script with `edgeplatform-import
 * --script`. The emulator's fixture script 1 (`edge-router`: standalone, variables 21 ORIGIN
 * and 22 LOG_LEVEL, secret 31 API_TOKEN, live release 12 running its saved code) → the bin
 * writes the program and the code file beside it → `pulumi up` of it adopts the script, both
 * variables and the secret (no value: flagged for the user to supply) with zero platform writes → a preview with `--expect-no-changes` passes → an
 * edit of the code file is one code write and one publish (the import wrote `publish: true`:
 * the live release ran the saved code) → destroy deletes nothing: the script gets its code and
 * live release back (one code write, one publish of release 12) and the variables stay. The tests share one stack and run in order.
 */
import * as fs from "fs";
import * as path from "path";
import { defaultFixtures } from "../../packages/emulator/src";
import { type ImportScene, startImportScene } from "./import-setup";
import { CLI_BUILD_TIMEOUT_MS, Control, e2eAvailable, TestStack } from "./setup";

const OP_TIMEOUT = 240_000;
/** The fixture script's saved code (packages/emulator/src/fixtures-scripts.ts). */
const ROUTER_V2 = "export default { fetch: () => new Response('v2') };\n";
/** The script, its two variables and its secret. */
const RESOURCES = 4;

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: adopting an edge script with edgeplatform-import --script",
  () => {
    let control: Control;
    let stack: TestStack;
    let apiKey: string;
    let programFile: string;
    let codeFile: string;
    let scene: ImportScene;
    const importBin = (args: string[]) => scene.importBin(args);

    beforeAll(async () => {
      scene = await startImportScene({
        projectName: "edgeplatform-import-script-e2e",
        stackName: "import-script",
        fixtures: defaultFixtures(),
      });
      ({ control, stack, apiKey, programFile } = scene);
      codeFile = path.join(stack.projectDir, "edge-router.js");
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => {
      await scene?.close();
    });

    test("1. edgeplatform-import --script 1 writes the program and the code file, reads only", async () => {
      await control.clearJournal();
      const r = await importBin(["--script", "1", "--out", programFile]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain("wrote 1 edge script, 2 script variables and 1 script secret (");
      expect(fs.readFileSync(codeFile, "utf8")).toBe(ROUTER_V2);
      const program = fs.readFileSync(programFile, "utf8");
      expect(program).not.toContain(apiKey);
      expect(program).toContain(
        "// secret API_TOKEN of edge script 1: value not readable: supply it",
      );
      expect(await control.writes()).toEqual([]);
    });

    test(
      "2. pulumi up of the generated program adopts the script and its variables with zero writes",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.result).toBe("succeeded");
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([]);
        expect(r.summary?.resourceChanges).toMatchObject({ create: RESOURCES + 1 }); // + the stack
        expect(r.outputs?.edgeScriptIds.value).toEqual([1]);
        expect(r.outputs?.scriptVariableIds.value).toEqual([21, 22]);
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
      "4. an edit of the code file is one code write and one publish (its live release ran the saved code: `publish: true`)",
      async () => {
        const edited = ROUTER_V2.replace("'v2'", "'v3'");
        fs.writeFileSync(codeFile, edited);
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ update: 1, same: RESOURCES });
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
          "POST /compute/script/1/code",
          "POST /compute/script/1/publish",
        ]);
        const script = (await control.state()).scripts.find((s) => s.id === 1);
        expect(script?.code).toBe(edited);
        const live = script?.releases?.find((x) => x.Id === script.currentReleaseId);
        expect(live?.Code).toBe(edited);
      },
      OP_TIMEOUT,
    );

    test(
      "5. destroy deletes nothing: the script gets its code and live release back, the variables stay",
      async () => {
        const before = (await control.state()).scripts.find((s) => s.id === 1);
        const release12 = before?.releases?.find((x) => x.Id === 12)?.Uuid;
        await control.clearJournal();
        const r = await stack.op({ op: "destroy" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ delete: RESOURCES + 1 });
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
          "POST /compute/script/1/code",
          `POST /compute/script/1/publish/${release12}`,
        ]);
        const script = (await control.state()).scripts.find((s) => s.id === 1);
        expect(script?.code).toBe(ROUTER_V2);
        expect(script?.currentReleaseId).toBe(12);
        expect(script?.variables?.map((v) => v.Id)).toEqual([21, 22]);
        expect(script?.secrets?.map((x) => x.Id)).toEqual([31]);
      },
      OP_TIMEOUT,
    );
  },
);
