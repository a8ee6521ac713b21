/**
 * Every Magic Containers operation of the published document, client → emulator: the client
 * has a method for each (and no other), each succeeds on the fixtures with the status the
 * document declares, its answer has the document's shape (`additionalProperties: false` as
 * published), and the body the client sent conforms to the document's request shape. The
 * document is the committed facts-only extract (packages/client/openapi).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv from "ajv";
import type { Client } from "../../packages/client/src";
import { CONTAINERS_OPERATIONS, containersEndpoints } from "../../packages/client/src";
import { Emu, journal, useEmulator } from "./helpers";

const DOC = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, "../../packages/client/openapi/magic-containers-api.json"),
    "utf8",
  ),
);
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
ajv.addSchema(DOC, "mc");
const shape = (name: string) =>
  name.startsWith("array:")
    ? { type: "array", items: { $ref: `mc#/components/schemas/${name.slice(6)}` } }
    : { $ref: `mc#/components/schemas/${name}` };

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

const registry = {
  displayName: "r",
  passwordCredentials: { userName: "u", password: "pw-123456789" },
};
const image = { registryId: "1", imageNamespace: "acme", imageName: "shop-web" };
const container = {
  name: "sidecar",
  imageRegistryId: "1",
  imageNamespace: "acme",
  imageName: "proxy",
  imageTag: "1.0.0",
};
const endpoint = {
  displayName: "edge",
  cdn: { pullZoneId: 1, portMappings: [{ containerPort: 80 }] },
};
const forwarding = {
  app: "app-1",
  type: "SyslogTcp" as const,
  endpoint: "logs.example.test",
  port: 514,
  token: "lf-token-123456",
  format: "SyslogRfc5424" as const,
  enabled: true,
};
const appBody = {
  name: "shop",
  runtimeType: "shared" as const,
  autoScaling: { min: 1, max: 3 },
  regionSettings: {},
  volumes: [{ name: "db-data", size: 20 }],
  containerTemplates: [{ id: "ct-web", ...container, name: "web" }],
};

/** One call per client method, on the fixtures. */
const CALLS: Record<string, (c: Client) => Promise<unknown>> = {
  listApps: (c) => c.containers.listApps(),
  addApp: (c) =>
    c.containers.addApp({ ...appBody, name: "new", containerTemplates: [container], volumes: [] }),
  getApp: (c) => c.containers.getApp("app-1"),
  updateApp: (c) => c.containers.updateApp("app-1", appBody),
  patchApp: (c) => c.containers.patchApp("app-1", { name: "shop-2" }),
  deleteApp: (c) => c.containers.deleteApp("app-2"),
  deployApp: (c) => c.containers.deployApp("app-1"),
  undeployApp: (c) => c.containers.undeployApp("app-1"),
  restartApp: (c) => c.containers.restartApp("app-1"),
  getAppStatistics: (c) =>
    c.containers.getAppStatistics("app-1", {
      fromDate: "2026-01-01T00:00:00Z",
      granularity: "Hourly",
    }),
  getAppSummary: (c) => c.containers.getAppSummary("app-1"),
  getAppOverview: (c) => c.containers.getAppOverview("app-1"),
  getAutoscaling: (c) => c.containers.getAutoscaling("app-1"),
  updateAutoscaling: (c) => c.containers.updateAutoscaling("app-1", { min: 2, max: 4 }),
  getRegionSettings: (c) => c.containers.getRegionSettings("app-1"),
  updateRegionSettings: (c) => c.containers.updateRegionSettings("app-1", { maxAllowedRegions: 2 }),
  listRegistries: (c) => c.containers.listRegistries(),
  addRegistry: (c) => c.containers.addRegistry(registry),
  getRegistry: (c) => c.containers.getRegistry(1),
  updateRegistry: (c) => c.containers.updateRegistry(2, registry),
  deleteRegistry: (c) => c.containers.deleteRegistry(2),
  searchPublicImages: (c) => c.containers.searchPublicImages({ registryId: "1", prefix: "shop" }),
  listImages: (c) => c.containers.listImages({ registryId: "1" }),
  listImageTags: (c) => c.containers.listImageTags(image),
  getImageConfig: (c) => c.containers.getImageConfig({ ...image, tag: "1.4.2" }),
  getImageDigest: (c) => c.containers.getImageDigest({ ...image, tag: "1.4.2" }),
  getConfigSuggestions: (c) =>
    c.containers.getConfigSuggestions({ ...image, tag: "1.4.2" } as never),
  addContainer: (c) => c.containers.addContainer("app-1", container),
  getContainer: (c) => c.containers.getContainer("app-1", "ct-web"),
  patchContainer: (c) => c.containers.patchContainer("app-1", "ct-web", { imageTag: "1.5.0" }),
  deleteContainer: (c) => c.containers.deleteContainer("app-1", "ct-worker"),
  setContainerEnv: (c) => c.containers.setContainerEnv("app-1", "ct-web", { MODE: "x" }),
  listEndpoints: (c) => c.containers.listEndpoints("app-1"),
  addEndpoint: (c) => c.containers.addEndpoint("app-1", "ct-worker", endpoint),
  updateEndpoint: (c) => c.containers.updateEndpoint("app-1", "ep-cdn", endpoint),
  deleteEndpoint: (c) => c.containers.deleteEndpoint("app-1", "ep-cdn"),
  listVolumes: (c) => c.containers.listVolumes("app-1"),
  updateVolume: (c) => c.containers.updateVolume("app-1", "vol-attached", { size: 30 }),
  deleteVolumeInstances: (c) => c.containers.deleteVolumeInstances("app-1", "vol-detached"),
  detachVolume: (c) => c.containers.detachVolume("app-1", "vol-attached"),
  deleteVolumeInstance: (c) => c.containers.deleteVolumeInstance("app-1", "vol-attached", "vi-a2"),
  recreatePod: (c) => c.containers.recreatePod("app-1", "pod-app-1-0"),
  listRegions: (c) => c.containers.listRegions(),
  getOptimalRegion: (c) => c.containers.getOptimalRegion(),
  getLimits: (c) => c.containers.getLimits(),
  listNodes: (c) => c.containers.listNodes(),
  listNodesPlain: (c) => c.containers.listNodesPlain(),
  listLogForwarding: (c) => c.containers.listLogForwarding(),
  addLogForwarding: (c) => c.containers.addLogForwarding(forwarding),
  getLogForwarding: async (c) => {
    await c.containers.addLogForwarding(forwarding);
    return c.containers.getLogForwarding("app-1");
  },
  updateLogForwarding: async (c) => {
    await c.containers.addLogForwarding(forwarding);
    return c.containers.updateLogForwarding("app-1", { ...forwarding, port: 6514 });
  },
  deleteLogForwarding: async (c) => {
    await c.containers.addLogForwarding(forwarding);
    return c.containers.deleteLogForwarding("app-1");
  },
};

