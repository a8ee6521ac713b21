/**
 * The BIND zone file reader of `edgeplatform-import --bind-file` (RFC 1035 master files):
 * directives, names, TTLs, classes, parentheses, comments, quoted strings; each record
 * turned into the platform's record and checked by type; what is skipped (SOA, the apex NS
 * records of the platform's own nameservers) said with its line; errors name the line.
 */
import * as fs from "fs";
import * as path from "path";
import { parseZoneFile, readZoneFile, ZoneFileError } from "../../packages/pulumi/src/import/bind";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "zone-files", name), "utf8");
const PLATFORM_NS = ["ns1.emulator.invalid", "ns2.emulator.invalid"];

/** The error `fn` throws (fails the test when it throws none or another kind). */
function errorOf(fn: () => unknown): ZoneFileError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ZoneFileError) return e;
    throw e;
  }
  throw new Error("no error thrown");
}

describe("parseZoneFile (RFC 1035 master file syntax)", () => {
  test("$ORIGIN, $TTL, @, relative and absolute names, omitted owner, optional class and TTL", () => {
    const z = parseZoneFile(
      [
        "$ORIGIN Example.COM.",
        "$TTL 2h",
        "@ IN A 192.0.2.1",
        "  AAAA 2001:db8::1 ; owner omitted: the previous one",
        "www 60 IN A 192.0.2.2",
        "mail IN 120 A 192.0.2.3",
        "ftp.example.com. A 192.0.2.4",
        "$ORIGIN sub",
        "x A 192.0.2.5",
      ].join("\n"),
    );
    expect(
      z.records.map((r) => [r.line, r.owner, r.ttl, r.type, r.rdata.map((t) => t.text)]),
    ).toEqual([
      [3, "example.com", 7200, "A", ["192.0.2.1"]],
      [4, "example.com", 7200, "AAAA", ["2001:db8::1"]],
      [5, "www.example.com", 60, "A", ["192.0.2.2"]],
      [6, "mail.example.com", 120, "A", ["192.0.2.3"]],
      [7, "ftp.example.com", 7200, "A", ["192.0.2.4"]],
      [9, "x.sub.example.com", 7200, "A", ["192.0.2.5"]],
    ]);
    expect(z.origin).toBe("example.com");
  });

  test("without $TTL a record takes the last TTL given; the origin can come from the caller", () => {
    const z = parseZoneFile("a 300 A 192.0.2.1\nb A 192.0.2.2\nc 1w2d3h4m5s A 192.0.2.3\n", {
      origin: "example.org.",
    });
    expect(z.records.map((r) => [r.owner, r.ttl])).toEqual([
      ["a.example.org", 300],
      ["b.example.org", 300],
      ["c.example.org", 7 * 86400 + 2 * 86400 + 3 * 3600 + 4 * 60 + 5],
    ]);
  });

  test("parentheses across lines, comments inside them, quoted strings with escapes", () => {
    const z = parseZoneFile(
      [
        "$ORIGIN example.org.",
        "$TTL 300",
        'k TXT ( "a;b" ; not a comment inside quotes, this is one',
        '        "say \\"hi\\"" unquoted',
        '        "\\065\\066" )',
        "next A 192.0.2.9",
      ].join("\n"),
    );
    expect(z.records[0].line).toBe(3);
    expect(z.records[0].rdata.map(({ text, quoted, line }) => ({ text, quoted, line }))).toEqual([
      { text: "a;b", quoted: true, line: 3 },
      { text: 'say "hi"', quoted: true, line: 4 },
      { text: "unquoted", quoted: false, line: 4 },
      { text: "AB", quoted: true, line: 5 },
    ]);
    expect(z.records[1]).toMatchObject({ line: 6, owner: "next.example.org" });
  });

  test("a line it cannot read is refused with its line and reason; the rest is read on", () => {
    const cases: [string, number, string][] = [
      [
        '$ORIGIN example.org.\n$TTL 300\nk TXT "open\nw A 192.0.2.1\n',
        3,
        "a quoted string is not closed",
      ],
      [
        "$ORIGIN example.org.\n$TTL 300\nk A 192.0.2.1 )\nw A 192.0.2.1\n",
        3,
        'a ")" without a "(" before it',
      ],
      [
        "$TTL 300\n  A 192.0.2.1\nw.example.org. A 192.0.2.1\n",
        2,
        "the record has no owner name and no record comes before it",
      ],
      [
        "$TTL 300\nwww A 192.0.2.1\nw.example.org. A 192.0.2.1\n",
        2,
        '"www" is relative, and there is no $ORIGIN before it (give the domain)',
      ],
      [
        "$ORIGIN example.org.\nwww A 192.0.2.1\nw 300 A 192.0.2.1\n",
        2,
        "no TTL: give the record a TTL, or put $TTL (or the SOA record) before it",
      ],
      [
        "$ORIGIN example.org.\n$TTL soon\nw 300 A 192.0.2.1\n",
        2,
        '$TTL: "soon" is not a TTL (seconds up to 2147483647, or a duration such as 1h30m)',
      ],
      [
        "$ORIGIN example.org.\n$TTL 300\n$INCLUDE other.zone\nw A 192.0.2.1\n",
        3,
        "$INCLUDE is not supported: put the included file's records in this file",
      ],
      [
        "$ORIGIN example.org.\n$TTL 300\nwww CH A 192.0.2.1\nw A 192.0.2.1\n",
        3,
        "class CH is not supported (only IN)",
      ],
      ["$ORIGIN example.org.\n$TTL 300\nwww IN\nw A 192.0.2.1\n", 3, "the record has no type"],
      [
        "$ORIGIN example.org.\n$TTL 300\nbad..name A 192.0.2.1\nw A 192.0.2.1\n",
        3,
        '"bad..name" is not a domain name the platform can hold (labels of 1 to 63 letters, digits, - and _, or *)',
      ],
      [
        "$ORIGIN example.org.\nbig 2147483648 A 192.0.2.1\nw 300 A 192.0.2.1\n",
        2,
        "TTL 2147483648 is more than 2147483647 seconds (RFC 2181)",
      ],
    ];
    for (const [text, line, reason] of cases) {
      const z = parseZoneFile(text);
      expect({ text, refused: z.refused.map((r) => [r.line, r.reason]) }).toEqual({
        text,
        refused: [[line, reason]],
      });
      // the last line of each file is a good record, read after the refused one
      expect(z.records.map((r) => r.owner)).toEqual(["w.example.org"]);
    }
    expect(
      errorOf(() => parseZoneFile('$ORIGIN example.org.\n$TTL 300\nk TXT ( "a"\n')).message,
    ).toBe('line 3: a "(" is never closed');
  });
});

