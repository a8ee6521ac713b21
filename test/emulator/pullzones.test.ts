/**
 * The emulator's pull-zone routes over plain HTTP: requests refused with the published 400
 * (`{ErrorKey, Field, Message}`, the field named), the fixture zone and its shield zone, the
 * profile switches (`pullZoneUpdate` merge/replace, `edgeRuleOrder` as-written/sorted,
 * `pullZoneWrites` serial/lost-updates), keys never answered, old state documents.
 */
import type { RunningEmulator } from "../../packages/emulator/src";
import { EmulatorControl } from "../../packages/emulator/src";
import { PULL_ZONE_SHAPES } from "../../packages/emulator/src/pullzone-document";
import { call, start } from "./helpers";

let emu: RunningEmulator;
let ctl: EmulatorControl;
beforeAll(async () => {
  emu = await start();
  ctl = new EmulatorControl(emu.url);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await ctl.reset();
  await ctl.setProfile("default");
});

const rule = (over: Record<string, unknown> = {}) => ({
  ActionType: 5,
  ActionParameter1: "X-Test",
  ActionParameter2: "1",
  Triggers: [{ Type: 0, PatternMatches: ["*/t/*"], PatternMatchingType: 0 }],
  ...over,
});
const zone = async (id = 1) => (await call(emu, "GET", `/pullzone/${id}`)).json;
const addRule = (body: Record<string, unknown>, id = 1) =>
  call(emu, "POST", `/pullzone/${id}/edgerules/addOrUpdate`, { body });

describe("requests refused: 400 naming the field", () => {
  test.each([
    [
      "add: a name with a dot",
      "POST",
      "/pullzone",
      { Name: "a.b", OriginUrl: "https://o.example" },
      "Name",
    ],
    [
      "add: a taken name (any case)",
      "POST",
      "/pullzone",
      { Name: "ZONE-ONE", OriginUrl: "https://o.example" },
      "Name",
    ],
    [
      "add: an origin URL that is no URL",
      "POST",
      "/pullzone",
      { Name: "n1", OriginUrl: "origin" },
      "OriginUrl",
    ],
    ["add: an origin-URL zone without one", "POST", "/pullzone", { Name: "n2" }, "OriginUrl"],
    [
      "add: a storage-zone origin without its id",
      "POST",
      "/pullzone",
      { Name: "n3", OriginType: 2 },
      "StorageZoneId",
    ],
    [
      "add: an enumeration out of range",
      "POST",
      "/pullzone",
      { Name: "n4", OriginUrl: "https://o.example", Type: 7 },
      "Type",
    ],
    [
      "add: a property the document does not have",
      "POST",
      "/pullzone",
      { Name: "n5", Origin: "x" },
      "Origin",
    ],
    [
      "update: a blocked IP that is none",
      "POST",
      "/pullzone/1",
      { BlockedIps: ["1.2.3.999"] },
      "BlockedIps[0]",
    ],
    [
      "rule: a redirect without a URL",
      "POST",
      "/pullzone/1/edgerules/addOrUpdate",
      rule({ ActionType: 1, ActionParameter1: "nowhere" }),
      "ActionParameter1",
    ],
    [
      "rule: a trigger without patterns",
      "POST",
      "/pullzone/1/edgerules/addOrUpdate",
      rule({ Triggers: [{ Type: 0, PatternMatches: [] }] }),
      "Triggers[0].PatternMatches",
    ],
    [
      "rule: a new rule without an action",
      "POST",
      "/pullzone/1/edgerules/addOrUpdate",
      { Description: "x" },
      "ActionType",
    ],
    [
      "rule: a guid that is none",
      "POST",
      "/pullzone/1/edgerules/addOrUpdate",
      rule({ Guid: "rule-1" }),
      "Guid",
    ],
    [
      "rule: a status code out of range",
      "POST",
      "/pullzone/1/edgerules/addOrUpdate",
      rule({ ActionType: 14, ActionParameter1: "700" }),
      "ActionParameter1",
    ],
    [
      "hostname: not a hostname",
      "POST",
      "/pullzone/1/addHostname",
      { Hostname: "no spaces.example" },
      "Hostname",
    ],
    [
      "hostname: another zone's",
      "POST",
      "/pullzone/4/addHostname",
      { Hostname: "cdn.zone-one.example" },
      "Hostname",
    ],
    [
      "certificate: no PEM",
      "POST",
      "/pullzone/1/addCertificate",
      {
        Hostname: "static.zone-one.example",
        Certificate: "abc",
        CertificateKey: "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----",
      },
      "Certificate",
    ],
    [
      "blocked IP: none",
      "POST",
      "/pullzone/1/addBlockedIp",
      { BlockedIp: "example.com" },
      "BlockedIp",
    ],
    [
      "security key: too short",
      "POST",
      "/pullzone/1/resetSecurityKey",
      { SecurityKey: "short" },
      "SecurityKey",
    ],
  ])("%s", async (_name, method, path, body, field) => {
    const r = await call(emu, method, path, { body });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Field: field });
    expect(typeof r.json.ErrorKey).toBe("string");
    expect(r.json.Message).toContain(field === "Origin" ? "Origin" : "");
  });

  test("a missing zone is a 404; a zone's id must be an integer", async () => {
    expect((await call(emu, "GET", "/pullzone/999")).status).toBe(404);
    expect(
      (await call(emu, "POST", "/pullzone/999/addHostname", { body: { Hostname: "a.example" } }))
        .status,
    ).toBe(404);
    expect((await call(emu, "GET", "/pullzone/abc")).status).toBe(400);
  });
});

