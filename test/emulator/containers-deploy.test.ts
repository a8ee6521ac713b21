/**
 * Magic Containers deployments move on the emulator clock: `progressing` for `mcDeployMs`,
 * then `active`, or `failing` for a container whose image tag starts with `fail`; deploy while
 * one is under way is a 409; undeploy makes the application `inactive` (a second undeploy is a
 * 409); restart and configuration changes start a new deployment.
 */
import { Client } from "../../packages/client/src";
import type { RunningEmulator } from "../../packages/emulator/src";
import { apiError } from "../contract/helpers";
import { NOW, start } from "./helpers";

let emu: RunningEmulator;
let c: Client;
let clock = NOW;
const DEPLOY_MS = 60_000;

beforeAll(async () => {
  emu = await start({ now: () => clock, profile: { mcDeployMs: DEPLOY_MS } });
  c = new Client({ apiKey: emu.apiKey, baseUrl: emu.url, maxAttempts: 1 });
});
afterAll(async () => {
  c.close();
  await emu.close();
});
beforeEach(() => {
  clock = NOW;
});

const status = async (id: string) => (await c.containers.getApp(id)).status;

/** A new application with one container on `tag`; answers its id. */
async function addApp(name: string, tag: string): Promise<string> {
  const { id } = await c.containers.addApp({
    name,
    runtimeType: "shared",
    autoScaling: { min: 1, max: 1 },
    regionSettings: {},
    containerTemplates: [
      {
        name: "main",
        imageRegistryId: "1",
        imageNamespace: "acme",
        imageName: "api",
        imageTag: tag,
      },
    ],
  });
  return id!;
}

test("a new application is progressing, then active once mcDeployMs have passed", async () => {
  const id = await addApp("alpha", "1.0.0");
  expect(await status(id)).toBe("progressing");
  clock += DEPLOY_MS - 1;
  expect(await status(id)).toBe("progressing");
  clock += 1;
  expect(await status(id)).toBe("active");
  expect((await c.containers.listApps()).items?.find((a) => a.id === id)?.status).toBe("active");
});

test("a container on a failing image: progressing, then failing; a fixed tag deploys again", async () => {
  const id = await addApp("beta", "fail-1");
  clock += DEPLOY_MS;
  expect(await status(id)).toBe("failing");
  const [ct] = (await c.containers.getApp(id)).containerTemplates;
  const { name, imageRegistryId, imageNamespace, imageName } = ct;
  const fixed = { id: ct.id, name, imageRegistryId, imageNamespace, imageName, imageTag: "1.0.1" };
  await c.containers.patchApp(id, { containerTemplates: [fixed] });
  expect(await status(id)).toBe("progressing");
  clock += DEPLOY_MS;
  expect(await status(id)).toBe("active");
});

test("deploy while progressing is a 409; after it, a new deployment starts", async () => {
  const id = await addApp("gamma", "1.0.0");
  expect((await apiError(c.containers.deployApp(id))).status).toBe(409);
  clock += DEPLOY_MS;
  await c.containers.deployApp(id);
  expect(await status(id)).toBe("progressing");
});

test("undeploy: inactive, a second undeploy 409, restart keeps it inactive, deploy starts it", async () => {
  const id = await addApp("delta", "1.0.0");
  clock += DEPLOY_MS;
  await c.containers.undeployApp(id);
  expect(await status(id)).toBe("inactive");
  expect((await apiError(c.containers.undeployApp(id))).status).toBe(409);
  await c.containers.restartApp(id);
  expect(await status(id)).toBe("inactive");
  await c.containers.deployApp(id);
  expect(await status(id)).toBe("progressing");
  clock += DEPLOY_MS;
  expect(await status(id)).toBe("active");
});

test("restart of a running application starts a new deployment", async () => {
  const id = await addApp("epsilon", "1.0.0");
  clock += DEPLOY_MS;
  await c.containers.restartApp(id);
  expect(await status(id)).toBe("progressing");
});

test("deploy of an unknown application: 404", async () => {
  expect((await apiError(c.containers.deployApp("nope"))).status).toBe(404);
});

test("an invalid mcDeployMs names the switch and its allowed values", async () => {
  const outcome = await start({ profile: { mcDeployMs: -5 } }).then(
    async (e) => {
      await e.close();
      return "started";
    },
    (err: Error) => err.message,
  );
  expect(outcome).toMatch(/mcDeployMs: must be an integer from 0 to 600000/);
});

test("the overview names each container's status, and a failing container's reason", async () => {
  const id = await addApp("overview-fail", "fail-2");
  const pods = async () => (await c.containers.getAppOverview(id)).regions?.[0]?.pods ?? [];
  expect((await pods())[0]?.containers).toEqual([
    expect.objectContaining({ name: "main", status: "started" }),
  ]);
  clock += DEPLOY_MS;
  expect((await pods())[0]?.containers).toEqual([
    expect.objectContaining({ name: "main", status: "notStarted", reason: "CrashLoopBackOff" }),
  ]);
  const ok = await addApp("overview-ok", "1.0.0");
  clock += DEPLOY_MS;
  const [region] = (await c.containers.getAppOverview(ok)).regions ?? [];
  expect(region?.pods?.[0]?.containers).toEqual([
    expect.objectContaining({ name: "main", status: "ready" }),
  ]);
  expect(region?.pods?.[0]?.containers?.[0]).not.toHaveProperty("reason");
});
