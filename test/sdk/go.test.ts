/**
 * The Go SDK (sdk/go, module github.com/edgeplatform/pulumi-edgeplatform/sdk at sdk/go.mod):
 * its packages are the schema's modules, every resource and data source has its constructor or
 * function, and `go build ./...` and `go vet ./...` pass (Go's own build cache keeps later runs
 * short).
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { available, SDK_DIR, sourceSchema, tokenParts } from "./support";

const run = available("go", "version", "Go SDK tests");
/** A first build of the SDK and its dependencies on a loaded machine takes minutes. */
const LIMIT_MS = 30 * 60 * 1000;
const MODULE = "github.com/edgeplatform/pulumi-edgeplatform/sdk";
const GO_DIR = path.join(SDK_DIR, "go", "edgeplatform");

/** Runs `go <args>` in sdk/; resolves with its exit code and output. */
function go(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("go", args, {
      cwd: SDK_DIR,
      env: { ...process.env, GOFLAGS: "-mod=mod" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

(run ? describe : describe.skip)("the Go SDK (sdk/go)", () => {
  jest.setTimeout(LIMIT_MS);
  const schema = sourceSchema();

  test("sdk/go.mod is the module the import paths name, on the Pulumi Go SDK v3.248.0", () => {
    const mod = fs.readFileSync(path.join(SDK_DIR, "go.mod"), "utf8");
    expect(mod).toMatch(new RegExp(`^module ${MODULE}$`, "m"));
    expect(mod).toMatch(/^\s*github\.com\/pulumi\/pulumi\/sdk\/v3 v3\.248\.0$/m);
    expect(fs.existsSync(path.join(SDK_DIR, "go.sum"))).toBe(true);
  });

  test("every resource has its New<Name> and every data source its function and Output form, in its module's package", () => {
    const missing: string[] = [];
    for (const token of Object.keys(schema.resources)) {
      const { module, name } = tokenParts(token);
      const file = path.join(GO_DIR, module, `${lowerFirst(name)}.go`);
      const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      if (!text.includes(`package ${module}\n`)) missing.push(`${file}: package ${module}`);
      if (!text.includes(`func New${name}(ctx *pulumi.Context,`)) missing.push(`New${name}`);
      if (!text.includes(`type ${name}Args struct`)) missing.push(`${name}Args`);
      if (!text.includes(`ctx.RegisterResource("${token}"`)) missing.push(`${token}`);
    }
    for (const token of Object.keys(schema.functions)) {
      const { module, name } = tokenParts(token);
      const file = path.join(GO_DIR, module, `${name}.go`);
      const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      // Pulumi's rule: `getX` of a module with a resource X is `LookupX` (X's `GetX` reads a
      // resource by id).
      const rest = name.replace(/^get/, "");
      const lookup = schema.resources[`edgeplatform:${module}:${rest}`] !== undefined;
      const fn = lookup ? `Lookup${rest}` : upperFirst(name);
      if (!text.includes(`func ${fn}(ctx *pulumi.Context,`)) missing.push(`${module}.${fn}`);
      if (!text.includes(`func ${fn}Output(ctx *pulumi.Context,`)) missing.push(`${fn}Output`);
      if (!text.includes(`ctx.Invoke("${token}"`)) missing.push(`${token}`);
    }
    const provider = fs.readFileSync(path.join(GO_DIR, "provider.go"), "utf8");
    if (!provider.includes("func NewProvider(ctx *pulumi.Context,")) missing.push("NewProvider");
    expect(missing).toEqual([]);
  });

  test("go list: the root package, config and one package per module of the schema", async () => {
    const r = await go(["list", "./..."]);
    expect(r.code).toBe(0);
    const modules = new Set(
      [...Object.keys(schema.resources), ...Object.keys(schema.functions)].map(
        (t) => tokenParts(t).module,
      ),
    );
    const base = `${MODULE}/go/edgeplatform`;
    expect(r.output.trim().split("\n").sort()).toEqual(
      [base, `${base}/config`, `${base}/internal`, ...[...modules].map((m) => `${base}/${m}`)].sort(),
    );
  });

  test("go build ./... and go vet ./... succeed", async () => {
    const build = await go(["build", "./..."]);
    if (build.code !== 0) throw new Error(`go build ./... failed:\n${build.output}`);
    const vet = await go(["vet", "./..."]);
    if (vet.code !== 0) throw new Error(`go vet ./... failed:\n${vet.output}`);
  });
});
