/**
 * Restore once (issue 28, finding 2), against the in-process emulator: after a refused rename
 * without `aliases` (or a refused `pulumi up --replace`), the state holds two entries for one
 * object, the first with the values before Pulumi and the second with the values Pulumi
 * wrote (read by its create). Destroy deletes both, in any order and concurrently: the zone
 * must end exactly as it was before Pulumi, whichever delete runs or reads first.
 *
 * Each scenario runs the two deletes of the destroy run in both orders, one after the other
 * and concurrently with the first read of the object answered 1.5 s late (the emulator's
 * latency fault), so that the outcome never depends on timing.
 */
import type { EmulatorState } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { responsePageProvider as page } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import {
  dnssecTiming,
  zoneDnssecProvider as dnssec,
} from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import {
  checkManagedAccessList,
  managedAccessListProvider as mal,
} from "../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { usePlatform } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const t = usePlatform();

// The provider's log lines are not printed.
const realWrite = process.stderr.write.bind(process.stderr);
jest
  .spyOn(process.stderr, "write")
  .mockImplementation(((chunk: unknown, ...rest: never[]) =>
    String(chunk).startsWith("edgeplatform: ")
      ? true
      : realWrite(chunk as string, ...rest)) as typeof process.stderr.write);

const canonical = (s: EmulatorState): Any => {
  const c = JSON.parse(JSON.stringify(s));
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  return c;
};
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);
const listConfig = (s: EmulatorState, cid: number) => {
  const c = s.accessListConfigs.find((x) => x.configurationId === cid)!;
  return { isEnabled: c.isEnabled, action: c.action };
};
/** The ManagedAccessList inputs after `check`. */
function listInputs(news: Record<string, unknown>): Any {
  const r = checkManagedAccessList({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}
const writes = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);

function checked(p: { checkSync(o: unknown, n: unknown): Any }, news: Record<string, unknown>) {
  const r = p.checkSync({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

interface Entry {
  id: string;
  outs: Any;
}
interface Provider {
  create(i: Any): Promise<Any>;
  delete(id: string, props: Any): Promise<void>;
}
/** One `create` of a provider: the state entry it makes. */
const make = (p: Provider, inputs: Any): Promise<Entry> => p.create(inputs);

/** How the destroy run's two deletes are ordered. */
const ORDERS = [
  "first entry, then second",
  "second entry, then first",
  "concurrent, first entry's read delayed 1.5 s",
  "concurrent, second entry's read delayed 1.5 s",
] as const;

/**
 * The destroy run: a new run that deletes both entries in `order`. `readPath` is the path
 * of the object's read (the latency fault delays the first or the second of them).
 */
async function destroyBoth(
  p: Provider,
  first: Entry,
  second: Entry,
  order: (typeof ORDERS)[number],
  readPath: string,
) {
  resetRunState();
  const del = (e: Entry) => p.delete(e.id, e.outs);
  if (order === "first entry, then second") {
    await del(first);
    await del(second);
  } else if (order === "second entry, then first") {
    await del(second);
    await del(first);
  } else {
    // The entry named in `order` asks first, and its read is answered 1.5 s late: the other
    // delete reads and writes meanwhile.
    const [early, late] = order.startsWith("concurrent, first") ? [first, second] : [second, first];
    await t.fault({ method: "GET", path: `^${readPath}$`, delayMs: 1500, count: 1 });
    const a = del(early);
    await new Promise((r) => setTimeout(r, 100)); // the delayed read has arrived
    const b = del(late);
    await Promise.all([a, b]);
  }
}

describe.each(ORDERS)("destroy after a refused rename (%s)", (order) => {
  test("ShieldZone: DDoS sensitivity goes back to its value before Pulumi", async () => {
    const before = await t.state();
    const was = zoneOf(before, 1).settings.dDoSShieldSensitivity;
    const sens = was === 3 ? "Low" : "High";
    const inputs = { shieldZoneId: 1, ddos: { sensitivity: sens } };
    // First `pulumi up`: the resource "zone1" records the value before Pulumi and writes.
    const first = await make(sz, checked(sz, inputs));
    expect(zoneOf(await t.state(), 1).settings.dDoSShieldSensitivity).not.toBe(was);
    // The rename without `aliases`: the new resource is created (it reads Pulumi's write),
    // then the old entry's delete refuses, writing nothing: the state keeps both.
    resetRunState();
    const second = await make(sz, checked(sz, inputs));
    expect(second.outs.prior).toEqual({ ddos: { sensitivity: sens } });
    await t.clearJournal();
    await expect(sz.delete(first.id, first.outs)).rejects.toThrow(/prior: /);
    expect(await writes()).toEqual([]);

    await destroyBoth(sz, first, second, order, "/shield/shield-zone/1");
    expect(canonical(await t.state())).toEqual(canonical(before));
  });

  test("ResponsePage: the block page goes back to the zone's own page", async () => {
    const before = await t.state();
    const html = zoneOf(before, 3).customPages.block;
    expect(html).toEqual(expect.any(String)); // premise: zone 3 has a page of its own
    const inputs = { shieldZoneId: 3, pageType: "block", html: "<p>Pulumi's page</p>" };
    const first = await make(page, checked(page, inputs));
    resetRunState();
    const second = await make(page, checked(page, inputs));
    expect(second.outs.prior).toEqual({ html: "<p>Pulumi's page</p>" });
    await t.clearJournal();
    await expect(page.delete(first.id, first.outs)).rejects.toThrow(/prior: /);
    expect(await writes()).toEqual([]);

    await destroyBoth(page, first, second, order, "/shield/shield-zone/3/custom-page/block");
    expect(zoneOf(await t.state(), 3).customPages.block).toBe(html);
    expect(canonical(await t.state())).toEqual(canonical(before));
  });

  test("ZoneDnssec: after a refused `--replace`, DNSSEC is off again, as before Pulumi", async () => {
    const saved = { ...dnssecTiming };
    dnssecTiming.readBackStepMs = 20;
    try {
      const before = await t.state();
      expect(before.dnsZones.find((z) => z.Id === 1)?.DnsSecEnabled).toBe(false);
      const first = await make(dnssec, { zoneId: 1, enabled: true });
      // `pulumi up --replace`: the replacement is created (it reads the zone Pulumi turned
      // on), then the original's delete refuses.
      resetRunState();
      const second = await make(dnssec, { zoneId: 1, enabled: true });
      expect(second.outs.priorEnabled).toBe(true);
      await t.clearJournal();
      await expect(dnssec.delete(first.id, first.outs)).rejects.toThrow(/priorEnabled: false/);
      expect(await writes()).toEqual([]);

      await t.clearJournal();
      await destroyBoth(dnssec, first, second, order, "/dnszone/1");
      expect(await writes()).toEqual(["DELETE /dnszone/1/dnssec"]);
      expect(canonical(await t.state())).toEqual(canonical(before));
    } finally {
      Object.assign(dnssecTiming, saved);
    }
  });

  test("ManagedAccessList: after a refused rename, the list's configuration goes back to its own", async () => {
    // Fixtures: managed list 3 "AI Crawlers" of shield zone 1, configuration 7003.
    const before = await t.state();
    const was = listConfig(before, 7003);
    expect(was).toEqual({ isEnabled: false, action: 0 }); // premise: disabled, None
    const inputs = { shieldZoneId: 1, listId: 3, enabled: true, action: "Block" };
    const first = await make(mal, listInputs(inputs));
    expect(listConfig(await t.state(), 7003)).toEqual({ isEnabled: true, action: 2 }); // Block
    // The rename without `aliases`: the new resource reads Pulumi's write as its prior; the
    // old entry's delete refuses, writing nothing.
    resetRunState();
    const second = await make(mal, listInputs(inputs));
    expect(second.outs.prior).toEqual({ enabled: true, action: "Block" });
    await t.clearJournal();
    await expect(mal.delete(first.id, first.outs)).rejects.toThrow(
      /prior: \{"enabled":false,"action":"None"\}/,
    );
    expect(await writes()).toEqual([]);

    await t.clearJournal();
    await destroyBoth(mal, first, second, order, "/shield/shield-zone/1/access-lists");
    expect(listConfig(await t.state(), 7003)).toEqual(was);
    expect(canonical(await t.state())).toEqual(canonical(before));
    // One restore: the first owner's (the other entry's write would be Pulumi's own value).
    expect(await writes()).toEqual([
      "PATCH /shield/shield-zone/1/access-lists/configurations/7003",
    ]);
  });
});

test("two entries whose records were taken at the same time (or by a version that did not time them) and disagree: the second refuses, naming both, and writes nothing", async () => {
  const before = await t.state();
  const was = zoneOf(before, 1).settings.dDoSShieldSensitivity;
  const sens = was === 3 ? "Low" : "High";
  const inputs = { shieldZoneId: 1, ddos: { sensitivity: sens } };
  const first = await make(sz, checked(sz, inputs));
  resetRunState();
  const second = await make(sz, checked(sz, inputs));
  // States written before records were timed: neither entry can be told to be the first.
  for (const e of [first, second]) delete e.outs.priorRecordedAt;
  resetRunState();
  await sz.delete(first.id, first.outs);
  expect(zoneOf(await t.state(), 1).settings.dDoSShieldSensitivity).toBe(was);
  await t.clearJournal();
  await expect(sz.delete(second.id, second.outs)).rejects.toThrow(
    /another entry of this stack for the same object .* restored .* Nothing was written/,
  );
  expect(await writes()).toEqual([]);
  expect(canonical(await t.state())).toEqual(canonical(before));
});

test("an entry from a version that did not time its record counts as the first owner", async () => {
  const before = await t.state();
  const was = zoneOf(before, 1).settings.dDoSShieldSensitivity;
  const sens = was === 3 ? "Low" : "High";
  const inputs = { shieldZoneId: 1, ddos: { sensitivity: sens } };
  const first = await make(sz, checked(sz, inputs));
  delete first.outs.priorRecordedAt; // written by an earlier version
  resetRunState();
  const second = await make(sz, checked(sz, inputs));
  resetRunState();
  await sz.delete(first.id, first.outs);
  await sz.delete(second.id, second.outs);
  expect(canonical(await t.state())).toEqual(canonical(before));
});

test("ZoneDnssec: two entries without record times that disagree: the second delete refuses and writes nothing; one from an earlier version counts as the first owner", async () => {
  const saved = { ...dnssecTiming };
  dnssecTiming.readBackStepMs = 20;
  try {
    const before = await t.state();
    const first = await make(dnssec, { zoneId: 1, enabled: true });
    resetRunState();
    const second = await make(dnssec, { zoneId: 1, enabled: true });
    delete first.outs.priorRecordedAt; // written by an earlier version: the oldest
    resetRunState();
    await dnssec.delete(second.id, second.outs);
    await dnssec.delete(first.id, first.outs);
    expect(canonical(await t.state())).toEqual(canonical(before));

    // Neither timed: the first delete restores its record, the second refuses.
    await t.reset();
    resetRunState();
    const a = await make(dnssec, { zoneId: 1, enabled: true });
    resetRunState();
    const b = await make(dnssec, { zoneId: 1, enabled: true });
    for (const e of [a, b]) delete e.outs.priorRecordedAt;
    resetRunState();
    await dnssec.delete(a.id, a.outs);
    await t.clearJournal();
    await expect(dnssec.delete(b.id, b.outs)).rejects.toThrow(
      /another entry of this stack for the same object .* restored DNSSEC disabled .* Nothing was written/,
    );
    expect(await writes()).toEqual([]);
    expect(canonical(await t.state())).toEqual(canonical(before));
  } finally {
    Object.assign(dnssecTiming, saved);
  }
});

test("ManagedAccessList: two entries without record times that disagree: the second delete refuses, naming both, and writes nothing; one from an earlier version counts as the first owner", async () => {
  const before = await t.state();
  const inputs = { shieldZoneId: 1, listId: 3, enabled: true, action: "Block" };
  const first = await make(mal, listInputs(inputs));
  resetRunState();
  const second = await make(mal, listInputs(inputs));
  delete first.outs.priorRecordedAt; // written by an earlier version: the oldest
  resetRunState();
  await mal.delete(second.id, second.outs);
  await mal.delete(first.id, first.outs);
  expect(canonical(await t.state())).toEqual(canonical(before));

  // Neither timed: the first delete restores its record, the second refuses.
  await t.reset();
  resetRunState();
  const a = await make(mal, listInputs(inputs));
  resetRunState();
  const b = await make(mal, listInputs(inputs));
  for (const e of [a, b]) delete e.outs.priorRecordedAt;
  resetRunState();
  await mal.delete(a.id, a.outs);
  await t.clearJournal();
  await expect(mal.delete(b.id, b.outs)).rejects.toThrow(
    /another entry of this stack for the same object .* restored \{"enabled":false,"action":"None"\} .* recorded \{"enabled":true,"action":"Block"\} .* Nothing was written/,
  );
  expect(await writes()).toEqual([]);
  expect(canonical(await t.state())).toEqual(canonical(before));
});

test("ManagedAccessList: an update keeps the entry's record time (the younger entry, updated, still restores nothing)", async () => {
  const before = await t.state();
  const inputs = { shieldZoneId: 1, listId: 3, enabled: true, action: "Block" };
  const first = await make(mal, listInputs(inputs));
  resetRunState();
  const second = await make(mal, listInputs(inputs));
  // A later `pulumi up` changes the action of the resource that manages the list now.
  resetRunState();
  const updated: { outs?: Any } = await mal.update(
    second.id,
    second.outs,
    listInputs({ ...inputs, action: "Log" }),
  );
  expect(updated.outs.prior).toEqual({ enabled: true, action: "Block" });
  resetRunState();
  await mal.delete(first.id, first.outs);
  await mal.delete(second.id, updated.outs);
  expect(canonical(await t.state())).toEqual(canonical(before));
});
