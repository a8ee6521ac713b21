/** Runs a test script in a plain `node` child process (what a user's process sees). */
import { spawn } from "child_process";

/** What a child process did. */
export interface ChildRun {
  /** Exit code (null when killed). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time, in milliseconds. */
  ms: number;
}

/**
 * Runs `node [nodeArgs] script [args]` with exactly `env` (plus PATH); kills it after `limitMs`
 * (default 30 s).
 */
export function runNode(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  opts: { nodeArgs?: string[]; limitMs?: number } = {},
): Promise<ChildRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), script, ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const kill = setTimeout(() => child.kill("SIGKILL"), opts.limitMs ?? 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Asserts a clean exit, showing the child's output (never holding the key) otherwise. */
export function expectExit0(r: ChildRun): void {
  if (r.code !== 0) throw new Error(`exit ${r.code}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
}
