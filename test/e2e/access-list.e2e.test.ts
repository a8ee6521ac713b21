/**
 * `edge.shield.AccessList` with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/access-list-program.ts) + the dynamic-provider host, against the emulator
 * on a loopback port. Fixture: shield zone 1 has custom list 501 "office-network" (CIDR,
 * 203.0.113.0/24 and 198.51.100.0/25), configuration 7101, enabled, action Allow (1).
 */
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type { AccessListProgramOptions, AccessListSpec } from "./programs/access-list-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  KEY_CHECK_PATH,
  provideCliAndDist,
  show,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "access-list-program.ts");
const OP_TIMEOUT = 300_000;
const TYPE = "pulumi-nodejs:dynamic/shield:AccessList";
const Z1 = "/shield/shield-zone/1/access-lists";

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: edge.shield.AccessList", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let control: Control;
  const newStack = (name: string) => harness.newStack(name);

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, {
      label: "acl",
      programModule: PROGRAM,
    });
    control = harness.control;
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  const writeLines = async () => (await control.writes()).map((w) => `${w.method} ${w.path}`);
  const aclCalls = async () =>
    (await control.journal())
      .filter((e) => e.path.startsWith("/shield/") && e.path !== KEY_CHECK_PATH)
      .map((e) => `${e.method} ${e.path}`);
  /** The emulator's state without the journal-like timestamps of lists. */
  const comparable = (s: EmulatorState) => ({
    ...s,
    accessLists: s.accessLists.map((l) => ({ ...l, lastModified: "<t>" })),
  });

  const created: AccessListSpec = {
    name: "partners",
    shieldZoneId: 1,
    listName: "partners",
    type: "CIDR",
    entries: ["192.0.2.0/24", "2001:db8::/32", "198.18.0.0/15"],
    enabled: true,
    action: "Block",
  };
  const adopted: AccessListSpec = { name: "office", listId: 501, shieldZoneId: 1, enabled: false };

  test(
    "create + adopt (only enabled), clean preview, one-field update, refresh shows drift by field (entries as lines), destroy keeps the adopted list; nothing else changed",
    async () => {
      await control.reset();
      const before = await control.state();
      const stack = newStack("acl");
      await control.clearJournal();
      const options: AccessListProgramOptions = { lists: [created, adopted] };
      const up = await stack.op({ op: "up" }, options);
      show("up", up, 20);
      expect(text(up)).toContain(TYPE);
      const id = Number((up.outputs?.ids.value as Record<string, string>).partners);
      const cid = (await control.state()).accessLists.find((l) => l.id === id)!.configurationId;
      expect((await writeLines()).sort()).toEqual(
        [
          `POST ${Z1}`,
          `PATCH ${Z1}/configurations/${cid}`,
          `PATCH ${Z1}/configurations/7101`,
        ].sort(),
      );

      await control.clearJournal();
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, options);
      expect(await writeLines()).toEqual([]);

      // One field: the created list's action.
      const changed = { ...created, action: "Challenge" };
      await control.clearJournal();
      await stack.op({ op: "up" }, { lists: [changed, adopted] });
      expect(await aclCalls()).toEqual([
        `GET ${Z1}/${id}`,
        `GET ${Z1}`,
        `PATCH ${Z1}/configurations/${cid}`,
      ]);
      expect((await control.writes())[0].body).toEqual({ action: 3 });

      // Out of band: one entry of the created list replaced, the adopted list enabled again.
      const s = await control.state();
      const mine = s.accessLists.find((l) => l.id === id)!;
      mine.content = "192.0.2.0/24\n2001:db8::/32\n203.0.113.99/32";
      s.accessLists.find((l) => l.id === 501)!.isEnabled = true;
      await control.setState(s);
      await control.clearJournal();
      const refresh = await stack.op({ op: "refresh" }, { lists: [changed, adopted] });
      show("refresh", refresh, 30);
      expect(await writeLines()).toEqual([]);
      // Each list's GET, and the zone's listing once for both (shared by the refresh's reads).
      expect((await aclCalls()).sort()).toEqual(
        [`GET ${Z1}`, `GET ${Z1}/${id}`, `GET ${Z1}/501`].sort(),
      );
      const pv = await stack.op(
        { op: "preview", opts: { diff: true } },
        { lists: [changed, adopted] },
      );
      show("preview --diff after the drift", pv, 60);
      expect(pv.stdout).toMatch(/-\s*203\.0\.113\.99\/32/);
      expect(pv.stdout).toMatch(/\+\s*198\.18\.0\.0\/15/);
      expect(pv.stdout).toMatch(/enabled\s*:\s*true\s*=>\s*false/);
      expect(pv.stdout).not.toMatch(/-\s*192\.0\.2\.0\/24/);
      expect(await writeLines()).toEqual([]);

      await control.clearJournal();
      await stack.op({ op: "up" }, { lists: [changed, adopted] });
      expect((await writeLines()).sort()).toEqual(
        [`PATCH ${Z1}/${id}`, `PATCH ${Z1}/configurations/7101`].sort(),
      );

      await control.clearJournal();
      await stack.op({ op: "destroy" }, { lists: [changed, adopted] });
      expect(await writeLines()).toEqual([`DELETE ${Z1}/${id}`]);
      // The whole state: as before, but for the ids taken and the adopted list's `enabled`.
      const expected = clone(before);
      expected.nextIds.accessList += 1;
      expected.nextIds.accessListConfiguration += 1;
      expected.accessLists.find((l) => l.id === 501)!.isEnabled = false;
      const after = await control.state();
      expect(comparable(after)).toEqual(comparable(expected));
    },
    OP_TIMEOUT,
  );

  test(
    "async-202 (issue 28, finding 4): when up exits 0, the platform has the created list enabled with the program's action",
    async () => {
      await control.reset();
      // 4 s: longer than the CLI takes to finish after the last write, so a write that was
      // not read back is still pending when up exits.
      await control.setProfile({ name: "async-202", writeDelayMs: 4_000 });
      try {
        const stack = newStack("acl-async");
        const spec: AccessListSpec = { ...created, name: "later", listName: "later" };
        const up = await stack.op({ op: "up" }, { lists: [spec] });
        show("up under async-202", up, 20);
        expect(up.ok).toBe(true);
        // Read at once: nothing waits for the emulator's pending writes here.
        const list = (await control.state()).accessLists.find((l) => l.name === "later");
        expect(list).toMatchObject({ isEnabled: true, action: 2 /* Block */ });
        await stack.op({ op: "destroy" }, { lists: [spec] });
        expect((await control.state()).accessLists.map((l) => l.id)).toEqual([501]);
      } finally {
        await control.setProfile("default");
      }
    },
    OP_TIMEOUT,
  );
});
