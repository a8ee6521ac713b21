/**
 * Client vs emulator, pull zones: every operation of `client.pullzones` round-trips (the
 * request as the journal saw it, the change as a read of the zone shows it); enumerations by
 * name are sent as values; a bad argument fails before anything is sent, naming the field;
 * the retry rule of each write. Fixture zone 1 ("zone-one"): hostnames zone-one.b-cdn.net
 * (system), cdn.zone-one.example (forced HTTPS, certificate) and static.zone-one.example; 20
 * edge rules (guids …000000000001 to …000000000020, order index 1–20); blocked IP 192.0.2.10;
 * allowed referrer zone-one.example. The account has 7 pull zones (1–6 and 8).
 */
import { Client, EdgeApiError, InvalidArgumentError } from "../../packages/client/src";
import { apiError, Emu, fault, journal, useEmulator, withProfile } from "../contract/helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const PEM_CERT = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
const PEM_KEY = "-----BEGIN PRIVATE KEY-----\nMIIE-secret-key\n-----END PRIVATE KEY-----\n";
const hostnames = async (id: number) => (await c.pullzones.get(id)).Hostnames ?? [];

describe("zones", () => {
  test("list, count and get read the fixtures (zone 1: 3 hostnames, 20 edge rules)", async () => {
    const all = await c.pullzones.list();
    expect(all.map((z) => z.Id)).toEqual([1, 2, 3, 4, 5, 6, 8]);
    expect(await c.pullzones.count()).toBe(7);
    const z = await c.pullzones.get(1);
    expect(z.Name).toBe("zone-one");
    expect(z.Hostnames?.map((h) => h.Value)).toEqual([
      "zone-one.b-cdn.net",
      "cdn.zone-one.example",
      "static.zone-one.example",
    ]);
    expect(z.EdgeRules).toHaveLength(20);
    expect(z.EdgeRules?.[0].Guid).toBe(guid(1));
    expect((await c.pullzones.list({ search: "zone-t" })).map((x) => x.Name)).toEqual(["zone-two"]);
  });

  test("add sends enumerations by value and answers the new zone; a taken name names Name", async () => {
    const z = await c.pullzones.add({
      Name: "site-a",
      OriginUrl: "https://origin.site-a.example",
      Type: "Volume",
      OriginType: "OriginUrl",
    });
    expect(z).toMatchObject({
      Name: "site-a",
      OriginUrl: "https://origin.site-a.example",
      Type: 1,
    });
    const [sent] = await journal(emu, /^\/pullzone$/, "POST");
    expect(sent.body).toEqual({
      Name: "site-a",
      OriginUrl: "https://origin.site-a.example",
      Type: 1,
      OriginType: 0,
    });
    expect((await c.pullzones.get(z.Id!)).Hostnames?.map((h) => h.Value)).toEqual([
      "site-a.b-cdn.net",
    ]);
    const e = await apiError(c.pullzones.add({ Name: "zone-one", OriginUrl: "https://o.example" }));
    expect(e.status).toBe(400);
    expect(e.fieldErrors[0]?.field).toBe("Name");
  });

  test("update changes the settings sent and answers the zone; delete removes it", async () => {
    const z = await c.pullzones.update(1, {
      OriginHostHeader: "origin.example",
      CacheControlMaxAgeOverride: 600,
    });
    expect(z).toMatchObject({
      OriginHostHeader: "origin.example",
      CacheControlMaxAgeOverride: 600,
    });
    // merge (the default profile): what was not sent stays
    expect(z.BlockedIps).toEqual(["192.0.2.10"]);
    await c.pullzones.delete(2);
    expect((await apiError(c.pullzones.get(2))).status).toBe(404);
    expect(await c.pullzones.count()).toBe(6);
  });
});

