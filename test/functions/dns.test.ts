/** dns.getDnsZone, getDnsZones, getDnsRecords, getDnsZoneStatistics (+ Output forms). */
import * as pulumi from "@pulumi/pulumi";
import { EdgeApiError, InvalidArgumentError } from "../../packages/client/src";
import {
  getDnsRecords,
  getDnsRecordsOutput,
  getDnsZone,
  getDnsZoneOutput,
  getDnsZones,
  getDnsZonesOutput,
  getDnsZoneStatistics,
  getDnsZoneStatisticsOutput,
} from "../../packages/pulumi/src/functions/dns";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { Emu, journal, opts, rejection, reset, settle, start } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

describe("getDnsZone", () => {
  test("the zone's settings in this package's casing, and its record count", async () => {
    const z = await getDnsZone({ zoneId: 3 }, opts(emu));
    expect(z).toMatchObject({
      zoneId: 3,
      domain: "records.example",
      dnsSecEnabled: false,
      soaEmail: "hostmaster@records.example",
      loggingEnabled: false,
      logAnonymizationType: "OneDigit",
      certificateKeyType: "Ecdsa",
      recordCount: 16,
    });
    expect((await getDnsZone({ zoneId: 2 }, opts(emu))).dnsSecEnabled).toBe(true);
  });
  test("an unknown zone: EdgeApiError isNotFound; a bad id: InvalidArgumentError, nothing sent", async () => {
    expect(
      ((await rejection(getDnsZone({ zoneId: 404 }, opts(emu)))) as EdgeApiError).isNotFound,
    ).toBe(true);
    const e = await rejection(getDnsZone({ zoneId: 0 }, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).field).toBe("zoneId");
    expect(await journal(emu, /^\/dnszone\/0$/)).toHaveLength(0);
  });
  test("Output form", async () => {
    const { value } = await settle(getDnsZoneOutput({ zoneId: pulumi.output(1) }, opts(emu)));
    expect(value.domain).toBe("example.com");
  });
  test("by its exact domain: case-insensitive, a trailing dot ignored, never a part of another", async () => {
    // sub.example.com contains example.com: a search finds both, the exact domain one.
    await fetch(`${emu.url}/dnszone`, {
      method: "POST",
      headers: { AccessKey: emu.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ Domain: "sub.example.com" }),
    });
    for (const domain of ["example.com", "EXAMPLE.com.", " Example.Com "]) {
      const z = await getDnsZone({ domain }, opts(emu));
      expect([z.zoneId, z.domain]).toEqual([1, "example.com"]);
    }
    expect((await getDnsZone({ domain: "sub.example.com" }, opts(emu))).zoneId).toBe(100);
    expect((await getDnsZone({ domain: "records.example" }, opts(emu))).recordCount).toBe(16);
    const { value } = await settle(
      getDnsZoneOutput({ domain: pulumi.output("example.org") }, opts(emu)),
    );
    expect(value).toMatchObject({ zoneId: 2, dnsSecEnabled: true });
  });
  test("by domain, not found: an error naming the domain; zoneId and domain: exactly one", async () => {
    const e = (await rejection(getDnsZone({ domain: "example.net." }, opts(emu)))) as Error;
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).field).toBe("domain");
    expect(e.message).toContain('no DNS zone of the account has the domain "example.net"');
    // "example" is a part of every fixture domain, and the domain of none.
    expect(
      ((await rejection(getDnsZone({ domain: "example" }, opts(emu)))) as Error).message,
    ).toContain('"example"');
    for (const args of [{}, { zoneId: 1, domain: "example.com" }]) {
      const both = (await rejection(getDnsZone(args, opts(emu)))) as InvalidArgumentError;
      expect(both).toBeInstanceOf(InvalidArgumentError);
      expect(both.message).toContain("give either zoneId or domain");
    }
  });
});

describe("getDnsZones", () => {
  test("every zone, without their records; search filters", async () => {
    const { zones } = await getDnsZones({}, opts(emu));
    expect(zones.map((z) => z.domain)).toEqual(["example.com", "example.org", "records.example"]);
    const [req] = await journal(emu, /^\/dnszone$/);
    expect(req.query).toMatchObject({ view: "1", page: "1" });
    const { value } = await settle(getDnsZonesOutput({ search: "org" }, opts(emu)));
    expect(value.zones.map((z) => z.zoneId)).toEqual([2]);
  });
});

