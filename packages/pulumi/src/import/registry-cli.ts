/**
 * `edgeplatform-import --registry ID`: reads container registries and writes the program that
 * adopts them (`registry.ts`). Nothing is written unless every registry was read. Each
 * registry's token is flagged on standard error ("token not readable: supply it"), as in the
 * program. The command's I/O is handed in by `cli.ts`.
 */
import type { ResolvedSettings } from "edgeplatform-client";
import type { ContainerRegistry } from "edgeplatform-client";
import { generateRegistryProgram, TOKEN_FLAG } from "./registry";
import type { ScriptDeps } from "./script-cli";

/** What `cli.ts` hands in (the same as for `--script`). */
export type RegistryDeps = ScriptDeps;

/** `1 container registry`, `2 container registries`. */
const registries = (n: number): string => `${n} container ${n === 1 ? "registry" : "registries"}`;

/** Runs the import of the registries `ids`; resolves to the exit code. */
export async function importRegistries(
  ids: number[],
  out: string | undefined,
  settings: ResolvedSettings,
  deps: RegistryDeps,
): Promise<number> {
  const { io, fail } = deps;
  const client = deps.makeClient(settings);
  // As in cli.ts: a ref'd handle keeps the process alive while a call is being retried.
  const keepAlive = setInterval(() => undefined, 60_000);
  const read: ContainerRegistry[] = [];
  const problems: string[] = [];
  try {
    for (const id of ids) {
      try {
        read.push(await client.containers.getRegistry(id));
      } catch (e) {
        problems.push(deps.explain(`container registry ${id}`, e, settings.baseUrl));
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
      `nothing written: ${registries(problems.length)} could not be read:\n` +
        problems.map((p) => `  ${p}`).join("\n"),
    );
  }
  const program = generateRegistryProgram({ source: settings.baseUrl, registries: read });
  try {
    if (out !== undefined) deps.writeFile(out, program.text);
  } catch (e) {
    return fail(`cannot write: ${(e as Error).message}`);
  }
  if (out === undefined) io.stdout(program.text);
  const n = program.resources.length;
  io.stderr(
    deps.redact(
      [
        ...program.tokens.map(
          (t) =>
            `note: ${t}: ${TOKEN_FLAG} (adopted without its token: no write; supplied, the next up writes the credentials once)`,
        ),
        `edgeplatform-import: wrote ${registries(n)} ` +
          `(${Buffer.byteLength(program.text)} bytes) to ${out ?? "standard output"}`,
      ].join("\n") + "\n",
    ),
  );
  return 0;
}
