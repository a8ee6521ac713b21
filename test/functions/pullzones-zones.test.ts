/** pullzones.getPullZone and getPullZones (+ Output forms) against the emulator's fixtures. */
import { EdgeApiError } from "../../packages/client/src/api/errors";
import { InvalidArgumentError } from "../../packages/client/src";
import {
  getPullZone,
  getPullZoneOutput,
  getPullZones,
} from "../../packages/pulumi/src/functions/pullzones-zones";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import {
  Emu,
  fault,
  getState,
  journal,
  opts,
  putState,
  rejection,
  reset,
  settle,
  start,
} from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

/** The fixtures' pull zones (packages/emulator/src/fixtures.ts), by id. */
const FIXTURE_ZONES = [
  [1, "zone-one"],
  [2, "zone-two"],
  [3, "zone-suspended"],
  [4, "zone-extended"],
  [5, "zone-business"],
  [6, "zone-enterprise"],
  [8, "zone-unshielded"],
];

const reads = async () =>
  (await journal(emu)).map((e) => `${e.method} ${e.path} ${JSON.stringify(e.query)}`);

describe("pullzones.getPullZone", () => {
  test("by id: one read; the zone's name, origin and hostnames", async () => {
    const z = await getPullZone({ pullZoneId: 1 }, opts(emu));
    expect(z).toMatchObject({
      pullZoneId: 1,
      name: "zone-one",
      originUrl: "https://origin.zone-one.example",
    });
    expect(z.hostnames.map((h) => h.hostname)).toEqual(
      expect.arrayContaining(["cdn.zone-one.example", "static.zone-one.example"]),
    );
    expect(z.hostnames.find((h) => h.hostname === "cdn.zone-one.example")?.hasCertificate).toBe(
      true,
    );
    expect(await reads()).toEqual(["GET /pullzone/1 {}"]);
  });

  test("by name, in any case: found through the platform's search, exactly", async () => {
    const z = await getPullZone({ name: "ZONE-TWO" }, opts(emu));
    expect([z.pullZoneId, z.name]).toEqual([2, "zone-two"]);
    expect(await reads()).toEqual([
      'GET /pullzone {"page":"1","perPage":"1000","search":"zone-two"}',
    ]);
  });

  test("a name no zone has: an error naming the field and the name", async () => {
    const e = await rejection(getPullZone({ name: "zone" }, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/"name".*no pull zone of the account is named "zone"/);
  });

  test("a name several zones have: an error naming their ids", async () => {
    const s = await getState(emu);
    s.pullZones.find((z) => z.id === 3)!.name = "zone-two";
    await putState(emu, s);
    const e = await rejection(getPullZone({ name: "zone-two" }, opts(emu)));
    expect(e.message).toMatch(
      /"name".*2 pull zones are named "zone-two" \(ids 2, 3\): give pullZoneId/,
    );
  });

  test.each([[{}], [{ pullZoneId: 1, name: "zone-one" }]])(
    "neither or both of pullZoneId and name (%j): refused before any call",
    async (args) => {
      const e = await rejection(getPullZone(args, opts(emu)));
      expect(e.message).toMatch(/"pullZoneId".*give either pullZoneId or name \(exactly one/);
      expect(await journal(emu)).toEqual([]);
    },
  );

  test("a bad id is named", async () => {
    const e = await rejection(getPullZone({ pullZoneId: 0 }, opts(emu)));
    expect(e.message).toMatch(/pullZoneId/);
  });

  test("a zone answered without a name, then with it: read again, its name returned", async () => {
    const noName = { Id: 2, Name: "", Hostnames: [], EdgeRules: [] };
    await fault(emu, { method: "GET", path: "^/pullzone/2$", status: 200, body: noName });
    expect((await getPullZone({ pullZoneId: 2 }, opts(emu))).name).toBe("zone-two");
    expect(await reads()).toEqual(["GET /pullzone/2 {}", "GET /pullzone/2 {}"]);
  });

  test("a zone the platform never names: an error naming it, never an empty name", async () => {
    const noName = { Id: 2, Name: "", Hostnames: [], EdgeRules: [] };
    await fault(emu, { method: "GET", path: "^/pullzone/2$", status: 200, body: noName, count: 2 });
    const e = await rejection(getPullZone({ pullZoneId: 2 }, opts(emu)));
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.message).toMatch(/pull zone 2 without a name, also when read on its own/);
  });

  test("Output form", async () => {
    const { value } = await settle(getPullZoneOutput({ pullZoneId: 4 }, opts(emu)));
    expect(value.name).toBe("zone-extended");
  });
});

describe("pullzones.getPullZones", () => {
  test("every zone of the account, in order", async () => {
    const { zones } = await getPullZones({}, opts(emu));
    expect(zones.map((z) => [z.pullZoneId, z.name])).toEqual(FIXTURE_ZONES);
  });

  test("search: the platform's filter on the name", async () => {
    const { zones } = await getPullZones({ search: "zone-e" }, opts(emu));
    expect(zones.map((z) => z.name)).toEqual(["zone-extended", "zone-enterprise"]);
  });

  test("2 203 zones: every page (1 000 a page), each zone once", async () => {
    const s = await getState(emu);
    for (let i = 0; i < 2196; i++)
      s.pullZones.push({
        id: 100 + i,
        name: `bulk-${i}`,
        logging: "disabled",
        extendedLogging: false,
        logRecordsPerDay: 2000,
      } as (typeof s.pullZones)[number]);
    await putState(emu, s);
    const { zones } = await getPullZones({}, opts(emu));
    expect(zones).toHaveLength(7 + 2196);
    expect(new Set(zones.map((z) => z.pullZoneId)).size).toBe(2203);
    expect(zones[2202].name).toBe("bulk-2195");
    expect((await journal(emu)).map((e) => e.query.page)).toEqual(["1", "2", "3"]);
  });

  test("a listed zone without a name is read on its own for it", async () => {
    const listed = (await getPullZones({}, opts(emu))).zones.length;
    await fault(emu, {
      method: "GET",
      path: "^/pullzone$",
      status: 200,
      body: [
        { Id: 1, Name: "zone-one" },
        { Id: 2, Name: null },
      ],
    });
    const { zones } = await getPullZones({}, opts(emu));
    expect(listed).toBe(7);
    expect(zones.map((z) => [z.pullZoneId, z.name])).toEqual([
      [1, "zone-one"],
      [2, "zone-two"],
    ]);
    expect((await journal(emu)).map((e) => `${e.method} ${e.path}`).slice(-2)).toEqual([
      "GET /pullzone",
      "GET /pullzone/2",
    ]);
  });
});
