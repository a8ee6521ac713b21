/**
 * Hostname in the lifecycle table: a collection of a pull zone whose writes are the zone's
 * hostname endpoints (`addHostname`, `setForceSSL`, `removeHostname`). The created hostname is
 * on pull zone 4, whose writes queue behind no other kind's (the table's interrupted up holds
 * every kind's create write at once; a zone's writes go one at a time); the adopted one is
 * fixture pull zone 1's `static.zone-one.example`. Every write must keep a zone's other
 * hostnames. A hostname's id is its value, unique across zones.
 */
import { hostnameProvider } from "../../../packages/pulumi/src/resources/kinds/collections/hostname-fields";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

/** Every zone's hostnames (a hostname is in one zone at most). */
const hostnamesOf = (s: Any): Any[] =>
  (s.pullZones as Any[]).flatMap((z: Any) => z.model?.Hostnames ?? []);
const hostnameOf = (s: Any, value: string) => hostnamesOf(s).find((h: Any) => h.Value === value);
const program = { pullZoneId: 4, hostname: "table.example.com", forceSsl: true };

export const hostname: KindDeclaration = {
  name: "Hostname",
  provider: hostnameProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ ...program }),
  createWrite: { method: "POST", path: "^/pullzone/4/addHostname$" },
  find: (s, id) => hostnameOf(s, id),
  created: {
    get: (h) => h && { Value: h.Value, ForceSSL: h.ForceSSL },
    expected: { Value: "table.example.com", ForceSSL: true },
  },
  adopt: {
    inputs: { existingHostname: "static.zone-one.example", pullZoneId: 1, forceSsl: true },
    id: "static.zone-one.example",
    // The adopt writes forceSsl (false in the fixture), and destroy gives the adopted hostname
    // its forceSsl before the adopt back: after adopt then destroy the zone is as it was.
    apply: () => undefined,
  },
  update: {
    field: "forceSsl",
    inputs: (c) => ({ ...c, forceSsl: false }),
    apply: (s, id) => void (hostnameOf(s, id).ForceSSL = false),
    write: () => ({ method: "POST", path: "/pullzone/4/setForceSSL" }),
    body: (body, _before, id) => expect(body).toEqual({ Hostname: id, ForceSSL: false }),
  },
  drift: {
    change: (s, id) => void (hostnameOf(s, id).ForceSSL = false),
    path: "forceSsl",
    expected: false,
  },
  gone: {
    remove: (s, id) => {
      for (const z of s.pullZones as Any[]) {
        if (z.model?.Hostnames)
          z.model.Hostnames = z.model.Hostnames.filter((h: Any) => h.Value !== id);
      }
    },
  },
  scopedKey: na("the emulator's scoped keys do not cover pull zones yet"),
  // A hostname is its identity, unique in a zone: the new resource's create is refused.
  rename: "refused",
  refusal:
    /edgeplatform Hostname[^\n]*create failed: pull zone \d+ already has hostname ([a-z0-9.-]+) (?:named|holding every value)/,
  async202: na("the published API answers a hostname's writes 200/204, never 202"),
  spellings: na("one spelling of the zone (`pullZoneId`): a pull zone has no other"),
  interrupted: {
    next: "refused",
    // The way out the refusal names: adopt it by its value as this resource's own.
    wayOut: (c, id) => ({ ...c, existingHostname: id, deleteOnDestroy: true }),
  },
  twoStacks: "refused",
  // A hostname's add is sent once: a lost answer is resolved by reading the zone.
  unknownOutcome: {
    fault: { method: "POST", path: "^/pullzone/4/addHostname$", status: 504, afterHandler: true },
    resend: "never",
  },
};
