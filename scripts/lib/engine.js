/**
 * Shared helpers for driving the real Pulumi engine with this package: used by the demo
 * (scripts/demo.js) and, through scripts/lib/stack-driver.js, by the e2e tests.
 *
 * Programs run inline through the Automation API (`@pulumi/pulumi/automation`): since CLI 3.181
 * the SDK hosts the language runtime in this process and passes `--client=127.0.0.1:PORT` to
 * the CLI, so no `pulumi-language-nodejs` binary is needed. The engine still starts the
 * dynamic-provider plugin (`pulumi-resource-pulumi-nodejs`) in the project directory, where
 * `require("pulumi-edgeplatform")` must resolve: `linkPackage` makes sure it does.
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const PACKAGE_NAME = "pulumi-edgeplatform";
/** The workspace package that `require("pulumi-edgeplatform")` must load (packages/pulumi). */
const PACKAGE_DIR = path.join(REPO_ROOT, "packages", "pulumi");

/**
 * Builds the packages (npm run build) when the client, provider or emulator output is missing,
 * and the provider host's bundle when it is older than the modules it bundles.
 */
function ensureBuilt(log = () => {}) {
  const needed = [
    "packages/client/dist/index.js",
    "packages/pulumi/dist/index.js",
    "packages/pulumi/dist/plugin/schema.json",
    "packages/emulator/dist/index.js",
  ];
  if (needed.every((f) => fs.existsSync(path.join(REPO_ROOT, f)))) {
    // A `tsc -b` alone leaves the provider host's bundle as it was: make it from the new modules.
    const { hostBundleStale } = require(path.join(REPO_ROOT, "scripts", "bundle-host.js"));
    if (!hostBundleStale()) return false;
    log(
      "packages/pulumi/dist/resources/host.js is older than the modules it bundles: rebuilding it",
    );
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts", "bundle-host.js")], {
      cwd: REPO_ROOT,
      stdio: "inherit",
    });
    if (r.status !== 0) throw new Error(`scripts/bundle-host.js failed (exit ${r.status})`);
    return true;
  }
  log("packages/*/dist is missing: running npm run build");
  const r = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status})`);
  return true;
}

/** Changes when the compiler options of {@link registerTypeScript} change (part of its cache key). */
const TRANSPILE_CACHE_FORMAT = "commonjs-es2022-esModuleInterop-inlineSourceMap-1";
let tsRegistered = false;
/**
 * Lets `require()` load the TypeScript example programs (transpile only, CommonJS), using the
 * project's `typescript` devDependency. Type checking is `npm run typecheck`'s job.
 *
 * The JavaScript of each file is kept in a cache directory (default: `edgeplatform-ts-cache`
 * under the system's temporary directory; `EDGEPLATFORM_TS_CACHE` to choose another), keyed
 * by the file's path and content, the compiler options and the TypeScript version: loading the
 * compiler takes longer than most programs run, and the e2e tests start one process per
 * operation.
 */
function registerTypeScript() {
  if (tsRegistered || require.extensions[".ts"]) return;
  tsRegistered = true;
  const tsPath = require.resolve("typescript", { paths: [REPO_ROOT] });
  const tsVersion = JSON.parse(
    fs.readFileSync(path.join(path.dirname(tsPath), "..", "package.json"), "utf8"),
  ).version;
  const cacheDir =
    process.env.EDGEPLATFORM_TS_CACHE ||
    path.join(require("os").tmpdir(), `edgeplatform-ts-cache-${process.getuid?.() ?? "user"}`);
  let ts = null;
  require.extensions[".ts"] = (module, filename) => {
    const source = fs.readFileSync(filename, "utf8");
    const key = require("crypto")
      .createHash("sha256")
      .update(JSON.stringify([TRANSPILE_CACHE_FORMAT, tsVersion, filename, source]))
      .digest("hex");
    const cached = path.join(cacheDir, `${key}.js`);
    let js = null;
    try {
      js = fs.readFileSync(cached, "utf8");
    } catch {
      // not transpiled yet
    }
    if (js === null) {
      ts = ts || require(tsPath);
      js = ts.transpileModule(source, {
        fileName: filename,
        compilerOptions: {
          module: ts.ModuleKind.CommonJS,
          target: ts.ScriptTarget.ES2022,
          esModuleInterop: true,
          sourceMap: false,
          inlineSourceMap: true,
        },
      }).outputText;
      try {
        // Written whole, then renamed: a concurrent reader sees the old file or the new one.
        fs.mkdirSync(cacheDir, { recursive: true });
        const tmp = `${cached}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, js);
        fs.renameSync(tmp, cached);
      } catch {
        // an unwritable cache only costs the next process a transpile
      }
    }
    module._compile(js, filename);
  };
}

function symlinkIfNeeded(linkPath, target) {
  let current = null;
  try {
    current = fs.readlinkSync(linkPath);
  } catch (e) {
    if (e.code === "EINVAL") return; // a real directory (e.g. an installed copy): leave it alone
    if (e.code !== "ENOENT") throw e;
  }
  const rel = path.relative(path.dirname(linkPath), target) || ".";
  if (current === rel) return;
  if (current !== null) fs.unlinkSync(linkPath);
  fs.mkdirSync(path.dirname(linkPath), { recursive: true });
  fs.symlinkSync(rel, linkPath, "junction");
}

