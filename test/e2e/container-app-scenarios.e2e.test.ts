/**
 * Magic Containers application scenarios with the real Pulumi engine (CLI + inline program
 * test/e2e/programs/container-app-scenarios-program.ts + the dynamic-provider host) against
 * the emulator on a loopback port. Fixtures: registries 1 (private, docker.io) and 2 (public,
 * ghcr.io), pull zone 1, application `app-1` ("shop": `web` from `acme/shop-web:1.4.2` of
 * registry 1 with a CDN endpoint and the volume `db-data`, and `worker`; autoscaling 1 to 3).
 * The emulator's digest of an image is the SHA-256 of `namespace/name:tag`; a deployment is
 * `progressing` for `mcDeployMs` (1 s here), then `failing` when a container's tag starts
 * with `fail` (that container `CrashLoopBackOff`), else `active`. One stack carries 1, 2 and
 * 4-7 in turn; 3 has a stack of its own.
 * 1. Create "cart": `api` (registry 1, with plain and secret variables, a CDN endpoint through
 *    pull zone 1 and the volume `cart-data` mounted) and `jobs` (registry 2), and a `PullZone`
 *    adopting the CDN endpoint's pull zone from the app's `endpointOutputs`: one POST of the
 *    application and one write of the zone's setting; the digests pinned in the state; a clean
 *    preview.
 * 2. Another image for `api`: one PATCH of that container, and `up` waits for the deployment
 *    (`mcDeployMs` 11 s: a status line every 10 s), printing its status line.
 * 3. `jobs` at a tag `fail-1`: `up` fails naming `jobs` and `CrashLoopBackOff`, bounded (a run
 *    that does not end is stopped and reported); the application stays on the platform and in
 *    the state; the next `up` with the good tag deploys it.
 * 4. Containers, variables and regions in another order: no change in the preview, no write.
 * 5. The secret variable (created in 1, rotated here with the logs on at verbosity 7): never in
 *    plain text in `pulumi stack export`, in what the CLI printed, or in the provider's logs.
 * 6. Drift by field: `api`'s image tag and `LOG_LEVEL` changed on the platform: refresh names
 *    `containers` and the state records exactly those two values; `up` puts them back with one
 *    PATCH.
 * 7. Adopt `app-1` by `appId` (0 writes), change its autoscaling (one PATCH); destroy deletes
 *    "cart", gives `app-1` and pull zone 1 back: the emulator as before scenario 1.
 * After each scenario the emulator's state is compared with what the program owns, and the
 * journal's writes counted. Expected values come from the scenario, never from the provider.
 *
 * Broken on purpose once each (in the built provider, then restored), these scenarios failed:
 * the digest output made of the tag (1 and 2: the state's `imageDigests` held `2.0.0`); the
 * deployment wait returning at once (2: the up took 3 s, no status line; 1 and 3 too: status
 * `progressing`, the failing deploy succeeded); the failure without the overview's containers
 * (3: no `container jobs: CrashLoopBackOff`); the keyed lists compared by position (4: the
 * preview showed an update); the secret environment not a secret output (5: plain in the
 * state, and the secret guard saw it printed); the environment never written when it differs
 * (6: `LOG_LEVEL` stayed `debug`; 5 too: the rotation wrote nothing); the destroy of an adopted
 * application restoring nothing (7: no PATCH of app-1).
 */
import { createHash } from "crypto";
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { KindHarness, startKindHarness } from "./harness";
import type { ContainerAppScenariosOptions } from "./programs/container-app-scenarios-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  clone,
  Control,
  e2eAvailable,
  OpResult,
  processesIn,
  provideCliAndDist,
  show,
  sleep,
  TestStack,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "container-app-scenarios-program.ts");
