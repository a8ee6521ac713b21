/**
 * The emulator's edge-script routes over plain HTTP: the fixtures (a script on a pull zone
 * of the fixtures, with variables, a secret and two releases), state documents written
 * before scripts had parts, and the answers' shapes where the client is not involved.
 */
import type { RunningEmulator } from "../../packages/emulator/src";
import { defaultFixtures, loadFixtures } from "../../packages/emulator/src";
import { PULL_ZONE_SHAPES } from "../../packages/emulator/src/pullzone-document";
import { call, start } from "./helpers";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(() => emu.close());
beforeEach(() => call(emu, "POST", "/_emulator/reset"));

describe("fixtures", () => {
  test("edge-router runs on a pull zone of the fixtures, with variables, a secret and two releases", () => {
    const f = defaultFixtures();
    const router = f.scripts.find((s) => s.name === "edge-router")!;
    expect(router.linkedPullZoneIds).toEqual([1]);
    expect(f.pullZones.map((z) => z.id)).toContain(1);
    expect(router.variables?.map((v) => v.Name)).toEqual(["ORIGIN", "LOG_LEVEL"]);
    expect(router.secrets?.map((x) => x.Name)).toEqual(["API_TOKEN"]);
    expect(router.releases?.map((r) => r.Id)).toEqual([11, 12]);
    expect(router.currentReleaseId).toBe(12);
  });

  test("GET /compute/script/1 answers the linked zone by its fixture name", async () => {
    const r = await call(emu, "GET", "/compute/script/1");
    expect(r.status).toBe(200);
    expect(r.json.LinkedPullZones.map((z: { PullZoneName: string }) => z.PullZoneName)).toEqual([
      "zone-one",
    ]);
    expect(r.json.EdgeScriptVariables).toHaveLength(2);
  });
});

describe("state documents without script parts", () => {
  test("a script with only id and name loads as a standalone script without code, releases or members", async () => {
    const state = loadFixtures({ scripts: [{ id: 7, name: "old" }] });
    const put = await call(emu, "PUT", "/_emulator/state", { body: state });
    expect(put.status).toBe(200);
    const r = await call(emu, "GET", "/compute/script/7");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      Id: 7,
      Name: "old",
      ScriptType: 1,
      CurrentReleaseId: 0,
      EdgeScriptVariables: [],
      LinkedPullZones: [],
    });
    expect((await call(emu, "GET", "/compute/script/7/secrets")).json).toEqual({ Secrets: [] });
    expect((await call(emu, "GET", "/compute/script/7/releases/active")).status).toBe(404);
    // Ids are handed out above the ones in use.
    const v = await call(emu, "POST", "/compute/script/7/variables/add", {
      body: { Name: "A", Required: false },
    });
    expect(v.json.Id).toBe(1000);
  });

  test("a script part that is not a list is refused, naming it", () => {
    expect(() =>
      loadFixtures({ scripts: [{ id: 1, name: "x", secrets: {} as unknown as [] }] }),
    ).toThrow(/scripts\[0\]\.secrets must be an array/);
  });
});

describe("answers", () => {
  test("an upsert of a secret answers 200 with it when it adds, 204 when it changes", async () => {
    const body = { Name: "NEW", Secret: "upsert-value-1" };
    const a = await call(emu, "PUT", "/compute/script/2/secrets", { body });
    expect([a.status, Object.keys(a.json).sort()]).toEqual([200, ["Id", "LastModified", "Name"]]);
    const b = await call(emu, "PUT", "/compute/script/2/secrets", { body });
    expect([b.status, b.text]).toEqual([204, ""]);
  });

  test("a 400 is the published ApiErrorData naming the field", async () => {
    const r = await call(emu, "POST", "/compute/script/1/variables/add", {
      body: { Name: "X", Required: "yes" },
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      ErrorKey: "validation_error",
      Field: "Required",
      Message: "Required must be true or false",
    });
  });

  test("publishing a script without code is refused", async () => {
    const r = await call(emu, "POST", "/compute/script/2/publish", { body: {} });
    expect([r.status, r.json.Field]).toEqual([400, "Code"]);
  });
});

describe("a standalone script's linked pull zone", () => {
  test.each(["merge", "replace"] as const)(
    "pullZoneUpdate %s: its origin is the script, and its settings as read are taken back",
    async (pullZoneUpdate) => {
      await call(emu, "PUT", "/_emulator/profile", { key: false, body: { pullZoneUpdate } });
      const s = await call(emu, "POST", "/compute/script", {
        body: {
          Name: "linked",
          ScriptType: 1,
          CreateLinkedPullZone: true,
          LinkedPullZoneName: "linked-pz",
        },
      });
      expect(s.status).toBe(201);
      const zoneId = s.json.LinkedPullZones[0].Id;
      const zone = (await call(emu, "GET", `/pullzone/${zoneId}`)).json;
      // OriginType 4 is EdgeScript in the published document
      expect([zone.OriginType, zone.EdgeScriptId]).toEqual([4, s.json.Id]);
      const settings = Object.keys(PULL_ZONE_SHAPES.PullZoneSettingsModel.properties as object);
      const shown = new Map(Object.keys(zone).map((k) => [k.toLowerCase(), k]));
      const body = Object.fromEntries(
        settings
          .filter((k) => shown.has(k.toLowerCase()))
          .map((k) => [k, zone[shown.get(k.toLowerCase())!]]),
      );
      const written = await call(emu, "POST", `/pullzone/${zoneId}`, { body });
      expect(written.status === 200 ? "" : written.json?.Field).toBe("");
      expect(written.json).toEqual(zone);
    },
  );
});
