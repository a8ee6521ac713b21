/**
 * `edge.containers.ContainerApp` against the in-process emulator: what is particular to the
 * kind (the lifecycle table covers the rules every kind shares), under every built-in profile
 * and under deployments that take time (`mcDeployMs` > 0, with `mcAppPut` replace and merge).
 * Fixtures: registry 1, pull zone 1, application `app-1` ("shop": containers `web`, with
 * `LOG_LEVEL` and `DB_PASSWORD`, a CDN endpoint `public` through pull zone 1 and the volume
 * `db-data` mounted, and `worker`, both from `acme/shop-*:1.4.2`); regions DE, UK, NY, SG, JP.
 * The emulator's digest of an image is the SHA-256 of `namespace/name:tag`; a tag starting
 * with `fail` makes the deployment fail (its container `notStarted`, `CrashLoopBackOff`).
 */
import { createHash } from "node:crypto";
import {
  EmulatorControl,
  PROFILES,
  startEmulator,
  type EmulatorState,
  type JournalEntry,
  type ProfileInput,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import { containerAppProvider } from "../../packages/pulumi/src/resources/kinds/settings/container-app";
import { deployTiming } from "../../packages/pulumi/src/resources/kinds/settings/container-app-deploy";
import { CONTAINER_APP_SECRET_OUTPUTS } from "../../packages/pulumi/src/resources/public/generated/container-app";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { stackConfig } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The provider as the engine drives it (its state in the kind's stored form). */
const p: Any = containerAppProvider;
/** The protocol's struct, as the dynamic-provider host encodes a failure's state with it. */
const { Struct } = require("google-protobuf/google/protobuf/struct_pb") as Any;

// The provider's log lines are kept, not printed.
const logged: string[] = [];
const realWrite = process.stderr.write.bind(process.stderr);
jest.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
  if (String(chunk).startsWith("edgeplatform: ")) {
    logged.push(String(chunk));
    return true;
  }
  return realWrite(chunk as string, ...rest);
}) as typeof process.stderr.write);

const SECRET = "s3cr3t-db-password-7731";
const digest = (image: string) => `sha256:${createHash("sha256").update(image).digest("hex")}`;
const image = (name: string, tag: string) => ({
  registryId: "1",
  namespace: "acme",
  name,
  tag,
});

/** A new application "cart": two containers, a CDN endpoint through pull zone 1, a volume. */
const CREATE = {
  name: "cart",
  runtimeType: "shared",
  autoScaling: { min: 1, max: 2 },
  regions: { allowed: ["DE", "UK"], required: ["DE"], maxAllowed: 2 },
  containers: [
    {
      name: "api",
      image: image("cart-api", "2.0.0"),
      environment: { LOG_LEVEL: "info", REGION: "eu" },
      endpoints: [
        {
          displayName: "public",
          cdn: { pullZoneId: 1, portMappings: [{ containerPort: 8080, exposedPort: 80 }] },
        },
      ],
      volumeMounts: [{ name: "cart-data", mountPath: "/data" }],
    },
    { name: "jobs", image: image("cart-jobs", "2.0.0") },
  ],
  volumes: [{ name: "cart-data", size: 5 }],
  secretEnvironment: { api: { DB_PASSWORD: SECRET } },
};

const appOf = (s: EmulatorState, id: string): Any => (s.apps as Any[]).find((a) => a.id === id);
const containerOf = (s: EmulatorState, id: string, name: string): Any =>
  appOf(s, id).containerTemplates.find((c: Any) => c.name === name);
/**
 * The state to compare: the id counters left out, and a deployed application's record of its
 * deployment (a fixture's has none; a write starts one: the platform's record, no setting).
 */
