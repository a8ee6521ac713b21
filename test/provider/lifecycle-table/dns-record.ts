/**
 * DnsRecord in the lifecycle table: a collection of a DNS zone (fixture DNS zone 1
 * example.com without records; zone 3 records.example, record 301 "www" A 192.0.2.10, TTL 300).
 * Names are not unique in a DNS zone: a record holding every value of an existing one is
 * refused instead (a duplicate), which is what the rename, interrupted and two-stacks rules meet.
 */
import { na, type Any, type KindDeclaration, type Provider } from "./kind";
import { dnsRecordProvider } from "../../../packages/pulumi/src/resources/kinds/collections/dns-record-provider";

const zoneOf = (s: Any, id: number) => s.dnsZones.find((z: Any) => z.Id === id);
const recordOf = (s: Any, id: string, zone = 1) =>
  (zoneOf(s, zone)?.Records ?? []).find((r: Any) => r.Id === Number(id));
const program = { zoneId: 1, type: "A", name: "table-record", value: "192.0.2.20", ttl: 300 };

export const dnsRecord: KindDeclaration = {
  name: "DnsRecord",
  provider: dnsRecordProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ ...program }),
  createWrite: { method: "PUT", path: "^/dnszone/1/records$" },
  find: (s, id) => recordOf(s, id),
  created: {
    get: (r) => r && { Type: r.Type, Name: r.Name, Value: r.Value, Ttl: r.Ttl },
    expected: { Type: 0, Name: "table-record", Value: "192.0.2.20", Ttl: 300 },
  },
  adopt: {
    inputs: { recordId: 301, zoneId: 3, type: "A", name: "www", ttl: 60 },
    id: "301",
    apply: (s) => void (recordOf(s, "301", 3).Ttl = 60),
  },
  update: {
    field: "ttl",
    inputs: (c) => ({ ...c, ttl: 600 }),
    apply: (s, id) => void (recordOf(s, id).Ttl = 600),
    write: (id) => ({ method: "POST", path: `/dnszone/1/records/${id}` }),
    body: (body) => expect(body).toEqual({ Ttl: 600 }),
  },
  drift: {
    change: (s, id) => void (recordOf(s, id).Value = "192.0.2.21"),
    path: "value",
    expected: "192.0.2.21",
  },
  gone: {
    remove: (s, id) =>
      void (zoneOf(s, 1).Records = zoneOf(s, 1).Records.filter((r: Any) => r.Id !== Number(id))),
  },
  scopedKey: true,
  // Names are shared, but the rename's new resource would hold every value of the record the
  // old entry still has: a duplicate, refused before any write.
  rename: "refused",
  async202: na(
    "the published DNS record writes have no 202 (the emulator answers them 201/204 under async-202)",
  ),
  spellings: na("one spelling of the address (zoneId): a DNS zone has no pull-zone spelling"),
  interrupted: {
    next: "refused",
    // The way out the refusal names: adopt it by id as this resource's own.
    wayOut: (c, id) => ({ ...c, recordId: Number(id), deleteOnDestroy: true }),
  },
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "PUT", path: "^/dnszone/1/records$", status: 504, afterHandler: true },
    resend: "never",
  },
};
