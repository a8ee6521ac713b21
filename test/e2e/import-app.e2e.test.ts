/**
 * End to end with the real Pulumi engine: adopting a Magic Containers application with
 * `edgeplatform-import --app`. The emulator's fixture app-1 ("shop": containers `web` and
 * `worker`, a CDN endpoint through pull zone 1, the volume db-data mounted, LOG_LEVEL and
 * DB_PASSWORD in `web`'s environment) → the bin writes the program (DB_PASSWORD read from the
 * stack config as a secret, flagged "value not readable as a secret: supply it" with its
 * config key) → the secret supplied in the stack config with the value the platform holds →
 * the first `pulumi up` adopts the application with zero platform writes → a preview with
 * `--expect-no-changes` passes → destroy deletes nothing (the application as before). The
 * tests share one stack and run in order.
 */
import * as fs from "fs";
import { defaultFixtures, type EmulatorState } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { type ImportScene, startImportScene } from "./import-setup";
import { CLI_BUILD_TIMEOUT_MS, Control, e2eAvailable, TestStack } from "./setup";

const OP_TIMEOUT = 240_000;
const PROJECT = "edgeplatform-import-app-e2e";
/** DB_PASSWORD of app-1's `web` container in the fixtures: what the user supplies. */
const DB_PASSWORD = "fixture-db-secret";

/** app-1 as the emulator holds it, without its record of a deployment (a write starts one). */
const shopOf = (s: EmulatorState) => {
  const app = JSON.parse(JSON.stringify(s.apps.find((a) => a.id === "app-1"))) as Record<
    string,
    unknown
  >;
  delete app.deployment;
  return app;
};

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: adopting a container application with edgeplatform-import --app",
  () => {
    let control: Control;
    let stack: TestStack;
    let apiKey: string;
    let programFile: string;
    let before: Record<string, unknown>;
    let scene: ImportScene;
    const importBin = (args: string[]) => scene.importBin(args);

    beforeAll(async () => {
      registerSecret(DB_PASSWORD);
      scene = await startImportScene({
        projectName: PROJECT,
        stackName: "import-app",
        fixtures: defaultFixtures(),
        // The secret the import flagged, supplied as it asks (`pulumi config set --secret`).
        config: { [`${PROJECT}:shopWebDbPassword`]: { value: DB_PASSWORD, secret: true } },
      });
      ({ control, stack, apiKey, programFile } = scene);
      before = shopOf(await control.state());
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => {
      await scene?.close();
    });

    test("1. edgeplatform-import --app app-1 writes the program, DB_PASSWORD flagged with its config key; reads only", async () => {
      await control.clearJournal();
      const r = await importBin(["--app", "app-1", "--out", programFile]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(
        "note: shop (app app-1), container web: DB_PASSWORD: value not readable as a secret: supply it (`pulumi config set --secret shopWebDbPassword`",
      );
      expect(r.stderr).toContain("wrote 1 container application (");
      const program = fs.readFileSync(programFile, "utf8");
      expect(program).not.toContain(apiKey);
      expect(program).not.toContain(DB_PASSWORD);
      expect(program).toContain('DB_PASSWORD: config.requireSecret("shopWebDbPassword"),');
      expect(program).toContain('environment: { LOG_LEVEL: "info" },');
      expect(await control.writes()).toEqual([]);
    });

    test(
      "2. the secret supplied: the first pulumi up adopts the application with zero writes",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.result).toBe("succeeded");
        const writes = await control.writes();
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([]);
        expect(r.summary?.resourceChanges).toMatchObject({ create: 2 }); // + the stack
        expect(r.outputs?.appIds.value).toEqual(["app-1"]);
        const exported = await stack.op({ op: "export" });
        expect(JSON.stringify(exported.deployment)).not.toContain(DB_PASSWORD);
        expect(stack.transcript.join("\n")).not.toContain(DB_PASSWORD);
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
      "4. destroy deletes nothing: the application stays as it was before the import",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "destroy" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ delete: 2 });
        expect(await control.writes()).toEqual([]);
        expect(shopOf(await control.state())).toEqual(before);
      },
      OP_TIMEOUT,
    );
  },
);
