/** DNS area: the DNSSEC switch of a DNS zone, its records, and the DNS data sources. */
// The resources of the area, from the list of kinds (kinds/kind-list.json, npm run kinds).
export * from "./resources/public/dns.generated";
export {
  getDnsZone,
  getDnsZoneOutput,
  getDnsZones,
  getDnsZonesOutput,
  getDnsRecords,
  getDnsRecordsOutput,
  getDnsZoneStatistics,
  getDnsZoneStatisticsOutput,
} from "./functions/dns";
export type {
  GetDnsZoneArgs,
  GetDnsZoneResult,
  GetDnsZonesArgs,
  GetDnsZonesResult,
  GetDnsRecordsArgs,
  GetDnsRecordsResult,
  GetDnsZoneStatisticsArgs,
  GetDnsZoneStatisticsResult,
  DnsZoneResult,
  DnsRecordResult,
} from "./functions/dns";