describe("parseZoneFile: a refused directive refuses what depends on it", () => {
  test("after a refused $ORIGIN, relative names are refused (never put under the previous origin); after a refused $TTL, records without a TTL", () => {
    const z = parseZoneFile(
      [
        "$ORIGIN example.org.",
        "$ORIGIN a\\.b.example.org.",
        "www 300 A 192.0.2.1",
        "abs.example.org. 300 A 192.0.2.2",
        "$TTL forever",
        "abs.example.org. A 192.0.2.3",
      ].join("\n"),
    );
    expect(z.refused.map((r) => [r.line, r.reason])).toEqual([
      [
        2,
        'a\\.b.example.org.: the label "a.b" holds a dot (written \\. or \\046): ' +
          "the platform's names are hostnames, whose labels cannot hold one",
      ],
      [3, '"www" is relative, and the $ORIGIN before it (line 2) was refused'],
      [5, '$TTL: "forever" is not a TTL (seconds up to 2147483647, or a duration such as 1h30m)'],
      [6, "no TTL: the $TTL before it (line 5) was refused"],
    ]);
    expect(z.records.map((r) => [r.line, r.owner])).toEqual([[4, "abs.example.org"]]);
  });
});

describe("readZoneFile: the platform's records of a zone file", () => {
  test("a realistic zone file: every record, SOA and the platform's apex NS skipped, each with its line", () => {
    const z = readZoneFile(fixture("example-net.zone"), { platformNameservers: PLATFORM_NS });
    expect(z.domain).toBe("example.net");
    expect(z.refused).toEqual([]);
    expect(z.notes).toEqual([
      {
        line: 27,
        text:
          'selector1._domainkey IN TXT ( "v=DKIM1; k=rsa; "\n' +
          '                              "p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC1" )',
        note: "2 strings joined into one value of 58 bytes (the platform stores a TXT record as one text)",
      },
    ]);
    expect(z.skipped.map(({ text: _text, ...s }) => s)).toEqual([
      {
        line: 4,
        type: "SOA",
        name: "",
        reason: "the platform writes the zone's SOA record itself",
      },
      {
        line: 10,
        type: "NS",
        name: "",
        reason:
          "ns1.emulator.invalid is the platform's own nameserver: it serves the apex NS records itself",
      },
      {
        line: 11,
        type: "NS",
        name: "",
        reason:
          "ns2.emulator.invalid is the platform's own nameserver: it serves the apex NS records itself",
      },
    ]);
    expect(z.records).toEqual([
      { line: 12, type: "A", name: "", value: "192.0.2.1", ttl: 300 },
      { line: 13, type: "AAAA", name: "", value: "2001:db8::1", ttl: 3600 },
      { line: 14, type: "MX", name: "", value: "mail.example.net", ttl: 3600, priority: 10 },
      { line: 15, type: "MX", name: "", value: "mail2.example.net", ttl: 3600, priority: 20 },
      {
        line: 16,
        type: "TXT",
        name: "",
        value: "v=spf1 mx include:_spf.mailer.example -all",
        ttl: 3600,
      },
      {
        line: 17,
        type: "CAA",
        name: "",
        value: "letsencrypt.org",
        ttl: 3600,
        flags: 0,
        tag: "issue",
      },
      {
        line: 18,
        type: "CAA",
        name: "",
        value: "mailto:security@example.net",
        ttl: 3600,
        flags: 128,
        tag: "iodef",
      },
      { line: 19, type: "A", name: "www", value: "192.0.2.10", ttl: 3600 },
      { line: 20, type: "A", name: "www", value: "192.0.2.11", ttl: 3600 },
      { line: 21, type: "AAAA", name: "www", value: "2001:db8::10", ttl: 3600 },
      { line: 22, type: "CNAME", name: "blog", value: "www.example.net", ttl: 600 },
      { line: 23, type: "A", name: "mail", value: "192.0.2.25", ttl: 3600 },
      { line: 24, type: "A", name: "mail2", value: "192.0.2.26", ttl: 3600 },
      {
        line: 25,
        type: "SRV",
        name: "_sip._tcp",
        value: "sip.example.net",
        ttl: 3600,
        priority: 10,
        weight: 5,
        port: 5060,
      },
      { line: 26, type: "A", name: "sip", value: "192.0.2.30", ttl: 3600 },
      {
        line: 27,
        type: "TXT",
        name: "selector1._domainkey",
        value: "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC1",
        ttl: 3600,
      },
      { line: 29, type: "TXT", name: "notes", value: 'say "hi"; then leave', ttl: 3600 },
      { line: 30, type: "NS", name: "dev", value: "ns1.devhost.example", ttl: 3600 },
      { line: 31, type: "CNAME", name: "*.apps", value: "www.example.net", ttl: 3600 },
      { line: 33, type: "A", name: "db.internal", value: "10.0.0.5", ttl: 3600 },
      { line: 34, type: "PTR", name: "5.internal", value: "db.internal.example.net", ttl: 3600 },
    ]);
  });

  test("the domain given wins over a missing $ORIGIN", () => {
    const z = readZoneFile("$TTL 300\nwww A 192.0.2.1\n", { domain: "Shop.Example." });
    expect(z.domain).toBe("shop.example");
    expect(z.records).toEqual([{ line: 2, type: "A", name: "www", value: "192.0.2.1", ttl: 300 }]);
  });

  test("SVCB, HTTPS and TLSA keep their data as text; TXT strings are joined", () => {
    const z = readZoneFile(
      [
        "$ORIGIN example.org.",
        "$TTL 300",
        '_svc SVCB 1 svc.example.org. alpn="h2"',
        "@ HTTPS 1 . alpn=h3,h2",
        "_443._tcp TLSA 3 1 1 0123456789abcdef",
        'multi TXT "first " "second"',
      ].join("\n"),
    );
    expect(z.refused).toEqual([]);
    expect(z.records.map((r) => [r.type, r.name, r.value])).toEqual([
      ["SVCB", "_svc", '1 svc.example.org. alpn="h2"'],
      ["HTTPS", "", "1 . alpn=h3,h2"],
      ["TLSA", "_443._tcp", "3 1 1 0123456789abcdef"],
      ["TXT", "multi", "first second"],
    ]);
  });

  test("a record type the platform lacks: refused with the line and the allowed types", () => {
    const z = readZoneFile(fixture("bad-type.zone"));
    expect(z.refused).toEqual([
      {
        line: 5,
        text: 'host    IN  HINFO  "PC" "Linux"',
        reason:
          "record type HINFO is not one the platform has " +
          "(allowed: A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS, SVCB, HTTPS, TLSA; SOA is skipped)",
      },
    ]);
    expect(z.records.map((r) => r.line)).toEqual([3, 4]);
  });

  test("an unclosed parenthesis names the line where it opened", () => {
    const e = errorOf(() => readZoneFile(fixture("unclosed.zone")));
    expect(e.message).toBe('line 4: a "(" is never closed');
  });

  test("a record the platform would refuse is refused here, naming the line and the field", () => {
    const cases: [string, string][] = [
      [
        "www A 192.0.2.300",
        'line 3: A record "www": Value must be an IPv4 address for type A; got "192.0.2.300"',
      ],
      [
        "www AAAA 192.0.2.1",
        'line 3: AAAA record "www": Value must be an IPv6 address for type AAAA; got "192.0.2.1"',
      ],
      ["@ MX mail", 'line 3: MX record "": needs 2 fields (priority, mail server); got 1'],
      [
        "@ MX ten mail",
        'line 3: MX record "": priority: "ten" is not a whole number from 0 to 65535',
      ],
      [
        "@ CAA 0 issue_r letsencrypt.org",
        'line 3: CAA record "": Tag must be a CAA property tag: 1 to 15 letters and digits (RFC 8659 §4.1), such as "issue", "issuewild", "iodef"; got "issue_r"',
      ],
      ["x.other.example. A 192.0.2.1", "line 3: x.other.example is outside the zone example.org"],
      ["www A 192.0.2.1 192.0.2.2", 'line 3: A record "www": needs 1 field (address); got 2'],
      [
        "www CNAME .",
        'line 3: CNAME record "www": Value must be a hostname for type CNAME; got "."',
      ],
    ];
    for (const [line, message] of cases) {
      const z = readZoneFile(`$ORIGIN example.org.\n$TTL 300\n${line}\n`);
      expect(z.refused.map((r) => `line ${r.line}: ${r.reason}`)).toEqual([message]);
      expect(z.refused[0].text).toBe(line);
      expect(z.records).toEqual([]);
    }
  });

  test("no origin and no domain: nothing can be read, the first relative name says why", () => {
    expect(parseZoneFile("$TTL 300\n@ A 192.0.2.1\n").refused).toEqual([
      {
        line: 2,
        text: "@ A 192.0.2.1",
        reason: '"@" is relative, and there is no $ORIGIN before it (give the domain)',
      },
    ]);
    expect(errorOf(() => readZoneFile("$TTL 300\n@ A 192.0.2.1\n")).message).toBe(
      "line 1: no domain: the file has no $ORIGIN (give the domain)",
    );
    expect(errorOf(() => readZoneFile("; nothing\n")).message).toBe(
      "line 1: no domain: the file has no $ORIGIN (give the domain)",
    );
  });
});

