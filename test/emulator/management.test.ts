import type { RunningEmulator } from "../../packages/emulator/src";
import { call, DAY, NOW, start } from "./helpers";

describe("emulator: dns, containers, compute, pull zones", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await start({ now: () => NOW });
  });
  afterAll(() => emu.close());
  beforeEach(() => call(emu, "POST", "/_emulator/reset", { key: false }));

  test("DNS zone read has no DS fields; DNSSEC switch returns deterministic DS data", async () => {
    const z = await call(emu, "GET", "/dnszone/1");
    expect(z.status).toBe(200);
    expect(z.json).toMatchObject({ Id: 1, Domain: "example.com", DnsSecEnabled: false });
    expect(z.json.DsRecord).toBeUndefined();
    const on = await call(emu, "POST", "/dnszone/1/dnssec");
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({
      Enabled: true,
      Algorithm: 13,
      Flags: 257,
      DigestType: "SHA256 (2)",
    });
    expect(on.json.DsRecord).toContain("example.com. 3600 IN DS");
    expect((await call(emu, "GET", "/dnszone/1")).json.DnsSecEnabled).toBe(true);
    const again = await call(emu, "POST", "/dnszone/1/dnssec");
    expect(again.json).toEqual(on.json);
    const off = await call(emu, "DELETE", "/dnszone/1/dnssec");
    expect(off.json.Enabled).toBe(false);
    expect((await call(emu, "GET", "/dnszone/1")).json.DnsSecEnabled).toBe(false);
    expect((await call(emu, "GET", "/dnszone/2")).json.DnsSecEnabled).toBe(true);
  });

  test("DNS errors: unknown zone 404 problem A, bad id 400 {ErrorKey, Field, Message}, missing key 401", async () => {
    const nf = await call(emu, "DELETE", "/dnszone/99/dnssec");
    expect(nf.status).toBe(404);
    expect(nf.json).toMatchObject({
      title: "not_found.dnszone",
      status: 404,
      type: expect.any(String),
    });
    const bad = await call(emu, "GET", "/dnszone/abc");
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ ErrorKey: "validation_error", Field: "id" });
    const un = await call(emu, "POST", "/dnszone/1/dnssec", { key: false });
    expect(un.status).toBe(401);
    expect(un.json).toMatchObject({
      title: "unauthorized",
      status: 401,
      instance: "/dnszone/1/dnssec",
    });
  });

  test("registries: 13 fields; 404 problem B; 401 problem A", async () => {
    const r = await call(emu, "GET", "/mc/registries/2");
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toHaveLength(13);
    expect(r.json).toMatchObject({ id: 2, hostName: "ghcr.io", isPublic: true });
    const nf = await call(emu, "GET", "/mc/registries/3");
    expect(nf.status).toBe(404);
    expect(nf.json).toMatchObject({ title: "not_found.registry", status: 404, errors: [] });
    expect(typeof nf.json.id).toBe("string");
    const un = await call(emu, "GET", "/mc/registries/1", { key: "nope" });
    expect(un.status).toBe(401);
    expect(un.json.type).toBeDefined();
  });

  test("region settings: static with max, dynamic without, 404", async () => {
    expect((await call(emu, "GET", "/mc/apps/app-1/region-settings")).json).toMatchObject({
      provisioningType: "static",
      maxAllowedRegions: 3,
    });
    const d = await call(emu, "GET", "/mc/apps/app-2/region-settings");
    expect(d.json.provisioningType).toBe("dynamic");
    expect("maxAllowedRegions" in d.json).toBe(false);
    expect((await call(emu, "GET", "/mc/apps/nope/region-settings")).status).toBe(404);
  });

  test("volumes: list, refuse attached deletion naming instances, delete detached", async () => {
    const l = await call(emu, "GET", "/mc/apps/app-1/volumes");
    expect(l.json.meta.totalItems).toBe(2);
    const att = await call(emu, "DELETE", "/mc/apps/app-1/volumes/vol-attached");
    expect(att.status).toBe(400);
    expect(att.json.title).toBe("volume_instances_attached");
    expect(att.json.detail).toContain("vi-a1");
    expect(att.json.detail).toContain("web-1");
    expect(att.json.errors[0].message).toContain("web-1");
    const ok = await call(emu, "DELETE", "/mc/apps/app-1/volumes/vol-detached");
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ ids: ["vi-d1", "vi-d2", "vi-d3"] });
    const l2 = await call(emu, "GET", "/mc/apps/app-1/volumes");
    const v = l2.json.items.find((x: { id: string }) => x.id === "vol-detached");
    expect(v).toMatchObject({ totalInstancesCount: 0, volumeInstances: [] });
    expect((await call(emu, "DELETE", "/mc/apps/app-1/volumes/vol-detached")).status).toBe(404);
    expect((await call(emu, "DELETE", "/mc/apps/app-1/volumes/nope")).status).toBe(404);
    const na = await call(emu, "DELETE", "/mc/apps/nope/volumes/vol-detached");
    expect(na.status).toBe(404);
    expect(na.json.errors).toEqual([]);
  });

  test("script statistics: default 30 days daily, hourly buckets, deterministic, errors", async () => {
    const d = await call(emu, "GET", "/compute/script/1/statistics");
    expect(d.status).toBe(200);
    const keys = Object.keys(d.json.RequestsServedChart);
    expect(keys.length).toBeGreaterThanOrEqual(30);
    expect(keys.length).toBeLessThanOrEqual(31);
    const sum = Object.values(d.json.RequestsServedChart as Record<string, number>).reduce(
      (a, b) => a + b,
      0,
    );
    expect(d.json.TotalRequestsServed).toBe(sum);
    const q =
      "dateFrom=2026-01-10T00:00:00Z&dateTo=2026-01-10T06:00:00Z&hourly=true&loadLatest=true";
    const h = await call(emu, "GET", `/compute/script/2/statistics?${q}`);
    expect(Object.keys(h.json.TotalCpuTimeChart)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `2026-01-10T0${i}:00:00Z`),
    );
    expect((await call(emu, "GET", `/compute/script/2/statistics?${q}`)).json).toEqual(h.json);
    expect((await call(emu, "GET", `/compute/script/1/statistics?${q}`)).json).not.toEqual(h.json);
    expect((await call(emu, "GET", "/compute/script/9/statistics")).status).toBe(404);
    const bad = await call(emu, "GET", "/compute/script/1/statistics?dateFrom=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe("dateFrom");
    // The published spec: dateFrom/dateTo are date-times (RFC 3339, with a time zone). A raw
    // date-only value or a zone-less date-time is refused (the client converts dates first).
    for (const v of ["dateFrom=2024-05-01", "dateTo=2024-05-02", "dateFrom=2024-05-01T10:00:00"]) {
      const r = await call(emu, "GET", `/compute/script/1/statistics?${v}`);
      expect(r.status).toBe(400);
      expect(r.json.errors[0]).toEqual({
        field: v.split("=")[0],
        message: 'must match format "date-time"',
      });
    }
    const unk = await call(emu, "GET", "/compute/script/1/statistics?from=x");
    expect(unk.status).toBe(400);
    const rev = await call(
      emu,
      "GET",
      `/compute/script/1/statistics?dateFrom=${new Date(NOW).toISOString()}&dateTo=${new Date(NOW - DAY).toISOString()}`,
    );
    expect(rev.status).toBe(400);
  });

  test("pull-zone name availability", async () => {
    const taken = await call(emu, "POST", "/pullzone/checkavailability", {
      body: { Name: "Zone-One" },
    });
    expect(taken.json).toEqual({ Available: false });
    const free = await call(emu, "POST", "/pullzone/checkavailability", {
      body: { Name: "fresh-name" },
    });
    expect(free.json).toEqual({ Available: true });
    for (const body of [{ Name: "" }, { Name: "bad name!" }, {}, { Name: 3 }]) {
      const r = await call(emu, "POST", "/pullzone/checkavailability", { body });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        ErrorKey: "validation_error",
        Field: "Name",
        Message: expect.any(String),
      });
    }
    const extra = await call(emu, "POST", "/pullzone/checkavailability", {
      body: { Name: "a", Other: 1 },
    });
    expect(extra.status).toBe(400);
    expect(extra.json.Field).toBe("Other");
    const un = await call(emu, "POST", "/pullzone/checkavailability", {
      key: false,
      body: { Name: "a" },
    });
    expect(un.status).toBe(401);
    expect(un.json).toEqual({
      ErrorKey: "unauthorized",
      Field: "AccessKey",
      Message: expect.any(String),
    });
  });
});
