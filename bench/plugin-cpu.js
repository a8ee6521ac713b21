#!/usr/bin/env node
/**
 * Benchmark: the native provider plugin's own CPU time per CLI command, without the CLI (issue
 * 29). bench/plugin-floor.js judges whole commands, whose wall time moves by ±20 % from run to
 * run on a small machine; this one drives each plugin process with the calls one command makes
 * and reads the CPU time the process used (Linux: the sum of its threads'
 * `/proc/<pid>/task/<tid>/schedstat`, nanoseconds), so a change to the plugin's fixed cost shows
 * as a few milliseconds, not as noise.
 *
 * For each phase of N rate-limit rules (`up`: GetPluginInfo, CheckConfig, Configure, then per
 * resource Check and Create; `preview`: Check and Diff against the state; `refresh`: Read;
 * `destroy`: Delete), a fresh process of
 *  - "rules": our plugin as users install it (the tarball of scripts/plugin-tarball.js,
 *             extracted; code cache written by a first start), against the emulator, and
 *  - "noop":  bench/noop-plugin with the RateLimitRule's typed schema (no work),
 * is started by its executable (each a `sh` wrapper that execs the `node` on PATH) with the
 * address of a stand-in engine (answers `Log`, counted), answers the calls
 * one after another as the engine sends them, and has its CPU time read after its last answer.
 * Runs interleaved kind by kind, --runs times (default 9); figure per phase: the median CPU
 * time of each kind and their difference. The emulator's state is checked after each `up`
 * (N rules) and `destroy` (none left).
 *
 *   npm run build && node bench/plugin-cpu.js [--n 10] [--runs 9]
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");
const {
  ROOT,
  arg,
  machineLine,
  median,
  printTable,
  round,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");
const { NOOP_DIR, edgeplatformPluginDir, noopEnv, ruleInputs } = require("./lib/plugins");

const PHASES = ["up", "preview", "refresh", "destroy"];
const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [ROOT] }));
const fromSdk = (id) => require(require.resolve(id, { paths: [sdkDir] }));
const grpc = fromSdk("@grpc/grpc-js");
const pb = require(path.join(sdkDir, "proto", "provider_pb"));
const providerGrpc = require(path.join(sdkDir, "proto", "provider_grpc_pb"));
const engineGrpc = require(path.join(sdkDir, "proto", "engine_grpc_pb"));
const { Struct } = fromSdk("google-protobuf/google/protobuf/struct_pb");
const { Empty } = fromSdk("google-protobuf/google/protobuf/empty_pb");

/**
 * CPU nanoseconds process `pid` has used so far: the sum over its threads (`/proc/<pid>/task/
 * <tid>/schedstat`; the process's own schedstat is its main thread's only, and V8's compiler
 * and GC threads and libuv's pool work too). A thread that has already ended is not counted
 * (Node's threads live as long as the process).
 */
function cpuNsOf(pid) {
  let ns = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns;
}

const call = (client, method, req) =>
  new Promise((resolve, reject) => client[method](req, (e, res) => (e ? reject(e) : resolve(res))));

/** A stand-in for the engine's `EngineService`: every call answered, the calls counted. */
async function startEngine() {
  const server = new grpc.Server();
  const counts = { calls: 0 };
  const impl = {};
  for (const method of Object.keys(engineGrpc.EngineService)) {
    impl[method] = (_call, callback) => {
      counts.calls++;
      callback(null, new Empty());
    };
  }
  server.addService(engineGrpc.EngineService, impl);
  const port = await new Promise((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) =>
      e ? reject(e) : resolve(p),
    ),
  );
  return { address: `127.0.0.1:${port}`, counts, stop: () => server.forceShutdown() };
}

/** Starts a plugin; resolves with its process and a client on its port. */
async function startPlugin(plugin, engineAddress) {
  const child = spawn(plugin.command, [engineAddress], {
    env: { ...process.env, ...plugin.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const port = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /^(\d+)\n/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`plugin exited ${code}: ${stderr}`)));
  });
  const client = new providerGrpc.ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
  return { child, client };
}

/**
 * One phase in a fresh process of `plugin`: the calls of the command, one after another.
 * `state` carries ids and outputs from phase to phase. Resolves with the CPU milliseconds.
 */