describe("fixtures", () => {
  test("zone 1: hostnames, 20 edge rules in order, its shield zone by pullZoneId", async () => {
    const z = await zone(1);
    expect(z.Hostnames.map((h: { Value: string }) => h.Value)).toEqual([
      "zone-one.b-cdn.net",
      "cdn.zone-one.example",
      "static.zone-one.example",
    ]);
    expect(z.EdgeRules.map((r: { OrderIndex: number }) => r.OrderIndex)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const shield = await call(emu, "GET", "/shield/shield-zone/get-by-pullzone/1");
    expect(shield.status).toBe(200);
    expect(shield.json.data.shieldZoneId).toBe(1);
  });

  test("a state document whose zones have no record loads; they answer a new zone's", async () => {
    const s = await ctl.state();
    s.pullZones = [
      { id: 9, name: "plain", logging: "enabled", extendedLogging: false, logRecordsPerDay: 0 },
    ];
    s.nextIds = {
      rateLimitRule: s.nextIds.rateLimitRule,
      shieldZone: 100,
      wafRule: 2000,
      accessList: 600,
      accessListConfiguration: 8000,
    };
    await ctl.setState(s);
    const z = await zone(9);
    expect(z).toMatchObject({ Id: 9, Name: "plain", EdgeRules: [], Enabled: true });
    expect(z.Hostnames.map((h: { Value: string }) => h.Value)).toEqual(["plain.b-cdn.net"]);
  });
});

test("a state document with a broken zone record is refused, naming it", async () => {
  const s = await ctl.state();
  const doc = JSON.parse(JSON.stringify(s));
  doc.pullZones[0].model.EdgeRules[3] = { Description: "no guid" };
  doc.pullZones[1].model.Hostnames = "none";
  const r = await call(emu, "PUT", "/_emulator/state", { key: false, body: doc });
  expect(r.status).toBe(400);
  expect(r.text).toContain("pullZones[0].model.EdgeRules[3] needs a string Guid");
  expect(r.text).toContain("pullZones[1].model.Hostnames must be an array");
});

describe("profiles", () => {
  const UPDATE = { OriginHostHeader: "origin.example" };

  test("pullZoneUpdate: merge keeps what is not sent; replace resets it (hostnames and rules stay)", async () => {
    const merged = await call(emu, "POST", "/pullzone/1", { body: UPDATE });
    expect(merged.json).toMatchObject({
      ...UPDATE,
      BlockedIps: ["192.0.2.10"],
      OriginUrl: "https://origin.zone-one.example",
    });
    await ctl.reset();
    await ctl.setProfile({ pullZoneUpdate: "replace" });
    const replaced = await call(emu, "POST", "/pullzone/1", { body: UPDATE });
    expect(replaced.json).toMatchObject({
      ...UPDATE,
      BlockedIps: [],
      // a new zone's: none
      OriginUrl: null,
      OptimizerClasses: [],
    });
    expect(replaced.json.EdgeRules).toHaveLength(20);
    expect(replaced.json.Hostnames).toHaveLength(3);
  });

  test("edgeRuleOrder: as-written answers a new rule last; sorted by its order index", async () => {
    await addRule(rule({ OrderIndex: 0, Description: "first" }));
    expect((await zone()).EdgeRules.map((r: { Description: string }) => r.Description).at(-1)).toBe(
      "first",
    );
    await ctl.setProfile({ edgeRuleOrder: "sorted" });
    expect((await zone()).EdgeRules[0].Description).toBe("first");
  });

  test("pullZoneWrites: five rules created at once all land when serial; some are lost with lost-updates", async () => {
    const five = () =>
      Promise.all([1, 2, 3, 4, 5].map((n) => addRule(rule({ Description: `c${n}` }))));
    expect((await five()).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await zone()).EdgeRules).toHaveLength(25);
    await ctl.reset();
    await ctl.setProfile({ pullZoneWrites: "lost-updates" });
    expect((await five()).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await zone()).EdgeRules.length).toBeLessThan(25);
    // One write at a time still lands under lost-updates (what serialised writes get).
    await ctl.reset();
    for (const n of [1, 2, 3, 4, 5]) await addRule(rule({ Description: `s${n}` }));
    expect((await zone()).EdgeRules).toHaveLength(25);
  });

  test("lost-updates: a settings write and a rule write at once lose one of them", async () => {
    await ctl.setProfile({ pullZoneWrites: "lost-updates" });
    await Promise.all([
      call(emu, "POST", "/pullzone/1", { body: UPDATE }),
      addRule(rule({ Description: "racing" })),
    ]);
    const z = await zone();
    const both = z.OriginHostHeader === UPDATE.OriginHostHeader && z.EdgeRules.length === 21;
    expect(both).toBe(false);
  });
});

