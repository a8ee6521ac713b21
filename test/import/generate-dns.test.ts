/**
 * The DNS part of the `edgeplatform-import` generator: a DNS zone with its records adopted
 * by id (`--dns-zone`), and the records of a zone file to create (`--bind-file`), in a new
 * zone or an existing one. The program is also run (transpiled, with a stand-in for
 * `pulumi-edgeplatform`) to check the inputs each resource gets.
 */
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";
import { recordOfEachType } from "../../packages/emulator/src";
import { dnsRecord } from "../../packages/emulator/src/state-dns";
import { readZoneFile } from "../../packages/pulumi/src/import/bind";
import {
  generateProgram,
  NothingToImportError,
  type ImportSnapshot,
} from "../../packages/pulumi/src/import/generate";
import { DnsRecordType } from "../../packages/client/src/spec";

const T = DnsRecordType;
const PLATFORM_NS = ["ns1.emulator.invalid", "ns2.emulator.invalid"];

interface Captured {
  kind: string;
  name: string;
  args: Record<string, unknown>;
  opts?: Record<string, unknown>;
}

/** Runs the generated program with a stand-in package that records each resource. */
function evaluate(text: string): { resources: Captured[]; exports: Record<string, unknown> } {
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const resources: Captured[] = [];
  const fake = (kind: string) =>
    class {
      zoneId: unknown;
      recordId: unknown;
      constructor(name: string, args: Record<string, unknown>, opts?: Record<string, unknown>) {
        resources.push({ kind, name, args, ...(opts ? { opts } : {}) });
        this.zoneId = args.zoneId ?? `zone:${name}`;
        this.recordId = args.recordId ?? `new:${name}`;
      }
    };
  const edge = {
    dns: { ZoneDnssec: fake("ZoneDnssec"), DnsZone: fake("DnsZone"), DnsRecord: fake("DnsRecord") },
  };
  const module = { exports: {} as Record<string, unknown> };
  const req = (id: string) => {
    if (id !== "pulumi-edgeplatform") throw new Error(`unexpected require ${id}`);
    return edge;
  };
  new Function("require", "module", "exports", js)(req, module, module.exports);
  return { resources, exports: module.exports };
}

const shopRecords = () => [
  dnsRecord(52, { Type: T.A, Name: "www", Value: "192.0.2.2", Ttl: 300 }),
  dnsRecord(51, { Type: T.A, Name: "www", Value: "192.0.2.1", Ttl: 300 }),
  dnsRecord(53, { Type: T.MX, Name: "", Value: "mail.shop.example", Ttl: 3600, Priority: 10 }),
  dnsRecord(54, {
    Type: T.TXT,
    Name: "",
    Value: "v=spf1 -all",
    Disabled: true,
    Comment: "SPF",
    MonitorType: 2,
  }),
  dnsRecord(55, { Type: 99, Name: "legacy", Value: "x" }),
];

const dnsSnapshot = (over: Partial<ImportSnapshot> = {}): ImportSnapshot => ({
  source: "http://127.0.0.1:4010",
  shieldZones: [],
  dnsZones: [{ zoneId: 5, domain: "shop.example", dnsSecEnabled: true, records: shopRecords() }],
  ...over,
});

