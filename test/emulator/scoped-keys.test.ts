/**
 * Scoped API keys: accepted (never 401) but they see only their zones; other zones answer the
 * platform's wrong-scope shapes, indistinguishable from "gone".
 */
import { createHash } from "crypto";
import { buildServer, EmulatorControl, type RunningEmulator } from "../../packages/emulator/src";
import { parseArgs } from "../../packages/emulator/src/cli";
import { Client, EdgeApiError } from "../../packages/client/src";
import { call, mmddyyyy, start } from "./helpers";

const SCOPED = "scoped-key-zone2";
const DNS_SCOPED = "scoped-key-dns1";
const PZ_SCOPED = "scoped-key-pz4";
const WRONG_SCOPE = {
  statusCode: 404,
  success: false,
  message: expect.stringContaining("Shield zone 1"),
  errorKey: "not_found_or_unauthorised_access.shieldzone",
};
const RULE_SHAPED = {
  id: 0,
  shieldZoneId: 0,
  userId: null,
  ruleName: null,
  ruleDescription: null,
  ruleJson: null,
  ruleConfiguration: null,
  errorResponse: WRONG_SCOPE,
};

describe("scoped keys", () => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  beforeAll(async () => {
    emu = await start({
      scopedKeys: {
        [SCOPED]: { shieldZones: [2] },
        [DNS_SCOPED]: { shieldZones: [], dnsZones: [1] },
        [PZ_SCOPED]: { shieldZones: [], pullZones: [4] },
      },
    });
    ctl = new EmulatorControl(emu.url);
  });
  afterAll(() => emu.close());
  beforeEach(() => ctl.reset());

  test("a rule in another zone: GET/PATCH/DELETE answer 200 with the embedded wrong-scope error", async () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { ruleName: "hijack" }],
      ["DELETE", undefined],
    ] as const) {
      const r = await call(emu, method, "/shield/rate-limit/101", { key: SCOPED, body });
      expect([method, r.status, r.json]).toEqual([method, 200, RULE_SHAPED]);
    }
    // nothing changed: the full key still sees the rule as it was
    const full = await call(emu, "GET", "/shield/rate-limit/101");
    expect(full.json).toMatchObject({ id: 101, ruleName: "api-burst" });
  });

  test("list and POST of another zone: the unknown-zone shapes; its own zone works", async () => {
    const list = await call(emu, "GET", "/shield/rate-limits/1", { key: SCOPED });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      data: [],
      page: { totalCount: 0, totalPages: 0, currentPage: 1, nextPage: null, pageSize: 10 },
      error: WRONG_SCOPE,
    });
    const post = await call(emu, "POST", "/shield/rate-limit", {
      key: SCOPED,
      body: { shieldZoneId: 1, ruleName: "x" },
    });
    expect(post.status).toBe(200);
    expect(post.json.errorResponse).toEqual(WRONG_SCOPE);
    expect((await ctl.state()).rateLimitRules.map((r) => r.id)).toEqual([101, 102]);

    const own = await call(emu, "POST", "/shield/rate-limit", {
      key: SCOPED,
      body: { shieldZoneId: 2, ruleName: "mine" },
    });
    expect(own.json).toMatchObject({ id: 1000, shieldZoneId: 2, errorResponse: { success: true } });
    expect(
      (await call(emu, "GET", "/shield/rate-limits/2", { key: SCOPED })).json.data,
    ).toHaveLength(1);
    expect(
      (await call(emu, "DELETE", "/shield/rate-limit/1000", { key: SCOPED })).json.success,
    ).toBe(true);
  });

  test("event logs and get-by-pullzone follow the scope", async () => {
    const pz1 = await call(emu, "GET", "/shield/shield-zone/get-by-pullzone/1", { key: SCOPED });
    expect(pz1.json).toMatchObject({
      data: null,
      error: { errorKey: "not_found_or_unauthorised_access.pullzone" },
    });
    const pz4 = await call(emu, "GET", "/shield/shield-zone/get-by-pullzone/4", { key: SCOPED });
    expect(pz4.json.data.shieldZoneId).toBe(2);
    const day = mmddyyyy(Date.now());
    const logs1 = await call(emu, "GET", `/shield/event-logs/1/${day}`, { key: SCOPED });
    expect(logs1.json).toMatchObject({ logs: [], hasMoreData: false, errorResponse: WRONG_SCOPE });
    const logs2 = await call(emu, "GET", `/shield/event-logs/2/${day}`, { key: SCOPED });
    expect(logs2.json.logs.length).toBeGreaterThan(0);
  });

  test("DNS zones outside dnsZones are 404; without dnsZones every DNS zone is visible", async () => {
    expect((await call(emu, "GET", "/dnszone/1", { key: DNS_SCOPED })).status).toBe(200);
    const r = await call(emu, "GET", "/dnszone/2", { key: DNS_SCOPED });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ title: "not_found.dnszone", status: 404 });
    expect((await call(emu, "DELETE", "/dnszone/2/dnssec", { key: DNS_SCOPED })).status).toBe(404);
    expect((await ctl.state()).dnsZones[1].DnsSecEnabled).toBe(true);
    expect((await call(emu, "GET", "/dnszone/2", { key: SCOPED })).status).toBe(200);
    // other management areas accept a scoped key; unknown keys stay 401
    expect((await call(emu, "GET", "/mc/registries/1", { key: SCOPED })).status).toBe(200);
    expect((await call(emu, "GET", "/mc/registries/1", { key: "nope-1234" })).status).toBe(401);
  });

  test("pull zones outside pullZones answer as zones that do not exist, and nothing changes", async () => {
    const before = await ctl.state();
    const zoneOne = () => call(emu, "GET", "/pullzone/1");
    const asRead = (await zoneOne()).json;
    for (const [method, path, body] of [
      ["GET", "/pullzone/1", undefined],
      ["POST", "/pullzone/1", { OriginHostHeader: "hijack.example" }],
      ["DELETE", "/pullzone/1", undefined],
      ["POST", "/pullzone/1/addHostname", { Hostname: "hijack.example" }],
      ["POST", "/pullzone/1/addBlockedIp", { BlockedIp: "198.51.100.1" }],
      ["POST", "/pullzone/1/edgerules/addOrUpdate", { ActionType: 4, Triggers: [] }],
      ["DELETE", "/pullzone/1/edgerules/00000000-0000-4000-8000-000000000001", undefined],
    ] as const) {
      const r = await call(emu, method, path, { key: PZ_SCOPED, body });
      // the answer of a zone that does not exist (zone 999), the id aside
      const gone = await call(emu, method, path.replace("/pullzone/1", "/pullzone/999"), { body });
      expect([method, path, r.status]).toEqual([method, path, 404]);
      expect(r.text.replace(/"id":"[^"]*"/, "").replace(/\b1\b/g, "999")).toEqual(
        gone.text.replace(/"id":"[^"]*"/, ""),
      );
    }
    // a hostname of another zone is a hostname of no zone
    const cert = await call(
      emu,
      "GET",
      "/pullzone/loadFreeCertificate?hostname=static.zone-one.example",
      {
        key: PZ_SCOPED,
      },
    );
    expect([cert.status, cert.json?.Field]).toEqual([400, "hostname"]);
    expect((await zoneOne()).json).toEqual(asRead);
    expect((await ctl.state()).pullZones).toEqual(before.pullZones);
    // its own zone works; the list and the count hold it alone; it may not add a zone
    const own = await call(emu, "GET", "/pullzone/4", { key: PZ_SCOPED });
    expect([own.status, own.json.Name]).toEqual([200, "zone-extended"]);
    const list = await call(emu, "GET", "/pullzone", { key: PZ_SCOPED });
    expect(list.json.map((z: { Id: number }) => z.Id)).toEqual([4]);
    expect((await call(emu, "GET", "/pullzone/count", { key: PZ_SCOPED })).json).toEqual({
      Count: 1,
    });
    const add = await call(emu, "POST", "/pullzone", {
      key: PZ_SCOPED,
      body: { Name: "scoped-add", OriginUrl: "https://o.example" },
    });
    expect(add.status).toBe(403);
    expect((await ctl.state()).pullZones.map((z) => z.name)).not.toContain("scoped-add");
    // a key without pullZones sees every pull zone
    expect((await call(emu, "GET", "/pullzone/1", { key: SCOPED })).status).toBe(200);
  });

  test("the client sees an EdgeApiError with the ambiguous key (status 200)", async () => {
    const c = new Client({ apiKey: SCOPED, baseUrl: emu.url, maxAttempts: 1 });
    try {
      const e = await c.shield.getRateLimit(101).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(EdgeApiError);
      expect((e as EdgeApiError).status).toBe(200);
      expect((e as EdgeApiError).errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
      const l = await c.shield.listRateLimits(1).catch((x: unknown) => x);
      expect((l as EdgeApiError).errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
    } finally {
      c.close();
    }
  });

  test("the journal names the scoped key of each request by its fingerprint, never the key", async () => {
    await ctl.clearJournal();
    await call(emu, "GET", "/shield/rate-limits/2", { key: SCOPED });
    await call(emu, "GET", "/shield/rate-limits/1");
    const [scoped, full] = await ctl.journal();
    // The first 12 hex digits of the key's SHA-256; absent for the full-access key.
    const fingerprint = createHash("sha256").update(SCOPED).digest("hex").slice(0, 12);
    expect(scoped.scopedKey).toBe(fingerprint);
    expect(full.scopedKey).toBeUndefined();
    expect(JSON.stringify(await ctl.journal())).not.toContain(SCOPED);
  });

  test("control API: GET/PUT /_emulator/scoped-keys; validation; reset keeps them", async () => {
    expect(await ctl.scopedKeys()).toEqual({
      [SCOPED]: { shieldZones: [2] },
      [DNS_SCOPED]: { shieldZones: [], dnsZones: [1] },
      [PZ_SCOPED]: { shieldZones: [], pullZones: [4] },
    });
    await ctl.setScopedKeys({ "k-other": { shieldZones: [1] } });
    await ctl.reset();
    expect(await ctl.scopedKeys()).toEqual({ "k-other": { shieldZones: [1] } });
    expect((await call(emu, "GET", "/shield/rate-limit/101", { key: "k-other" })).json.id).toBe(
      101,
    );
    expect((await call(emu, "GET", "/shield/rate-limit/101", { key: SCOPED })).status).toBe(401);

    const bad = async (body: unknown) => {
      const r = await call(emu, "PUT", "/_emulator/scoped-keys", { key: false, body });
      expect(r.status).toBe(400);
      return r.json.problems.join("; ") as string;
    };
    expect(await bad([1])).toMatch(/must be a JSON object/);
    expect(await bad({ abcd: { shieldZones: "1" } })).toMatch(
      /scoped key "abcd": shieldZones must be an array of non-negative integer zone ids/,
    );
    expect(await bad({ abcd: { shieldZones: [], dnsZones: [-1] } })).toMatch(/dnsZones must be/);
    expect(await bad({ abcd: { shieldZones: [], zones: [] } })).toMatch(
      /unknown property "zones"; allowed: shieldZones, dnsZones, pullZones/,
    );
    expect(await bad({ abcd: { shieldZones: [], pullZones: [1.5] } })).toMatch(
      /pullZones must be an array of non-negative integer zone ids/,
    );
    expect(await bad({ [emu.apiKey]: { shieldZones: [] } })).toMatch(/is the full-access API key/);
    expect(await ctl.scopedKeys()).toEqual({ "k-other": { shieldZones: [1] } });
    await ctl.setScopedKeys({
      [SCOPED]: { shieldZones: [2] },
      [DNS_SCOPED]: { shieldZones: [], dnsZones: [1] },
      [PZ_SCOPED]: { shieldZones: [], pullZones: [4] },
    });
  });
});

