/**
 * The DNS area of the client refuses bad arguments before anything is sent: an
 * `InvalidArgumentError` naming the operation, the field and the allowed values. The client
 * points at an address nothing listens on, so a request that was sent would fail otherwise.
 */
import { Client, InvalidArgumentError, checkDnsRecord } from "../../packages/client/src";

const c = new Client({ apiKey: "k-unit", baseUrl: "http://127.0.0.1:9", maxAttempts: 1 });
afterAll(() => c.close());

/** The InvalidArgumentError `p` rejects with (fails the test otherwise). */
async function refused(p: Promise<unknown>): Promise<InvalidArgumentError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof InvalidArgumentError))
    throw new Error(`expected InvalidArgumentError, got ${String(e)}`);
  return e;
}

describe("records by type", () => {
  test.each([
    [
      "A with an IPv6",
      { Type: "A", Value: "2001:db8::1" },
      "Value",
      /an IPv4 address for type A; got "2001:db8::1"/,
    ],
    ["AAAA with an IPv4", { Type: "AAAA", Value: "192.0.2.1" }, "Value", /an IPv6 address/],
    [
      "CNAME with a URL",
      { Type: "CNAME", Value: "https://x.example" },
      "Value",
      /a hostname for type CNAME/,
    ],
    ["NS with spaces", { Type: "NS", Value: "ns 1.example" }, "Value", /a hostname for type NS/],
    ["PTR empty", { Type: "PTR", Value: "" }, "Value", /a hostname/],
    [
      "MX without priority",
      { Type: "MX", Value: "mx.example.com" },
      "Priority",
      /is required for type MX/,
    ],
    [
      "MX priority out of range",
      { Type: "MX", Value: "mx.example.com", Priority: 70000 },
      "Priority",
      /from 0 to 65535/,
    ],
    [
      "SRV without port",
      { Type: "SRV", Value: "sip.example.com", Priority: 1, Weight: 1 },
      "Port",
      /is required for type SRV/,
    ],
    [
      "SRV port over 65535",
      { Type: "SRV", Value: "sip.example.com", Priority: 1, Weight: 1, Port: 65536 },
      "Port",
      /from 0 to 65535/,
    ],
    [
      "CAA bad tag",
      { Type: "CAA", Value: "ca.example", Flags: 0, Tag: "issue-r" },
      "Tag",
      /1 to 15 letters and digits \(RFC 8659/,
    ],
    [
      "CAA without flags",
      { Type: "CAA", Value: "ca.example", Tag: "issue" },
      "Flags",
      /is required for type CAA/,
    ],
    [
      "A with a priority",
      { Type: "A", Value: "192.0.2.1", Priority: 5 },
      "Priority",
      /type A does not take Priority \(only MX, SRV\)/,
    ],
    ["TXT with a port", { Type: "TXT", Value: "x", Port: 80 }, "Port", /only SRV\)/],
    [
      "PullZone without its id",
      { Type: "PullZone", Name: "cdn" },
      "PullZoneId",
      /is required for type PullZone/,
    ],
    [
      "Script without its id",
      { Type: "Script", Name: "edge" },
      "ScriptId",
      /is required for type Script/,
    ],
    [
      "Redirect to a non-URL",
      { Type: "Redirect", Value: "example.com" },
      "Value",
      /an http:\/\/ or https:\/\/ URL/,
    ],
  ])("%s", async (_name, body, field, reason) => {
    const e = await refused(c.dns.addRecord(1, body as never));
    expect(e.operation).toBe("dns.addRecord");
    expect(e.field).toBe(field);
    expect(e.message).toMatch(reason);
    expect(e.message).toContain(`invalid argument "${field}"`);
  });

  test("an unknown type names every allowed type", async () => {
    const e = await refused(c.dns.addRecord(1, { Type: "ALIAS", Value: "x" } as never));
    expect(e.field).toBe("Type");
    expect(e.message).toMatch(/must be one of 0 \(A\), 1 \(AAAA\), 2 \(CNAME\).*12 \(NS\)/);
    expect(e.allowed).toEqual(expect.arrayContaining(["A", "MX", "CAA", "NS", "Script"]));
  });

  test("a number outside the enumeration names the allowed values", async () => {
    const e = await refused(c.dns.addRecord(1, { Type: 42, Value: "x" } as never));
    expect(e.field).toBe("Type");
    expect(e.message).toMatch(/0 \(A\)/);
  });

  test("an unknown field is refused with the allowed ones", async () => {
    const e = await refused(
      c.dns.addRecord(1, { Type: 0, Value: "192.0.2.1", Hostname: "x" } as never),
    );
    expect(e.field).toBe("Hostname");
    expect(e.message).toMatch(/allowed properties: Type, Ttl, Value/);
  });

  test("a zone's first records are checked with their index", async () => {
    const e = await refused(
      c.dns.addZone({
        Domain: "z.example",
        Records: [
          { Type: 0, Value: "192.0.2.1" },
          { Type: 4, Value: "mx.z.example" },
        ],
      }),
    );
    expect(e.field).toBe("Records[1].Priority");
  });

  test("update: checked against the type given, or the stored type", async () => {
    expect(
      (await refused(c.dns.updateRecord(1, 2, { Type: "AAAA", Value: "192.0.2.1" }))).field,
    ).toBe("Value");
    expect(
      (await refused(c.dns.updateRecord(1, 2, { Weight: 5 }, { storedType: 4 }))).message,
    ).toMatch(/type MX does not take Weight/);
  });

  test("several failures: the first is the field, the others are named in the message", async () => {
    const e = await refused(c.dns.addRecord(1, { Type: "SRV", Value: "bad host" }));
    expect(e.field).toBe("Priority");
    expect(e.message).toMatch(/also "Weight".*"Port".*"Value"/);
  });

  test("a valid record of each type passes the check", () => {
    const valid = [
      { Type: 0, Value: "192.0.2.1" },
      { Type: 1, Value: "2001:db8::1" },
      { Type: 2, Value: "target.example.com." },
      { Type: 3, Value: "v=spf1 -all" },
      { Type: 4, Value: "mx.example.com", Priority: 0 },
      { Type: 5, Value: "https://example.com/path" },
      { Type: 6, Value: "apex.example.net" },
      { Type: 7, PullZoneId: 12 },
      { Type: 8, Value: "sip.example.com", Priority: 1, Weight: 0, Port: 5060 },
      { Type: 9, Value: "letsencrypt.org", Flags: 128, Tag: "issuewild" },
      { Type: 10, Value: "host.example.com" },
      { Type: 11, ScriptId: 3 },
      { Type: 12, Value: "ns1.example.net" },
    ];
    for (const r of valid) expect([r, checkDnsRecord(r)]).toEqual([r, []]);
  });
});

