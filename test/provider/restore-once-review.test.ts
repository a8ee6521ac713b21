/**
 * Restore once, review r1 (D1, D2), against the in-process emulator. Fixtures: shield zone 1
 * (Basic, DDoS Medium, pull zone 1), managed list 3 of zone 1 (configuration 7003: disabled,
 * None), DNS zone 1 (DNSSEC off).
 *
 * D1 of two entries for one object (a refused rename), the older entry's restore write is
 *    applied but answered 500: the younger entry must not write its record (Pulumi's value)
 *    for that field in the same destroy; the older entry stays in the state, so the next
 *    destroy retries the right value.
 * D2 the user puts the old name back: `up` deletes the younger entry, whose record is
 *    Pulumi's value; it must leave without writing (and say why), not refuse with advice to
 *    pin Pulumi's value as the value before Pulumi.
 */
import type { EmulatorState } from "../../packages/emulator/src";
import {
  checkManagedAccessList,
  managedAccessListProvider as mal,
} from "../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  dnssecTiming,
  zoneDnssecProvider as dnssec,
} from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { usePlatform } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const t = usePlatform();

// The provider's log lines are kept here, not printed.
const logged: string[] = [];
const realWrite = process.stderr.write.bind(process.stderr);
jest
  .spyOn(process.stderr, "write")
  .mockImplementation(((chunk: unknown, ...rest: never[]) =>
    String(chunk).startsWith("edgeplatform: ")
      ? logged.push(String(chunk)) > 0
      : realWrite(chunk as string, ...rest)) as typeof process.stderr.write);
beforeEach(() => void (logged.length = 0));