describe("scoped keys: option and CLI", () => {
  test("invalid option throws; the full key cannot be scoped", () => {
    expect(() => buildServer({ scopedKeys: { k: { shieldZones: [1.5] } } })).toThrow(
      /invalid scopedKeys: .*shieldZones must be an array/,
    );
    expect(() => buildServer({ apiKey: "abc", scopedKeys: { abc: { shieldZones: [] } } })).toThrow(
      /full-access API key/,
    );
  });
  test("--scoped-key KEY=1,2 and KEY=1/3, repeatable", () => {
    expect(
      parseArgs([
        "--scoped-key",
        "a=b=1,2",
        "--scoped-key=k2=/3,4",
        "--scoped-key",
        "k3=5",
        "--scoped-key",
        "k4=1//6,7",
        "--scoped-key",
        "k5=/2/8",
      ]),
    ).toEqual({
      scopedKeys: {
        "a=b": { shieldZones: [1, 2] },
        k2: { shieldZones: [], dnsZones: [3, 4] },
        k3: { shieldZones: [5] },
        k4: { shieldZones: [1], pullZones: [6, 7] },
        k5: { shieldZones: [], dnsZones: [2], pullZones: [8] },
      },
    });
    expect(() => parseArgs(["--scoped-key", "k=1/2/3/4"])).toThrow(/KEY=1,2\/3\/4/);
    expect(() => parseArgs(["--scoped-key", "k=x"])).toThrow(/"x" is not a zone id/);
    expect(() => parseArgs(["--scoped-key", "noequals"])).toThrow(/KEY=1,2/);
  });
});
