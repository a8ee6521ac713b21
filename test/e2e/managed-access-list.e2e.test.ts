/**
 * `edge.shield.ManagedAccessList` with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/managed-access-list-program.ts) + the dynamic-provider host, against the
 * emulator on a loopback port. Shield zone 1 (Basic plan) holds managed lists 1 "VPN
 * Providers" (enabled, Block, configuration 7001), 2 "Tor Exit Nodes" (enabled, Challenge,
 * 7002), 3 "AI Crawlers" (disabled, None, 7003), 4 "Known Botnets" (Business plan, 7004).
 */
import { randomBytes } from "crypto";
import * as path from "path";
import { startEmulator } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import type {
  ManagedAccessListProgramOptions,
  ManagedAccessListSpec,
} from "./programs/managed-access-list-program";
import {
  canonical,
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  provideCliAndDist,
  show,
  TestStack,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "managed-access-list-program.ts");
const OP_TIMEOUT = 300_000;
const TYPE = "pulumi-nodejs:dynamic/shield:ManagedAccessList";
const CONFIG = "/shield/shield-zone/1/access-lists/configurations";

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: edge.shield.ManagedAccessList", () => {
  let cli: CliInfo;
  let close: () => Promise<void>;
  let control: Control;
  let stack: TestStack;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    const apiKey = `e2e-mal-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    const emu = await startEmulator({ port: 0, apiKey });
    close = () => emu.close();
    control = new Control(emu.url);
    stack = new TestStack(cli, {
      projectName: "edgeplatform-mal",
      stackName: "mal",
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

  const writes = async () =>
    (await control.writes()).map((w) => `${w.method} ${w.path} ${JSON.stringify(w.body)}`);
  const configs = async () =>
    (await control.state()).accessListConfigs
      .filter((c) => c.shieldZoneId === 1)
      .map((c) => [c.configurationId, c.isEnabled, c.action]);
  const tor: ManagedAccessListSpec = {
    name: "tor",
    shieldZoneId: 1,
    listName: "Tor Exit Nodes",
    action: "Block",
  };
  const ai: ManagedAccessListSpec = { name: "ai", pullZoneId: 1, listId: 3, enabled: true };
  const vpn: ManagedAccessListSpec = {
    name: "vpn",
    shieldZoneId: 1,
    listId: 1,
    enabled: true,
    action: "Block",
  };

  test(
    "create (0 writes when equal), update one field, refresh shows drift by field, destroy restores the prior configuration; nothing else changed",
    async () => {
      await control.reset();
      const initial = canonical(clone(await control.state()));
      await control.clearJournal();
      const options: ManagedAccessListProgramOptions = { lists: [tor, ai, vpn] };
      const up = await stack.op({ op: "up" }, options);
      expect(text(up)).toContain(TYPE);
      expect((await writes()).sort()).toEqual([
        `PATCH ${CONFIG}/7002 {"isEnabled":true,"action":2}`,
        `PATCH ${CONFIG}/7003 {"isEnabled":true,"action":0}`,
      ]);
      expect(up.outputs?.priors.value).toEqual({
        tor: { action: "Challenge" },
        ai: { enabled: false },
        vpn: { enabled: true, action: "Block" },
      });
      expect(await configs()).toEqual([
        [7001, true, 2],
        [7002, true, 2],
        [7003, true, 0],
        [7004, false, 0],
      ]);
      // Nothing else changed.
      const afterUp = canonical(clone(await control.state()));
      expect({ ...afterUp, accessListConfigs: [] }).toEqual({ ...initial, accessListConfigs: [] });

      await control.clearJournal();
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, options);
      expect(await writes()).toEqual([]);

      // Update one field: the listing, then exactly one PATCH.
      const changed = { lists: [{ ...tor, action: "Log" }, ai, vpn] };
      const preview = await stack.op({ op: "preview", opts: { diff: true } }, changed);
      expect(preview.stdout).toMatch(/action\s*:\s*"Block"\s*=>\s*"Log"/);
      await control.clearJournal();
      await stack.op({ op: "up" }, changed);
      expect(await writes()).toEqual([`PATCH ${CONFIG}/7002 {"isEnabled":true,"action":4}`]);

      // Out of band: the AI crawlers list is switched off again; refresh shows it by field.
      const s = await control.state();
      s.accessListConfigs.find((c) => c.configurationId === 7003)!.isEnabled = false;
      await control.setState(s);
      await control.clearJournal();
      const refresh = await stack.op({ op: "refresh" }, changed);
      show("refresh", refresh, 30);
      expect(refresh.summary?.resourceChanges).toMatchObject({ update: 1 });
      expect(await writes()).toEqual([]);
      const drift = await stack.op({ op: "preview", opts: { diff: true } }, changed);
      show("drift", drift, 30);
      expect(drift.stdout).toMatch(/enabled\s*:\s*false\s*=>\s*true/);
      expect(drift.stdout).not.toMatch(/~ action/);

      await control.clearJournal();
      await stack.op({ op: "destroy" }, changed);
      expect((await writes()).sort()).toEqual([
        `PATCH ${CONFIG}/7002 {"isEnabled":true,"action":3}`,
      ]);
      expect(canonical(clone(await control.state()))).toEqual(initial);
    },
    OP_TIMEOUT,
  );

  test(
    "plan-gated list refused naming Business; two resources for one list refused; no write",
    async () => {
      await control.reset();
      const initial = canonical(clone(await control.state()));
      await control.clearJournal();
      const gated = await stack.op(
        { op: "up", allowFail: true },
        { lists: [{ name: "botnets", shieldZoneId: 1, listName: "Known Botnets", enabled: true }] },
      );
      show("plan gate", gated, 20);
      expect(gated.ok).toBe(false);
      expect(text(gated)).toMatch(/needs the Business plan; shield zone 1 is on the Basic plan/);
      const twice = await stack.op(
        { op: "up", allowFail: true },
        {
          lists: [
            { name: "a", shieldZoneId: 1, listId: 2, enabled: false },
            { name: "b", shieldZoneId: 1, listId: 2, action: "Log" },
          ],
        },
      );
      show("two owners", twice, 20);
      expect(twice.ok).toBe(false);
      expect(text(twice)).toMatch(/is named by 2 resources of this program/);
      expect(await writes()).toEqual([]);
      await stack.op({ op: "destroy" }, {});
      expect(canonical(clone(await control.state()))).toEqual(initial);
    },
    OP_TIMEOUT,
  );
});
