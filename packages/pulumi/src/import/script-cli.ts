/**
 * `edgeplatform-import --script ID`: reads edge scripts (the script, its saved code, its
 * secrets' names, its live release) and writes the program that adopts them
 * (`script.ts`) with each script's code in a file beside it. Nothing is written unless every
 * script was read; a code file that exists with other content is never overwritten. The
 * command's I/O is handed in by `cli.ts`.
 */
import * as fs from "fs";
import * as path from "path";
import type { ResolvedSettings } from "edgeplatform-client";
import type { CliIo, ImportClient } from "./cli";
import { plural } from "./render";
import { generateScriptProgram, type ScriptImport } from "./script";
import { codeHash } from "../resources/public/edge-script-code";

/** What `cli.ts` hands in. */
export interface ScriptDeps {
  io: CliIo;
  /** Writes `message` to standard error (secrets redacted) and returns `code`. */
  fail: (message: string, code?: number) => number;
  /** Redacts secrets from text for standard error. */
  redact: (text: string) => string;
  makeClient: (s: ResolvedSettings) => ImportClient & { close?(): void };
  /**
   * What went wrong reading `what`, as one line; throws (stopping the import) for a refused
   * key or an unreachable API.
   */
  explain: (what: string, e: unknown, url: string) => string;
  /** Writes a file atomically. */
  writeFile: (file: string, text: string) => void;
}

/** Reads one script: the script, its code, its secrets and the code its live release runs. */
async function readScript(client: ImportClient, id: number): Promise<ScriptImport> {
  const c = client.compute;
  const script = await c.getScript(id);
  const code = (await c.getCode(id)).Code ?? "";
  const secrets = await c.listSecrets(id);
  let liveCodeHash: string | undefined;
  if (script.CurrentReleaseId > 0) {
    const live = await c.getActiveRelease(id);
    if (typeof live.Code === "string") liveCodeHash = codeHash(live.Code);
  }
  return { script, code, secrets, ...(liveCodeHash !== undefined ? { liveCodeHash } : {}) };
}

/**
 * The code files that would overwrite a different file: a file of that name beside the program
 * that holds other content (the same content is left as it is).
 */
function clashes(dir: string, files: { name: string; text: string }[]): string[] {
  return files
    .map((f) => path.join(dir, f.name))
    .filter((p, i) => fs.existsSync(p) && fs.readFileSync(p, "utf8") !== files[i].text);
}

/** Runs the import of the scripts `ids`; resolves to the exit code. */
export async function importScripts(
  ids: number[],
  out: string | undefined,
  settings: ResolvedSettings,
  deps: ScriptDeps,
): Promise<number> {
  const { io, fail } = deps;
  const client = deps.makeClient(settings);
  // As in cli.ts: a ref'd handle keeps the process alive while a call is being retried.
  const keepAlive = setInterval(() => undefined, 60_000);
  const scripts: ScriptImport[] = [];
  const problems: string[] = [];
  try {
    for (const id of ids) {
      try {
        scripts.push(await readScript(client, id));
      } catch (e) {
        problems.push(deps.explain(`edge script ${id}`, e, settings.baseUrl));
      }
    }
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  } finally {
    clearInterval(keepAlive);
    client.close?.();
  }
  if (problems.length > 0) {
    return fail(
      `nothing written: ${plural(problems.length, "edge script")} could not be read:\n` +
        problems.map((p) => `  ${p}`).join("\n"),
    );
  }
  const program = generateScriptProgram({ source: settings.baseUrl, scripts });
  // The code files go beside the program (`--out`), else in the working directory.
  const dir = path.dirname(path.resolve(out ?? "index.ts"));
  const taken = clashes(dir, program.files);
  if (taken.length > 0)
    return fail(
      `nothing written: ${taken.join(", ")} already ${taken.length === 1 ? "exists" : "exist"} ` +
        `with other content (the code of an edge script goes there): move ${taken.length === 1 ? "it" : "them"} away, ` +
        `or write the program elsewhere with --out`,
    );
  const written = [...program.files.map((f) => path.join(dir, f.name))];
  try {
    for (const f of program.files) deps.writeFile(path.join(dir, f.name), f.text);
    if (out !== undefined) deps.writeFile(out, program.text);
  } catch (e) {
    return fail(`cannot write: ${(e as Error).message}`);
  }
  if (out === undefined) io.stdout(program.text);
  const count = (type: string) => program.resources.filter((r) => r.type.endsWith(type)).length;
  io.stderr(
    deps.redact(
      [
        ...program.warnings.map((m) => `warning: ${m}`),
        ...program.secrets.map(
          (s) => `note: secret ${s}: value not readable: supply it (adopted with no value)`,
        ),
        `edgeplatform-import: wrote ${plural(count(":EdgeScript"), "edge script")}, ` +
          `${plural(count(":ScriptVariable"), "script variable")} and ` +
          `${plural(count(":ScriptSecret"), "script secret")} ` +
          `(${Buffer.byteLength(program.text)} bytes) to ${out ?? "standard output"}, ` +
          `the code to ${written.join(", ")}`,
      ].join("\n") + "\n",
    ),
  );
  return 0;
}
