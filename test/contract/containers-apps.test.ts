/**
 * Client vs emulator: Magic Containers applications — list, add, get, PUT (profile
 * `mcAppPut`), PATCH, delete, autoscaling, region settings — the emulator's own validation
 * naming the field, and which writes the client repeats. Fixtures: `app-1` ("shop", containers
 * `web` with a CDN endpoint through pull zone 1 and the volume `db-data`, and `worker`, from
 * the private registry 1), `app-2` (bare).
 */
import type { Client } from "../../packages/client/src";
import type { McAddApplicationRequest } from "../../packages/client/src";
import { apiError, Emu, fault, journal, useEmulator, withProfile } from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

/** A new application: two containers (one with a CDN endpoint through pull zone 2), a volume. */
function newApp(over: Partial<McAddApplicationRequest> = {}): McAddApplicationRequest {
  return {
    name: "blog",
    runtimeType: "shared",
    autoScaling: { min: 1, max: 2 },
    regionSettings: { allowedRegionIds: ["DE", "NY"], requiredRegionIds: ["DE"] },
    volumes: [{ name: "uploads", size: 5 }],
    containerTemplates: [
      {
        name: "app",
        imageRegistryId: "1",
        imageNamespace: "acme",
        imageName: "blog",
        imageTag: "2.0.0",
        environmentVariables: [{ name: "MODE", value: "production" }],
        endpoints: [
          {
            displayName: "site",
            cdn: { isSslEnabled: true, pullZoneId: 2, portMappings: [{ containerPort: 3000 }] },
          },
        ],
        volumeMounts: [{ name: "uploads", mountPath: "/srv/uploads" }],
      },
      {
        name: "cron",
        imageRegistryId: "2",
        imageNamespace: "acme",
        imageName: "blog-cron",
        imageTag: "2.0.0",
      },
    ],
    ...over,
  };
}

describe("applications: list, get", () => {
  test("the fixture applications, in creation order", async () => {
    const r = await c.containers.listApps();
    expect(r.items?.map((a) => [a.id, a.name, a.status])).toEqual([
      ["app-1", "shop", "active"],
      ["app-2", "app-2", "active"],
    ]);
    expect(r.meta?.totalItems).toBe(2);
  });

  test("a page of one, then the next by its cursor", async () => {
    const first = await c.containers.listApps({ limit: 1 });
    expect(first.items?.map((a) => a.id)).toEqual(["app-1"]);
    const second = await c.containers.listApps({ limit: 1, nextCursor: first.cursor! });
    expect(second.items?.map((a) => a.id)).toEqual(["app-2"]);
    expect(second.cursor).toBeNull();
  });

  test("app-1: two containers, the CDN endpoint through pull zone 1, the volume db-data", async () => {
    const a = await c.containers.getApp("app-1");
    expect(a.containerTemplates.map((t) => t.name)).toEqual(["web", "worker"]);
    expect(a.containerTemplates[0].endpoints).toEqual([
      expect.objectContaining({ type: "cdn", pullZoneId: "1", displayName: "public" }),
    ]);
    expect(a.containerTemplates[0].volumeMounts).toEqual([
      { name: "db-data", mountPath: "/var/lib/data" },
    ]);
    expect(a.volumes).toContainEqual({ name: "db-data", size: 20 });
    expect(a.displayEndpoint).toMatchObject({ id: "ep-cdn", type: "cdn" });
  });

  test("unknown application: 404", async () => {
    expect((await apiError(c.containers.getApp("nope"))).status).toBe(404);
  });
});

