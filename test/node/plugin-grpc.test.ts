/**
 * The built native provider plugin (`packages/pulumi/bin/pulumi-resource-edgeplatform`) spoken
 * to over gRPC as the engine does, against the emulator: it prints its port; `GetSchema` serves
 * the generated schema; `Configure` takes `apiKey`/`baseUrl` from the request; `Check` reports
 * one failure per property; `Diff` names the changed field in `detailedDiff`; `Read` with no
 * properties (an import) returns the whole rule, adopted and never deleted on destroy; an
 * error never holds the API key; `Create` and `Update` in a preview write nothing, and the
 * update keeps the object's id output (its dependents are not shown replaced).
 */
import { spawn, type ChildProcess } from "child_process";
import { randomBytes } from "crypto";
import path from "path";
import { EmulatorControl, startEmulator, type RunningEmulator } from "../../packages/emulator/src";
import { ensureBuilt, ROOT } from "../support/build";
import { registerSecret } from "../support/secrets";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;
const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = (id: string): Any => require(require.resolve(id, { paths: [sdkDir] }));
const grpc = fromSdk("@grpc/grpc-js");
const pb = require("@pulumi/pulumi/proto/provider_pb");
const services = require("@pulumi/pulumi/proto/provider_grpc_pb");
const { Struct } = fromSdk("google-protobuf/google/protobuf/struct_pb");
const { Empty } = fromSdk("google-protobuf/google/protobuf/empty_pb");

const PLUGIN = path.join(ROOT, "packages", "pulumi", "bin", "pulumi-resource-edgeplatform");
const TYPE = "edgeplatform:shield:RateLimitRule";
const URN = `urn:pulumi:dev::p::${TYPE}::rule`;

let emu: RunningEmulator;
let child: ChildProcess;
let client: Any;
let stderr = "";
const apiKey = `plugin-${randomBytes(12).toString("hex")}`;
/** Plugin processes started besides the first (closed after the tests). */
const others: { child: ChildProcess; client: Any }[] = [];

/** Calls a unary method of `on`; resolves with the response or rejects with the gRPC error. */
const callOn = (on: Any, method: string, req: Any): Promise<Any> =>
  new Promise((resolve, reject) =>
    on[method](req, (err: Error | null, res: Any) => (err ? reject(err) : resolve(res))),
  );
/** Calls a unary method of the first plugin process. */
const call = (method: string, req: Any): Promise<Any> => callOn(client, method, req);
const struct = (v: object) => Struct.fromJavaScript(v);

/**
 * Starts a plugin process as the engine does (one per provider instance: each is configured
 * once) and connects a client to the port it prints.
 */
async function startPlugin(): Promise<{ child: ChildProcess; client: Any }> {
  const started = spawn(PLUGIN, [], { stdio: ["pipe", "pipe", "pipe"] });
  started.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    started.stdout?.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
    started.once("exit", (code) => reject(new Error(`plugin exited ${code}: ${stderr}`)));
  });
  expect(port).toBeGreaterThan(0);
  return {
    child: started,
    client: new services.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    ),
  };
}

beforeAll(async () => {
  ensureBuilt(path.join(ROOT, "packages", "pulumi", "dist", "plugin", "schema.json"), [
    "client",
    "pulumi",
  ]);
  registerSecret(apiKey);
  emu = await startEmulator({ apiKey });
  ({ child, client } = await startPlugin());
}, 120_000);

afterAll(async () => {
  client?.close();
  child?.kill();
  for (const o of others) {
    o.client.close();
    o.child.kill();
  }
  await emu?.close();
});

test("GetSchema serves the generated schema, with every kind", async () => {
  const res = await call("getSchema", new pb.GetSchemaRequest());
  const schema = JSON.parse(res.getSchema());
  expect(schema.name).toBe("edgeplatform");
  expect(Object.keys(schema.resources)).toContain(TYPE);
  expect(Object.keys(schema.resources)).toContain("edgeplatform:shield:ShieldZone");
  expect(schema.config.variables.apiKey.secret).toBe(true);
  // GetPluginInfo tells the schema's version (the engine caches schemas per version).
  const info = await call("getPluginInfo", new Empty());
  expect(info.getVersion()).toBe(schema.version);
  expect(schema.version).toMatch(/^\d+\.\d+\.\d+/);
});