describe("edgeplatform-import generator: a DNS zone and its records (--dns-zone)", () => {
  test("a small zone gives exactly this program: zone adopted by id, records by recordId", () => {
    const { text, warnings } = generateProgram(dnsSnapshot());
    expect(text).toContain("//   DNS zone 5 (shop.example): DNSSEC enabled, 5 records\n");
    expect(text.slice(text.indexOf("// DNS zone 5 (shop.example): the zone"))).toBe(
      [
        "// DNS zone 5 (shop.example): the zone and its records, adopted by id",
        "// `{ protect: true }` as a third argument protects the zone and every record below (their",
        "// `zoneId` is its output): `pulumi destroy`, removing them from this file and `--target` of",
        "// one of them then fail and delete nothing, until it is taken out and `pulumi up` has run",
        'const shopExample = new edge.dns.DnsZone("shop-example", { zoneId: 5 });',
        'const shopExampleAWww = new edge.dns.DnsRecord("shop-example-a-www", {',
        "  zoneId: shopExample.zoneId,",
        "  recordId: 51,",
        '  type: "A",',
        '  name: "www",',
        '  value: "192.0.2.1",',
        "  ttl: 300,",
        "});",
        'const shopExampleAWww2 = new edge.dns.DnsRecord("shop-example-a-www-2", {',
        "  zoneId: shopExample.zoneId,",
        "  recordId: 52,",
        '  type: "A",',
        '  name: "www",',
        '  value: "192.0.2.2",',
        "  ttl: 300,",
        "});",
        'const shopExampleMxApex = new edge.dns.DnsRecord("shop-example-mx-apex", {',
        "  zoneId: shopExample.zoneId,",
        "  recordId: 53,",
        '  type: "MX",',
        '  name: "",',
        '  value: "mail.shop.example",',
        "  ttl: 3600,",
        "  priority: 10,",
        "});",
        'const shopExampleTxtApex = new edge.dns.DnsRecord("shop-example-txt-apex", {',
        "  zoneId: shopExample.zoneId,",
        "  recordId: 54,",
        '  type: "TXT",',
        '  name: "",',
        '  value: "v=spf1 -all",',
        "  ttl: 300,",
        '  monitorType: "Http",',
        "  disabled: true,",
        '  comment: "SPF",',
        "});",
        '// NOT imported: DNS record 55 ("legacy"): type 99 is not a record type this provider knows',
        "",
        "// What this program manages, as stack outputs.",
        "export const dnsZoneIds = [dnssecShopExample.zoneId];",
        "export const dnsZones = [shopExample.zoneId];",
        "export const dnsRecordIds = [",
        "  shopExampleAWww.recordId,",
        "  shopExampleAWww2.recordId,",
        "  shopExampleMxApex.recordId,",
        "  shopExampleTxtApex.recordId,",
        "];",
        "",
      ].join("\n"),
    );
    expect(warnings).toEqual([
      expect.stringMatching(
        /^DNS record 55 \("legacy"\): type 99 is not a record type this provider knows \(allowed: 0 \(A\), 1 \(AAAA\), .*15 \(TLSA\)\): not imported$/,
      ),
    ]);
    // DNSSEC as before, beside the zone
    expect(text).toContain(
      'new edge.dns.ZoneDnssec("dnssec-shop-example", {\n  zoneId: 5,\n  enabled: true,\n});',
    );
  });

  test("the fixture zone with a record of each type: each record's fields as its type takes them", () => {
    const records = recordOfEachType();
    const { text, resources, warnings } = generateProgram(
      dnsSnapshot({
        dnsZones: [{ zoneId: 3, domain: "records.example", dnsSecEnabled: false, records }],
      }),
    );
    expect(warnings).toEqual([]);
    const ran = evaluate(text).resources;
    const recs = ran.filter((r) => r.kind === "DnsRecord");
    expect(recs).toHaveLength(16);
    const base = (recordId: number, type: string, name: string) => ({
      zoneId: 3 as unknown,
      recordId,
      type,
      name,
      ttl: 300,
    });
    // the DnsZone adopts zone 3, so its zoneId output is 3
    expect(ran.filter((r) => r.kind === "DnsZone")).toEqual([
      { kind: "DnsZone", name: "records-example", args: { zoneId: 3 } },
    ]);
    expect(recs.map((r) => [r.name, r.args])).toEqual([
      ["records-example-a-www", { ...base(301, "A", "www"), value: "192.0.2.10" }],
      ["records-example-aaaa-www", { ...base(302, "AAAA", "www"), value: "2001:db8::10" }],
      [
        "records-example-cname-blog",
        { ...base(303, "CNAME", "blog"), value: "www.records.example" },
      ],
      ["records-example-txt-apex", { ...base(304, "TXT", ""), value: "v=spf1 -all" }],
      [
        "records-example-mx-apex",
        { ...base(305, "MX", ""), value: "mail.records.example", priority: 10 },
      ],
      [
        "records-example-redirect-old",
        { ...base(306, "Redirect", "old"), value: "https://www.records.example/" },
      ],
      ["records-example-flatten-apex", { ...base(307, "Flatten", ""), value: "apex.example.net" }],
      ["records-example-pullzone-cdn", { ...base(308, "PullZone", "cdn"), pullZoneId: 1 }],
      [
        "records-example-srv-sip-tcp",
        {
          ...base(309, "SRV", "_sip._tcp"),
          value: "sip.records.example",
          priority: 10,
          weight: 5,
          port: 5060,
        },
      ],
      [
        "records-example-caa-apex",
        { ...base(310, "CAA", ""), value: "letsencrypt.org", flags: 0, tag: "issue" },
      ],
      ["records-example-ptr-10", { ...base(311, "PTR", "10"), value: "www.records.example" }],
      ["records-example-script-edge", { ...base(312, "Script", "edge"), scriptId: 1 }],
      ["records-example-ns-sub", { ...base(313, "NS", "sub"), value: "ns1.other.example" }],
      [
        "records-example-svcb-svc",
        { ...base(314, "SVCB", "_svc"), value: '1 svc.records.example alpn="h2"' },
      ],
      ["records-example-https-apex", { ...base(315, "HTTPS", ""), value: '1 . alpn="h3,h2"' }],
      [
        "records-example-tlsa-443-tcp",
        { ...base(316, "TLSA", "_443._tcp"), value: "3 1 1 0123456789abcdef" },
      ],
    ]);
    expect(resources.filter((r) => r.type.endsWith(":DnsRecord")).map((r) => r.id)).toEqual(
      records.map((r) => r.Id),
    );
    const exported = evaluate(text).exports;
    expect(exported.dnsRecordIds).toEqual(records.map((r) => r.Id));
    expect(exported.dnsZones).toEqual([3]);
  });

  test("names stay unique and readable: sets get a counter, odd names a readable label", () => {
    const { resources } = generateProgram(
      dnsSnapshot({
        dnsZones: [
          {
            zoneId: 5,
            domain: "shop.example",
            dnsSecEnabled: false,
            records: [
              dnsRecord(1, { Type: T.A, Name: "*", Value: "192.0.2.1" }),
              dnsRecord(2, { Type: T.A, Name: "*.dev", Value: "192.0.2.2" }),
              dnsRecord(3, { Type: T.A, Name: "@", Value: "192.0.2.3" }),
              dnsRecord(4, { Type: T.A, Name: "", Value: "192.0.2.4" }),
              dnsRecord(5, { Type: T.A, Name: "", Value: "192.0.2.5" }),
            ],
          },
        ],
      }),
    );
    expect(resources.map((r) => `${r.name} ${r.variable}`)).toEqual([
      "dnssec-shop-example dnssecShopExample",
      "shop-example shopExample",
      "shop-example-a-wildcard shopExampleAWildcard",
      "shop-example-a-wildcard-dev shopExampleAWildcardDev",
      "shop-example-a-apex shopExampleAApex",
      "shop-example-a-apex-2 shopExampleAApex2",
      "shop-example-a-apex-3 shopExampleAApex3",
    ]);
  });

  test("a zone without records: the zone alone; without records read: DNSSEC only, as before", () => {
    const empty = generateProgram(
      dnsSnapshot({
        dnsZones: [{ zoneId: 1, domain: "example.com", dnsSecEnabled: false, records: [] }],
      }),
    );
    expect(empty.resources.map((r) => r.name)).toEqual(["dnssec-example-com", "example-com"]);
    const before = generateProgram(
      dnsSnapshot({ dnsZones: [{ zoneId: 1, domain: "example.com", dnsSecEnabled: false }] }),
    );
    expect(before.resources.map((r) => r.name)).toEqual(["dnssec-example-com"]);
    expect(before.text).not.toContain("DnsZone");
  });
});