describe("applications: add", () => {
  test("round trip: what was sent is read back, deployed", async () => {
    const { id } = await c.containers.addApp(newApp());
    const a = await c.containers.getApp(id!);
    expect(a).toMatchObject({ name: "blog", runtimeType: "shared", status: "active" });
    expect(a.autoScaling).toEqual({ min: 1, max: 2 });
    expect(a.regionSettings).toMatchObject({
      allowedRegionIds: ["DE", "NY"],
      requiredRegionIds: ["DE"],
    });
    expect(a.volumes).toEqual([{ name: "uploads", size: 5 }]);
    const [app, cron] = a.containerTemplates;
    expect(app).toMatchObject({
      name: "app",
      image: "acme/blog:2.0.0",
      imageRegistryId: "1",
      environmentVariables: [{ name: "MODE", value: "production" }],
      volumeMounts: [{ name: "uploads", mountPath: "/srv/uploads" }],
    });
    expect(app.endpoints[0]).toMatchObject({
      type: "cdn",
      pullZoneId: "2",
      portMappings: [{ containerPort: 3000, exposedPort: 3000, protocols: ["tcp"] }],
    });
    expect(cron).toMatchObject({ name: "cron", imageRegistryId: "2", endpoints: [] });
    expect((await c.containers.listApps()).items?.map((x) => x.name)).toEqual([
      "shop",
      "app-2",
      "blog",
    ]);
  });

  test("a second application of the same name: 409", async () => {
    expect((await apiError(c.containers.addApp(newApp({ name: "shop" })))).status).toBe(409);
  });

  test.each([
    ["a missing required field", { autoScaling: undefined }, "autoScaling"],
    ["a runtime type outside the enumeration", { runtimeType: "huge" }, "runtimeType"],
    ["an autoscaling min above max", { autoScaling: { min: 3, max: 2 } }, "autoScaling.min"],
  ])("validation: %s names the field", async (_, over, field) => {
    const e = await apiError(c.containers.addApp(newApp(over as Partial<McAddApplicationRequest>)));
    expect(e.status).toBe(400);
    expect(e.fieldErrors.map((f) => f.field).join(" ")).toContain(field);
  });

  test.each([
    ["an unknown registry", { imageRegistryId: "99" }, "containerTemplates[0].imageRegistryId"],
    [
      "an unknown pull zone",
      { endpoints: [{ displayName: "x", cdn: { pullZoneId: 999 } }] },
      "containerTemplates[0].endpoints[0].cdn.pullZoneId",
    ],
    [
      "a mount of an unknown volume",
      { volumeMounts: [{ name: "other", mountPath: "/x" }] },
      "containerTemplates[0].volumeMounts[0].name",
    ],
  ])("the emulator's own checks: %s names the field", async (_, over, field) => {
    const base = newApp();
    const body = {
      ...base,
      containerTemplates: [{ ...base.containerTemplates![0], ...over }],
    } as McAddApplicationRequest;
    const e = await apiError(c.containers.addApp(body));
    expect(e.status).toBe(400);
    expect(e.fieldErrors.map((f) => f.field)).toContain(field);
    expect((await c.containers.listApps()).items).toHaveLength(2);
  });

  test("not repeated on a 503 (a create is not idempotent)", async () => {
    await fault(emu, { method: "POST", path: "^/mc/apps$", status: 503 });
    expect((await apiError(c.containers.addApp(newApp()))).status).toBe(503);
    expect(await journal(emu, /^\/mc\/apps$/, "POST")).toHaveLength(1);
  });
});