async function phase(plugin, engineAddress, name, n, state) {
  const { child, client } = await startPlugin(plugin, engineAddress);
  try {
    /** `req` about rule `i` (its URN and type; its id once it has one). */
    const about = (req, i) => {
      req.setUrn(`urn:pulumi:bench::plugin-cpu::${plugin.type}::rule${i}`).setType(plugin.type);
      const id = state.ids[i];
      return id !== undefined && typeof req.setId === "function" ? req.setId(id) : req;
    };
    const providerUrn = `urn:pulumi:bench::plugin-cpu::pulumi:providers:${plugin.pkg}::default`;
    await call(client, "getPluginInfo", new Empty());
    const config = Struct.fromJavaScript({ version: plugin.version });
    await call(
      client,
      "checkConfig",
      new pb.CheckRequest().setUrn(providerUrn).setOlds(Struct.fromJavaScript({})).setNews(config),
    );
    await call(client, "configure", new pb.ConfigureRequest().setUrn(providerUrn).setArgs(config));
    for (let i = 0; i < n; i++) {
      const inputs = Struct.fromJavaScript(ruleInputs(i));
      if (name === "up" || name === "preview") {
        const checked = await call(
          client,
          "check",
          about(new pb.CheckRequest(), i)
            .setOlds(name === "up" ? Struct.fromJavaScript({}) : inputs)
            .setNews(inputs),
        );
        const failure = checked.getFailuresList()[0];
        if (failure) throw new Error(`${plugin.type} check: ${failure.getReason()}`);
        if (name === "up") {
          const created = await call(
            client,
            "create",
            about(new pb.CreateRequest(), i).setProperties(checked.getInputs()),
          );
          state.ids[i] = created.getId();
          state.outputs[i] = created.getProperties().toJavaScript();
        } else {
          const diff = await call(
            client,
            "diff",
            about(new pb.DiffRequest(), i)
              .setOlds(Struct.fromJavaScript(state.outputs[i]))
              .setOldInputs(inputs)
              .setNews(checked.getInputs()),
          );
          if (diff.getChanges() === pb.DiffResponse.DiffChanges.DIFF_SOME)
            throw new Error(`${plugin.type} rule${i}: a change in a no-change preview`);
        }
      } else if (name === "refresh") {
        const read = await call(
          client,
          "read",
          about(new pb.ReadRequest(), i)
            .setProperties(Struct.fromJavaScript(state.outputs[i]))
            .setInputs(inputs),
        );
        state.outputs[i] = read.getProperties().toJavaScript();
      } else {
        await call(
          client,
          "delete",
          about(new pb.DeleteRequest(), i).setProperties(Struct.fromJavaScript(state.outputs[i])),
        );
      }
    }
    return cpuNsOf(child.pid) / 1e6;
  } finally {
    client.close();
    child.kill();
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
  }
}

/** How many of the benchmark's rules the emulator holds. */
async function benchRules(emu) {
  const st = await emu.control("GET", "state");
  return st.rateLimitRules.filter((r) => /^bench-/.test(r.ruleName)).length;
}

async function main() {
  if (!fs.existsSync("/proc/self/task"))
    throw new Error("plugin-cpu reads /proc/<pid>/task/<tid>/schedstat: Linux only");
  const n = Number(arg("n", "10"));
  const runs = Number(arg("runs", "9"));
  console.log(`plugin-cpu: N ${n}, runs ${runs}; ${machineLine()}`);
  const version = JSON.parse(
    fs.readFileSync(path.join(ROOT, "packages", "pulumi", "package.json"), "utf8"),
  ).version;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-plugin-cpu-"));
  const emu = await startEmulatorProcess();
  const engine = await startEngine();
  const samples = { rules: {}, noop: {} };
  try {
    const ours = edgeplatformPluginDir(workDir, "tarball");
    const plugins = {
      rules: {
        command: path.join(ours.dir, "pulumi-resource-edgeplatform"),
        env: { EDGEPLATFORM_BASE_URL: emu.url, EDGEPLATFORM_API_KEY: emu.apiKey },
        type: "edgeplatform:shield:RateLimitRule",
        pkg: "edgeplatform",
        version,
      },
      noop: {
        command: path.join(NOOP_DIR, "pulumi-resource-benchnoop"),
        env: noopEnv("typed"),
        type: "benchnoop:index:Noop",
        pkg: "benchnoop",
        version: "0.0.1",
      },
    };
    // Untimed: one run of each (writes our plugin's code cache, as any user's first command does).
    for (const kind of ["rules", "noop"]) {
      const state = { ids: [], outputs: [] };
      for (const p of PHASES) await phase(plugins[kind], engine.address, p, 1, state);
    }
    for (let r = 0; r < runs; r++) {
      for (const kind of ["rules", "noop"]) {
        const state = { ids: [], outputs: [] };
        for (const p of PHASES) {
          (samples[kind][p] ??= []).push(await phase(plugins[kind], engine.address, p, n, state));
          if (kind === "rules" && p === "up" && (await benchRules(emu)) !== n)
            throw new Error(`the emulator does not hold the ${n} rules created`);
        }
        if (kind === "rules" && (await benchRules(emu)) !== 0)
          throw new Error("the emulator still holds benchmark rules after destroy");
      }
    }
  } finally {
    engine.stop();
    await emu.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const rows = PHASES.map((p) => {
    const rules = median(samples.rules[p]);
    const noop = median(samples.noop[p]);
    return { phase: p, rulesMs: rules, noopMs: noop, overMs: rules - noop };
  });
  printTable(
    `Plugin CPU time per command, without the CLI (N = ${n}, median of ${runs}; ms of the plugin process from its start to its last answer)`,
    ["phase", "edgeplatform", "no-op", "over the no-op"],
    rows.map((r) => [r.phase, round(r.rulesMs, 0), round(r.noopMs, 0), round(r.overMs, 0)]),
  );
  console.log(`engine calls (Log) from both plugins: ${engine.counts.calls}`);
  writeResult("plugin-cpu", { n, runs, engineCalls: engine.counts.calls, rows, samples });
}

runMain(main);
