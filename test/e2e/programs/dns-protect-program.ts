/**
 * Inline program of test/e2e/dns-protect.e2e.test.ts (run by scripts/lib/stack-driver.js): a
 * DNS zone created with `protect`, two records and its DNSSEC that hang off its `zoneId` and
 * set no `protect` of their own, beside the program `edgeplatform-import --bind-file` wrote.
 */
import * as edge from "pulumi-edgeplatform";
import { importedProgram } from "../import-program";

/** Knobs of {@link program}. */
export interface DnsProtectProgramOptions {
  /** False: the zones and their records are removed from the program (nothing declared). */
  zones: boolean;
  /** `protect` of the hand-written zone. */
  protect: boolean;
  /** The program `edgeplatform-import` wrote (a .ts file in the project), run beside it. */
  generated: string;
}

/** The program; exports the hand-written zone's id. */
export function program(o: DnsProtectProgramOptions): Record<string, unknown> {
  if (!o.zones) return {};
  const zone = new edge.dns.DnsZone(
    "shop",
    { domain: "shop-protect.example" },
    { protect: o.protect },
  );
  new edge.dns.DnsRecord("shop-a-www", {
    zoneId: zone.zoneId,
    type: "A",
    name: "www",
    value: "192.0.2.10",
    ttl: 300,
  });
  // Through an apply: the Output still depends on the zone.
  new edge.dns.DnsRecord("shop-mx-apex", {
    zoneId: zone.zoneId.apply((id) => id),
    type: "MX",
    name: "",
    value: "mail.shop-protect.example",
    priority: 10,
  });
  new edge.dns.ZoneDnssec("shop", { zoneId: zone.zoneId, enabled: true });
  return { ...importedProgram({ file: o.generated }), shopZoneId: zone.zoneId };
}
