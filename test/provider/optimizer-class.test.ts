/**
 * `edge.pullzones.OptimizerClass` (kinds/collections/optimizer-class.ts) against the
 * in-process emulator, driven through its dynamic provider, under every behaviour profile and
 * the pull-zone switches (a write that replaces the zone's settings, concurrent writes that
 * lose updates). Fixture pull zone 1 holds one class, `thumb` (width and height 200), that
 * no test's resource owns: every write must keep it. The platform's only write of a class is POST `/pullzone/{id}` with the zone's
 * whole `OptimizerClasses` array.
 */
import { EmulatorControl } from "../../packages/emulator/src";
import { PROFILE_NAMES } from "../../packages/emulator/src/profiles";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import {
  checkOptimizerClassInputs,
  optimizerClassProvider,
} from "../../packages/pulumi/src/resources/kinds/collections/optimizer-class-fields";
import { pullZoneProvider } from "../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import { quietProviderLogs, usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const p: Any = optimizerClassProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

const savedTiming = { ...timing };
beforeAll(() => {
  quietProviderLogs();
  Object.assign(timing, { readBackMs: 2_000, readBackStepMs: 20, recoveryMaxStepMs: 20 });
});
afterAll(() => void Object.assign(timing, savedTiming));

/** The zone `id` as the platform holds it. */
const zoneOf = async (id: number): Promise<Any> =>
  ((await t.state()).pullZones as Any[]).find((z) => z.id === id)?.model;
