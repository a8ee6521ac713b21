/** Client vs emulator: container registries, region settings and volumes. */
import { Client } from "../../packages/client/src";
import { apiError, Emu, fault, journal, wrongKeyClient, useEmulator } from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

describe("GET /mc/registries/{registryId} -> containers.getRegistry", () => {
  test("success", async () => {
    const r = await c.containers.getRegistry(1);
    expect(r).toMatchObject({ id: 1, hostName: "docker.io", isPublic: false });
  });
  test("unknown registry: 404 problem B", async () => {
    const e = await apiError(c.containers.getRegistry(999));
    expect(e.status).toBe(404);
    expect(e.isNotFound).toBe(true);
    expect(e.body).toHaveProperty("errors");
    expect(e.body).toHaveProperty("id");
  });
  test("wrong key: 401 problem A", async () => {
    const e = await apiError(wrongKeyClient(emu).containers.getRegistry(1));
    expect(e.status).toBe(401);
    expect(e.body).toHaveProperty("type");
    expect(e.errorKey).toBeDefined();
  });
  test("validation: a negative id is a 400", async () => {
    expect((await apiError(c.containers.getRegistry(-1))).status).toBe(400);
  });
  test("500 problem B is decoded and not retried", async () => {
    await fault(emu, { method: "GET", path: "^/mc/registries/1$", status: 500 });
    const e = await apiError(c.containers.getRegistry(1));
    expect(e.status).toBe(500);
    expect(await journal(emu, /^\/mc\/registries\/1$/)).toHaveLength(1);
  });
});

describe("GET /mc/apps/{appId}/region-settings -> containers.getRegionSettings", () => {
  test("success (static, with maxAllowedRegions)", async () => {
    expect(await c.containers.getRegionSettings("app-1")).toMatchObject({
      provisioningType: "static",
      maxAllowedRegions: 3,
    });
  });
  test("success (dynamic, maxAllowedRegions absent)", async () => {
    const r = await c.containers.getRegionSettings("app-2");
    expect(r.provisioningType).toBe("dynamic");
    expect(r.maxAllowedRegions).toBeUndefined();
  });
  test("unknown app: 404", async () => {
    expect((await apiError(c.containers.getRegionSettings("nope"))).isNotFound).toBe(true);
  });
  test("wrong key: 401", async () => {
    expect((await apiError(wrongKeyClient(emu).containers.getRegionSettings("app-1"))).status).toBe(
      401,
    );
  });
  test("path values are URL-encoded", async () => {
    await apiError(c.containers.getRegionSettings("a b/c"));
    const [j] = await journal(emu, /region-settings$/);
    expect(j.path).toBe("/mc/apps/a%20b%2Fc/region-settings");
  });
});

describe("GET /mc/apps/{appId}/volumes -> containers.listVolumes", () => {
  test("success", async () => {
    const r = await c.containers.listVolumes("app-1");
    expect(r.items.map((v) => v.id).sort()).toEqual(["vol-attached", "vol-detached"]);
    expect(r.meta.totalItems).toBe(2);
  });
  test("unknown app: 404", async () => {
    expect((await apiError(c.containers.listVolumes("nope"))).status).toBe(404);
  });
  test("wrong key: 401", async () => {
    expect((await apiError(wrongKeyClient(emu).containers.listVolumes("app-1"))).status).toBe(401);
  });
});

describe("DELETE /mc/apps/{appId}/volumes/{volumeId} -> containers.deleteVolumeInstances", () => {
  test("success: ids of the deleted instances", async () => {
    const r = await c.containers.deleteVolumeInstances("app-1", "vol-detached");
    expect(r.ids).toHaveLength(3);
  });
  test("attached instances: 400 problem B with field errors", async () => {
    const e = await apiError(c.containers.deleteVolumeInstances("app-1", "vol-attached"));
    expect(e.status).toBe(400);
    expect(e.fieldErrors.length).toBeGreaterThan(0);
    expect(e.message).toMatch(
      /^containers\.deleteVolumeInstances \(DELETE \/mc\/apps\/app-1\/volumes\/vol-attached\) failed: 400/,
    );
  });
  test("unknown volume: 404", async () => {
    expect((await apiError(c.containers.deleteVolumeInstances("app-1", "nope"))).isNotFound).toBe(
      true,
    );
  });
  test("wrong key: 401", async () => {
    expect(
      (
        await apiError(
          wrongKeyClient(emu).containers.deleteVolumeInstances("app-1", "vol-detached"),
        )
      ).status,
    ).toBe(401);
  });
  test("a 503 is not re-sent (the volume DELETE is not idempotent)", async () => {
    await fault(emu, {
      method: "DELETE",
      path: "^/mc/apps/app-1/volumes/vol-detached$",
      status: 503,
    });
    await expect(c.containers.deleteVolumeInstances("app-1", "vol-detached")).rejects.toMatchObject(
      { status: 503, attempts: 1 },
    );
    expect(await journal(emu, /vol-detached$/, "DELETE")).toHaveLength(1);
  });
});
