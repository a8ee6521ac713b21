/**
 * DnsZone in the lifecycle table: a zone created for `table.example` (no zone of it in the
 * fixtures) with query logging on, or fixture zone 1 (`example.com`, logging off) adopted.
 */
import { dnsZoneProvider } from "../../../packages/pulumi/src/resources/kinds/settings/dns-zone";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const zoneOf = (s: Any, id: string) => s.dnsZones.find((z: Any) => z.Id === Number(id));

export const dnsZone: KindDeclaration = {
  name: "DnsZone",
  provider: dnsZoneProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ domain: "table.example", loggingEnabled: true }),
  createWrite: { method: "POST", path: "^/dnszone$" },
  find: zoneOf,
  created: { get: (z) => z?.LoggingEnabled, expected: true },
  adopt: {
    inputs: { zoneId: 1, loggingEnabled: true },
    id: "1",
    // An adopted zone is never deleted, and its destroy gives back the settings it had: the
    // state as before (the write and the restore are in test/provider/dns-zone.test.ts).
    apply: () => undefined,
  },
  update: {
    field: "loggingEnabled",
    inputs: (c) => ({ ...c, loggingEnabled: false }),
    apply: (s, id) => void (zoneOf(s, id).LoggingEnabled = false),
    write: (id) => ({ method: "POST", path: `/dnszone/${id}` }),
    // Documented: only the changed setting (the platform changes only what is sent).
    body: (body) => expect(body).toEqual({ LoggingEnabled: false }),
  },
  drift: {
    change: (s, id) => void (zoneOf(s, id).LoggingEnabled = false),
    path: "loggingEnabled",
    expected: false,
  },
  gone: na(
    "a DNS zone not found is ambiguous (a key of another account gets the same 404): the scoped-key cell",
  ),
  scopedKey: true,
  // A zone is never taken over by its domain: the new resource's create is refused.
  rename: "refused",
  refusal: /edgeplatform DnsZone[^\n]*create failed: the account already has DNS zone (\d+) for /,
  async202: na("the published API answers DNS zone writes 201, 200 or 204, never 202"),
  spellings: na("one spelling of the zone (`zoneId`); `domain` creates one"),
  interrupted: na(
    "the next up is refused by domain, naming the zone (dns-zone.test.ts); its way out adopts the zone by `zoneId`, and destroy keeps an adopted zone: the table's 'destroy restores the state before Pulumi' does not hold for it",
  ),
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: "^/dnszone$", status: 504, afterHandler: true },
    resend: "never",
  },
};