const OP_TIMEOUT = 240_000;
const APP_TYPE = "pulumi-nodejs:dynamic/containers:ContainerApp";
/** Pulumi's signature of a secret value in the state, and its value. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";
/** The pull zone the CDN endpoint serves through. */
const ZONE = 1;
/** How long a deployment takes on the emulator, in general and in scenario 2 (ms). */
const DEPLOY_MS = 1_000;
const SLOW_DEPLOY_MS = 11_000;
/** How long a failing deployment's `up` may take before it is stopped (ms). */
const FAIL_BOUND_MS = 90_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const SECRET = "cart-db-password-5e1f0a";
const ROTATED = "cart-db-password-rotated-93c2";
registerSecret(SECRET);
registerSecret(ROTATED);

/** The emulator's digest of `namespace/name:tag`. */
const digest = (image: string) => `sha256:${createHash("sha256").update(image).digest("hex")}`;
const image = (registryId: string, name: string, tag: string) => ({
  registryId,
  namespace: "acme",
  name,
  tag,
});

type Container = {
  name: string;
  image: ReturnType<typeof image>;
  environment?: Record<string, string>;
  endpoints?: Record<string, unknown>[];
  volumeMounts?: { name: string; mountPath: string }[];
};
const api = (tag: string): Container => ({
  name: "api",
  image: image("1", "cart-api", tag),
  environment: { LOG_LEVEL: "info", REGION: "eu" },
  endpoints: [
    {
      displayName: "public",
      cdn: { pullZoneId: ZONE, portMappings: [{ containerPort: 8080, exposedPort: 80 }] },
    },
  ],
  volumeMounts: [{ name: "cart-data", mountPath: "/data" }],
});
const jobs = (tag: string): Container => ({
  name: "jobs",
  image: image("2", "cart-jobs", tag),
  environment: { QUEUE: "orders", WORKERS: "4" },
});
/** The application "cart" of the program. */
const cart = (containers: Container[], secret: string, more: Record<string, unknown> = {}) => ({
  name: "cart",
  runtimeType: "shared",
  autoScaling: { min: 1, max: 2 },
  regions: { allowed: ["DE", "UK"], required: ["DE"], maxAllowed: 2 },
  containers,
  volumes: [{ name: "cart-data", size: 5 }],
  secretEnvironment: { api: { DB_PASSWORD: secret } },
  deployTimeoutSeconds: 60,
  ...more,
});
const withZone = (apps: Record<string, Record<string, unknown>>): ContainerAppScenariosOptions => ({
  apps,
  endpointZone: { app: "cart", endpoint: "api/public", cacheControlMaxAgeOverride: 3600 },
});

const appNamed = (s: EmulatorState, name: string): Any =>
  (s.apps as Any[]).find((a) => a.name === name);
const containerIn = (app: Any, name: string): Any =>
  app.containerTemplates.find((c: Any) => c.name === name);
const envOf = (c: Any): Record<string, string> =>
  Object.fromEntries(c.environmentVariables.map((v: Any) => [v.name, v.value]));
const zoneOf = (s: EmulatorState): Any => (s.pullZones as Any[]).find((z) => z.id === ZONE).model;
/**
 * The state to compare: the id counters left out, and an application's record of its
 * deployment (when it started: the platform's record, no setting).
 */
function comparable(s: EmulatorState): Any {
  const c = clone(s) as Any;
  delete c.nextIds;
  for (const a of c.apps) delete a.deployment;
  return c;
}
/** The state without what the program owns: "cart", and pull zone 1's managed setting. */
function others(s: EmulatorState): Any {
  const c = comparable(s);
  c.apps = c.apps.filter((a: Any) => a.name !== "cart");
  delete zoneOf(c).CacheControlMaxAgeOverride;
  return c;
}
/**
 * `out` without the engine's own dumps of a resource's properties at verbosity 7 and more
 * (`Planner decided to update … (oldprops=…)`, `RegisterResource RPC finished: … resp: …`,
 * `Marshaling property for RPC…`): Pulumi prints secrets there in plain text, whatever the
 * provider does; every other line, the provider's included, is kept.
 */
