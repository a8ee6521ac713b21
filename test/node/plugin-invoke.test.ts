/**
 * The native provider plugin's `Invoke` (its schema's functions) spoken to over gRPC as the
 * engine does, against the emulator: the data sources of the TypeScript package answer through
 * the plugin with the emulator's fixture values (a shield, a logging and the DNS data sources);
 * the settings come from `Configure`; an invalid argument is a check failure naming it; no
 * secret reaches an answer.
 */
import { randomBytes } from "crypto";
import path from "path";
import { EmulatorControl, startEmulator, type RunningEmulator } from "../../packages/emulator/src";
import { serve } from "../../packages/pulumi/src/plugin/server";
import { resetSettings } from "../../packages/pulumi/src/resources/core/settings";
import { registerSecret } from "../support/secrets";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;
const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = (id: string): Any => require(require.resolve(id, { paths: [sdkDir] }));
const grpc = fromSdk("@grpc/grpc-js");
const pb = require("@pulumi/pulumi/proto/provider_pb");
const services = require("@pulumi/pulumi/proto/provider_grpc_pb");
const { Struct } = fromSdk("google-protobuf/google/protobuf/struct_pb");

/** The signature of a secret in the property protocol (how the engine sends secret config). */
const SIG = "4dabf18193072939515e22adb298388d";
const secret = (value: string) => ({ [SIG]: "1b47061264138c4ac30d75fd1eb44270", value });

// The first Invoke loads the data sources (and the Pulumi SDK) in this process.
jest.setTimeout(30_000);