describe("edge rules", () => {
  test("a rule without a guid is added (never retried after a 503); with its guid rewritten (retried)", async () => {
    const added = await c.pullzones.addOrUpdateEdgeRule(1, {
      ActionType: "Redirect",
      ActionParameter1: "https://new.example/",
      Triggers: [{ Type: "Url", PatternMatches: ["*/old/*"], PatternMatchingType: "MatchAny" }],
      TriggerMatchingType: "MatchAll",
      Description: "moved",
      Enabled: true,
    });
    expect(added?.Guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(added?.OrderIndex).toBe(21);
    const [sent] = await journal(emu, /edgerules\/addOrUpdate$/);
    expect(sent.body).toMatchObject({
      ActionType: 1,
      Triggers: [{ Type: 0, PatternMatches: ["*/old/*"], PatternMatchingType: 0 }],
      TriggerMatchingType: 1,
    });
    expect((await c.pullzones.get(1)).EdgeRules).toHaveLength(21);

    await fault(emu, { method: "POST", path: "edgerules/addOrUpdate", status: 503 });
    const e = await apiError(
      c.pullzones.addOrUpdateEdgeRule(1, { ActionType: 4, Description: "x" }),
    );
    expect(e.status).toBe(503);
    expect((await c.pullzones.get(1)).EdgeRules).toHaveLength(21);

    await fault(emu, { method: "POST", path: "edgerules/addOrUpdate", status: 503 });
    await c.pullzones.addOrUpdateEdgeRule(1, { Guid: guid(3), Description: "renamed" });
    const rules = (await c.pullzones.get(1)).EdgeRules ?? [];
    expect(rules).toHaveLength(21);
    expect(rules.find((r) => r.Guid === guid(3))).toMatchObject({
      Description: "renamed",
      ActionType: 5,
      OrderIndex: 3,
    });
  });

  test("a write answered without a body (edgeRuleAddAnswer: empty) gives undefined; the rule is in the zone", async () => {
    await withProfile(emu, { edgeRuleAddAnswer: "empty" }, async () => {
      const answer = await c.pullzones.addOrUpdateEdgeRule(1, {
        ActionType: "BlockRequest",
        Triggers: [{ Type: "RemoteIP", PatternMatches: ["203.0.113.9"] }],
        Description: "quiet",
      });
      expect(answer).toBeUndefined();
    });
    const rules = (await c.pullzones.get(1)).EdgeRules ?? [];
    expect(rules.find((r) => r.Description === "quiet")).toMatchObject({
      ActionType: 4,
      OrderIndex: 21,
    });
  });

  test("setEdgeRuleEnabled and deleteEdgeRule by guid; an unknown guid is a 404", async () => {
    await c.pullzones.setEdgeRuleEnabled(1, guid(5), true);
    await c.pullzones.deleteEdgeRule(1, guid(7));
    const rules = (await c.pullzones.get(1)).EdgeRules ?? [];
    expect(rules.find((r) => r.Guid === guid(5))?.Enabled).toBe(true);
    expect(rules.map((r) => r.Guid)).not.toContain(guid(7));
    expect(rules).toHaveLength(19);
    expect((await apiError(c.pullzones.deleteEdgeRule(1, guid(7)))).status).toBe(404);
  });

  test("a bad rule fails before anything is sent, naming the field and the allowed names", async () => {
    const e = await c.pullzones
      .addOrUpdateEdgeRule(1, { ActionType: "Teleport" })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).field).toBe("ActionType");
    expect((e as InvalidArgumentError).allowed).toContain("Redirect");
    const t = await c.pullzones
      .addOrUpdateEdgeRule(1, { ActionType: 1, Triggers: [{ Type: "Nowhere" }] })
      .catch((x: unknown) => x);
    expect((t as InvalidArgumentError).field).toBe("Triggers[0].Type");
    expect(await journal(emu, /edgerules/)).toEqual([]);
  });
});

describe("hostnames and certificates", () => {
  test("add, force HTTPS, free certificate, key type, remove", async () => {
    await c.pullzones.addHostname(1, "img.zone-one.example");
    await c.pullzones.setForceSsl(1, "img.zone-one.example", true);
    await c.pullzones.loadFreeCertificate("img.zone-one.example");
    await c.pullzones.updatePrivateKeyType(1, "img.zone-one.example", "Rsa");
    expect((await journal(emu, /updatePrivateKeyType$/))[0].body).toEqual({
      Hostname: "img.zone-one.example",
      KeyType: 1,
    });
    const h = (await hostnames(1)).find((x) => x.Value === "img.zone-one.example");
    expect(h).toMatchObject({ ForceSSL: true, HasCertificate: true, CertificateKeyType: 1 });
    await c.pullzones.removeHostname(1, "img.zone-one.example");
    expect((await hostnames(1)).map((x) => x.Value)).not.toContain("img.zone-one.example");
  });

  test("a failed free certificate leaves the hostname; an unknown hostname names the field", async () => {
    await c.pullzones.addHostname(1, "broken.zone-one.invalid");
    const e = await apiError(c.pullzones.loadFreeCertificate("broken.zone-one.invalid"));
    expect(e.status).toBe(400);
    expect(e.fieldErrors[0]?.field).toBe("hostname");
    expect((await hostnames(1)).find((x) => x.Value === "broken.zone-one.invalid")).toMatchObject({
      HasCertificate: false,
    });
    const r = await apiError(c.pullzones.removeHostname(1, "nowhere.example"));
    expect(r.fieldErrors[0]?.field).toBe("Hostname");
  });

  test("a certificate of one's own: stored, its key never answered; removed", async () => {
    await c.pullzones.addCertificate(1, {
      Hostname: "static.zone-one.example",
      Certificate: PEM_CERT,
      CertificateKey: PEM_KEY,
    });
    const withCert = await c.pullzones.get(1, { includeCertificate: true });
    const h = withCert.Hostnames?.find((x) => x.Value === "static.zone-one.example");
    expect(h).toMatchObject({ HasCertificate: true, Certificate: PEM_CERT, CertificateKey: null });
    expect(JSON.stringify(await c.pullzones.list({ includeCertificate: true }))).not.toContain(
      "secret-key",
    );
    await c.pullzones.removeCertificate(1, "static.zone-one.example");
    expect((await hostnames(1)).find((x) => x.Value === "static.zone-one.example")).toMatchObject({
      HasCertificate: false,
    });
  });

  test("external DNS-01 and HTTP-01 validations: request, then complete", async () => {
    const dns = await c.pullzones.requestExternalDnsCertificate("static.zone-one.example");
    expect(dns).toMatchObject({ RecordName: "_acme-challenge.static.zone-one.example" });
    await c.pullzones.completeExternalDnsCertificate("static.zone-one.example");
    await c.pullzones.addHostname(1, "web.zone-one.example");
    const http = await c.pullzones.requestExternalHttpCertificate("web.zone-one.example");
    expect(http).toHaveProperty("Url");
    await c.pullzones.completeExternalHttpCertificate("web.zone-one.example");
    const hs = await hostnames(1);
    expect(hs.find((x) => x.Value === "static.zone-one.example")?.CertificateProvisionType).toBe(2);
    expect(hs.find((x) => x.Value === "web.zone-one.example")?.CertificateProvisionType).toBe(1);
    const e = await apiError(
      c.pullzones.completeExternalHttpCertificate("static.zone-one.example"),
    );
    expect(e.fieldErrors[0]?.field).toBe("Hostname");
  });
});

