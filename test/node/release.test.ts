/**
 * `npm run release` (scripts/release.js) in a child process: the checks that keep the three
 * packages publishable together, and a dry run of the publish itself, the plugin's npm package
 * (scripts/plugin-npm.js) included (offline, no login), with the Python SDK's wheel
 * (scripts/python-wheel.js).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runNode } from "../support/node-child";

const ROOT = path.resolve(__dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts", "release.js");
/** A package manifest, as the tests edit it. */
type Manifest = {
  version: string;
  license?: string;
  repository: { url?: string; directory?: string };
};
const env = { HOME: process.env.HOME, npm_config_cache: process.env.npm_config_cache };

/** A copy of the root and package manifests, with `edit` applied to one package's manifest. */
function manifestsWith(pkgDir: string, edit: (pkg: Manifest) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "release-"));
  for (const p of ["packages/client", "packages/emulator", "packages/pulumi"]) {
    fs.mkdirSync(path.join(dir, p), { recursive: true });
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, p, "package.json"), "utf8"));
    if (p === pkgDir) edit(pkg);
    fs.writeFileSync(path.join(dir, p, "package.json"), JSON.stringify(pkg));
  }
  return dir;
}

test("the repository's manifests pass the checks", async () => {
  const r = await runNode(SCRIPT, ["--check-only"], env);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  const version = JSON.parse(
    fs.readFileSync(path.join(ROOT, "packages/client/package.json"), "utf8"),
  ).version;
  expect(r.stdout).toContain(
    `the three packages at ${version}, edgeplatform-client pinned exactly`,
  );
});

test("a client version the provider does not pin: exit 1, naming the file, the field and the version", async () => {
  const dir = manifestsWith("packages/client", (p) => (p.version = "9.9.9"));
  const r = await runNode(SCRIPT, ["--check-only", "--root", dir], env);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("nothing was published");
  expect(r.stderr).toContain(
    'packages/pulumi/package.json: dependencies.edgeplatform-client is "0.8.0"; it must be exactly "9.9.9"',
  );
  expect(r.stderr).toContain('packages/emulator/package.json: version is "0.8.0"');
});

test("a manifest without repository.directory or license: exit 1, naming each", async () => {
  const dir = manifestsWith("packages/emulator", (p) => {
    delete p.repository.directory;
    delete p.license;
  });
  const r = await runNode(SCRIPT, ["--check-only", "--root", dir], env);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain('packages/emulator/package.json: "license" is missing');
  expect(r.stderr).toContain(
    'packages/emulator/package.json: "repository" needs "url" and "directory"',
  );
});

test("a dry run packs and would publish the three packages and the plugin's npm package, offline and without a login, and builds the Python SDK's wheel", async () => {
  const r = await runNode(SCRIPT, ["--dry-run", "--no-build"], env, { limitMs: 120_000 });
  expect(r.code).toBe(0);
  const published = (r.stdout.match(/^\+ \S+@\S+$/gm) ?? []).sort();
  const version = JSON.parse(
    fs.readFileSync(path.join(ROOT, "packages/client/package.json"), "utf8"),
  ).version;
  expect(published).toEqual(
    [
      "edgeplatform-client",
      "edgeplatform-emulator",
      "pulumi-edgeplatform",
      "pulumi-resource-edgeplatform",
    ].map((n) => `+ ${n}@${version}`),
  );
  expect(r.stdout).toContain("no provenance statement");
  // The Python SDK's wheel, built from a copy: the generated folder gets no build output.
  expect(r.stdout).toContain(
    `release: the Python SDK's wheel is dist/pulumi_edgeplatform-${version}-py3-none-any.whl`,
  );
  const buildOutput = (f: string) => f === "build" || f.endsWith(".egg-info");
  expect(fs.readdirSync(path.join(ROOT, "sdk", "python")).filter(buildOutput)).toEqual([]);
}, 150_000);
