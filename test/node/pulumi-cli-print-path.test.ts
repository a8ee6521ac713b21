/**
 * `node scripts/pulumi-cli.js --ensure --print-path` prints the directories a user puts first
 * on PATH (the language pages' set-up block uses it), run as a user runs it: a child process,
 * here with a stand-in CLI (`PULUMI_EDGEPLATFORM_PULUMI`, a script that prints its version)
 * and a cache of its own, so nothing is built or looked up elsewhere.
 */
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const SCRIPT = path.resolve(__dirname, "..", "..", "scripts", "pulumi-cli.js");
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-print-path-"));
  fs.mkdirSync(path.join(dir, "bin"));
  fs.writeFileSync(path.join(dir, "bin", "pulumi"), "#!/bin/sh\necho v3.248.0\n", {
    mode: 0o755,
  });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function printPath(): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [SCRIPT, "--ensure", "--print-path"], {
    encoding: "utf8",
    env: {
      PATH: "/usr/bin:/bin",
      HOME: dir,
      PULUMI_EDGEPLATFORM_PULUMI: path.join(dir, "bin", "pulumi"),
      PULUMI_EDGEPLATFORM_CACHE: path.join(dir, "cache"),
    },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test("the CLI's directory alone when the launcher is next to it", () => {
  fs.writeFileSync(path.join(dir, "bin", "pulumi-resource-pulumi-nodejs"), "#!/bin/sh\n", {
    mode: 0o755,
  });
  expect(printPath()).toEqual({ status: 0, stdout: `${dir}/bin\n`, stderr: "" });
});

test("and the launcher's directory in the cache when it is not", () => {
  expect(printPath()).toEqual({
    status: 0,
    stdout: `${dir}/bin:${dir}/cache/launcher\n`,
    stderr: "",
  });
  expect(fs.existsSync(path.join(dir, "cache", "launcher", "pulumi-resource-pulumi-nodejs"))).toBe(
    true,
  );
});