describe("readZoneFile: a zone moved from another DNS host (fixtures written for each case)", () => {
  const read = (name: string) => readZoneFile(fixture(name), { platformNameservers: PLATFORM_NS });
  const refusals = (z: ReturnType<typeof read>) => z.refused.map((r) => [r.line, r.reason]);
  const DOT_LABEL = "the platform's names are hostnames, whose labels cannot hold one";

  test("escapes: \\X is the character, \\DDD bytes are read as UTF-8; bytes that are not UTF-8, a \\DDD over 255 and a dot inside a label are refused", () => {
    const z = read("escapes.zone");
    expect(z.records).toEqual([
      { line: 4, type: "TXT", name: "", value: "\u00c5LAND ISLANDS", ttl: 300 },
      { line: 5, type: "TXT", name: "quote", value: 'say "hi" \\ ;x', ttl: 300 },
      { line: 6, type: "TXT", name: "emoji", value: "\u{1F600} smile", ttl: 300 },
      { line: 7, type: "TXT", name: "plain", value: "a b;c", ttl: 300 },
      { line: 10, type: "A", name: "xay", value: "192.0.2.3", ttl: 300 },
      { line: 14, type: "CAA", name: "caa", value: "ca.example", ttl: 300, flags: 0, tag: "issue" },
    ]);
    expect(refusals(z)).toEqual([
      [
        8,
        'TXT record "latin1": "caf\\233": its escaped bytes are not UTF-8 text (the platform stores text, not bytes)',
      ],
      [9, 'TXT record "big": "\\300": \\300 is not a byte (\\DDD is from \\000 to \\255)'],
      [11, `a\\.b: the label "a.b" holds a dot (written \\. or \\046): ${DOT_LABEL}`],
      [12, `c\\046d: the label "c.d" holds a dot (written \\. or \\046): ${DOT_LABEL}`],
      [
        13,
        `MX record "mail": m\\.x: the label "m.x" holds a dot (written \\. or \\046): ${DOT_LABEL}`,
      ],
    ]);
    expect(z.refused[0].text).toBe(
      'latin1   IN TXT "caf\\233"                      ; one Latin-1 byte: not UTF-8 text',
    );
  });

  test("relative names are completed with the $ORIGIN in force in every type that carries one, SVCB and HTTPS targets too", () => {
    const z = read("relative-names.zone");
    expect(z.refused).toEqual([]);
    expect(z.records.map(({ line, type, name, value }) => [line, type, name, value])).toEqual([
      [3, "SVCB", "_svc", '1 svc.relative.example. alpn="h2" port=8443'],
      [4, "HTTPS", "", "1 . alpn=h3,h2"],
      [5, "HTTPS", "alias", "0 cdn.provider.example."],
      [
        6,
        "HTTPS",
        "www",
        "1 www.relative.example. ech=AEn+DQBFKwAgACABWIHUGj4u+PIggYXcR5JF0gYk3dCRioBW8uJq9H4mKAAIAAEAAQABAANAEnB1YmxpYy50bHMtZWNoLmRldgAA",
      ],
      [7, "SVCB", "at", "1 relative.example."],
      [8, "CNAME", "blog", "web.relative.example"],
      [9, "MX", "", "mail.relative.example"],
      [10, "SRV", "_sip._tcp", "sip.relative.example"],
      [11, "NS", "sub", "ns1.sub.relative.example"],
      [13, "SVCB", "api.sub", "2 backend.sub.relative.example."],
      [14, "PTR", "10.sub", "host.sub.relative.example"],
    ]);
  });

  test("the old host's apex NS records and the SOA are skipped with the reason; a delegation below the apex stays", () => {
    const z = read("old-host.zone");
    const oldHost = (ns: string) =>
      `${ns} is a nameserver of the zone's current DNS host: the platform serves the apex NS ` +
      "records itself (its own nameservers), which replace the old host's at the registrar";
    expect(z.skipped.map(({ line, type, reason }) => [line, type, reason])).toEqual([
      [4, "SOA", "the platform writes the zone's SOA record itself"],
      [5, "NS", oldHost("ns1.oldhost.example")],
      [6, "NS", oldHost("ns2.oldhost.example")],
    ]);
    expect(z.records).toEqual([
      { line: 7, type: "A", name: "", value: "192.0.2.10", ttl: 3600 },
      { line: 8, type: "NS", name: "dev", value: "ns1.devhost.example", ttl: 3600 },
      { line: 9, type: "NS", name: "dev", value: "ns2.devhost.example", ttl: 3600 },
    ]);
    expect(z.refused).toEqual([]);
  });

  test("no $TTL: the SOA's minimum, as BIND does (RFC 2308), then the last TTL given; without a SOA each record lacking a TTL is refused", () => {
    const z = read("no-ttl.zone");
    expect(z.refused).toEqual([]);
    expect(z.records.map((r) => [r.line, r.name, r.ttl])).toEqual([
      [4, "", 900],
      [5, "www", 900],
      [6, "short", 60],
      [7, "after", 60],
    ]);
    const none = read("no-ttl-no-soa.zone");
    expect(refusals(none)).toEqual([
      [3, "no TTL: give the record a TTL, or put $TTL (or the SOA record) before it"],
    ]);
    expect(none.records.map((r) => [r.line, r.name, r.ttl])).toEqual([[4, "www", 120]]);
  });

  test("TXT: several strings are one value, with a note; a string over 255 bytes (not characters) is refused", () => {
    const z = read("txt.zone");
    const over = (name: string) =>
      `TXT record "${name}": a string of 256 bytes: a TXT string holds at most 255 (RFC 1035 3.3); ` +
      "split it into strings of 255 bytes or fewer";
    expect(refusals(z)).toEqual([
      [5, over("over")],
      [10, over("accents")],
    ]);
    expect(z.records.map((r) => [r.line, r.name, r.value])).toEqual([
      [4, "max", "a".repeat(255)],
      [6, "long", "c".repeat(400)],
      [7, "dkim", "v=DKIM1; k=rsa; p=MIGf"],
      [9, "one", "v=spf1 -all"],
    ]);
    const joined = (n: number) =>
      `2 strings joined into one value of ${n} bytes (the platform stores a TXT record as one text)`;
    expect(z.notes.map((n) => [n.line, n.note])).toEqual([
      [6, joined(400)],
      [7, joined(22)],
    ]);
  });
});