/**
 * Makes `require("pulumi-edgeplatform")` (and `@pulumi/pulumi`) resolve from `projectDir`, where
 * the engine runs the dynamic-provider host: `projectDir/node_modules/pulumi-edgeplatform` is a
 * symlink to `packageDir` (default: the workspace package packages/pulumi). For the repository
 * itself this is the link the npm workspace already made.
 */
function linkPackage(projectDir, packageDir = PACKAGE_DIR) {
  const nm = path.join(projectDir, "node_modules");
  symlinkIfNeeded(path.join(nm, PACKAGE_NAME), packageDir);
  if (path.resolve(projectDir) !== REPO_ROOT) {
    symlinkIfNeeded(path.join(nm, "@pulumi"), path.join(REPO_ROOT, "node_modules", "@pulumi"));
  }
}

/** Writes a minimal nodejs Pulumi.yaml (inline programs ignore `main`). */
function writeProject(dir, name, description = "pulumi-edgeplatform e2e project") {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: ${name}\nruntime: nodejs\ndescription: ${description}\n`,
  );
}

/** Loads an exported program function from a .ts/.js module. */
function loadProgram(modulePath, exportName) {
  registerTypeScript();
  const mod = require(path.resolve(modulePath));
  const fn = exportName ? mod[exportName] : mod.default || mod;
  if (typeof fn !== "function")
    throw new Error(`${modulePath} has no exported function ${exportName || "default"}`);
  return fn;
}

/**
 * Opens (creates or selects) a stack running `program` inline, or, without `program`, the
 * CLI-mode program of the project in `workDir` (Pulumi.yaml `main`, run by the language host).
 *
 * @param {object} o
 * @param {{pulumiPath: string, binDir: string, pathDirs: string[]}} o.cli from ensurePulumiCli()
 * @param {string} o.workDir directory holding Pulumi.yaml (project settings, stack config files)
 * @param {string} o.stateDir local file backend directory
 * @param {string} o.stackName
 * @param {string} o.projectName
 * @param {() => unknown} [o.program] inline program
 * @param {string} o.passphrase secrets passphrase of the stack
 * @param {string} [o.pulumiHome] PULUMI_HOME (default: the user's)
 * @param {boolean} [o.stackExists] the stack was made before: open it without `stack select`
 * @param {Record<string, {value: string, secret?: boolean}>} [o.config]
 */
async function openStack(o) {
  const automationPath = require.resolve("@pulumi/pulumi/automation", { paths: [REPO_ROOT] });
  const { LocalWorkspace, PulumiCommand, Stack, StackAlreadyExistsError } = require(automationPath);
  const semver = require(require.resolve("semver", { paths: [automationPath] }));
  // The engine finds the dynamic-provider launcher next to the CLI or on PATH.
  const pathValue = [...o.cli.pathDirs, process.env.PATH || ""].join(path.delimiter);
  process.env.PATH = pathValue;
  // ensurePulumiCli() ran `pulumi version` and checked it: PulumiCommand.get() would run it
  // again in every process.
  const pulumiCommand = o.cli.version
    ? new PulumiCommand(o.cli.pulumiPath, new semver.SemVer(o.cli.version))
    : await PulumiCommand.get({
        version: new semver.SemVer(require("../pulumi-cli").MIN_VERSION),
        ...(path.basename(o.cli.binDir) === "bin" ? { root: path.dirname(o.cli.binDir) } : {}),
      });
  fs.mkdirSync(o.stateDir, { recursive: true });
  const envVars = {
    PATH: pathValue,
    PULUMI_BACKEND_URL: `file://${path.resolve(o.stateDir)}`,
    PULUMI_CONFIG_PASSPHRASE: o.passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    ...(o.pulumiHome ? { PULUMI_HOME: o.pulumiHome } : {}),
    ...(o.env || {}),
  };
  if (o.pulumiHome) fs.mkdirSync(o.pulumiHome, { recursive: true });
  const ws = await LocalWorkspace.create({
    workDir: o.workDir,
    pulumiCommand,
    envVars,
    ...(o.program ? { program: o.program } : {}),
    // An inline program in a directory without Pulumi.yaml gets a default project (as in
    // LocalWorkspace.createOrSelectStack()).
    ...(o.program &&
    !["yaml", "yml", "json"].some((e) => fs.existsSync(path.join(o.workDir, `Pulumi.${e}`)))
      ? { projectSettings: { name: o.projectName, runtime: "nodejs" } }
      : {}),
  });
  let stack;
  if (o.stackExists) {
    // Every operation names its stack (`--stack`), so selecting it first would only cost a CLI
    // run; Stack.select() always selects, hence the no-op for this one call.
    ws.selectStack = async () => {};
    try {
      stack = await Stack.select(o.stackName, ws);
    } finally {
      delete ws.selectStack;
    }
  } else {
    // `stack init` first: a new stack (the usual case) then takes one CLI run, not two.
    stack = await Stack.create(o.stackName, ws).catch((e) => {
      if (e instanceof StackAlreadyExistsError) return Stack.select(o.stackName, ws);
      throw e;
    });
  }
  if (o.config) await stack.setAllConfig(o.config);
  return stack;
}

/** Removes ANSI colour codes. */
function stripAnsi(s) {
  // eslint-disable-next-line no-control-regex
  return String(s || "").replace(/\u001b\[[0-9;]*[A-Za-z]/g, "");
}

module.exports = {
  REPO_ROOT,
  PACKAGE_NAME,
  PACKAGE_DIR,
  ensureBuilt,
  registerTypeScript,
  linkPackage,
  writeProject,
  loadProgram,
  openStack,
  stripAnsi,
};
