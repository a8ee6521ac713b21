/**
 * The API calls of the settings kinds that create by a name Pulumi keeps unique (`EdgeScript`,
 * `ImageRegistry`, `ContainerApp`), counted from the emulator's journal: the account is listed
 * once per run for the name checks of every create of the run, and that stays safe (a name a
 * create of the run took is refused to a second create; a delete lists again; a name another
 * writer takes meanwhile is refused by a platform that keeps names unique, named by a fresh
 * listing). Fixtures: scripts 1 `edge-router`, 2 `image-resizer`; registries 1 `Docker Hub
 * mirror`, 2; application `app-1` "shop".
 */
import { EmulatorControl } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import { edgeScriptProvider } from "../../packages/pulumi/src/resources/kinds/settings/edge-script";
import { imageRegistryProvider } from "../../packages/pulumi/src/resources/kinds/settings/image-registry";
import { containerAppProvider } from "../../packages/pulumi/src/resources/kinds/settings/container-app";
import { deployTiming } from "../../packages/pulumi/src/resources/kinds/settings/container-app-deploy";
import { storeCode } from "../../packages/pulumi/src/resources/public/edge-script-code";
import { usePlatform, type EmulatorState } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

// The provider's log lines are kept, not printed.
jest
  .spyOn(process.stderr, "write")
  .mockImplementation(
    ((chunk: unknown) =>
      String(chunk).startsWith("edgeplatform: ") || true) as typeof process.stderr.write,
  );

const savedTiming = { ...timing };
const savedDeploy = { ...deployTiming };
beforeAll(() => {
  Object.assign(timing, { recoveryMaxStepMs: 20, recoveryRelists: 2 });
  Object.assign(deployTiming, { statusEveryMs: 100, pollMs: 20 });
});
afterAll(() => {
  Object.assign(timing, savedTiming);
  Object.assign(deployTiming, savedDeploy);
});
beforeEach(async () => {
  await ctl().clearFaults();
  await t.clearJournal();
});

/** One kind as these tests drive it. */
interface Kind {
  label: string;
  provider: Any;
  /** The listing the name checks read. */
  listing: string;
  /** The program's inputs of a new object named `name`. */
  inputs(name: string): Record<string, unknown>;
  /** The names of the objects the emulator holds. */
  names(s: EmulatorState): string[];
  /** The inputs that adopt a fixture object and rename it `name` (a kind whose name is a setting). */
  adoptRenamed?(name: string): Record<string, unknown>;
}

const KINDS: Kind[] = [
  {
    label: "EdgeScript",
    provider: edgeScriptProvider,
    listing: "/compute/script",
    inputs: (name) => ({
      name,
      scriptType: "CDN",
      ...storeCode(`export default { fetch: () => new Response("${name}") };\n`),
    }),
    names: (s) => (s.scripts as Any[]).map((x) => x.name),
    adoptRenamed: (name) => ({ scriptId: 1, name }),
  },
  {
    label: "ImageRegistry",
    provider: imageRegistryProvider,
    listing: "/mc/registries",
    inputs: (displayName) => ({
      registryType: "dockerHub",
      displayName,
      userName: "bench",
      token: "token-0001",
    }),
    names: (s) => (s.registries as Any[]).map((x) => x.displayName),
    adoptRenamed: (displayName) => ({ registryId: 2, displayName }),
  },
  {
    label: "ContainerApp",
    provider: containerAppProvider,
    listing: "/mc/apps",
    inputs: (name) => ({
      name,
      runtimeType: "shared",
      regions: { allowed: ["DE"], required: ["DE"], maxAllowed: 1 },
      containers: [
        { name: "web", image: { registryId: "1", namespace: "acme", name: "web", tag: "1.0.0" } },
      ],
    }),
    names: (s) => (s.apps as Any[]).map((x) => x.name),
  },
];

