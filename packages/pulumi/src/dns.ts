/** DNS area: the DNSSEC switch of a DNS zone, its records, and the DNS data sources. */
export { ZoneDnssec } from "./resources/public/zone-dnssec";
export type { ZoneDnssecArgs, ZoneDnssecState } from "./resources/public/zone-dnssec";
export { DnsZone } from "./resources/public/dns-zone";
export type {
  DnsZoneAdoptArgs,
  DnsZoneArgs,
  DnsZoneCreateArgs,
  DnsZonePriorArgs,
  DnsZoneSettingsArgs,
  DnsZoneState,
} from "./resources/public/dns-zone";
export { DnsRecord } from "./resources/public/dns-record";
export type {
  DnsRecordArgs,
  DnsRecordState,
  DnsRecordField,
  DnsRecordTypeName,
  DnsRecordVariable,
  DnsRecordVariableArgs,
  DnsMonitoringTypeName,
  DnsSmartRoutingTypeName,
} from "./resources/public/dns-record";
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
