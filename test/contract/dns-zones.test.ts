/**
 * Client vs emulator: DNS zones and records (published core API, tag "DNS Zone"). Every
 * answer is held against the published shapes (./published-dns-responses.ts). Fixtures: zone
 * 1 example.com, 2 example.org (DNSSEC on), 3 records.example with one record of each type.
 */
import Ajv from "ajv";
import addFormats from "ajv-formats";
import type { TSchema } from "@sinclair/typebox";
import { Client, DnsRecordType, EdgeApiError } from "../../packages/client/src";
import { largeDnsZone, defaultFixtures } from "../../packages/emulator/src";
import {
  DnsRecordModel,
  DnsRecordPage,
  DnsZoneImportResultModel,
  DnsZoneModel,
  DnsZonePage,
  DnsZoneRecordScanJobResponse,
  DnsZoneRecordScanTriggerResponse,
  DnsZoneStatisticsModel,
  PUBLISHED_RECORD_TYPES,
} from "./published-dns-responses";
import {
  apiError,
  client,
  closeClients,
  fault,
  journal,
  start,
  useEmulator,
  withProfile,
  wrongKeyClient,
  type Emu,
} from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
/** Fails with ajv's errors when `value` is not of the published shape `schema`. */
function published(schema: TSchema, value: unknown): void {
  const check = ajv.compile(schema);
  if (!check(value)) throw new Error(`not the published shape: ${ajv.errorsText(check.errors)}`);
}

test("the record types are numbered as published", () => {
  expect({ ...DnsRecordType }).toEqual(PUBLISHED_RECORD_TYPES);
});

