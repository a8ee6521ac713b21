/**
 * Engine helpers of the benchmarks: the Pulumi CLI (scripts/pulumi-cli.js), a throw-away
 * project directory, fresh stacks through the Automation API (scripts/lib/engine.js), and the
 * two workloads compared by the engine-floor bench: N rate-limit rules, and N no-op dynamic
 * resources (the engine's own floor). Two layouts:
 *  - "linked": the project links the workspace package; programs run INLINE in this process;
 *  - "installed": the packed tarballs are npm-installed in the project and the program runs in
 *    CLI mode (bench/lib/installed.js), which is what a user's project does.
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { arg, ROOT } = require("./common");
const { ensurePulumiCli } = require(path.join(ROOT, "scripts", "pulumi-cli"));
const { linkPackage, openStack, registerTypeScript, writeProject } = require(
  path.join(ROOT, "scripts", "lib", "engine"),
);
const { writeInstalledProject } = require("./installed");
const { objectSpecs } = require("./workloads");

/** The project layouts `prepareEngine` can make. */
const LAYOUTS = ["linked", "installed"];

/** The layouts named by `--layouts` (comma-separated; default installed,linked), checked. */
function layoutsArg() {
  const layouts = String(arg("layouts", "installed,linked")).split(",");
  for (const l of layouts)
    if (!LAYOUTS.includes(l))
      throw new Error(`--layouts takes ${LAYOUTS.join(", ")} (comma-separated); got ${l}`);
  return layouts;
}

const PASSPHRASE = "edgeplatform-bench-passphrase"; // throw-away local stacks only
const PROJECT = "edgeplatform-bench";

/** The shared sample rule configuration; `requestCount` varies so one field can be updated. */
function ruleConfiguration(requestCount = 50) {
  registerTypeScript();
  const { sampleRuleConfiguration } = require(path.join(ROOT, "test", "support", "fixtures.ts"));
  return sampleRuleConfiguration({ requestCount });
}

/** Inline program: the workload's objects (workloads.js), e.g. `n` rate-limit rules in zone 1. */
function rulesProgram(n, opts = {}, workload = "rules") {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    const specs = objectSpecs(workload, n, ruleConfiguration(50), opts);
    for (const s of specs) new edge.shield[s.type](s.name, s.props);
    return { count: specs.length };
  };
}

/** A dynamic provider that does nothing: the cost of the engine and the dynamic host alone. */
const noopProvider = {
  create: async (inputs) => ({
    id: String(inputs.ruleName ?? inputs.name ?? inputs.listId),
    outs: inputs,
  }),
};

/** Inline program: no-op dynamic resources with the same inputs as the workload's objects. */
function noopProgram(n, workload = "rules") {
  return async () => {
    const pulumi = require("@pulumi/pulumi");
    class Noop extends pulumi.dynamic.Resource {
      constructor(name, props, o) {
        super(noopProvider, name, props, o, "bench", "Noop");
      }
    }
    const specs = objectSpecs(workload, n, ruleConfiguration(50));
    for (const s of specs) new Noop(`noop-${s.name}`, s.props);
    return { count: specs.length };
  };
}

/**
 * Prepares the CLI and a project directory under the OS temp dir (Pulumi.yaml, a local file
 * backend and its own PULUMI_HOME) in `layout` "linked" (node_modules/pulumi-edgeplatform ->
 * the workspace package, for the dynamic-provider host) or "installed" (the tarballs installed
 * with npm). Returns { cli, layout, workDir, stateDir, pulumiHome, cleanup }.
 */
async function prepareEngine(log = () => {}, layout = "linked") {
  if (!LAYOUTS.includes(layout))
    throw new Error(`layout must be one of ${LAYOUTS.join(", ")}; got ${layout}`);
  const cli = await ensurePulumiCli({ log });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `edgeplatform-bench-${layout}-`));
  const cleanup = () => fs.rmSync(workDir, { recursive: true, force: true });
  try {
    if (layout === "linked") {
      writeProject(workDir, PROJECT, "pulumi-edgeplatform benchmarks");
      linkPackage(workDir);
    } else {
      writeInstalledProject(workDir, PROJECT, ruleConfiguration(50), log);
    }
  } catch (e) {
    cleanup();
    throw e;
  }
  return {
    cli,
    layout,
    workDir,
    stateDir: path.join(workDir, ".state"),
    pulumiHome: path.join(workDir, ".pulumi-home"),
    cleanup,
  };
}

let stackSeq = 0;
/**
 * Opens a fresh stack configured for the emulator `emu`, running `program` inline, or (no
 * `program`) the project's own CLI-mode program with `extraConfig` added to its stack config.
 * `env.stackEnv`, when set, adds environment variables to every CLI run of the stack.
 */
async function freshStack(env, emu, program, label = "s", extraConfig = {}) {
  return openStack({
    cli: env.cli,
    workDir: env.workDir,
    stateDir: env.stateDir,
    pulumiHome: env.pulumiHome,
    stackName: `${label}-${process.pid}-${++stackSeq}`,
    projectName: PROJECT,
    passphrase: PASSPHRASE,
    program,
    ...(env.stackEnv ? { env: env.stackEnv } : {}),
    config: {
      "edgeplatform:baseUrl": { value: emu.url },
      "edgeplatform:loggingUrl": { value: emu.loggingUrl },
      "edgeplatform:apiKey": { value: emu.apiKey, secret: true },
      ...extraConfig,
    },
  });
}

/**
 * A fresh stack running a workload in `env`'s layout: `{ kind: "rules" | "noop", n,
 * workload?: "rules" | "mixed", updateIndex?, updatedCount? }` (inline programs when linked,
 * stack config when installed).
 */
async function workloadStack(env, emu, workload, label) {
  const { kind, n } = workload;
  const objects = workload.workload ?? "rules";
  if (env.layout === "linked")
    return freshStack(
      env,
      emu,
      kind === "rules" ? rulesProgram(n, workload, objects) : noopProgram(n, objects),
      label,
    );
  const config = {
    "bench:kind": { value: kind },
    "bench:workload": { value: objects },
    "bench:n": { value: String(n) },
  };
  if (workload.updateIndex !== undefined) {
    config["bench:updateIndex"] = { value: String(workload.updateIndex) };
    config["bench:updatedCount"] = { value: String(workload.updatedCount) };
  }
  return freshStack(env, emu, undefined, label, config);
}

/** Runs `fn` and returns [result, milliseconds]. */
async function timed(fn) {
  const t0 = process.hrtime.bigint();
  const r = await fn();
  return [r, Number(process.hrtime.bigint() - t0) / 1e6];
}

/** Destroys the stack's resources and removes the stack. */
async function dispose(stack) {
  try {
    await stack.destroy({ color: "never" });
  } finally {
    await stack.workspace.removeStack(stack.name, { force: true }).catch(() => undefined);
  }
}

/** Files under `dir` (the local backend: checkpoints, history, backups) that contain `secret`. */
function filesContaining(dir, secret) {
  const hits = [];
  const walk = (d) => {
    let entries = [];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && fs.readFileSync(p).includes(secret)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

module.exports = {
  layoutsArg,
  filesContaining,
  workloadStack,
  ruleConfiguration,
  rulesProgram,
  noopProgram,
  prepareEngine,
  freshStack,
  timed,
  dispose,
};
