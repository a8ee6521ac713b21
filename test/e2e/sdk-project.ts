/**
 * A language SDK's project driven from a test (the Go and Python SDKs' e2e files): the
 * environment of the CLI and the program (the CLI's, the stack's PULUMI_HOME and passphrase, no
 * EDGEPLATFORM_* variable of this process), the CLI run in the project, and one operation of a
 * program that prints its summary as JSON (`--json`). Everything printed goes to `transcript`.
 */
import { spawn, spawnSync } from "child_process";
import * as path from "path";
import type { CliInfo } from "./setup";

/** Where the project is and what its runs share. */
export interface SdkProject {
  /** The CLI (resolved in the test's beforeAll: read when a run starts). */
  cli: () => CliInfo;
  /** The test's temporary folder (PULUMI_HOME goes below it). */
  dir: string;
  /** The project's folder: the working directory of every run. */
  project: string;
  passphrase: string;
  /** Collects everything the runs print (for the no-key check). */
  transcript: string[];
  /** A program operation's time limit, in milliseconds. */
  timeoutMs: number;
}

/** The environment of the CLI and the program: no EDGEPLATFORM_* variable of this process. */
export function sdkEnv(p: SdkProject): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("EDGEPLATFORM_")) e[k] = v;
  return {
    ...e,
    PATH: [...p.cli().pathDirs, path.dirname(process.execPath), process.env.PATH ?? ""].join(
      path.delimiter,
    ),
    PULUMI_HOME: path.join(p.dir, "pulumi-home"),
    PULUMI_CONFIG_PASSPHRASE: p.passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
}

/** The CLI in the project (stack and config); throws with its output when it fails. */
export function pulumiIn(p: SdkProject, args: string[]): void {
  const r = spawnSync(p.cli().pulumiPath, args, {
    cwd: p.project,
    env: sdkEnv(p),
    encoding: "utf8",
  });
  p.transcript.push(r.stdout ?? "", r.stderr ?? "");
  if (r.status !== 0) throw new Error(`pulumi ${args.join(" ")} failed:\n${r.stderr}`);
}

/** Runs `command args… --json` in the project; resolves with the JSON it printed. */
export function jsonStep<T>(p: SdkProject, command: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, "--json"], {
      cwd: p.project,
      env: sdkEnv(p),
      stdio: ["ignore", "pipe", "pipe"],
      timeout: p.timeoutMs,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (status) => {
      p.transcript.push(stdout, stderr);
      if (status !== 0) reject(new Error(`${args.join(" ")} failed (${status}):\n${stderr}`));
      else resolve(JSON.parse(stdout) as T);
    });
  });
}
