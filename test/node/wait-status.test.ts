/**
 * Status lines during long waits (issue 31, "long operations give no sign of life"), through
 * the real dynamic-provider host of `@pulumi/pulumi` (`cmd/dynamic-provider/index.js`, started
 * in a child process as the engine starts it) and an engine of this file's own that records
 * the `Log` requests the host's process sends (the engine's part that shows them).
 *
 * Under `async-202` with writes applied 2.5 s later, and two failed answers to the read-back
 * of each new rule (503 for one, 429 with `Retry-After: 1` for the other; the client honours
 * `Retry-After` on a 429 only): each resource's create shows exactly one status line per kind
 * of wait, under its own URN, ephemeral (the engine drops it when the resource is done) and
 * written for a person: the retry (the first one; the second is not told again) and the
 * pending write (once the read-back has waited a second; not once per poll).
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
const providerPb = require("@pulumi/pulumi/proto/provider_pb");
const providerRpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
const engineRpc = require("@pulumi/pulumi/proto/engine_grpc_pb");
const { Struct } = fromSdk("google-protobuf/google/protobuf/struct_pb");
const { Empty } = fromSdk("google-protobuf/google/protobuf/empty_pb");

const HOST_JS = path.join(sdkDir, "cmd", "dynamic-provider", "index.js");
const BUNDLE = path.join(ROOT, "packages", "pulumi", "dist", "resources", "host.js");
const TYPE = "pulumi-nodejs:dynamic/shield:RateLimitRule";
const urnOf = (name: string) => `urn:pulumi:dev::wait::${TYPE}::${name}`;
/** What the state's `__provider` names (see serialized-provider.ts). */
const PROVIDER = 'exports.handler = () => require("pulumi-edgeplatform/stubs/rate-limit-rule");';

const apiKey = `wait-status-${randomBytes(12).toString("hex")}`;
registerSecret(apiKey);

/** One `Log` request as the engine received it. */
interface Logged {
  urn: string;
  message: string;
  ephemeral: boolean;
  severity: number;
}

let emu: RunningEmulator;
let ctl: EmulatorControl;
let engine: Any;
let host: ChildProcess;
let provider: Any;
let hostStderr = "";
const logged: Logged[] = [];

const call = (method: string, req: Any): Promise<Any> =>
  new Promise((resolve, reject) =>
    provider[method](req, (err: Error | null, res: Any) => (err ? reject(err) : resolve(res))),
  );

beforeAll(async () => {
  ensureBuilt(BUNDLE, ["client", "pulumi"]);
  emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
  ctl = new EmulatorControl(emu.url);
  engine = new grpc.Server();
  engine.addService(engineRpc.EngineService, {
    log(c: Any, done: (e: null, r: Any) => void) {
      const r = c.request;
      logged.push({
        urn: r.getUrn(),
        message: r.getMessage(),
        ephemeral: r.getEphemeral(),
        severity: r.getSeverity(),
      });
      done(null, new Empty());
    },
  });
  const enginePort = await new Promise<number>((resolve, reject) =>
    engine.bindAsync(
      "127.0.0.1:0",
      grpc.ServerCredentials.createInsecure(),
      (e: Error, p: number) => (e ? reject(e) : resolve(p)),
    ),
  );
  // The host evaluates `__provider` with module paths from its working directory, where
  // `pulumi-edgeplatform` resolves (as from a Pulumi project's directory).
  host = spawn(process.execPath, [HOST_JS, `127.0.0.1:${enginePort}`], {
    cwd: ROOT,
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "pipe", "pipe"],
  });
  host.stderr?.on("data", (d: Buffer) => (hostStderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    host.stdout?.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
    host.once("exit", (code) => reject(new Error(`host exited ${code}: ${hostStderr}`)));
  });
  provider = new providerRpc.ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
  await call(
    "configure",
    new providerPb.ConfigureRequest().setArgs(
      Struct.fromJavaScript({ "edgeplatform:apiKey": apiKey, "edgeplatform:baseUrl": emu.url }),
    ),
  );
}, 180_000);

afterAll(async () => {
  provider?.close();
  host?.kill();
  engine?.forceShutdown();
  await emu?.close();
});

/** Checks and creates a rate-limit rule named `name` as the engine does; resolves to its id. */
async function create(name: string): Promise<string> {
  const urn = urnOf(name);
  const news = Struct.fromJavaScript({
    shieldZoneId: 1,
    ruleName: name,
    ruleConfiguration: {
      actionType: "Challenge",
      variableTypes: { REQUEST_URI: `/${name}` },
      operatorType: "BEGINSWITH",
      value: `/${name}`,
      requestCount: 20,
      counterKeyType: "IP",
      timeframe: "PerOneMinute",
      blockTime: "ForFiveMinutes",
    },
    __provider: PROVIDER,
  });
  const checked = await call(
    "check",
    new providerPb.CheckRequest().setUrn(urn).setOlds(Struct.fromJavaScript({})).setNews(news),
  );
  expect(checked.getFailuresList()).toEqual([]);
  const res = await call(
    "create",
    new providerPb.CreateRequest().setUrn(urn).setProperties(checked.getInputs()),
  );
  return res.getId();
}

test("one ephemeral status line per resource and kind of wait, under the resource's URN", async () => {
  await ctl.setProfile({ name: "async-202", writeDelayMs: 2_500 });
  // One after the other, so that each rule's read-back meets its own two failed answers.
  const retried = { login: 503, search: 429 };
  for (const [name, status] of Object.entries(retried)) {
    await ctl.fault({
      method: "GET",
      path: "^/shield/rate-limit/\\d+$",
      count: 2,
      status,
      headers: { "Retry-After": "1" },
    });
    expect(await create(name)).toMatch(/^\d+$/);
  }
  const failed = (await ctl.journal()).filter((e) => e.method === "GET" && e.status >= 429);
  expect(failed.map((e) => e.status)).toEqual([503, 503, 429, 429]);

  // Two retries each: told once, the first one (attempt 1 failed; the call makes at most 5).
  const retryLine = {
    login:
      /^edgeplatform: the platform answered 503 to shield\.getRateLimit; retrying (now|in 0\.\d s) \(attempt 2 of 5\)$/,
    search:
      /^edgeplatform: the platform answered 429 \(too many requests\) to shield\.getRateLimit; retrying in 1 s \(attempt 2 of 5\)$/,
  };
  for (const name of ["login", "search"] as const) {
    const lines = logged.filter((l) => l.urn === urnOf(name));
    const status = lines.filter((l) => l.ephemeral).map((l) => l.message);
    expect(status).toHaveLength(2);
    expect(status[0]).toMatch(retryLine[name]);
    // Polled several times after the 202 (the write applied 2.5 s later): told once.
    expect(status[1]).toMatch(
      /^edgeplatform: waiting for the platform to apply the write \(202 Accepted\), [1-4] s so far; checking for up to 20 s$/,
    );
    for (const l of lines) expect(l.severity).toBe(1); // INFO
  }
  const all = logged.map((l) => l.message).join("\n");
  expect(all).not.toContain(apiKey);
  expect(all).not.toMatch(/[{}]/);
}, 60_000);