test("a client method per operation of the document, and no other", () => {
  const fromDoc = Object.entries(
    DOC.paths as Record<string, Record<string, { operationId: string }>>,
  )
    .flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, o]) => `${m.toUpperCase()} /mc${p} ${o.operationId}`),
    )
    .sort();
  const fromClient = CONTAINERS_OPERATIONS.map((o) => {
    const e = containersEndpoints[o.clientMethod as keyof typeof containersEndpoints];
    return `${e.method} ${e.path} ${o.operationId}`;
  }).sort();
  expect(fromClient).toEqual(fromDoc);
  expect(fromDoc).toHaveLength(52);
  expect(Object.keys(CALLS).sort()).toEqual(
    CONTAINERS_OPERATIONS.map((o) => o.clientMethod).sort(),
  );
});

describe.each(CONTAINERS_OPERATIONS.map((o) => [o.operationId, o] as const))("%s", (_, op) => {
  test("succeeds with the declared status; answer and request have the document's shapes", async () => {
    const answer = await CALLS[op.clientMethod](c);
    const route = new RegExp(
      "^/mc" + op.path.replace(/\{[^}]+\}/g, "[^/]+").replace(/\//g, "\\/") + "$",
    );
    const sent = (await journal(emu, route, op.method)).at(-1)!;
    expect(sent.status).toBe(op.status);
    if (op.answer) {
      const check = ajv.compile(shape(op.answer));
      expect(check(answer) ? [] : check.errors).toEqual([]);
    }
    if (op.body) {
      const check = ajv.compile(shape(op.body));
      expect(check(sent.body) ? [] : check.errors).toEqual([]);
    }
  });
});
