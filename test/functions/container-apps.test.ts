/**
 * containers.getContainerApp / getContainerApps (+ Output forms) against the emulator's fixture
 * applications: app-1 "shop" (containers web and worker from registry 1, web's CDN endpoint
 * through pull zone 1, the volume db-data mounted; volumes cache-data and db-data) and app-2,
 * a bare application. Also getRegistry fed an ImageRegistry-style id (a decimal string Output).
 */
import * as pulumi from "@pulumi/pulumi";
import { EdgeApiError } from "../../packages/client/src/api/errors";
import { InvalidArgumentError } from "../../packages/client/src";
import {
  getContainerApp,
  getContainerAppOutput,
  getContainerApps,
  getContainerAppsOutput,
} from "../../packages/pulumi/src/functions/containers-apps";
import { getRegistry, getRegistryOutput } from "../../packages/pulumi/src/functions/containers";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import type { McApp } from "../../packages/emulator/src/state-containers";
import { Emu, journal, opts, rejection, reset, settle, start } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
afterAll(async () => {
  clearClientCache();
  await emu.close();
});
beforeEach(() => reset(emu));

const SHA256 = /^sha256:[0-9a-f]{64}$/;

describe("getContainerApp", () => {
  test("app-1 'shop': settings, two containers by name, the CDN endpoint and the volumes", async () => {
    const app = await getContainerApp({ appId: "app-1" }, opts(emu));
    expect(app).toMatchObject({
      appId: "app-1",
      name: "shop",
      runtimeType: "shared",
      autoScaling: { min: 1, max: 3 },
      regionSettings: {
        allowedRegionIds: ["DE", "NY", "SG", "UK"],
        requiredRegionIds: ["DE"],
        maxAllowedRegions: 3,
        provisioningType: "static",
      },
    });
    expect(typeof app.status).toBe("string");
    expect(app.containers.map((c) => c.name)).toEqual(["web", "worker"]);
    const [web, worker] = app.containers;
    expect(web).toMatchObject({
      containerId: "ct-web",
      image: "acme/shop-web:1.4.2",
      imageNamespace: "acme",
      imageName: "shop-web",
      imageTag: "1.4.2",
      imageRegistryId: 1,
      imagePullPolicy: "ifNotPresent",
      volumeMounts: [{ name: "db-data", mountPath: "/var/lib/data" }],
    });
    expect(worker).toMatchObject({ containerId: "ct-worker", image: "acme/shop-worker:1.4.2" });
    expect(web.imageDigest).toMatch(SHA256);
    expect(worker.imageDigest).toMatch(SHA256);
    expect(web.imageDigest).not.toBe(worker.imageDigest);
    // By name, whatever the platform's order (LOG_LEVEL is first on the platform).
    expect(web.environmentVariables).toEqual([
      { name: "DB_PASSWORD", value: "fixture-db-secret" },
      { name: "LOG_LEVEL", value: "info" },
    ]);
    const cdn = {
      endpointId: "ep-cdn",
      containerName: "web",
      displayName: "public",
      type: "cdn",
      publicHost: "ep-cdn.containers.emulator.test",
      isSslEnabled: true,
      pullZoneId: 1,
      portMappings: [{ containerPort: 8080, exposedPort: 80, protocols: ["tcp"] }],
    };
    expect(web.endpoints).toEqual([cdn]);
    expect(worker.endpoints).toEqual([]);
    expect(worker.environmentVariables).toEqual([]);
    expect(app.endpoints).toEqual([cdn]);
    expect(app.volumes).toEqual([
      {
        volumeId: "vol-detached",
        name: "cache-data",
        size: 10,
        totalInstancesCount: 3,
        attachedInstancesCount: 0,
      },
      {
        volumeId: "vol-attached",
        name: "db-data",
        size: 20,
        totalInstancesCount: 2,
        attachedInstancesCount: 1,
      },
    ]);
  });

  test("app-2: a bare application (no containers, endpoints or volumes)", async () => {
    const app = await getContainerApp({ appId: "app-2" }, opts(emu));
    expect(app).toMatchObject({
      appId: "app-2",
      containers: [],
      endpoints: [],
      volumes: [],
      regionSettings: {
        allowedRegionIds: ["DE", "NY"],
        requiredRegionIds: [],
        maxAllowedRegions: null,
        provisioningType: "dynamic",
      },
    });
  });

  test("an unknown app: 404 naming the id", async () => {
    const e = (await rejection(getContainerApp({ appId: "app-404" }, opts(emu)))) as EdgeApiError;
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.isNotFound).toBe(true);
    expect(e.message).toContain('container app "app-404" was not found');
  });

  test.each([
    [{}, /"appId".*got undefined/],
    [{ appId: "" }, /"appId"/],
    [{ appId: 1 }, /"appId"/],
    [{ appId: "app-1", extra: 1 }, /"extra": unknown argument; allowed arguments: appId/],
  ])("invalid args %p", async (args, msg) => {
    const e = await rejection(getContainerApp(args as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/^edgeplatform: containers\.getContainerApp: /);
    expect(e.message).toMatch(msg);
  });
});

