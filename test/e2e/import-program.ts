/**
 * Inline-program wrapper of the import e2e test: runs a program written by
 * `edgeplatform-import` (a plain top-level module) as the Automation API's inline program.
 * The module is loaded afresh on every call, so each Pulumi operation registers its
 * resources again; its exports become the stack outputs.
 */
import * as path from "path";

/** Options: `file`, the generated program (a .ts file inside the Pulumi project). */
export interface ImportedProgramOptions {
  file: string;
}

/** Runs the generated program at `options.file`. */
export function importedProgram(options: ImportedProgramOptions): Record<string, unknown> {
  const file = path.resolve(options.file);
  delete require.cache[file];
  return { ...(require(file) as Record<string, unknown>) };
}
