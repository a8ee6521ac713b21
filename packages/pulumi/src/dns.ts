/** DNS area: the DNSSEC switch of a DNS zone. */
export { ZoneDnssec } from "./resources/zone-dnssec";
export type { ZoneDnssecArgs } from "./resources/zone-dnssec";