describe("secrets", () => {
  test("a certificate's key is never answered; the certificate only with includeCertificate", async () => {
    const cert = "-----BEGIN CERTIFICATE-----\nAAA\n-----END CERTIFICATE-----";
    const key = "-----BEGIN PRIVATE KEY-----\nKEY-MATERIAL\n-----END PRIVATE KEY-----";
    const b64 = (s: string) => Buffer.from(s).toString("base64");
    const r = await call(emu, "POST", "/pullzone/1/addCertificate", {
      body: {
        Hostname: "static.zone-one.example",
        Certificate: b64(cert),
        CertificateKey: b64(key),
      },
    });
    expect(r.status).toBe(204);
    const plain = await call(emu, "GET", "/pullzone/1");
    const full = await call(emu, "GET", "/pullzone/1?includeCertificate=true");
    const list = await call(emu, "GET", "/pullzone?includeCertificate=true");
    for (const t of [plain.text, full.text, list.text]) expect(t).not.toContain(b64(key));
    expect(plain.text).not.toContain(b64(cert));
    expect(full.text).toContain(b64(cert));
  });
});

describe("a new zone's settings written back as read", () => {
  /** Every setting of the write (the published `PullZoneSettingsModel`) as the record shows it. */
  const settingsOf = (record: Record<string, unknown>) => {
    const shown = new Map(Object.keys(record).map((k) => [k.toLowerCase(), k]));
    const body: Record<string, unknown> = {};
    for (const k of Object.keys(PULL_ZONE_SHAPES.PullZoneSettingsModel.properties as object)) {
      const at = shown.get(k.toLowerCase());
      if (at !== undefined) body[k] = record[at];
    }
    return body;
  };

  test.each(["merge", "replace"] as const)(
    "pullZoneUpdate %s: the settings write takes every setting of a new zone as read, and keeps them",
    async (pullZoneUpdate) => {
      await ctl.setProfile({ pullZoneUpdate });
      const added = await call(emu, "POST", "/pullzone", {
        body: { Name: "write-back", OriginUrl: "https://o.example" },
      });
      expect(added.status).toBe(201);
      const asRead = await zone(added.json.Id);
      const body = settingsOf(asRead);
      expect(body).toHaveProperty("OriginShieldMaxConcurrentRequests");
      const written = await call(emu, "POST", `/pullzone/${added.json.Id}`, { body });
      expect(written.status === 200 ? "" : written.json?.Field).toBe("");
      expect(written.json).toEqual(asRead);
    },
  );
});

