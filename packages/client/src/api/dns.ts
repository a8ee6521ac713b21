/** DNS API: read a zone, switch DNSSEC on and off. */
import type { DnssecInfo, DnsZone } from "../spec";
import type { EndpointDef, Caller, RequestOptions } from "./transport";

/** Endpoint definitions of the DNS area. */
export const dnsEndpoints = {
  getZone: {
    operation: "dns.getZone",
    method: "GET",
    path: "/dnszone/{id}",
    // ZoneDnssec's state comes from DnsSecEnabled: an answer without it must not read as "off".
    validate: (b) =>
      typeof b.DnsSecEnabled === "boolean" ? undefined : 'no boolean "DnsSecEnabled" in the zone',
  },
  enableDnssec: { operation: "dns.enableDnssec", method: "POST", path: "/dnszone/{id}/dnssec" },
  disableDnssec: { operation: "dns.disableDnssec", method: "DELETE", path: "/dnszone/{id}/dnssec" },
} as const satisfies Record<string, EndpointDef>;

/** DNS area of the {@link Client}. */
export class DnsApi {
  /** @internal Use `client.dns`. */
  constructor(private readonly t: Caller) {}

  /** Reads a DNS zone (GET `/dnszone/{id}`); `DnsSecEnabled` tells the DNSSEC state. */
  async getZone(id: number, opts?: RequestOptions): Promise<DnsZone> {
    return (await this.t.call<DnsZone>(dnsEndpoints.getZone, { params: { id } }, opts)).data;
  }

  /**
   * Enables DNSSEC (POST `/dnszone/{id}/dnssec`, no body) and returns the DNSSEC record.
   * A POST: not retried except on 429 or a refused connection.
   */
  async enableDnssec(id: number, opts?: RequestOptions): Promise<DnssecInfo> {
    return (await this.t.call<DnssecInfo>(dnsEndpoints.enableDnssec, { params: { id } }, opts))
      .data;
  }

  /** Disables DNSSEC (DELETE `/dnszone/{id}/dnssec`) and returns the DNSSEC record. */
  async disableDnssec(id: number, opts?: RequestOptions): Promise<DnssecInfo> {
    return (await this.t.call<DnssecInfo>(dnsEndpoints.disableDnssec, { params: { id } }, opts))
      .data;
  }
}
