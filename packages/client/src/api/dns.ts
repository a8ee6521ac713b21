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
  // The DNSSEC record of the answer is informative (ZoneDnssec reads the zone back): an answer
  // without a body, after the switch was applied, is a success, never an error to retry.
  enableDnssec: {
    operation: "dns.enableDnssec",
    method: "POST",
    path: "/dnszone/{id}/dnssec",
    allowEmpty: true,
  },
  disableDnssec: {
    operation: "dns.disableDnssec",
    method: "DELETE",
    path: "/dnszone/{id}/dnssec",
    allowEmpty: true,
  },
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
   * Enables DNSSEC (POST `/dnszone/{id}/dnssec`, no body) and returns the DNSSEC record
   * (undefined when the platform answered without a body). A POST: not retried except on 429
   * or a refused connection.
   */
  async enableDnssec(id: number, opts?: RequestOptions): Promise<DnssecInfo | undefined> {
    return (
      await this.t.call<DnssecInfo | undefined>(dnsEndpoints.enableDnssec, { params: { id } }, opts)
    ).data;
  }

  /**
   * Disables DNSSEC (DELETE `/dnszone/{id}/dnssec`) and returns the DNSSEC record (undefined
   * when the platform answered without a body).
   */
  async disableDnssec(id: number, opts?: RequestOptions): Promise<DnssecInfo | undefined> {
    return (
      await this.t.call<DnssecInfo | undefined>(
        dnsEndpoints.disableDnssec,
        { params: { id } },
        opts,
      )
    ).data;
  }
}