describe("zones", () => {
  test("list: a published page; search filters by domain; perPage pages", async () => {
    const all = await c.dns.listZones();
    published(DnsZonePage, all);
    expect(all.Items.map((z) => z.Domain)).toEqual([
      "example.com",
      "example.org",
      "records.example",
    ]);
    expect(all.HasMoreItems).toBe(false);
    const org = await c.dns.listZones({ search: "ORG" });
    expect(org.Items.map((z) => z.Id)).toEqual([2]);
    const first = await c.dns.listZones({ perPage: 5, page: 1 });
    expect(first.TotalItems).toBe(3);
    const zones = [];
    for await (const z of c.dns.allZones()) zones.push(z.Id);
    expect(zones).toEqual([1, 2, 3]);
  });

  test("get: the zone with every record embedded, one of each type", async () => {
    const z = await c.dns.getZone(3);
    published(DnsZoneModel, z);
    const types = (z.Records ?? []).map((r) => r.Type).sort((a, b) => a - b);
    expect(types).toEqual(Object.values(PUBLISHED_RECORD_TYPES));
    const mx = z.Records!.find((r) => r.Type === 4)!;
    expect(mx).toMatchObject({ Value: "mail.records.example", Priority: 10 });
    const srv = z.Records!.find((r) => r.Type === 8)!;
    expect(srv).toMatchObject({ Priority: 10, Weight: 5, Port: 5060 });
    const caa = z.Records!.find((r) => r.Type === 9)!;
    expect(caa).toMatchObject({ Flags: 0, Tag: "issue", Value: "letsencrypt.org" });
  });

  test("add, update settings, delete; each write journaled once", async () => {
    const z = await c.dns.addZone({
      Domain: "new.example",
      Records: [{ Type: DnsRecordType.A, Name: "www", Value: "192.0.2.1" }],
    });
    published(DnsZoneModel, z);
    expect(z.Domain).toBe("new.example");
    expect(z.Records).toHaveLength(1);
    expect(z.DateCreated).toMatch(/^\d{4}-\d\d-\d\dT/);
    const u = (await c.dns.updateZone(z.Id, {
      LoggingEnabled: true,
      SoaEmail: "dns@new.example",
    }))!;
    published(DnsZoneModel, u);
    expect(u).toMatchObject({ LoggingEnabled: true, SoaEmail: "dns@new.example" });
    // What was not sent stays as it was.
    expect(u.CustomNameserversEnabled).toBe(false);
    await c.dns.deleteZone(z.Id);
    expect((await apiError(c.dns.getZone(z.Id))).status).toBe(404);
    const writes = await journal(emu, /^\/dnszone(\/\d+)?$/);
    expect(writes.filter((w) => w.method !== "GET").map((w) => `${w.method} ${w.status}`)).toEqual([
      "POST 201",
      "POST 200",
      "DELETE 204",
    ]);
  });

  test("add: an existing domain is a 400 naming Domain", async () => {
    const e = await apiError(c.dns.addZone({ Domain: "example.com" }));
    expect(e.status).toBe(400);
    expect(e.message).toContain("Domain");
  });

  test("a DNS 400 in the published {ErrorKey, Field, Message} reads as a message naming the field", async () => {
    const zone = await apiError(c.dns.addZone({ Domain: "example.com" }));
    expect(zone.errorKey).toBe("validation_error.dnszone");
    expect(zone.fieldErrors).toEqual([
      { field: "Domain", message: "the zone example.com already exists" },
    ]);
    expect(zone.message).toBe(
      "dns.addZone (POST /dnszone) failed: 400 validation_error.dnszone: Domain: the zone example.com already exists",
    );
    const soa = await apiError(c.dns.updateZone(1, { SoaEmail: "nobody" }));
    expect(soa.message).toBe(
      'dns.updateZone (POST /dnszone/1) failed: 400 validation_error.dnszone: SoaEmail: must be an e-mail address; got "nobody"',
    );
    const raw = await fetch(`${emu.url}/dnszone/1`, {
      method: "POST",
      headers: { AccessKey: emu.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ SoaEmail: "nobody" }),
    });
    expect(await raw.json()).toEqual({
      ErrorKey: "validation_error.dnszone",
      Field: "SoaEmail",
      Message: 'must be an e-mail address; got "nobody"',
    });
  });

  test("where the published document is silent, the profile says: an existing domain 400 or 409; an update's answer the zone or 204", async () => {
    await withProfile(emu, { dnsZoneExists: "409" }, async () => {
      const e = await apiError(c.dns.addZone({ Domain: "example.com" }));
      expect([e.status, e.message]).toEqual([409, expect.stringContaining("already exists")]);
    });
    await withProfile(emu, { dnsZoneUpdateAnswer: "204" }, async () => {
      expect(await c.dns.updateZone(1, { LoggingEnabled: true })).toBeUndefined();
      expect((await c.dns.getZone(1)).LoggingEnabled).toBe(true);
    });
    const w = await journal(emu, /^\/dnszone(\/1)?$/);
    expect(w.filter((x) => x.method === "POST").map((x) => x.status)).toEqual([409, 204]);
  });

  test("update: a bad SOA e-mail is a 400 naming SoaEmail", async () => {
    const e = await apiError(c.dns.updateZone(1, { SoaEmail: "not-an-address" }));
    expect(e.status).toBe(400);
    expect(e.message).toContain("SoaEmail");
  });

  test("unknown zone: 404; wrong key: 401", async () => {
    expect((await apiError(c.dns.updateZone(404404, { LoggingEnabled: true }))).status).toBe(404);
    expect((await apiError(c.dns.deleteZone(404404))).status).toBe(404);
    expect((await apiError(wrongKeyClient(emu).dns.listZones())).status).toBe(401);
  });

  test("availability: a taken domain is not available", async () => {
    expect(await c.dns.checkAvailability("example.com")).toEqual({ Available: false });
    expect(await c.dns.checkAvailability("free.example")).toEqual({ Available: true });
  });
});

