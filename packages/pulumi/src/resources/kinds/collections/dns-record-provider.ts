/**
 * Implementation of the `edge.dns.DnsRecord` dynamic resource: the zone-object engine
 * (zone-objects/) built from the DNS record's declaration (kinds/collections/dns-record.ts),
 * its public fields spelled at the generic boundary, its `check` in
 * kinds/collections/dns-record-fields.ts. Loaded at run time by the serialized stub in `loader.ts`
 * (`require("pulumi-edgeplatform").__providers.dnsRecord`).
 */
export type { DnsRecordInputs, DnsRecordOutputs } from "./dns-record-fields";
export {
  checkDnsRecordInputs,
  dnsRecordEngine,
  dnsRecordFieldChanges,
  dnsRecordProvider,
} from "./dns-record-fields";
export { timing } from "../../core/zone-objects/recovery";
