/** Data-source plumbing: settings precedence, client cache, Inputs, progress, validation. */
import * as pulumi from "@pulumi/pulumi";
import { getRegistry, getRegistryOutput } from "../../packages/pulumi/src/functions/containers";
import { getDnsZone, getDnsZoneOutput } from "../../packages/pulumi/src/functions/dns";
import { Type } from "@sinclair/typebox";
import { InvalidArgumentError } from "../../packages/client/src";
import { checkArgs, optInstant } from "../../packages/pulumi/src/functions/args";
import { oneOf } from "../../packages/pulumi/src/functions/schema-helpers";
import {
  clearClientCache,
  clientFor,
  resolveDataSourceSettings,
} from "../../packages/pulumi/src/functions/options";
import { resolveInputs } from "../../packages/pulumi/src/functions/output";
import { progressReporter } from "../../packages/pulumi/src/functions/progress";
import { Emu, journal, rejection, reset, settle, start } from "./helpers";
import { POOL_SIZE, pooledClientCount } from "../../packages/pulumi/src/client-pool";

let emu: Emu;
const ENV_KEYS = [
  "EDGEPLATFORM_API_KEY",
  "EDGEPLATFORM_BASE_URL",
  "EDGEPLATFORM_LOGGING_URL",
  "EDGEPLATFORM_LOGGING_TOKEN",
];
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  emu = await start();
  for (const k of ENV_KEYS) savedEnv[k] = process.env[k];
});
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  pulumi.runtime.setAllConfig({});
  clearClientCache();
});
afterAll(() => emu.close());

describe("settings precedence: options > stack config > environment", () => {
  test("environment only (outside a Pulumi program, stack config is absent)", async () => {
    process.env.EDGEPLATFORM_API_KEY = emu.apiKey;
    process.env.EDGEPLATFORM_BASE_URL = `${emu.url}/`;
    expect(resolveDataSourceSettings()).toEqual({
      apiKey: emu.apiKey,
      baseUrl: emu.url,
      sources: {
        apiKey:
          'environment variable EDGEPLATFORM_API_KEY (the stack config key "edgeplatform:apiKey" is not set)',
        baseUrl:
          'environment variable EDGEPLATFORM_BASE_URL (the stack config key "edgeplatform:baseUrl" is not set)',
      },
    });
    expect((await getRegistry({ registryId: 1 })).id).toBe(1);
  });

  test("stack config beats the environment", () => {
    process.env.EDGEPLATFORM_API_KEY = "env-key";
    process.env.EDGEPLATFORM_BASE_URL = "http://127.0.0.1:1";
    process.env.EDGEPLATFORM_LOGGING_URL = "http://127.0.0.1:1/logging";
    pulumi.runtime.setAllConfig(
      { "edgeplatform:apiKey": "config-key", "edgeplatform:baseUrl": "http://127.0.0.1:2" },
      ["edgeplatform:apiKey"],
    );
    expect(resolveDataSourceSettings()).toEqual({
      apiKey: "config-key",
      baseUrl: "http://127.0.0.1:2",
      loggingUrl: "http://127.0.0.1:1/logging",
      sources: {
        apiKey: 'stack config key "edgeplatform:apiKey"',
        baseUrl: 'stack config key "edgeplatform:baseUrl"',
        loggingUrl:
          'environment variable EDGEPLATFORM_LOGGING_URL (the stack config key "edgeplatform:loggingUrl" is not set)',
      },
    });
  });

  test("explicit options beat both", async () => {
    process.env.EDGEPLATFORM_API_KEY = "env-key";
    pulumi.runtime.setAllConfig({ "edgeplatform:baseUrl": "http://127.0.0.1:2" });
    expect(
      resolveDataSourceSettings({ apiKey: emu.apiKey, baseUrl: emu.url, loggingToken: "t.o.k" }),
    ).toEqual({
      apiKey: emu.apiKey,
      baseUrl: emu.url,
      loggingToken: "t.o.k",
      sources: {
        apiKey: "data-source option connection.apiKey",
        baseUrl: "data-source option connection.baseUrl",
        loggingToken: "data-source option connection.loggingToken",
      },
    });
    await getRegistry({ registryId: 2 }, { connection: { apiKey: emu.apiKey, baseUrl: emu.url } });
    expect((await journal(emu, /registries\/2$/)).at(-1)?.status).toBe(200);
  });

  test("a missing baseUrl names the config key and the environment variable", () => {
    for (const k of ENV_KEYS) delete process.env[k];
    expect(() => resolveDataSourceSettings({ apiKey: "k" })).toThrow(
      /missing setting "baseUrl": set the stack config key "edgeplatform:baseUrl" or the environment variable EDGEPLATFORM_BASE_URL/,
    );
  });
});

