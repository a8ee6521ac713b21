/**
 * Hostname in the lifecycle table: a collection of a pull zone whose writes are the zone's
 * hostname endpoints (`addHostname`, `setForceSSL`, `removeHostname`). Fixture pull zone 1
 * holds its system hostname, `cdn.zone-one.example` and `static.zone-one.example`, which
 * every write must keep. A hostname's id is its value.
 */
import { hostnameProvider } from "../../../packages/pulumi/src/resources/kinds/collections/hostname-fields";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const hostnamesOf = (s: Any): Any[] =>
  (s.pullZones as Any[]).find((z: Any) => z.id === 1)?.model?.Hostnames ?? [];
const hostnameOf = (s: Any, value: string) => hostnamesOf(s).find((h: Any) => h.Value === value);
const program = { pullZoneId: 1, hostname: "table.example.com", forceSsl: true };

export const hostname: KindDeclaration = {
  name: "Hostname",
  provider: hostnameProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ ...program }),
  createWrite: { method: "POST", path: "^/pullzone/1/addHostname$" },
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
    write: () => ({ method: "POST", path: "/pullzone/1/setForceSSL" }),
    body: (body, _before, id) => expect(body).toEqual({ Hostname: id, ForceSSL: false }),
  },
  drift: {
    change: (s, id) => void (hostnameOf(s, id).ForceSSL = false),
    path: "forceSsl",
    expected: false,
  },
  gone: {
    remove: (s, id) => {
      const z = (s.pullZones as Any[]).find((x: Any) => x.id === 1).model;
      z.Hostnames = z.Hostnames.filter((h: Any) => h.Value !== id);
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
    fault: { method: "POST", path: "^/pullzone/1/addHostname$", status: 504, afterHandler: true },
    resend: "never",
  },
};
