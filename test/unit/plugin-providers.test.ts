/**
 * Explicit providers of the native plugin, through its gRPC server (packages/pulumi/src/plugin/
 * server.ts) as the engine calls it: `CheckConfig` (settings checked by name, the keys returned
 * as secrets), `DiffConfig` (a changed key is an update, never a replace), and `Configure`
 * followed by resource operations against the emulator with two scoped keys: each provider
 * instance writes with its own key only, including two instances served in one process.
 */
import * as path from "path";
import { createHash } from "crypto";
import { EmulatorControl, startEmulator, type RunningEmulator } from "../../packages/emulator/src";
import { serve } from "../../packages/pulumi/src/plugin/server";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  currentSettings,
  resetSettings,
  serveOneConnection,
} from "../../packages/pulumi/src/resources/core/settings";
import { registerSecret } from "../support/secrets";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = (id: string): Any => require(require.resolve(id, { paths: [sdkDir] }));
const grpc = fromSdk("@grpc/grpc-js");
const structPb = fromSdk("google-protobuf/google/protobuf/struct_pb");
const providerPb = require("@pulumi/pulumi/proto/provider_pb") as Any;
const providerGrpc = require("@pulumi/pulumi/proto/provider_grpc_pb") as Any;

/** The signature of a secret value in the property protocol. */
const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

const KEY_A = `account-a-${"a1".repeat(12)}`;
const KEY_B = `account-b-${"b2".repeat(12)}`;
registerSecret(KEY_A);
registerSecret(KEY_B);
const fingerprint = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 12);

const PROVIDER = "pulumi:providers:edgeplatform";
const urnOf = (type: string, name: string) => `urn:pulumi:dev::two-accounts::${type}::${name}`;
const RULE = "edgeplatform:shield:RateLimitRule";

/** A connected client of one plugin server (one provider instance). */
class Plugin {
  private constructor(
    readonly client: Any,
    private readonly stop: () => void,
  ) {}

  static async start(options: { ownProcess?: boolean } = {}): Promise<Plugin> {
    const write = process.stdout.write;
    process.stdout.write = (() => true) as typeof process.stdout.write; // the port line
    try {
      const { server, port } = await serve(options);
      const client = new providerGrpc.ResourceProviderClient(
        `127.0.0.1:${port}`,
        grpc.credentials.createInsecure(),
      );
      return new Plugin(client, () => {
        client.close();
        server.forceShutdown();
      });
    } finally {
      process.stdout.write = write;
    }
  }

  call<T = Any>(method: string, req: Any): Promise<T> {
    return new Promise((resolve, reject) =>
      this.client[method](req, (err: Error | null, res: T) => (err ? reject(err) : resolve(res))),
    );
  }

