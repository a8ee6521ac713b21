/**
 * `edgeplatform-import --from-terraform FILE`: reads a Terraform state, reads the objects its
 * covered resources name from the platform (as the zone import does), keeps only those, and
 * writes the program that adopts them, with the report (`terraform-report.ts`) at its top and
 * on standard error. The command's I/O is handed in by `cli.ts`.
 */
import * as fs from "fs";
import type { ResolvedSettings } from "edgeplatform-client";
import type { CliIo, ImportClient, ImportOptions, ReadResult } from "./cli";
import { generateProgram, NothingToImportError } from "./generate";
import { plural } from "./render";
import { coveredCount, planMigration, readOptions, selectSnapshot } from "./terraform";
import { reportLines } from "./terraform-report";
import { parseTerraformState, TerraformStateError } from "./terraform-state";

/** What `cli.ts` hands in. */
export interface TerraformDeps {
  io: CliIo;
  /** Writes `message` to standard error (secrets redacted) and returns `code`. */
  fail: (message: string, code?: number) => number;
  /** Redacts secrets from text for standard error. */
  redact: (text: string) => string;
  makeClient: (s: ResolvedSettings) => ImportClient & { close?(): void };
  readSnapshot: (c: ImportClient, o: ImportOptions, baseUrl: string) => Promise<ReadResult>;
  /** Writes the program to a file (atomically). */
  writeFile: (file: string, text: string) => void;
}

/** Runs the migration of the state `file`; resolves to the exit code. */
export async function migrateTerraformState(
  file: string,
  out: string | undefined,
  settings: ResolvedSettings,
  deps: TerraformDeps,
): Promise<number> {
  const { io, fail } = deps;
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    return fail(`nothing written: cannot read ${file}: ${(e as Error).message}`);
  }
  let plan;
  try {
    plan = planMigration(parseTerraformState(text, file));
  } catch (e) {
    if (e instanceof TerraformStateError) return fail(`nothing written: ${e.message}`);
    throw e;
  }
  const listNotMigrated = () =>
    plan.notMigrated.map((n) => `\n  not migrated: ${n.address}: ${n.reason}`).join("");
  if (coveredCount(plan) === 0) {
    return fail(
      `nothing written: ${file} holds no resource this provider covers ` +
        `(${plural(plan.total, "resource instance")})${listNotMigrated()}`,
    );
  }

  const client = deps.makeClient(settings);
  // As in cli.ts: a ref'd handle keeps the process alive while a call is being retried.
  const keepAlive = setInterval(() => undefined, 60_000);
  let read: ReadResult;
  try {
    read = await deps.readSnapshot(client, readOptions(plan), settings.baseUrl);
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  } finally {
    clearInterval(keepAlive);
    client.close?.();
  }
  const sel = selectSnapshot(read.snapshot, plan);
  const problems = [...read.problems, ...sel.problems];
  if (problems.length > 0) {
    return fail(
      `nothing written: ${plural(problems.length, "problem")} reading what ${file} names:\n` +
        problems.map((p) => `  ${p}`).join("\n"),
    );
  }
  const report = reportLines(file, plan, sel);
  if (sel.adopted.length === 0) {
    return fail(`nothing written: nothing to adopt\n${report.join("\n")}`);
  }

  let program;
  try {
    program = generateProgram(sel.snapshot);
  } catch (e) {
    if (e instanceof NothingToImportError)
      return fail(`nothing written: nothing to adopt\n${report.join("\n")}`);
    return fail(e instanceof Error ? e.message : String(e));
  }
  const programText = `${report.map((l) => `// ${l}`.trimEnd()).join("\n")}\n//\n${program.text}`;
  if (out !== undefined) {
    try {
      deps.writeFile(out, programText);
    } catch (e) {
      return fail(`cannot write ${out}: ${(e as Error).message}`);
    }
  } else {
    io.stdout(programText);
  }
  const notMigrated = plan.notMigrated.length + sel.missing.length;
  io.stderr(
    deps.redact(
      [
        ...report,
        ...read.skipped.map((m) => `warning: ${m}`),
        ...program.warnings.map((m) => `warning: ${m}`),
        `edgeplatform-import: wrote a program adopting ${sel.adopted.length} of the ` +
          `${plural(plan.total, "resource instance")} of ${file} ` +
          `(${plural(program.resources.length, "Pulumi resource")}, ` +
          `${Buffer.byteLength(programText)} bytes) to ${out ?? "standard output"}` +
          (notMigrated > 0 ? `; ${notMigrated} NOT migrated (listed above)` : ""),
      ].join("\n") + "\n",
    ),
  );
  return 0;
}