const classesOf = async (id: number): Promise<Any[]> => (await zoneOf(id))?.OptimizerClasses ?? [];
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path}`);
const writes = async () => (await calls()).filter((c) => !c.startsWith("GET "));

/** The inputs as `check` returns them (it must find nothing to fail). */
const checked = (inputs: Any) => {
  const r = checkOptimizerClassInputs({}, inputs);
  expect(r.failures ?? []).toEqual([]);
  return r.inputs as Any;
};
const create = (inputs: Any) => p.create(checked(inputs));
const later = () => resetRunState(); // the next `pulumi` run

/** Every built-in profile, and the pull-zone switches alone and together. */
const PROFILES: [string, Any][] = [
  ...PROFILE_NAMES.map((n): [string, Any] => [n, n]),
  ["pullZoneUpdate: replace", { pullZoneUpdate: "replace" }],
  ["pullZoneWrites: lost-updates", { pullZoneWrites: "lost-updates" }],
  ["replace + lost-updates", { pullZoneUpdate: "replace", pullZoneWrites: "lost-updates" }],
];

describe.each(PROFILES)("profile %s", (_label, profile) => {
  beforeEach(async () => {
    await ctl().setProfile(profile);
    await t.clearJournal();
    later();
  });

  test("create: one zone write; the class is stored; the zone's other classes and settings stay", async () => {
    const before = await zoneOf(1);
    const { id, outs } = await create({
      pullZoneId: 1,
      name: "hero",
      properties: { width: "1200", quality: "80" },
    });
    expect(id).toBe("hero");
    expect(await writes()).toEqual(["POST /pullzone/1"]);
    expect(await classesOf(1)).toEqual([
      { Name: "thumb", Properties: { width: "200", height: "200" } },
      { Name: "hero", Properties: { width: "1200", quality: "80" } },
    ]);
    const after = await zoneOf(1);
    expect({ ...after, OptimizerClasses: undefined }).toEqual({
      ...before,
      OptimizerClasses: undefined,
    });
    expect(outs).toMatchObject({
      className: "hero",
      pullZoneId: 1,
      name: "hero",
      properties: { width: "1200", quality: "80" },
    });
  });

  /** Creates c1…c5 in zone 1 at once (and `also`); checks that every class landed. */
  const fiveClasses = async (also: Promise<unknown>[] = []) => {
    const [...made] = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) =>
        create({ pullZoneId: 1, name: `c${i + 1}`, properties: { width: `${(i + 1) * 100}` } }),
      ),
      ...also,
    ]);
    expect(made.slice(0, 5).map((m: Any) => m.outs.className)).toEqual([
      "c1",
      "c2",
      "c3",
      "c4",
      "c5",
    ]);
    expect((await classesOf(1)).map((c) => [c.Name, c.Properties.width]).sort()).toEqual([
      ["c1", "100"],
      ["c2", "200"],
      ["c3", "300"],
      ["c4", "400"],
      ["c5", "500"],
      ["thumb", "200"],
    ]);
  };

  test("5 classes created in one run all land (one zone write each)", async () => {
    await fiveClasses();
    expect(await writes()).toEqual(Array(5).fill("POST /pullzone/1"));
  });

  // A PullZone settings write beside them: it waits in the same pull-zone queue of writes, so
  // nothing is lost even where concurrent zone writes lose updates.
  test("5 classes and a PullZone settings change in one run all land", async () => {
    const zp: Any = pullZoneProvider;
    const settings = (await zp.check({}, { pullZoneId: 1, cacheControlMaxAgeOverride: 600 }))
      .inputs;
    await fiveClasses([zp.create(settings)]);
    expect((await zoneOf(1)).CacheControlMaxAgeOverride).toBe(600);
  });

  test("adopt by name with the properties it holds: 0 writes; destroy leaves it", async () => {
    const { id, outs } = await create({
      pullZoneId: 1,
      className: "thumb",
      properties: { width: "200", height: "200" },
    });
    expect(id).toBe("thumb");
    expect(outs).toMatchObject({ className: "thumb", adopted: true });
    expect(await writes()).toEqual([]);
    later();
    await p.delete(id, outs);
    expect(await writes()).toEqual([]);
    expect(await classesOf(1)).toEqual([
      { Name: "thumb", Properties: { width: "200", height: "200" } },
    ]);
  });

  test("update of one property: one write; the other classes are untouched", async () => {
    const a = await create({ pullZoneId: 1, name: "a", properties: { width: "100" } });
    await create({ pullZoneId: 1, name: "b", properties: { width: "300", height: "50" } });
    await t.clearJournal();
    later();
    const news = checked({ pullZoneId: 1, name: "a", properties: { width: "150" } });
    expect((await p.diff(a.id, a.outs, news)).changes).toBe(true);
    const { outs } = await p.update(a.id, a.outs, news);
    expect(await writes()).toEqual(["POST /pullzone/1"]);
    expect(await classesOf(1)).toEqual([
      { Name: "thumb", Properties: { width: "200", height: "200" } },
      { Name: "a", Properties: { width: "150" } },
      { Name: "b", Properties: { width: "300", height: "50" } },
    ]);
    expect(outs.properties).toEqual({ width: "150" });
  });

  // The write answers the zone as written: nothing reads the zone back after it (a read after
  // the write would tell no more). Each of a create, a change and a delete ends with its one
  // write, after the reads of the zone that give the array as the platform holds it.
  test("calls: a create, a change and a delete each end with their one write (no read back)", async () => {
    const readsThenWrite = async () => {
      const made = await calls();
      expect(made[made.length - 1]).toBe("POST /pullzone/1");
      expect(made.slice(0, -1).length).toBeGreaterThan(0);
      expect(made.slice(0, -1).filter((c) => c !== "GET /pullzone/1")).toEqual([]);
      await t.clearJournal();
      later();
    };
    const a = await create({ pullZoneId: 1, name: "a", properties: { width: "100" } });
    await readsThenWrite();
    const news = checked({ pullZoneId: 1, name: "a", properties: { width: "150" } });
    const { outs } = await p.update(a.id, a.outs, news);
    expect(outs.properties).toEqual({ width: "150" });
    await readsThenWrite();
    await p.delete(a.id, outs);
    await readsThenWrite();
  });

  test("drift: a refresh reports the properties as the platform holds them", async () => {
    const a = await create({ pullZoneId: 1, name: "a", properties: { width: "100" } });
    await ctl().updateState((s: Any) => {
      const z = s.pullZones.find((x: Any) => x.id === 1).model;
      z.OptimizerClasses[1].Properties = { width: "999" };
    });
    later();
    const r = await p.read(a.id, a.outs);
    expect(r.props.properties).toEqual({ width: "999" });
    const news = checked({ pullZoneId: 1, name: "a", properties: { width: "100" } });
    expect((await p.diff(a.id, r.props, news)).changes).toBe(true);
  });

  test("destroy of a created class removes it; the others stay", async () => {
    const a = await create({ pullZoneId: 1, name: "a", properties: { width: "100" } });
    await t.clearJournal();
    later();
    await p.delete(a.id, a.outs);
    expect(await writes()).toEqual(["POST /pullzone/1"]);
    expect(await classesOf(1)).toEqual([
      { Name: "thumb", Properties: { width: "200", height: "200" } },
    ]);
  });

  test("a taken name is refused before any write", async () => {
    await expect(
      create({ pullZoneId: 1, name: "thumb", properties: { width: "1" } }),
    ).rejects.toThrow(/thumb/);
    expect(await writes()).toEqual([]);
    expect(await classesOf(1)).toEqual([
      { Name: "thumb", Properties: { width: "200", height: "200" } },
    ]);
  });
});

test("check: the zone and a name are required; properties are strings; a class is not renamed", () => {
  const failures = (i: Any) =>
    (checkOptimizerClassInputs({}, i).failures ?? []).map((f: Any) => f.property);
  expect(failures({ name: "a" })).toEqual(["pullZoneId"]);
  expect(failures({ pullZoneId: 1 })).toEqual(["name"]);
  expect(failures({ pullZoneId: 1, name: "a b" })).toEqual(["name"]);
  expect(failures({ pullZoneId: 1, name: "a", properties: { width: 200 } })).toEqual([
    "properties.width",
  ]);
  expect(failures({ pullZoneId: 1, className: "thumb", name: "other" })).toEqual(["name"]);
  const r = checkOptimizerClassInputs({}, { pullZoneId: 1, name: "a", properties: { q: 1 } });
  expect(r.failures?.[0].reason).toMatch(/must be a string/);
});

test('get by "<pullZoneId>/<name>": reads the class without managing it, no write', async () => {
  await ctl().setProfile("default");
  await t.clearJournal();
  later();
  const r = await p.read("1/thumb", undefined as never);
  expect(r.props).toMatchObject({
    className: "thumb",
    pullZoneId: 1,
    name: "thumb",
    properties: { width: "200", height: "200" },
    readOnly: true,
  });
  expect(await writes()).toEqual([]);
  // A class the zone does not hold is not found (an empty id: nothing to read).
  expect((await p.read("1/nope", undefined as never)).id).toBe("");
});

// A class's every write is a write of the zone's whole array as the platform holds it just
// before: one GET of the zone, then one POST. The first create of a run lists the zone for its
// name check inside its write, and that listing is the array it writes; a later create of the
// same run reads the zone anew (another writer may have written it since the listing).
describe("calls per operation (default profile)", () => {
  beforeEach(async () => {
    await ctl().setProfile("default");
    await t.clearJournal();
    later();
  });
  const take = async () => {
    const made = await calls();
    await t.clearJournal();
    return made;
  };
  const ONE_WRITE = ["GET /pullzone/1", "POST /pullzone/1"];

  test("a create, a second create, a change and a delete: one GET and one POST each", async () => {
    const a = await create({ pullZoneId: 1, name: "a", properties: { width: "100" } });
    expect(await take()).toEqual(ONE_WRITE);
    const b = await create({ pullZoneId: 1, name: "b", properties: { width: "120" } });
    expect(await take()).toEqual(ONE_WRITE);
    later(); // the change is another run
    const news = checked({ pullZoneId: 1, name: "a", properties: { width: "150" } });
    const { outs } = await p.update(a.id, a.outs, news);
    expect(outs.properties).toEqual({ width: "150" });
    expect(await take()).toEqual(ONE_WRITE);
    await p.delete(a.id, outs);
    await p.delete(b.id, b.outs);
    expect(await take()).toEqual([...ONE_WRITE, ...ONE_WRITE]);
    expect(await classesOf(1)).toEqual([
      { Name: "thumb", Properties: { width: "200", height: "200" } },
    ]);
  });

  test("a class written by another writer after the run's listing survives the next create", async () => {
    await create({ pullZoneId: 1, name: "a", properties: { width: "100" } });
    await ctl().updateState((s: Any) => {
      const z = s.pullZones.find((x: Any) => x.id === 1).model;
      z.OptimizerClasses.push({ Name: "by-hand", Properties: { width: "1" } });
    });
    await create({ pullZoneId: 1, name: "b", properties: { width: "120" } });
    expect((await classesOf(1)).map((c) => c.Name)).toEqual(["thumb", "a", "by-hand", "b"]);
  });

  test("a change reads the zone just before its write: another writer's class survives it", async () => {
    const a = await create({ pullZoneId: 1, name: "a", properties: { width: "100" } });
    later();
    await ctl().updateState((s: Any) => {
      const z = s.pullZones.find((x: Any) => x.id === 1).model;
      z.OptimizerClasses.push({ Name: "by-hand", Properties: { width: "1" } });
    });
    const news = checked({ pullZoneId: 1, name: "a", properties: { width: "150" } });
    await p.update(a.id, a.outs, news);
    expect((await classesOf(1)).map((c) => c.Name)).toEqual(["thumb", "a", "by-hand"]);
  });
});
