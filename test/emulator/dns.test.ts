/**
 * The emulator's DNS routes over plain HTTP: per-type record validation with the published
 * 400 shape (`{ErrorKey, Field, Message}`: the first failure's field), the journal of writes, state documents
 * written before zones had settings and records, and the CLI-free fixtures.
 */
import type { RunningEmulator } from "../../packages/emulator/src";
import { defaultFixtures, largeDnsZone } from "../../packages/emulator/src";
import { call, start } from "./helpers";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(() => emu.close());
beforeEach(() => call(emu, "POST", "/_emulator/reset"));

describe("per-type record validation: 400 naming the field", () => {
  test.each([
    ["A with a hostname", { Type: 0, Value: "www.example.com" }, "Value", /IPv4/],
    ["AAAA with an IPv4", { Type: 1, Value: "192.0.2.1" }, "Value", /IPv6/],
    ["CNAME with an IP and spaces", { Type: 2, Value: "not a host" }, "Value", /hostname/],
    [
      "MX without priority",
      { Type: 4, Value: "mx.example.com" },
      "Priority",
      /required for type MX/,
    ],
    ["PTR with a URL", { Type: 10, Value: "http://x" }, "Value", /hostname/],
    ["NS empty", { Type: 12, Value: "" }, "Value", /hostname/],
    [
      "SRV without weight",
      { Type: 8, Value: "s.example.com", Priority: 1, Port: 5 },
      "Weight",
      /required/,
    ],
    [
      "SRV port too big",
      { Type: 8, Value: "s.example.com", Priority: 1, Weight: 1, Port: 70000 },
      "Port",
      /0 to 65535/,
    ],
    [
      "CAA with a tag that is no RFC 8659 tag",
      { Type: 9, Value: "ca.example", Flags: 0, Tag: "x-y" },
      "Tag",
      /letters and digits/,
    ],
    [
      "CAA flags above 255",
      { Type: 9, Value: "ca.example", Flags: 300, Tag: "issue" },
      "Flags",
      /0 to 255/,
    ],
    ["A with a tag", { Type: 0, Value: "192.0.2.1", Tag: "issue" }, "Tag", /does not take Tag/],
    ["an unknown type", { Type: 99, Value: "x" }, "Type", /0 \(A\), 1 \(AAAA\)/],
  ])("%s", async (_n, body, field, reason) => {
    const r = await call(emu, "PUT", "/dnszone/1/records", { body });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ErrorKey: expect.any(String), Field: field });
    expect(r.json.Message).toMatch(reason);
    // Nothing was added.
    const z = await call(emu, "GET", "/dnszone/1");
    expect(z.json.Records).toEqual([]);
  });

  test("an update is checked as the record after the change (stored type MX: Priority 70000)", async () => {
    const r = await call(emu, "POST", "/dnszone/3/records/305", { body: { Priority: 70000 } });
    expect(r.status).toBe(400);
    expect(r.json.Field).toBe("Priority");
  });

  test("an unknown property of a record body is refused, naming the allowed ones", async () => {
    const r = await call(emu, "PUT", "/dnszone/1/records", {
      body: { Type: 0, Value: "192.0.2.1", Hostname: "x" },
    });
    expect(r.status).toBe(400);
    expect(r.json.Field).toBe("Hostname");
  });
});