describe("referrers, blocked IPs, security key, purges", () => {
  test("each list is added to and removed from", async () => {
    await c.pullzones.addAllowedReferrer(1, "*.partner.example");
    await c.pullzones.removeAllowedReferrer(1, "zone-one.example");
    await c.pullzones.addBlockedReferrer(1, "spam.example");
    await c.pullzones.addBlockedIp(1, "198.51.100.0/24");
    await c.pullzones.removeBlockedIp(1, "192.0.2.10");
    let z = await c.pullzones.get(1);
    expect(z.AllowedReferrers).toEqual(["*.partner.example"]);
    expect(z.BlockedReferrers).toEqual(["spam.example"]);
    expect(z.BlockedIps).toEqual(["198.51.100.0/24"]);
    await c.pullzones.removeBlockedReferrer(1, "spam.example");
    z = await c.pullzones.get(1);
    expect(z.BlockedReferrers).toEqual([]);
    const e = await apiError(c.pullzones.addBlockedIp(1, "not-an-ip"));
    expect(e.fieldErrors[0]?.field).toBe("BlockedIp");
  });

  test("resetSecurityKey sets the key sent (8 to 36 characters, checked first; retried), or draws one (not retried)", async () => {
    await fault(emu, { method: "POST", path: "resetSecurityKey", status: 503 });
    await c.pullzones.resetSecurityKey(1, "a-key-of-my-own");
    await fault(emu, { method: "POST", path: "resetSecurityKey", status: 503 });
    expect((await apiError(c.pullzones.resetSecurityKey(1))).status).toBe(503);
    expect((await journal(emu, /resetSecurityKey$/)).map((x) => x.status)).toEqual([503, 204, 503]);
    expect((await c.pullzones.get(1)).ZoneSecurityKey).toBe("a-key-of-my-own");
    const e = await c.pullzones.resetSecurityKey(1, "short").catch((x: unknown) => x);
    expect((e as InvalidArgumentError).field).toBe("SecurityKey");
  });

  test("purgeCache (all, or a tag) and purgeUrl are sent as the document says; purges are retried", async () => {
    await c.pullzones.purgeCache(1);
    await c.pullzones.purgeCache(1, "release-42");
    await fault(emu, { method: "POST", path: "/purge", status: 503 });
    await c.pullzones.purgeUrl("https://cdn.zone-one.example/app.js", { exactPath: true });
    const j = await journal(emu, /purge/);
    expect(j.map((x) => [x.path, x.status, x.body])).toEqual([
      ["/pullzone/1/purgeCache", 204, null],
      ["/pullzone/1/purgeCache", 204, { CacheTag: "release-42" }],
      ["/purge", 503, null],
      ["/purge", 200, null],
    ]);
    expect(j[3].query).toEqual({ url: "https://cdn.zone-one.example/app.js", exactPath: "true" });
    const e = await apiError(c.pullzones.purgeUrl("not a url"));
    expect(e.fieldErrors[0]?.field).toBe("url");
  });

  test("a refused secret is named, its value never shown", async () => {
    const refused = await Promise.all([
      c.pullzones.resetSecurityKey(1, "sekrit7").catch((x: unknown) => x),
      c.pullzones
        .update(1, { AWSSigningSecret: 87654321 as unknown as string })
        .catch((x: unknown) => x),
      c.pullzones
        .update(1, { LogForwardingToken: ["tok-abc"] as unknown as string })
        .catch((x: unknown) => x),
    ]);
    expect(refused.map((e) => (e as InvalidArgumentError).field)).toEqual([
      "SecurityKey",
      "AWSSigningSecret",
      "LogForwardingToken",
    ]);
    for (const e of refused) {
      expect(String((e as Error).message)).not.toMatch(/sekrit7|87654321|tok-abc/);
      expect((e as InvalidArgumentError).reason).toContain("secret");
    }
    expect(await journal(emu, /^\/pullzone\/1/)).toEqual([]);
  });

  test("an id that is not an int64 fails before anything is sent", async () => {
    const e = await c.pullzones.get(-1).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).field).toBe("id");
    expect(e).not.toBeInstanceOf(EdgeApiError);
  });
});
