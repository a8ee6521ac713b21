/**
 * Client vs emulator: Magic Containers container templates, environment variables,
 * endpoints and volumes of application `app-1` (containers `ct-web` with endpoint `ep-cdn`
 * through pull zone 1, and `ct-worker`; volume templates `vol-detached` and `vol-attached`).
 */
import type { Client } from "../../packages/client/src";
import { apiError, useEmulator, withProfile, type Emu } from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

const sidecar = {
  name: "sidecar",
  imageRegistryId: "2",
  imageNamespace: "acme",
  imageName: "proxy",
  imageTag: "0.9.1",
};

describe("containers", () => {
  test("add, read, patch (fields sent only), delete", async () => {
    const added = await c.containers.addContainer("app-1", sidecar);
    expect(added).toMatchObject({ ...sidecar, image: "acme/proxy:0.9.1", endpoints: [] });
    expect(await c.containers.getContainer("app-1", added.id)).toEqual(added);
    const patched = await c.containers.patchContainer("app-1", added.id, { imageTag: "1.0.0" });
    expect(patched).toMatchObject({ name: "sidecar", imageTag: "1.0.0", imageRegistryId: "2" });
    await c.containers.deleteContainer("app-1", added.id);
    expect((await apiError(c.containers.getContainer("app-1", added.id))).status).toBe(404);
    expect((await c.containers.getApp("app-1")).containerTemplates.map((t) => t.id)).toEqual([
      "ct-web",
      "ct-worker",
    ]);
  });

  test("a name already used in the application: 400 naming name", async () => {
    const e = await apiError(c.containers.addContainer("app-1", { ...sidecar, name: "web" }));
    expect(e.fieldErrors.map((f) => f.field)).toEqual(["name"]);
  });

  test("an image tag with no letter or digit (outside the document's pattern): 400 naming imageTag", async () => {
    const e = await apiError(c.containers.addContainer("app-1", { ...sidecar, imageTag: "--" }));
    expect(e.status).toBe(400);
    expect(e.fieldErrors.map((f) => f.field).join(" ")).toContain("imageTag");
  });

  test("the last container of an application cannot be deleted", async () => {
    await c.containers.deleteContainer("app-1", "ct-worker");
    const e = await apiError(c.containers.deleteContainer("app-1", "ct-web"));
    expect(e.status).toBe(400);
    expect(e.fieldErrors.map((f) => f.field)).toEqual(["containerId"]);
  });

  test("environment: PUT replaces the variables (name → value)", async () => {
    const t = await c.containers.setContainerEnv("app-1", "ct-web", { A: "1", B: "two" });
    expect(t.environmentVariables).toEqual([
      { name: "A", value: "1" },
      { name: "B", value: "two" },
    ]);
  });
});

describe("endpoints", () => {
  test("list with the container's name; add, update (same id and host), delete", async () => {
    expect((await c.containers.listEndpoints("app-1")).items).toEqual([
      expect.objectContaining({
        id: "ep-cdn",
        containerId: "ct-web",
        containerName: "web",
        pullZoneId: "1",
      }),
    ]);
    const { id } = await c.containers.addEndpoint("app-1", "ct-worker", {
      displayName: "admin",
      cdn: { pullZoneId: 2, portMappings: [{ containerPort: 9000, exposedPort: 443 }] },
    });
    const before = (await c.containers.listEndpoints("app-1")).items!.find((e) => e.id === id)!;
    expect(before).toMatchObject({ containerId: "ct-worker", pullZoneId: "2" });
    await c.containers.updateEndpoint("app-1", id!, {
      displayName: "admin-2",
      cdn: { pullZoneId: 1, portMappings: [{ containerPort: 9001 }] },
    });
    const after = (await c.containers.listEndpoints("app-1")).items!.find((e) => e.id === id)!;
    expect(after).toMatchObject({
      id,
      publicHost: before.publicHost,
      displayName: "admin-2",
      pullZoneId: "1",
    });
    await c.containers.deleteEndpoint("app-1", id!);
    expect((await c.containers.listEndpoints("app-1")).items?.map((e) => e.id)).toEqual(["ep-cdn"]);
  });

  test("list order: by display name under mcListOrder name", async () => {
    await c.containers.addEndpoint("app-1", "ct-worker", {
      displayName: "admin",
      anycast: { type: "iPv4", portMappings: [{ containerPort: 53 }] },
    });
    const names = async () =>
      (await c.containers.listEndpoints("app-1")).items?.map((e) => e.displayName);
    expect(await names()).toEqual(["public", "admin"]);
    await withProfile(emu, { mcListOrder: "name" }, async () => {
      expect(await names()).toEqual(["admin", "public"]);
    });
  });

  test("an unknown pull zone: 400 naming cdn.pullZoneId; both cdn and anycast: 400", async () => {
    const e = await apiError(
      c.containers.addEndpoint("app-1", "ct-worker", {
        displayName: "x",
        cdn: { pullZoneId: 4242 },
      }),
    );
    expect(e.fieldErrors.map((f) => f.field)).toEqual(["cdn.pullZoneId"]);
    const both = await apiError(
      c.containers.addEndpoint("app-1", "ct-worker", {
        displayName: "x",
        cdn: {},
        anycast: { type: "iPv4", portMappings: [{ containerPort: 1 }] },
      }),
    );
    expect(both.status).toBe(400);
  });

  test("a port outside 1..65535: 400 naming the port", async () => {
    const e = await apiError(
      c.containers.addEndpoint("app-1", "ct-worker", {
        displayName: "x",
        cdn: { portMappings: [{ containerPort: 70000 }] },
      }),
    );
    expect(e.fieldErrors.map((f) => f.field).join(" ")).toContain("containerPort");
  });
});

describe("volumes", () => {
  test("resize grows the template and its instances; shrinking is refused naming size", async () => {
    expect(await c.containers.updateVolume("app-1", "vol-attached", { size: 25 })).toEqual({
      name: "db-data",
      size: 25,
    });
    const v = (await c.containers.listVolumes("app-1")).items.find((x) => x.id === "vol-attached")!;
    expect(v.volumeInstances.map((i) => i.size)).toEqual([25, 25]);
    const e = await apiError(c.containers.updateVolume("app-1", "vol-attached", { size: 5 }));
    expect(e.fieldErrors.map((f) => f.field)).toEqual(["size"]);
  });

  test("an attached instance cannot be deleted; after detach it can", async () => {
    const e = await apiError(c.containers.deleteVolumeInstance("app-1", "vol-attached", "vi-a1"));
    expect(e.fieldErrors.map((f) => f.field)).toEqual(["instanceId"]);
    expect(await c.containers.detachVolume("app-1", "vol-attached")).toEqual({ name: "db-data" });
    expect(await c.containers.deleteVolumeInstance("app-1", "vol-attached", "vi-a1")).toEqual({
      id: "vi-a1",
    });
    const v = (await c.containers.listVolumes("app-1")).items.find((x) => x.id === "vol-attached")!;
    expect(v.volumeInstances.map((i) => i.id)).toEqual(["vi-a2"]);
  });
});
