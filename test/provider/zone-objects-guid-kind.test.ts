/**
 * The zone-object engine with a kind of string ids (GUIDs) under a parent that is no shield
 * zone: a test-only kind (guid-kind/kind.ts) on an in-memory fake platform, driven through
 * the dynamic provider the engine builds for it. The lifecycle table (lifecycle-table/) runs
 * its kinds against emulator routes, which this kind has none of; the same rules are checked
 * here: create, read and refresh with drift, update, delete, "gone" only on evidence, the
 * recovery of a create whose outcome is unknown, adopt by id, the name rule in the kind's and
 * the parent's words, and the parent's one-write-at-a-time discipline.
 */
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import type { Parent } from "../../packages/pulumi/src/resources/core/zone-objects/parent";
import { zoneObjectProvider } from "../../packages/pulumi/src/resources/core/zone-objects/provider";
import { accountParent, appKind, FakePlatform } from "./guid-kind/kind";
import { quietProviderLogs } from "./helpers";
import type { Any, Provider } from "./lifecycle-table/kind";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let platform: FakePlatform;
let provider: Provider;

/** A provider of the app kind on a fresh platform (under `parent`). */
function start(parent: Parent = accountParent) {
  platform = new FakePlatform();
  provider = zoneObjectProvider({ ...appKind(platform), parent }).provider;
}

/** Inputs of an app in account 7. */
const web = (config: Record<string, unknown> = { image: "nginx", replicas: 1 }) => ({
  accountId: 7,
  name: "web",
  ...config,
});

/** A later `pulumi` command (a new run: no claims of the run that created the app). */
const nextRun = () => resetRunState();

/** The calls made since `from`. */
const callsSince = (from: number) => platform.calls.slice(from);

beforeAll(() => {
  // The engine reads its client's time-out for the recovery's pauses; no call reaches it.
  process.env.EDGEPLATFORM_API_KEY ??= "test-key-never-sent";
  process.env.EDGEPLATFORM_BASE_URL ??= "http://127.0.0.1:9";
  quietProviderLogs();
});
beforeEach(() => {
  resetRunState();
  start();
});

test("create: one POST under the account; the resource id is the platform's GUID", async () => {
  const { id, outs } = await provider.create(web());
  const [app] = platform.apps.values();
  expect(platform.apps.size).toBe(1);
  expect(id).toMatch(GUID);
  expect(id).toBe(app.id);
  expect(outs).toMatchObject({ appId: app.id, accountId: 7, name: "web" });
  expect(app.fields).toEqual({ image: "nginx", replicas: 1 });
  expect(platform.calls).toEqual(["GET /accounts/7/apps", "POST /accounts/7/apps"]);
});

test("read after a change outside Pulumi reports the platform's value (drift)", async () => {
  const { id, outs } = await provider.create(web());
  platform.apps.get(id)!.fields.replicas = 3;
  const read: Any = await provider.read(id, outs);
  expect(read.id).toBe(id);
  expect(read.props).toMatchObject({ image: "nginx", replicas: 3 });
  expect(read.inputs).toEqual({ accountId: 7, name: "web", image: "nginx", replicas: 3 });
});

test("update: reads the app, then one PATCH by its GUID", async () => {
  const { id, outs } = await provider.create(web());
  const from = platform.calls.length;
  const { outs: after } = await provider.update(id, outs, web({ image: "nginx", replicas: 2 }));
  expect(callsSince(from)).toEqual([`GET /apps/${id}`, `PATCH /apps/${id}`]);
  expect(platform.apps.get(id)!.fields).toEqual({ image: "nginx", replicas: 2 });
  expect(after).toMatchObject({ appId: id, replicas: 2 });
});

test("delete: the app is deleted by its GUID", async () => {
  const { id, outs } = await provider.create(web());
  nextRun(); // destroy
  const from = platform.calls.length;
  await provider.delete(id, outs);
  expect(callsSince(from)).toEqual([`DELETE /apps/${id}`]);
  expect(platform.apps.size).toBe(0);
});

test("gone: a not-found that the account's listing confirms leaves the state", async () => {
  const { id, outs } = await provider.create(web());
  platform.apps.delete(id);
  const from = platform.calls.length;
  expect(await provider.read(id, outs)).toEqual({ id: "" });
  expect(callsSince(from)).toEqual([`GET /apps/${id}`, "GET /accounts/7/apps"]);
});

test("not gone without evidence: a not-found with an unreadable listing is an error", async () => {
  const { id, outs } = await provider.create(web());
  platform.apps.delete(id);
  platform.listFails = true;
  await expect(provider.read(id, outs)).rejects.toThrow(
    new RegExp(`listing account 7 failed too .*the app is NOT treated as gone`),
  );
});

test("a create whose answer is lost: the app is found by name, the POST never re-sent", async () => {
  platform.loseNextCreateAnswer = true;
  const { id, outs } = await provider.create(web());
  const [app] = platform.apps.values();
  expect(platform.apps.size).toBe(1);
  expect(id).toBe(app.id);
  expect(outs).toMatchObject({ appId: app.id, name: "web" });
  expect(platform.calls.filter((c) => c.startsWith("POST"))).toHaveLength(1);
});

test("a create accepted (202) and named by its location: read back by its GUID", async () => {
  platform.acceptNextCreate = true;
  const { id, outs } = await provider.create(web());
  const [app] = platform.apps.values();
  expect(id).toBe(app.id);
  expect(outs).toMatchObject({ appId: app.id, name: "web" });
  const post = platform.calls.indexOf("POST /accounts/7/apps");
  expect(callsSince(post + 1)).toEqual([`GET /apps/${app.id}`]); // no search by name
});

