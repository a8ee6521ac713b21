/**
 * `edge.dns.DnsZone` against the in-process emulator: what is particular to the kind (the
 * lifecycle table covers the rules every kind shares). Fixture zones: 1 `example.com`,
 * 2 `example.org`, 3 `records.example` (settings: the platform's defaults — logging off,
 * anonymization `OneDigit`, key type `Ecdsa`, SOA `hostmaster@<domain>`).
 */
import * as pulumi from "@pulumi/pulumi";
import { EmulatorControl } from "../../packages/emulator/src";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import { dnsZoneProvider } from "../../packages/pulumi/src/resources/kinds/settings/dns-zone";
import { zoneDnssecProvider } from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec";
import { DnsZone } from "../../packages/pulumi/src/resources/public/dns-zone";
import { ZoneDnssec } from "../../packages/pulumi/src/resources/public/zone-dnssec";
import { usePlatform, type EmulatorState } from "./helpers";
import { dnsZone as tableDeclaration } from "./lifecycle-table/dns-zone";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The provider as the engine drives it (its state in the kind's stored form). */
const p: Any = dnsZoneProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

// The provider's log lines are kept, not printed.
const logged: string[] = [];
const realWrite = process.stderr.write.bind(process.stderr);
jest.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
  if (String(chunk).startsWith("edgeplatform: ")) {
    logged.push(String(chunk));
    return true;
  }
  return realWrite(chunk as string, ...rest);
}) as typeof process.stderr.write);

const savedTiming = { ...timing };
beforeAll(() => Object.assign(timing, { recoveryMaxStepMs: 20, recoveryRelists: 2 }));
afterAll(() => Object.assign(timing, savedTiming));
beforeEach(async () => {
  logged.length = 0;
  await ctl().setProfile("default");
  await ctl().clearFaults();
  await t.clearJournal();
});

const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.dnsZones as Any[]).find((z) => z.Id === id);
const byDomain = (s: EmulatorState, d: string): Any =>
  (s.dnsZones as Any[]).find((z) => z.Domain === d);
const writes = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);
/**
 * The state to compare: the id counters left out (an id once used is not given again), and
 * each DNS zone's `DateModified` (the platform's date of its last write, not a setting: no
 * restore can give it back).
 */
const canonical = (s: EmulatorState) => {
  const c = JSON.parse(JSON.stringify(s));
  delete c.nextIds;
  for (const z of c.dnsZones) delete z.DateModified;
  return c;
};