describe("connection as the resources take it (Inputs, secret Outputs)", () => {
  const dnsZoneOne = "example.com"; // the emulator's fixture zone 1

  test("the promise form awaits Outputs and Promises, each setting or the whole object", async () => {
    const bySetting = { apiKey: pulumi.secret(emu.apiKey), baseUrl: Promise.resolve(emu.url) };
    expect((await getDnsZone({ zoneId: 1 }, { connection: bySetting })).domain).toBe(dnsZoneOne);
    const whole = pulumi.secret({ apiKey: emu.apiKey, baseUrl: emu.url });
    expect((await getDnsZone({ zoneId: 1 }, { connection: whole })).domain).toBe(dnsZoneOne);
  });

  test("the Output form: a secret key reads, and does not make the result secret", async () => {
    const connection = { apiKey: pulumi.secret(emu.apiKey), baseUrl: pulumi.output(emu.url) };
    const zone = await settle(getDnsZoneOutput({ zoneId: 1 }, { connection }));
    expect(zone).toMatchObject({ value: { domain: dnsZoneOne }, secret: false });
    // Secret where the data source makes it so (the registry's password hints).
    const registry = await settle(getRegistryOutput({ registryId: 1 }, { connection }));
    expect(registry).toMatchObject({ value: { hostName: "docker.io" }, secret: true });
  });

  test("the promise form refuses a key not known yet, naming connection.apiKey; nothing sent", async () => {
    await reset(emu);
    const connection = { apiKey: pulumi.output(pulumi.unknown) as pulumi.Output<string> };
    await expect(getDnsZone({ zoneId: 1 }, { connection })).rejects.toThrow(
      "edgeplatform: data-source option connection.apiKey is an Output whose value is not known yet",
    );
    expect(await journal(emu)).toEqual([]);
  });

  test("a key no request can carry is refused by name, never shown; nothing sent", async () => {
    await reset(emu);
    const key = `${emu.apiKey}\nInjected: 1`;
    const e = await rejection(
      getDnsZone({ zoneId: 1 }, { connection: { apiKey: key, baseUrl: emu.url } }),
    );
    expect((e as Error).message).toBe(
      'edgeplatform: invalid setting "apiKey" from the data-source option connection.apiKey: ' +
        "holds characters an HTTP request cannot carry (a line break or another control character)",
    );
    const notString = await rejection(
      getDnsZone(
        { zoneId: 1 },
        { connection: { apiKey: 42 as unknown as string, baseUrl: emu.url } },
      ),
    );
    expect((notString as Error).message).toMatch(
      /^edgeplatform: invalid setting "apiKey" from the data-source option connection.apiKey: must be a string; got a number/,
    );
    expect(await journal(emu)).toEqual([]);
  });
});

describe("client cache", () => {
  test("one pooled client per settings and plain client options", () => {
    const a = clientFor({ connection: { apiKey: "k1", baseUrl: "http://127.0.0.1:9" } });
    expect(clientFor({ connection: { apiKey: "k1", baseUrl: "http://127.0.0.1:9" } })).toBe(a);
    expect(clientFor({ connection: { apiKey: "k2", baseUrl: "http://127.0.0.1:9" } })).not.toBe(a);
    const withOpts = clientFor({
      connection: {
        apiKey: "k1",
        baseUrl: "http://127.0.0.1:9",
        clientOptions: { timeoutMs: 5 },
      },
    });
    expect(withOpts).not.toBe(a);
    expect(pooledClientCount()).toBe(3);
  });

  test("callbacks are not part of the key: inline onRetry shares the pooled client", () => {
    for (let i = 0; i < 50; i++) {
      clientFor({
        connection: {
          apiKey: "k1",
          baseUrl: "http://127.0.0.1:9",
          clientOptions: { onRetry: () => undefined },
        },
      });
    }
    expect(pooledClientCount()).toBe(1);
  });

  test("the pool is bounded", () => {
    for (let i = 0; i < POOL_SIZE * 3; i++) {
      clientFor({ connection: { apiKey: `key-${i}`, baseUrl: "http://127.0.0.1:9" } });
    }
    expect(pooledClientCount()).toBe(POOL_SIZE);
  });

  test("timeout and retries from the environment, with clear errors", () => {
    const env = process.env;
    try {
      process.env = { ...env, EDGEPLATFORM_REQUEST_TIMEOUT_MS: "abc" };
      expect(() =>
        clientFor({ connection: { apiKey: "k1", baseUrl: "http://127.0.0.1:9" } }),
      ).toThrow(
        /invalid setting "requestTimeoutMs".*environment variable EDGEPLATFORM_REQUEST_TIMEOUT_MS.*"abc" is not an integer from 100 to 600000/,
      );
      process.env = { ...env, EDGEPLATFORM_MAX_RETRIES: "11" };
      expect(() =>
        clientFor({ connection: { apiKey: "k1", baseUrl: "http://127.0.0.1:9" } }),
      ).toThrow(/invalid setting "maxRetries".*EDGEPLATFORM_MAX_RETRIES.*from 0 to 10/);
      process.env = {
        ...env,
        EDGEPLATFORM_REQUEST_TIMEOUT_MS: "1500",
        EDGEPLATFORM_MAX_RETRIES: "0",
      };
      expect(
        clientFor({ connection: { apiKey: "k1", baseUrl: "http://127.0.0.1:9" } }).timeoutMs,
      ).toBe(1500);
    } finally {
      process.env = env;
    }
  });

  test("an explicit client is used as is", () => {
    const c = clientFor({ connection: { apiKey: "k", baseUrl: "http://127.0.0.1:9" } });
    expect(clientFor({ connection: { client: c, apiKey: "other" } })).toBe(c);
  });
});

