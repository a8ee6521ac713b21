/** ZoneDnssec provider against the in-process emulator. */
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import {
  checkZoneDnssec,
  diffZoneDnssec,
  dnssecTiming,
  ZoneDnssecOutputs,
  zoneDnssecProvider as p,
} from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  resetRunState();
});

const zone = async (id: number) => (await t.state()).dnsZones.find((z) => z.Id === id)!;
/**
 * The read of a signed zone's DS record when the state does not hold it: a POST of the
 * DNSSEC switch, which on a signed zone changes nothing (the zone's read does not carry it).
 */
const DS_READ = (id: number) => `POST /dnszone/${id}/dnssec`;
const nonGets = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);

test("check: required, types, unknown properties, unknowns pass", () => {
  expect(checkZoneDnssec({}, { zoneId: 1, enabled: true }).failures).toEqual([]);
  expect(checkZoneDnssec({}, { zoneId: UNKNOWN, enabled: UNKNOWN }).failures).toEqual([]);
  const f = checkZoneDnssec({}, { zoneId: -1, enabled: "yes", extra: 1 }).failures!;
  expect(f.map((x) => x.property).sort()).toEqual(["enabled", "extra", "zoneId"]);
  expect(checkZoneDnssec({}, {}).failures!.map((x) => `${x.property} ${x.reason}`)).toEqual([
    "zoneId is required",
    "enabled is required (true or false)",
  ]);
});

test("create enabled = read, one POST, read-back; outputs carry the DNSSEC record and prior state", async () => {
  await t.clearJournal();
  const r = await p.create({ zoneId: 1, enabled: true });
  const j = await t.journal();
  expect(j.map((e) => `${e.method} ${e.path}`)).toEqual([
    "GET /dnszone/1",
    "POST /dnszone/1/dnssec",
    "GET /dnszone/1",
  ]);
  console.log(`journal counts: ZoneDnssec create = ${j.length} request(s), 1 write`);
  expect(r.id).toBe("1");
  const o = r.outs as ZoneDnssecOutputs;
  expect(o).toMatchObject({ zoneId: 1, enabled: true, priorEnabled: false, algorithm: 13 });
  expect(o.dsRecord).toMatch(/^example\.com\. 3600 IN DS \d+ 13 2 [0-9A-F]+$/);
  expect((await zone(1)).DnsSecEnabled).toBe(true);
});

test("a zone already in the desired state gets no write (only the read of its DS record)", async () => {
  await t.clearJournal();
  const r = await p.create({ zoneId: 2, enabled: true }); // example.org: enabled in the fixtures
  expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual([
    "GET /dnszone/2",
    DS_READ(2),
  ]);
  expect(r.outs).toMatchObject({ enabled: true, priorEnabled: true });
});

describe("the DS record of a zone signed before Pulumi", () => {
  // example.org (zone 2) is signed in the fixtures: the emulator's DS data of a zone is fixed
  // (algorithm 13, flags 257, a SHA-256 digest of 64 hex digits), as the platform's are.
  const ds = {
    enabled: true,
    algorithm: 13,
    flags: 257,
    digestType: "SHA256 (2)",
    keyTag: expect.any(Number),
    digest: expect.stringMatching(/^[0-9A-F]{64}$/),
    dsRecord: expect.stringMatching(/^example\.org\. 3600 IN DS \d+ 13 2 [0-9A-F]{64}$/),
    publicKey: expect.any(String),
  };

  test("adopted: the outputs carry it, read with the one request that gives it (no change)", async () => {
    await t.clearJournal();
    const r = await p.create({ zoneId: 2, enabled: true });
    expect(r.outs).toMatchObject(ds);
    const o = r.outs as ZoneDnssecOutputs;
    expect(o.dsRecord).toContain(` IN DS ${o.keyTag} 13 2 ${o.digest}`);
    expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /dnszone/2",
      DS_READ(2),
    ]);
    expect((await zone(2)).DnsSecEnabled).toBe(true);
  });

  test("imported and read with get: the same; a state that holds it reads it no second time", async () => {
    const imported = await p.read("2", {} as ZoneDnssecOutputs);
    expect(imported.props).toMatchObject(ds);
    await t.clearJournal();
    const again = await p.read("2", imported.props as ZoneDnssecOutputs);
    expect(again.props).toEqual(imported.props);
    expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual(["GET /dnszone/2"]);
  });

  test("a state written without it (an earlier release) gets it on refresh", async () => {
    const r = await p.create({ zoneId: 2, enabled: true });
    const old = {
      ...(r.outs as ZoneDnssecOutputs),
      dsRecord: null,
      digest: null,
      digestType: null,
      algorithm: null,
      publicKey: null,
      keyTag: null,
      flags: null,
    };
    expect((await p.read("2", old)).props).toMatchObject(ds);
  });

  test("a platform answering the digest type by name alone reads as the same digest type", async () => {
    await t.fault({
      method: "POST",
      path: "^/dnszone/2/dnssec$",
      status: 200,
      body: {
        Enabled: true,
        DsRecord: "example.org. 3600 IN DS 1 13 2 AB",
        Digest: "AB",
        DigestType: "SHA256",
        Algorithm: 13,
        PublicKey: "k",
        KeyTag: 1,
        Flags: 257,
        DsConfigured: false,
      },
    });
    const r = await p.create({ zoneId: 2, enabled: true });
    expect(r.outs).toMatchObject({ digestType: "SHA256 (2)", keyTag: 1 });
  });

  test("destroy of a signed zone reads no DS record", async () => {
    const r = await p.create({ zoneId: 2, enabled: true });
    resetRunState();
    await t.clearJournal();
    await p.delete("2", { ...(r.outs as ZoneDnssecOutputs), dsRecord: null });
    expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual(["GET /dnszone/2"]);
  });
});

