/**
 * docs/packages.md's exports table names every runtime export of `pulumi-edgeplatform` (each
 * namespace's resources, data sources and enumerations, and the top level's), so that a
 * reader of the table finds every class and constant a program can use. A data source pair
 * may be written `getX[Output]`. The names come from the package itself, not from a list
 * kept here.
 */
import * as fs from "fs";
import * as path from "path";
import * as edge from "pulumi-edgeplatform";

const ROOT = path.resolve(__dirname, "..", "..");
const TABLE = fs.readFileSync(path.join(ROOT, "docs", "packages.md"), "utf8");

/** The table's row of the provider package (its first column is `pulumi-edgeplatform`). */
const row = TABLE.split("\n").find((l) => l.startsWith("| `pulumi-edgeplatform` ")) ?? "";

/** The names a row mentions: `X` and `getX[Output]` (both getX and getXOutput). */
function mentioned(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([A-Za-z_$][\w$]*)(\[Output\])?`/g)) {
    out.add(m[1]);
    if (m[2]) out.add(`${m[1]}Output`);
  }
  return out;
}

/** Runtime exports: each namespace's, and the top level's (namespaces by their name). */
function exportsOf(): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(edge)) {
    if (key.startsWith("__")) continue; // internal (`__providers`, documented as not public)
    names.push(key);
    const isNamespace =
      value !== null &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      key === key.toLowerCase();
    if (isNamespace)
      for (const inner of Object.keys(value as object)) names.push(`${key}.${inner}`);
  }
  return names;
}

test("the provider package's row of docs/packages.md names every runtime export", () => {
  expect(row).not.toBe("");
  const named = mentioned(row);
  const missing = exportsOf().filter((n) => !named.has(n.split(".").pop()!));
  expect(missing).toEqual([]);
});