test("adopt by GUID: one PATCH of what differs; destroy leaves the adopted app", async () => {
  const app = platform.put(7, "api", { image: "api:1", replicas: 1 });
  const { id, outs } = await provider.create({
    appId: app.id,
    replicas: 4,
  });
  expect(id).toBe(app.id);
  expect(outs).toMatchObject({ appId: app.id, adopted: true });
  expect(platform.apps.get(app.id)!.fields).toEqual({ image: "api:1", replicas: 4 });
  nextRun(); // destroy
  await provider.delete(id, outs);
  expect(platform.apps.has(app.id)).toBe(true);
});

test("read with no state (get, import) by GUID: the read-only view", async () => {
  const app = platform.put(7, "api", { image: "api:1" });
  const read: Any = await provider.read(app.id, {});
  expect(read.id).toBe(app.id);
  expect(read.props).toMatchObject({ appId: app.id, readOnly: true, name: "api" });
});

test("a name taken in the account: refused in the kind's and the parent's words, nothing written", async () => {
  const app = platform.put(7, "web", { image: "other" });
  await expect(provider.create(web())).rejects.toThrow(
    `edgeplatform TestApp (account 7): create failed: account 7 already has app ${app.id} ` +
      `named "web". App names are unique in an account`,
  );
  await expect(provider.create(web())).rejects.toThrow(`adopt it with \`appId: ${app.id}\``);
  expect(platform.calls.filter((c) => c.startsWith("POST"))).toEqual([]);
});

test("the parent's write discipline: creates in one account go one at a time", async () => {
  platform.writeMs = 20;
  const names = ["a", "b", "c"];
  await Promise.all(names.map((n) => provider.create({ ...web(), name: n })));
  expect(platform.apps.size).toBe(3);
  expect(platform.mostAtOnce).toBe(1);
});

test("a parent without that discipline lets creates in one account run at once", async () => {
  start({ ...accountParent, serialWrites: false });
  platform.writeMs = 20;
  const names = ["a", "b", "c"];
  await Promise.all(names.map((n) => provider.create({ ...web(), name: n })));
  expect(platform.apps.size).toBe(3);
  expect(platform.mostAtOnce).toBe(3);
});

test("another spelling of the parent (a team of the account): kept in the state as written, a change of it replaces", async () => {
  const teams: Record<number, number> = { 41: 7, 42: 8 };
  start({
    ...accountParent,
    spellings: [{ field: "teamId", word: "team", resolve: async (team) => teams[team] }],
  });
  const inputs: Any = { teamId: 41, name: "web", image: "nginx" };
  const { id, outs } = await provider.create(inputs);
  expect(platform.apps.get(id)!.parentId).toBe(7);
  expect(outs).toMatchObject({ appId: id, accountId: 7, teamId: 41 });
  const read: Any = await provider.read(id, outs as Any);
  expect(read.inputs).toEqual(inputs);
  const moved: Any = await provider.diff(id, outs as Any, { ...inputs, teamId: 42 });
  expect(moved.replaces).toEqual(["teamId"]);
  const same: Any = await provider.diff(id, outs as Any, inputs);
  expect(same.changes).toBe(false);
});

test("a parent that lists its children itself (the account object holds its apps; the kind has no list endpoint): one read of the account serves the name checks of a run and a refresh", async () => {
  const kind = appKind(platform);
  const { listZone: _none, ...endpoints } = kind.endpoints;
  provider = zoneObjectProvider({
    ...kind,
    endpoints,
    listEntryReads: (entry, zone) => entry.parentId === zone,
    parent: {
      ...accountParent,
      listChildren: async (_kind, id) => (await platform.account(id)).apps as never,
    },
  }).provider;
  const made: { id: string; outs?: Any }[] = [];
  for (const n of ["a", "b", "c"]) made.push(await provider.create({ ...web(), name: n }));
  expect(platform.calls.filter((c) => c.startsWith("GET"))).toEqual(["GET /accounts/7"]);
  nextRun();
  const from = platform.calls.length;
  const reads: Any[] = [];
  for (const m of made) reads.push(await provider.read(m.id, m.outs));
  expect(callsSince(from)).toEqual([`GET /apps/${made[0].id}`, "GET /accounts/7"]);
  expect(reads.map((r) => r.inputs.name)).toEqual(["a", "b", "c"]);
  await expect(provider.create({ ...web(), name: "b" })).rejects.toThrow(
    `account 7 already has app ${made[1].id} named "b"`,
  );
  expect(platform.calls.some((c) => c.endsWith("/apps") && c.startsWith("GET"))).toBe(false);
});

test("the kind's spelling in a diff: the fields of a change and of a replacement by their public names", async () => {
  const engine = zoneObjectProvider(appKind(platform));
  const { outs } = await engine.create(web());
  const fields = engine.fieldChanges(outs, { ...web(), name: "www", replicas: 2 });
  expect(fields).toEqual({ replaces: [], changed: ["name", "replicas"], removed: [] });
  const left = engine.fieldChanges(outs, { accountId: 7, name: "web", image: "nginx" });
  expect(left.removed).toEqual(["replicas"]);
  const moved = engine.diff("x", outs, { ...web(), accountId: 8 });
  expect(moved.replaces).toEqual(["accountId"]);
});
