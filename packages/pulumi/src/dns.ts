/** DNS area: the DNSSEC switch of a DNS zone. */
export { ZoneDnssec } from "./resources/zone-dnssec";
export type { ZoneDnssecArgs, ZoneDnssecState } from "./resources/zone-dnssec";
