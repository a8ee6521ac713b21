/**
 * Inline program of test/e2e/data-source-connection.e2e.test.ts: the data sources read the
 * partner account through the `connection` object that docs/configuration.md builds for
 * resources (its key a secret Output of the stack config), in both forms. The stack config's
 * own `edgeplatform:apiKey` is refused by the platform, so a read that ignored the connection
 * would fail.
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** The program; exports what the data sources read. */
export function connectionProgram(): Record<string, unknown> {
  const partner = new pulumi.Config("partner");
  // The resources' option, as written for a resource: the data sources take the same value.
  const { connection }: edge.EdgeResourceOptions = {
    connection: { apiKey: partner.requireSecret("apiKey"), baseUrl: partner.require("baseUrl") },
  };
  const zone = edge.dns.getDnsZoneOutput({ zoneId: 1 }, { connection });
  const registry = edge.containers.getRegistryOutput({ registryId: 1 }, { connection });
  const domains = edge.dns
    .getDnsZones({}, { connection })
    .then((r) => r.zones.map((z) => z.domain).sort());
  return {
    zoneDomain: zone.domain,
    registryHost: registry.hostName,
    promiseDomains: domains,
  };
}
