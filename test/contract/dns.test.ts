/** Client vs emulator: DNS zones and DNSSEC. */
import { Client } from "../../packages/client/src";
import { apiError, client, Emu, fault, journal, wrongKeyClient, useEmulator } from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

describe("GET /dnszone/{id} -> dns.getZone", () => {
  test("success", async () => {
    expect(await c.dns.getZone(1)).toMatchObject({
      Id: 1,
      Domain: "example.com",
      DnsSecEnabled: false,
    });
    expect((await c.dns.getZone(2)).DnsSecEnabled).toBe(true);
  });
  test("unknown zone: 404 problem A", async () => {
    const e = await apiError(c.dns.getZone(404404));
    expect(e.status).toBe(404);
    expect(e.isNotFound).toBe(true);
    expect(e.message).toMatch(/^dns\.getZone \(GET \/dnszone\/404404\) failed: 404/);
  });
  test("wrong key: 401", async () => {
    expect((await apiError(wrongKeyClient(emu).dns.getZone(1))).status).toBe(401);
  });
  test("validation: a negative id is a 400", async () => {
    expect((await apiError(c.dns.getZone(-1))).status).toBe(400);
  });
  test("retries 502 and a reset", async () => {
    await fault(emu, { method: "GET", path: "^/dnszone/1$", status: 502 });
    await fault(emu, { method: "GET", path: "^/dnszone/1$", reset: true });
    expect((await c.dns.getZone(1)).Id).toBe(1);
    expect((await journal(emu, /^\/dnszone\/1$/)).map((x) => x.status)).toEqual([502, 0, 200]);
  });
});

describe("DNSSEC switch answered without a body", () => {
  test("204 after the switch was applied: a success (undefined record), never an error", async () => {
    await fault(emu, {
      method: "POST",
      path: "^/dnszone/1/dnssec$",
      status: 204,
      afterHandler: true,
    });
    await expect(c.dns.enableDnssec(1)).resolves.toBeUndefined();
    expect((await c.dns.getZone(1)).DnsSecEnabled).toBe(true);
    await fault(emu, {
      method: "DELETE",
      path: "^/dnszone/1/dnssec$",
      status: 204,
      afterHandler: true,
    });
    await expect(c.dns.disableDnssec(1)).resolves.toBeUndefined();
  });
});

describe("POST /dnszone/{id}/dnssec -> dns.enableDnssec", () => {
  test("success: DNSSEC record with Enabled true; the zone flips", async () => {
    const r = await c.dns.enableDnssec(1);
    expect(r?.Enabled).toBe(true);
    expect(typeof r?.DsRecord).toBe("string");
    expect((await c.dns.getZone(1)).DnsSecEnabled).toBe(true);
    const [j] = await journal(emu, /^\/dnszone\/1\/dnssec$/);
    expect(j.body).toBeNull();
  });
  test("unknown zone: 404", async () => {
    expect((await apiError(c.dns.enableDnssec(404404))).isNotFound).toBe(true);
  });
  test("wrong key: 401", async () => {
    expect((await apiError(wrongKeyClient(emu).dns.enableDnssec(1))).status).toBe(401);
  });
  test("validation: a negative id is a 400", async () => {
    expect((await apiError(c.dns.enableDnssec(-1))).status).toBe(400);
  });
  test("POST: a 503 and a timeout are NOT retried", async () => {
    await fault(emu, { method: "POST", path: "^/dnszone/1/dnssec$", status: 503 });
    expect((await apiError(c.dns.enableDnssec(1))).status).toBe(503);
    await fault(emu, { method: "POST", path: "^/dnszone/1/dnssec$", delayMs: 500 });
    const retried: number[] = [];
    const e = await apiError(
      client(emu, { timeoutMs: 100, onRetry: (i) => retried.push(i.attempt) }).dns.enableDnssec(1),
    );
    expect(e.status).toBe(0);
    expect(e.attempts).toBe(1);
    expect(retried).toEqual([]);
    await new Promise((r) => setTimeout(r, 600));
    // 503 journaled once; the timed-out POST (status 0: its client went away) is not re-sent.
    const posts = await journal(emu, /^\/dnszone\/1\/dnssec$/, "POST");
    expect(posts.map((x) => x.status)).toEqual([503, 0]);
  });
});

describe("DELETE /dnszone/{id}/dnssec -> dns.disableDnssec", () => {
  test("success: DNSSEC record with Enabled false; the zone flips", async () => {
    const r = await c.dns.disableDnssec(2);
    expect(r?.Enabled).toBe(false);
    expect((await c.dns.getZone(2)).DnsSecEnabled).toBe(false);
  });
  test("unknown zone: 404", async () => {
    expect((await apiError(c.dns.disableDnssec(404404))).status).toBe(404);
  });
  test("wrong key: 401", async () => {
    expect((await apiError(wrongKeyClient(emu).dns.disableDnssec(2))).status).toBe(401);
  });
  test("validation: a negative id is a 400", async () => {
    expect((await apiError(c.dns.disableDnssec(-1))).status).toBe(400);
  });
  test("500 is reported with the operation and not retried", async () => {
    await fault(emu, { method: "DELETE", path: "^/dnszone/2/dnssec$", status: 500 });
    const e = await apiError(c.dns.disableDnssec(2));
    expect(e.status).toBe(500);
    expect(e.message).toMatch(/^dns\.disableDnssec \(DELETE \/dnszone\/2\/dnssec\) failed: 500/);
    expect(await journal(emu, /^\/dnszone\/2\/dnssec$/)).toHaveLength(1);
  });
  test("retries a timeout (idempotent DELETE)", async () => {
    await fault(emu, { method: "DELETE", path: "^/dnszone/2/dnssec$", delayMs: 400 });
    const retried: number[] = [];
    const r = await client(emu, {
      timeoutMs: 100,
      onRetry: (i) => retried.push(i.status),
    }).dns.disableDnssec(2);
    expect(r?.Enabled).toBe(false);
    expect(retried).toEqual([0]);
    expect(
      (await journal(emu, /^\/dnszone\/2\/dnssec$/)).filter((x) => x.status === 200).length,
    ).toBeGreaterThanOrEqual(1);
  });
});