async function checked(news: Record<string, unknown>, olds: Record<string, unknown> = {}) {
  const r = await p.check(olds, news);
  expect((r.failures ?? []) as unknown[]).toEqual([]);
  return r.inputs as Record<string, unknown>;
}
async function rejection(x: Promise<unknown>): Promise<Any> {
  try {
    await x;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}
const failuresOf = async (news: Record<string, unknown>) =>
  (((await p.check({}, news)).failures ?? []) as Any[]).map((f) => `${f.property}: ${f.reason}`);

describe("check", () => {
  test("exactly one of domain and zoneId, each named; a domain is a hostname; enumerations by name", async () => {
    expect(await failuresOf({ loggingEnabled: true })).toEqual([
      "zoneId: one of `zoneId` (adopt an existing DNS zone) or `domain` (create one) is required",
    ]);
    expect(await failuresOf({ zoneId: 1, domain: "a.example" })).toEqual([
      "domain: give exactly one of `zoneId` (adopt an existing DNS zone) or `domain` (create one), not both",
    ]);
    for (const bad of ["not a domain", "localhost", "-x.example", "a..example"])
      expect(await failuresOf({ domain: bad })).toEqual([
        `domain: must be a domain name such as example.com (labels of letters, digits and -, separated by dots); got ${JSON.stringify(bad.toLowerCase())}`,
      ]);
    const e = (await failuresOf({ zoneId: 1, logAnonymizationType: "Hash" })).join("\n");
    expect(e).toMatch(/^logAnonymizationType: /);
    for (const allowed of ["OneDigit", "Drop"]) expect(e).toContain(allowed);
    expect(await failuresOf({ zoneId: 1, certificateKeyType: "Dsa" })).toEqual([
      expect.stringMatching(/^certificateKeyType: .*Ecdsa.*Rsa/),
    ]);
    // No setting at all: allowed (create-or-adopt only). Unknowns (preview) pass.
    expect(await failuresOf({ domain: "Fresh.Example." })).toEqual([]);
    expect(await failuresOf({ zoneId: UNKNOWN, loggingEnabled: UNKNOWN })).toEqual([]);
    // An integer is stored by its name.
    expect((await checked({ zoneId: 1, certificateKeyType: 1 })).certificateKeyType).toBe("Rsa");
  });

  test("custom nameservers on: nameserver1, nameserver2 and soaEmail are required at check (the platform's Terraform provider's rule)", async () => {
    const own = { nameserver1: "ns1.example.org", nameserver2: "ns2.example.org" };
    const required = (f: string) =>
      `${f}: is required with customNameserversEnabled: true (the zone's nameservers, nameserver1 and nameserver2, and its SOA record's e-mail, soaEmail, are then the program's)`;
    // Custom on with the platform's SOA e-mail (none of the program's own): refused.
    expect(await failuresOf({ zoneId: 1, customNameserversEnabled: true, ...own })).toEqual([
      required("soaEmail"),
    ]);
    expect(await failuresOf({ zoneId: 1, customNameserversEnabled: true })).toEqual([
      required("nameserver1"),
      required("nameserver2"),
      required("soaEmail"),
    ]);
    // Allowed: all three; custom off alone; not known yet (preview).
    const all = { customNameserversEnabled: true, ...own, soaEmail: "hostmaster@example.org" };
    expect(await failuresOf({ zoneId: 1, ...all })).toEqual([]);
    expect(await failuresOf({ zoneId: 1, customNameserversEnabled: false })).toEqual([]);
    expect(await failuresOf({ zoneId: 1, customNameserversEnabled: UNKNOWN, ...own })).toEqual([]);
  });

  test.each([
    [
      "an SOA e-mail of its own, custom off",
      { customNameserversEnabled: false, soaEmail: "hostmaster@example.org" },
      /soaEmail "hostmaster@example\.org" is the program's own while DNS zone 3's custom nameservers are off \(customNameserversEnabled false\)/,
    ],
    [
      "nameservers of their own, custom off",
      {
        customNameserversEnabled: false,
        nameserver1: "ns1.example.org",
        nameserver2: "ns2.example.org",
      },
      /nameserver1 "ns1\.example\.org", nameserver2 "ns2\.example\.org" are the program's own/,
    ],
    [
      "all three, custom off",
      {
        customNameserversEnabled: false,
        nameserver1: "ns1.example.org",
        nameserver2: "ns2.example.org",
        soaEmail: "hostmaster@example.org",
      },
      /nameserver1 .*nameserver2 .*soaEmail "hostmaster@example\.org" are/,
    ],
    [
      "an SOA e-mail, custom left out (off on the platform)",
      { soaEmail: "hostmaster@example.org" },
      /DNS zone 3's custom nameservers are off \(customNameserversEnabled false\)/,
    ],
  ])(
    "custom nameservers off and %s: refused before any write, naming the fields",
    async (_case, settings, message) => {
      await t.clearJournal();
      const e = await p.create(await checked({ zoneId: 3, ...settings })).then(
        () => undefined,
        (x: Error) => x,
      );
      expect(e?.message).toMatch(message);
      expect(e?.message).toMatch(
        /Write customNameserversEnabled: true with nameserver1, nameserver2 and soaEmail, or leave all three out\. No setting was written\./,
      );
      expect(await writes()).toEqual([]);
    },
  );

  test("custom nameservers off with the zone's own values (what pulumi import writes): no refusal, no write", async () => {
    await t.clearJournal();
    await p.create(
      await checked({
        zoneId: 3,
        customNameserversEnabled: false,
        nameserver1: "ns1.emulator.invalid",
        nameserver2: "ns2.emulator.invalid",
        soaEmail: "hostmaster@records.example",
      }),
    );
    expect(await writes()).toEqual([]);
  });

  test("diff: another domain or zoneId replaces; a setting updates in place", async () => {
    const made = await p.create(await checked({ domain: "diff.example", loggingEnabled: true }));
    const o = made.outs;
    const d = (news: Record<string, unknown>) => p.diff(made.id, o, news as never);
    expect(await d({ domain: "diff.example", loggingEnabled: true })).toMatchObject({
      changes: false,
      replaces: [],
    });
    expect(await d({ domain: "DIFF.example.", loggingEnabled: true })).toMatchObject({
      changes: false,
    });
    expect(await d({ domain: "other.example", loggingEnabled: true })).toMatchObject({
      changes: true,
      replaces: ["domain"],
    });
    expect(await d({ domain: "diff.example", loggingEnabled: false })).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(await d({ zoneId: o.zoneId + 1000, loggingEnabled: true })).toMatchObject({
      replaces: ["zoneId"],
    });
    // An adopted zone spelled by its domain would be taken over by name: a replacement,
    // whose create is refused.
    const adopted = await p.create(await checked({ zoneId: 1 }));
    expect(
      await p.diff(adopted.id, adopted.outs, { domain: "example.com" } as never),
    ).toMatchObject({ replaces: ["domain"] });
    // The replacement's preview says what it deletes.
    expect(logged.join("")).toMatch(
      /DnsZone \(DNS zone \d+\): the replacement deletes DNS zone \d+ with every record in it/,
    );
  });
});

describe("create by domain", () => {
  test("POST /dnszone, then only the named settings; outputs: zoneId, domain, origin, settings, nameservers, prior", async () => {
    const before = await t.state();
    const r = await p.create(
      await checked({
        domain: "New.Example.",
        loggingEnabled: true,
        logAnonymizationType: "Drop",
      }),
    );
    const after = await t.state();
    const z = byDomain(after, "new.example");
    expect(z).toBeDefined();
    expect(r.id).toBe(String(z.Id));
    expect(await writes()).toEqual(["POST /dnszone", `POST /dnszone/${z.Id}`]);
    const j = await t.journal();
    expect(j.find((e) => e.path === `/dnszone/${z.Id}`)?.body).toEqual({
      LoggingEnabled: true,
      LogAnonymizationType: 1,
    });
    expect(z).toMatchObject({ LoggingEnabled: true, LogAnonymizationType: 1 });
    expect(r.outs).toMatchObject({
      zoneId: z.Id,
      domain: "new.example",
      origin: "created",
      loggingEnabled: true,
      logAnonymizationType: "Drop",
      // Not managed: as the platform holds them (the emulator's defaults).
      soaEmail: "hostmaster@new.example",
      certificateKeyType: "Ecdsa",
      nameserver1: "ns1.emulator.invalid",
      nameserver2: "ns2.emulator.invalid",
      managed: ["loggingEnabled", "logAnonymizationType"],
      prior: { loggingEnabled: false, logAnonymizationType: "OneDigit" },
    });
    expect(r.outs.created).toBeUndefined(); // the stored form says `origin`
    const j2 = await t.journal();
    console.log(
      `journal counts: DnsZone create by domain with 2 settings = ${j2.length} request(s), ` +
        `${j2.filter((e) => e.method !== "GET").length} write(s)`,
    );
    // Nothing else on the account changed.
    const rest = canonical(after);
    rest.dnsZones = rest.dnsZones.filter((x: Any) => x.Id !== z.Id);
    expect(rest).toEqual(canonical(before));
  });

  test("no setting: one POST only (a zone for records and ZoneDnssec to hang off)", async () => {
    const r = await p.create(await checked({ domain: "bare.example" }));
    expect(await writes()).toEqual(["POST /dnszone"]);
    expect(r.outs).toMatchObject({ domain: "bare.example", origin: "created", managed: [] });
  });

  test("a domain that already has a zone is refused before any write, naming its id and the zoneId way out", async () => {
    const before = await t.state();
    const e = await rejection(
      p.create(await checked({ domain: "EXAMPLE.com", loggingEnabled: true })),
    );
    expect(e.message).toContain("already has DNS zone 1 for example.com");
    expect(e.message).toContain("`zoneId: 1`");
    // The lifecycle tables find the refused id with the declaration's pattern.
    expect(tableDeclaration.refusal!.exec(e.message)?.[1]).toBe("1");
    expect(e.message).toContain("Nothing was written");
    expect(await writes()).toEqual([]);
    expect(canonical(await t.state())).toEqual(canonical(before));
  });

  test.each([
    ["400", "default"],
    ["409", { dnsZoneExists: "409" }],
  ] as const)(
    "a zone of the domain made between the listing and the POST: the platform's %s is the same refusal",
    async (status, profile) => {
      await ctl().setProfile(profile as never);
      // The first listing does not show example.org yet (another writer is faster).
      await t.fault({
        method: "GET",
        path: "^/dnszone$",
        status: 200,
        body: { Items: [], CurrentPage: 1, TotalItems: 0, HasMoreItems: false },
      });
      const before = await t.state();
      const e = await rejection(p.create(await checked({ domain: "example.org" })));
      expect(e.message).toContain("already has DNS zone 2 for example.org");
      const j = (await t.journal()).filter((x) => x.method === "POST");
      expect(j.map((x) => `${x.method} ${x.path} ${x.status}`)).toEqual([
        `POST /dnszone ${status}`,
      ]);
      expect(canonical(await t.state())).toEqual(canonical(before));
    },
  );
});

describe("destroy", () => {
  test("of a created zone: one DELETE, the zone gone with every record in it; the log says so", async () => {
    const before = await t.state();
    const r = await p.create(await checked({ domain: "gone.example", loggingEnabled: true }));
    // A record added to the zone (by a DnsRecord, or out of band).
    const s = await t.state();
    byDomain(s, "gone.example").Records.push({
      ...zoneOf(s, 3).Records[0],
      Id: 99_001,
    });
    await t.setState(s);
    resetRunState();
    await t.clearJournal();
    await p.delete(r.id, r.outs);
    expect(await writes()).toEqual([`DELETE /dnszone/${r.id}`]);
    expect(canonical(await t.state())).toEqual(canonical(before));
    expect(logged.join("")).toMatch(
      new RegExp(`Pulumi created DNS zone ${r.id}: deleting it with every record in it`),
    );
  });

  test("of an adopted zone: its settings exactly as before, nothing deleted", async () => {
    const before = await t.state();
    const r = await p.create(
      await checked({ zoneId: 1, loggingEnabled: true, certificateKeyType: "Rsa" }),
    );
    expect(await writes()).toEqual(["POST /dnszone/1"]);
    expect(r.outs).toMatchObject({
      zoneId: 1,
      domain: "example.com",
      origin: "adopted",
      prior: { loggingEnabled: false, certificateKeyType: "Ecdsa" },
    });
    resetRunState();
    await t.clearJournal();
    await p.delete(r.id, r.outs);
    expect(await writes()).toEqual(["POST /dnszone/1"]);
    expect((await t.journal()).find((e) => e.method === "POST")?.body).toEqual({
      LoggingEnabled: false,
      CertificateKeyType: 0,
    });
    expect(canonical(await t.state())).toEqual(canonical(before));
  });

  test("a created zone named by its id afterwards is adopted from then on: an update, no write; destroy restores, deletes nothing", async () => {
    const r = await p.create(await checked({ domain: "handed.example", loggingEnabled: true }));
    const mid = await t.state();
    const zoneId = Number(r.id);
    resetRunState();
    const news = await checked({ zoneId, loggingEnabled: true });
    const d = await p.diff(r.id, r.outs, news as never);
    expect(d).toMatchObject({ changes: true, replaces: [] });
    await t.clearJournal();
    const u = await p.update(r.id, r.outs, news as never);
    expect(await writes()).toEqual([]);
    expect(u.outs).toMatchObject({ zoneId, origin: "adopted", prior: { loggingEnabled: false } });
    resetRunState();
    await p.delete(r.id, u.outs);
    expect(await writes()).toEqual([`POST /dnszone/${zoneId}`]);
    const after = await t.state();
    expect(byDomain(after, "handed.example")).toEqual({
      ...byDomain(mid, "handed.example"),
      LoggingEnabled: false,
      DateModified: expect.any(String),
    });
  });
});

describe("the settings rules", () => {
  test("update writes only the changed setting; drift shows by field, by name", async () => {
    const r = await p.create(
      await checked({ zoneId: 2, loggingEnabled: true, logAnonymizationType: "OneDigit" }),
    );
    resetRunState();
    const news = await checked({ zoneId: 2, loggingEnabled: true, logAnonymizationType: "Drop" });
    await t.clearJournal();
    const u = await p.update(r.id, r.outs, news as never);
    expect(await writes()).toEqual(["POST /dnszone/2"]);
    expect((await t.journal()).find((e) => e.method === "POST")?.body).toEqual({
      LogAnonymizationType: 1,
    });
    // Out of band: logging off.
    const s = await t.state();
    zoneOf(s, 2).LoggingEnabled = false;
    await t.setState(s);
    resetRunState();
    await t.clearJournal();
    const read = await p.read(r.id, u.outs as never);
    expect(read.inputs).toEqual({ zoneId: 2, loggingEnabled: false, logAnonymizationType: "Drop" });
    expect(await writes()).toEqual([]);
  });

  test.each(["zone", "204"] as const)(
    "the update's answer (%s) is not relied on: create, update and destroy hold",
    async (answer) => {
      await ctl().setProfile({ dnsZoneUpdateAnswer: answer });
      const before = await t.state();
      const r = await p.create(await checked({ zoneId: 3, loggingEnabled: true }));
      expect(zoneOf(await t.state(), 3).LoggingEnabled).toBe(true);
      expect(r.outs).toMatchObject({ loggingEnabled: true });
      resetRunState();
      const u = await p.update(
        r.id,
        r.outs,
        (await checked({ zoneId: 3, loggingEnabled: true, logAnonymizationType: "Drop" })) as never,
      );
      expect(u.outs).toMatchObject({ loggingEnabled: true, logAnonymizationType: "Drop" });
      const posts = (await t.journal()).filter((e) => e.method === "POST");
      expect(posts.map((e) => e.status)).toEqual(answer === "204" ? [204, 204] : [200, 200]);
      resetRunState();
      await p.delete(r.id, u.outs);
      expect(canonical(await t.state())).toEqual(canonical(before));
    },
  );
});

test("get: a read-only view of a zone by id, every setting by name; never written", async () => {
  const r = await p.read("1", {});
  expect(r.id).toBe("1");
  expect(r.props).toMatchObject({
    zoneId: 1,
    domain: "example.com",
    readOnly: true,
    loggingEnabled: false,
    logAnonymizationType: "OneDigit",
    certificateKeyType: "Ecdsa",
    soaEmail: "hostmaster@example.com",
    managed: [],
  });
  expect(r.props.origin).toBeUndefined();
  await p.delete("1", r.props);
  expect(await writes()).toEqual([]);
});

describe("a create whose outcome is unknown", () => {
  test("the POST landed, its answer lost: the zone the listing now has (absent before) is ours; one POST; destroy deletes it", async () => {
    const before = await t.state();
    await t.fault({ method: "POST", path: "^/dnszone$", status: 504, afterHandler: true });
    const r = await p.create(await checked({ domain: "lost.example", loggingEnabled: true }));
    const z = byDomain(await t.state(), "lost.example");
    expect(r.id).toBe(String(z.Id));
    expect(r.outs).toMatchObject({ origin: "created", loggingEnabled: true });
    expect(z.LoggingEnabled).toBe(true);
    expect((await writes()).filter((w) => w === "POST /dnszone")).toHaveLength(1);
    expect(logged.join("")).toMatch(/absent before the request, is the zone it created/);
    resetRunState();
    await p.delete(r.id, r.outs);
    expect(canonical(await t.state())).toEqual(canonical(before));
  });

  test("the POST never landed: the error says it is safe to run again; nothing made, nothing re-sent", async () => {
    const before = await t.state();
    await t.fault({ method: "POST", path: "^/dnszone$", status: 504 });
    const e = await rejection(p.create(await checked({ domain: "never.example" })));
    expect(e.message).toMatch(
      /lists no DNS zone of never\.example after it, so it was not applied/,
    );
    expect(e.id).toBeUndefined(); // nothing recorded
    expect((await writes()).filter((w) => w === "POST /dnszone")).toHaveLength(1);
    expect(canonical(await t.state())).toEqual(canonical(before));
  });

  test("the listing that would tell fails too: nothing recorded, the error says what to do", async () => {
    await t.fault({ method: "POST", path: "^/dnszone$", status: 504, afterHandler: true });
    // The listing before the POST answers; every later one fails.
    await t.fault({
      method: "GET",
      path: "^/dnszone$",
      status: 200,
      body: { Items: [], CurrentPage: 1, TotalItems: 0, HasMoreItems: false },
    });
    await t.fault({ method: "GET", path: "^/dnszone$", status: 500, count: -1 });
    const e = await rejection(p.create(await checked({ domain: "dark.example" })));
    await ctl().clearFaults();
    expect(e.message).toMatch(/outcome of the zone's create \(POST \/dnszone\) is unknown/);
    expect(e.message).toMatch(/adopt it\s+with `zoneId`/);
    expect(e.id).toBeUndefined();
  });
});

describe("a program: ZoneDnssec on the DnsZone's zoneId output", () => {
  /** The real providers behind the mocks: each registration is check + create on the emulator. */
  const created: Record<string, { type: string; id: string; outs: Any }> = {};
  const providers: Record<string, Any> = {
    "pulumi-nodejs:dynamic/dns:DnsZone": p,
    "pulumi-nodejs:dynamic/dns:ZoneDnssec": zoneDnssecProvider,
  };

  test("the zone is created, then DNSSEC is switched on for it; destroy deletes the zone", async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: async (args) => {
          const provider = providers[args.type];
          const { __provider: _p, ...inputs } = args.inputs;
          const c = await provider.check({}, inputs);
          if ((c.failures ?? []).length > 0) throw new Error(JSON.stringify(c.failures));
          const r = await provider.create(c.inputs);
          created[args.name] = { type: args.type, id: r.id, outs: r.outs };
          return { id: r.id, state: r.outs };
        },
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      false,
    );
    const zone = new DnsZone("zone", { domain: "signed.example" }, { protect: true });
    const dnssec = new ZoneDnssec("dnssec", { zoneId: zone.zoneId, enabled: true });
    const ds = await new Promise<unknown>((resolve) => dnssec.dsRecord.apply(resolve));
    const zoneId = await new Promise<number>((resolve) => zone.zoneId.apply(resolve));
    const z = byDomain(await t.state(), "signed.example");
    expect([zoneId, z.DnsSecEnabled]).toEqual([z.Id, true]);
    expect(ds).toMatch(/^signed\.example\. 3600 IN DS /);
    expect(await writes()).toEqual(["POST /dnszone", `POST /dnszone/${z.Id}/dnssec`]);
    expect(created.dnssec.outs).toMatchObject({ zoneId: z.Id, enabled: true, priorEnabled: false });
    // Destroy, in the engine's order: the dependent first.
    resetRunState();
    await zoneDnssecProvider.delete(created.dnssec.id, created.dnssec.outs);
    await p.delete(created.zone.id, created.zone.outs);
    expect(byDomain(await t.state(), "signed.example")).toBeUndefined();
  });
});
