/**
 * DnsRecord: the records DNS and the platform take, to the letter. Held against material this
 * project did not write: the platform's Terraform provider (its acceptance test creates an A
 * record of weight 29 and an SRV record of port 0; its validator allows a null MX and a "no
 * service" SRV, refuses a trailing dot on CNAME/MX/NS/PTR/SRV targets), RFC 8659 (CAA tags),
 * RFC 1034/2181 (a CNAME's name holds nothing else) and RFC 7505 (null MX). Against the
 * in-process emulator (fixtures: DNS zone 1 example.com without records; zone 3
 * records.example with A "www" 301, AAAA "www" 302, CNAME "blog" 303, …).
 */
import {
  checkDnsRecordInputs,
  dnsRecordProvider as p,
  type DnsRecordInputs,
  type DnsRecordOutputs,
} from "../../packages/pulumi/src/resources/kinds/collections/dns-record-provider";
import { quietProviderLogs, usePlatform } from "./helpers";

const t = usePlatform();
quietProviderLogs();

const checked = (news: Record<string, unknown>): DnsRecordInputs => {
  const r = checkDnsRecordInputs({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs as DnsRecordInputs;
};
const failuresOf = (news: Record<string, unknown>) => checkDnsRecordInputs({}, news).failures ?? [];
const recordsOf = async (zone: number) =>
  (await t.state()).dnsZones.find((z) => z.Id === zone)!.Records ?? [];
const writes = async () => (await t.journal()).filter((e) => e.method !== "GET");

async function create(program: Record<string, unknown>) {
  const res = await p.create(checked(program));
  return { id: res.id, outs: res.outs as DnsRecordOutputs };
}

async function rejection(x: Promise<unknown>): Promise<Error> {
  try {
    await x;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection, got success");
}

describe("records the platform takes", () => {
  test("an A record of weight 29 (the platform's own acceptance test) is created and read back", async () => {
    const a = await create({ zoneId: 1, type: "A", name: "w", value: "192.0.2.1", weight: 29 });
    expect(a.outs.weight).toBe(29);
    expect((await recordsOf(1)).find((r) => r.Name === "w")?.Weight).toBe(29);
    expect(
      checked({ zoneId: 1, type: "AAAA", name: "w", value: "2001:db8::1", weight: 100 }).weight,
    ).toBe(100);
  });

  test("weight: 0-100 on A and AAAA, refused on the types that take none", () => {
    expect(
      failuresOf({ zoneId: 1, type: "A", name: "w", value: "192.0.2.1", weight: 101 }),
    ).toEqual([
      {
        property: "weight",
        reason: expect.stringMatching(/must be an integer from 0 to 100 for type A; got 101/),
      },
    ]);
    expect(
      failuresOf({ zoneId: 1, type: "CNAME", name: "c", value: "x.example.com", weight: 1 }),
    ).toEqual([
      {
        property: "weight",
        reason: expect.stringMatching(/type CNAME does not take weight \(only A, AAAA, SRV\)/),
      },
    ]);
  });

  test("an SRV record of port 0, a no-service SRV (0 0 0 .) and a null MX (0 .) are created", async () => {
    await create({
      zoneId: 1,
      type: "SRV",
      name: "_a._tcp",
      value: "a.example.com",
      priority: 1,
      weight: 1,
      port: 0,
    });
    await create({
      zoneId: 1,
      type: "SRV",
      name: "_b._tcp",
      value: ".",
      priority: 0,
      weight: 0,
      port: 0,
    });
    await create({ zoneId: 1, type: "MX", name: "", value: ".", priority: 0 });
    const held = (await recordsOf(1)).map((r) => [r.Name, r.Value, r.Port ?? 0]);
    expect(held).toEqual([
      ["_a._tcp", "a.example.com", 0],
      ["_b._tcp", ".", 0],
      ["", ".", 0],
    ]);
    // The root is a target for MX and SRV only.
    expect(failuresOf({ zoneId: 1, type: "CNAME", name: "c", value: "." })).toEqual([
      {
        property: "value",
        reason: expect.stringMatching(/must be a hostname for type CNAME; got "\."/),
      },
    ]);
  });

  test("a CAA tag is any RFC 8659 tag (tbs); one that is not names the syntax", async () => {
    const caa = { zoneId: 1, type: "CAA", name: "", value: "ca.example", flags: 0 };
    await create({ ...caa, tag: "tbs" });
    expect((await recordsOf(1)).map((r) => r.Tag)).toEqual(["tbs"]);
    for (const tag of ["issue-wild", "abcdefghijklmnop", ""])
      expect(failuresOf({ ...caa, tag })).toEqual([
        {
          property: "tag",
          reason: expect.stringMatching(
            new RegExp(`1 to 15 letters and digits \\(RFC 8659.*got ${JSON.stringify(tag)}`),
          ),
        },
      ]);
  });
});

describe("records DNS forbids (RFC 1034 §3.6.2, RFC 2181 §10.1), refused before any write", () => {
  test("in the inputs alone, at check: a CNAME at the apex, a CNAME to an address, a name that is not a DNS name", async () => {
    await t.clearJournal();
    expect(failuresOf({ zoneId: 1, type: "CNAME", name: "", value: "x.example.net" })).toEqual([
      {
        property: "name",
        reason: expect.stringMatching(/a CNAME cannot be at the zone apex \(""\).*Flatten/),
      },
    ]);
    expect(failuresOf({ zoneId: 1, type: "CNAME", name: "c", value: "192.0.2.1" })).toEqual([
      {
        property: "value",
        reason: expect.stringMatching(
          /must be a hostname, not an IP address .* for type CNAME; got "192\.0\.2\.1"/,
        ),
      },
    ]);
    expect(failuresOf({ zoneId: 1, type: "A", name: "bad name", value: "192.0.2.1" })).toEqual([
      {
        property: "name",
        reason: expect.stringMatching(/must be a DNS name relative to the zone.*got "bad name"/),
      },
    ]);
    // What a name may be: the apex, a wildcard, labels with - and _.
    for (const name of ["", "*", "*.apps", "_dmarc", "a-b.c_d"])
      expect(failuresOf({ zoneId: 1, type: "TXT", name, value: "x" })).toEqual([]);
    expect(await t.journal()).toEqual([]);
  });

  test("a CNAME beside a record the zone holds, and a record beside its CNAME: refused naming both", async () => {
    await t.clearJournal();
    const cname = await rejection(
      create({ zoneId: 3, type: "CNAME", name: "WWW", value: "x.example.net" }),
    );
    expect(cname.message).toMatch(
      /CNAME "WWW".*DNS zone 3 already has record 301 \(A "www"\) and record 302 \(AAAA "www"\).*RFC 1034/,
    );
    const a = await rejection(create({ zoneId: 3, type: "A", name: "blog", value: "192.0.2.9" }));
    expect(a.message).toMatch(/A "blog".*DNS zone 3 already has record 303 \(CNAME "blog"\)/);
    const two = await rejection(
      create({ zoneId: 3, type: "CNAME", name: "blog", value: "y.example.net" }),
    );
    expect(two.message).toMatch(/CNAME "blog".*record 303 \(CNAME "blog"\)/);
    expect(await writes()).toEqual([]);
  });

  test("two resources of one program, created at once: the second is refused, one write", async () => {
    await t.clearJournal();
    const results = await Promise.allSettled([
      create({ zoneId: 1, type: "CNAME", name: "x", value: "a.example.net" }),
      create({ zoneId: 1, type: "A", name: "x", value: "192.0.2.1" }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(String((results[1] as PromiseRejectedResult).reason.message)).toMatch(
      /A "x".*another resource of this program creates CNAME "x" in DNS zone 1/,
    );
    expect((await writes()).map((e) => e.method)).toEqual(["PUT"]);
    expect((await recordsOf(1)).map((r) => [r.Type, r.Name])).toEqual([[2, "x"]]);
  });

  test("records of one name with no CNAME stay allowed (a round-robin set, A beside TXT)", async () => {
    await create({ zoneId: 3, type: "A", name: "www", value: "192.0.2.11" });
    await create({ zoneId: 3, type: "TXT", name: "www", value: "hello" });
    expect((await recordsOf(3)).filter((r) => r.Name === "www")).toHaveLength(4);
  });
});

describe("messages: the field, the value, the allowed values, the way out", () => {
  test("a nested failure is reported on its top-level field, the path in the reason (the CLI prints that field's value)", () => {
    expect(
      failuresOf({
        zoneId: 1,
        type: "Script",
        name: "s",
        scriptId: 1,
        environmentVariables: [{ name: 1, value: "v" }],
      }),
    ).toEqual([
      {
        property: "environmentVariables",
        reason: expect.stringMatching(/^environmentVariables\[0\]\.name: must be a string; got 1/),
      },
    ]);
  });

  test("a TTL out of range names ttl and the range", () => {
    expect(
      failuresOf({ zoneId: 1, type: "A", name: "a", value: "192.0.2.1", ttl: 2147483648 }),
    ).toEqual([
      {
        property: "ttl",
        reason: "must be an integer from 0 to 2147483647; got 2147483648",
      },
    ]);
  });

  test("a renamed resource (no aliases) finds its own record: the refusal's first way out is aliases", async () => {
    // Resource "a" created the record; the program now calls it "b", without aliases: the
    // engine creates "b" first, and finds the record "a" still holds.
    const program = { zoneId: 1, type: "TXT", name: "", value: "v=spf1 -all" };
    const a = await create(program);
    const { resetRunState } = await import("../../packages/pulumi/src/resources/core/run-state");
    resetRunState();
    const e = await rejection(create(program));
    const ways = e.message.slice(e.message.indexOf("Ways out"));
    expect(ways).toMatch(
      new RegExp(
        `^Ways out: if you renamed this resource in the program, give the new name the old ` +
          `one: \`aliases: \\[\\{ name: "<old name>" \\}\\]\` \\(record ${a.id} stays this ` +
          `stack's, created, deleted by destroy\\)`,
      ),
    );
  });
});

describe("normal form: a target without its trailing dot (the platform's Terraform provider refuses the dot)", () => {
  const dotted = { zoneId: 1, type: "CNAME", name: "c", value: "target.example.net." };

  test("written with the dot: sent and kept without it, and the program compares equal", async () => {
    await t.clearJournal();
    const c = await create(dotted);
    expect((await writes()).map((e) => (e.body as { Value?: string }).Value)).toEqual([
      "target.example.net",
    ]);
    expect(c.outs.value).toBe("target.example.net");
    expect(await p.diff(c.id, c.outs, checked(dotted))).toMatchObject({ changes: false });
    expect(
      await p.diff(c.id, c.outs, checked({ ...dotted, value: "target.example.net" })),
    ).toMatchObject({ changes: false });
  });

  test("a platform (or an older state) holding the dot: no change, no write, no drift", async () => {
    const s = await t.state();
    s.dnsZones.find((z) => z.Id === 3)!.Records!.find((r) => r.Id === 303)!.Value =
      "www.records.example.";
    await t.setState(s);
    await t.clearJournal();
    const adopt = await p.create(
      checked({
        zoneId: 3,
        recordId: 303,
        type: "CNAME",
        name: "blog",
        value: "www.records.example",
      }),
    );
    expect(await writes()).toEqual([]);
    const outs = adopt.outs as DnsRecordOutputs;
    const read = await p.read(adopt.id, outs);
    expect((read.props as DnsRecordOutputs).value).toBe("www.records.example");
    const older = { ...outs, value: "www.records.example." };
    expect(
      await p.diff(
        adopt.id,
        older,
        checked({
          zoneId: 3,
          recordId: 303,
          type: "CNAME",
          name: "blog",
          value: "www.records.example.",
        }),
      ),
    ).toMatchObject({ changes: false });
  });

  test('only targets: a TXT value keeps its dot, a null MX stays "."', () => {
    expect(checked({ zoneId: 1, type: "TXT", name: "t", value: "end." }).value).toBe("end.");
    expect(checked({ zoneId: 1, type: "MX", name: "", value: ".", priority: 0 }).value).toBe(".");
    expect(
      checked({ zoneId: 1, type: "MX", name: "", value: "mx.example.net.", priority: 1 }).value,
    ).toBe("mx.example.net");
  });
});

describe("a rename onto a CNAME's name", () => {
  test("an update that moves a record beside a CNAME (or a CNAME beside a record) is refused before its POST", async () => {
    const a = await create({ zoneId: 3, type: "A", name: "a", value: "192.0.2.5" });
    const { resetRunState } = await import("../../packages/pulumi/src/resources/core/run-state");
    resetRunState();
    await t.clearJournal();
    const e = await rejection(
      p.update(a.id, a.outs, checked({ zoneId: 3, type: "A", name: "blog", value: "192.0.2.5" })),
    );
    expect(e.message).toMatch(/A "blog".*DNS zone 3 already has record 303 \(CNAME "blog"\)/);
    expect(await writes()).toEqual([]);
    // A rename to a free name is one POST.
    await p.update(
      a.id,
      a.outs,
      checked({ zoneId: 3, type: "A", name: "free", value: "192.0.2.5" }),
    );
    expect((await writes()).map((w) => w.body)).toEqual([{ Name: "free" }]);
  });
});