const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);
const dnssecOn = async () => (await t.state()).dnsZones.find((z) => z.Id === 1)?.DnsSecEnabled;
function checked(p: { checkSync(o: unknown, n: unknown): Any }, news: Record<string, unknown>) {
  const r = p.checkSync({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}
const listInputs = (n: Record<string, unknown>): Any => {
  const r = checkManagedAccessList({}, n);
  expect(r.failures).toEqual([]);
  return r.inputs;
};
/** A create, its entry typed loosely (the tests read its outputs). */
const make = (p: { create(i: never): Promise<unknown> }, i: unknown): Promise<Any> =>
  p.create(i as never);
const writes = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
const fastDnssec = async (body: () => Promise<void>) => {
  const saved = { ...dnssecTiming };
  dnssecTiming.readBackStepMs = 20;
  try {
    await body();
  } finally {
    Object.assign(dnssecTiming, saved);
  }
};

/** Two entries for zone 1's settings: the first recorded Medium, the second Pulumi's High. */
async function twoShieldZoneEntries() {
  const was = zoneOf(await t.state(), 1).settings.dDoSShieldSensitivity;
  expect(was).toBe(2); // premise: Medium
  const inputs = { shieldZoneId: 1, ddos: { sensitivity: "High" } };
  const first = await make(sz, checked(sz, inputs));
  resetRunState(); // the rename without aliases: a later run creates the new entry
  const second = await make(sz, checked(sz, inputs));
  expect(second.outs.prior).toEqual({ ddos: { sensitivity: "High" } });
  resetRunState();
  return { was, first, second };
}

/** Two entries for DNS zone 1's DNSSEC: the first recorded off, the second Pulumi's on. */
async function twoDnssecEntries() {
  expect(await dnssecOn()).toBe(false); // premise
  const first = await make(dnssec, { zoneId: 1, enabled: true } as never);
  resetRunState();
  const second = await make(dnssec, { zoneId: 1, enabled: true } as never);
  expect(second.outs.priorEnabled).toBe(true);
  resetRunState();
  return { first, second };
}

const listConfig = (s: EmulatorState) => {
  const c = s.accessListConfigs.find((x) => x.configurationId === 7003)!;
  return { isEnabled: c.isEnabled, action: c.action };
};
const DDOS_HIGH = 3; // the wire value of "High" (fixture: zone 3 is High)

describe("D1 restore once: the older entry's restore applied but answered 500", () => {
  test("ShieldZone: the younger entry does not write Pulumi's DDoS sensitivity back in that destroy; the next destroy of the older entry restores", async () => {
    const { was, first, second } = await twoShieldZoneEntries();
    expect(zoneOf(await t.state(), 1).settings.dDoSShieldSensitivity).toBe(DDOS_HIGH);
    await t.fault({
      method: "PATCH",
      path: "^/shield/shield-zone",
      status: 500,
      count: 1,
      afterHandler: true,
    });
    expect(await failure(sz.delete(first.id, first.outs))).toBeDefined();
    expect(zoneOf(await t.state(), 1).settings.dDoSShieldSensitivity).toBe(was); // applied
    await t.clearJournal();
    expect(await failure(sz.delete(second.id, second.outs))).toBeUndefined(); // leaves
    expect(await writes()).toEqual([]);
    expect(zoneOf(await t.state(), 1).settings.dDoSShieldSensitivity).toBe(was);
    // The older entry stayed in the state: the next destroy (a new run) deletes it again.
    resetRunState();
    expect(await failure(sz.delete(first.id, first.outs))).toBeUndefined();
    expect(zoneOf(await t.state(), 1).settings.dDoSShieldSensitivity).toBe(was);
  }, 60_000);

  test("ZoneDnssec: the younger entry does not switch DNSSEC back on in that destroy", async () => {
    await fastDnssec(async () => {
      const { first, second } = await twoDnssecEntries();
      await t.fault({
        method: "DELETE",
        path: "^/dnszone/1/dnssec$",
        status: 500,
        count: 1,
        afterHandler: true,
      });
      expect(await failure(dnssec.delete(first.id, first.outs))).toBeDefined();
      expect(await dnssecOn()).toBe(false); // applied: off, as before Pulumi
      await t.clearJournal();
      expect(await failure(dnssec.delete(second.id, second.outs))).toBeUndefined();
      expect(await writes()).toEqual([]);
      expect(await dnssecOn()).toBe(false);
    });
  }, 60_000);

  test("ManagedAccessList: the younger entry does not write Pulumi's configuration back in that destroy", async () => {
    const was = listConfig(await t.state());
    expect(was).toEqual({ isEnabled: false, action: 0 }); // premise: disabled, None
    const inputs = { shieldZoneId: 1, listId: 3, enabled: true, action: "Block" };
    const first = await make(mal, listInputs(inputs));
    resetRunState();
    const second = await make(mal, listInputs(inputs));
    expect(second.outs.prior).toEqual({ enabled: true, action: "Block" });
    resetRunState();
    await t.fault({
      method: "PATCH",
      path: "^/shield/shield-zone/1/access-lists/configurations/7003$",
      status: 500,
      count: 1,
      afterHandler: true,
    });
    expect(await failure(mal.delete(first.id, first.outs))).toBeDefined();
    expect(listConfig(await t.state())).toEqual(was); // applied
    await t.clearJournal();
    expect(await failure(mal.delete(second.id, second.outs))).toBeUndefined();
    expect(await writes()).toEqual([]);
    expect(listConfig(await t.state())).toEqual(was);
  }, 60_000);
});

/** The log lines of the delete of `what` that mention leaving without a write. */
const leftLines = (what: RegExp) => logged.filter((l) => what.test(l) && /nothing/i.test(l));

describe("D2 reverted rename: `up` deletes the younger entry", () => {
  // The younger entry's record is Pulumi's value; the older resource (in the program again)
  // holds the value before Pulumi. Expected: the younger entry leaves, writing nothing, and
  // says why in a log line.
  test("ShieldZone: the younger entry leaves without a write; destroy then restores Medium", async () => {
    const { was, first, second } = await twoShieldZoneEntries();
    const d = await sz.diff(
      first.id,
      first.outs,
      checked(sz, { shieldZoneId: 1, ddos: { sensitivity: "High" } }),
    );
    expect(d.changes).toBe(false);
    await t.clearJournal();
    const err = await failure(sz.delete(second.id, second.outs));
    expect(err?.message).toBeUndefined();
    expect(await writes()).toEqual([]);
    expect(leftLines(/shield zone 1|ShieldZone/i)).toHaveLength(1);
    // The older entry still holds the value before Pulumi: its destroy restores it.
    resetRunState();
    await sz.delete(first.id, first.outs);
    expect(zoneOf(await t.state(), 1).settings.dDoSShieldSensitivity).toBe(was);
  }, 60_000);

  test("ShieldZone: a setting only the younger entry managed is still restored by its delete", async () => {
    const zone = zoneOf(await t.state(), 1).settings;
    expect([zone.dDoSShieldSensitivity, zone.dDoSChallengeWindow]).toEqual([2, 1800]); // premise
    const first = await make(sz, checked(sz, { shieldZoneId: 1, ddos: { sensitivity: "High" } }));
    resetRunState();
    // The younger entry also manages the challenge window: its record of it (1800) is the
    // value before Pulumi; its record of the sensitivity is Pulumi's High.
    const second = await make(
      sz,
      checked(sz, { shieldZoneId: 1, ddos: { sensitivity: "High", challengeWindow: 600 } }),
    );
    expect(zoneOf(await t.state(), 1).settings.dDoSChallengeWindow).toBe(600);
    resetRunState();
    await sz.diff(
      first.id,
      first.outs,
      checked(sz, { shieldZoneId: 1, ddos: { sensitivity: "High" } }),
    );
    await t.clearJournal();
    expect(await failure(sz.delete(second.id, second.outs))).toBeUndefined();
    const after = zoneOf(await t.state(), 1).settings;
    expect(after.dDoSShieldSensitivity).toBe(DDOS_HIGH); // left to the first owner's resource
    expect(after.dDoSChallengeWindow).toBe(1800); // restored
    expect(await writes()).toHaveLength(1);
  }, 60_000);

  test("ManagedAccessList: the younger entry leaves without a write", async () => {
    const inputs = { shieldZoneId: 1, listId: 3, enabled: true, action: "Block" };
    const first = await make(mal, listInputs(inputs));
    resetRunState();
    const second = await make(mal, listInputs(inputs));
    resetRunState();
    const d = await (mal as Any).diff(first.id, first.outs, listInputs(inputs));
    expect(d.changes).toBe(false);
    await t.clearJournal();
    const err = await failure(mal.delete(second.id, second.outs));
    expect(err?.message).toBeUndefined();
    expect(await writes()).toEqual([]);
    expect(leftLines(/list 3/)).toHaveLength(1);
  }, 60_000);

  test("ZoneDnssec: the younger entry leaves without a write", async () => {
    await fastDnssec(async () => {
      const { first, second } = await twoDnssecEntries();
      const d = await (dnssec as Any).diff(first.id, first.outs, { zoneId: 1, enabled: true });
      expect(d.changes).toBe(false);
      await t.clearJournal();
      const err = await failure(dnssec.delete(second.id, second.outs));
      expect(err?.message).toBeUndefined();
      expect(await writes()).toEqual([]);
      expect(leftLines(/zone 1/)).toHaveLength(1);
    });
  }, 60_000);

  test("ShieldZone, untimed records (an earlier version's state): the refusal stays", async () => {
    const { first, second } = await twoShieldZoneEntries();
    const { priorRecordedAt: _a, ...oldFirst } = first.outs;
    const { priorRecordedAt: _b, ...oldSecond } = second.outs;
    await sz.diff(
      first.id,
      oldFirst,
      checked(sz, { shieldZoneId: 1, ddos: { sensitivity: "High" } }),
    );
    await t.clearJournal();
    const err = await failure(sz.delete(second.id, oldSecond));
    expect(err?.message).toMatch(/Nothing was written/);
    expect(await writes()).toEqual([]);
  }, 60_000);
});
