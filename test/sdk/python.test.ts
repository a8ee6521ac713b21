/**
 * The Python SDK (sdk/python): it cannot run here (its dependencies, `pulumi` among them, are
 * not on this machine's package index), so what is checked is that every generated module
 * byte-compiles (`python3 -m py_compile`, the bytecode written to a temporary directory, not
 * into sdk/), that every resource and data source has its module, and that pyproject.toml
 * names the package, its version and its dependency on `pulumi`.
 */
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import {
  available,
  filesUnder,
  SDK_DIR,
  snake,
  sourceSchema,
  tokenParts,
  VERSION,
} from "./support";

const PY_DIR = path.join(SDK_DIR, "python");
const PACKAGE = "pulumi_edgeplatform";
const schema = sourceSchema();

/** The `[project]` table of pyproject.toml: its `key = value` lines, values as TOML wrote them. */
function projectTable(): Map<string, string> {
  const text = fs.readFileSync(path.join(PY_DIR, "pyproject.toml"), "utf8");
  const out = new Map<string, string>();
  let table = "";
  for (const line of text.split("\n")) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header) table = header[1];
    const kv = /^\s*([\w-]+)\s*=\s*(.+?)\s*$/.exec(line);
    if (kv && table === "project") out.set(kv[1], kv[2]);
  }
  return out;
}

describe("the Python SDK (sdk/python): package metadata and modules", () => {
  test("pyproject.toml: the package pulumi_edgeplatform at the package's version, depending on pulumi 3", () => {
    const project = projectTable();
    expect(project.get("name")).toBe(`"${PACKAGE}"`);
    expect(project.get("version")).toBe(`"${VERSION}"`);
    expect(project.get("readme")).toBe('"README.md"');
    const deps = JSON.parse(project.get("dependencies") ?? "[]") as string[];
    expect(deps.filter((d) => /^pulumi[<>=]/.test(d))).toEqual([
      expect.stringMatching(/^pulumi>=3\.\d+\.\d+,<4\.0\.0$/),
    ]);
    expect(fs.existsSync(path.join(PY_DIR, "README.md"))).toBe(true);
    const plugin = JSON.parse(
      fs.readFileSync(path.join(PY_DIR, PACKAGE, "pulumi-plugin.json"), "utf8"),
    ) as { name: string; version: string; resource: boolean };
    expect(plugin).toEqual({ resource: true, name: "edgeplatform", version: VERSION });
  });

  test("every resource is a class of its module and every data source a function with its _output form", () => {
    const missing: string[] = [];
    for (const token of Object.keys(schema.resources)) {
      const { module, name } = tokenParts(token);
      const file = path.join(PY_DIR, PACKAGE, module, `${snake(name)}.py`);
      const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      if (!text.includes(`@pulumi.type_token("${token}")\nclass ${name}(pulumi.CustomResource):`))
        missing.push(`${module}.${name}`);
    }
    for (const token of Object.keys(schema.functions)) {
      const { module, name } = tokenParts(token);
      const fn = snake(name);
      const file = path.join(PY_DIR, PACKAGE, module, `${fn}.py`);
      const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      if (!text.includes(`\ndef ${fn}(`)) missing.push(`${module}.${fn}`);
      if (!text.includes(`\ndef ${fn}_output(`)) missing.push(`${module}.${fn}_output`);
      if (!text.includes(`pulumi.runtime.invoke('${token}'`)) missing.push(token);
    }
    expect(missing).toEqual([]);
  });
});

const run = available("python3", "--version", "Python SDK byte-compilation");

(run ? describe : describe.skip)("the Python SDK (sdk/python): python3 -m py_compile", () => {
  test("every generated .py file byte-compiles", () => {
    const files = filesUnder(PY_DIR).filter((f) => f.endsWith(".py"));
    expect(files.length).toBeGreaterThan(Object.keys(schema.resources).length);
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-pycache-"));
    const r = spawnSync("python3", ["-m", "py_compile", ...files], {
      cwd: PY_DIR,
      encoding: "utf8",
      env: { ...process.env, PYTHONPYCACHEPREFIX: prefix },
    });
    if (r.status !== 0) throw new Error(`py_compile failed:\n${r.stdout}\n${r.stderr}`);
    // The bytecode went to the prefix: one .pyc per file, none in sdk/.
    expect(filesUnder(prefix).filter((f) => f.endsWith(".pyc"))).toHaveLength(files.length);
    expect(filesUnder(PY_DIR).filter((f) => f.includes("__pycache__"))).toEqual([]);
  });
});