test("Check reports a bad enumeration name and a missing field, one failure per property", async () => {
  const res = await call(
    "check",
    new pb.CheckRequest()
      .setUrn(URN)
      .setOlds(struct({}))
      .setNews(
        struct({
          shieldZoneId: 1,
          ruleName: "r",
          ruleConfiguration: {
            actionType: "Explode",
            variableTypes: { REQUEST_URI: "/x" },
            operatorType: "BEGINSWITH",
            requestCount: 5,
            timeframe: "PerOneMinute",
          },
        }),
      ),
  );
  const failures = res.getFailuresList().map((f: Any) => [f.getProperty(), f.getReason()]);
  expect(failures.map((f: string[]) => f[0]).sort()).toEqual([
    "ruleConfiguration.actionType",
    "ruleConfiguration.blockTime",
  ]);
  const action = failures.find((f: string[]) => f[0] === "ruleConfiguration.actionType")[1];
  expect(action).toMatch(/RateLimit.*Log.*Challenge/);
});

test("Diff names exactly the changed configuration field", async () => {
  const olds = {
    ruleId: 101,
    shieldZoneId: 1,
    ruleName: "api-burst",
    ruleConfiguration: { requestCount: 100, actionType: "RateLimit" },
    adopted: false,
  };
  const news = {
    shieldZoneId: 1,
    ruleName: "api-burst",
    ruleConfiguration: { requestCount: 150, actionType: "RateLimit" },
  };
  const res = await call(
    "diff",
    new pb.DiffRequest().setId("101").setUrn(URN).setOlds(struct(olds)).setNews(struct(news)),
  );
  expect(res.getChanges()).toBe(pb.DiffResponse.DiffChanges.DIFF_SOME);
  expect(res.getReplacesList()).toEqual([]);
  const detailed = res.getDetaileddiffMap();
  expect(detailed.getEntryList().map((e: Any[]) => e[0])).toEqual([
    "ruleConfiguration.requestCount",
  ]);
  expect(detailed.get("ruleConfiguration.requestCount").getKind()).toBe(
    pb.PropertyDiff.Kind.UPDATE,
  );
  const none = await call(
    "diff",
    new pb.DiffRequest()
      .setId("101")
      .setUrn(URN)
      .setOlds(struct(olds))
      .setNews(struct({ ...news, ruleConfiguration: olds.ruleConfiguration })),
  );
  expect(none.getChanges()).toBe(pb.DiffResponse.DiffChanges.DIFF_NONE);
});

test("Diff of a settings kind names each changed setting; a zone change is the replace reason", async () => {
  const urn = "urn:pulumi:dev::p::edgeplatform:shield:BotDetection::bots";
  const olds = {
    shieldZoneId: 2,
    executionMode: "LogOnly",
    browserFingerprint: { aggression: "Low", complexEnabled: true },
    managed: [
      "executionMode",
      "browserFingerprint.aggression",
      "browserFingerprint.complexEnabled",
    ],
    prior: { executionMode: "LogOnly", browserFingerprint: { aggression: "Low" } },
  };
  const diff = async (news: object) => {
    const res = await call(
      "diff",
      new pb.DiffRequest().setId("2").setUrn(urn).setOlds(struct(olds)).setNews(struct(news)),
    );
    const detailed = res.getDetaileddiffMap();
    return {
      changes: res.getChanges(),
      replaces: res.getReplacesList(),
      fields: Object.fromEntries(
        detailed.getEntryList().map((e: Any[]) => [e[0], detailed.get(e[0]).getKind()]),
      ),
    };
  };
  const K = pb.PropertyDiff.Kind;
  // The mode's name for its integer (1 is Challenge) and a setting left out.
  expect(
    await diff({
      shieldZoneId: 2,
      executionMode: 1,
      browserFingerprint: { aggression: "Low" },
      ipAddress: { sensitivity: "High" },
    }),
  ).toEqual({
    changes: pb.DiffResponse.DiffChanges.DIFF_SOME,
    replaces: [],
    fields: {
      executionMode: K.UPDATE,
      "ipAddress.sensitivity": K.UPDATE,
      "browserFingerprint.complexEnabled": K.DELETE,
    },
  });
  // The same values, the enumeration by integer: no change.
  const same = await diff({
    shieldZoneId: 2,
    executionMode: 0,
    browserFingerprint: { aggression: 1, complexEnabled: true },
  });
  expect(same.changes).toBe(pb.DiffResponse.DiffChanges.DIFF_NONE);
  const moved = await diff({
    shieldZoneId: 3,
    executionMode: "LogOnly",
    browserFingerprint: olds.browserFingerprint,
  });
  expect(moved.replaces).toEqual(["shieldZoneId"]);
  expect(moved.fields).toEqual({ shieldZoneId: K.UPDATE_REPLACE });
});