const notEngineDumps = (out: string) =>
  out
    .split("\n")
    .filter(
      (l) =>
        !/\\?"msg\\?":\\?"(Planner decided|RegisterResource RPC finished|Marshaling property)/.test(
          l,
        ),
    )
    .join("\n");
/**
 * What a `refresh` shows changing: each resource's `[diff: …]` marks (`~field`, `-field`,
 * `+field`) by name (the resource line's last word before its status).
 */
function refreshDiffs(out: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const m of out.matchAll(/^\s*~\s+\S+ (\S+) updated \([^)]*\) \[diff: ([^\]]*)\]/gm))
    found[m[1]] = m[2].match(/[~+-][^~+-]+/g) ?? [];
  return found;
}
/** A container as the platform holds it, in the scenario's terms. */
const held = (c: Any) => ({
  name: c.name,
  registryId: c.imageRegistryId,
  image: `${c.imageNamespace}/${c.imageName}:${c.imageTag}`,
  digest: c.imageDigest,
  environment: envOf(c),
  endpoints: c.endpoints.map((e: Any) => [e.displayName, e.type, e.pullZoneId, e.portMappings]),
  volumeMounts: c.volumeMounts,
});

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: container-app scenarios", () => {
  let harness: KindHarness;
  let control: Control;
  let stack: TestStack;
  let before: EmulatorState;
  /** The application's id on the platform (scenario 1). */
  let appId = "";

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    harness = await startKindHarness(cli, {
      label: "container-app-scenarios",
      programModule: PROGRAM,
    });
    control = harness.control;
    await control.setProfile({ mcDeployMs: DEPLOY_MS });
    await control.reset();
    before = await control.state();
    stack = harness.newStack("apps");
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await control?.setProfile("default");
    await harness?.close();
  });

  /** The writes since the journal was cleared, as `METHOD path`. */
  const writeLines = async () => (await control.writes()).map((e) => `${e.method} ${e.path}`);

  /** Runs `op`, prints it, and fails with its output when it fails. */
  async function ok(
    op: Parameters<TestStack["op"]>[0],
    o: ContainerAppScenariosOptions,
    on: TestStack = stack,
  ): Promise<OpResult> {
    const r = await on.op({ ...op, allowFail: true }, o);
    show(`${op.op} ${JSON.stringify(op.opts ?? {})}`, r, 80);
    console.log(`pulumi ${r.op}: ${r.ms} ms`);
    if (!r.ok) throw new Error(`pulumi ${r.op} failed:\n${text(r)}`);
    return r;
  }
  /**
   * Runs `op` on `on`, bounded: undefined when it has not finished after FAIL_BOUND_MS (its
   * CLI, provider host and driver, the processes in the stack's project, are then stopped).
   */
  async function bounded(
    on: TestStack,
    op: Parameters<TestStack["op"]>[0],
    o: ContainerAppScenariosOptions,
  ): Promise<OpResult | undefined> {
    const running = on.op({ ...op, allowFail: true }, o);
    const r = await Promise.race([running, sleep(FAIL_BOUND_MS).then(() => undefined)]);
    if (r) return r;
    for (const p of processesIn(on.projectDir))
      try {
        process.kill(p.pid, "SIGKILL"); // ours: the driver this test started, its CLI and hosts
      } catch {
        // already gone
      }
    await running.catch(() => undefined);
    return undefined;
  }
  /** The stack's state as `pulumi stack export` prints it. */
  async function exported(): Promise<{ text: string; resources: Any[] }> {
    const d = (await stack.op({ op: "export" })).deployment as Any;
    return { text: JSON.stringify(d), resources: d.deployment.resources ?? [] };
  }
  const appResource = (resources: Any[], name: string) =>
    resources.find((r) => r.type === APP_TYPE && String(r.urn).endsWith(`::${name}`));
  /** The containers the state records for "cart", by name. */
  const statedContainers = async (): Promise<Any[]> =>
    [...appResource((await exported()).resources, "cart").outputs.containers].sort((a, b) =>
      String(a.name).localeCompare(String(b.name)),
    );

  /** The program as the last scenario left it. */
  let program: ContainerAppScenariosOptions;

  test(
    "1. create an application of two containers (a private registry's image), a CDN endpoint and a volume: one POST; the endpoint's pull zone adopted from the output; digests pinned; a clean preview",
    async () => {
      program = withZone({ cart: cart([api("2.0.0"), jobs("2.0.0")], SECRET) });
      await control.clearJournal();
      const up = await ok({ op: "up" }, program);
      expect(up.summary?.resourceChanges).toEqual({ create: 3 });
      expect((await writeLines()).sort()).toEqual(["POST /mc/apps", `POST /pullzone/${ZONE}`]);

      const made = await control.state();
      const app = appNamed(made, "cart");
      appId = app.id;
      expect(app).toMatchObject({
        runtimeType: "shared",
        autoScaling: { min: 1, max: 2 },
        regionSettings: { allowedRegionIds: ["DE", "UK"], requiredRegionIds: ["DE"] },
      });
      expect(app.volumes.map((v: Any) => [v.name, v.size])).toEqual([["cart-data", 5]]);
      expect(app.containerTemplates.map(held)).toEqual([
        {
          name: "api",
          registryId: "1",
          image: "acme/cart-api:2.0.0",
          digest: digest("acme/cart-api:2.0.0"),
          environment: { LOG_LEVEL: "info", REGION: "eu", DB_PASSWORD: SECRET },
          endpoints: [
            [
              "public",
              "cdn",
              String(ZONE),
              [{ containerPort: 8080, exposedPort: 80, protocols: ["tcp"] }],
            ],
          ],
          volumeMounts: [{ name: "cart-data", mountPath: "/data" }],
        },
        {
          name: "jobs",
          registryId: "2",
          image: "acme/cart-jobs:2.0.0",
          digest: digest("acme/cart-jobs:2.0.0"),
          environment: { QUEUE: "orders", WORKERS: "4" },
          endpoints: [],
          volumeMounts: [],
        },
      ]);
      expect(zoneOf(made).CacheControlMaxAgeOverride).toBe(3600);
      // Nothing else changed.
      expect(others(made)).toEqual(others(before));

      // The state pins each image by its digest; the zone adopted is the endpoint's.
      const { resources } = await exported();
      const inState = appResource(resources, "cart");
      expect(inState.id).toBe(appId);
      expect(inState.outputs).toMatchObject({
        origin: "created",
        status: "active",
        imageDigests: {
          api: digest("acme/cart-api:2.0.0"),
          jobs: digest("acme/cart-jobs:2.0.0"),
        },
      });
      expect(inState.outputs.endpointOutputs["api/public"]).toMatchObject({
        container: "api",
        type: "cdn",
        pullZoneId: ZONE,
      });
      expect(up.outputs?.endpointZone.value).toBe(ZONE);

      await control.clearJournal();
      await ok({ op: "preview", opts: { diff: true, expectNoChanges: true } }, program);
      expect(await writeLines()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  test(
    "2. another image for one container: one PATCH of that container; up waits until the deployment runs, with a status line",
    async () => {
      expect(appId).not.toBe("");
      const was = await control.state();
      await control.setProfile({ mcDeployMs: SLOW_DEPLOY_MS });
      try {
        program = withZone({ cart: cart([api("2.1.0"), jobs("2.0.0")], SECRET) });
        await control.clearJournal();
        const up = await ok({ op: "up" }, program);
        expect(up.summary?.resourceChanges).toEqual({ same: 2, update: 1 });
        const apiId = containerIn(appNamed(was, "cart"), "api").id;
        const w = await control.writes();
        expect(w.map((e) => `${e.method} ${e.path}`)).toEqual([
          `PATCH /mc/apps/${appId}/containers/${apiId}`,
        ]);
        expect(w[0].body).toEqual({
          imageRegistryId: "1",
          imageNamespace: "acme",
          imageName: "cart-api",
          imageTag: "2.1.0",
        });
        // The up lasted the deployment and said what it waited for.
        expect(up.ms).toBeGreaterThanOrEqual(SLOW_DEPLOY_MS);
        expect(text(up)).toMatch(/waiting for app cart: progressing, 1\d s/);
        expect(up.outputs?.cart.value).toMatchObject({
          status: "active",
          imageDigests: { api: digest("acme/cart-api:2.1.0") },
        });
        const now = await control.state();
        expect(held(containerIn(appNamed(now, "cart"), "api"))).toMatchObject({
          image: "acme/cart-api:2.1.0",
          digest: digest("acme/cart-api:2.1.0"),
        });
        // Only that container's image changed.
        const expected = comparable(was);
        const cartWas = appNamed(expected, "cart");
        Object.assign(containerIn(cartWas, "api"), {
          image: "acme/cart-api:2.1.0",
          imageTag: "2.1.0",
          imageDigest: digest("acme/cart-api:2.1.0"),
        });
        expect(comparable(now)).toEqual(expected);
      } finally {
        await control.setProfile({ mcDeployMs: DEPLOY_MS });
      }
    },
    OP_TIMEOUT,
  );

  test(
    "4. containers, variables and regions in another order: no change in the preview, no write",
    async () => {
      expect(appId).not.toBe("");
      const was = await control.state();
      const reordered = withZone({
        cart: cart(
          [
            { ...jobs("2.0.0"), environment: { WORKERS: "4", QUEUE: "orders" } },
            { ...api("2.1.0"), environment: { REGION: "eu", LOG_LEVEL: "info" } },
          ],
          SECRET,
          { regions: { maxAllowed: 2, required: ["DE"], allowed: ["UK", "DE"] } },
        ),
      });
      await control.clearJournal();
      const pv = await ok({ op: "preview", opts: { diff: true } }, reordered);
      expect(pv.changeSummary).toEqual({ same: 3 });
      const up = await ok({ op: "up" }, reordered);
      expect(up.summary?.resourceChanges).toEqual({ same: 3 });
      expect(await writeLines()).toEqual([]);
      expect(comparable(await control.state())).toEqual(comparable(was));
      program = reordered;
    },
    OP_TIMEOUT,
  );

  test(
    "5. a secret variable, created and rotated: never in plain text in stack export, in what the CLI printed (up, preview, refresh) or in the provider's logs",
    async () => {
      expect(appId).not.toBe("");
      const apps = program.apps!;
      const rotated: ContainerAppScenariosOptions = {
        ...program,
        apps: { cart: { ...apps.cart, secretEnvironment: { api: { DB_PASSWORD: ROTATED } } } },
      };
      // The provider's logs too: the engine's and its plugins' log lines on standard error, at
      // verbosity 7 (every provider call; at 9 the engine itself prints each property it sends
      // a provider, secrets included: Pulumi's own "Marshaling property for RPC" lines).
      const logs = { logFlow: true, logToStdErr: true, logVerbosity: 7 };
      await control.clearJournal();
      const up = await ok({ op: "up", opts: { diff: true, ...logs } }, rotated);
      expect(up.summary?.resourceChanges).toEqual({ same: 2, update: 1 });
      const apiId = containerIn(appNamed(await control.state(), "cart"), "api").id;
      expect(await writeLines()).toEqual([`PATCH /mc/apps/${appId}/containers/${apiId}`]);
      expect(envOf(containerIn(appNamed(await control.state(), "cart"), "api")).DB_PASSWORD).toBe(
        ROTATED,
      );
      const pv = await ok({ op: "preview", opts: { diff: true, ...logs } }, rotated);
      const refresh = await ok({ op: "refresh", opts: { diff: true, ...logs } }, rotated);
      // The logs were on: the provider's own lines are in them.
      expect(`${up.stderr}\n${up.stdout}`).toMatch(/Provider\[/);

      const state = await exported();
      const inState = appResource(state.resources, "cart");
      const encrypted = { [SECRET_SIG]: SECRET_VALUE, ciphertext: expect.any(String) };
      expect(inState.outputs.secretEnvironment).toEqual(encrypted);
      expect(inState.inputs.secretEnvironment).toEqual(encrypted);
      for (const value of [SECRET, ROTATED]) {
        expect(state.text).not.toContain(value);
        for (const r of [up, pv, refresh]) expect(notEngineDumps(text(r))).not.toContain(value);
        // Every run of this stack so far, scenarios 1-4 included.
        expect(notEngineDumps(stack.transcript.join("\n"))).not.toContain(value);
      }
      program = rotated;
    },
    OP_TIMEOUT,
  );

  test(
    "6. drift by field: an image tag and a variable changed on the platform: refresh names those fields; up puts them back with one PATCH",
    async () => {
      expect(appId).not.toBe("");
      const was = await control.state();
      const stated = await statedContainers();
      expect(stated.find((c) => c.name === "api")).toMatchObject({
        image: { tag: "2.1.0" },
        environment: { LOG_LEVEL: "info", REGION: "eu" },
      });
      await control.updateState((s) => {
        const c = containerIn(appNamed(s, "cart"), "api");
        Object.assign(c, {
          image: "acme/cart-api:2.0.9",
          imageTag: "2.0.9",
          imageDigest: digest("acme/cart-api:2.0.9"),
        });
        c.environmentVariables = c.environmentVariables.map((v: Any) =>
          v.name === "LOG_LEVEL" ? { ...v, value: "debug" } : v,
        );
      });
      await control.clearJournal();
      const refresh = await ok({ op: "refresh", opts: { diff: true } }, program);
      expect(refresh.summary?.resourceChanges).toEqual({ same: 2, update: 1 });
      // The resource's line names the field that differs (both changes are in `containers`),
      // and the state now records exactly the two drifted values.
      expect(refreshDiffs(refresh.stdout)).toEqual({ cart: ["~containers"] });
      const expected = clone(stated) as Any[];
      expected.find((c) => c.name === "api").image.tag = "2.0.9";
      expected.find((c) => c.name === "api").environment.LOG_LEVEL = "debug";
      expect(await statedContainers()).toEqual(expected);
      expect(await writeLines()).toEqual([]);

      await control.clearJournal();
      const up = await ok({ op: "up" }, program);
      expect(up.summary?.resourceChanges).toEqual({ same: 2, update: 1 });
      const apiId = containerIn(appNamed(was, "cart"), "api").id;
      const w = await control.writes();
      expect(w.map((e) => `${e.method} ${e.path}`)).toEqual([
        `PATCH /mc/apps/${appId}/containers/${apiId}`,
      ]);
      expect(w[0].body).toMatchObject({ imageTag: "2.1.0" });
      // Everything as before the drift.
      expect(comparable(await control.state())).toEqual(comparable(was));
      await ok({ op: "preview", opts: { diff: true, expectNoChanges: true } }, program);
    },
    OP_TIMEOUT,
  );

  test(
    "7. adopt app-1 by appId: 0 writes; destroy deletes the created application and gives the adopted one and the pull zone back: the emulator as before scenario 1",
    async () => {
      expect(appId).not.toBe("");
      const was = await control.state();
      const shop = {
        appId: "app-1",
        autoScaling: { min: 1, max: 3 },
        containers: [{ name: "web", image: image("1", "shop-web", "1.4.2") }],
      };
      const adopting = withZone({ ...program.apps!, shop });
      await control.clearJournal();
      const up = await ok({ op: "up" }, adopting);
      expect(up.summary?.resourceChanges).toEqual({ same: 3, create: 1 });
      expect(await writeLines()).toEqual([]);
      expect(comparable(await control.state())).toEqual(comparable(was));

      // Pulumi changes the adopted application once: destroy must give it back.
      const changed = withZone({
        ...program.apps!,
        shop: { ...shop, autoScaling: { min: 1, max: 4 } },
      });
      await control.clearJournal();
      await ok({ op: "up" }, changed);
      expect(await writeLines()).toEqual(["PATCH /mc/apps/app-1"]);
      expect(appNamed(await control.state(), "shop").autoScaling).toEqual({ min: 1, max: 4 });

      await control.clearJournal();
      await ok({ op: "destroy" }, changed);
      expect((await writeLines()).sort()).toEqual(
        [`DELETE /mc/apps/${appId}`, "PATCH /mc/apps/app-1", `POST /pullzone/${ZONE}`].sort(),
      );
      const after = await control.state();
      expect(appNamed(after, "cart")).toBeUndefined();
      expect(comparable(after)).toEqual(comparable(before));
    },
    OP_TIMEOUT,
  );
  test(
    "3. a deployment that fails (a stack of its own): up fails naming the container and the reason; the application stays on the platform and in the state; the next up with the good tag deploys it",
    async () => {
      await control.reset();
      const start = await control.state();
      const failing = harness.newStack("failing");
      const good: ContainerAppScenariosOptions = {
        apps: { cart: cart([api("2.0.0"), jobs("2.0.0")], SECRET) },
      };
      await ok({ op: "up" }, good, failing);
      const was = await control.state();
      const id = appNamed(was, "cart").id as string;
      const jobsId = containerIn(appNamed(was, "cart"), "jobs").id;

      await control.clearJournal();
      const failed = await bounded(
        failing,
        { op: "up" },
        { apps: { cart: cart([api("2.0.0"), jobs("fail-1")], SECRET) } },
      );
      if (failed === undefined)
        throw new Error(
          `pulumi up with a failing deployment did not finish within ${FAIL_BOUND_MS / 1000} s ` +
            `(the CLI and its provider host were stopped); the platform was asked: ` +
            `${(await writeLines()).join(", ")}`,
        );
      show("up with a failing image", failed, 40);
      expect(failed.ok).toBe(false);
      expect(text(failed)).toMatch(
        new RegExp(
          `ContainerApp[^\\n]*update failed: the deployment of application "cart" \\(${id}\\) is failing: container jobs: CrashLoopBackOff`,
        ),
      );
      expect(text(failed)).not.toMatch(/container api:/);
      expect(await writeLines()).toEqual([`PATCH /mc/apps/${id}/containers/${jobsId}`]);
      // Nothing lost: the application on the platform, and in the state.
      const after = await control.state();
      expect(appNamed(after, "cart").id).toBe(id);
      expect(held(containerIn(appNamed(after, "cart"), "jobs")).image).toBe(
        "acme/cart-jobs:fail-1",
      );
      const d = (await failing.op({ op: "export" })).deployment as Any;
      const apps = (d.deployment.resources as Any[]).filter((r) => r.type === APP_TYPE);
      expect(apps.map((r) => r.id)).toEqual([id]);

      // The next up, back to the good tag: the container written again, the deployment waited for.
      await control.clearJournal();
      const fixed = await ok({ op: "up" }, good, failing);
      expect(fixed.summary?.resourceChanges).toEqual({ same: 1, update: 1 });
      const w = await control.writes();
      expect(w.map((e) => `${e.method} ${e.path}`)).toEqual([
        `PATCH /mc/apps/${id}/containers/${jobsId}`,
      ]);
      expect(w[0].body).toMatchObject({ imageTag: "2.0.0" });
      expect(fixed.outputs?.cart.value).toMatchObject({ status: "active" });
      expect(comparable(await control.state())).toEqual(comparable(was));
      await ok({ op: "preview", opts: { diff: true, expectNoChanges: true } }, good, failing);

      await ok({ op: "destroy" }, good, failing);
      expect(comparable(await control.state())).toEqual(comparable(start));
    },
    OP_TIMEOUT,
  );
});
