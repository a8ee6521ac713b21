/** DNS area: the DNSSEC switch of a DNS zone. */
export { ZoneDnssec } from "./resources/public/zone-dnssec";
export type { ZoneDnssecArgs, ZoneDnssecState } from "./resources/public/zone-dnssec";