describe("resolveInputs", () => {
  test("values, promises, Outputs; Dates become ISO strings; secretness propagates", async () => {
    const d = new Date(Date.UTC(2024, 0, 2));
    const out = resolveInputs<{
      a: number;
      b: string;
      c: Date | string;
      e: Date | string;
      f?: string;
    }>({
      a: pulumi.output(1),
      b: Promise.resolve("x"),
      c: d,
      e: pulumi.output(0).apply(() => d),
      f: undefined,
    });
    expect(await settle(out)).toEqual({
      value: { a: 1, b: "x", c: d.toISOString(), e: d.toISOString(), f: undefined },
      secret: false,
    });
    const whole = resolveInputs<{ c: Date | string }>(
      pulumi.output(0).apply(() => ({ c: d })) as never,
    );
    expect((await settle(whole)).value).toEqual({ c: d.toISOString() });
    const promised = resolveInputs<{ c: Date | string }>(Promise.resolve({ c: d }) as never);
    expect((await settle(promised)).value).toEqual({ c: d.toISOString() });
    const secret = resolveInputs<{ a: string }>({ a: pulumi.secret("s") });
    expect((await settle(secret)).secret).toBe(true);
  });
});

describe("progress reporting", () => {
  test("calls onProgress; silent (no console output) outside a Pulumi program", () => {
    const log = jest.spyOn(console, "log").mockImplementation(() => undefined);
    const seen: string[] = [];
    const p = progressReporter("x.read", { onProgress: (e) => seen.push(e.message) });
    p.update({ pages: 1, records: 10 });
    p.update({ records: 1, bytes: 2_500_000 }, true);
    expect(seen).toEqual(["x.read: 1 page, 10 records", "x.read: done, 1 record, 2.5 MB"]);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});

describe("progress inside a Pulumi program", () => {
  test("ephemeral info lines, throttled, first and final always", () => {
    const engine = jest
      .spyOn(pulumi.runtime, "getEngine")
      .mockReturnValue({} as ReturnType<typeof pulumi.runtime.getEngine>);
    const info = jest.spyOn(pulumi.log, "info").mockResolvedValue(undefined);
    try {
      const p = progressReporter("shield.getEventLogs", {}, 60_000);
      p.update({ pages: 1, records: 10 });
      p.update({ pages: 2, records: 20 }); // throttled
      p.update({ pages: 3, records: 30 }, true);
      expect(info.mock.calls).toEqual([
        ["shield.getEventLogs: 1 page, 10 records", undefined, undefined, true],
        ["shield.getEventLogs: done, 3 pages, 30 records", undefined, undefined, true],
      ]);
    } finally {
      engine.mockRestore();
      info.mockRestore();
    }
  });
});

describe("argument checks (the one validator)", () => {
  const schema = Type.Object(
    { order: Type.Optional(oneOf(["asc", "desc"] as const)), n: Type.Optional(Type.Integer()) },
    { additionalProperties: false },
  );
  test("errors carry operation, field and allowed values", () => {
    let e: InvalidArgumentError | undefined;
    try {
      checkArgs("area.op", schema, { order: "sideways" });
    } catch (err) {
      e = err as InvalidArgumentError;
    }
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e).toBeInstanceOf(TypeError);
    expect(e).toMatchObject({ operation: "area.op", field: "order", allowed: ["asc", "desc"] });
    expect(e?.message).toBe(
      'edgeplatform: area.op: invalid argument "order": must be one of "asc", "desc"; got "sideways"',
    );
  });

  test("instants accept Date and ISO strings; the argument object itself is checked", () => {
    expect(optInstant("area.op", "t", "2024-05-01")).toBe("2024-05-01T00:00:00.000Z");
    expect(optInstant("area.op", "t", "2024-05-01T10:00:00+02:00")).toBe(
      "2024-05-01T08:00:00.000Z",
    );
    expect(optInstant("area.op", "t", new Date(0))).toBe("1970-01-01T00:00:00.000Z");
    expect(() => checkArgs("area.op", schema, null)).toThrow(
      /invalid argument "args": must be an object; got null/,
    );
    expect(checkArgs("area.op", schema, { n: "12" })).toEqual({ n: 12 });
    expect(() => checkArgs("area.op", schema, { n: "1.5" })).toThrow(
      /invalid argument "n": must be an integer; got "1.5"/,
    );
  });
});
