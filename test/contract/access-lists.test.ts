/** Client vs emulator: access lists (`client.accessLists`, `spec/shield.md`). */
import {
  AccessListAction,
  AccessListType,
  accessListContent,
  Client,
  validateAccessListEntries,
} from "../../packages/client/src";
import {
  customAccessListResponseSchema,
  validate,
  zoneAccessListsSchema,
  type CustomAccessList,
} from "../../packages/client/src/spec";
import { EmulatorControl } from "../../packages/emulator/src";
import { apiError, client, Emu, fault, journal, useEmulator } from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cidrs = (n: number) => Array.from({ length: n }, (_, i) => `10.${i}.0.0/16`);

describe("the zone's listing", () => {
  test("managed and custom lists with configurationIds, counts and limits", async () => {
    const all = await c.accessLists.listAccessLists(1);
    expect(validate(zoneAccessListsSchema, all)).toEqual([]);
    expect(
      all.managedLists.map((l) => [l.listId, l.configurationId, l.name, l.isEnabled, l.action]),
    ).toEqual([
      [1, 7001, "VPN Providers", true, AccessListAction.Block],
      [2, 7002, "Tor Exit Nodes", true, AccessListAction.Challenge],
      [3, 7003, "AI Crawlers", false, AccessListAction.None],
      [4, 7004, "Known Botnets", false, AccessListAction.None],
    ]);
    expect(all.managedLists[3].requiredPlan).toBe(2);
    expect(all.customLists).toEqual([
      expect.objectContaining({
        listId: 501,
        configurationId: 7101,
        isEnabled: true,
        action: 1,
        entryCount: 2,
      }),
    ]);
    expect(all).toMatchObject({
      customEntryCount: 2,
      customEntryLimit: 1000,
      customListCount: 1,
      customListLimit: 5,
    });
  });

  test("a zone without configurations gets fresh ones (disabled), stable across reads", async () => {
    const first = await c.accessLists.listAccessLists(2);
    expect(first.managedLists.map((l) => [l.configurationId, l.isEnabled, l.action])).toEqual([
      [8000, false, 0],
      [8001, false, 0],
      [8002, false, 0],
      [8003, false, 0],
    ]);
    expect((await c.accessLists.listAccessLists(2)).managedLists).toEqual(first.managedLists);
    expect(first).toMatchObject({ customListCount: 0, customListLimit: 1, customEntryLimit: 10 });
  });

  test("an unknown zone: a 2xx with an embedded error is an EdgeApiError", async () => {
    const e = await apiError(c.accessLists.listAccessLists(99));
    expect(e.status).toBe(200);
    expect(e.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
  });
});

describe("shapes the client relies on, and scoped keys", () => {
  test("a listing without its arrays, or a list answer without data, is an error", async () => {
    await fault(emu, {
      method: "GET",
      path: "access-lists$",
      status: 200,
      body: { customLists: [] },
    });
    const e = await apiError(c.accessLists.listAccessLists(1));
    expect(e.errorKey).toBe("unexpected_response");
    expect(e.message).toMatch(/no "managedLists" array/);
    await fault(emu, {
      method: "GET",
      path: "access-lists/501$",
      status: 200,
      body: { data: null },
    });
    expect((await apiError(c.accessLists.getAccessList(1, 501))).errorKey).toBe(
      "unexpected_response",
    );
  });

  test("a key scoped to zone 2 sees neither zone 1's lists nor its configurations", async () => {
    await new EmulatorControl(emu.url).setScopedKeys({ "zone-two-key": { shieldZones: [2] } });
    try {
      const scoped = client(emu, { apiKey: "zone-two-key" });
      for (const p of [
        scoped.accessLists.listAccessLists(1),
        scoped.accessLists.getAccessList(1, 501),
        scoped.accessLists.updateAccessListConfiguration(1, 7101, { isEnabled: false }),
      ]) {
        const e = await apiError(p);
        expect([e.status, e.errorKey]).toEqual([
          200,
          "not_found_or_unauthorised_access.shieldzone",
        ]);
      }
      expect((await scoped.accessLists.listAccessLists(2)).customListLimit).toBe(1);
      expect((await c.accessLists.listAccessLists(1)).customLists[0].isEnabled).toBe(true);
    } finally {
      await new EmulatorControl(emu.url).setScopedKeys({});
    }
  });
});

describe("custom lists: CRUD", () => {
  test("create, read (with its configuration), update the entries, delete", async () => {
    const created = await c.accessLists.createAccessList(1, {
      name: "partners",
      description: "partner networks",
      type: AccessListType.CIDR,
      content: accessListContent(["192.0.2.0/24", "2001:db8::/32"]),
      checksum: null,
    });
    expect(created.status).toBe(200);
    const list = (created as { list: CustomAccessList }).list;
    expect(list).toMatchObject({ id: 600, name: "partners", type: 1, entryCount: 2 });
    expect(list.content).toBe("192.0.2.0/24\n2001:db8::/32");
    expect(list.checksum).toMatch(/^[0-9a-f]{32}$/);

    const read = await c.accessLists.getAccessListWithConfiguration(1, 600);
    expect(read.list).toEqual(list);
    expect(read.details).toMatchObject({
      listId: 600,
      configurationId: 8000,
      isEnabled: false,
      action: 0,
    });

    const upd = await c.accessLists.updateAccessList(1, 600, {
      name: "partners-2",
      content: accessListContent(["192.0.2.0/24"]),
    });
    expect(upd).toMatchObject({
      status: 200,
      list: { name: "partners-2", entryCount: 1, description: "partner networks" },
    });

    expect(await c.accessLists.deleteAccessList(1, 600)).toMatchObject({ success: true });
    const gone = await apiError(c.accessLists.getAccessList(1, 600));
    expect(gone.status).toBe(404);
    expect(gone.isNotFound).toBe(true);
    expect(gone.errorKey).toBe("not_found.access_list");
    expect((await c.accessLists.listAccessLists(1)).customLists.map((l) => l.listId)).toEqual([
      501,
    ]);
  });

  test("a list answers {data, error} in the published shape", async () => {
    const res = await fetch(`${emu.url}/shield/shield-zone/1/access-lists/501`, {
      headers: { AccessKey: emu.apiKey },
    });
    expect(validate(customAccessListResponseSchema, await res.json())).toEqual([]);
  });

  test("a list of another zone is not found in this one", async () => {
    expect((await apiError(c.accessLists.getAccessList(2, 501))).isNotFound).toBe(true);
  });
});

describe("the configuration PATCH", () => {
  test("is keyed by configurationId; a listId there is not found", async () => {
    const r = await c.accessLists.updateAccessListConfiguration(1, 7101, {
      isEnabled: false,
      action: AccessListAction.Block,
    });
    // The published answer's `data` is the configuration itself, `{isEnabled, action}`.
    expect(r).toEqual({ status: 200, configuration: { isEnabled: false, action: 2 } });
    const managed = await c.accessLists.updateAccessListConfiguration(1, 7003, {
      isEnabled: true,
      action: 4,
    });
    expect(managed).toEqual({ status: 200, configuration: { isEnabled: true, action: 4 } });
    const all = await c.accessLists.listAccessLists(1);
    expect(all.customLists[0]).toMatchObject({ isEnabled: false, action: 2 });
    expect(all.managedLists[2]).toMatchObject({ isEnabled: true, action: 4 });

    const e = await apiError(
      c.accessLists.updateAccessListConfiguration(1, 501, { isEnabled: true }),
    );
    expect(e.status).toBe(404);
    expect(e.errorKey).toBe("not_found.access_list_configuration");
    expect(e.message).toMatch(/configurationId, not its listId/);
    expect((await journal(emu, /configurations/)).map((x) => x.path)).toEqual([
      "/shield/shield-zone/1/access-lists/configurations/7101",
      "/shield/shield-zone/1/access-lists/configurations/7003",
      "/shield/shield-zone/1/access-lists/configurations/501",
    ]);
  });

  test("a managed list above the zone's plan answers not_available.access_list", async () => {
    const e = await apiError(
      c.accessLists.updateAccessListConfiguration(1, 7004, { isEnabled: true }),
    );
    expect(e.status).toBe(200);
    expect(e.errorKey).toBe("not_available.access_list");
    expect(e.isNotFound).toBe(false);
    expect(e.message).toMatch(/needs the Business plan; shield zone 1 is on the Basic plan/);
    expect((await c.accessLists.listAccessLists(1)).managedLists[3].isEnabled).toBe(false);
  });
});

describe("plan limits and entries", () => {
  test("zone 2: more entries than customEntryLimit, then more lists than customListLimit", async () => {
    const tooMany = await apiError(
      c.accessLists.createAccessList(2, {
        name: "big",
        type: AccessListType.CIDR,
        content: accessListContent(cidrs(11)),
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.errorKey).toBe("limit_reached.access_list_entry");
    expect(tooMany.message).toMatch(
      /may hold 10 custom access-list entries on its Advanced plan \(customEntryLimit\)/,
    );

    const ok = await c.accessLists.createAccessList(2, {
      name: "ten",
      type: AccessListType.CIDR,
      content: accessListContent(cidrs(10)),
    });
    expect(ok.status).toBe(200);
    const second = await apiError(
      c.accessLists.createAccessList(2, {
        name: "second",
        type: AccessListType.IP,
        content: "192.0.2.1",
      }),
    );
    expect(second.errorKey).toBe("limit_reached.access_list");
    expect(second.message).toMatch(/customListLimit 1/);
    // an update that would pass the entry limit is refused too
    const upd = await apiError(
      c.accessLists.updateAccessList(2, (ok as { list: CustomAccessList }).list.id, {
        content: accessListContent(cidrs(11)),
      }),
    );
    expect(upd.errorKey).toBe("limit_reached.access_list_entry");
  });

  test("the platform refuses a bad entry, naming it and its index", async () => {
    const e = await apiError(
      c.accessLists.createAccessList(1, {
        name: "bad",
        type: AccessListType.IP,
        content: "192.0.2.1\n300.1.1.1",
      }),
    );
    expect(e.status).toBe(400);
    expect(e.errorKey).toBe("validation_error.access_list_content");
    expect(e.message).toMatch(/content\[1\]: "300\.1\.1\.1" must be an IPv4 or IPv6 address/);
  });

  test("validateAccessListEntries: each type, problems naming the entry and its index", () => {
    const ok: [number, string[]][] = [
      [AccessListType.IP, ["192.0.2.1", "2001:db8::1"]],
      [AccessListType.CIDR, ["192.0.2.0/24", "2001:db8::/32", "0.0.0.0/0"]],
      [AccessListType.ASN, ["AS13335", "15169", "as64512"]],
      [AccessListType.Country, ["DE", "US", "GB"]],
      [AccessListType.Organization, ["Example Hosting GmbH"]],
      [AccessListType.JA4, ["t13d1516h2_8daaf6152771_e5627efa2ab1"]],
    ];
    for (const [type, entries] of ok)
      expect(validateAccessListEntries(type as 0, entries)).toEqual([]);
    const bad = (type: number, entries: string[]) =>
      validateAccessListEntries(type as 0, entries).map((f) => `${f.property}: ${f.reason}`);
    expect(bad(AccessListType.IP, ["192.0.2.1", "192.0.2.0/24"])).toEqual([
      'entries[1]: "192.0.2.0/24" must be an IPv4 or IPv6 address',
    ]);
    expect(bad(AccessListType.CIDR, ["192.0.2.0/33", "192.0.2.1", "2001:db8::/129"])).toEqual([
      'entries[0]: "192.0.2.0/33" the prefix length must be 0 to 32',
      'entries[1]: "192.0.2.1" must be an IPv4 or IPv6 network in CIDR notation (203.0.113.0/24, 2001:db8::/32)',
      'entries[2]: "2001:db8::/129" the prefix length must be 0 to 128',
    ]);
    expect(bad(AccessListType.ASN, ["AS0", "ASX1", "AS13335", "13335"])).toEqual([
      'entries[0]: "AS0" must be an autonomous system number ("AS13335" or "13335", 1 to 4294967295)',
      'entries[1]: "ASX1" must be an autonomous system number ("AS13335" or "13335", 1 to 4294967295)',
      'entries[3]: "13335" repeats entries[2] ("AS13335": the same entry)',
    ]);
    // One address or network spelled two ways is one entry; another address is not.
    expect(
      bad(AccessListType.IP, ["2001:db8::1", "2001:DB8:0:0::1", "2001:db8::2", "192.0.2.1"]),
    ).toEqual(['entries[1]: "2001:DB8:0:0::1" repeats entries[0] ("2001:db8::1": the same entry)']);
    // A zone index is kept as written (it is case-sensitive); the address before it is not.
    expect(bad(AccessListType.IP, ["fe80::1%eth0", "fe80::1%ETH0", "FE80:0::1%eth0"])).toEqual([
      'entries[2]: "FE80:0::1%eth0" repeats entries[0] ("fe80::1%eth0": the same entry)',
    ]);
    expect(
      bad(AccessListType.CIDR, ["2001:db8::/32", "2001:0DB8::/032", "2001:db8::/48", "10.0.0.0/8"]),
    ).toEqual([
      'entries[1]: "2001:0DB8::/032" repeats entries[0] ("2001:db8::/32": the same entry)',
    ]);
    expect(bad(AccessListType.Country, ["de", "XX", "EU"])).toEqual([
      'entries[0]: "de" must be an ISO 3166-1 alpha-2 country code in capitals ("DE")',
      'entries[1]: "XX" must be an ISO 3166-1 alpha-2 country code ("DE", "US")',
      'entries[2]: "EU" must be an ISO 3166-1 alpha-2 country code ("DE", "US")',
    ]);
    expect(bad(AccessListType.Organization, [" "])).toEqual([
      'entries[0]: " " must be a non-empty organization name',
    ]);
    expect(
      bad(AccessListType.JA4, ["t13d1516h2_8daaf6152771", "t13d1516h2_8DAAF6152771_e5627efa2ab1"]),
    ).toHaveLength(2);
    // content works too (split on newlines, blank lines dropped), with another property name
    expect(validateAccessListEntries(AccessListType.IP, "192.0.2.1\n\nnope\n", "content")).toEqual([
      { property: "content[1]", reason: '"nope" must be an IPv4 or IPv6 address' },
    ]);
  });
});

describe("writes answered 202 and applied later", () => {
  test("create and configuration PATCH", async () => {
    const ctl = new EmulatorControl(emu.url);
    await ctl.setProfile({ writeDelayMs: 150 });
    try {
      const res = await c.accessLists.createAccessList(1, {
        name: "later",
        type: AccessListType.Country,
        content: "DE",
      });
      expect(res).toEqual({
        status: 202,
        accepted: {
          location: "/shield/shield-zone/1/access-lists/600",
          value: { id: 600 },
          statusCode: 202,
        },
      });
      expect((await apiError(c.accessLists.getAccessList(1, 600))).isNotFound).toBe(true);
      const cfg = await c.accessLists.updateAccessListConfiguration(1, 7101, { action: 5 });
      expect(cfg.status).toBe(202);
      expect((await c.accessLists.listAccessLists(1)).customLists[0].action).toBe(1);
      await sleep(300);
      expect((await c.accessLists.getAccessList(1, 600)).content).toBe("DE");
      expect((await c.accessLists.listAccessLists(1)).customLists[0].action).toBe(5);
    } finally {
      await ctl.setProfile("default");
    }
  });
});

test("a delete answered 202 (applied later) says statusCode 202, whatever its body holds", async () => {
  await fault(emu, { method: "DELETE", path: "/access-lists/501$", status: 202, body: null });
  expect(await c.accessLists.deleteAccessList(1, 501)).toEqual({ statusCode: 202 });
  await fault(emu, {
    method: "DELETE",
    path: "/access-lists/501$",
    status: 202,
    body: { statusCode: 202, location: null, value: null },
  });
  expect(await c.accessLists.deleteAccessList(1, 501)).toMatchObject({ statusCode: 202 });
});