test("finding 8: a write answered with a stale Enabled is judged by the read-back", async () => {
  // The DELETE answers Enabled: true (stale); the zone itself is disabled.
  await t.fault({
    method: "DELETE",
    path: "^/dnszone/2/dnssec$",
    status: 200,
    afterHandler: true,
    body: { Enabled: true, DsConfigured: true },
  });
  const r = await p.create({ zoneId: 2, enabled: false });
  const o = r.outs as ZoneDnssecOutputs;
  expect(o.enabled).toBe(false);
  expect((await zone(2)).DnsSecEnabled).toBe(false);
  expect(diffZoneDnssec("2", o, { zoneId: 2, enabled: false }).changes).toBe(false);
});

test("finding 8: a write that the zone never reflects fails (state is not trusted to the answer)", async () => {
  dnssecTiming.readBackMs = 200;
  try {
    await t.fault({
      method: "POST",
      path: "^/dnszone/1/dnssec$",
      status: 200,
      body: { Enabled: true },
    });
    await expect(p.create({ zoneId: 1, enabled: true })).rejects.toThrow(
      /still reports DNSSEC disabled/,
    );
  } finally {
    dnssecTiming.readBackMs = 20_000;
  }
});

test("diff and update: enabled toggles with one write; zoneId replaces; no-op makes none", async () => {
  const r = await p.create({ zoneId: 1, enabled: true });
  const o = r.outs as ZoneDnssecOutputs;
  expect(diffZoneDnssec("1", o, { zoneId: 1, enabled: true }).changes).toBe(false);
  expect(diffZoneDnssec("1", o, { zoneId: 2, enabled: true }).replaces).toEqual(["zoneId"]);
  expect(diffZoneDnssec("1", o, { zoneId: 1, enabled: false })).toMatchObject({
    changes: true,
    replaces: [],
  });
  expect(diffZoneDnssec("1", o, { zoneId: 1, enabled: UNKNOWN as never }).changes).toBe(true);
  await t.clearJournal();
  expect((await p.update("1", o, { zoneId: 1, enabled: true })).outs).toEqual(o);
  expect(await t.journal()).toEqual([]);
  const u = await p.update("1", o, { zoneId: 1, enabled: false });
  expect((await t.journal()).filter((e) => e.method !== "GET").map((e) => e.method)).toEqual([
    "DELETE",
  ]);
  expect(u.outs).toMatchObject({ enabled: false, priorEnabled: false });
});

test("read: clean, drift (out-of-band toggle); a 404 is an error, not gone", async () => {
  const r = await p.create({ zoneId: 1, enabled: true });
  const o = r.outs as ZoneDnssecOutputs;
  await t.clearJournal();
  const clean = await p.read("1", o);
  expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual(["GET /dnszone/1"]);
  expect(clean).toEqual({ id: "1", props: o, inputs: { zoneId: 1, enabled: true } });

  const st = await t.state();
  st.dnsZones.find((z) => z.Id === 1)!.DnsSecEnabled = false;
  await t.setState(st);
  const drift = await p.read("1", o);
  expect(drift.props).toMatchObject({ enabled: false, dsRecord: null, priorEnabled: false });
  expect(drift.inputs).toEqual({ zoneId: 1, enabled: false });

  st.dnsZones = st.dnsZones.filter((z) => z.Id !== 1);
  await t.setState(st);
  await expect(p.read("1", o)).rejects.toThrow(/NOT treated as gone.*pulumi state delete <urn>/);
});