describe("applications: PUT, PATCH, delete", () => {
  /** PUT of app-1 with only its worker, on a new tag. */
  const workerOnly = async () => {
    const a = await c.containers.getApp("app-1");
    const w = a.containerTemplates[1];
    return {
      name: "shop",
      runtimeType: "shared" as const,
      autoScaling: { min: 1, max: 3 },
      regionSettings: {},
      volumes: [{ name: "db-data", size: 20 }],
      containerTemplates: [
        {
          id: w.id,
          name: w.name,
          imageRegistryId: w.imageRegistryId,
          imageNamespace: w.imageNamespace,
          imageName: w.imageName,
          imageTag: "1.5.0",
        },
      ],
    };
  };

  test("default profile: PUT replaces (the web container not sent is gone)", async () => {
    await c.containers.updateApp("app-1", await workerOnly());
    const a = await c.containers.getApp("app-1");
    expect(a.containerTemplates.map((t) => [t.name, t.imageTag])).toEqual([["worker", "1.5.0"]]);
  });

  test("profile mcAppPut merge: PUT keeps the web container not sent", async () => {
    await withProfile(emu, { mcAppPut: "merge" }, async () => {
      await c.containers.updateApp("app-1", await workerOnly());
      const a = await c.containers.getApp("app-1");
      expect(a.containerTemplates.map((t) => [t.name, t.imageTag])).toEqual([
        ["web", "1.4.2"],
        ["worker", "1.5.0"],
      ]);
    });
  });

  test("PUT naming a container the application lacks: 400 naming containerTemplates[0].id", async () => {
    const body = await workerOnly();
    body.containerTemplates[0].id = "ct-nope";
    const e = await apiError(c.containers.updateApp("app-1", body));
    expect(e.fieldErrors.map((f) => f.field)).toContain("containerTemplates[0].id");
  });

  test("PUT is repeated on a 503 (idempotent)", async () => {
    await fault(emu, { method: "PUT", path: "^/mc/apps/app-1$", status: 503 });
    await c.containers.updateApp("app-1", await workerOnly());
    expect(await journal(emu, /^\/mc\/apps\/app-1$/, "PUT")).toHaveLength(2);
  });

  test("PATCH of the name keeps the containers", async () => {
    await c.containers.patchApp("app-1", { name: "shop-2" });
    const a = await c.containers.getApp("app-1");
    expect(a.name).toBe("shop-2");
    expect(a.containerTemplates.map((t) => t.name)).toEqual(["web", "worker"]);
  });

  test("delete, then 404 on read and on a second delete", async () => {
    await c.containers.deleteApp("app-2");
    expect((await apiError(c.containers.getApp("app-2"))).status).toBe(404);
    expect((await apiError(c.containers.deleteApp("app-2"))).status).toBe(404);
    expect((await c.containers.listApps()).items?.map((a) => a.id)).toEqual(["app-1"]);
  });
});

describe("autoscaling and region settings", () => {
  test("autoscaling round trip", async () => {
    expect(await c.containers.getAutoscaling("app-1")).toEqual({ min: 1, max: 3 });
    await c.containers.updateAutoscaling("app-1", { min: 2, max: 5 });
    expect(await c.containers.getAutoscaling("app-1")).toEqual({ min: 2, max: 5 });
  });

  test("autoscaling out of range names the field", async () => {
    const e = await apiError(c.containers.updateAutoscaling("app-1", { min: 0, max: 5 }));
    expect(e.status).toBe(400);
    expect(e.fieldErrors.map((f) => f.field).join(" ")).toMatch(/min/);
  });

  test("region settings: the fields sent change, a required region outside the allowed refused", async () => {
    await c.containers.updateRegionSettings("app-1", { requiredRegionIds: ["DE", "NY"] });
    expect(await c.containers.getRegionSettings("app-1")).toMatchObject({
      allowedRegionIds: ["DE", "NY", "SG", "UK"],
      requiredRegionIds: ["DE", "NY"],
      maxAllowedRegions: 3,
    });
    const e = await apiError(
      c.containers.updateRegionSettings("app-1", { requiredRegionIds: ["JP"] }),
    );
    expect(e.fieldErrors.map((f) => f.field)).toEqual(["requiredRegionIds"]);
  });
});

describe("list order profile", () => {
  test("mcListOrder name sorts by name; created keeps creation order", async () => {
    await c.containers.addApp(newApp({ name: "analytics" }));
    expect((await c.containers.listApps()).items?.map((a) => a.name)).toEqual([
      "shop",
      "app-2",
      "analytics",
    ]);
    await withProfile(emu, { mcListOrder: "name" }, async () => {
      expect((await c.containers.listApps()).items?.map((a) => a.name)).toEqual([
        "analytics",
        "app-2",
        "shop",
      ]);
    });
  });
});