test("Configure takes the settings from the request; Read with no properties imports the whole rule", async () => {
  await call(
    "configure",
    new pb.ConfigureRequest().setArgs(struct({ apiKey, baseUrl: emu.url })).setAcceptsecrets(true),
  );
  const res = await call("read", new pb.ReadRequest().setId("101").setUrn(URN));
  expect(res.getId()).toBe("101");
  const props = res.getProperties().toJavaScript();
  expect(props).toMatchObject({
    ruleId: 101,
    shieldZoneId: 1,
    ruleName: "api-burst",
    adopted: true,
    deleteOnDestroy: false,
    ruleConfiguration: { actionType: "RateLimit", requestCount: 100, timeframe: "PerOneMinute" },
  });
  expect(res.getInputs().toJavaScript()).toMatchObject({ ruleId: 101 });
});

test("Create and Update in a preview write nothing; the update keeps the zone's id output", async () => {
  await call(
    "configure",
    new pb.ConfigureRequest().setArgs(struct({ apiKey, baseUrl: emu.url })).setAcceptsecrets(true),
  );
  const ctl = new EmulatorControl(emu.url);
  const before = await ctl.journal();
  const urn = "urn:pulumi:dev::p::edgeplatform:pullzones:PullZone::site";
  // A zone the program created by name (its id an output only) and one setting changed.
  const olds = { name: "site", pullZoneId: 100, origin: "created", blockPostRequests: false };
  const news = { name: "site", originUrl: "https://origin.example", blockPostRequests: true };
  const updated = await call(
    "update",
    new pb.UpdateRequest()
      .setId("100")
      .setUrn(urn)
      .setOlds(struct(olds))
      .setNews(struct(news))
      .setPreview(true),
  );
  expect(updated.getProperties().toJavaScript()).toEqual({ ...news, pullZoneId: 100 });
  const created = await call(
    "create",
    new pb.CreateRequest().setUrn(urn).setProperties(struct(news)).setPreview(true),
  );
  expect(created.getProperties().toJavaScript()).toEqual(news);
  expect(created.getId()).toBe("");
  // No request reached the platform (the journal as before).
  const after = await ctl.journal();
  expect(after.length).toBe(before.length);
});

test("a refused key: the error names the operation, never the key", async () => {
  const wrong = `wrong-${randomBytes(12).toString("hex")}`;
  registerSecret(wrong);
  // Another provider instance: another process (this one refuses a second configuration).
  const other = await startPlugin();
  others.push(other);
  await callOn(
    other.client,
    "configure",
    new pb.ConfigureRequest().setArgs(struct({ apiKey: wrong, baseUrl: emu.url })),
  );
  const err = await callOn(
    other.client,
    "read",
    new pb.ReadRequest().setId("101").setUrn(URN),
  ).catch((e) => e);
  expect(err).toBeInstanceOf(Error);
  expect(String(err.details)).toMatch(/RateLimitRule 101: read/);
  expect(String(err.details)).not.toContain(wrong);
  expect(stderr).not.toContain(wrong);
  await callOn(other.client, "cancel", new Empty());
});
