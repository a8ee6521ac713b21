/**
 * The report of `edgeplatform-import --from-terraform`: what was adopted, what was not
 * migrated and why, the objects of the same zones left out, and the `terraform state rm`
 * commands that make Terraform forget what the program adopts (never run by the command).
 * The same lines go to standard error and, as comments, to the top of the program.
 */
import { plural } from "./render";
import type { MigrationPlan, Selection } from "./terraform";
import { shellWord } from "./terraform-state";

/** The report's lines (no comment marks). */
export function reportLines(file: string, plan: MigrationPlan, sel: Selection): string[] {
  const notMigrated = [...plan.notMigrated, ...sel.missing];
  const lines = [
    `Migrated from the Terraform state ${file}: ${plural(plan.total, "resource instance")},`,
    `${sel.adopted.length} adopted by this program, ${notMigrated.length} not migrated.`,
  ];
  if (notMigrated.length > 0) {
    lines.push(
      "NOT migrated (nothing is written for them; they stay as Terraform has them):",
      ...notMigrated.map((n) => `  ${n.address}: ${n.reason}`),
    );
  }
  if (sel.leftOut.length > 0) {
    lines.push(
      "Left out: on the platform in the same zones, not in the Terraform state (not managed",
      "here, left as they are):",
      ...sel.leftOut.map((l) => `  ${l}`),
    );
  }
  lines.push(...sel.notes.map((n) => `Note: ${n}`));
  if (sel.adopted.length > 0) {
    lines.push(
      "Once `pulumi up` of this program has succeeded (it makes no writes), make Terraform",
      "forget what it adopts (this edits the Terraform state only, nothing on the platform),",
      "then delete those blocks from the .tf files, or Terraform plans to create them again:",
      ...sel.adopted.map((a) => `  terraform state rm ${shellWord(a)}`),
    );
  }
  return lines;
}
