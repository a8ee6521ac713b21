/**
 * `edgeplatform-import --app ID`: reads Magic Containers applications (and, with `--registry`,
 * container registries) and writes the program that adopts them (`app.ts`). Nothing is
 * written unless everything was read. Each secret-looking variable is flagged on standard
 * error ("value not readable as a secret: supply it") with the stack config key the program
 * reads it from, as in the program; each registry's token as `--registry` flags it. The
 * command's I/O is handed in by `cli.ts`.
 */
import type { ContainerRegistry, McApplication, ResolvedSettings } from "edgeplatform-client";
import { generateAppProgram, SECRET_FLAG } from "./app";
import { TOKEN_FLAG } from "./registry";
import type { ScriptDeps } from "./script-cli";

/** What `cli.ts` hands in (the same as for `--script`). */
export type AppDeps = ScriptDeps;

/** `1 container application`, `2 container applications`. */
const apps = (n: number): string => `${n} container application${n === 1 ? "" : "s"}`;
/** `1 container registry`, `2 container registries`. */
const registries = (n: number): string => `${n} container ${n === 1 ? "registry" : "registries"}`;

/** Runs the import of the applications `appIds` and registries `registryIds`; resolves to the exit code. */
export async function importApps(
  appIds: string[],
  registryIds: number[],
  out: string | undefined,
  settings: ResolvedSettings,
  deps: AppDeps,
): Promise<number> {
  const { io, fail } = deps;
  const client = deps.makeClient(settings);
  // As in cli.ts: a ref'd handle keeps the process alive while a call is being retried.
  const keepAlive = setInterval(() => undefined, 60_000);
  const readApps: McApplication[] = [];
  const readRegistries: ContainerRegistry[] = [];
  const problems: string[] = [];
  try {
    for (const id of appIds) {
      try {
        readApps.push(await client.containers.getApp(id));
      } catch (e) {
        problems.push(deps.explain(`container application ${id}`, e, settings.baseUrl));
      }
    }
    for (const id of registryIds) {
      try {
        readRegistries.push(await client.containers.getRegistry(id));
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
      `nothing written: ${problems.length} object${problems.length === 1 ? "" : "s"} could not be read:\n` +
        problems.map((p) => `  ${p}`).join("\n"),
    );
  }
  const program = generateAppProgram({
    source: settings.baseUrl,
    apps: readApps,
    registries: readRegistries,
  });
  try {
    if (out !== undefined) deps.writeFile(out, program.text);
  } catch (e) {
    return fail(`cannot write: ${(e as Error).message}`);
  }
  if (out === undefined) io.stdout(program.text);
  const count = (type: string) => program.resources.filter((r) => r.type.endsWith(type)).length;
  const registryCount = count(":ImageRegistry");
  io.stderr(
    deps.redact(
      [
        ...program.secrets.map(
          (s) =>
            `note: ${s.what}: ${SECRET_FLAG} (\`pulumi config set --secret ${s.configKey}\`; ` +
            "until then the program does not run; supplied with the value the platform holds, " +
            "the first up makes no write)",
        ),
        ...program.tokens.map(
          (t) =>
            `note: ${t}: ${TOKEN_FLAG} (adopted without its token: no write; supplied, the next up writes the credentials once)`,
        ),
        `edgeplatform-import: wrote ${apps(count(":ContainerApp"))}` +
          (registryCount > 0 ? ` and ${registries(registryCount)}` : "") +
          ` (${Buffer.byteLength(program.text)} bytes) to ${out ?? "standard output"}`,
      ].join("\n") + "\n",
    ),
  );
  return 0;
}
