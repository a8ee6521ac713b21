/**
 * ManagedAccessList provider against the in-process emulator. Fixtures: shield zone 1 (pull
 * zone 1, Basic plan) holds managed lists 1 "VPN Providers" (enabled, Block, configuration
 * 7001), 2 "Tor Exit Nodes" (enabled, Challenge, 7002), 3 "AI Crawlers" (disabled, None,
 * 7003) and 4 "Known Botnets" (disabled, None, 7004; needs the Business plan), and the custom
 * list 501 "office-network". Expected values come from the fixtures, never from the
 * provider's own functions.
 */
import * as pulumi from "@pulumi/pulumi";
import fc from "fast-check";
import { ManagedAccessList } from "../../packages/pulumi/src/resources/public/managed-access-list";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import {
  checkManagedAccessList,
  diffManagedAccessList,
  ManagedAccessListInputs,
  ManagedAccessListOutputs,
  managedAccessListProvider as p,
} from "../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import { EmulatorControl } from "../../packages/emulator/src";
import { startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
  await t.clearJournal();
});

const checked = (news: Record<string, unknown>): ManagedAccessListInputs => {
  const r = checkManagedAccessList({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs as ManagedAccessListInputs;
};
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path}`);
const writes = async () => (await t.journal()).filter((e) => e.method !== "GET");
const config = async (cid: number) => {
  const c = (await t.state()).accessListConfigs.find((x) => x.configurationId === cid)!;
  return { isEnabled: c.isEnabled, action: c.action };
};
const LISTING = "GET /shield/shield-zone/1/access-lists";
const patch = (cid: number) => `PATCH /shield/shield-zone/1/access-lists/configurations/${cid}`;
const rejection = async (p: Promise<unknown>): Promise<Error> => {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection");
};

describe("check", () => {
  test("valid forms, unknowns pass", () => {
    checked({ shieldZoneId: 1, listId: 3, enabled: true });
    checked({ pullZoneId: 1, listName: "AI Crawlers", action: "Block" });
    checked({ shieldZoneId: 1, listId: 3, action: 2 });
    checked({ shieldZoneId: UNKNOWN, listId: UNKNOWN, enabled: UNKNOWN });
  });

  test("never throws, on any JSON", () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.dictionary(
          fc.constantFrom("shieldZoneId", "pullZoneId", "listId", "listName", "enabled", "action"),
          fc.anything(),
        ),
        (any, news) => {
          expect(Array.isArray(checkManagedAccessList({}, any).failures)).toBe(true);
          expect(Array.isArray(checkManagedAccessList({}, news).failures)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  test.each([
    [{ listId: 3, enabled: true }, "shieldZoneId", /one of `shieldZoneId` or `pullZoneId`/],
    [{ shieldZoneId: 1, pullZoneId: 1, listId: 3, enabled: true }, "pullZoneId", /not both/],
    [{ shieldZoneId: 1, enabled: true }, "listId", /one of `listId` or `listName`/],
    [{ shieldZoneId: 1, listId: 3, listName: "x", enabled: true }, "listName", /not both/],
    [
      { shieldZoneId: 1, listId: 3 },
      "enabled",
      /at least one setting is required \(`enabled`, `action`\)/,
    ],
    [{ shieldZoneId: 1, listId: 3, action: "Deny" }, "action", /Block/],
    [{ shieldZoneId: 1, listId: 3, action: 6 }, "action", /"Bypass", 0, 1, 2, 3, 4, 5; got 6$/],
    [{ shieldZoneId: 1, listId: 3, enabled: "yes" }, "enabled", /boolean/],
    [{ shieldZoneId: 1, listId: 3, enabled: true, extra: 1 }, "extra", /./],
  ])("refuses %p", (news, property, reason) => {
    const f = checkManagedAccessList({}, news).failures ?? [];
    const hit = f.find((x) => x.property === property);
    expect(hit?.reason).toMatch(reason);
  });
});

describe("create", () => {
  test("by listId: records the prior, one PATCH of both fields, outputs", async () => {
    const r = await p.create(checked({ shieldZoneId: 1, listId: 3, enabled: true }));
    expect(await calls()).toEqual([LISTING, patch(7003)]);
    expect((await writes())[0].body).toEqual({ isEnabled: true, action: 0 });
    console.log("journal counts: ManagedAccessList create (enabled differs) = 2 requests, 1 write");
    expect(r.id).toBe("1/3");
    expect(r.outs).toMatchObject({
      shieldZoneId: 1,
      listId: 3,
      configurationId: 7003,
      listName: "AI Crawlers",
      category: "AiCrawlers",
      requiredPlan: "Basic",
      enabled: true,
      action: "None",
      prior: { enabled: false },
      unmanaged: ["action"],
    });
    expect(await config(7003)).toEqual({ isEnabled: true, action: 0 });
  });

  test("by listName through pullZoneId: action name kept as a name", async () => {
    const r = await p.create(
      checked({ pullZoneId: 1, listName: "Tor Exit Nodes", enabled: true, action: "Block" }),
    );
    expect(await calls()).toEqual([
      "GET /shield/shield-zone/get-by-pullzone/1",
      LISTING,
      patch(7002),
    ]);
    expect(r.outs).toMatchObject({
      shieldZoneId: 1,
      pullZoneId: 1,
      listId: 2,
      listName: "Tor Exit Nodes",
      category: "TorExitNodes",
      enabled: true,
      action: "Block",
      prior: { enabled: true, action: "Challenge" },
    });
    expect((r.outs as ManagedAccessListOutputs).unmanaged).toBeUndefined();
    expect(await config(7002)).toEqual({ isEnabled: true, action: 2 });
  });

  test("equal configuration: 0 writes (listing only)", async () => {
    const r = await p.create(
      checked({ shieldZoneId: 1, listName: "VPN Providers", enabled: true, action: 2 }),
    );
    expect(await calls()).toEqual([LISTING]);
    expect(r.outs).toMatchObject({
      enabled: true,
      action: "Block", // written as 2: the state reads the name
      prior: { enabled: true, action: "Block" },
    });
  });

  test("partial: only enabled is written; the action stays as it is", async () => {
    await p.create(checked({ shieldZoneId: 1, listId: 2, enabled: false }));
    expect(await config(7002)).toEqual({ isEnabled: false, action: 3 });
  });

  test("plan-gated list on a Basic zone: refused before any write, naming Business and Basic", async () => {
    const e = await rejection(p.create(checked({ shieldZoneId: 1, listId: 4, enabled: true })));
    expect(e.message).toMatch(/needs the Business plan; shield zone 1 is on the Basic plan/);
    expect(e.message).toMatch(/Nothing was written/);
    expect(await writes()).toEqual([]);
    // The zone's plan unreadable: the platform's not_available answer says it at the write.
    resetRunState();
    await t.fault({ method: "GET", path: "^/shield/shield-zone/1$", status: 403, count: 5 });
    const e2 = await rejection(
      p.create(checked({ shieldZoneId: 1, listName: "Known Botnets", action: "Block" })),
    );
    expect(e2.message).toMatch(/needs the Business plan; shield zone 1 is on a plan without it/);
    expect(await config(7004)).toEqual({ isEnabled: false, action: 0 });
  });

  test("plan-gated list that needs no write: no failure, no write", async () => {
    const r = await p.create(checked({ shieldZoneId: 1, listId: 4, enabled: false }));
    expect(r.outs).toMatchObject({ requiredPlan: "Business", enabled: false });
    expect(await writes()).toEqual([]);
  });

  test("unknown name: error lists the managed lists; custom list: use AccessList", async () => {
    const e = await rejection(
      p.create(checked({ shieldZoneId: 1, listName: "Tor", enabled: true })),
    );
    expect(e.message).toContain(
      'shield zone 1 has no managed access list with name "Tor"; its managed lists are ' +
        '"VPN Providers" (listId 1), "Tor Exit Nodes" (listId 2), "AI Crawlers" (listId 3), ' +
        '"Known Botnets" (listId 4)',
    );
    const c = await rejection(p.create(checked({ shieldZoneId: 1, listId: 501, enabled: true })));
    expect(c.message).toMatch(/is a custom list .* edge\.shield\.AccessList/);
    expect(await writes()).toEqual([]);
  });

  test("two resources for one list in a run (id and name): the second is refused before any write", async () => {
    await p.create(checked({ shieldZoneId: 1, listId: 3, enabled: true }));
    await t.clearJournal();
    const e = await rejection(
      p.create(checked({ pullZoneId: 1, listName: "AI Crawlers", action: "Log" })),
    );
    expect(e.message).toMatch(/another resource of this program already manages .* list 3/);
    expect(await writes()).toEqual([]);
    expect(await config(7003)).toEqual({ isEnabled: true, action: 0 });
  });
});

describe("update, read, delete", () => {
  test("update one field = listing + one PATCH (both fields, the other as read); destroy restores prior", async () => {
    const created = await p.create(
      checked({ shieldZoneId: 1, listId: 1, enabled: true, action: "Challenge" }),
    );
    let outs = created.outs as ManagedAccessListOutputs;
    expect(outs.prior).toEqual({ enabled: true, action: "Block" });
    const news = checked({ shieldZoneId: 1, listId: 1, enabled: true, action: "Log" });
    expect(diffManagedAccessList("1/1", outs, news)).toMatchObject({ changes: true, replaces: [] });
    await t.clearJournal();
    outs = (await p.update("1/1", outs, news)).outs as ManagedAccessListOutputs;
    expect(await calls()).toEqual([LISTING, patch(7001)]);
    expect((await writes())[0].body).toEqual({ isEnabled: true, action: 4 });
    console.log("journal counts: ManagedAccessList update (action) = 2 requests, 1 write");
    expect(outs).toMatchObject({ action: "Log", prior: { enabled: true, action: "Block" } });
    expect(diffManagedAccessList("1/1", outs, news).changes).toBe(false);

    await t.clearJournal();
    resetRunState(); // destroy is another run
    await p.delete("1/1", outs);
    expect(await calls()).toEqual([LISTING, patch(7001)]);
    expect(await config(7001)).toEqual({ isEnabled: true, action: 2 });
  });

  test("a field that becomes managed records its prior at that update", async () => {
    const created = await p.create(checked({ shieldZoneId: 1, listId: 3, enabled: true }));
    let outs = created.outs as ManagedAccessListOutputs;
    // Out of band: action becomes Log; then the program starts managing action.
    const s = await t.state();
    s.accessListConfigs.find((c) => c.configurationId === 7003)!.action = 4;
    await t.setState(s);
    const news = checked({ shieldZoneId: 1, listId: 3, enabled: true, action: "Block" });
    expect(diffManagedAccessList("1/3", outs, news).changes).toBe(true);
    outs = (await p.update("1/3", outs, news)).outs as ManagedAccessListOutputs;
    expect(outs.prior).toEqual({ enabled: false, action: "Log" });
    expect(outs.unmanaged).toBeUndefined();
    resetRunState();
    await p.delete("1/3", outs);
    expect(await config(7003)).toEqual({ isEnabled: false, action: 4 });
  });

  test("destroy when already at prior: 0 writes; a read-only view is never written", async () => {
    const created = await p.create(checked({ shieldZoneId: 1, listId: 3, enabled: true }));
    const s = await t.state();
    s.accessListConfigs.find((c) => c.configurationId === 7003)!.isEnabled = false;
    await t.setState(s);
    await t.clearJournal();
    resetRunState();
    await p.delete("1/3", created.outs as ManagedAccessListOutputs);
    expect(await calls()).toEqual([LISTING]);

    const view = await p.read("1/2", undefined as never);
    expect(view.props).toMatchObject({
      shieldZoneId: 1,
      listId: 2,
      listName: "Tor Exit Nodes",
      enabled: true,
      action: "Challenge",
      prior: {},
      readOnly: true,
    });
    await t.clearJournal();
    await p.delete("1/2", view.props as ManagedAccessListOutputs);
    expect(await calls()).toEqual([]);
  });

  test("refresh: out-of-band change is drift by field; a list gone from a readable listing leaves the state", async () => {
    const created = await p.create(
      checked({ shieldZoneId: 1, listName: "AI Crawlers", enabled: true, action: "Block" }),
    );
    const s = await t.state();
    s.accessListConfigs.find((c) => c.configurationId === 7003)!.action = 3;
    await t.setState(s);
    const r = await p.read("1/3", created.outs as ManagedAccessListOutputs);
    expect(r.props).toMatchObject({ enabled: true, action: "Challenge" });
    expect(r.inputs).toEqual({
      shieldZoneId: 1,
      listName: "AI Crawlers",
      enabled: true,
      action: "Challenge",
    });
    const s2 = await t.state();
    s2.managedAccessLists = s2.managedAccessLists.filter((l) => l.listId !== 3);
    s2.accessListConfigs = s2.accessListConfigs.filter((c) => c.listId !== 3);
    await t.setState(s2);
    expect((await p.read("1/3", r.props as ManagedAccessListOutputs)).id).toBe("");
  });

  test("a stale entry for a list another resource of this run manages: no write when the priors agree, refused when they differ", async () => {
    const created = await p.create(checked({ shieldZoneId: 1, listId: 3, enabled: true }));
    const stale = created.outs as ManagedAccessListOutputs;
    // Same run: the renamed resource (diff) manages the list with the same prior.
    await t.clearJournal();
    await p.delete("1/3", stale);
    expect(await writes()).toEqual([]);
    resetRunState();
    diffManagedAccessList(
      "1/3",
      { ...stale, prior: { enabled: true } },
      checked({ shieldZoneId: 1, listId: 3, enabled: true }),
    );
    const e = await rejection(p.delete("1/3", stale));
    expect(e.message).toMatch(
      /another resource of this program now manages .* Nothing was written/,
    );
    expect(await writes()).toEqual([]);
  });
});

describe("program side (pulumi.runtime.setMocks)", () => {
  const registered: pulumi.runtime.MockResourceArgs[] = [];
  beforeAll(() =>
    pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push(args);
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      true,
    ),
  );
  const find = (name: string) => registered.find((r) => r.name === name)!;
  async function registeredAll(names: string[]): Promise<void> {
    for (let i = 0; i < 200 && !names.every((n) => registered.some((r) => r.name === n)); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  test("type token, inputs; two resources for one (zone, list) both refused by check before any write", async () => {
    new ManagedAccessList("ai-a", { shieldZoneId: 1, listId: 3, enabled: true });
    new ManagedAccessList("ai-b", { shieldZoneId: pulumi.output(1), listId: 3, action: "Log" });
    new ManagedAccessList("tor", { shieldZoneId: 1, listName: "Tor Exit Nodes", enabled: true });
    await registeredAll(["ai-a", "ai-b", "tor"]);
    expect(find("tor").type).toBe("pulumi-nodejs:dynamic/shield:ManagedAccessList");
    expect(find("tor").inputs).toMatchObject({
      shieldZoneId: 1,
      listName: "Tor Exit Nodes",
      enabled: true,
    });
    expect(checkManagedAccessList({}, find("tor").inputs).failures).toEqual([]);
    for (const name of ["ai-a", "ai-b"]) {
      expect(checkManagedAccessList({}, find(name).inputs).failures).toEqual([
        {
          property: "listId",
          reason: expect.stringMatching(
            /the configuration of managed access list 3 of shield zone 1 is named by 2 resources of this program \(edge\.shield\.ManagedAccessList "ai-a", edge\.shield\.ManagedAccessList "ai-b"\).*Nothing was written/,
          ),
        },
      ]);
    }
  });

  test("get: id only; opts.import and replace options refused", async () => {
    ManagedAccessList.get("seen", "1/2");
    await registeredAll(["seen"]);
    expect(find("seen").id).toBe("1/2");
    expect(
      () =>
        new ManagedAccessList(
          "i",
          { shieldZoneId: 1, listId: 2, enabled: true },
          { import: "1/2" },
        ),
    ).toThrow(/opts\.import/);
    expect(
      () =>
        new ManagedAccessList(
          "r",
          { shieldZoneId: 1, listId: 2, enabled: true },
          { deleteBeforeReplace: true },
        ),
    ).toThrow(/opts\.deleteBeforeReplace/);
  });
});

/**
 * A configuration PATCH answered 202 (applied later) is read back by the settings engine's
 * read-back (core/zone-settings/readback.ts), as every settings kind's: bounded, until the
 * listing shows both fields.
 */
describe("a configuration answered 202", () => {
  test("async-202: when create, update and delete return, the platform holds the values", async () => {
    const ctl = new EmulatorControl(t.emu.url);
    await ctl.setProfile({ name: "async-202", writeDelayMs: 80 });
    try {
      // List 3 "AI Crawlers": disabled, None (7003) in the fixtures.
      const c = await p.create(checked({ shieldZoneId: 1, listId: 3, enabled: true }));
      expect(await config(7003)).toEqual({ isEnabled: true, action: 0 });
      const u = await p.update(
        "1/3",
        c.outs as ManagedAccessListOutputs,
        checked({ shieldZoneId: 1, listId: 3, enabled: true, action: "Block" }),
      );
      expect(await config(7003)).toEqual({ isEnabled: true, action: 2 });
      resetRunState();
      await p.delete("1/3", u.outs as ManagedAccessListOutputs);
      expect(await config(7003)).toEqual({ isEnabled: false, action: 0 });
    } finally {
      await ctl.setProfile("default");
    }
  });

  test("answered 202 and never applied: the create fails naming the 202 and keeps the record (a partial create)", async () => {
    const saved = { ...timing };
    Object.assign(timing, { readBackMs: 300, readBackStepMs: 20 });
    try {
      await t.fault({
        method: "PATCH",
        path: "/access-lists/configurations/7003",
        status: 202,
        body: { statusCode: 202, location: null, value: null },
      });
      const err = (await rejection(
        p.create(checked({ shieldZoneId: 1, listId: 3, enabled: true })),
      )) as Error & { properties?: Record<string, unknown> };
      expect(err.message).toMatch(
        /accepted the change of .*\(202\) but it was not visible after 0.3 s/,
      );
      expect(err.properties).toMatchObject({ listId: 3, prior: { enabled: false } });
      expect(await config(7003)).toEqual({ isEnabled: false, action: 0 });
    } finally {
      Object.assign(timing, saved);
    }
  });
});