async function rejection(x: Promise<unknown>): Promise<Any> {
  try {
    await x;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

describe.each(KINDS)("$label", (k) => {
  const p = k.provider;
  const create = async (news: Record<string, unknown>) => {
    const r = await p.check({}, news);
    expect(r.failures ?? []).toEqual([]);
    return p.create(r.inputs);
  };
  const listings = async () =>
    (await t.journal()).filter((e) => e.method === "GET" && e.path === k.listing).length;
  const posts = async () =>
    (await t.journal()).filter((e) => e.method === "POST" && e.path === k.listing).length;

  test("the creates of one run list the account once: three at once and one after them", async () => {
    await Promise.all(["calls-a", "calls-b", "calls-c"].map((n) => create(k.inputs(n))));
    await create(k.inputs("calls-d"));
    expect(await listings()).toBe(1);
    expect(await posts()).toBe(4);
    const names = k.names(await t.state());
    for (const n of ["calls-a", "calls-b", "calls-c", "calls-d"])
      expect(names.filter((x) => x === n)).toEqual([n]);
  });

  test("two creates of one name in a run: the second is refused before any write, whether at once or after", async () => {
    const both = await Promise.allSettled([create(k.inputs("twice")), create(k.inputs("twice"))]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason.message)).toContain(
      "another resource of this program already creates",
    );
    expect(String(refused.reason.message)).toContain('named "twice"');
    const later = await rejection(create(k.inputs("twice")));
    expect(String(later.message)).toContain("another resource of this program already creates");
    expect(await posts()).toBe(1);
    expect(k.names(await t.state()).filter((x) => x === "twice")).toEqual(["twice"]);
    expect(await listings()).toBe(1);
  });

  test("a name the account uses is refused from the run's listing; a delete of the run makes the next create list again", async () => {
    const made = await create(k.inputs("kept"));
    resetRunState(); // a new run: its listing shows "kept"
    await t.clearJournal();
    const e = await rejection(create(k.inputs("kept")));
    expect(String(e.message)).toContain(`already has`);
    expect(String(e.message)).toContain(`named "kept"`);
    expect(await listings()).toBe(1);
    await p.delete(made.id, made.outs);
    const again = await create(k.inputs("kept"));
    expect(again.outs).toBeDefined();
    expect(await listings()).toBe(2);
    expect(k.names(await t.state()).filter((x) => x === "kept")).toEqual(["kept"]);
  });

  if (k.adoptRenamed)
    test("a rename written in the run makes the next create list again: the new name is refused", async () => {
      await create(k.inputs("before-rename"));
      await create(k.adoptRenamed!("renamed-in-run"));
      const e = await rejection(create(k.inputs("renamed-in-run")));
      expect(String(e.message)).toContain(`already has`);
      expect(String(e.message)).toContain(`named "renamed-in-run"`);
      expect(await listings()).toBe(2);
      expect(k.names(await t.state()).filter((x) => x === "renamed-in-run")).toHaveLength(1);
    });
});

test("ContainerApp: a name another writer takes after the run's listing is refused by the platform, and named from a fresh listing", async () => {
  const [, , app] = KINDS;
  const p = app.provider;
  const create = async (name: string) => p.create((await p.check({}, app.inputs(name))).inputs);
  await create("first");
  // Another writer makes "theirs" after this run's listing (the platform keeps app names unique).
  const res = await fetch(`${t.emu.url}/mc/apps`, {
    method: "POST",
    headers: { accesskey: t.emu.apiKey, "content-type": "application/json" },
    body: JSON.stringify({
      name: "theirs",
      runtimeType: "shared",
      autoScaling: { min: 1, max: 1 },
      regionSettings: { allowedRegionIds: ["DE"], requiredRegionIds: ["DE"] },
    }),
  });
  expect(res.status).toBe(201);
  const theirs = ((await res.json()) as { id: string }).id;
  await t.clearJournal();
  const e = await rejection(create("theirs"));
  expect(String(e.message)).toContain(
    `the account already has container application ${theirs} named "theirs"`,
  );
  // The refused POST, then one fresh listing that names the application.
  const calls = (await t.journal())
    .filter((x) => x.path === "/mc/apps")
    .map((x) => `${x.method} ${x.status}`);
  expect(calls).toEqual(["POST 409", "GET 200"]);
  expect(app.names(await t.state()).filter((x) => x === "theirs")).toEqual(["theirs"]);
});

describe("refresh and create reads", () => {
  /** The GETs of the journal, each path with its ids as `{id}`. */
  const gets = async () => {
    const out: Record<string, number> = {};
    for (const e of await t.journal())
      if (e.method === "GET") {
        const path = e.path
          .replace(/\?.*$/, "")
          .replace(/\/(app-)?\d+(?=\/|$)/g, "/{id}")
          .replace(/\/ct-\d+/g, "/{id}");
        out[path] = (out[path] ?? 0) + 1;
      }
    return out;
  };
  /** Creates three objects of `k` in one run; a new run (its process) begins after them. */
  const three = async (k: Kind) => {
    const made: Any[] = [];
    for (const n of ["r-1", "r-2", "r-3"])
      made.push(await k.provider.create((await k.provider.check({}, k.inputs(n))).inputs));
    resetRunState();
    await t.clearJournal();
    return made;
  };
  const refreshAll = (k: Kind, made: Any[]) =>
    Promise.all(made.map((m) => k.provider.read(m.id, m.outs)));

  test("ImageRegistry: a refresh of three registries is one listing; nothing drifts", async () => {
    const [k] = KINDS.filter((x) => x.label === "ImageRegistry");
    const made = await three(k);
    const read = await refreshAll(k, made);
    expect(await gets()).toEqual({ "/mc/registries": 1 });
    read.forEach((r, i) => expect(r.props).toEqual(made[i].outs));
  });

  test("EdgeScript: a refresh of three scripts is one listing page and each script's code", async () => {
    const [k] = KINDS.filter((x) => x.label === "EdgeScript");
    const made = await three(k);
    const read = await refreshAll(k, made);
    expect(await gets()).toEqual({ "/compute/script": 1, "/compute/script/{id}/code": 3 });
    read.forEach((r, i) => expect(r.props).toEqual(made[i].outs));
  });

  test("ContainerApp: three creates of a run list the regions and names once and read each app once; their refresh is one GET each", async () => {
    const [k] = KINDS.filter((x) => x.label === "ContainerApp");
    const made: Any[] = [];
    for (const n of ["r-1", "r-2", "r-3"])
      made.push(await k.provider.create((await k.provider.check({}, k.inputs(n))).inputs));
    // Per app: its read after the POST, which is also the first answer of the wait for its
    // deployment (settled at once here); the regions and the names listed once for the run.
    expect(await gets()).toEqual({ "/mc/regions": 1, "/mc/apps": 1, "/mc/apps/{id}": 3 });
    for (const m of made) expect(m.outs.status).toBe("active");
    resetRunState();
    await t.clearJournal();
    const read = await refreshAll(k, made);
    expect(await gets()).toEqual({ "/mc/apps/{id}": 3 });
    read.forEach((r, i) => expect(r.props).toEqual(made[i].outs));
  });
});

describe("EdgeScript: a change of the code of a created script", () => {
  const [k] = KINDS.filter((x) => x.label === "EdgeScript");
  const p = k.provider;
  const V2 = 'export default { fetch: () => new Response("v2: é") };\n';
  afterEach(async () => ctl().setProfile("default"));

  test.each(["draft", "publish"] as const)(
    "saving code (scriptCodeSave %s): the script and its code read before, one code write, the script read after; the outputs as the platform holds them",
    async (save) => {
      await ctl().setProfile({ scriptCodeSave: save });
      const made = await p.create((await p.check({}, k.inputs("code-change"))).inputs);
      const id = made.outs.scriptId;
      const scriptNow = async () => (await t.state()).scripts.find((x: Any) => x.id === id) as Any;
      const liveBefore = (await scriptNow()).currentReleaseId;
      resetRunState();
      await t.clearJournal();
      const news = (await p.check(made.outs, { ...k.inputs("code-change"), ...storeCode(V2) }))
        .inputs;
      const up = await p.update(made.id, made.outs, news);
      const calls = (await t.journal()).map((e) => `${e.method} ${e.path}`);
      const after = await scriptNow();
      // The live release's uuid is read when there is one: before, and after only when it is new.
      const release = `GET /compute/script/${id}/releases/active`;
      expect(calls).toEqual([
        `GET /compute/script/${id}`,
        `GET /compute/script/${id}/code`,
        ...(liveBefore > 0 ? [release] : []),
        `POST /compute/script/${id}/code`,
        `GET /compute/script/${id}`,
        ...(after.currentReleaseId > 0 && after.currentReleaseId !== liveBefore ? [release] : []),
      ]);
      expect(after.code).toBe(V2);
      expect(up.outs.codeSize).toBe(Buffer.byteLength(V2, "utf8"));
      expect(up.outs.liveReleaseId).toBe(
        after.currentReleaseId > 0 ? after.currentReleaseId : null,
      );
      const live = (after.releases as Any[]).find((r) => r.Id === after.currentReleaseId);
      expect(up.outs.liveReleaseUuid).toBe(live ? live.Uuid : null);
      // A refresh right after finds what the update recorded (but `liveCodeHash`, which this
      // program does not manage: its output is the one read before the write).
      resetRunState();
      const { liveCodeHash: _read, ...refreshed } = (await p.read(made.id, up.outs)).props;
      const { liveCodeHash: _recorded, ...recorded } = up.outs;
      expect(refreshed).toEqual(recorded);
    },
  );
});