describe("records", () => {
  test("add: 201 with the published record; the zone's GET embeds it", async () => {
    const r = await c.dns.addRecord(1, {
      Type: "MX",
      Name: "",
      Value: "mx.example.com",
      Priority: 5,
    });
    published(DnsRecordModel, r);
    expect(r).toMatchObject({ Type: DnsRecordType.MX, Priority: 5, Value: "mx.example.com" });
    expect((await c.dns.getZone(1)).Records!.map((x) => x.Id)).toContain(r.Id);
  });

  test("add: never re-sent on a 503 (a second send would make a second record)", async () => {
    await fault(emu, { method: "PUT", path: "^/dnszone/1/records$", status: 503 });
    expect((await apiError(c.dns.addRecord(1, { Type: 0, Value: "192.0.2.7" }))).status).toBe(503);
    expect(await journal(emu, /^\/dnszone\/1\/records$/)).toHaveLength(1);
  });

  test("update: only the fields sent change; 204", async () => {
    await c.dns.updateRecord(3, 301, { Value: "192.0.2.99" });
    const r = (await c.dns.getZone(3)).Records!.find((x) => x.Id === 301)!;
    expect(r).toMatchObject({ Type: 0, Name: "www", Value: "192.0.2.99", Ttl: 300 });
  });

  test("update: a change of type drops the old type's own fields", async () => {
    await c.dns.updateRecord(3, 305, { Type: "A", Value: "192.0.2.5" });
    const r = (await c.dns.getZone(3)).Records!.find((x) => x.Id === 305)!;
    expect(r).toMatchObject({ Type: 0, Value: "192.0.2.5", Priority: 0 });
  });

  test("update: checked against the stored type by the emulator (a hostname for an A is a 400)", async () => {
    // The client does not know the stored type here: the emulator refuses it.
    const e = await apiError(c.dns.updateRecord(3, 301, { Value: "not-an-ip" }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/Value/);
    expect(e.message).toMatch(/IPv4/);
  });

  test("delete: 204; gone from the zone; unknown record 404", async () => {
    await c.dns.deleteRecord(3, 302);
    expect((await c.dns.getZone(3)).Records!.some((x) => x.Id === 302)).toBe(false);
    expect((await apiError(c.dns.deleteRecord(3, 302))).status).toBe(404);
  });

  test("list: a published page; filters by type (name or number) and search", async () => {
    const all = await c.dns.listRecords(3);
    published(DnsRecordPage, all);
    expect(all.TotalItems).toBe(16);
    const mx = await c.dns.listRecords(3, { type: "MX" });
    expect(mx.Items.map((r) => r.Id)).toEqual([305]);
    const www = await c.dns.listRecords(3, { search: "www" });
    expect(www.Items.map((r) => r.Name)).toEqual(expect.arrayContaining(["www", "blog", "10"]));
    const page2 = await c.dns.listRecords(3, { perPage: 5, page: 4 });
    expect(page2.Items).toHaveLength(1);
    expect(page2.HasMoreItems).toBe(false);
  });
});

describe("export, import, statistics, scans", () => {
  test("export: a BIND zone file of the records", async () => {
    const text = await c.dns.exportZone(3);
    expect(text).toContain("$ORIGIN records.example.");
    expect(text).toMatch(/^www 300 IN A 192\.0\.2\.10$/m);
    expect(text).toMatch(/^@ 300 IN MX 10 mail\.records\.example\.$/m);
    expect(text).toMatch(/^_sip\._tcp 300 IN SRV 10 5 5060 sip\.records\.example\.$/m);
    expect(text).toMatch(/^@ 300 IN CAA 0 issue "letsencrypt\.org"$/m);
  });

  test("import: the export of one zone into another adds its records (published result)", async () => {
    const file = [
      "$ORIGIN example.com.",
      "www 600 IN A 192.0.2.44",
      "@ IN MX 20 mx2.example.com.",
      'txt 300 IN TXT "hello world"',
      "bad 300 IN A 999.1.1.1",
      "@ 3600 IN SOA ns1. host. 1 2 3 4 5",
      "x 300 IN LOC 1 2 3",
    ].join("\n");
    const r = await c.dns.importZone(1, file);
    published(DnsZoneImportResultModel, r);
    expect(r).toEqual({ RecordsSuccessful: 3, RecordsFailed: 1, RecordsSkipped: 2 });
    const recs = (await c.dns.getZone(1)).Records!;
    expect(recs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Type: 0, Name: "www", Value: "192.0.2.44", Ttl: 600 }),
        expect.objectContaining({ Type: 4, Name: "", Value: "mx2.example.com", Priority: 20 }),
        expect.objectContaining({ Type: 3, Name: "txt", Value: "hello world" }),
      ]),
    );
    const [j] = await journal(emu, /^\/dnszone\/1\/import$/);
    expect(j.status).toBe(200);
  });

  test("statistics: published shape; one point per day of the range", async () => {
    const s = await c.dns.statistics(3, {
      dateFrom: "2026-03-01T00:00:00Z",
      dateTo: "2026-03-07T00:00:00Z",
    });
    published(DnsZoneStatisticsModel, s);
    expect(Object.keys(s.QueriesServedChart!)).toHaveLength(7);
    const sum = Object.values(s.QueriesServedChart!).reduce((a, b) => a + b, 0);
    expect(s.TotalQueriesServed).toBe(sum);
    const byType = Object.values(s.QueriesByTypeChart!).reduce((a, b) => a + b, 0);
    expect(byType).toBe(sum);
  });

  test("record scan: trigger, then the latest scan (published shapes)", async () => {
    const t = await c.dns.triggerRecordScan({ ZoneId: 3 });
    published(DnsZoneRecordScanTriggerResponse, t);
    const job = await c.dns.latestRecordScan(3);
    published(DnsZoneRecordScanJobResponse, job);
    expect(job.JobId).toBe(t.JobId);
    expect(job.Records?.map((r) => r.Value)).toEqual(["192.0.2.10", "2001:db8::10"]);
    expect((await apiError(c.dns.latestRecordScan(1))).status).toBe(404);
  });
});

