/**
 * Review findings on `edge.shield.ManagedAccessList` that depend on what the real engine does
 * with a provider's answer (test/provider/review-lists.test.ts models them without it):
 * a partial failure of an update (the engine records the state the error carries), and a
 * replacement that names the same list (create of the new resource, then delete of the old).
 * Fixtures: shield zone 1 (pull zone 1) holds managed list 3 "AI Crawlers", disabled/None,
 * configuration 7003. And an AccessList that destroy would leave, whose type changes: the
 * engine must not run a delete-first replacement for it.
 */
import { randomBytes } from "crypto";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import type { AccessListProgramOptions } from "./programs/access-list-program";
import type { ManagedAccessListProgramOptions } from "./programs/managed-access-list-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  Control,
  e2eAvailable,
  provideCliAndDist,
  show,
  TestStack,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "managed-access-list-program.ts");
const LIST_PROGRAM = path.join(__dirname, "programs", "access-list-program.ts");
const OP_TIMEOUT = 300_000;

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: ManagedAccessList review findings", () => {
  let cli: CliInfo;
  let close: () => Promise<void>;
  let control: Control;
  let stack: TestStack;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    const apiKey = `e2e-rev-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    const emu = await startEmulator({ port: 0, apiKey });
    close = () => emu.close();
    control = new Control(emu.url);
    stack = new TestStack(cli, {
      projectName: "edgeplatform-rev-lists",
      stackName: "rev",
      passphrase: randomBytes(12).toString("hex"),
      programModule: PROGRAM,
      programExport: "program",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  const config7003 = async () => {
    const c = (await control.state()).accessListConfigs.find((x) => x.configurationId === 7003)!;
    return { isEnabled: c.isEnabled, action: c.action };
  };

  test(
    "an update that starts managing enabled fails after its PATCH was applied: destroy still restores the list as it was before Pulumi",
    async () => {
      await control.reset();
      const first: ManagedAccessListProgramOptions = {
        lists: [{ name: "ai", shieldZoneId: 1, listId: 3, action: "Block" }],
      };
      await stack.op({ op: "up" }, first);
      expect(await config7003()).toEqual({ isEnabled: false, action: 2 });
      const second: ManagedAccessListProgramOptions = {
        lists: [{ name: "ai", shieldZoneId: 1, listId: 3, action: "Block", enabled: true }],
      };
      await control.fault({
        method: "PATCH",
        path: "configurations/7003$",
        status: 500,
        afterHandler: true,
        count: -1,
      });
      const failed = await stack.op({ op: "up", allowFail: true }, second);
      show("partial update", failed, 20);
      expect(failed.ok).toBe(false);
      await control.clearFaults();
      expect(await config7003()).toEqual({ isEnabled: true, action: 2 }); // applied
      const again = await stack.op({ op: "up" }, second);
      expect(again.outputs?.priors.value).toEqual({ ai: { action: "None", enabled: false } });
      await stack.op({ op: "destroy" }, second);
      expect(await config7003()).toEqual({ isEnabled: false, action: 0 });
    },
    OP_TIMEOUT,
  );

  test(
    "shieldZoneId rewritten as the pullZoneId of the same zone: up succeeds without a write, the prior is kept, destroy restores it",
    async () => {
      await control.reset();
      await stack.op(
        { op: "up" },
        { lists: [{ name: "ai", shieldZoneId: 1, listId: 3, enabled: true }] },
      );
      expect(await config7003()).toEqual({ isEnabled: true, action: 0 });
      await control.clearJournal();
      const moved: ManagedAccessListProgramOptions = {
        lists: [{ name: "ai", pullZoneId: 1, listId: 3, enabled: true }],
      };
      const up = await stack.op({ op: "up", allowFail: true }, moved);
      show("readdressed", up, 20);
      expect(text(up)).not.toMatch(/another resource of this program now manages/);
      expect(up.ok).toBe(true);
      expect(await control.writes()).toEqual([]);
      expect(up.outputs?.priors.value).toEqual({ ai: { enabled: false } });
      await stack.op({ op: "destroy" }, moved);
      expect(await config7003()).toEqual({ isEnabled: false, action: 0 });
    },
    OP_TIMEOUT,
  );
});

(run ? describe : describe.skip)("real Pulumi engine: AccessList review findings", () => {
  let cli: CliInfo;
  let close: () => Promise<void>;
  let control: Control;
  let stack: TestStack;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    const apiKey = `e2e-rev-al-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    const emu = await startEmulator({ port: 0, apiKey });
    close = () => emu.close();
    control = new Control(emu.url);
    stack = new TestStack(cli, {
      projectName: "edgeplatform-rev-al",
      stackName: "rev",
      passphrase: randomBytes(12).toString("hex"),
      programModule: LIST_PROGRAM,
      programExport: "program",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  test(
    "deleteOnDestroy: false, then a type change: refused before any write, the resource stays in the state",
    async () => {
      await control.reset();
      const keep: AccessListProgramOptions = {
        lists: [
          {
            name: "keep",
            shieldZoneId: 1,
            listName: "keep",
            type: "CIDR",
            entries: ["192.0.2.0/24"],
            deleteOnDestroy: false,
          },
        ],
      };
      await stack.op({ op: "up" }, keep);
      const id = (await control.state()).accessLists.find((l) => l.name === "keep")!.id;
      await control.clearJournal();
      const changed: AccessListProgramOptions = {
        lists: [{ ...keep.lists![0], type: "IP", entries: ["192.0.2.1"] }],
      };
      const up = await stack.op({ op: "up", allowFail: true }, changed);
      show("type change", up, 20);
      expect(up.ok).toBe(false);
      expect(text(up)).toMatch(/type: the platform cannot change a list's type/);
      expect(await control.writes()).toEqual([]);
      // The state still holds the list: the program as before has nothing to do.
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, keep);
      expect((await control.state()).accessLists.filter((l) => l.name === "keep")).toEqual([
        expect.objectContaining({ id, type: 1, content: "192.0.2.0/24" }),
      ]);
      await stack.op({ op: "destroy" }, keep);
    },
    OP_TIMEOUT,
  );
});
