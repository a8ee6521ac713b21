/**
 * DNS fixtures: a zone with one record of each published type, and a generator of a zone of
 * any size (`largeDnsZone`, for the 5 000-record measurements: generated, deterministic).
 */
import { DnsRecordType, type DnsRecord } from "edgeplatform-client/spec";
import { dnssecInfo } from "./generators";
import type { DnsZoneState } from "./state";
import { defaultDnsZoneSettings, DNS_FIXTURE_DATE, dnsRecord } from "./state-dns";

/** Id and domain of the fixture zone holding one record of each type. */
export const ALL_TYPES_DNS_ZONE = { Id: 3, Domain: "records.example" } as const;

/** One record of each published type (ids 301…), as the fixture zone holds them. */
export function recordOfEachType(): DnsRecord[] {
  const T = DnsRecordType;
  const rows: Partial<DnsRecord>[] = [
    { Type: T.A, Name: "www", Value: "192.0.2.10" },
    { Type: T.AAAA, Name: "www", Value: "2001:db8::10" },
    { Type: T.CNAME, Name: "blog", Value: "www.records.example" },
    { Type: T.TXT, Name: "", Value: "v=spf1 -all" },
    { Type: T.MX, Name: "", Value: "mail.records.example", Priority: 10 },
    { Type: T.Redirect, Name: "old", Value: "https://www.records.example/" },
    { Type: T.Flatten, Name: "", Value: "apex.example.net" },
    { Type: T.PullZone, Name: "cdn", Value: "", LinkName: "pz-1", AcceleratedPullZoneId: 1 },
    {
      Type: T.SRV,
      Name: "_sip._tcp",
      Value: "sip.records.example",
      Priority: 10,
      Weight: 5,
      Port: 5060,
    },
    { Type: T.CAA, Name: "", Value: "letsencrypt.org", Flags: 0, Tag: "issue" },
    { Type: T.PTR, Name: "10", Value: "www.records.example" },
    { Type: T.Script, Name: "edge", Value: "", LinkName: "script-1" },
    { Type: T.NS, Name: "sub", Value: "ns1.other.example" },
    { Type: T.SVCB, Name: "_svc", Value: '1 svc.records.example alpn="h2"' },
    { Type: T.HTTPS, Name: "", Value: '1 . alpn="h3,h2"' },
    { Type: T.TLSA, Name: "_443._tcp", Value: "3 1 1 0123456789abcdef" },
  ];
  return rows.map((r, i) => dnsRecord(301 + i, r as Partial<DnsRecord> & Pick<DnsRecord, "Type">));
}

/** The fixture zone with one record of each type. */
export function allTypesDnsZone(): DnsZoneState {
  const { Id, Domain } = ALL_TYPES_DNS_ZONE;
  return {
    Id,
    Domain,
    DnsSecEnabled: false,
    dnssec: dnssecInfo(Id, Domain, false),
    ...defaultDnsZoneSettings(Domain, DNS_FIXTURE_DATE),
    Records: recordOfEachType(),
  };
}

/**
 * A zone of `count` records (deterministic: the same arguments give the same zone): A,
 * AAAA, CNAME, TXT and MX records in turn, names `host-<n>`, record ids from
 * `firstRecordId`. For a fixtures document:
 * `{dnsZones: [...defaultFixtures().dnsZones, largeDnsZone(9, "large.example", 5000)]}`.
 */
export function largeDnsZone(
  id: number,
  domain: string,
  count: number,
  firstRecordId = 1_000_000,
): DnsZoneState {
  if (!Number.isInteger(count) || count < 0 || count > 100_000)
    throw new RangeError(`largeDnsZone: count must be an integer from 0 to 100000; got ${count}`);
  const records: DnsRecord[] = [];
  for (let n = 0; n < count; n++) {
    const Name = `host-${n}`;
    const kind = n % 5;
    const Id = firstRecordId + n;
    const octets = `${(n >> 8) & 255}.${n & 255}`;
    records.push(
      kind === 0
        ? dnsRecord(Id, { Type: DnsRecordType.A, Name, Value: `198.51.${octets}` })
        : kind === 1
          ? dnsRecord(Id, { Type: DnsRecordType.AAAA, Name, Value: `2001:db8::${n.toString(16)}` })
          : kind === 2
            ? dnsRecord(Id, { Type: DnsRecordType.CNAME, Name, Value: `target-${n}.${domain}` })
            : kind === 3
              ? dnsRecord(Id, { Type: DnsRecordType.TXT, Name, Value: `record ${n}` })
              : dnsRecord(Id, {
                  Type: DnsRecordType.MX,
                  Name,
                  Value: `mx-${n}.${domain}`,
                  Priority: n % 100,
                }),
    );
  }
  return {
    Id: id,
    Domain: domain,
    DnsSecEnabled: false,
    dnssec: dnssecInfo(id, domain, false),
    ...defaultDnsZoneSettings(domain, DNS_FIXTURE_DATE),
    Records: records,
  };
}
