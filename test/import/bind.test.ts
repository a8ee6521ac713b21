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

  test("syntax errors name the line", () => {
    const cases: [string, RegExp][] = [
      [
        '$ORIGIN example.org.\n$TTL 300\nk TXT ( "a"\n\nw A 192.0.2.1\n',
        /^line 3: a "\(" is never closed/,
      ],
      [
        '$ORIGIN example.org.\n$TTL 300\nk TXT "open\nw A 192.0.2.1\n',
        /^line 3: a quoted string is not closed/,
      ],
      [
        "$ORIGIN example.org.\n$TTL 300\nk A 192.0.2.1 )\n",
        /^line 3: a "\)" without a "\(" before it/,
      ],
      [
        "$TTL 300\n  A 192.0.2.1\n",
        /^line 2: the record has no owner name and no record comes before it/,
      ],
      [
        "$TTL 300\nwww A 192.0.2.1\n",
        /^line 2: "www" is relative, and there is no \$ORIGIN before it \(give the domain\)/,
      ],
      [
        "$ORIGIN example.org.\nwww A 192.0.2.1\n",
        /^line 2: no TTL: give the record a TTL or put \$TTL before it/,
      ],
      [
        "$ORIGIN example.org.\n$TTL soon\n",
        /^line 2: \$TTL: "soon" is not a TTL \(seconds, or a duration such as 1h30m\)/,
      ],
      [
        "$ORIGIN example.org.\n$TTL 300\n$INCLUDE other.zone\n",
        /^line 3: \$INCLUDE is not supported: put the included file's records in this file/,
      ],
      [
        "$ORIGIN example.org.\n$TTL 300\nwww CH A 192.0.2.1\n",
        /^line 3: class CH is not supported \(only IN\)/,
      ],
      ["$ORIGIN example.org.\n$TTL 300\nwww IN\n", /^line 3: the record has no type/],
      [
        "$ORIGIN example.org.\n$TTL 300\nbad..name A 192.0.2.1\n",
        /^line 3: "bad\.\.name" is not a domain name/,
      ],
    ];
    for (const [text, message] of cases) {
      expect(errorOf(() => parseZoneFile(text)).message).toMatch(message);
    }
    expect(errorOf(() => parseZoneFile('$ORIGIN example.org.\n$TTL 300\nk TXT ( "a"\n')).line).toBe(
      3,
    );
  });
});

describe("readZoneFile: the platform's records of a zone file", () => {
  test("a realistic zone file: every record, SOA and the platform's apex NS skipped, each with its line", () => {
    const z = readZoneFile(fixture("example-net.zone"), { platformNameservers: PLATFORM_NS });
    expect(z.domain).toBe("example.net");
    expect(z.skipped).toEqual([
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

  test("the domain given wins over a missing $ORIGIN; an apex NS of another host is kept", () => {
    const z = readZoneFile("$TTL 300\n@ NS ns1.oldhost.example.\nwww A 192.0.2.1\n", {
      domain: "Shop.Example.",
      platformNameservers: PLATFORM_NS,
    });
    expect(z.domain).toBe("shop.example");
    expect(z.skipped).toEqual([]);
    expect(z.records).toEqual([
      { line: 2, type: "NS", name: "", value: "ns1.oldhost.example", ttl: 300 },
      { line: 3, type: "A", name: "www", value: "192.0.2.1", ttl: 300 },
    ]);
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
    expect(z.records.map((r) => [r.type, r.name, r.value])).toEqual([
      ["SVCB", "_svc", '1 svc.example.org. alpn="h2"'],
      ["HTTPS", "", "1 . alpn=h3,h2"],
      ["TLSA", "_443._tcp", "3 1 1 0123456789abcdef"],
      ["TXT", "multi", "first second"],
    ]);
  });

  test("a record type the platform lacks: the line and the allowed types", () => {
    const e = errorOf(() => readZoneFile(fixture("bad-type.zone")));
    expect(e.line).toBe(5);
    expect(e.message).toBe(
      "line 5: record type HINFO is not one the platform has " +
        "(allowed: A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS, SVCB, HTTPS, TLSA; SOA is skipped)",
    );
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
    ];
    for (const [line, message] of cases) {
      const e = errorOf(() => readZoneFile(`$ORIGIN example.org.\n$TTL 300\n${line}\n`));
      expect(e.message).toBe(message);
    }
  });

  test("no origin and no domain: the first relative name says so", () => {
    expect(errorOf(() => readZoneFile("$TTL 300\n@ A 192.0.2.1\n")).message).toBe(
      'line 2: "@" is relative, and there is no $ORIGIN before it (give the domain)',
    );
    expect(errorOf(() => readZoneFile("; nothing\n")).message).toBe(
      "line 1: no domain: the file has no $ORIGIN (give the domain)",
    );
  });
});
