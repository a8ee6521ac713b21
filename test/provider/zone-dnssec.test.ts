/** ZoneDnssec provider against the in-process emulator. */
import { UNKNOWN } from "../../provider/resources/common";
import {
  checkZoneDnssec,
  diffZoneDnssec,
  ZoneDnssecOutputs,
  zoneDnssecProvider as p,
} from "../../provider/resources/zone-dnssec-provider";
import { startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
});

const zone = async (id: number) => (await t.state()).dnsZones.find((z) => z.Id === id)!;

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

test("create enabled = one POST; outputs carry the DNSSEC record", async () => {
  await t.clearJournal();
  const r = await p.create({ zoneId: 1, enabled: true });
  const j = await t.journal();
  expect(j.map((e) => `${e.method} ${e.path}`)).toEqual(["POST /dnszone/1/dnssec"]);
  console.log(`journal counts: ZoneDnssec create = ${j.length} request(s)`);
  expect(r.id).toBe("1");
  const o = r.outs as ZoneDnssecOutputs;
  expect(o).toMatchObject({ zoneId: 1, enabled: true, digestType: "SHA256", algorithm: 13 });
  expect(o.dsRecord).toMatch(/^example\.com\. 3600 IN DS \d+ 13 2 [0-9A-F]+$/);
  expect(typeof o.keyTag).toBe("number");
  expect((await zone(1)).DnsSecEnabled).toBe(true);
});

test("create disabled = one DELETE", async () => {
  await t.clearJournal();
  const r = await p.create({ zoneId: 2, enabled: false });
  expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual([
    "DELETE /dnszone/2/dnssec",
  ]);
  expect((r.outs as ZoneDnssecOutputs).enabled).toBe(false);
  expect((await zone(2)).DnsSecEnabled).toBe(false);
});

test("diff and update: enabled toggles with one request; zoneId replaces; no-op makes none", async () => {
  const r = await p.create({ zoneId: 1, enabled: true });
  const o = r.outs as ZoneDnssecOutputs;
  expect(diffZoneDnssec("1", o, { zoneId: 1, enabled: true }).changes).toBe(false);
  expect(diffZoneDnssec("1", o, { zoneId: 2, enabled: true }).replaces).toEqual(["zoneId"]);
  const d = diffZoneDnssec("1", o, { zoneId: 1, enabled: false });
  expect(d).toMatchObject({ changes: true, replaces: [] });
  expect(d.detailedDiff).toEqual({ enabled: { kind: "update", inputDiff: true } });
  expect(diffZoneDnssec("1", o, { zoneId: 1, enabled: UNKNOWN as never }).changes).toBe(true);
  await t.clearJournal();
  expect((await p.update("1", o, { zoneId: 1, enabled: true })).outs).toEqual(o);
  expect(await t.journal()).toEqual([]);
  const u = await p.update("1", o, { zoneId: 1, enabled: false });
  expect((await t.journal()).map((e) => e.method)).toEqual(["DELETE"]);
  expect((u.outs as ZoneDnssecOutputs).enabled).toBe(false);
});

test("read: clean, drift (out-of-band toggle), gone upstream", async () => {
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
  expect(drift.props).toMatchObject({ enabled: false, dsRecord: null, dsConfigured: false });
  expect(drift.inputs).toEqual({ zoneId: 1, enabled: false });
  expect(
    diffZoneDnssec("1", drift.props as ZoneDnssecOutputs, { zoneId: 1, enabled: true }).changes,
  ).toBe(true);

  st.dnsZones = st.dnsZones.filter((z) => z.Id !== 1);
  await t.setState(st);
  expect(await p.read("1", o)).toEqual({ id: "" });
});

test("delete returns the zone to disabled; a gone zone is fine", async () => {
  const r = await p.create({ zoneId: 1, enabled: true });
  await t.clearJournal();
  await p.delete("1", r.outs as ZoneDnssecOutputs);
  expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual([
    "DELETE /dnszone/1/dnssec",
  ]);
  expect((await zone(1)).DnsSecEnabled).toBe(false);
  await expect(p.delete("77", { zoneId: 77 } as ZoneDnssecOutputs)).resolves.toBeUndefined();
});

test("unknown zone: a clear error without the API key", async () => {
  const err = await p.create({ zoneId: 77, enabled: true }).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(err?.message).toMatch(/ZoneDnssec \(zone 77\): create failed: .*404/);
  expect(err?.message).not.toContain(t.emu.apiKey);
});
