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
  const isFresh = () => {
    const sources = packages.map((p) => newest(path.join(ROOT, "packages", p, "src")));
    const bundle = require(path.join(ROOT, "scripts", "bundle-host.js")) as {
      hostBundleStale(): boolean;
    };
    const fresh = fs.existsSync(output) && fs.statSync(output).mtimeMs >= Math.max(...sources);
    return fresh && !bundle.hostBundleStale();
  };
  if (isFresh()) return;
  // Test files of parallel workers that find the build stale build one at a time (two builds
  // at once delete each other's outputs); a build another worker finished serves this one.
  withBuildLock(() => {
    if (!isFresh()) build(output);
  });
}

/** How long a worker waits for another's build before it fails, in milliseconds. */
const BUILD_WAIT_MS = 10 * 60_000;

/** Runs `fn` holding the build lock (scripts/pulumi-cli.js `tryLock`: a dead holder's is broken). */
function withBuildLock(fn: () => void): void {
  const { tryLock } = require(path.join(ROOT, "scripts", "pulumi-cli.js")) as {
    tryLock(lock: string): { taken: boolean; pid?: number };
  };
  const lock = path.join(ROOT, "node_modules", ".edgeplatform-build-lock");
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    const got = tryLock(lock);
    if (got.taken) break;
    if (Date.now() > until) throw new Error(`another build (pid ${got.pid}) holds ${lock}`);
    Atomics.wait(pause, 0, 0, 250);
  }
  try {
    fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** `npm run build`'s steps; throws when `output` is still missing afterwards. */
function build(output: string): void {
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