describe("getContainerAppOutput", () => {
  test("app-1 has environment values: a secret Output; its fields via unsecret", async () => {
    const app = getContainerAppOutput({ appId: pulumi.output("app-1") }, opts(emu));
    const whole = await settle(app);
    expect(whole.secret).toBe(true);
    expect(whole.value.name).toBe("shop");
    const host = await settle(pulumi.unsecret(app.endpoints.apply((e) => e[0].publicHost)));
    expect(host).toEqual({ value: "ep-cdn.containers.emulator.test", secret: false });
  });

  test("app-2 has no environment value: a plain Output; an id from a promise", async () => {
    const app = await settle(getContainerAppOutput({ appId: Promise.resolve("app-2") }, opts(emu)));
    expect(app.secret).toBe(false);
    expect(app.value.appId).toBe("app-2");
  });
});

describe("getContainerApps", () => {
  test("every application; a name filter keeps the exact name", async () => {
    const all = await getContainerApps({}, opts(emu));
    expect(all.apps.map((a) => a.appId).sort()).toEqual(["app-1", "app-2"]);
    expect(all.apps.find((a) => a.appId === "app-1")).toEqual({
      appId: "app-1",
      name: "shop",
      status: expect.any(String),
      displayEndpoint: "ep-cdn.containers.emulator.test",
    });
    const shop = await getContainerApps({ name: "shop" }, opts(emu));
    expect(shop.apps.map((a) => a.appId)).toEqual(["app-1"]);
    expect((await getContainerApps({ name: "sho" }, opts(emu))).apps).toEqual([]);
  });

  test("every page: 1 002 applications are two pages of the list", async () => {
    const { EmulatorControl } = await import("../../packages/emulator/src");
    await new EmulatorControl(emu.url).updateState((s) => {
      const bare = s.apps.find((a) => a.id === "app-2") as McApp;
      for (let i = 0; i < 1000; i++)
        s.apps.push({ ...bare, id: `app-x${i}`, name: `extra-${i}`, volumes: [] } as McApp);
    });
    const res = await getContainerAppsOutput({}, opts(emu)).apply((r) => r);
    const { value } = await settle(res);
    expect(value.apps).toHaveLength(1002);
    expect(new Set(value.apps.map((a) => a.appId)).size).toBe(1002);
    expect((await journal(emu, /^\/mc\/apps$/)).length).toBe(2);
  });

  test("invalid name", async () => {
    const e = await rejection(getContainerApps({ name: 3 } as never, opts(emu)));
    expect(e.message).toMatch(/containers\.getContainerApps: invalid argument "name"/);
  });
});

describe("getRegistry takes an ImageRegistry's id output", () => {
  test("a decimal string id (a resource's id), also as an Output<string>", async () => {
    expect((await getRegistry({ registryId: "1" }, opts(emu))).id).toBe(1);
    const r = await settle(
      getRegistryOutput({ registryId: pulumi.output<string>("2") }, opts(emu)),
    );
    expect(r.value.id).toBe(2);
    const n = await settle(getRegistryOutput({ registryId: pulumi.output<number>(2) }, opts(emu)));
    expect(n.value.id).toBe(2);
  });

  test("a string that is not a decimal id is refused naming registryId", async () => {
    for (const bad of ["0", "1.5", "abc", "-2"]) {
      const e = await rejection(getRegistry({ registryId: bad }, opts(emu)));
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.message).toMatch(/invalid argument "registryId"/);
    }
  });
});
