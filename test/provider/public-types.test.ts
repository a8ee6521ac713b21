/**
 * The public types of `pulumi-edgeplatform` as a user's program sees them: the emitted
 * `.d.ts` files (packages/pulumi/dist, rebuilt first with `tsc -b`), read with the
 * TypeScript compiler API.
 *
 * - Every property of a resource's arguments, state and class, and of a data source's
 *   arguments, options and results (nested object types included) has a doc comment.
 * - `tsc --strict` accepts a program that uses `get`, typed outputs (`Output<number>` for a
 *   configuration field the program wrote) and each form of the discriminated arguments, and
 *   rejects what `check` would reject at preview: two addressing fields, a create without
 *   `ruleName`, an unknown configuration field, an enumeration name that does not exist.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";

const { VALID_PROGRAM, INVALID_PROGRAMS } = require("../../scripts/lib/type-programs") as {
  VALID_PROGRAM: string;
  INVALID_PROGRAMS: Record<string, { text: string; error: RegExp }>;
};

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const ENTRY = path.join(REPO_ROOT, "packages", "pulumi", "dist", "index.d.ts");
/** Exported names whose properties are public arguments, outputs or results. */
const PUBLIC_SHAPE = /(Args|Result|State|Options|Connection|Progress)$/;
/** Namespaces whose classes are resources. */
const RESOURCE_AREAS = new Set(["shield", "dns", "containers", "pullzones", "compute"]);

beforeAll(() => {
  execFileSync(
    process.execPath,
    [require.resolve("typescript/bin/tsc"), "-b", "tsconfig.build.json"],
    {
      cwd: REPO_ROOT,
      stdio: "pipe",
    },
  );
}, 180_000);

/** Properties without a doc comment, as `area.Type.path (file)`. */
function undocumentedProperties(): string[] {
  const program = ts.createProgram([ENTRY], {
    strict: true,
    noEmit: true,
    types: [],
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  });
  const checker = program.getTypeChecker();
  const ours = (d: ts.Declaration) => {
    const f = d.getSourceFile().fileName;
    return (
      f.includes(`${path.sep}packages${path.sep}`) &&
      !f.includes(`${path.sep}node_modules${path.sep}@pulumi`)
    );
  };
  const missing = new Set<string>();
  const seen = new Set<ts.Type>();
  const visit = (type: ts.Type, owner: string, depth: number): void => {
    if (seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) {
      for (const t of type.types) visit(t, owner, depth);
      return;
    }
    for (const p of checker.getPropertiesOfType(type)) {
      const decls = p.getDeclarations() ?? [];
      // Keys of a record over a name list (`variableTypes`) are data, not declared properties.
      if (decls.length === 0 || !decls.some(ours) || p.name.startsWith("#")) continue;
      const doc = ts.displayPartsToString(p.getDocumentationComment(checker)).trim();
      const file = path.relative(REPO_ROOT, decls[0].getSourceFile().fileName);
      if (!doc) missing.add(`${owner}.${p.name} (${file})`);
      if (depth >= 3) continue;
      let t = checker.getNonNullableType(checker.getTypeOfSymbol(p));
      if (checker.isArrayType(t)) t = checker.getTypeArguments(t as ts.TypeReference)[0];
      const isClass = (t.getSymbol()?.flags ?? 0) & ts.SymbolFlags.Class;
      if (t.flags & ts.TypeFlags.Object && !isClass && t.getCallSignatures().length === 0) {
        visit(t, `${owner}.${p.name}`, depth + 1);
      }
    }
  };
  const walk = (module: ts.Symbol, area: string): void => {
    for (const exported of checker.getExportsOfModule(module)) {
      const s =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (s.flags & ts.SymbolFlags.Module) {
        walk(s, exported.name);
        continue;
      }
      const resource = s.flags & ts.SymbolFlags.Class && RESOURCE_AREAS.has(area);
      if (!resource && !PUBLIC_SHAPE.test(exported.name)) continue;
      if (s.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class)) {
        visit(checker.getDeclaredTypeOfSymbol(s), `${area}.${exported.name}`, 0);
      }
    }
  };
  walk(checker.getSymbolAtLocation(program.getSourceFile(ENTRY)!)!, "edge");
  return [...missing];
}

test("every public property of resources and data sources has a doc comment", () => {
  expect(undocumentedProperties()).toEqual([]);
});

/** Type-checks `programs` (name → text) in a project that installs the workspace packages. */
function typeCheck(programs: Record<string, string>): Record<string, string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-types-"));
  try {
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const files = Object.entries(programs).map(([name, text]) => {
      const file = path.join(dir, `${name}.ts`);
      fs.writeFileSync(file, text);
      return file;
    });
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2020,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      types: ["node"],
    });
    const out: Record<string, string[]> = {};
    for (const [i, name] of Object.keys(programs).entries()) {
      out[name] = ts
        .getPreEmitDiagnostics(program, program.getSourceFile(files[i]))
        .map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("tsc --strict: get, typed outputs and the three forms of the arguments compile; invalid arguments do not", () => {
  const result = typeCheck({
    valid: VALID_PROGRAM,
    ...Object.fromEntries(Object.entries(INVALID_PROGRAMS).map(([k, v]) => [k, v.text])),
  });
  for (const [name, errors] of Object.entries(result)) {
    console.log(`${name}: ${errors.length ? errors.join("\n  ") : "no error"}`);
  }
  expect(result.valid).toEqual([]);
  for (const [name, { error }] of Object.entries(INVALID_PROGRAMS)) {
    expect(result[name]).toHaveLength(1);
    expect(result[name][0]).toMatch(error);
  }
}, 120_000);