const shopZoneFile = [
  "$ORIGIN shop.example.",
  "$TTL 300",
  "@ IN SOA ns1.old.example. admin.shop.example. 1 7200 3600 1209600 300",
  "@ IN NS ns1.emulator.invalid.",
  "@ IN A 192.0.2.7",
  "www IN CNAME @",
  "old IN A 192.0.2.9",
].join("\n");

describe("edgeplatform-import generator: the records of a zone file (--bind-file)", () => {
  test("a new zone: DnsZone by domain, protected; records to create; skipped lines said", () => {
    const zone = readZoneFile(shopZoneFile, { platformNameservers: PLATFORM_NS });
    const { text, resources, warnings } = generateProgram({
      source: "http://127.0.0.1:4010",
      shieldZones: [],
      dnsZones: [],
      zoneFiles: [{ file: "shop.zone", zone }],
    });
    expect(warnings).toEqual([]);
    expect(text).toContain(
      "//   zone file shop.zone: shop.example (a new DNS zone), 3 records to create, 2 skipped\n",
    );
    expect(text.slice(text.indexOf("// zone file shop.zone:"))).toBe(
      [
        "// zone file shop.zone: a new DNS zone for shop.example and its records, to create",
        "// `pulumi destroy` of a zone Pulumi created DELETES it with every record in it. `protect`",
        "// protects the zone and every record below (their `zoneId` is its output): destroy,",
        "// removing them from this file and `--target` of one of them fail and delete nothing.",
        "// To delete the zone: take `protect` out, `pulumi up`, then `pulumi destroy`",
        "const shopExample = new edge.dns.DnsZone(",
        '  "shop-example",',
        '  { domain: "shop.example" },',
        "  { protect: true },",
        ");",
        '// line 3: SOA "" skipped: the platform writes the zone\'s SOA record itself',
        '// line 4: NS "" skipped: ns1.emulator.invalid is the platform\'s own nameserver: it serves the apex NS records itself',
        'const shopExampleAApex = new edge.dns.DnsRecord("shop-example-a-apex", { // line 5',
        "  zoneId: shopExample.zoneId,",
        '  type: "A",',
        '  name: "",',
        '  value: "192.0.2.7",',
        "  ttl: 300,",
        "});",
        'const shopExampleCnameWww = new edge.dns.DnsRecord("shop-example-cname-www", { // line 6',
        "  zoneId: shopExample.zoneId,",
        '  type: "CNAME",',
        '  name: "www",',
        '  value: "shop.example",',
        "  ttl: 300,",
        "});",
        'const shopExampleAOld = new edge.dns.DnsRecord("shop-example-a-old", { // line 7',
        "  zoneId: shopExample.zoneId,",
        '  type: "A",',
        '  name: "old",',
        '  value: "192.0.2.9",',
        "  ttl: 300,",
        "});",
        "",
        "// What this program manages, as stack outputs.",
        "export const dnsZones = [shopExample.zoneId];",
        "export const dnsRecordIds = [",
        "  shopExampleAApex.recordId,",
        "  shopExampleCnameWww.recordId,",
        "  shopExampleAOld.recordId,",
        "];",
        "",
      ].join("\n"),
    );
    expect(resources.map((r) => r.type.split(":").pop())).toEqual([
      "DnsZone",
      "DnsRecord",
      "DnsRecord",
      "DnsRecord",
    ]);
    const ran = evaluate(text).resources;
    expect(ran[0]).toEqual({
      kind: "DnsZone",
      name: "shop-example",
      args: { domain: "shop.example" },
      opts: { protect: true },
    });
    // every record goes into the new zone, none adopts anything
    expect(ran.slice(1).every((r) => r.args.zoneId === "zone:shop-example")).toBe(true);
    expect(ran.slice(1).some((r) => "recordId" in r.args)).toBe(false);
  });

  test("refused lines: counted in the header and named in a comment each; the records taken are written", () => {
    const zone = readZoneFile(
      [
        "$ORIGIN shop.example.",
        "$TTL 300",
        "@ IN A 192.0.2.7",
        'host IN HINFO "PC" "Linux"',
        "bad IN A 192.0.2.300",
        "www IN A 192.0.2.8",
      ].join("\n"),
    );
    const { text } = generateProgram({
      source: "http://127.0.0.1:4010",
      shieldZones: [],
      dnsZones: [],
      zoneFiles: [{ file: "shop.zone", zone }],
    });
    expect(text).toContain(
      "//   zone file shop.zone: shop.example (a new DNS zone), 2 records to create, 2 lines refused\n",
    );
    expect(text).toContain(
      "// line 4: NOT imported (refused): record type HINFO is not one the platform has (allowed: A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS, SVCB, HTTPS, TLSA; SOA is skipped)\n" +
        '// line 5: NOT imported (refused): A record "bad": Value must be an IPv4 address for type A; got "192.0.2.300"\n',
    );
    expect(
      [...text.matchAll(/new edge\.dns\.DnsRecord\(.*\/\/ line (\d+)/g)].map((m) => m[1]),
    ).toEqual(["3", "6"]);
  });

  test("into an existing zone: a record it already has is adopted by id, never created twice", () => {
    const zone = readZoneFile(shopZoneFile, {
      domain: "shop.example",
      platformNameservers: PLATFORM_NS,
    });
    const existing = [
      dnsRecord(71, { Type: T.A, Name: "", Value: "192.0.2.7", Ttl: 60, Comment: "apex" }),
      dnsRecord(72, { Type: T.A, Name: "old", Value: "192.0.2.99" }),
      dnsRecord(73, { Type: T.TXT, Name: "", Value: "keep me" }),
    ];
    const { text, warnings } = generateProgram({
      source: "http://127.0.0.1:4010",
      shieldZones: [],
      dnsZones: [],
      zoneFiles: [{ file: "shop.zone", zone, zoneId: 7, existing }],
    });
    expect(warnings).toEqual([]);
    expect(text).toContain(
      "//   zone file shop.zone: DNS zone 7 (shop.example), 2 records to create, 1 already there (adopted), 2 skipped\n",
    );
    const ran = evaluate(text).resources;
    expect(ran.map((r) => [r.kind, r.name, r.args])).toEqual([
      ["DnsZone", "shop-example", { zoneId: 7 }],
      [
        "DnsRecord",
        "shop-example-a-apex",
        // the existing record, with the file's TTL: one update, no second record
        {
          zoneId: 7,
          recordId: 71,
          type: "A",
          name: "",
          value: "192.0.2.7",
          ttl: 300,
          comment: "apex",
        },
      ],
      [
        "DnsRecord",
        "shop-example-cname-www",
        { zoneId: 7, type: "CNAME", name: "www", value: "shop.example", ttl: 300 },
      ],
      [
        "DnsRecord",
        "shop-example-a-old",
        { zoneId: 7, type: "A", name: "old", value: "192.0.2.9", ttl: 300 },
      ],
    ]);
    expect(text).toContain(
      [
        "// 2 records of DNS zone 7 are not in the file: not in this program (not managed, left as",
        "// they are):",
        '//   record 72: A "old" 192.0.2.99',
        '//   record 73: TXT "" keep me',
      ].join("\n"),
    );
    expect(ran.find((r) => r.kind === "DnsZone")!.opts).toBeUndefined();
  });

  test("the realistic zone file: one DnsRecord per record, in file order", () => {
    const file = path.join(__dirname, "zone-files", "example-net.zone");
    const zone = readZoneFile(fs.readFileSync(file, "utf8"), { platformNameservers: PLATFORM_NS });
    const { text } = generateProgram({
      source: "http://127.0.0.1:4010",
      shieldZones: [],
      dnsZones: [],
      zoneFiles: [{ file: "example-net.zone", zone }],
    });
    const ran = evaluate(text).resources.filter((r) => r.kind === "DnsRecord");
    expect(ran).toHaveLength(21);
    expect(ran.map((r) => r.name).slice(0, 3)).toEqual([
      "example-net-a-apex",
      "example-net-aaaa-apex",
      "example-net-mx-apex",
    ]);
    expect(ran.map((r) => r.name)).toContain("example-net-mx-apex-2");
    expect(ran.map((r) => r.name)).toContain("example-net-a-www-2");
    expect(ran.map((r) => r.name)).toContain("example-net-txt-selector1-domainkey");
    expect(new Set(ran.map((r) => r.name)).size).toBe(21);
  });

  test("nothing at all is still an error", () => {
    expect(() =>
      generateProgram({ source: "http://h", shieldZones: [], dnsZones: [], zoneFiles: [] }),
    ).toThrow(NothingToImportError);
  });
});
