/**
 * A protected DNS zone keeps its records (issue 47): a `DnsRecord` or `ZoneDnssec` whose
 * `zoneId` comes from a `DnsZone` takes the zone's `protect` and `retainOnDelete` when the
 * program sets none (resources/public/zone-protection.ts). What the engine receives is read
 * from the register requests under Pulumi's mocks; the real CLI's refusals are in
 * test/e2e/dns-protect.e2e.test.ts.
 */
import * as pulumi from "@pulumi/pulumi";
import { DnsRecord } from "../../packages/pulumi/src/resources/public/dns-record";
import { DnsZone } from "../../packages/pulumi/src/resources/public/dns-zone";
import { ZoneDnssec } from "../../packages/pulumi/src/resources/public/zone-dnssec";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The options of each register request, by resource name. */
const options = new Map<string, { protect: boolean; retainOnDelete: boolean | undefined }>();

beforeEach(async () => {
  options.clear();
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({
        id: `${args.name}-id`,
        state: { ...args.inputs, zoneId: args.inputs.zoneId ?? 7 },
      }),
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
  const monitor = pulumi.runtime.getMonitor() as Any;
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req: Any, callback: Any) => {
    options.set(req.getName(), {
      protect: req.getProtect(),
      retainOnDelete: req.hasRetainondelete() ? req.getRetainondelete() : undefined,
    });
    return register(req, callback);
  };
});

/** The options resource `name` was registered with (waits up to 5 s for its request). */
async function optionsOf(name: string) {
  for (let i = 0; i < 200 && !options.has(name); i++) await new Promise((r) => setTimeout(r, 25));
  const o = options.get(name);
  if (!o) throw new Error(`${name} was not registered`);
  return o;
}

const record = (zoneId: pulumi.Input<number>) => ({
  zoneId,
  type: "A" as const,
  name: "www",
  value: "192.0.2.1",
});

test("records and DNSSEC of a protected zone are protected: zoneId, an apply of it, all(), a parent", async () => {
  const zone = new DnsZone("zone", { domain: "example.net" }, { protect: true });
  new DnsRecord("direct", record(zone.zoneId));
  new DnsRecord("applied", record(zone.zoneId.apply((z) => z)));
  new DnsRecord("all", record(pulumi.all([zone.zoneId, 1]).apply(([z]) => z)));
  new DnsRecord("child", record(7), { parent: zone });
  new ZoneDnssec("dnssec", { zoneId: zone.zoneId, enabled: true });
  for (const name of ["zone", "direct", "applied", "all", "child", "dnssec"])
    expect([name, (await optionsOf(name)).protect]).toEqual([name, true]);
});

test("the program's own option wins: protect false stays false; an unprotected zone protects nothing", async () => {
  const zone = new DnsZone("zone", { domain: "example.net" }, { protect: true });
  new DnsRecord("unprotected", record(zone.zoneId), { protect: false });
  const plain = new DnsZone("plain", { domain: "example.org" });
  new DnsRecord("of-plain", record(plain.zoneId));
  new DnsRecord("own", record(plain.zoneId), { protect: true });
  new DnsRecord("by-number", record(7));
  expect((await optionsOf("unprotected")).protect).toBe(false);
  expect((await optionsOf("of-plain")).protect).toBe(false);
  expect((await optionsOf("own")).protect).toBe(true);
  expect((await optionsOf("by-number")).protect).toBe(false);
});

test("a zone protected through its parent protects its records too", async () => {
  const parent = new pulumi.ComponentResource("test:index:Dns", "dns", {}, { protect: true });
  const zone = new DnsZone("zone", { domain: "example.net" }, { parent });
  new DnsRecord("www", record(zone.zoneId));
  expect((await optionsOf("zone")).protect).toBe(true);
  expect((await optionsOf("www")).protect).toBe(true);
});

test("retainOnDelete of the zone is taken the same way; the record's own false stays", async () => {
  const zone = new DnsZone("zone", { domain: "example.net" }, { retainOnDelete: true });
  new DnsRecord("www", record(zone.zoneId));
  new DnsRecord("gone", record(zone.zoneId), { retainOnDelete: false });
  new ZoneDnssec("dnssec", { zoneId: zone.zoneId, enabled: true });
  expect(await optionsOf("www")).toEqual({ protect: false, retainOnDelete: true });
  expect(await optionsOf("gone")).toEqual({ protect: false, retainOnDelete: false });
  expect(await optionsOf("dnssec")).toEqual({ protect: false, retainOnDelete: true });
});
