/** ZoneDnssec in the lifecycle table: DNSSEC of DNS zone 1 (example.com, off in the fixtures). */
import { defaultFixtures } from "../../../packages/emulator/src";
import { zoneDnssecProvider } from "../../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const zoneOf = (s: Any) => s.dnsZones.find((z: Any) => z.Id === 1);

export const zoneDnssec: KindDeclaration = {
  name: "ZoneDnssec",
  provider: zoneDnssecProvider as unknown as Provider,
  destroy: "restores",
  create: () => ({ zoneId: 1, enabled: true }),
  createWrite: { method: "POST", path: "^/dnszone/1/dnssec$" },
  find: zoneOf,
  created: { get: (z) => z.DnsSecEnabled, expected: true },
  adopt: na(
    "a DNS zone's DNSSEC switch always exists: create is its adoption, destroy restores it",
  ),
  update: {
    field: "enabled",
    inputs: (c) => ({ ...c, enabled: false }),
    apply(s) {
      // Off again: the zone and its DNSSEC record as the fixtures have them (off).
      const off = zoneOf(defaultFixtures());
      Object.assign(zoneOf(s), { DnsSecEnabled: false, dnssec: off.dnssec });
    },
    write: () => ({ method: "DELETE", path: "/dnszone/1/dnssec" }),
    body: (body) => expect(body ?? null).toBeNull(),
  },
  drift: {
    // Turned off out of band: the zone and its DNSSEC record as the fixtures have them (off).
    change: (s) =>
      void Object.assign(zoneOf(s), {
        DnsSecEnabled: false,
        dnssec: zoneOf(defaultFixtures()).dnssec,
      }),
    path: "enabled",
    expected: false,
  },
  gone: na("a DNS zone not found is ambiguous (the scoped-key cell); DNSSEC is never gone alone"),
  scopedKey: true,
  rename: "twoEntries",
  async202: na("the emulator answers DNSSEC writes 200 under async-202 (not a 202 path)"),
  spellings: na("one spelling of the address (zoneId)"),
  // The way out of an interrupted create: state DNSSEC before Pulumi (off in the fixtures).
  interrupted: {
    next: "priorLost",
    prior: { enabled: false },
    wayOut: (c, _id, record) => ({ ...c, priorEnabled: record?.enabled }),
  },
  twoStacks: "priorOfFirst",
  unknownOutcome: {
    fault: { method: "POST", path: "^/dnszone/1/dnssec$", status: 504, afterHandler: true },
    resend: "never",
  },
};
