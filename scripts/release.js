#!/usr/bin/env node
/**
 * Publishes the three packages and the plugin's npm package in one command, after checking
 * that they can be published together: `npm run release` (or `npm run release -- --dry-run` to see what would be
 * published, offline and without an npm login).
 *
 * Checks, each failure naming the file and field:
 *  - the three packages carry one version, and `pulumi-edgeplatform` and
 *    `edgeplatform-emulator` depend on exactly that `edgeplatform-client` version (the provider
 *    host bundles the client it was built with, docs/packages.md);
 *  - every manifest has `license`, `repository` (with its `directory`), `files`, `engines`;
 *  - for a real publish: the git work tree is clean, so that the `gitHead` npm records names
 *    the commit the packages were built from.
 * Then it builds (`npm run build`, unless `--no-build`), packs the native provider plugin as
 * its npm package (`dist/pulumi-resource-edgeplatform-<version>.tgz`, scripts/plugin-npm.js),
 * builds the Python SDK's wheel into dist/ (scripts/python-wheel.js; it says where the wheel is,
 * or why there is none, and publishes it nowhere) and runs `npm publish --workspaces --access public`, then `npm publish` of that file, each adding
 * `--provenance` (a signed statement of the repository, commit and workflow that built each
 * version) when it runs in a CI that can sign it (GitHub Actions
 * with `id-token: write`); elsewhere it says that none is attached.
 *
 * Usage: node scripts/release.js [--dry-run] [--no-build] [--check-only] [--root DIR]
 * Exit codes: 0 published (or dry run done), 1 a check failed, 2 npm failed.
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { buildWheel } = require("./python-wheel");

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const rootArg = args.indexOf("--root");
const ROOT = rootArg >= 0 ? path.resolve(args[rootArg + 1]) : path.resolve(__dirname, "..");
const dryRun = flag("dry-run");

/** The workspace packages (npm publishes them in the root's workspace order, the client first). */
const PACKAGES = ["packages/client", "packages/emulator", "packages/pulumi"];
const CLIENT = "edgeplatform-client";

/** Every problem found in the manifests, as lines naming the file and the field. */
function manifestProblems() {
  const problems = [];
  const manifests = PACKAGES.map((dir) => {
    const file = path.join(dir, "package.json");
    return { file, pkg: JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) };
  });
  const client = manifests.find((m) => m.pkg.name === CLIENT);
  const version = client.pkg.version;
  for (const { file, pkg } of manifests) {
    if (pkg.version !== version)
      problems.push(
        `${file}: version is "${pkg.version}"; every package must have ${CLIENT}'s version "${version}"`,
      );
    const dep = pkg.dependencies?.[CLIENT];
    if (pkg.name !== CLIENT && dep !== undefined && dep !== version)
      problems.push(
        `${file}: dependencies.${CLIENT} is "${dep}"; it must be exactly "${version}" (the version published with it)`,
      );
    for (const field of ["license", "files", "engines"])
      if (pkg[field] === undefined) problems.push(`${file}: "${field}" is missing`);
    if (!pkg.repository?.url || !pkg.repository?.directory)
      problems.push(`${file}: "repository" needs "url" and "directory"`);
    if (pkg.private) problems.push(`${file}: "private" is set; npm would refuse to publish it`);
  }
  return { problems, version };
}

function run(cmd, cmdArgs) {
  console.log(`$ ${cmd} ${cmdArgs.join(" ")}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: "inherit" });
  return r.status ?? 1;
}

function main() {
  const { problems, version } = manifestProblems();
  if (problems.length > 0) {
    console.error(`release: ${problems.length} problem(s); nothing was published:`);
    for (const p of problems) console.error(`  - ${p}`);
    return 1;
  }
  console.log(`release: the three packages at ${version}, ${CLIENT} pinned exactly`);
  if (flag("check-only")) return 0;

  if (!dryRun) {
    const status = spawnSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" });
    if (status.status !== 0 || status.stdout.trim() !== "") {
      console.error("release: the git work tree is not clean; commit first (npm records gitHead)");
      return 1;
    }
  }
  if (!flag("no-build") && run("npm", ["run", "build"]) !== 0) return 2;

  const dist = path.join(ROOT, "dist");
  if (run(process.execPath, [path.join(__dirname, "plugin-npm.js"), "--out", dist]) !== 0) return 2;
  const plugin = path.join(dist, `pulumi-resource-edgeplatform-${version}.tgz`);
  // The Python SDK's wheel: built beside the packages, not published by this command.
  const wheel = buildWheel(dist);
  console.log(
    wheel.file
      ? `release: the Python SDK's wheel is ${path.relative(ROOT, wheel.file)} (built from a copy of sdk/python; this command does not publish it)`
      : `release: no Python SDK wheel (${wheel.problem})`,
  );

  const options = ["--access", "public"];
  if (dryRun) options.push("--dry-run");
  if (process.env.GITHUB_ACTIONS === "true" && process.env.ACTIONS_ID_TOKEN_REQUEST_URL) {
    options.push("--provenance");
  } else {
    console.log(
      "release: no provenance statement (only a CI that can sign one attaches it: GitHub Actions with id-token: write)",
    );
  }
  if (run("npm", ["publish", "--workspaces", ...options]) !== 0) return 2;
  return run("npm", ["publish", `./${path.relative(ROOT, plugin)}`, ...options]) === 0 ? 0 : 2;
}

process.exitCode = main();