describe("scoped keys", () => {
  test("a key scoped to zone 1 sees zone 1 only and may not add zones", async () => {
    const e = await start({ scopedKeys: { "scoped-dns-1": { shieldZones: [], dnsZones: [1] } } });
    try {
      const sc = client(e, { apiKey: "scoped-dns-1" });
      expect((await sc.dns.listZones()).Items.map((z) => z.Id)).toEqual([1]);
      expect((await apiError(sc.dns.getZone(3))).status).toBe(404);
      expect((await apiError(sc.dns.addRecord(3, { Type: 0, Value: "192.0.2.1" }))).status).toBe(
        404,
      );
      expect((await apiError(sc.dns.addZone({ Domain: "mine.example" }))).status).toBe(403);
      expect((await sc.dns.addRecord(1, { Type: 0, Value: "192.0.2.1" })).Type).toBe(0);
    } finally {
      closeClients();
      await e.close();
    }
  });
});

describe("a zone of 5 000 records", () => {
  test("read in one call, every record embedded; one record changed with one write", async () => {
    const big = largeDnsZone(9, "large.example", 5000);
    const e = await start({ fixtures: { dnsZones: [...defaultFixtures().dnsZones, big] } });
    try {
      const bc = client(e);
      const z = await bc.dns.getZone(9);
      expect(z.Records).toHaveLength(5000);
      expect(new Set(z.Records!.map((r) => r.Id)).size).toBe(5000);
      published(DnsZoneModel, z);
      await bc.dns.updateRecord(9, big.Records![4321].Id, { Ttl: 60 });
      const after = await bc.dns.getZone(9);
      expect(after.Records!.find((r) => r.Id === big.Records![4321].Id)!.Ttl).toBe(60);
      expect(after.Records!.filter((r) => r.Ttl === 60)).toHaveLength(1);
    } finally {
      closeClients();
      await e.close();
    }
  });
  test("the generator is deterministic and valid by type", () => {
    const a = largeDnsZone(9, "large.example", 50);
    expect(largeDnsZone(9, "large.example", 50)).toEqual(a);
    expect(new Set(a.Records!.map((r) => r.Type))).toEqual(new Set([0, 1, 2, 3, 4]));
  });
});

test("an answer without Records as an array is refused, never read as 'no records'", async () => {
  await fault(emu, {
    method: "GET",
    path: "^/dnszone/3$",
    status: 200,
    body: { Id: 3, Domain: "records.example", DnsSecEnabled: false, Records: "none" },
  });
  const err = await c.dns.getZone(3).catch((x: unknown) => x);
  expect(err).toBeInstanceOf(EdgeApiError);
  expect((err as EdgeApiError).message).toMatch(/Records/);
});
