/**
 * `edge.pullzones.Hostname` (kinds/collections/hostname.ts) against the in-process emulator,
 * driven through its dynamic provider, under every behaviour profile and the pull-zone
 * switches. Fixture pull zone 1 holds its system hostname `zone-one.b-cdn.net`,
 * `cdn.zone-one.example` (forceSsl, a free certificate) and `static.zone-one.example`; fixture
 * pull zone 2 holds its system hostname `zone-two.b-cdn.net`. The emulator's free certificate
 * is pending for `freeCertificateMs` (set here), then issued, or failed for a hostname under
 * `.invalid`.
 */
import * as pulumi from "@pulumi/pulumi";
import { EmulatorControl } from "../../packages/emulator/src";
import { PROFILE_NAMES } from "../../packages/emulator/src/profiles";
import * as engineLog from "../../packages/pulumi/src/resources/core/engine-log";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import { certificateTiming } from "../../packages/pulumi/src/resources/kinds/collections/hostname-certificate";
import {
  checkHostnameInputs,
  hostnameProvider,
} from "../../packages/pulumi/src/resources/kinds/collections/hostname-fields";
import { Hostname } from "../../packages/pulumi/src/resources/public/hostname";
import { quietProviderLogs, usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const p: Any = hostnameProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

const CERT = "-----BEGIN CERTIFICATE-----\nMIIBcustomcertificatebody\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIEsecretkeymaterial0123\n-----END PRIVATE KEY-----\n";

/** Every line the provider logged (status lines included), in order. */
const logged: string[] = [];
const savedTiming = { ...timing };
const savedCert = { ...certificateTiming };
beforeAll(() => {
  quietProviderLogs();
  jest.spyOn(engineLog, "logLine").mockImplementation(async (text) => void logged.push(text));
  Object.assign(timing, { readBackMs: 2_000, readBackStepMs: 20, recoveryMaxStepMs: 20 });
  Object.assign(certificateTiming, { pollMs: 25, statusEveryMs: 0 });
});
afterAll(() => {
  Object.assign(timing, savedTiming);
  Object.assign(certificateTiming, savedCert);
});

/** The zone `id` as the platform holds it. */
const zoneOf = async (id: number): Promise<Any> =>
  ((await t.state()).pullZones as Any[]).find((z) => z.id === id)?.model;
const hostnamesOf = async (id: number): Promise<Any[]> => (await zoneOf(id))?.Hostnames ?? [];
const hostnameOf = async (id: number, value: string) =>
  (await hostnamesOf(id)).find((h) => h.Value === value);
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path}`);
const writes = async () => (await calls()).filter((c) => !c.startsWith("GET "));

/** The inputs as `check` returns them (it must find nothing to fail). */
const checked = (inputs: Any) => {
  const r = checkHostnameInputs({}, inputs);
  expect(r.failures ?? []).toEqual([]);
  return r.inputs as Any;
};
const create = (inputs: Any) => p.create(checked(inputs));
const later = () => resetRunState(); // the next `pulumi` run

/** Every built-in profile, and the pull-zone switches alone and together. */
const PROFILES: [string, Any][] = [
  ...PROFILE_NAMES.map((n): [string, Any] => [n, { name: n }]),
  ["pullZoneUpdate: replace", { pullZoneUpdate: "replace" }],
  ["pullZoneWrites: lost-updates", { pullZoneWrites: "lost-updates" }],
];

describe.each(PROFILES)("profile %s", (_label, profile) => {
  beforeEach(async () => {
    await ctl().setProfile({ ...profile, freeCertificateMs: 150 });
    await t.clearJournal();
    logged.length = 0;
    later();
  });

  test("free certificate: pending, then issued; status lines while it waits; forceSsl set", async () => {
    const { id, outs } = await create({
      pullZoneId: 1,
      hostname: "WWW.Example.com.",
      forceSsl: true,
      certificate: { type: "free", timeoutSeconds: 10 },
    });
    expect(id).toBe("www.example.com");
    expect(await writes()).toEqual([
      "POST /pullzone/1/addHostname",
      "POST /pullzone/1/setForceSSL",
    ]);
    expect(await calls()).toContain("GET /pullzone/loadFreeCertificate");
    expect(
      logged.some((l) =>
        /^waiting for the free certificate of www\.example\.com: pending, /.test(l),
      ),
    ).toBe(true);
    expect(await hostnameOf(1, "www.example.com")).toMatchObject({
      ForceSSL: true,
      HasCertificate: true,
      CertificateProvisionType: 1,
    });
    expect(outs).toMatchObject({
      existingHostname: "www.example.com",
      hostname: "www.example.com",
      forceSsl: true,
      certificate: { type: "free", timeoutSeconds: 10 },
      hasCertificate: true,
      certificateProvisionType: "Http01",
    });
    // `Example.com.` written again is the same hostname: no change.
    later();
    const again = checked({
      pullZoneId: 1,
      hostname: "www.EXAMPLE.com.",
      forceSsl: true,
      certificate: { type: "free", timeoutSeconds: 10 },
    });
    expect((await p.diff(id, outs, again)).changes).toBe(false);
  });

  test("free certificate: pending, then failed: the create fails naming the hostname and why, and the hostname is removed", async () => {
    const before = await hostnamesOf(1);
    const others = await hostnamesOf(2);
    const err = await create({
      pullZoneId: 1,
      hostname: "shop.example.invalid",
      certificate: { type: "free" },
    }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/shop\.example\.invalid/);
    expect(err.message).toMatch(/could not validate the domain/);
    expect(err.message).toMatch(/removed from pull zone 1/);
    expect(await writes()).toEqual([
      "POST /pullzone/1/addHostname",
      "DELETE /pullzone/1/removeHostname",
    ]);
    expect(await hostnamesOf(1)).toEqual(before);
    expect(await hostnamesOf(2)).toEqual(others);
  });

  test("free certificate still pending at its timeout: fails, hostname removed", async () => {
    await ctl().setProfile({ ...profile, freeCertificateMs: 5_000 });
    const before = await hostnamesOf(1);
    await expect(
      create({
        pullZoneId: 1,
        hostname: "slow.example.com",
        certificate: { type: "free", timeoutSeconds: 1 },
      }),
    ).rejects.toThrow(/slow\.example\.com was not issued: no certificate after 1 s/);
    expect(await hostnamesOf(1)).toEqual(before);
  });

  test("custom certificate: written with its key; the key is in no log and no error", async () => {
    const { outs } = await create({
      pullZoneId: 1,
      hostname: "own.example.com",
      certificate: { type: "custom", certificate: CERT, privateKey: KEY },
    });
    expect(await writes()).toEqual([
      "POST /pullzone/1/addHostname",
      "POST /pullzone/1/addCertificate",
    ]);
    expect(await hostnameOf(1, "own.example.com")).toMatchObject({
      HasCertificate: true,
      CertificateProvisionType: 3,
    });
    expect(outs.certificateProvisionType).toBe("Custom");
    // Refresh: the certificate as the platform has it is the program's (the key is never answered).
    later();
    const read = await p.read("own.example.com", outs);
    expect(read.props.certificate).toEqual({ type: "custom", certificate: CERT, privateKey: KEY });
    expect((await p.diff("own.example.com", read.props, read.inputs)).changes).toBe(false);
    // A key the platform refuses: the error does not quote it, and the hostname is removed.
    const bad = "not-a-key-but-secret-text-4711";
    const err = await create({
      pullZoneId: 1,
      hostname: "bad.example.com",
      certificate: { type: "custom", certificate: CERT, privateKey: bad },
    }).catch((e: Error) => e);
    expect(err.message).toMatch(/bad\.example\.com/);
    expect(err.message).not.toContain(bad);
    expect(await hostnameOf(1, "bad.example.com")).toBeUndefined();
    expect(logged.join("\n")).not.toContain("secretkeymaterial");
    expect(logged.join("\n")).not.toContain(bad);
  });

  test("forceSsl changed: one write", async () => {
    const { id, outs } = await create({
      pullZoneId: 1,
      hostname: "flip.example.com",
      forceSsl: false,
    });
    later();
    await t.clearJournal();
    const news = checked({ pullZoneId: 1, hostname: "flip.example.com", forceSsl: true });
    const res = await p.update(id, outs, news);
    expect(await writes()).toEqual(["POST /pullzone/1/setForceSSL"]);
    expect(res.outs.forceSsl).toBe(true);
    expect((await hostnameOf(1, "flip.example.com")).ForceSSL).toBe(true);
  });

  test("adopt with the values it has: no write; destroy leaves it with its forceSsl as before", async () => {
    const before = await hostnamesOf(1);
    const same = await create({
      pullZoneId: 1,
      existingHostname: "cdn.zone-one.example",
      forceSsl: true,
    });
    expect(same.id).toBe("cdn.zone-one.example");
    expect(await writes()).toEqual([]);
    later();
    // Adopted with another forceSsl: one write; destroy gives the old value back.
    const changed = await create({
      pullZoneId: 1,
      existingHostname: "cdn.zone-one.example",
      forceSsl: false,
    });
    expect(await writes()).toEqual(["POST /pullzone/1/setForceSSL"]);
    expect(changed.outs.priorForceSsl).toBe(true);
    later();
    await p.delete(changed.id, changed.outs);
    expect(await hostnamesOf(1)).toEqual(before);
    expect(await writes()).toEqual([
      "POST /pullzone/1/setForceSSL",
      "POST /pullzone/1/setForceSSL",
    ]);
  });

  test("destroy of a created hostname removes it, and only it", async () => {
    const before = await hostnamesOf(1);
    const { id, outs } = await create({ pullZoneId: 1, hostname: "gone.example.com" });
    later();
    await p.delete(id, outs);
    expect(await hostnamesOf(1)).toEqual(before);
  });

  test("a hostname another pull zone has is refused before any write", async () => {
    await expect(create({ pullZoneId: 1, hostname: "zone-two.b-cdn.net" })).rejects.toThrow(
      /hostname zone-two\.b-cdn\.net is a hostname of pull zone 2[^]*Nothing was written/,
    );
    expect(await writes()).toEqual([]);
  });

  test("the system hostname: adopted for forceSsl, never removed (its delete is refused, naming it)", async () => {
    const { id, outs } = await create({
      pullZoneId: 1,
      existingHostname: "zone-one.b-cdn.net",
      forceSsl: true,
      deleteOnDestroy: true,
    });
    expect(outs.isSystemHostname).toBe(true);
    later();
    await expect(p.delete(id, outs)).rejects.toThrow(
      /zone-one\.b-cdn\.net is the system hostname of pull zone 1/,
    );
    expect(await hostnameOf(1, "zone-one.b-cdn.net")).toBeDefined();
  });
});

test("check: a hostname, a certificate's form and a key type, each refused naming the field (never the key)", () => {
  const failures = (i: Any) =>
    (checkHostnameInputs({}, i).failures ?? []).map((f) => `${f.property}: ${f.reason}`).join("\n");
  expect(failures({ pullZoneId: 1, hostname: "not a host" })).toMatch(
    /^hostname: must be a hostname/,
  );
  expect(failures({ pullZoneId: 1 })).toMatch(/^hostname: is required/);
  expect(failures({ hostname: "a.example.com" })).toMatch(/^pullZoneId: is required/);
  expect(
    failures({ pullZoneId: 1, hostname: "a.example.com", certificate: { type: "paid" } }),
  ).toMatch(/^certificate.type: must be "free" or "custom"/);
  const keyOnly = failures({
    pullZoneId: 1,
    hostname: "a.example.com",
    certificate: { type: "custom", privateKey: "k-secret-99" },
  });
  expect(keyOnly).toMatch(/certificate.certificate: is required/);
  expect(keyOnly).not.toContain("k-secret-99");
  expect(failures({ pullZoneId: 1, hostname: "a.example.com", certificateKeyType: "dsa" })).toMatch(
    /^certificateKeyType: must be "Ecdsa" or "Rsa"/,
  );
  // The SDKs' certificate is a map of strings: a timeout written as digits is a number.
  const sdk = {
    pullZoneId: 1,
    hostname: "a.example.com",
    certificate: { type: "free", timeoutSeconds: "300" },
  };
  expect(checkHostnameInputs({}, sdk).inputs).toMatchObject({
    certificate: { type: "free", timeoutSeconds: 300 },
  });
  expect(checkHostnameInputs({}, { pullZoneId: 1, hostname: "Example.COM." }).inputs).toMatchObject(
    {
      hostname: "example.com",
    },
  );
});

test("the class makes the certificate (its key) a Pulumi secret, input and output, whatever the program passes", async () => {
  await pulumi.runtime.setMocks(
    { newResource: (a) => ({ id: "x", state: a.inputs }), call: (a) => a.inputs },
    "project",
    "stack",
    false,
  );
  const seen: Record<string, Any> = {};
  const record: pulumi.ResourceTransformation = (a) => {
    seen[a.name] = { opts: a.opts, props: a.props };
    return undefined;
  };
  new Hostname(
    "own",
    {
      pullZoneId: 1,
      hostname: "own.example.com",
      certificate: { type: "custom", certificate: CERT, privateKey: KEY },
    },
    { transformations: [record] },
  );
  expect(seen.own.opts.additionalSecretOutputs).toEqual(["certificate"]);
  expect(await pulumi.isSecret(seen.own.props.certificate)).toBe(true);
  expect(seen.own.props.hostname).toBe("own.example.com");
});

// The calls of each operation, counted from the journal (default profile). Create: the
// account's pull zones listed once per run (GET /pullzone: the name checks of every zone and
// the check that no other zone has the hostname); per hostname its add, one read of the zone
// (the hostname as the platform made it) and its forceSsl, whose value is the one sent (no
// read after it). Change of forceSsl: the zone's read + the write. Destroy: the remove alone.
describe("calls per operation (default profile)", () => {
  beforeEach(async () => {
    await ctl().setProfile({ name: "default", freeCertificateMs: 0 });
    await t.clearJournal();
    later();
  });
  const take = async () => {
    const made = await calls();
    await t.clearJournal();
    return made;
  };
  const PER_HOSTNAME = [
    "POST /pullzone/1/addHostname",
    "GET /pullzone/1",
    "POST /pullzone/1/setForceSSL",
  ];

  test("three creates in one run: one listing of the account, then add, read, forceSsl each", async () => {
    const made: Any[] = [];
    for (const i of [0, 1, 2])
      made.push(await create({ pullZoneId: 1, hostname: `calls-${i}.example`, forceSsl: true }));
    expect(await take()).toEqual([
      "GET /pullzone",
      ...PER_HOSTNAME,
      ...PER_HOSTNAME,
      ...PER_HOSTNAME,
    ]);
    expect(made.map((m) => [m.id, m.outs.forceSsl, m.outs.hasCertificate])).toEqual([
      ["calls-0.example", true, false],
      ["calls-1.example", true, false],
      ["calls-2.example", true, false],
    ]);
    for (const i of [0, 1, 2])
      expect(await hostnameOf(1, `calls-${i}.example`)).toMatchObject({ ForceSSL: true });
  });

  test("a change of forceSsl: the zone's read and the write; the outputs hold the value sent", async () => {
    const { id, outs } = await create({ pullZoneId: 1, hostname: "flip.example", forceSsl: true });
    later();
    await t.clearJournal();
    const news = checked({ pullZoneId: 1, hostname: "flip.example", forceSsl: false });
    const res = await p.update(id, outs, news);
    expect(await take()).toEqual(["GET /pullzone/1", "POST /pullzone/1/setForceSSL"]);
    expect(res.outs).toMatchObject({
      forceSsl: false,
      hasCertificate: false,
      isSystemHostname: false,
    });
    expect((await hostnameOf(1, "flip.example")).ForceSSL).toBe(false);
  });

  test("a change of the key type is read back (it changes what the platform reports)", async () => {
    const { id, outs } = await create({ pullZoneId: 1, hostname: "keys.example" });
    later();
    await t.clearJournal();
    const news = checked({ pullZoneId: 1, hostname: "keys.example", certificateKeyType: "Rsa" });
    const res = await p.update(id, outs, news);
    expect(await take()).toEqual([
      "GET /pullzone/1",
      "POST /pullzone/1/updatePrivateKeyType",
      "GET /pullzone/1",
    ]);
    expect(res.outs.certificateKeyType).toBe("Rsa");
  });

  test("destroy: the remove alone; a hostname removed outside Pulumi is gone, nothing else removed", async () => {
    const before = await hostnamesOf(1);
    const a = await create({ pullZoneId: 1, hostname: "del-a.example" });
    const b = await create({ pullZoneId: 1, hostname: "del-b.example" });
    later();
    await t.clearJournal();
    await p.delete(a.id, a.outs);
    expect(await take()).toEqual(["DELETE /pullzone/1/removeHostname"]);
    await ctl().updateState((s: Any) => {
      const z = s.pullZones.find((x: Any) => x.id === 1).model;
      z.Hostnames = z.Hostnames.filter((h: Any) => h.Value !== "del-b.example");
    });
    await p.delete(b.id, b.outs); // already gone: no failure
    expect((await take()).filter((c) => c !== "GET /pullzone/1")).toEqual([
      "DELETE /pullzone/1/removeHostname",
    ]);
    expect(await hostnamesOf(1)).toEqual(before);
  });

  test("the system hostname recorded in the state: its delete is refused with no call", async () => {
    const { id, outs } = await create({
      pullZoneId: 1,
      existingHostname: "zone-one.b-cdn.net",
      deleteOnDestroy: true,
    });
    later();
    await t.clearJournal();
    await expect(p.delete(id, outs)).rejects.toThrow(/system hostname of pull zone 1/);
    expect(await take()).toEqual([]);
    expect(await hostnameOf(1, "zone-one.b-cdn.net")).toBeDefined();
  });

  test("the system hostname in a state that does not record it: the platform's refusal is named", async () => {
    const { id, outs } = await create({
      pullZoneId: 1,
      existingHostname: "zone-one.b-cdn.net",
      deleteOnDestroy: true,
    });
    later();
    await t.clearJournal();
    const older = { ...outs };
    delete older.isSystemHostname;
    await expect(p.delete(id, older)).rejects.toThrow(/system hostname of pull zone 1/);
    expect(await writes()).toEqual(["DELETE /pullzone/1/removeHostname"]);
    expect(await hostnameOf(1, "zone-one.b-cdn.net")).toBeDefined();
  });

  test("one hostname added to two zones by two resources of one run: the second is refused before any write", async () => {
    await create({ pullZoneId: 1, hostname: "twice.example" });
    await t.clearJournal();
    await expect(create({ pullZoneId: 2, hostname: "twice.example" })).rejects.toThrow(
      /another resource of this program adds hostname twice\.example to pull zone 1[^]*Nothing was written/,
    );
    expect(await writes()).toEqual([]);
  });

  test("a hostname another zone got after the run's listing: the platform refuses it, nothing left", async () => {
    await create({ pullZoneId: 1, hostname: "first.example" }); // the run lists the account
    await ctl().updateState((s: Any) => {
      const z = s.pullZones.find((x: Any) => x.id === 2).model;
      z.Hostnames.push({
        ...z.Hostnames[0],
        Id: 9901,
        Value: "late.example",
        IsSystemHostname: false,
        HasCertificate: false,
        CertificateProvisionType: 0,
      });
    });
    await expect(create({ pullZoneId: 1, hostname: "late.example" })).rejects.toThrow(/taken/);
    expect(await hostnameOf(1, "late.example")).toBeUndefined();
    expect(await hostnameOf(2, "late.example")).toBeDefined();
  });
});
