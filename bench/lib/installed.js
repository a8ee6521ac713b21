/**
 * The "installed" layout of the engine benchmarks: what a user's project looks like. The
 * edgeplatform-client and pulumi-edgeplatform tarballs (`npm pack`) are installed with npm next
 * to the workspace's `@pulumi/pulumi` version in a throw-away project, and the program runs in
 * CLI mode (Pulumi.yaml `main: index.js`, through the language host next to the CLI). There the
 * SDK serializes the provider as `require("pulumi-edgeplatform/stubs/<kind>")`; in the linked
 * layout (the workspace symlink) it serializes the stub's text by value.
 *
 * The program reads its workload from stack config: `bench:kind` ("rules": the provider's
 * resources | "noop": no-op dynamic resources), `bench:workload` ("rules" | "mixed", see
 * workloads.js), `bench:n`, and optionally `bench:updateIndex` / `bench:updatedCount` (one
 * rule with another count).
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { ROOT } = require("./common");

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * The CLI-mode program: the workload's objects (bench/lib/workloads.js, copied next to it),
 * real or as no-op dynamic resources with the same inputs (without loading pulumi-edgeplatform).
 */
const PROGRAM = `"use strict";
const pulumi = require("@pulumi/pulumi");
const base = require("./rule-configuration.json");
const { objectSpecs } = require("./workloads.js");

const cfg = new pulumi.Config("bench");
const kind = cfg.require("kind");
// The floor does not load the provider's package at all.
const edge = kind === "rules" ? require("pulumi-edgeplatform") : null;
const workload = cfg.get("workload") || "rules";
const n = cfg.requireNumber("n");
const updateIndex = cfg.getNumber("updateIndex");
const updatedCount = cfg.getNumber("updatedCount");

const noopProvider = {
  create: async (inputs) => ({ id: String(inputs.ruleName ?? inputs.name ?? inputs.listId), outs: inputs }),
};
class Noop extends pulumi.dynamic.Resource {
  constructor(name, props, opts) {
    super(noopProvider, name, props, opts, "bench", "Noop");
  }
}

for (const s of objectSpecs(workload, n, base, { updateIndex, updatedCount })) {
  if (kind === "rules") new edge.shield[s.type](s.name, s.props);
  else if (kind === "noop") new Noop(\`noop-\${s.name}\`, s.props);
  else throw new Error(\`bench:kind must be "rules" or "noop"; got \${kind}\`);
}
module.exports = { count: n };
`;

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout || ""}${r.stderr || ""}`);
    throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd} (exit ${r.status})`);
  }
  return r.stdout;
}

/**
 * Writes an npm-installed project into `workDir` (which must exist): Pulumi.yaml, package.json,
 * index.js, rule-configuration.json (`ruleConfiguration`), and node_modules with
 * `@pulumi/pulumi` (the workspace's version) plus the two packed tarballs. Needs the npm
 * registry (or npm's cache). Returns { pulumiVersion, tarballs }.
 */
function writeInstalledProject(workDir, projectName, ruleConfiguration, log = () => {}) {
  const pulumiVersion = require(
    require.resolve("@pulumi/pulumi/package.json", { paths: [ROOT] }),
  ).version;
  const tarballs = [];
  for (const pkg of ["client", "pulumi"]) {
    const out = run(
      NPM,
      ["pack", "--json", "--pack-destination", workDir, "--loglevel=warn"],
      path.join(ROOT, "packages", pkg),
    );
    tarballs.push(path.join(workDir, JSON.parse(out)[0].filename));
  }
  fs.writeFileSync(
    path.join(workDir, "Pulumi.yaml"),
    `name: ${projectName}\nruntime: nodejs\nmain: index.js\ndescription: pulumi-edgeplatform benchmarks (installed)\n`,
  );
  fs.writeFileSync(
    path.join(workDir, "package.json"),
    JSON.stringify({ name: projectName, private: true, main: "index.js" }, null, 2),
  );
  fs.writeFileSync(path.join(workDir, "index.js"), PROGRAM);
  fs.copyFileSync(path.join(__dirname, "workloads.js"), path.join(workDir, "workloads.js"));
  fs.writeFileSync(
    path.join(workDir, "rule-configuration.json"),
    JSON.stringify(ruleConfiguration, null, 2),
  );
  log(
    `npm install @pulumi/pulumi@${pulumiVersion} + ${tarballs.map((t) => path.basename(t)).join(" + ")}`,
  );
  run(
    NPM,
    [
      "install",
      `@pulumi/pulumi@${pulumiVersion}`,
      ...tarballs,
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--loglevel=error",
    ],
    workDir,
  );
  const real = fs.realpathSync(path.join(workDir, "node_modules", "pulumi-edgeplatform"));
  if (!real.startsWith(fs.realpathSync(workDir)))
    throw new Error(`pulumi-edgeplatform is not installed in ${workDir} (resolves to ${real})`);
  return { pulumiVersion, tarballs };
}

module.exports = { writeInstalledProject };
