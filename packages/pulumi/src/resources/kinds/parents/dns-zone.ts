/** The DNS zone as the parent of DNS records: addressed by `zoneId`, its only spelling. */
import type { Parent } from "../../core/zone-objects/parent";

/** The DNS zone parent. */
export const dnsZoneParent: Parent = { word: "DNS zone", field: "zoneId" };
