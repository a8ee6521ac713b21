/**
 * AccessList provider (the zone-object engine with the custom access list's declaration,
 * its public fields mapped at the boundary) against the in-process emulator. Expected values
 * come from the scenario (fixture: shield zone 1 has custom list 501 "office-network", CIDR,
 * 2 entries, configuration 7101 enabled/Allow; shield zone 2 allows 1 custom list and 10
 * entries; pull zone 4 is in shield zone 2), never from the provider's own functions.
 */
import { createHash } from "crypto";
import { EmulatorControl, startEmulator } from "../../packages/emulator/src";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import {
  accessListProvider as p,
  AccessListInputs,
  AccessListOutputs,
  checkAccessList,
  resetAccessListState,
  timing,
} from "../../packages/pulumi/src/resources/kinds/collections/access-list-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { EmulatorState, stackConfig, startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
  resetAccessListState();
});

type List = EmulatorState["accessLists"][number];

const checked = (news: Record<string, unknown>, olds: object = {}): AccessListInputs => {
  const r = checkAccessList(olds, news);
  expect(r.failures).toEqual([]);
  return r.inputs as AccessListInputs;
};
const lists = async (): Promise<List[]> => (await t.state()).accessLists;
const listById = async (id: number) => (await lists()).find((l) => l.id === id);
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path} ${e.status}`);
const writes = async () => (await calls()).filter((c) => !c.startsWith("GET"));
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

const ENTRIES = ["192.0.2.0/24", "2001:db8::/32"];
const Z1 = "/shield/shield-zone/1/access-lists";

async function createIn(zone: number, name = "partners", extra: object = {}) {
  const inputs = checked({ shieldZoneId: zone, name, type: "CIDR", entries: ENTRIES, ...extra });
  const res = await p.create(inputs);
  return { inputs, id: res.id, outs: res.outs as AccessListOutputs };
}

describe("check", () => {
  test("entries are one string, joined by a newline, in the program's order", () => {
    const i = checked({
      shieldZoneId: 1,
      name: "x",
      type: "CIDR",
      entries: ["10.0.0.0/8", "1.2.3.0/24"],
    });
    expect(i.entries).toBe("10.0.0.0/8\n1.2.3.0/24");
  });

  test("a bad entry is refused naming the entry, its index and the type; a repeat names both indexes", () => {
    const r = checkAccessList(
      {},
      { shieldZoneId: 1, name: "x", type: "IP", entries: ["192.0.2.1", "300.1.1.1", "192.0.2.1"] },
    );
    expect(r.failures).toEqual([
      {
        property: "entries[1]",
        reason: '"300.1.1.1" must be an IPv4 or IPv6 address (type IP)',
      },
      { property: "entries[2]", reason: '"192.0.2.1" repeats entries[0] (type IP)' },
    ]);
  });

  test("a create needs name, type and entries; listId needs its shieldZoneId; unknown names refused", () => {
    const r = checkAccessList({}, { shieldZoneId: 1 });
    expect((r.failures ?? []).map((f) => f.property).sort()).toEqual(["entries", "name", "type"]);
    const a = checkAccessList({}, { listId: 501, enabled: true });
    expect((a.failures ?? []).map((f) => f.property)).toEqual(["shieldZoneId"]);
    const e = checkAccessList({}, { listId: 501, shieldZoneId: 1, type: "Cidr4", action: "Deny" });
    expect((e.failures ?? []).map((f) => f.property)).toEqual(["type", "action"]);
    expect(checkAccessList({}, { listId: 501, shieldZoneId: 1, bogus: 1 }).failures).toHaveLength(
      1,
    );
  });
});

describe("create", () => {
  test("listing, POST (it answers the list), the listing for its configuration; no configuration PATCH when not managed", async () => {
    await t.clearJournal();
    const { id, outs } = await createIn(1);
    expect(await calls()).toEqual([`GET ${Z1} 200`, `POST ${Z1} 200`, `GET ${Z1} 200`]);
    const content = "192.0.2.0/24\n2001:db8::/32";
    expect(outs).toMatchObject({
      listId: Number(id),
      shieldZoneId: 1,
      name: "partners",
      type: "CIDR",
      entryCount: 2,
      entriesDigest: sha256(content),
      enabled: false,
      action: "None",
      adopted: false,
      unmanaged: ["description", "enabled", "action"],
    });
    expect(outs).not.toHaveProperty("entries");
    expect(typeof outs.configurationId).toBe("number");
    const stored = await listById(Number(id));
    expect(stored).toMatchObject({ name: "partners", type: 1, content });
  });

  test("enabled and action managed: one configuration PATCH by configurationId after the POST", async () => {
    await t.clearJournal();
    const { id, outs } = await createIn(1, "partners", { enabled: true, action: "Block" });
    const cid = (await listById(Number(id)))!.configurationId;
    expect(await calls()).toEqual([
      `GET ${Z1} 200`,
      `POST ${Z1} 200`,
      `GET ${Z1} 200`,
      `PATCH ${Z1}/configurations/${cid} 200`,
    ]);
    const body = (await t.journal()).find((e) => e.method === "PATCH")?.body;
    expect(body).toEqual({ isEnabled: true, action: 2 });
    expect(outs).toMatchObject({ enabled: true, action: "Block", configurationId: cid });
    expect(await listById(Number(id))).toMatchObject({ isEnabled: true, action: 2 });
  });

  test("configuration PATCH fails after the POST: a partial create, the id is kept", async () => {
    await t.fault({ method: "PATCH", path: "/configurations/", status: 400, count: 1 });
    const err = (await createIn(1, "partners", { enabled: true }).catch((e: unknown) => e)) as {
      id?: string;
      properties?: Record<string, unknown>;
      message: string;
    };
    expect(err.message).toMatch(/was created, but its configuration/);
    const made = (await lists()).find((l) => l.name === "partners")!;
    expect(err.id).toBe(String(made.id));
    expect(err.properties).toMatchObject({ listId: made.id, shieldZoneId: 1, adopted: false });
  });

  test("same name in the zone: refused before any write, naming the list and the ways out", async () => {
    await t.clearJournal();
    const err = (await createIn(1, "office-network").catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/already has list 501 named "office-network"/);
    expect(err.message).toMatch(/`listId: 501`/);
    expect(err.message).toMatch(/choose another name;/);
    expect(await writes()).toEqual([]);
  });

  test("limits of zone 2: one list of 1; the next refused naming customListLimit; nothing written", async () => {
    await createIn(2, "first");
    await t.clearJournal();
    const err = (await createIn(2, "second").catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/already has 1 custom access lists/);
    expect(err.message).toMatch(/customListLimit 1/);
    expect(err.message).toMatch(/Nothing was written/);
    expect(await writes()).toEqual([]);
  });

  test("limits of zone 2: 11 entries refused naming customEntryLimit 10 and the count; nothing written", async () => {
    await t.clearJournal();
    const entries = Array.from({ length: 11 }, (_, i) => `192.0.2.${i + 1}`);
    const inputs = checked({ shieldZoneId: 2, name: "big", type: "IP", entries });
    const err = (await p.create(inputs).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/would hold 11 custom access-list entries/);
    expect(err.message).toMatch(/customEntryLimit 10/);
    expect(err.message).toMatch(/plan/);
    expect(await writes()).toEqual([]);
  });

  test("pullZoneId resolves to the shield zone (pull zone 4 → shield zone 2)", async () => {
    const res = await p.create(
      checked({ pullZoneId: 4, name: "pz", type: "IP", entries: ["192.0.2.1"] }),
    );
    expect(res.outs).toMatchObject({ shieldZoneId: 2, pullZoneId: 4 });
  });
});

describe("adopt, update, read, delete", () => {
  test("adopt with only enabled: reads, one configuration PATCH {isEnabled} keyed by 7101", async () => {
    await t.clearJournal();
    const res = await p.create(checked({ listId: 501, shieldZoneId: 1, enabled: false }));
    expect(await calls()).toEqual([
      `GET ${Z1}/501 200`,
      `GET ${Z1} 200`,
      `PATCH ${Z1}/configurations/7101 200`,
    ]);
    expect((await t.journal()).find((e) => e.method === "PATCH")?.body).toEqual({
      isEnabled: false,
    });
    expect(res.outs).toMatchObject({
      listId: 501,
      adopted: true,
      enabled: false,
      name: "office-network",
      type: "CIDR",
      action: "Allow",
      entryCount: 2,
      entriesDigest: sha256("203.0.113.0/24\n198.51.100.0/25"),
      unmanaged: ["name", "description", "type", "entries", "action"],
    });
    expect(await listById(501)).toMatchObject({
      isEnabled: false,
      action: 1,
      content: "203.0.113.0/24\n198.51.100.0/25",
    });
  });

  test("a refresh reports the program's addressing: an adopted list with its shield zone, a list placed by pull zone without one", async () => {
    const adopted = await p.create(checked({ listId: 501, shieldZoneId: 1, enabled: true }));
    resetRunState();
    const a = await p.read(adopted.id, adopted.outs as AccessListOutputs);
    expect(a.inputs).toEqual({ listId: 501, shieldZoneId: 1, enabled: true });
    const inputs = checked({ pullZoneId: 4, name: "partners", type: "CIDR", entries: ENTRIES });
    const made = await p.create(inputs);
    resetRunState();
    const b = await p.read(made.id, made.outs as AccessListOutputs);
    expect(b.inputs).toEqual({
      pullZoneId: 4,
      name: "partners",
      type: "CIDR",
      entries: "192.0.2.0/24\n2001:db8::/32",
    });
  });

  test("content stored with \\r\\n, a trailing newline and padded entries holds the same entries: adopt makes no write, refresh shows no drift", async () => {
    const st = await t.state();
    st.accessLists.find((l) => l.id === 501)!.content = " 203.0.113.0/24\r\n\n198.51.100.0/25 \n";
    await t.setState(st);
    await t.clearJournal();
    const inputs = checked({
      listId: 501,
      shieldZoneId: 1,
      entries: ["203.0.113.0/24", "198.51.100.0/25"],
    });
    const res = await p.create(inputs);
    expect(await writes()).toEqual([]);
    expect(res.outs).toMatchObject({
      entryCount: 2,
      entriesDigest: sha256("203.0.113.0/24\n198.51.100.0/25"),
    });
    const read = await p.read(res.id, res.outs as AccessListOutputs);
    expect(read.inputs).toMatchObject({ entries: "203.0.113.0/24\n198.51.100.0/25" });
    expect((await p.diff(res.id, read.props as AccessListOutputs, inputs)).changes).toBe(false);
  });

  test("adopt whose description differs: refused before any write, naming description", async () => {
    await t.clearJournal();
    const inputs = checked({ listId: 501, shieldZoneId: 1, description: "other" });
    await expect(p.create(inputs)).rejects.toThrow(/description: the platform cannot change/);
    expect(await writes()).toEqual([]);
  });

  test.each([
    ["name", { name: "renamed" }, "list", { name: "renamed" }],
    [
      "entries",
      { entries: [...ENTRIES, "198.51.100.0/24"] },
      "list",
      {
        content: "192.0.2.0/24\n2001:db8::/32\n198.51.100.0/24",
        checksum: createHash("md5")
          .update("192.0.2.0/24\n2001:db8::/32\n198.51.100.0/24")
          .digest("hex"),
      },
    ],
    ["enabled", { enabled: true }, "configuration", { isEnabled: true }],
    ["action", { action: "Challenge" }, "configuration", { action: 3 }],
  ])(
    "update %s alone: GET list + GET listing, then one PATCH of it",
    async (_f, change, target, body) => {
      const c = await createIn(1, "partners", { enabled: false, action: "Log" });
      const cid = (await listById(Number(c.id)))!.configurationId;
      const news = checked({ ...c.inputs, ...change }, c.inputs);
      expect((await p.diff(c.id, c.outs, news)).changes).toBe(true);
      await t.clearJournal();
      const res = await p.update(c.id, c.outs, news);
      const patch = target === "list" ? `${Z1}/${c.id}` : `${Z1}/configurations/${cid}`;
      expect(await calls()).toEqual([
        `GET ${Z1}/${c.id} 200`,
        `GET ${Z1} 200`,
        `PATCH ${patch} 200`,
      ]);
      expect((await t.journal()).find((e) => e.method === "PATCH")?.body).toEqual(body);
      const outs = res.outs as AccessListOutputs;
      if ("entries" in change) {
        expect(outs).toMatchObject({
          entryCount: 3,
          entriesDigest: sha256("192.0.2.0/24\n2001:db8::/32\n198.51.100.0/24"),
        });
      } else {
        expect(outs).toMatchObject(change);
      }
    },
  );

  test("nothing changed: diff reports no change, update makes no call", async () => {
    const c = await createIn(1);
    const news = checked(
      { shieldZoneId: 1, name: "partners", type: "CIDR", entries: ENTRIES },
      c.inputs,
    );
    expect((await p.diff(c.id, c.outs, news)).changes).toBe(false);
    const reordered = checked({ ...c.inputs, entries: [...ENTRIES].reverse() }, c.inputs);
    expect((await p.diff(c.id, c.outs, reordered)).changes).toBe(true);
    await t.clearJournal();
    await p.update(c.id, c.outs, checked({ ...c.inputs, deleteOnDestroy: true }, c.inputs));
    expect(await calls()).toEqual([]);
  });

  test("entries that would pass the zone's entry limit are refused before any write (zone 2)", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `192.0.2.${i + 1}`);
    const inputs = checked({ shieldZoneId: 2, name: "nine", type: "IP", entries: nine });
    const c = await p.create(inputs);
    await t.clearJournal();
    const more = checked({ ...inputs, entries: [...nine, "192.0.2.100", "192.0.2.101"] }, inputs);
    const err = (await p
      .update(c.id, c.outs as AccessListOutputs, more)
      .catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/would hold 11 custom access-list entries/);
    expect(err.message).toMatch(/customEntryLimit 10/);
    expect(await writes()).toEqual([]);
  });

  test("type or description change replaces a created list (delete first); adopted: no replace", async () => {
    const c = await createIn(1);
    const ip = await p.diff(
      c.id,
      c.outs,
      checked({ ...c.inputs, type: "IP", entries: ["192.0.2.1"] }, c.inputs),
    );
    expect(ip).toMatchObject({ changes: true, replaces: ["type"], deleteBeforeReplace: true });
    const same = await p.diff(c.id, c.outs, checked({ ...c.inputs, type: 1 }, c.inputs));
    expect(same.replaces).toEqual([]);
    const d = await p.diff(c.id, c.outs, checked({ ...c.inputs, description: "new" }, c.inputs));
    expect(d.replaces).toEqual(["description"]);
    const a = await p.create(checked({ listId: 501, shieldZoneId: 1 }));
    const ad = await p.diff(
      "501",
      a.outs as AccessListOutputs,
      checked({ listId: 501, shieldZoneId: 1, type: "IP" }),
    );
    expect(ad.replaces).toEqual([]);
    await t.clearJournal();
    await expect(
      p.update(
        "501",
        a.outs as AccessListOutputs,
        checked({ listId: 501, shieldZoneId: 1, type: "IP" }),
      ),
    ).rejects.toThrow(/type: the platform cannot change a list's type \(CIDR here, IP/);
    expect(await writes()).toEqual([]);
  });

  test("type change in a run that listed the zone before: delete, then a new POST (not a take-over of the deleted list)", async () => {
    const c = await createIn(1);
    resetRunState();
    resetAccessListState();
    await createIn(1, "other"); // lists zone 1 (with "partners") in this run
    const news = checked({ ...c.inputs, type: "IP", entries: ["192.0.2.1"] }, c.inputs);
    const d = await p.diff(c.id, c.outs, news);
    expect(d).toMatchObject({ replaces: ["type"], deleteBeforeReplace: true });
    await t.clearJournal();
    await p.delete(c.id, c.outs);
    const res = await p.create(news);
    expect(await writes()).toEqual([`DELETE ${Z1}/${c.id} 200`, `POST ${Z1} 200`]);
    expect(res.id).not.toBe(c.id);
    expect(await listById(Number(res.id))).toMatchObject({ name: "partners", type: 0 });
    expect(await listById(Number(c.id))).toBeUndefined();
  });

  test("rename to a name another list has: refused, nothing written", async () => {
    const c = await createIn(1);
    await t.clearJournal();
    await expect(
      p.update(c.id, c.outs, checked({ ...c.inputs, name: "office-network" }, c.inputs)),
    ).rejects.toThrow(/already has list 501 named "office-network"/);
    expect(await writes()).toEqual([]);
  });

  test("read: drift shows by field; entries as the platform's content", async () => {
    const c = await createIn(1, "partners", { enabled: true, action: "Block" });
    const s = await t.state();
    const l = s.accessLists.find((x) => x.id === Number(c.id))!;
    l.content = "192.0.2.0/24\n203.0.113.7/32";
    l.action = 4;
    await t.setState(s);
    const read = await p.read(c.id, c.outs);
    expect(read.props).toMatchObject({
      action: "Log",
      enabled: true,
      entryCount: 2,
      entriesDigest: sha256("192.0.2.0/24\n203.0.113.7/32"),
    });
    expect(read.inputs).toEqual({
      shieldZoneId: 1,
      name: "partners",
      type: "CIDR",
      entries: "192.0.2.0/24\n203.0.113.7/32",
      enabled: true,
      action: "Log",
    });
    // No drift: the read gives back the program's inputs.
    const again = await p.read(c.id, c.outs);
    expect(again.inputs).toBeDefined();
    const clean = await p.read(c.id, read.props as AccessListOutputs);
    expect(clean.inputs).toEqual(read.inputs);
  });

  test("gone only when confirmed: 404 + listing without it → gone; an unreadable listing → error", async () => {
    const c = await createIn(1);
    const s = await t.state();
    s.accessLists = s.accessLists.filter((x) => x.id !== Number(c.id));
    await t.setState(s);
    await t.fault({ method: "GET", path: `^${Z1}$`, status: 403, count: 1 });
    await expect(p.read(c.id, c.outs)).rejects.toThrow(/NOT treated as gone/);
    expect((await p.read(c.id, c.outs)).id).toBe("");
  });

  test("a listing that shows fewer custom lists than it counts never confirms a list gone", async () => {
    const c = await createIn(1);
    const res = await fetch(`${t.emu.url}${Z1}`, { headers: { accesskey: t.emu.apiKey } });
    const listing = (await res.json()) as { customLists: unknown[]; customListCount: number };
    const s = await t.state();
    s.accessLists = s.accessLists.filter((x) => x.id !== Number(c.id));
    await t.setState(s);
    // The listing as it was (it counts the deleted list) with its custom lists cut short.
    await t.fault({
      method: "GET",
      path: `^${Z1}$`,
      status: 200,
      body: { ...listing, customLists: [] },
      count: 2,
    });
    await expect(p.read(c.id, c.outs)).rejects.toThrow(/shows 0 of the 2 custom lists it counts/);
  });

  test("a not-found while the zone still lists the list is an error", async () => {
    const c = await createIn(1);
    await t.fault({ method: "GET", path: `^${Z1}/${c.id}$`, status: 404, count: 1 });
    await expect(p.read(c.id, c.outs)).rejects.toThrow(/still lists list/);
  });

  test("destroy: a created list is deleted; an adopted one is kept", async () => {
    const c = await createIn(1);
    const adopted = await p.create(checked({ listId: 501, shieldZoneId: 1 }));
    resetRunState();
    await t.clearJournal();
    await p.delete(c.id, c.outs);
    await p.delete(adopted.id, adopted.outs as AccessListOutputs);
    expect(await calls()).toEqual([`DELETE ${Z1}/${c.id} 200`]);
    expect(await listById(501)).toBeDefined();
    expect(await listById(Number(c.id))).toBeUndefined();
  });

  test('get: a read-only view by "<zone>/<list>"', async () => {
    const read = await p.read("1/501", {} as AccessListOutputs);
    expect(read.id).toBe("1/501");
    expect(read.props).toMatchObject({
      listId: 501,
      shieldZoneId: 1,
      readOnly: true,
      adopted: true,
      deleteOnDestroy: false,
      name: "office-network",
      description: "Office egress ranges",
      entryCount: 2,
      configurationId: 7101,
      // The fixture's type 1 and action 1, by name (as the data sources give them).
      type: "CIDR",
      action: "Allow",
    });
  });
});

/** Runs `body` against an emulator with `profile`, then points the providers back at `t`. */
describe("a refresh of many lists of one zone", () => {
  /** `n` lists created in shield zone 1 by this program (then a new run, as a refresh is). */
  async function created(n: number) {
    const made = [];
    for (let i = 0; i < n; i++) {
      made.push(await createIn(1, `refresh-${i}`, { enabled: true, action: "Allow" }));
    }
    resetRunState();
    await t.clearJournal();
    return made;
  }
  /** Changes list `id` in the platform (drift made outside Pulumi). */
  async function change(id: string, patch: Partial<List>) {
    const s = await t.state();
    Object.assign(
      s.accessLists.find((l) => l.id === Number(id))!,
      patch,
    );
    await t.setState(s);
  }
  const tally = (log: string[]) => ({
    lists: log.filter((c) => new RegExp(`^GET ${Z1}/\\d+ 200$`).test(c)).length,
    listings: log.filter((c) => c === `GET ${Z1} 200`).length,
    other: log.filter((c) => !c.startsWith(`GET ${Z1}`)).length,
  });

  test("4 lists: one GET each and one listing for all (was two GETs each); drift shows by field", async () => {
    const made = await created(4);
    await change(made[1].id, { action: 4 }); // Log
    await change(made[2].id, { isEnabled: false, content: "198.51.100.0/24" });
    await t.clearJournal();
    const reads = await Promise.all(made.map((m) => p.read(m.id, m.outs)));
    expect(tally(await calls())).toEqual({ lists: 4, listings: 1, other: 0 });
    expect(reads.map((r) => r.props?.action)).toEqual(["Allow", "Log", "Allow", "Allow"]);
    expect(reads.map((r) => r.props?.enabled)).toEqual([true, true, false, true]);
    expect(reads[2].inputs).toMatchObject({ entries: "198.51.100.0/24", enabled: false });
    for (const i of [0, 3]) expect(reads[i].inputs).toEqual(made[i].inputs);
  });

  test("a list the shared listing lacks (created outside since) is read with a fresh listing", async () => {
    const made = await created(1);
    await p.read(made[0].id, made[0].outs); // the listing this refresh shares
    const s = await t.state();
    const other = { ...s.accessLists.find((l) => l.id === Number(made[0].id))! };
    s.accessLists.push({ ...other, id: 9901, configurationId: 9902, name: "late", action: 2 });
    await t.setState(s);
    await t.clearJournal();
    const late = await p.read("9901", { ...made[0].outs, listId: 9901, name: "late" });
    expect(late.props).toMatchObject({ listId: 9901, configurationId: 9902, action: "Block" });
    expect(tally(await calls())).toEqual({ lists: 1, listings: 1, other: 0 });
  });

  test("a write by this process, or a list read again, ends the sharing: the next read sees a fresh listing", async () => {
    const made = await created(3);
    await p.read(made[0].id, made[0].outs);
    await p.read(made[1].id, made[1].outs); // shares the first read's listing
    await change(made[2].id, { action: 4 });
    const news = checked({ ...made[0].inputs, name: "renamed-0" });
    await p.update(made[0].id, made[0].outs, news); // a write: the sharing ends
    await t.clearJournal();
    expect((await p.read(made[2].id, made[2].outs)).props?.action).toBe("Log");
    expect(tally(await calls()).listings).toBe(1);

    await p.read(made[1].id, made[1].outs); // list 1 again: a new session, a fresh listing
    await change(made[1].id, { action: 2 });
    await t.clearJournal();
    expect((await p.read(made[1].id, made[1].outs)).props?.action).toBe("Block");
    expect(tally(await calls()).listings).toBe(1);
  });

  test("the shared listing fails (403 once): that read fails as it did; the others fetch their own", async () => {
    const made = await created(3);
    await t.fault({ method: "GET", path: `^${Z1}$`, status: 403, count: 1 });
    const reads = await Promise.allSettled(made.map((m) => p.read(m.id, m.outs)));
    expect(reads.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    const ok = reads.filter((r) => r.status === "fulfilled") as PromiseFulfilledResult<
      Awaited<ReturnType<typeof p.read>>
    >[];
    ok.forEach((r, i) => expect(r.value.inputs).toEqual(made[i + 1].inputs));
  });
});

async function withProfile(
  profile: Record<string, unknown>,
  body: (ctl: EmulatorControl) => Promise<void>,
): Promise<void> {
  const emu = await startEmulator({ port: 0, profile: profile as never });
  const saved = { ...timing };
  Object.assign(timing, { readBackMs: 3_000, readBackStepMs: 20 });
  try {
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
    );
    await body(new EmulatorControl(emu.url));
  } finally {
    Object.assign(timing, saved);
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url }),
    );
    await emu.close();
  }
}

const lines = async (ctl: EmulatorControl) =>
  (await ctl.journal()).map((e) => `${e.method} ${e.path} ${e.status}`);

describe("other behaviour profiles", () => {
  test("202 without the id: the list is found by name (one POST); an entries update is read back", async () => {
    await withProfile(
      { name: "async-202", writeDelayMs: 60, acceptedNamesRule: false },
      async (ctl) => {
        const c = await createIn(1, "later");
        expect((await lines(ctl)).filter((l) => l.startsWith("POST"))).toEqual([`POST ${Z1} 202`]);
        expect(c.outs).toMatchObject({ name: "later", entryCount: 2 });
        const news = checked({ ...c.inputs, entries: ["192.0.2.0/24"] }, c.inputs);
        const res = await p.update(c.id, c.outs, news);
        expect(res.outs).toMatchObject({ entryCount: 1, entriesDigest: sha256("192.0.2.0/24") });
        expect((await ctl.state()).accessLists.find((l) => l.id === Number(c.id))?.content).toBe(
          "192.0.2.0/24",
        );
      },
    );
  });

  test("embedded-not-found (200 with a 404 inside): gone only with the listing's evidence; delete of a gone list is fine", async () => {
    await withProfile({ name: "embedded-not-found" }, async (ctl) => {
      const c = await createIn(1);
      const s = await ctl.state();
      s.accessLists = s.accessLists.filter((x) => x.id !== Number(c.id));
      await ctl.setState(s);
      expect((await p.read(c.id, c.outs)).id).toBe("");
      await expect(p.delete(c.id, c.outs)).resolves.toBeUndefined();
      const adopt = checked({ listId: 999, shieldZoneId: 1, enabled: true });
      await expect(p.create(adopt)).rejects.toThrow(/custom access list 999 does not exist/);
    });
  });
});

describe("202 profile (writes applied later)", () => {
  test("create answered 202 is read back, then its configuration set; one POST", async () => {
    const emu = await startEmulator({ port: 0, profile: { name: "async-202", writeDelayMs: 60 } });
    const saved = { ...timing };
    Object.assign(timing, { readBackMs: 3_000, readBackStepMs: 20 });
    try {
      resetSettings();
      configureFromRequest(
        stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
      );
      const res = await createIn(1, "later", { enabled: true });
      expect(res.outs).toMatchObject({ name: "later", enabled: true, entryCount: 2 });
      const journal = (await new EmulatorControl(emu.url).journal()).map(
        (e) => `${e.method} ${e.path} ${e.status}`,
      );
      expect(journal.filter((c) => c.startsWith("POST"))).toEqual([`POST ${Z1} 202`]);
      expect(journal).toContain(`GET ${Z1}/${res.id} 200`);
    } finally {
      Object.assign(timing, saved);
      resetSettings();
      configureFromRequest(
        stackConfig({ "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url }),
      );
      await emu.close();
    }
  });
});

describe("a configuration answered 202 (issue 28, finding 4)", () => {
  test("async-202: when create returns, the platform has the list enabled with the program's action", async () => {
    await withProfile({ name: "async-202", writeDelayMs: 60 }, async (ctl) => {
      const c = await createIn(1, "later", { enabled: true, action: "Block" });
      expect(c.outs).toMatchObject({ enabled: true, action: "Block" });
      // Read at once: no waiting for the emulator's pending writes.
      const stored = (await ctl.state()).accessLists.find((l) => l.id === Number(c.id));
      expect(stored).toMatchObject({ isEnabled: true, action: 2 /* Block */ });
    });
  });

  test("a configuration PATCH answered 202 that is never applied: the create fails as a partial create with the list's id, never succeeds", async () => {
    const saved = { ...timing };
    Object.assign(timing, { readBackMs: 300, readBackStepMs: 20 });
    try {
      await t.fault({
        method: "PATCH",
        path: "/access-lists/configurations/",
        status: 202,
        body: { statusCode: 202, location: null, value: null },
      });
      const inputs = checked({
        shieldZoneId: 1,
        name: "dropped",
        type: "CIDR",
        entries: ENTRIES,
        enabled: true,
        action: "Block",
      });
      const err = await p.create(inputs).then(
        () => undefined,
        (e: unknown) => e as { message: string; id?: string; properties?: Record<string, unknown> },
      );
      const stored = (await lists()).find((l) => l.name === "dropped");
      expect(stored).toMatchObject({ isEnabled: false, action: 0 });
      expect(err?.message).toMatch(/202/);
      expect(err?.id).toBe(String(stored!.id));
      expect(err?.properties).toMatchObject({ listId: stored!.id });
      expect(err?.properties?.enabled).not.toBe(true);
      expect((await writes()).filter((w) => w.startsWith("POST"))).toHaveLength(1);
    } finally {
      Object.assign(timing, saved);
    }
  });
});

describe("a delete answered 202 (issue 28, finding 4: every write)", () => {
  const ACCEPTED = { statusCode: 202, location: null, value: null };
  const withShortReadBack = async (body: () => Promise<void>) => {
    const saved = { ...timing };
    Object.assign(timing, { readBackMs: 300, readBackStepMs: 20 });
    try {
      await body();
    } finally {
      Object.assign(timing, saved);
    }
  };

  test("applied (the list is gone when read back): destroy succeeds", async () => {
    const c = await createIn(1);
    resetRunState(); // a later run: destroy
    await withShortReadBack(async () => {
      await t.fault({
        method: "DELETE",
        path: "/access-lists/",
        status: 202,
        body: ACCEPTED,
        afterHandler: true,
      });
      await expect(p.delete(c.id, c.outs)).resolves.toBeUndefined();
    });
    expect(await listById(Number(c.id))).toBeUndefined();
  });

  test("never applied: destroy fails (the resource stays in the state), never reports the list deleted", async () => {
    const c = await createIn(1);
    resetRunState(); // a later run: destroy
    await withShortReadBack(async () => {
      await t.fault({ method: "DELETE", path: "/access-lists/", status: 202, body: ACCEPTED });
      await expect(p.delete(c.id, c.outs)).rejects.toThrow(/202/);
    });
    expect(await listById(Number(c.id))).toMatchObject({ name: "partners" });
  });

  test("an update of enabled/action answered 202 and never applied fails; it does not report the new values", async () => {
    const c = await createIn(1);
    resetRunState(); // a later run: destroy
    await withShortReadBack(async () => {
      await t.fault({
        method: "PATCH",
        path: "/access-lists/configurations/",
        status: 202,
        body: ACCEPTED,
      });
      const news = checked({ ...c.inputs, enabled: true, action: "Block" }, c.inputs);
      await expect(p.update(c.id, c.outs, news)).rejects.toThrow(/202/);
    });
    expect(await listById(Number(c.id))).toMatchObject({ isEnabled: false, action: 0 });
  });
});