describe("pullZoneUpdate replace: what the body sends is kept, shown or hidden", () => {
  const hiddenOf = async (id: number) =>
    ((await ctl.state()).pullZones.find((z) => z.id === id)?.hidden ?? {}) as Record<
      string,
      unknown
    >;

  test("a hidden setting sent is kept; one left out is reset; a shown one sent is kept", async () => {
    await ctl.setProfile({ pullZoneUpdate: "replace" });
    const first = await call(emu, "POST", "/pullzone/1", {
      body: { DnsOriginPort: 8443, DnsOriginScheme: "https", OriginHostHeader: "a.example" },
    });
    expect(first.status).toBe(200);
    expect(await hiddenOf(1)).toEqual({ DnsOriginPort: 8443, DnsOriginScheme: "https" });
    const second = await call(emu, "POST", "/pullzone/1", {
      body: { DnsOriginPort: 9443, OriginHostHeader: "b.example" },
    });
    expect(second.status).toBe(200);
    expect(second.json.OriginHostHeader).toBe("b.example");
    // the port sent is kept, the scheme left out is reset (a new zone has none)
    expect(await hiddenOf(1)).toEqual({ DnsOriginPort: 9443 });
  });
});

test("a name check (a read sent as a POST) is journaled unchanged, refused or not; a zone's add is not", async () => {
  await ctl.clearJournal();
  const free = await call(emu, "POST", "/pullzone/checkavailability", {
    body: { Name: "free-one" },
  });
  expect(free.json).toEqual({ Available: true });
  const bad = await call(emu, "POST", "/pullzone/checkavailability", { body: { Name: "a.b" } });
  expect(bad.status).toBe(400);
  const added = await call(emu, "POST", "/pullzone", {
    body: { Name: "free-one", OriginUrl: "https://o.example" },
  });
  expect(added.status).toBe(201);
  expect((await ctl.journal()).map((e) => [e.path, e.status, e.unchanged ?? false])).toEqual([
    ["/pullzone/checkavailability", 200, true],
    ["/pullzone/checkavailability", 400, true],
    ["/pullzone", 201, false],
  ]);
});

describe("optimizer classes: the zone's whole array, written by POST /pullzone/{id}", () => {
  const thumb = { Name: "thumb", Properties: { width: "200", height: "200" } };

  test.each([
    ["a class without a name", [{ Properties: { width: "1" } }], "OptimizerClasses[0].Name"],
    [
      "two classes of one name (any case)",
      [thumb, { Name: "THUMB", Properties: {} }],
      "OptimizerClasses[1].Name",
    ],
    [
      "a property that is no string",
      [{ Name: "a", Properties: { width: 200 } }],
      "OptimizerClasses[0].Properties.width",
    ],
  ])("refused: %s (400 naming the field; nothing written)", async (_what, classes, field) => {
    const r = await call(emu, "POST", "/pullzone/1", { body: { OptimizerClasses: classes } });
    expect(r.status).toBe(400);
    expect(r.json.Field).toBe(field);
    expect((await zone(1)).OptimizerClasses).toEqual([thumb]);
  });

  test.each(["merge", "replace"])(
    "pullZoneUpdate %s: the array sent is stored and returned; a settings write without it keeps it (merge)",
    async (mode) => {
      await ctl.setProfile({ pullZoneUpdate: mode as "merge" | "replace" });
      const classes = [thumb, { Name: "hero", Properties: { width: "1200" } }];
      const w = await call(emu, "POST", "/pullzone/1", {
        body: { OriginUrl: "https://origin.zone-one.example", OptimizerClasses: classes },
      });
      expect(w.status).toBe(200);
      expect(w.json.OptimizerClasses).toEqual(classes);
      expect((await zone(1)).OptimizerClasses).toEqual(classes);
      await call(emu, "POST", "/pullzone/1", {
        body: { OriginUrl: "https://origin.zone-one.example" },
      });
      // merge keeps what the body leaves out; replace resets it to a new zone's (none)
      expect((await zone(1)).OptimizerClasses).toEqual(mode === "merge" ? classes : []);
    },
  );

  test("a write leaves a zone that hides nothing without a hidden record", async () => {
    await call(emu, "POST", "/pullzone/1", { body: { OptimizerClasses: [thumb] } });
    expect((await ctl.state()).pullZones.find((z) => z.id === 1)?.hidden).toBeUndefined();
  });
});