let emu: RunningEmulator;
let control: EmulatorControl;
let server: Any;
let client: Any;
const apiKey = `invoke-${randomBytes(12).toString("hex")}`;
/** A logging token as the emulator takes it: a JWT whose payload carries the API key. */
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");
const loggingToken = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ key: apiKey })}.${randomBytes(12).toString("base64url")}`;

const call = (method: string, req: Any): Promise<Any> =>
  new Promise((resolve, reject) =>
    client[method](req, (err: Error | null, res: Any) => (err ? reject(err) : resolve(res))),
  );

/** Invokes `tok` with `args`: its return value and its failures (property, reason). */
async function invoke(tok: string, args: object) {
  const res = await call(
    "invoke",
    new pb.InvokeRequest().setTok(tok).setArgs(Struct.fromJavaScript(args)),
  );
  const raw = JSON.stringify(res.getReturn()?.toJavaScript() ?? null);
  expect(raw).not.toContain(apiKey);
  expect(raw).not.toContain(loggingToken);
  return {
    result: res.getReturn()?.toJavaScript() as Any,
    failures: res.getFailuresList().map((f: Any) => [f.getProperty(), f.getReason()]) as [
      string,
      string,
    ][],
  };
}

beforeAll(async () => {
  registerSecret(apiKey);
  registerSecret(loggingToken);
  resetSettings();
  emu = await startEmulator({ apiKey, loggingRateLimit: false });
  control = new EmulatorControl(emu.url);
  const served = await serve();
  server = served.server;
  client = new services.ResourceProviderClient(
    `127.0.0.1:${served.port}`,
    grpc.credentials.createInsecure(),
  );
  await call(
    "configure",
    new pb.ConfigureRequest().setArgs(
      Struct.fromJavaScript({
        apiKey: secret(apiKey),
        baseUrl: emu.url,
        loggingUrl: emu.loggingUrl,
        loggingToken: secret(loggingToken),
      }),
    ),
  );
}, 60_000);

afterAll(async () => {
  client?.close();
  server?.forceShutdown();
  resetSettings();
  await emu?.close();
});

test("shield: getAccessLists and getZones answer with the platform's objects", async () => {
  const lists = await invoke("edgeplatform:shield:getAccessLists", { shieldZoneId: 1 });
  expect(lists.failures).toEqual([]);
  expect(lists.result.shieldZoneId).toBe(1);
  // Fixture list 501 of zone 1: "office-network", two CIDR ranges, enabled.
  expect(lists.result.customLists).toEqual([
    expect.objectContaining({ listId: 501, name: "office-network", entryCount: 2, enabled: true }),
  ]);

  const zones = await invoke("edgeplatform:shield:getZones", {});
  expect(zones.failures).toEqual([]);
  const platform = (await control.state()).shieldZones.map((z) => z.id);
  expect(zones.result.zones.map((z: Any) => z.shieldZoneId).sort()).toEqual(platform.sort());
});

test("dns: getDnsZone and getDnsRecords read the fixture zone with one record of each type", async () => {
  const zone = await invoke("edgeplatform:dns:getDnsZone", { zoneId: 3 });
  expect(zone.failures).toEqual([]);
  expect(zone.result).toMatchObject({
    zoneId: 3,
    domain: "records.example",
    dnsSecEnabled: false,
    recordCount: 16,
  });

  const mx = await invoke("edgeplatform:dns:getDnsRecords", { zoneId: 3, type: "MX" });
  expect(mx.failures).toEqual([]);
  expect(mx.result.records).toEqual([
    expect.objectContaining({ type: "MX", name: "", value: "mail.records.example", priority: 10 }),
  ]);
  const www = await invoke("edgeplatform:dns:getDnsRecords", { zoneId: 3, name: "www" });
  expect(www.result.records.map((r: Any) => r.type).sort()).toEqual(["A", "AAAA"]);
});

test("dns: getDnsZone by its exact domain; an unknown domain is a failure naming it", async () => {
  const zone = await invoke("edgeplatform:dns:getDnsZone", { domain: "Records.Example." });
  expect(zone.failures).toEqual([]);
  expect(zone.result).toMatchObject({ zoneId: 3, domain: "records.example", recordCount: 16 });
  const missing = await invoke("edgeplatform:dns:getDnsZone", { domain: "example.net" }).then(
    (r) => r,
    (e: Error) => e,
  );
  expect(JSON.stringify(missing instanceof Error ? missing.message : missing)).toContain(
    'no DNS zone of the account has the domain \\"example.net\\"',
  );
});

test("logging: getAccessLogs reads a pull zone's logs with the configured logging URL", async () => {
  const day = 86_400_000;
  const today = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate(),
  );
  const logs = await invoke("edgeplatform:logging:getAccessLogs", {
    pullZoneId: 1,
    from: new Date(today - day - day / 2).toISOString(),
    to: new Date(today - day / 2).toISOString(),
    maxRecords: 5,
    order: "asc",
  });
  expect(logs.failures).toEqual([]);
  expect(logs.result).toMatchObject({ pullZoneId: 1, truncated: true });
  expect(logs.result.records).toHaveLength(5);
  const ts = logs.result.records.map((r: Any) => Date.parse(r.timestamp));
  expect(ts).toEqual([...ts].sort((a: number, b: number) => a - b));
  const [request] = await control.journal({ path: /\/logging\/v2\/pullzones\/1\/logs/ });
  expect(request).toBeDefined();
});

test("an invalid argument is a check failure naming it, with the allowed values; no secret in it", async () => {
  const bad = await invoke("edgeplatform:dns:getDnsRecords", { zoneId: 3, type: "MXX" });
  expect(bad.result).toBeUndefined();
  expect(bad.failures).toHaveLength(1);
  expect(bad.failures[0][0]).toBe("type");
  expect(bad.failures[0][1]).toMatch(/dns\.getDnsRecords: invalid argument "type"/);
  expect(bad.failures[0][1]).toMatch(/\bMX\b.*\bCAA\b/);

  const unknown = await invoke("edgeplatform:shield:getZone", { shieldZoneId: 1, zone: 2 });
  expect(unknown.failures.map((f) => f[0])).toEqual(["zone"]);
  expect(unknown.failures[0][1]).toMatch(/allowed arguments: shieldZoneId, pullZoneId/);

  // A secret given where an argument goes is not echoed.
  const echoed = await invoke("edgeplatform:dns:getDnsZone", { zoneId: apiKey });
  expect(echoed.failures.map((f) => f[0])).toEqual(["zoneId"]);
  expect(echoed.failures[0][1]).not.toContain(apiKey);
});

test("a platform error fails the call with its message; an unknown function is named", async () => {
  await expect(invoke("edgeplatform:dns:getDnsZone", { zoneId: 999 })).rejects.toThrow(/404/);
  await expect(invoke("edgeplatform:dns:getNothing", {})).rejects.toThrow(
    /unknown function edgeplatform:dns:getNothing/,
  );
});

test("pullzones: the statistics of a zone; a reversed range and an unknown zone name the field", async () => {
  const range = { pullZoneId: 1, dateFrom: "2024-05-01", dateTo: "2024-05-02" };
  const traffic = await invoke("edgeplatform:pullzones:getPullZoneStatistics", range);
  expect(traffic.failures).toEqual([]);
  expect(traffic.result.pullZoneId).toBe(1);
  expect(Object.keys(traffic.result.requestsServedChart)).toEqual([
    "2024-05-01T00:00:00Z",
    "2024-05-02T00:00:00Z",
  ]);
  const [read] = await control.journal({ path: /^\/statistics$/ });
  expect(read.query).toMatchObject({ pullZone: "1", dateFrom: "2024-05-01T00:00:00.000Z" });
  const optimizer = await invoke("edgeplatform:pullzones:getPullZoneOptimizerStatistics", range);
  expect(optimizer.failures).toEqual([]);
  expect(Object.keys(optimizer.result.trafficSavedChart)).toHaveLength(2);

  const reversed = await invoke("edgeplatform:pullzones:getPullZoneStatistics", {
    ...range,
    dateFrom: "2024-05-03",
  });
  expect(reversed.failures.map((f) => f[0])).toEqual(["dateFrom"]);
  const unknown = await invoke("edgeplatform:pullzones:getPullZoneSafeHopStatistics", {
    pullZoneId: 999,
  });
  expect(unknown.failures.map((f) => f[0])).toEqual(["pullZoneId"]);
  expect(unknown.failures[0][1]).toContain("no pull zone 999");
});

test("containers: getContainerApp answers app-1 with each environment value a secret; getContainerApps lists both apps", async () => {
  const raw = await call(
    "invoke",
    new pb.InvokeRequest()
      .setTok("edgeplatform:containers:getContainerApp")
      .setArgs(Struct.fromJavaScript({ appId: "app-1" })),
  );
  const app = raw.getReturn().toJavaScript() as Any;
  expect(app).toMatchObject({ appId: "app-1", name: "shop" });
  expect(app.containers.map((c: Any) => c.name)).toEqual(["web", "worker"]);
  expect(app.endpoints).toEqual([
    expect.objectContaining({ type: "cdn", pullZoneId: 1, containerName: "web" }),
  ]);
  // The platform marks no value secret, so each is answered as one (the fixture's two values).
  expect(app.containers[0].environmentVariables).toEqual([
    { name: "DB_PASSWORD", value: secret("fixture-db-secret") },
    { name: "LOG_LEVEL", value: secret("info") },
  ]);

  const apps = await invoke("edgeplatform:containers:getContainerApps", {});
  expect(apps.failures).toEqual([]);
  expect(apps.result.apps.map((a: Any) => a.appId).sort()).toEqual(["app-1", "app-2"]);

  await expect(
    invoke("edgeplatform:containers:getContainerApp", { appId: "app-missing" }),
  ).rejects.toThrow(/container app \\?"app-missing\\?" was not found/);
});