describe("writes", () => {
  test("journaled with their bodies, never re-ordered; ids handed out above the fixtures", async () => {
    await call(emu, "DELETE", "/_emulator/requests");
    const a = await call(emu, "PUT", "/dnszone/1/records", {
      body: { Type: 0, Value: "192.0.2.1" },
    });
    const b = await call(emu, "PUT", "/dnszone/1/records", {
      body: { Type: 0, Value: "192.0.2.1" },
    });
    expect(a.status).toBe(201);
    // Names and values are not unique: the same body twice makes two records.
    expect(b.json.Id).toBe(a.json.Id + 1);
    expect(a.json.Id).toBeGreaterThan(316);
    await call(emu, "POST", `/dnszone/1/records/${a.json.Id}`, { body: { Ttl: 60 } });
    await call(emu, "DELETE", `/dnszone/1/records/${b.json.Id}`);
    const j = await call(emu, "GET", "/_emulator/requests");
    const entries = (j.json.requests ?? j.json) as {
      method: string;
      path: string;
      status: number;
      body: unknown;
    }[];
    expect(entries.map((x) => `${x.method} ${x.path} ${x.status}`)).toEqual([
      "PUT /dnszone/1/records 201",
      "PUT /dnszone/1/records 201",
      `POST /dnszone/1/records/${a.json.Id} 204`,
      `DELETE /dnszone/1/records/${b.json.Id} 204`,
    ]);
    expect(entries[2].body).toEqual({ Ttl: 60 });
  });

  test("a DNSSEC switch to the state the zone is in answers the DS record, changes nothing, and is journaled unchanged", async () => {
    await call(emu, "DELETE", "/_emulator/requests");
    const before = (await call(emu, "GET", "/_emulator/state")).json.dnsZones[1];
    const again = await call(emu, "POST", "/dnszone/2/dnssec"); // example.org: signed
    expect(again.json).toMatchObject({ Enabled: true, DigestType: "SHA256 (2)", Flags: 257 });
    expect((await call(emu, "GET", "/_emulator/state")).json.dnsZones[1]).toEqual(before);
    await call(emu, "POST", "/dnszone/1/dnssec"); // example.com: not signed
    const j = (await call(emu, "GET", "/_emulator/requests")).json;
    const entries = (j.requests ?? j) as { path: string; unchanged?: boolean }[];
    expect(entries.map((e) => [e.path, e.unchanged ?? false])).toEqual([
      ["/dnszone/2/dnssec", true],
      ["/dnszone/1/dnssec", false],
    ]);
  });

  test("a name check (a read sent as a POST) is journaled unchanged; a zone's add is not", async () => {
    await call(emu, "DELETE", "/_emulator/requests");
    const check = await call(emu, "POST", "/dnszone/checkavailability", {
      body: { Name: "free-name.example" },
    });
    expect(check.json).toEqual({ Available: true });
    expect(
      (await call(emu, "POST", "/dnszone", { body: { Domain: "added.example" } })).status,
    ).toBe(201);
    const j = (await call(emu, "GET", "/_emulator/requests")).json;
    const entries = (j.requests ?? j) as { path: string; unchanged?: boolean }[];
    expect(entries.map((e) => [e.path, e.unchanged ?? false])).toEqual([
      ["/dnszone/checkavailability", true],
      ["/dnszone", false],
    ]);
  });

  test("a zone's delete removes its records with it", async () => {
    expect((await call(emu, "DELETE", "/dnszone/3")).status).toBe(204);
    expect((await call(emu, "GET", "/dnszone/3/records")).status).toBe(404);
    const st = await call(emu, "GET", "/_emulator/state");
    expect(st.json.dnsZones.map((z: { Id: number }) => z.Id)).toEqual([1, 2]);
  });

  test("import takes text/plain", async () => {
    const r = await fetch(`${emu.url}/dnszone/1/import`, {
      method: "POST",
      headers: { AccessKey: emu.apiKey, "content-type": "text/plain" },
      body: "a 60 IN A 192.0.2.8\n",
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ RecordsSuccessful: 1, RecordsFailed: 0, RecordsSkipped: 0 });
  });
});

describe("state", () => {
  test("a document written before zones had settings and records still loads, filled", async () => {
    const st = (await call(emu, "GET", "/_emulator/state")).json;
    st.dnsZones = [
      { Id: 7, Domain: "old.example", DnsSecEnabled: false, dnssec: st.dnsZones[0].dnssec },
    ];
    delete st.nextIds.dnsZone;
    delete st.nextIds.dnsRecord;
    expect((await call(emu, "PUT", "/_emulator/state", { body: st })).status).toBe(200);
    const z = await call(emu, "GET", "/dnszone/7");
    expect(z.json).toMatchObject({
      Id: 7,
      Records: [],
      SoaEmail: "hostmaster@old.example",
      LoggingEnabled: false,
      CustomNameserversEnabled: false,
    });
    const added = await call(emu, "POST", "/dnszone", { body: { Domain: "next.example" } });
    expect(added.json.Id).toBe(100);
  });

  test("a record without a numeric Type is refused in a state document", async () => {
    const st = (await call(emu, "GET", "/_emulator/state")).json;
    st.dnsZones[2].Records[0].Type = "A";
    const r = await call(emu, "PUT", "/_emulator/state", { body: st });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json)).toMatch(
      /dnsZones\[2\]\.Records\[0\] needs a numeric Id and Type/,
    );
  });
});

describe("fixtures", () => {
  test("the default fixtures have a zone with one record of each published type (16)", () => {
    const z = defaultFixtures().dnsZones.find((x) => x.Id === 3)!;
    expect(z.Records!.map((r) => r.Type)).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });
  test("a generated 5 000-record zone loads as a fixture and lists in pages of 1000", async () => {
    const big = await start({
      fixtures: { dnsZones: [largeDnsZone(9, "large.example", 5000)] },
    });
    try {
      const p5 = await call(big, "GET", "/dnszone/9/records?page=5&perPage=1000");
      expect(p5.json).toMatchObject({ CurrentPage: 5, TotalItems: 5000, HasMoreItems: false });
      expect(p5.json.Items).toHaveLength(1000);
      const mx = await call(big, "GET", "/dnszone/9/records?type=4&perPage=1000");
      expect(mx.json.TotalItems).toBe(1000);
      const next = await call(big, "PUT", "/dnszone/9/records", { body: { Type: 3, Value: "x" } });
      expect(next.json.Id).toBe(1_005_000);
    } finally {
      await big.close();
    }
  });
});
