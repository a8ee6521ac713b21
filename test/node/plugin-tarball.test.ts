/**
 * The plugin tarball (`npm run plugin-tarball`, scripts/plugin-tarball.js) extracted into an
 * empty directory outside the checkout and started with only Node's directory on PATH (no
 * node_modules anywhere above it), spoken to over gRPC as the engine does: it serves the
 * schema of the build, and every kind's `Check` answers with failures (each kind validates with
 * its precompiled validators, which the tarball must carry); the data sources, and the Pulumi
 * SDK they load, come from a second file read on the first Invoke only (a program with no data
 * source never reads it). test/e2e/yaml-plugin.e2e.test.ts
 * installs the same tarball with the real CLI.
 */
import { spawn, spawnSync, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import path from "path";
import { ensureBuilt, ROOT } from "../support/build";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;
const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = (id: string): Any => require(require.resolve(id, { paths: [sdkDir] }));
const grpc = fromSdk("@grpc/grpc-js");
const pb = require("@pulumi/pulumi/proto/provider_pb");
const services = require("@pulumi/pulumi/proto/provider_grpc_pb");
const { Struct } = fromSdk("google-protobuf/google/protobuf/struct_pb");

const SCHEMA = path.join(ROOT, "packages", "pulumi", "dist", "plugin", "schema.json");
const NAME = "pulumi-resource-edgeplatform";

let dir: string;
let child: ChildProcess;
let client: Any;
let stderr = "";
/** The file a preload appends the name of every JavaScript file Node compiles to. */
let compiledLog: string;
const compiled = (): string[] =>
  fs.existsSync(compiledLog)
    ? fs
        .readFileSync(compiledLog, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((f) => path.relative(path.join(dir, "plugin"), f))
    : [];

const call = (method: string, req: Any): Promise<Any> =>
  new Promise((resolve, reject) =>
    client[method](req, (err: Error | null, res: Any) => (err ? reject(err) : resolve(res))),
  );

beforeAll(async () => {
  ensureBuilt(SCHEMA, ["client", "pulumi"]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-plugin-tarball-test-"));
  const out = path.join(dir, "out");
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, "scripts", "plugin-tarball.js"), "--out", out],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(built.stderr).toBe("");
  expect(built.status).toBe(0);
  const [tarball] = fs.readdirSync(out);
  expect(tarball).toMatch(new RegExp(`^${NAME}-v[\\d.]+-(linux|darwin)-(amd64|arm64)\\.tar\\.gz$`));
  const plugin = path.join(dir, "plugin");
  fs.mkdirSync(plugin);
  expect(spawnSync("tar", ["-xzf", path.join(out, tarball), "-C", plugin]).status).toBe(0);
  for (let d = plugin; d !== path.dirname(d); d = path.dirname(d)) {
    expect(fs.existsSync(path.join(d, "node_modules"))).toBe(false);
  }
  // A preload (outside the plugin's directory) records every file Node compiles.
  compiledLog = path.join(dir, "compiled.log");
  const preload = path.join(dir, "trace-compiled.js");
  fs.writeFileSync(
    preload,
    [
      `const fs = require("fs");`,
      `const js = require("module")._extensions[".js"];`,
      `require("module")._extensions[".js"] = function (m, file) {`,
      `  fs.appendFileSync(${JSON.stringify(compiledLog)}, file + "\\n");`,
      `  return js.call(this, m, file);`,
      `};`,
    ].join("\n"),
  );
  child = spawn(path.join(plugin, NAME), [], {
    cwd: plugin,
    // Settings for the functions (no request is made: their arguments are refused first).
    env: {
      PATH: path.dirname(process.execPath),
      HOME: dir,
      TMPDIR: dir, // its code cache (lib/start.js) in the test's directory
      EDGEPLATFORM_API_KEY: "tarball-test-key",
      EDGEPLATFORM_BASE_URL: "http://127.0.0.1:9",
      NODE_OPTIONS: `--require ${preload}`,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
    child.once("exit", (code) => reject(new Error(`plugin exited ${code}: ${stderr}`)));
  });
  client = new services.ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
}, 120_000);

afterAll(() => {
  client?.close();
  child?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("the installed plugin serves the schema of the build, and its version", async () => {
  const res = await call("getSchema", new pb.GetSchemaRequest());
  expect(res.getSchema()).toBe(fs.readFileSync(SCHEMA, "utf8"));
  // The engine caches a schema per plugin version: the version told is the schema's.
  const { version } = JSON.parse(res.getSchema()) as { version: string };
  const { Empty } = fromSdk("google-protobuf/google/protobuf/empty_pb");
  const info = await call("getPluginInfo", new Empty());
  expect(info.getVersion()).toBe(version);
});

test("every kind's Check answers with failures for an unknown input (its validators are in the tarball)", async () => {
  const types = Object.keys(
    (JSON.parse(fs.readFileSync(SCHEMA, "utf8")) as { resources: object }).resources,
  );
  expect(types.length).toBeGreaterThanOrEqual(13);
  const answered: string[] = [];
  for (const type of types) {
    const req = new pb.CheckRequest()
      .setUrn(`urn:pulumi:dev::p::${type}::r`)
      .setType(type)
      .setOlds(Struct.fromJavaScript({}))
      .setNews(Struct.fromJavaScript({ bogus: 1 }));
    const res = await call("check", req);
    const failures = res.getFailuresList().map((f: Any) => `${f.getProperty()}: ${f.getReason()}`);
    if (failures.some((f: string) => /bogus/.test(f))) answered.push(type);
    else answered.push(`${type}: ${failures.join("; ") || "no failure"}`);
  }
  expect(answered).toEqual(types);
  expect(stderr).toBe("");
});

test("the data sources and the Pulumi SDK load from a second file, on the first Invoke only", async () => {
  // Schema and Check served: the main file and validators only.
  const before = compiled();
  expect(before.slice(0, 2)).toEqual(["lib/start.js", `${NAME}.js`]);
  expect(before.filter((f) => !/^lib\/.*\.precompiled\/[^/]+\.js$/.test(f))).toEqual([
    "lib/start.js",
    `${NAME}.js`,
  ]);
  const req = new pb.InvokeRequest()
    .setTok("edgeplatform:dns:getDnsZone")
    .setArgs(Struct.fromJavaScript({ bogus: 1 }));
  const res = await call("invoke", req);
  expect(res.getFailuresList().length).toBeGreaterThan(0);
  const added = compiled().filter((f) => !before.includes(f));
  expect(added.filter((f) => !/\.precompiled\//.test(f))).toEqual([
    "lib/pulumi/dist/plugin/functions.js",
  ]);
  // The main file holds no module of the SDK but its gRPC protocol (`@pulumi/pulumi/proto`).
  const main = fs.readFileSync(path.join(dir, "plugin", `${NAME}.js`), "utf8");
  const fns = fs.readFileSync(
    path.join(dir, "plugin", "lib/pulumi/dist/plugin/functions.js"),
    "utf8",
  );
  // The SDK's run-time state (runtime/state.js: the stack resource's variable).
  expect(fns).toMatch(/PULUMI_NODEJS_STACK/);
  expect(main).not.toMatch(/PULUMI_NODEJS_STACK/);
});

test("every function's Invoke refuses bad arguments by name, as a check failure (the data sources load from the tarball)", async () => {
  const tokens = Object.keys(
    (JSON.parse(fs.readFileSync(SCHEMA, "utf8")) as { functions: object }).functions,
  );
  expect(tokens.length).toBeGreaterThanOrEqual(20);
  const answered: string[] = [];
  for (const tok of tokens) {
    const req = new pb.InvokeRequest().setTok(tok).setArgs(Struct.fromJavaScript({ bogus: 1 }));
    const res = await call("invoke", req).catch((e: Error) => e);
    const failures =
      res instanceof Error
        ? [res.message]
        : res.getFailuresList().map((f: Any) => `${f.getProperty()}: ${f.getReason()}`);
    // The unknown `bogus`, or a required argument it lacks, named as the failure's property.
    const named =
      !(res instanceof Error) &&
      res
        .getFailuresList()
        .some((f: Any) => /invalid argument/.test(f.getReason()) && f.getProperty());
    answered.push(named ? tok : `${tok}: ${failures.join("; ") || "no failure"}`);
  }
  expect(answered).toEqual(tokens);
  expect(stderr).toBe("");
});

describe("the start-up bundle's V8 code cache (lib/start.js)", () => {
  /** Starts the plugin with `tmp` as its temporary directory; resolves once it has served the schema and run `ms`, then stops it. */
  const startOnce = async (tmp: string, ms: number): Promise<string> => {
    const plugin = path.join(dir, "plugin");
    const p = spawn(path.join(plugin, NAME), [], {
      cwd: plugin,
      env: { PATH: path.dirname(process.execPath), HOME: dir, TMPDIR: tmp },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let err = "";
    p.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        p.stdout?.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
        p.once("exit", (code) => reject(new Error(`plugin exited ${code}: ${err}`)));
      });
      const c = new services.ResourceProviderClient(
        `127.0.0.1:${port}`,
        grpc.credentials.createInsecure(),
      );
      const schema = await new Promise<string>((resolve, reject) =>
        c.getSchema(new pb.GetSchemaRequest(), (e: Error | null, r: Any) =>
          e ? reject(e) : resolve(r.getSchema()),
        ),
      );
      c.close();
      await new Promise((r) => setTimeout(r, ms));
      return schema;
    } finally {
      p.kill();
    }
  };
  const cacheDirOf = (tmp: string) =>
    path.join(tmp, `pulumi-edgeplatform-${process.getuid!()}`, "code-cache");
  const bundle = () => path.join(dir, "plugin", `${NAME}.js`);
  /** The bundle's sha256 as built (what lib/start.js names its cache by). */
  let builtSha: string | undefined;
  /** The cache file's name of the bundle: its sha256 as built, its identity on disk, Node. */
  const cacheName = () => {
    const f = bundle();
    builtSha ??= require("crypto")
      .createHash("sha256")
      .update(fs.readFileSync(f))
      .digest("hex") as string;
    const st = fs.statSync(f);
    const id = `${st.size}-${Math.trunc(st.mtimeMs)}-${st.ino}`;
    return `${builtSha}-${id}-${process.version}-${process.arch}`;
  };
  /** Waits (up to 10 s) until `file` exists. */
  const appears = async (file: string) => {
    for (let i = 0; i < 200 && !fs.existsSync(file); i++)
      await new Promise((r) => setTimeout(r, 50));
    return fs.existsSync(file);
  };

  test("written by a start of under a second (a small stack's), named by the bundle's sha256, identity and Node; taken as it is by the next start; a corrupt one replaced; a bundle edited to the same length does not take it; the schema served each time", async () => {
    const tmp = fs.mkdtempSync(path.join(dir, "tmp-"));
    const expected = fs.readFileSync(SCHEMA, "utf8");
    const file = path.join(cacheDirOf(tmp), cacheName());
    // Killed 500 ms after it answered: a plugin process of a small stack's command.
    expect(await startOnce(tmp, 500)).toBe(expected);
    expect(await appears(file)).toBe(true);
    expect(fs.readdirSync(cacheDirOf(tmp))).toEqual([path.basename(file)]);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    expect((fs.statSync(cacheDirOf(tmp)).mode & 0o777).toString(8)).toBe("700");
    const written = fs.readFileSync(file);
    const first = fs.statSync(file);
    expect(written.length).toBeGreaterThan(100_000);
    // Accepted by V8: the next start leaves the file as it is (not even written again).
    expect(await startOnce(tmp, 1500)).toBe(expected);
    const second = fs.statSync(file);
    expect([second.ino, second.mtimeMs]).toEqual([first.ino, first.mtimeMs]);
    // Corrupt: rejected by V8, the plugin starts from source and writes a good one again.
    const corrupt = Buffer.alloc(written.length, 7);
    fs.writeFileSync(file, corrupt);
    expect(await startOnce(tmp, 1500)).toBe(expected);
    for (let i = 0; i < 200 && fs.readFileSync(file).equals(corrupt); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(fs.readFileSync(file).equals(corrupt)).toBe(false);
    expect(fs.readFileSync(file).length).toBeGreaterThan(100_000);
    // The bundle edited in place to the same length (V8 would take the old cache for it): the
    // start makes a cache of another name.
    const text = fs.readFileSync(bundle(), "utf8");
    const marker = "generated by scripts/plugin-tarball.js";
    expect(text).toContain(marker);
    fs.writeFileSync(bundle(), text.replace(marker, marker.toUpperCase()));
    try {
      expect(await startOnce(tmp, 1500)).toBe(expected);
      expect(await appears(path.join(cacheDirOf(tmp), cacheName()))).toBe(true);
      expect(fs.readdirSync(cacheDirOf(tmp)).length).toBe(2);
    } finally {
      fs.writeFileSync(bundle(), text);
    }
  }, 60_000);

  test("a cache directory others may write to is not used: nothing is read or written there, the plugin serves as usual", async () => {
    const tmp = fs.mkdtempSync(path.join(dir, "tmp-"));
    fs.mkdirSync(cacheDirOf(tmp), { recursive: true });
    fs.chmodSync(cacheDirOf(tmp), 0o777);
    const planted = path.join(cacheDirOf(tmp), cacheName());
    fs.writeFileSync(planted, "planted");
    expect(await startOnce(tmp, 1500)).toBe(fs.readFileSync(SCHEMA, "utf8"));
    expect(fs.readdirSync(cacheDirOf(tmp))).toEqual([path.basename(planted)]);
    expect(fs.readFileSync(planted, "utf8")).toBe("planted");
  }, 60_000);
});