describe("getDnsRecords", () => {
  test("all records of a zone in one call", async () => {
    const { records } = await getDnsRecords({ zoneId: 3 }, opts(emu));
    expect(records).toHaveLength(16);
    expect(await journal(emu, /^\/dnszone\/3/)).toHaveLength(1);
  });
  test("an accelerated record's linked pull zone and link name (the published record model's)", async () => {
    // Fixture zone 3: record 308 is a PullZone record linked to pull zone 1 as "pz-1".
    const pz = await getDnsRecords({ zoneId: 3, type: "PullZone" }, opts(emu));
    expect(pz.records).toEqual([
      expect.objectContaining({ recordId: 308, acceleratedPullZoneId: 1, linkName: "pz-1" }),
    ]);
    const a = await getDnsRecords({ zoneId: 3, type: "A" }, opts(emu));
    expect(a.records).toEqual([
      expect.objectContaining({ accelerated: false, acceleratedPullZoneId: null, linkName: null }),
    ]);
  });
  test("filters by type (name or number) and by name (@ is the apex)", async () => {
    const mx = await getDnsRecords({ zoneId: 3, type: "MX" }, opts(emu));
    expect(mx.records).toEqual([
      expect.objectContaining({
        recordId: 305,
        type: "MX",
        name: "",
        value: "mail.records.example",
        priority: 10,
      }),
    ]);
    expect((await getDnsRecords({ zoneId: 3, type: 9 }, opts(emu))).records[0]).toMatchObject({
      type: "CAA",
      flags: 0,
      tag: "issue",
    });
    const www = await getDnsRecords({ zoneId: 3, name: "WWW" }, opts(emu));
    expect(www.records.map((r) => r.type)).toEqual(["A", "AAAA"]);
    const apex = await getDnsRecords({ zoneId: 3, name: "@" }, opts(emu));
    expect(apex.records.map((r) => r.type)).toEqual(["TXT", "MX", "Flatten", "CAA", "HTTPS"]);
    const both = await getDnsRecords({ zoneId: 3, name: "www", type: "AAAA" }, opts(emu));
    expect(both.records.map((r) => r.value)).toEqual(["2001:db8::10"]);
  });
  test("an unknown type names the allowed ones; nothing sent", async () => {
    const e = await rejection(getDnsRecords({ zoneId: 3, type: "ALIAS" as never }, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).field).toBe("type");
    expect(e.message).toMatch(/"A", "AAAA", "CNAME"/);
    expect(await journal(emu, /^\/dnszone/)).toHaveLength(0);
  });
  test("Output form", async () => {
    const { value } = await settle(getDnsRecordsOutput({ zoneId: 3, type: "NS" }, opts(emu)));
    expect(value.records.map((r) => r.value)).toEqual(["ns1.other.example"]);
  });
});

describe("getDnsZoneStatistics", () => {
  test("a date-only range is sent as whole UTC days; charts camelCased", async () => {
    const s = await getDnsZoneStatistics(
      { zoneId: 3, dateFrom: "2026-03-01", dateTo: "2026-03-03" },
      opts(emu),
    );
    expect(Object.keys(s.queriesServedChart)).toHaveLength(3);
    expect(s.totalQueriesServed).toBe(
      Object.values(s.queriesServedChart).reduce((a, b) => a + b, 0),
    );
    const [req] = await journal(emu, /statistics$/);
    expect(req.query).toEqual({
      dateFrom: "2026-03-01T00:00:00.000Z",
      dateTo: "2026-03-03T23:59:59.999Z",
    });
  });
  test("dateFrom after dateTo is refused before the call", async () => {
    const e = await rejection(
      getDnsZoneStatistics({ zoneId: 3, dateFrom: "2026-03-05", dateTo: "2026-03-01" }, opts(emu)),
    );
    expect((e as InvalidArgumentError).field).toBe("dateFrom");
    expect(await journal(emu, /statistics$/)).toHaveLength(0);
  });
  test("Output form", async () => {
    const { value } = await settle(getDnsZoneStatisticsOutput({ zoneId: 1 }, opts(emu)));
    expect(typeof value.totalQueriesServed).toBe("number");
  });
});
