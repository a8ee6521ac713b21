/**
 * The packages' commands (issue 19, finding 4): each `bin` of a manifest is a checked-in shim
 * under `bin/` (so that npm links it at install time, before `dist/` is built), executable,
 * with a shebang; run as a child process it runs the built command (`--help`), and without
 * `dist/` it says how to build instead of a stack trace. Each package is publish-ready:
 * repository (with its directory), homepage, files (bin/ and dist/), the root's engines.
 * `.ci/run` checks `npx edgeplatform-emulator --help` / `npx edgeplatform-import --help` after
 * `npm ci` in a fresh checkout; `npm run pack-check` checks the installed tarballs.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";

const ROOT = path.join(__dirname, "..", "..");
const root = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
};
interface Manifest {
  name: string;
  bin?: Record<string, string>;
  files: string[];
  engines: { node: string };
  repository: { type: string; url: string; directory: string };
  homepage: string;
}
const manifest = (pkg: string): Manifest =>
  JSON.parse(fs.readFileSync(path.join(ROOT, "packages", pkg, "package.json"), "utf8"));

const COMMANDS = [
  { pkg: "emulator", name: "edgeplatform-emulator", usage: /^Usage: edgeplatform-emulator / },
  { pkg: "pulumi", name: "edgeplatform-import", usage: /^Usage: edgeplatform-import / },
];

describe.each(["client", "pulumi", "emulator"])("packages/%s/package.json", (pkg) => {
  test("repository with its directory, homepage, files, the root's engines", () => {
    const m = manifest(pkg);
    expect(m.repository).toEqual({
      type: "git",
      url: "git+https://github.com/edgeplatform/pulumi-edgeplatform.git",
      directory: `packages/${pkg}`,
    });
    expect(m.homepage).toBe(
      `https://github.com/edgeplatform/pulumi-edgeplatform/tree/main/packages/${pkg}#readme`,
    );
    expect(m.files).toEqual(expect.arrayContaining(["dist/**/*.js", "README.md"]));
    expect(m.engines.node).toBe(root.engines.node);
  });
});

describe.each(COMMANDS)("$name", ({ pkg, name, usage }) => {
  const m = manifest(pkg);
  const shim = path.join(ROOT, "packages", pkg, m.bin?.[name] ?? "(no bin)");

  test("the bin is a checked-in, executable shim under bin/ (published with the package)", () => {
    expect(m.bin?.[name]).toBe(`bin/${name}.js`);
    expect(m.files).toContain("bin/*.js");
    expect(fs.readFileSync(shim, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    if (process.platform !== "win32") expect(fs.statSync(shim).mode & 0o111).not.toBe(0);
  });

  test("--help runs the built command (child process)", () => {
    const r = spawnSync(process.execPath, [shim, "--help"], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(usage);
    expect(r.status).toBe(0);
  });

  test("without dist/: one line that says how to build, exit 1", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-bin-"));
    try {
      fs.mkdirSync(path.join(dir, "bin"));
      const copy = path.join(dir, "bin", `${name}.js`);
      fs.copyFileSync(shim, copy);
      const r = spawnSync(process.execPath, [copy, "--help"], { encoding: "utf8", cwd: dir });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(
        new RegExp(
          `^${name}: dist/\\S+ is missing: the package is not built\\. In a checkout of the repository, run \`npm run build\` at its root \\(\`npm install\` / \`npm ci\` do it\\), then try again\\.\\n$`,
        ),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
