/** VolumeInstancesDeletion provider against the in-process emulator. */
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import {
  checkVolumeInstancesDeletion,
  diffVolumeInstancesDeletion,
  volumeInstancesDeletionFieldChanges,
  VolumeInstancesDeletionOutputs,
  volumeInstancesDeletionProvider as p,
} from "../../packages/pulumi/src/resources/kinds/own/volume-instances-deletion";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { containerAppProvider } from "../../packages/pulumi/src/resources/kinds/settings/container-app";
import { startPlatform, TestPlatform } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
});

test("check", () => {
  expect(checkVolumeInstancesDeletion({}, { appId: "a", volumeId: "v" }).failures).toEqual([]);
  expect(
    checkVolumeInstancesDeletion({}, { appId: UNKNOWN, volumeId: "v", triggers: UNKNOWN }).failures,
  ).toEqual([]);
  const f = checkVolumeInstancesDeletion({}, { appId: "", triggers: "x", nope: 1 }).failures!;
  expect(f.map((x) => x.property).sort()).toEqual(["appId", "nope", "triggers", "volumeId"]);
});

test("create: lists, then deletes; outputs deletedInstanceIds", async () => {
  await t.clearJournal();
  const r = await p.create({ appId: "app-1", volumeId: "vol-detached", triggers: [1] });
  const j = await t.journal();
  expect(j.map((e) => `${e.method} ${e.path}`)).toEqual([
    "GET /mc/apps/app-1/volumes",
    "DELETE /mc/apps/app-1/volumes/vol-detached",
  ]);
  console.log(`journal counts: VolumeInstancesDeletion create = ${j.length} request(s)`);
  const o = r.outs as VolumeInstancesDeletionOutputs;
  expect(o.deletedInstanceIds).toHaveLength(3);
  expect(o).toMatchObject({ appId: "app-1", volumeId: "vol-detached", triggers: [1] });
  expect(r.id).toMatch(/^app-1\/vol-detached\//);
  const vol = (await t.state()).apps[0].volumes.find((v) => v.id === "vol-detached")!;
  expect(vol.volumeInstances).toEqual([]);
});

test("attached instances: fails naming instances and containers, deletes nothing", async () => {
  await t.clearJournal();
  const err = await p.create({ appId: "app-1", volumeId: "vol-attached" }).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(err?.message).toMatch(/still attached: .*attached to container web-1.*Detach them/);
  const st = await t.state();
  const attached = st.apps[0].volumes.find((v) => v.id === "vol-attached")!;
  for (const i of attached.volumeInstances.filter((x) => x.attachedContainers.length)) {
    expect(err?.message).toContain(i.id);
  }
  expect((await t.journal()).map((e) => e.method)).toEqual(["GET"]);
  expect(attached.volumeInstances).toHaveLength(2);
});

test("unknown volume or app: clear errors", async () => {
  await expect(p.create({ appId: "app-1", volumeId: "nope" })).rejects.toThrow(
    /no volume template "nope".*vol-detached, vol-attached/,
  );
  await expect(p.create({ appId: "app-x", volumeId: "v" })).rejects.toThrow(/404/);
});

test("a template without instances: no DELETE, empty deletedInstanceIds", async () => {
  await p.create({ appId: "app-1", volumeId: "vol-detached" });
  await t.clearJournal();
  const r = await p.create({ appId: "app-1", volumeId: "vol-detached" });
  expect((r.outs as VolumeInstancesDeletionOutputs).deletedInstanceIds).toEqual([]);
  expect((await t.journal()).map((e) => e.method)).toEqual(["GET"]);
});

test("diff: every change replaces; read and delete touch nothing", async () => {
  const o: VolumeInstancesDeletionOutputs = {
    appId: "app-1",
    volumeId: "vol-detached",
    triggers: [1],
    deletedInstanceIds: ["a"],
  };
  const base = { appId: "app-1", volumeId: "vol-detached", triggers: [1] };
  expect(diffVolumeInstancesDeletion("x", o, base).changes).toBe(false);
  expect(diffVolumeInstancesDeletion("x", o, { ...base, triggers: [2] }).replaces).toEqual([
    "triggers",
  ]);
  expect(diffVolumeInstancesDeletion("x", o, { ...base, volumeId: "v2" }).replaces).toEqual([
    "volumeId",
  ]);
  expect(diffVolumeInstancesDeletion("x", o, { ...base, appId: UNKNOWN }).replaces).toEqual([
    "appId",
  ]);
  await t.clearJournal();
  expect(await p.read("x", o)).toEqual({ id: "x", props: o });
  await p.delete();
  expect(await t.journal()).toEqual([]);
});

describe("finding 10: the DELETE is never re-sent; an unknown outcome is learnt by listing", () => {
  const ids = async () =>
    (await t.state()).apps
      .find((a) => a.id === "app-1")!
      .volumes.find((v) => v.id === "vol-detached")!
      .volumeInstances.map((i) => i.id);

  test("504 after the backend ran: success with the instances that were there before", async () => {
    const before = await ids();
    expect(before).toHaveLength(3);
    await t.fault({
      method: "DELETE",
      path: "^/mc/apps/app-1/volumes/vol-detached$",
      status: 504,
      afterHandler: true,
    });
    await t.clearJournal();
    const r = await p.create({ appId: "app-1", volumeId: "vol-detached" });
    expect((r.outs as VolumeInstancesDeletionOutputs).deletedInstanceIds).toEqual(before);
    expect((await t.journal()).map((e) => `${e.method} ${e.status}`)).toEqual([
      "GET 200",
      "DELETE 504",
      "GET 200",
    ]);
    expect(await ids()).toEqual([]);
  });

  test("503 before the backend ran: an error saying nothing was deleted, no second DELETE", async () => {
    await t.fault({ method: "DELETE", path: "^/mc/apps/app-1/volumes/vol-detached$", status: 503 });
    await expect(p.create({ appId: "app-1", volumeId: "vol-detached" })).rejects.toThrow(
      /not re-sent.*nothing was deleted/,
    );
    expect((await t.journal()).filter((e) => e.method === "DELETE")).toHaveLength(1);
    expect(await ids()).toHaveLength(3);
  });
});

test("the plugin's field changes: each changed input is a replace reason, nothing else", () => {
  const olds = { appId: "app-1", volumeId: "vol-detached", deletedInstanceIds: ["a"] };
  expect(
    volumeInstancesDeletionFieldChanges(olds, { appId: "app-1", volumeId: "vol-detached" }),
  ).toEqual({ replaces: [], changed: [], removed: [] });
  expect(
    volumeInstancesDeletionFieldChanges(olds, { appId: "app-1", volumeId: "v2", triggers: [1] }),
  ).toEqual({ replaces: ["volumeId", "triggers"], changed: [], removed: [] });
});

describe("the volumeId from an application's volumeIds output", () => {
  type Stored = Awaited<ReturnType<TestPlatform["state"]>>;
  type Instance = Stored["apps"][number]["volumes"][number]["volumeInstances"][number];
  const instance = (id: string, attachedTo: string[]): Instance => ({
    id,
    attachedContainers: attachedTo,
    region: "DE",
    status: attachedTo.length > 0 ? "attached" : "detached",
    size: 1,
    usage: 0,
  });
  const instancesBy = (s: Stored) =>
    Object.fromEntries(
      s.apps.flatMap((a) => a.volumes.map((v) => [v.id, v.volumeInstances.map((i) => i.id)])),
    );

  /** An application with templates `logs` and `data`; the platform made instances of both. */
  async function appWithInstances(): Promise<Record<string, string>> {
    const inputs = {
      name: "volumes-app",
      runtimeType: "shared",
      regions: { allowed: ["DE"] },
      containers: [
        {
          name: "web",
          image: { registryId: "1", namespace: "acme", name: "web", tag: "1.0.0" },
        },
      ],
      volumes: [
        { name: "logs", size: 1 },
        { name: "data", size: 1 },
      ],
    };
    resetRunState(); // each test's `pulumi up` is a provider process of its own
    const checked = await containerAppProvider.check!({}, inputs);
    expect(checked.failures ?? []).toEqual([]);
    const created = await containerAppProvider.create!(checked.inputs);
    const volumeIds = created.outs?.volumeIds as Record<string, string>;
    const s = await t.state();
    const app = s.apps.find((a) => a.id === created.id)!;
    const byName = (n: string) => app.volumes.find((v) => v.id === volumeIds[n])!;
    byName("logs").volumeInstances = [instance("vi-logs-1", []), instance("vi-logs-2", [])];
    byName("data").volumeInstances = [instance("vi-data-1", []), instance("vi-data-2", ["web-1"])];
    await t.setState(s);
    return { appId: created.id, ...volumeIds };
  }

  test("only the named template's instances go", async () => {
    const ids = await appWithInstances();
    const before = instancesBy(await t.state());
    await t.clearJournal();
    const r = await p.create({ appId: ids.appId, volumeId: ids.logs });
    expect((r.outs as VolumeInstancesDeletionOutputs).deletedInstanceIds).toEqual([
      "vi-logs-1",
      "vi-logs-2",
    ]);
    expect((await t.journal()).map((e) => `${e.method} ${e.path}`)).toEqual([
      `GET /mc/apps/${ids.appId}/volumes`,
      `DELETE /mc/apps/${ids.appId}/volumes/${ids.logs}`,
    ]);
    // Every other template keeps its instances: the application's other one and app-1's.
    expect(instancesBy(await t.state())).toEqual({ ...before, [ids.logs]: [] });
  });

  test("a template with an attached instance is refused before any DELETE, naming it", async () => {
    const ids = await appWithInstances();
    const before = instancesBy(await t.state());
    await t.clearJournal();
    const err = await p.create({ appId: ids.appId, volumeId: ids.data }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/vi-data-2 \(attached to container web-1\)/);
    expect(err?.message).not.toMatch(/vi-data-1/);
    expect((await t.journal()).map((e) => e.method)).toEqual(["GET"]);
    expect(instancesBy(await t.state())).toEqual(before);
  });
});