describe("zones, lists and queries", () => {
  test("perPage outside 5..1000 names the range", async () => {
    const e = await refused(c.dns.listZones({ perPage: 2000 }));
    expect(e.field).toBe("perPage");
    expect(e.message).toMatch(/from 5 to 1000/);
  });
  test("a record list's type filter by an unknown name lists the types", async () => {
    const e = await refused(c.dns.listRecords(1, { type: "WKS" }));
    expect(e.field).toBe("type");
    expect(e.message).toMatch(/0 \(A\).*4 \(MX\)/);
  });
  test("a zone setting of the wrong enumeration value names the allowed ones", async () => {
    const e = await refused(c.dns.updateZone(1, { LogAnonymizationType: 3 as never }));
    expect(e.field).toBe("LogAnonymizationType");
    expect(e.message).toMatch(/0 \(OneDigit\), 1 \(Drop\)/);
  });
  test("an empty domain, a negative id, a blank zone file, a scan with both ids", async () => {
    expect((await refused(c.dns.addZone({ Domain: "" }))).field).toBe("Domain");
    expect((await refused(c.dns.deleteZone(-1))).field).toBe("id");
    expect((await refused(c.dns.importZone(1, "  "))).field).toBe("zoneFile");
    expect((await refused(c.dns.triggerRecordScan({ ZoneId: 1, Domain: "x.example" }))).field).toBe(
      "ZoneId",
    );
    expect((await refused(c.dns.statistics(1, { dateFrom: "yesterday" }))).field).toBe("dateFrom");
  });
});