  async checkConfig(name: string, news: object) {
    const res = await this.call(
      "checkConfig",
      new providerPb.CheckRequest()
        .setUrn(urnOf(PROVIDER, name))
        .setName(name)
        .setType(PROVIDER)
        .setOlds(structPb.Struct.fromJavaScript({}))
        .setNews(structPb.Struct.fromJavaScript(news)),
    );
    return {
      inputs: res.getInputs()?.toJavaScript() as Record<string, Any>,
      failures: res
        .getFailuresList()
        .map((f: Any) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diffConfig(name: string, olds: object, news: object) {
    const res = await this.call(
      "diffConfig",
      new providerPb.DiffRequest()
        .setUrn(urnOf(PROVIDER, name))
        .setName(name)
        .setType(PROVIDER)
        .setId("provider-id")
        .setOldInputs(structPb.Struct.fromJavaScript(olds))
        .setOlds(structPb.Struct.fromJavaScript(olds))
        .setNews(structPb.Struct.fromJavaScript(news)),
    );
    const detailed: Record<string, number> = {};
    res.getDetaileddiffMap().forEach((v: Any, k: string) => (detailed[k] = v.getKind()));
    return {
      changes: res.getChanges(),
      diffs: res.getDiffsList() as string[],
      replaces: res.getReplacesList() as string[],
      detailed,
    };
  }

  configure(name: string, args: object) {
    return this.call(
      "configure",
      new providerPb.ConfigureRequest()
        .setUrn(urnOf(PROVIDER, name))
        .setName(name)
        .setType(PROVIDER)
        .setId("provider-id")
        .setAcceptsecrets(true)
        .setArgs(structPb.Struct.fromJavaScript(args)),
    );
  }

  /** Check then Create of a rate-limit rule named `name` (resolves with id and outputs). */
  async createRule(name: string, shieldZoneId: number) {
    const urn = urnOf(RULE, name);
    const news = {
      shieldZoneId,
      ruleName: name,
      ruleConfiguration: {
        actionType: "Challenge",
        variableTypes: { REQUEST_URI: "/login" },
        operatorType: "BEGINSWITH",
        value: "/login",
        requestCount: 20,
        timeframe: "PerOneMinute",
        blockTime: "ForFiveMinutes",
      },
    };
    const checked = await this.call(
      "check",
      new providerPb.CheckRequest()
        .setUrn(urn)
        .setName(name)
        .setType(RULE)
        .setOlds(structPb.Struct.fromJavaScript({}))
        .setNews(structPb.Struct.fromJavaScript(news)),
    );
    const failures = checked.getFailuresList().map((f: Any) => f.getReason());
    if (failures.length > 0) throw new Error(failures.join("; "));
    const created = await this.call(
      "create",
      new providerPb.CreateRequest()
        .setUrn(urn)
        .setName(name)
        .setType(RULE)
        .setProperties(checked.getInputs()),
    );
    return { id: created.getId() as string, outs: created.getProperties().toJavaScript() };
  }

  close(): void {
    this.stop();
  }
}

const K = providerPb.PropertyDiff.Kind;
const DIFF = providerPb.DiffResponse.DiffChanges;

describe("CheckConfig and DiffConfig of an explicit provider", () => {
  let plugin: Plugin;
  beforeAll(async () => (plugin = await Plugin.start()));
  afterAll(() => plugin.close());

  test("the API key and logging token come back as secrets; the other settings as given", async () => {
    const { inputs, failures } = await plugin.checkConfig("accountA", {
      apiKey: KEY_A,
      baseUrl: "http://127.0.0.1:4010",
      loggingToken: KEY_B,
      maxRetries: 2,
      version: "1.2.3",
    });
    expect(failures).toEqual([]);
    expect(inputs).toEqual({
      apiKey: { [SIG]: SECRET_SIG, value: KEY_A },
      baseUrl: "http://127.0.0.1:4010",
      loggingToken: { [SIG]: SECRET_SIG, value: KEY_B },
      maxRetries: 2,
      version: "1.2.3",
    });
  });

  test("an unknown or malformed setting is one failure naming it (and the allowed ones), never the key", async () => {
    const { failures } = await plugin.checkConfig("accountA", {
      apikey: KEY_A,
      baseUrl: "127.0.0.1:4010",
      apiKey: "",
      requestTimeoutMs: "fast",
      maxRetries: 11,
    });
    // One failure per setting (in any order), each naming its setting.
    const byProperty = [...failures].sort((x, y) => (x.property < y.property ? -1 : 1));
    expect(byProperty).toEqual([
      { property: "apiKey", reason: expect.stringMatching(/"apiKey" must be a non-empty string/) },
      {
        property: "apikey",
        reason:
          'unknown setting "apikey" of the provider; allowed: apiKey, baseUrl, loggingUrl, ' +
          "loggingToken, requestTimeoutMs, maxRetries",
      },
      {
        property: "baseUrl",
        reason: expect.stringMatching(/"baseUrl" must be an http or https address/),
      },
      {
        property: "maxRetries",
        reason: expect.stringMatching(/"maxRetries" .* must be an integer from 0 to 10; got 11$/),
      },
      {
        property: "requestTimeoutMs",
        reason: expect.stringMatching(
          /"requestTimeoutMs" .* must be an integer from 100 to 600000/,
        ),
      },
    ]);
    expect(JSON.stringify(failures)).not.toContain(KEY_A);
  });

  test("the default provider takes the whole stack config: a key of the program's own is not refused", async () => {
    const { failures } = await plugin.checkConfig("default_1_0_0", {
      apiKey: KEY_A,
      baseUrl: "http://127.0.0.1:4010",
      zoneOfTheProgram: "3",
    });
    expect(failures).toEqual([]);
  });

  test("a changed API key is an update of that setting, not a replace; the same settings are no change", async () => {
    const olds = { apiKey: KEY_A, baseUrl: "http://127.0.0.1:4010", version: "1.0.0" };
    const rotated = await plugin.diffConfig("accountA", olds, { ...olds, apiKey: KEY_B });
    expect(rotated).toEqual({
      changes: DIFF.DIFF_SOME,
      diffs: ["apiKey"],
      replaces: [],
      detailed: { apiKey: K.UPDATE },
    });
    const moved = await plugin.diffConfig("accountA", olds, {
      apiKey: KEY_A,
      baseUrl: "http://127.0.0.1:4011",
      maxRetries: 1,
      version: "1.0.0",
    });
    expect(moved).toEqual({
      changes: DIFF.DIFF_SOME,
      diffs: ["baseUrl", "maxRetries"],
      replaces: [],
      detailed: { baseUrl: K.UPDATE, maxRetries: K.ADD },
    });
    // A new plugin version alone changes no setting.
    expect(await plugin.diffConfig("accountA", olds, { ...olds, version: "1.1.0" })).toEqual({
      changes: DIFF.DIFF_NONE,
      diffs: [],
      replaces: [],
      detailed: {},
    });
  });
});

describe("two explicit providers with two scoped keys", () => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  let a: Plugin;
  let b: Plugin;
  const writes = async () =>
    (await ctl.journal())
      .filter((e) => e.method !== "GET")
      .map((e) => ({
        write: `${e.method} ${e.path}`,
        zone: (e.body as { shieldZoneId?: number } | null)?.shieldZoneId,
        key: e.scopedKey,
      }));

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      scopedKeys: { [KEY_A]: { shieldZones: [1] }, [KEY_B]: { shieldZones: [2] } },
    });
    registerSecret(emu.apiKey);
    ctl = new EmulatorControl(emu.url);
    // Two provider instances served in ONE process (the engine starts one process for each;
    // this is the harder case), configured as the engine configures explicit providers.
    a = await Plugin.start();
    b = await Plugin.start();
  });
  afterAll(async () => {
    a?.close();
    b?.close();
    resetSettings();
    await emu?.close();
  });
  beforeEach(async () => {
    await ctl.reset();
    await ctl.clearJournal();
    resetRunState();
  });

  test("each instance writes with its own key, in its own zone", async () => {
    await a.configure("accountA", { apiKey: KEY_A, baseUrl: emu.url, version: "1.0.0" });
    await b.configure("accountB", { apiKey: KEY_B, baseUrl: emu.url });
    const [ruleA, ruleB] = await Promise.all([
      a.createRule("login-a", 1),
      b.createRule("login-b", 2),
    ]);
    const rules = (await ctl.state()).rateLimitRules;
    expect(rules.find((r) => r.id === Number(ruleA.id))?.shieldZoneId).toBe(1);
    expect(rules.find((r) => r.id === Number(ruleB.id))?.shieldZoneId).toBe(2);
    expect((await writes()).sort((x, y) => x.zone! - y.zone!)).toEqual([
      { write: "POST /shield/rate-limit", zone: 1, key: fingerprint(KEY_A) },
      { write: "POST /shield/rate-limit", zone: 2, key: fingerprint(KEY_B) },
    ]);
    // The outputs hold no key.
    expect(JSON.stringify([ruleA.outs, ruleB.outs])).not.toMatch(/account-[ab]-/);
  });

  test("a resource of account A addressing account B's zone is refused with no write", async () => {
    await a.configure("accountA", { apiKey: KEY_A, baseUrl: emu.url, version: "1.0.0" });
    const before = await ctl.state();
    const refused = await a.createRule("sneaky", 2).then(
      () => undefined,
      (e: Error) => e,
    );
    // Refused by the zone's listing (the key does not see zone 2), before any POST.
    expect(refused?.message).toMatch(/Shield zone 2 was not found or you do not have access to it/);
    expect(refused?.message).not.toContain(KEY_A);
    expect(await writes()).toEqual([]);
    expect((await ctl.state()).rateLimitRules).toEqual(before.rateLimitRules);
  });

  test("in a process of its own (the plugin's executable) an instance's settings are the process's, with no scope; a scoped instance of the same process keeps its own", async () => {
    const own = await Plugin.start({ ownProcess: true });
    try {
      await a.configure("accountA", { apiKey: KEY_A, baseUrl: emu.url });
      await own.configure("accountB", { apiKey: KEY_B, baseUrl: emu.url });
      // The process's settings, outside any scope: the instance's.
      expect(currentSettings().apiKey === KEY_B).toBe(true);
      await own.createRule("own-b", 2);
      await a.createRule("scoped-a", 1);
      await own.createRule("own-b-again", 2);
      expect(await writes()).toEqual([
        { write: "POST /shield/rate-limit", zone: 2, key: fingerprint(KEY_B) },
        { write: "POST /shield/rate-limit", zone: 1, key: fingerprint(KEY_A) },
        { write: "POST /shield/rate-limit", zone: 2, key: fingerprint(KEY_B) },
      ]);
    } finally {
      own.close();
      serveOneConnection(undefined);
    }
  });

  test("a second Configure of one instance with other settings is refused, naming both providers", async () => {
    const c = await Plugin.start();
    try {
      await c.configure("accountA", { apiKey: KEY_A, baseUrl: emu.url });
      await c.configure("accountA", { apiKey: KEY_A, baseUrl: emu.url }); // the same: fine
      const e = await c.configure("accountB", { apiKey: KEY_B, baseUrl: emu.url }).then(
        () => undefined,
        (err: Error) => err,
      );
      expect(e?.message).toMatch(/serves the provider "accountA".*"accountB"/);
      expect(e?.message).not.toContain(KEY_B);
      // Still account A's instance.
      await c.createRule("still-a", 1);
      expect((await writes()).map((w) => w.key)).toEqual([fingerprint(KEY_A)]);
    } finally {
      c.close();
    }
  });
});
