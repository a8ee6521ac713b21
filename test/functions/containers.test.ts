/** containers.getRegistry / getRegionSettings (+ Output forms) against the emulator. */
import * as pulumi from "@pulumi/pulumi";
import { EdgeApiError } from "../../packages/client/src/api/errors";
import {
  getRegionSettings,
  getRegionSettingsOutput,
  getRegistry,
  getRegistryOutput,
} from "../../packages/pulumi/src/functions/containers";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { InvalidArgumentError } from "../../packages/client/src";
import { Emu, opts, rejection, settle, start } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

const REGISTRY_FIELDS = [
  "id",
  "accountId",
  "userId",
  "namespaceId",
  "displayName",
  "hostName",
  "userName",
  "firstPasswordSymbols",
  "lastPasswordSymbols",
  "createdAt",
  "isPublic",
  "isPlatformManaged",
  "lastUpdatedAt",
].sort();

describe("getRegistry", () => {
  test("returns the 13 fields of a registry", async () => {
    const r = await getRegistry({ registryId: 1 }, opts(emu));
    expect(Object.keys(r).sort()).toEqual(REGISTRY_FIELDS);
    expect(r.id).toBe(1);
    expect(typeof r.hostName).toBe("string");
    expect(typeof r.isPublic).toBe("boolean");
    expect(Number.isNaN(Date.parse(r.createdAt))).toBe(false);
  });

  test("unknown registry: EdgeApiError 404 (isNotFound)", async () => {
    const e = (await rejection(getRegistry({ registryId: 999 }, opts(emu)))) as EdgeApiError;
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.status).toBe(404);
    expect(e.isNotFound).toBe(true);
  });

  test("wrong API key: 401, and the key is not in the message", async () => {
    const e = (await rejection(
      getRegistry({ registryId: 1 }, opts(emu, { apiKey: "wrong-key-12345" })),
    )) as EdgeApiError;
    expect(e.status).toBe(401);
    expect(e.message).not.toContain("wrong-key-12345");
  });

  test.each([
    [{ registryId: 0 }, /invalid argument "registryId": must be an integer from 1/],
    [{ registryId: 1.5 }, /"registryId"/],
    [{ registryId: "abc" }, /"registryId".*got "abc"/],
    [{}, /"registryId".*got undefined/],
    [
      { registryId: 1, extra: true },
      /invalid argument "extra": unknown argument; allowed arguments: registryId/,
    ],
  ])("invalid args %p", async (args, msg) => {
    const e = await rejection(getRegistry(args as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/^edgeplatform: containers\.getRegistry: /);
    expect(e.message).toMatch(msg);
  });

  test("missing settings name the config key and the environment variable", async () => {
    const saved = { ...process.env };
    delete process.env.EDGEPLATFORM_API_KEY;
    delete process.env.EDGEPLATFORM_BASE_URL;
    try {
      const e = await rejection(
        getRegistry({ registryId: 1 }, { connection: { baseUrl: emu.url } }),
      );
      expect(e.message).toMatch(/edgeplatform:apiKey.*EDGEPLATFORM_API_KEY/);
    } finally {
      process.env = saved;
    }
  });
});

describe("getRegistryOutput", () => {
  test("same result type as getRegistry, as a secret Output (it carries password hints)", async () => {
    const reg = getRegistryOutput({ registryId: 1 }, opts(emu));
    const whole = await settle(reg);
    expect(whole.secret).toBe(true);
    const plain = await getRegistry({ registryId: 1 }, opts(emu));
    expect(whole.value).toEqual(plain);

    const first = await settle(reg.firstPasswordSymbols);
    expect(first).toEqual({ value: plain.firstPasswordSymbols, secret: true });
    const host = await settle(pulumi.unsecret(reg.hostName));
    expect(host).toEqual({ value: plain.hostName, secret: false });
  });

  test("accepts an Output and a promise as inputs", async () => {
    const fromOutput = await settle(getRegistryOutput({ registryId: pulumi.output(2) }, opts(emu)));
    expect(fromOutput.value.id).toBe(2);
    const fromPromise = await settle(
      getRegistryOutput({ registryId: Promise.resolve(2) }, opts(emu)),
    );
    expect(fromPromise.value.id).toBe(2);
  });

  test("a secret input makes the whole result secret", async () => {
    const r = await settle(getRegistryOutput({ registryId: pulumi.secret(1) }, opts(emu)));
    expect(r.secret).toBe(true);
  });

  test("errors reject the Output", async () => {
    await expect(settle(getRegistryOutput({ registryId: 999 }, opts(emu)))).rejects.toMatchObject({
      name: "EdgeApiError",
      status: 404,
    });
  });
});

describe("getRegionSettings", () => {
  test("static app with maxAllowedRegions", async () => {
    const rs = await getRegionSettings({ appId: "app-1" }, opts(emu));
    expect(rs.provisioningType).toBe("static");
    expect(rs.maxAllowedRegions).toBe(3);
    expect(Array.isArray(rs.allowedRegionIds)).toBe(true);
    expect(Array.isArray(rs.requiredRegionIds)).toBe(true);
  });

  test("dynamic app without maxAllowedRegions", async () => {
    const rs = await getRegionSettings({ appId: "app-2" }, opts(emu));
    expect(rs.provisioningType).toBe("dynamic");
    expect(rs.maxAllowedRegions).toBeUndefined();
  });

  test("unknown app: 404", async () => {
    const e = (await rejection(getRegionSettings({ appId: "nope" }, opts(emu)))) as EdgeApiError;
    expect(e.isNotFound).toBe(true);
  });

  test("empty appId is rejected before any call", async () => {
    await expect(getRegionSettings({ appId: "" }, opts(emu))).rejects.toThrow(
      /containers\.getRegionSettings: invalid argument "appId": must be a non-empty string/,
    );
  });

  test("Output form", async () => {
    const rs = await settle(getRegionSettingsOutput({ appId: pulumi.output("app-1") }, opts(emu)));
    expect(rs).toMatchObject({ secret: false, value: { provisioningType: "static" } });
  });
});