const canonical = (s: EmulatorState) => {
  const c = JSON.parse(JSON.stringify(s));
  delete c.nextIds;
  for (const a of c.apps) if (a.deployment !== null) delete a.deployment;
  return c;
};
async function rejection(x: Promise<unknown>): Promise<Any> {
  try {
    await x;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

describe("check (no API call)", () => {
  const failuresOf = (news: Record<string, unknown>) =>
    ((p.checkSync({}, news).failures ?? []) as Any[]).map((f) => `${f.property}: ${f.reason}`);

  test("required regions must be allowed and no more than maxAllowed; a create needs runtimeType and regions", () => {
    expect(
      failuresOf({
        ...CREATE,
        regions: { allowed: ["DE"], required: ["DE", "UK"], maxAllowed: 1 },
      }),
    ).toEqual([
      "regions.required: UK not in `regions.allowed` (DE): required regions must be allowed",
      "regions.maxAllowed: is 1, fewer than the 2 required regions",
    ]);
    expect(failuresOf({ name: "x" })).toEqual([
      "runtimeType: is required to create an application (with `name`)",
      "regions: is required to create an application (with `name`)",
    ]);
  });

  test("container names are unique; a secret variable names a container and is not also plain; its value is never in a failure", () => {
    const twice = { ...CREATE, containers: [CREATE.containers[0], CREATE.containers[0]] };
    expect(failuresOf(twice)).toEqual(["containers: container names must be unique; api twice"]);
    const failures = failuresOf({
      ...CREATE,
      secretEnvironment: { nope: { A: SECRET }, api: { LOG_LEVEL: SECRET } },
    });
    expect(failures).toEqual([
      "secretEnvironment.nope: names no container of `containers` (api, jobs)",
      "secretEnvironment.api: LOG_LEVEL also in `environment`: a variable is plain or secret, not both",
    ]);
    expect(failures.join("\n")).not.toContain(SECRET);
  });

  test("the secret environment is a secret output of the class", () => {
    expect(CONTAINER_APP_SECRET_OUTPUTS).toContain("secretEnvironment");
  });
});

/** Each built-in profile (deployments settle at once), then deployments that take time. */
const SETUPS: [string, ProfileInput][] = [
  ...Object.keys(PROFILES).map((n): [string, ProfileInput] => [n, n as ProfileInput]),
  ["mcDeployMs 600, mcAppPut replace", { mcDeployMs: 600, mcAppPut: "replace" }],
  ["mcDeployMs 600, mcAppPut merge", { mcDeployMs: 600, mcAppPut: "merge" }],
];

describe.each(SETUPS)("%s", (_label, profile) => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  const saved = { ...timing };
  const savedDeploy = { ...deployTiming };
  const slow = typeof profile === "object" && (profile.mcDeployMs ?? 0) > 0;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    ctl = new EmulatorControl(emu.url);
    await ctl.setProfile(profile);
    Object.assign(timing, { recoveryMaxStepMs: 20, recoveryRelists: 2 });
    Object.assign(deployTiming, { statusEveryMs: 100, pollMs: 50 });
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
    );
  });
  afterAll(async () => {
    Object.assign(timing, saved);
    Object.assign(deployTiming, savedDeploy);
    resetSettings();
    clearClientCache();
    await emu.close();
  });
  beforeEach(async () => {
    await ctl.reset();
    await ctl.clearJournal();
    resetRunState();
    logged.length = 0;
  });
  const writes = async (): Promise<JournalEntry[]> =>
    (await ctl.journal()).filter((e) => e.method !== "GET");
  const lines = async () => (await writes()).map((e) => `${e.method} ${e.path}`);
  const checked = async (news: Record<string, unknown>, olds: Record<string, unknown> = {}) => {
    const r = await p.check(olds, news);
    expect(r.failures ?? []).toEqual([]);
    return r.inputs as Record<string, unknown>;
  };
  const create = async (news: Record<string, unknown>) => p.create(await checked(news));
  const update = async (made: Any, news: Record<string, unknown>) => {
    const inputs = await checked(news, made.outs);
    const d = await p.diff(made.id, made.outs, inputs);
    expect(d.replaces).toEqual([]);
    return p.update(made.id, made.outs, inputs);
  };

  test("create: one POST of the whole application, then the wait; outputs pin digests, name the CDN endpoint's pull zone and the volume's id; a second run writes nothing; destroy deletes it", async () => {
    const before = await ctl.state();
    const made = await create(CREATE);
    expect(await lines()).toEqual(["POST /mc/apps"]);
    const id = made.id;
    expect(made.outs).toMatchObject({
      appId: id,
      origin: "created",
      name: "cart",
      status: "active",
      imageDigests: {
        api: digest("acme/cart-api:2.0.0"),
        jobs: digest("acme/cart-jobs:2.0.0"),
      },
      volumeIds: { "cart-data": "vol-cart-data" },
      secretEnvironment: { api: { DB_PASSWORD: SECRET } },
    });
    // The secret is only in `secretEnvironment` (a secret output), never in another output.
    const { secretEnvironment: _secret, ...plainOutputs } = made.outs;
    expect(JSON.stringify(plainOutputs)).not.toContain(SECRET);
    expect(made.outs.endpointOutputs["api/public"]).toMatchObject({
      container: "api",
      type: "cdn",
      pullZoneId: 1,
    });
    const api = containerOf(await ctl.state(), id, "api");
    expect(api.environmentVariables).toEqual(
      expect.arrayContaining([
        { name: "LOG_LEVEL", value: "info" },
        { name: "REGION", value: "eu" },
        { name: "DB_PASSWORD", value: SECRET },
      ]),
    );
    if (slow) expect(logged.join("")).toMatch(/create: waiting for app cart: progressing, \d+ s/);
    else expect(logged.join("")).not.toMatch(/waiting for app/);
    expect(logged.join("")).not.toContain(SECRET);

    // A second run of the same program: no change, no write.
    resetRunState();
    await ctl.clearJournal();
    const d = await p.diff(id, made.outs, await checked(CREATE, made.outs));
    expect(d.changes).toBe(false);
    const read = await p.read(id, made.outs);
    expect(read.props).toEqual(made.outs);
    expect(await lines()).toEqual([]);

    resetRunState();
    await p.delete(id, made.outs);
    expect(await lines()).toEqual([`DELETE /mc/apps/${id}`]);
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });

  test("another image for one container: one PATCH of that container's image, then the wait; the new digest is pinned", async () => {
    const made = await create(CREATE);
    await ctl.clearJournal();
    resetRunState();
    const next = {
      ...CREATE,
      containers: [
        { ...CREATE.containers[0], image: image("cart-api", "2.1.0") },
        CREATE.containers[1],
      ],
    };
    const r = await update(made, next);
    const w = await writes();
    const apiId = containerOf(await ctl.state(), made.id, "api").id;
    expect(w.map((e) => `${e.method} ${e.path}`)).toEqual([
      `PATCH /mc/apps/${made.id}/containers/${apiId}`,
    ]);
    expect(w[0].body).toEqual({
      imageRegistryId: "1",
      imageNamespace: "acme",
      imageName: "cart-api",
      imageTag: "2.1.0",
    });
    expect(r.outs.status).toBe("active");
    expect(r.outs.imageDigests.api).toBe(digest("acme/cart-api:2.1.0"));
    // The other container, the endpoint and the variables are as they were.
    const s = await ctl.state();
    expect(containerOf(s, made.id, "api").endpoints[0].id).toBe(
      made.outs.endpointOutputs["api/public"].publicHost.split(".")[0],
    );
    expect(containerOf(s, made.id, "jobs").imageTag).toBe("2.0.0");
    if (slow) expect(logged.join("")).toMatch(/update: waiting for app cart: progressing/);
  });

  test("an endpoint the program no longer names, of an application it created, is removed; its other endpoints are kept", async () => {
    const edge = {
      displayName: "edge",
      anycast: {
        type: "iPv4",
        portMappings: [{ containerPort: 8080, exposedPort: 81, protocols: ["tcp"] }],
      },
    };
    const api = CREATE.containers[0] as Any;
    const withEdge = {
      ...CREATE,
      containers: [{ ...api, endpoints: [...api.endpoints, edge] }, CREATE.containers[1]],
    };
    const made = await create(withEdge);
    const names = async () =>
      (containerOf(await ctl.state(), made.id, "api").endpoints as Any[])
        .map((e) => e.displayName)
        .sort();
    expect(await names()).toEqual(["edge", "public"]);
    resetRunState();
    await update(made, CREATE);
    expect(await names()).toEqual(["public"]);
  });

  test("containers, endpoints, variables and volumes in another order: no change, no write", async () => {
    const made = await create({
      ...CREATE,
      containers: [
        {
          ...CREATE.containers[0],
          endpoints: [
            ...(CREATE.containers[0].endpoints ?? []),
            {
              displayName: "edge",
              anycast: { type: "iPv4", portMappings: [{ containerPort: 9000, exposedPort: 9000 }] },
            },
          ],
        },
        CREATE.containers[1],
      ],
      volumes: [...CREATE.volumes, { name: "logs", size: 1 }],
    });
    await ctl.clearJournal();
    resetRunState();
    const api = made.outs.containers.find((c: Any) => c.name === "api");
    const reordered = {
      ...CREATE,
      containers: [
        CREATE.containers[1],
        {
          ...api,
          environment: { REGION: "eu", LOG_LEVEL: "info" },
          endpoints: [...api.endpoints].reverse(),
        },
      ],
      volumes: [{ name: "logs", size: 1 }, ...CREATE.volumes],
      regions: { maxAllowed: 2, required: ["DE"], allowed: ["UK", "DE"] },
    };
    const inputs = await checked(reordered, made.outs);
    expect((await p.diff(made.id, made.outs, inputs)).changes).toBe(false);
    await p.update(made.id, made.outs, inputs);
    expect(await lines()).toEqual([]);
  });

  test("a failing deployment: the error names the container and the reason; the application is kept in the state; the next up deploys again, and a fixed image deploys", async () => {
    const failing = {
      ...CREATE,
      containers: [CREATE.containers[0], { name: "jobs", image: image("cart-jobs", "fail-1") }],
    };
    const e = await rejection(create(failing));
    expect(e.message).toMatch(
      /create failed: the deployment of application "cart" \(app-\d+\) is failing: container jobs: CrashLoopBackOff/,
    );
    expect(e.message).not.toContain(SECRET);
    // Nothing lost: the application is on the platform and in the state the error carries.
    const id = e.id;
    expect(appOf(await ctl.state(), id)).toMatchObject({ name: "cart" });
    expect(e.properties).toMatchObject({ appId: id, origin: "created" });
    expect(["failing", "progressing"]).toContain(e.properties.status);
    expect(await lines()).toEqual(["POST /mc/apps"]);

    // The next up with the same program: a change (the deployment did not finish), deployed again.
    resetRunState();
    await ctl.clearJournal();
    const made = { id, outs: e.properties };
    const inputs = await checked(failing, made.outs);
    expect((await p.diff(id, made.outs, inputs)).changes).toBe(true);
    const again = await rejection(p.update(id, made.outs, inputs));
    expect(again.message).toMatch(/update failed: .*container jobs: CrashLoopBackOff/);
    expect(await lines()).toEqual([`POST /mc/apps/${id}/deploy`]);
    // The state each failure carries is what the engine's host sends back: it must encode
    // (an undefined value cannot, and the engine would wait for the answer forever).
    for (const err of [e, again]) expect(() => Struct.fromJavaScript(err.properties)).not.toThrow();

    // The program fixes the image: one PATCH, then the deployment is active.
    resetRunState();
    await ctl.clearJournal();
    // The state after it (the one the error carries, else the one before) is still unfinished.
    const after = { id, outs: again.properties ?? made.outs };
    expect(["failing", "progressing"]).toContain(after.outs.status);
    const fixed = await update(after, CREATE);
    const jobsId = containerOf(await ctl.state(), id, "jobs").id;
    expect(await lines()).toEqual([`PATCH /mc/apps/${id}/containers/${jobsId}`]);
    expect(fixed.outs.status).toBe("active");
    resetRunState();
    await ctl.clearJournal();
    const settledInputs = await checked(CREATE, fixed.outs);
    expect((await p.diff(id, fixed.outs, settledInputs)).changes).toBe(false);
  });

  test("regions the platform does not offer: refused before any write, naming the field and the allowed ids", async () => {
    const e = await rejection(
      create({ ...CREATE, regions: { allowed: ["DE", "XX"], required: ["DE"] } }),
    );
    expect(e.message).toContain(
      '`regions.allowed` names "XX", which the platform does not offer; allowed: DE, UK, NY, SG, JP. Nothing was written.',
    );
    expect(await lines()).toEqual([]);
  });

  test("a refused create names no secret value", async () => {
    const e = await rejection(
      create({
        ...CREATE,
        containers: [{ ...CREATE.containers[0], image: { ...image("x", "1"), registryId: "999" } }],
        secretEnvironment: { api: { DB_PASSWORD: SECRET } },
      }),
    );
    expect(e.message).toMatch(/refused the application "cart"/);
    expect(`${e.message}\n${e.stack}\n${logged.join("")}`).not.toContain(SECRET);
  });

  test("drift by field: an image tag and a variable changed elsewhere show in read as those fields; read writes nothing", async () => {
    const made = await create(CREATE);
    await ctl.updateState((s) => {
      const api = containerOf(s, made.id, "api");
      api.imageTag = "9.9.9";
      api.environmentVariables = api.environmentVariables.map((v: Any) =>
        v.name === "LOG_LEVEL" ? { ...v, value: "debug" } : v,
      );
    });
    await ctl.clearJournal();
    resetRunState();
    const r = await p.read(made.id, made.outs);
    const api = r.inputs.containers.find((c: Any) => c.name === "api");
    expect(api.image.tag).toBe("9.9.9");
    expect(api.environment).toEqual({ LOG_LEVEL: "debug", REGION: "eu" });
    expect(r.inputs.autoScaling).toEqual({ min: 1, max: 2 });
    expect(r.inputs.secretEnvironment).toEqual({ api: { DB_PASSWORD: SECRET } });
    expect(await lines()).toEqual([]);
  });

  test("an application deleted elsewhere is gone (the listing lacks it too)", async () => {
    const made = await create(CREATE);
    await ctl.updateState((s) => void (s.apps = s.apps.filter((a) => a.id !== made.id)));
    resetRunState();
    expect((await p.read(made.id, made.outs)).id).toBe("");
  });

  test("adopt by appId: no write when the program states what it holds; destroy keeps it and gives back what Pulumi changed", async () => {
    const before = await ctl.state();
    const ADOPT = {
      appId: "app-1",
      autoScaling: { min: 1, max: 3 },
      containers: [{ name: "web", image: image("shop-web", "1.4.2") }],
    };
    const made = await create(ADOPT);
    expect(await lines()).toEqual([]);
    expect(made.outs.origin).toBe("adopted");
    expect(made.outs.endpointOutputs["web/public"]).toMatchObject({ type: "cdn", pullZoneId: 1 });
    expect(made.outs.volumeIds).toMatchObject({ "db-data": "vol-attached" });

    resetRunState();
    const changed = await update(made, {
      ...ADOPT,
      autoScaling: { min: 1, max: 4 },
      containers: [{ name: "web", image: image("shop-web", "1.5.0") }],
    });
    expect(await lines()).toEqual([
      "PATCH /mc/apps/app-1",
      "PATCH /mc/apps/app-1/containers/ct-web",
    ]);
    expect(changed.outs.imageDigests.web).toBe(digest("acme/shop-web:1.5.0"));

    resetRunState();
    await ctl.clearJournal();
    await p.delete(made.id, changed.outs);
    expect(await lines()).toEqual([
      "PATCH /mc/apps/app-1",
      "PATCH /mc/apps/app-1/containers/ct-web",
    ]);
    // Every setting as before Pulumi, the image's digest too.
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });
});
