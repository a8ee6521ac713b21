/**
 * The Magic Containers spec modules are what scripts/gen-containers-spec.js makes of the
 * committed extract of the published document: `--check` passes on the tree, and fails once a
 * generated module is changed by hand.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/gen-containers-spec.js");
const ENUMS = path.join(ROOT, "packages/client/src/spec/containers-enums.ts");

test("--check passes on the committed modules", () => {
  expect(() => execFileSync(process.execPath, [SCRIPT, "--check"], { cwd: ROOT })).not.toThrow();
}, 60_000);

test("--check fails when a generated module lags the document", () => {
  const before = fs.readFileSync(ENUMS, "utf8");
  try {
    fs.writeFileSync(ENUMS, before.replace('"dockerHub"', '"quay"'));
    const r = spawnSync(process.execPath, [SCRIPT, "--check"], { cwd: ROOT, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("stale: packages/client/src/spec/containers-enums.ts");
  } finally {
    fs.writeFileSync(ENUMS, before);
  }
}, 60_000);
