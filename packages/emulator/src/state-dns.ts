/**
 * DNS parts of the emulator's state: a zone's settings and its records in the published
 * shapes (`DnsZoneModel`, `DnsRecordModel`). A zone written before these parts existed (only
 * `Id`, `Domain`, `DnsSecEnabled`, `dnssec`) is filled with the platform's defaults and no
 * records, so old state files and fixtures still load.
 */
import type { DnsRecord, DnsZone } from "edgeplatform-client/spec";

/** The settings and dates of a zone (`DnsZoneModel` without `Id`, `Domain`, `Records`). */
export type DnsZoneSettings = Required<
  Pick<
    DnsZone,
    | "DateCreated"
    | "DateModified"
    | "NameserversDetected"
    | "CustomNameserversEnabled"
    | "Nameserver1"
    | "Nameserver2"
    | "SoaEmail"
    | "NameserversNextCheck"
    | "LoggingEnabled"
    | "LoggingIPAnonymizationEnabled"
    | "LogAnonymizationType"
    | "CertificateKeyType"
  >
>;

/** The date every fixture zone and record was created and last changed. */
export const DNS_FIXTURE_DATE = "2026-01-01T00:00:00Z";

/** The settings of a new zone of `domain` (platform defaults; the nameservers are the emulator's). */
export function defaultDnsZoneSettings(domain: string, now: string): DnsZoneSettings {
  return {
    DateCreated: now,
    DateModified: now,
    NameserversDetected: false,
    CustomNameserversEnabled: false,
    Nameserver1: "ns1.emulator.invalid",
    Nameserver2: "ns2.emulator.invalid",
    SoaEmail: `hostmaster@${domain}`,
    NameserversNextCheck: now,
    LoggingEnabled: false,
    LoggingIPAnonymizationEnabled: true,
    LogAnonymizationType: 0,
    CertificateKeyType: 0,
  };
}

/** A record in the published shape: `fields` over the platform's defaults. */
export function dnsRecord(
  id: number,
  fields: Partial<DnsRecord> & Pick<DnsRecord, "Type">,
): DnsRecord {
  return {
    Id: id,
    Ttl: 300,
    Value: "",
    Name: "",
    Weight: 0,
    Priority: 0,
    Port: 0,
    Flags: 0,
    Tag: "",
    Accelerated: false,
    AcceleratedPullZoneId: 0,
    LinkName: null,
    IPGeoLocationInfo: null,
    GeolocationInfo: null,
    MonitorStatus: 0,
    MonitorType: 0,
    GeolocationLatitude: 0,
    GeolocationLongitude: 0,
    EnviromentalVariables: [],
    LatencyZone: null,
    SmartRoutingType: 0,
    Disabled: false,
    Comment: null,
    AutoSslIssuance: true,
    AccelerationStatus: 0,
    ...fields,
  };
}

/** The DNS part of the ids the emulator hands out next. */
export interface DnsIds {
  dnsZone: number;
  dnsRecord: number;
}

/** A zone as stored: the published settings and records plus the DNSSEC record last returned. */
export interface StoredDnsZone extends DnsZoneSettings {
  Id: number;
  Domain: string;
  DnsSecEnabled: boolean;
  Records: DnsRecord[];
}

/**
 * Fills what a state document may leave out: the settings and `Records` of each zone, and
 * the next zone and record ids (above every id in use). Returns the same object.
 */
export function fillDns<T extends { dnsZones: { Id: number; Domain: string }[]; nextIds: object }>(
  state: T,
): T {
  const ids = state.nextIds as Partial<DnsIds>;
  for (const z of state.dnsZones as Partial<StoredDnsZone>[]) {
    const defaults = defaultDnsZoneSettings(z.Domain ?? "", DNS_FIXTURE_DATE);
    for (const [k, v] of Object.entries(defaults))
      if ((z as Record<string, unknown>)[k] === undefined) (z as Record<string, unknown>)[k] = v;
    z.Records ??= [];
  }
  const zones = state.dnsZones as StoredDnsZone[];
  const above = (min: number, xs: number[]) => xs.reduce((m, x) => Math.max(m, x + 1), min);
  ids.dnsZone ??= above(
    100,
    zones.map((z) => z.Id),
  );
  ids.dnsRecord ??= above(
    1000,
    zones.flatMap((z) => z.Records.map((r) => r.Id)),
  );
  return state;
}

/** Problems of the DNS part of a state document (a record needs a numeric `Id` and `Type`). */
export function checkDnsShape(v: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const zones = Array.isArray(v.dnsZones) ? (v.dnsZones as unknown[]) : [];
  zones.forEach((z, i) => {
    const zone = z as Partial<StoredDnsZone> | null;
    if (!zone || typeof zone.Id !== "number" || typeof zone.Domain !== "string") {
      problems.push(`dnsZones[${i}] needs a numeric Id and a string Domain`);
      return;
    }
    if (zone.Records === undefined) return;
    if (!Array.isArray(zone.Records)) {
      problems.push(`dnsZones[${i}].Records must be an array`);
      return;
    }
    zone.Records.forEach((r, j) => {
      if (!r || typeof r.Id !== "number" || typeof r.Type !== "number")
        problems.push(`dnsZones[${i}].Records[${j}] needs a numeric Id and Type`);
    });
  });
  return problems;
}
