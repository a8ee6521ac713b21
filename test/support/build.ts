/** Builds the workspace packages (as `npm run build`) when a test needs a compiled bin that is stale. */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";

/** The repository root. */
export const ROOT = path.resolve(__dirname, "../..");

/** Newest modification time of the files below `dir`. */
function newest(dir: string): number {
  return Math.max(
    ...fs
      .readdirSync(dir, { withFileTypes: true })
      .map((d) =>
        d.isDirectory()
          ? newest(path.join(dir, d.name))
          : fs.statSync(path.join(dir, d.name)).mtimeMs,
      ),
  );
}

/**
 * Runs `npm run build`'s steps (`tsc -b tsconfig.build.json`, the schema precompiler, the host
 * bundle, the plugin schema) when `output` (a file under packages/<name>/dist) is missing or older than a source of
 * `packages` (names under packages/).
 * @throws when `output` is still missing afterwards.
 */
export function ensureBuilt(output: string, packages: readonly string[]): void {
  const sources = packages.map((p) => newest(path.join(ROOT, "packages", p, "src")));
  const bundle = require(path.join(ROOT, "scripts", "bundle-host.js")) as {
    hostBundleStale(): boolean;
  };
  const fresh = fs.existsSync(output) && fs.statSync(output).mtimeMs >= Math.max(...sources);
  if (fresh && !bundle.hostBundleStale()) return;
  try {
    execFileSync(
      process.execPath,
      [require.resolve("typescript/bin/tsc"), "-b", "tsconfig.build.json"],
      { cwd: ROOT, stdio: "pipe" },
    );
  } catch {
    // type errors elsewhere still emit; the check below decides
  }
  for (const step of ["precompile-schemas.js", "bundle-host.js", "plugin-schema.js"])
    execFileSync(process.execPath, [path.join(ROOT, "scripts", step)], {
      cwd: ROOT,
      stdio: "pipe",
    });
  if (!fs.existsSync(output)) throw new Error(`${path.relative(ROOT, output)} was not built`);
}
