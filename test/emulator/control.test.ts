import * as http from "http";
import type { RunningEmulator } from "../../packages/emulator/src";
import { call, NOW, start } from "./helpers";

const ctl = (emu: RunningEmulator, method: string, path: string, body?: unknown) =>
  call(emu, method, `/_emulator${path}`, { key: false, body });

describe("emulator: control API", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await start({ now: () => NOW });
  });
  afterAll(() => emu.close());
  beforeEach(() => ctl(emu, "POST", "/reset"));

  test("state GET / PUT (out-of-band change) / reset", async () => {
    const s = await ctl(emu, "GET", "/state");
    expect(s.status).toBe(200);
    expect(s.json.shieldZones.map((z: { id: number }) => z.id)).toEqual([1, 2, 3, 4]);
    expect(s.json.rateLimitRules.map((r: { id: number }) => r.id)).toEqual([101, 102]);
    expect(s.json.nextIds).toEqual({
      rateLimitRule: 1000,
      shieldZone: 100,
      wafRule: 2000,
      accessList: 600,
      accessListConfiguration: 8000,
      dnsZone: 100,
      dnsRecord: 1000,
      // Pull zones from 100; hostnames from 1000 (zone 1's are 1-3, the six other zones'
      // system hostnames 1000-1005).
      pullZone: 100,
      hostname: 1006,
      script: 100,
      scriptVariable: 1000,
      scriptSecret: 1000,
      scriptRelease: 1000,
    });
    expect(s.json.pullZones.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 8]);
    const next = s.json;
    next.dnsZones[0].DnsSecEnabled = true;
    next.rateLimitRules[0].ruleName = "changed out of band";
    const put = await ctl(emu, "PUT", "/state", next);
    expect(put.status).toBe(200);
    expect((await call(emu, "GET", "/dnszone/1")).json.DnsSecEnabled).toBe(true);
    expect((await call(emu, "GET", "/shield/rate-limit/101")).json.ruleName).toBe(
      "changed out of band",
    );
    const bad = await ctl(emu, "PUT", "/state", { shieldZones: 1 });
    expect(bad.status).toBe(400);
    await ctl(emu, "POST", "/reset");
    expect((await call(emu, "GET", "/dnszone/1")).json.DnsSecEnabled).toBe(false);
  });

  test("journal: secret values of bodies are redacted; the rest of the body, null and empty values stay", async () => {
    await ctl(emu, "DELETE", "/requests");
    const sent: [string, string, unknown][] = [
      ["POST", "/compute/script/1/secrets", { Name: "S1", Secret: "script-secret-7a1" }],
      ["PUT", "/compute/script/1/secrets", { Name: "S2", Secret: null }],
      [
        "POST",
        "/mc/registries",
        {
          displayName: "private",
          type: "gitHub",
          passwordCredentials: { userName: "ci", password: "registry-pass-3b7" },
        },
      ],
      [
        "POST",
        "/pullzone/1",
        { LogForwardingToken: "lf-token-9c2e", OriginHostHeader: "h.example" },
      ],
      ["POST", "/pullzone/1", { LogForwardingToken: "" }],
      ["POST", "/pullzone/1/resetSecurityKey", { SecurityKey: "zone-key-5d8e1f" }],
    ];
    for (const [method, path, body] of sent) {
      const r = await call(emu, method, path, { body });
      expect([path, r.status < 300]).toEqual([path, true]);
    }
    const j = await ctl(emu, "GET", "/requests");
    expect(j.json.requests.map((e: { body: unknown }) => e.body)).toEqual([
      { Name: "S1", Secret: "[redacted]" },
      { Name: "S2", Secret: null },
      {
        displayName: "private",
        type: "gitHub",
        passwordCredentials: { userName: "ci", password: "[redacted]" },
      },
      { LogForwardingToken: "[redacted]", OriginHostHeader: "h.example" },
      { LogForwardingToken: "" },
      { SecurityKey: "[redacted]" },
    ]);
    for (const secret of [
      "script-secret-7a1",
      "registry-pass-3b7",
      "lf-token-9c2e",
      "zone-key-5d8e1f",
    ])
      expect(j.text).not.toContain(secret);
    // the handlers got the values as sent (only the journal's copy is redacted): the
    // registry shows the ends of the password sent
    const regs = await call(emu, "GET", "/mc/registries");
    expect(
      regs.json.items.find((r: { displayName: string }) => r.displayName === "private"),
    ).toMatchObject({ firstPasswordSymbols: "reg", lastPasswordSymbols: "3b7" });
  });

  test("journal records method, path, query, status, body, time; never headers; not control calls", async () => {
    await ctl(emu, "DELETE", "/requests");
    const t0 = Date.now();
    await call(emu, "PATCH", "/shield/rate-limit/101?x=1", { body: { ruleName: "j" } });
    await call(emu, "GET", "/logging/v2/pullzones/1/logs?limit=2&order=asc");
    await call(emu, "GET", "/nope", { key: false });
    const j = await ctl(emu, "GET", "/requests");
    expect(j.json.requests).toEqual([
      {
        method: "PATCH",
        path: "/shield/rate-limit/101",
        query: { x: "1" },
        status: 200,
        body: { ruleName: "j" },
        time: expect.any(Number),
      },
      {
        method: "GET",
        path: "/logging/v2/pullzones/1/logs",
        query: { limit: "2", order: "asc" },
        status: 200,
        body: null,
        time: expect.any(Number),
      },
      {
        method: "GET",
        path: "/nope",
        query: {},
        status: 404,
        body: null,
        time: expect.any(Number),
      },
    ]);
    expect(j.json.requests[0].time).toBeGreaterThanOrEqual(t0);
    expect(j.text).not.toContain(emu.apiKey);
    await ctl(emu, "DELETE", "/requests");
    expect((await ctl(emu, "GET", "/requests")).json.requests).toEqual([]);
  });

  test("fault: status + body + headers, count, method and path regex", async () => {
    const f = await ctl(emu, "POST", "/faults", {
      method: "get",
      path: "^/mc/registries/\\d+$",
      status: 503,
      body: { oops: true },
      headers: { "Retry-After": "2" },
      count: 2,
    });
    expect(f.json.id).toEqual(expect.any(String));
    // The method does not match: the route answers (registry 1 is in use by an application).
    expect((await call(emu, "DELETE", "/mc/registries/1")).status).toBe(409);
    for (let i = 0; i < 2; i++) {
      const r = await call(emu, "GET", "/mc/registries/1");
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ oops: true });
      expect(r.headers.get("retry-after")).toBe("2");
    }
    expect((await call(emu, "GET", "/mc/registries/1")).status).toBe(200);
    const j = (await ctl(emu, "GET", "/requests")).json.requests;
    expect(j.filter((e: { status: number }) => e.status === 503)).toHaveLength(2);
  });

  test("fault without body answers the area's error shape", async () => {
    await ctl(emu, "POST", "/faults", { path: "^/logging/", status: 500 });
    const r = await call(emu, "GET", "/logging/v2/pullzones/1/logs");
    expect(r.status).toBe(500);
    expect(r.json.error.code).toBe("internal_error");
    await ctl(emu, "POST", "/faults", { path: "^/dnszone", status: 502, body: null });
    const e = await call(emu, "GET", "/dnszone/1");
    expect(e.status).toBe(502);
    expect(e.text).toBe("");
  });

  test("fault: delayMs alone delays then answers normally", async () => {
    await ctl(emu, "POST", "/faults", { path: "^/dnszone/1$", delayMs: 300 });
    const t = Date.now();
    const r = await call(emu, "GET", "/dnszone/1");
    expect(Date.now() - t).toBeGreaterThanOrEqual(280);
    expect(r.status).toBe(200);
    expect(r.json.Id).toBe(1);
  });

  test("fault: reset destroys the socket and is journaled with status 0", async () => {
    await ctl(emu, "DELETE", "/requests");
    await ctl(emu, "POST", "/faults", { path: "^/dnszone/1$", reset: true });
    await expect(
      new Promise((resolve, reject) => {
        http
          .get(
            `${emu.url}/dnszone/1`,
            { headers: { AccessKey: emu.apiKey }, agent: false },
            resolve,
          )
          .on("error", reject);
      }),
    ).rejects.toThrow(/socket hang up|ECONNRESET/);
    const j = (await ctl(emu, "GET", "/requests")).json.requests;
    expect(j).toEqual([expect.objectContaining({ path: "/dnszone/1", status: 0 })]);
    expect((await call(emu, "GET", "/dnszone/1")).status).toBe(200);
  });

  test("fault: malformed answers 200 with truncated JSON", async () => {
    await ctl(emu, "POST", "/faults", { path: "registries", malformed: true });
    const r = await call(emu, "GET", "/mc/registries/1");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/json/);
    expect(r.json).toBeUndefined();
    expect(() => JSON.parse(r.text)).toThrow();
  });

  test("fault: afterHandler applies the state change, then answers the fault", async () => {
    await ctl(emu, "POST", "/faults", {
      method: "POST",
      path: "^/shield/rate-limit$",
      afterHandler: true,
      status: 504,
    });
    const r = await call(emu, "POST", "/shield/rate-limit", {
      body: { shieldZoneId: 1, ruleName: "ghost" },
    });
    expect(r.status).toBe(504);
    const s = (await ctl(emu, "GET", "/state")).json;
    expect(
      s.rateLimitRules.find((x: { ruleName: string }) => x.ruleName === "ghost"),
    ).toMatchObject({ id: 1000 });
    const j = (await ctl(emu, "GET", "/requests")).json.requests;
    expect(j[j.length - 1]).toMatchObject({
      method: "POST",
      status: 504,
      body: { shieldZoneId: 1, ruleName: "ghost" },
    });
  });

  test("fault: afterHandler + applyFirst deletes only the first N volume instances", async () => {
    const before = (await ctl(emu, "GET", "/state")).json.apps[0].volumes[0];
    expect(before.id).toBe("vol-detached");
    const ids = before.volumeInstances.map((i: { id: string }) => i.id);
    expect(ids).toHaveLength(3);
    expect(
      (await ctl(emu, "POST", "/faults", { afterHandler: true, status: 500, applyFirst: -1 }))
        .status,
    ).toBe(400);
    expect((await ctl(emu, "POST", "/faults", { status: 500, applyFirst: 1 })).status).toBe(400);
    await ctl(emu, "POST", "/faults", {
      method: "DELETE",
      path: "^/mc/apps/app-1/volumes/vol-detached$",
      afterHandler: true,
      status: 500,
      applyFirst: 1,
    });
    const r = await call(emu, "DELETE", "/mc/apps/app-1/volumes/vol-detached");
    expect(r.status).toBe(500);
    const list = (await call(emu, "GET", "/mc/apps/app-1/volumes")).json;
    const after = list.items.find((v: { id: string }) => v.id === "vol-detached");
    expect(after.volumeInstances.map((i: { id: string }) => i.id)).toEqual(ids.slice(1));
    expect(after.totalInstancesCount).toBe(2);
  });

  test("faults: invalid spec 400, DELETE clears, reset clears", async () => {
    expect((await ctl(emu, "POST", "/faults", { status: 42 })).status).toBe(400);
    expect((await ctl(emu, "POST", "/faults", { path: "(" })).status).toBe(400);
    expect((await ctl(emu, "POST", "/faults", { bogus: 1 })).status).toBe(400);
    await ctl(emu, "POST", "/faults", { status: 500, count: -1 });
    expect((await call(emu, "GET", "/dnszone/1")).status).toBe(500);
    expect((await call(emu, "GET", "/dnszone/1")).status).toBe(500);
    expect((await ctl(emu, "GET", "/state")).status).toBe(200); // control API is never faulted
    await ctl(emu, "DELETE", "/faults");
    expect((await call(emu, "GET", "/dnszone/1")).status).toBe(200);
    await ctl(emu, "POST", "/faults", { status: 500, count: -1 });
    await ctl(emu, "POST", "/reset");
    expect((await call(emu, "GET", "/dnszone/1")).status).toBe(200);
  });
});

describe("EmulatorControl: a connection the server closed as it was reused", () => {
  test("the request goes once more on a new connection (one reset, one answer)", async () => {
    let requests = 0;
    const server = http.createServer((req, res) => {
      requests += 1;
      if (requests === 1) {
        req.socket.destroy(); // reset before any answer: the request was not read
        return;
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ shieldZones: [] }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const { EmulatorControl } = await import("../../packages/emulator/src");
      const state = await new EmulatorControl(`http://127.0.0.1:${port}`).state();
      expect([requests, state]).toEqual([2, { shieldZones: [] }]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