test("finding 8: destroy restores the prior state: enabled before stays enabled", async () => {
  const r = await p.create({ zoneId: 2, enabled: true });
  resetRunState(); // destroy is a run of its own
  await t.clearJournal();
  await p.delete("2", r.outs as ZoneDnssecOutputs);
  expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
  expect((await zone(2)).DnsSecEnabled).toBe(true);
});

test("finding 8: destroy restores the prior state: disabled before is disabled again", async () => {
  const r = await p.create({ zoneId: 1, enabled: true });
  resetRunState();
  await t.clearJournal();
  await p.delete("1", r.outs as ZoneDnssecOutputs);
  expect((await t.journal()).filter((e) => e.method !== "GET").map((e) => e.path)).toEqual([
    "/dnszone/1/dnssec",
  ]);
  expect((await zone(1)).DnsSecEnabled).toBe(false);
});

test("issue 16 (3): a rename or --replace (create new, then delete old in one run) never loses the prior state", async () => {
  expect((await zone(1)).DnsSecEnabled).toBe(false); // the premise: off before Pulumi
  const old = await p.create({ zoneId: 1, enabled: true });
  resetRunState(); // the run that renames (or --replace-s) the resource
  await t.clearJournal();
  const renamed = await p.create({ zoneId: 1, enabled: true });
  expect((renamed.outs as ZoneDnssecOutputs).priorEnabled).toBe(true); // all it could see
  // The old resource's delete refuses: its record (off) and the new one (on) disagree.
  await expect(p.delete("1", old.outs as ZoneDnssecOutputs)).rejects.toThrow(
    /set `priorEnabled: false` on the resource that manages zone 1 now/,
  );
  expect(await nonGets()).toEqual([DS_READ(1)]); // the new resource's: nothing changed
  expect((await zone(1)).DnsSecEnabled).toBe(true);
  // The way out: the program states the prior state; the next run converges without a write.
  resetRunState();
  const news = { zoneId: 1, enabled: true, priorEnabled: false };
  const fixed = renamed.outs as ZoneDnssecOutputs;
  expect(diffZoneDnssec("1", fixed, news)).toMatchObject({ changes: true, replaces: [] });
  const upd = await p.update("1", fixed, news);
  await p.delete("1", old.outs as ZoneDnssecOutputs); // left to the resource that manages it
  expect(await nonGets()).toEqual([DS_READ(1)]); // the one above: none since
  expect((await zone(1)).DnsSecEnabled).toBe(true);
  // Destroy restores what the zone had before Pulumi first managed it.
  resetRunState();
  await p.delete("1", upd.outs as ZoneDnssecOutputs);
  expect((await zone(1)).DnsSecEnabled).toBe(false);
});

test("issue 16 (3): a replacement whose records agree is silent: the old delete leaves the zone", async () => {
  const old = await p.create({ zoneId: 1, enabled: false }); // no switch: prior = off
  resetRunState();
  await p.create({ zoneId: 1, enabled: false });
  await t.clearJournal();
  await p.delete("1", old.outs as ZoneDnssecOutputs);
  expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
});

test("issue 16 (8): an enable the platform applied but answered 500 keeps the prior state", async () => {
  expect((await zone(1)).DnsSecEnabled).toBe(false);
  await t.fault({ method: "POST", path: "^/dnszone/1/dnssec$", status: 500, afterHandler: true });
  const err = (await p.create({ zoneId: 1, enabled: true }).catch((e) => e)) as {
    id?: string;
    properties?: ZoneDnssecOutputs;
    message: string;
  };
  // A partial create: the engine records the resource with what destroy must restore.
  expect(err.id).toBe("1");
  expect(err.properties).toMatchObject({ zoneId: 1, priorEnabled: false });
  expect((await zone(1)).DnsSecEnabled).toBe(true); // the write was applied
  resetRunState(); // next run: the update converges with no write, destroy restores off
  const news = { zoneId: 1, enabled: true };
  expect(diffZoneDnssec("1", err.properties!, news).changes).toBe(true);
  await t.clearJournal();
  const upd = await p.update("1", err.properties!, news);
  expect(await nonGets()).toEqual([DS_READ(1)]); // the write's answer was lost: read now
  resetRunState();
  await p.delete("1", upd.outs as ZoneDnssecOutputs);
  expect((await zone(1)).DnsSecEnabled).toBe(false);
});

test("unknown zone: a clear error without the API key", async () => {
  const err = await p.create({ zoneId: 77, enabled: true }).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(err?.message).toMatch(/ZoneDnssec \(zone 77\): create failed: .*404/);
  expect(err?.message).not.toContain(t.emu.apiKey);
});
