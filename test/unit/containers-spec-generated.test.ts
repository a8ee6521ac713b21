/**
 * The Magic Containers spec modules are what scripts/gen-containers-spec.js makes of the
 * committed extract of the published document: `--check` passes on the tree. (Its failure on a
 * stale module is not provoked here: that would edit a source file other test workers read.)
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.join(__dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/gen-containers-spec.js");

test("--check passes on the committed modules", () => {
  expect(() => execFileSync(process.execPath, [SCRIPT, "--check"], { cwd: ROOT })).not.toThrow();
}, 60_000);
