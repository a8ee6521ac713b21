/**
 * The documentation's code blocks (README.md, docs/*.md, packages/*\/README.md): every
 * TypeScript block type-checks with `tsc --strict` (one program for all of them), and every
 * block marked `<!-- check: runnable -->` runs against an emulator on a free loopback port.
 * A failure names the Markdown file and line. Conventions: docs/development.md,
 * "Documentation checks".
 */
import * as path from "path";
import { startEmulator } from "edgeplatform-emulator";
import { ensureBuilt, ROOT } from "../support/build";
import { docs } from "./lib";

const { blocks, problems } = docs.collectBlocks();
const runnable = blocks.filter((b) => b.runnable && b.skip === null);

beforeAll(() => {
  // The blocks are checked against the packages as users import them: their dist/*.d.ts.
  ensureBuilt(path.join(ROOT, "packages", "pulumi", "dist", "index.d.ts"), [
    "client",
    "pulumi",
    "emulator",
  ]);
});

test("the docs-check directives are well-formed", () => {
  expect(problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([]);
  expect(blocks.filter((b) => b.skip !== null).map((b) => `${b.file}:${b.line}`)).toEqual([]);
});

test("every relative link points to an existing file and heading", () => {
  expect(docs.checkLinks().map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([]);
});

test("every TypeScript block type-checks with tsc --strict", () => {
  const r = docs.typeCheck(blocks);
  console.log(`docs: ${r.checked} TypeScript blocks type-checked in ${r.ms} ms`);
  expect(r.diagnostics.map((d) => d.text)).toEqual([]);
  expect(r.checked).toBe(blocks.filter((b) => b.kind === "ts" && b.skip === null).length);
}, 120_000);

const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? "");

test(
  "every Go block compiles with go vet against the Go SDK (sdk/) and is gofmt-formatted",
  () => {
    const r = docs.goCheck(blocks);
    if (!r.available) {
      if (isCI) throw new Error("no `go` on PATH under CI=true");
      console.log("docs: Go blocks not checked: no `go` on PATH");
      return;
    }
    console.log(`docs: ${r.checked} Go blocks compiled with go vet in ${r.ms} ms`);
    expect(r.diagnostics.map((d) => d.text)).toEqual([]);
    // The README's example in Go (docs/go.md) at least.
    expect(blocks.filter((b) => b.kind === "go" && b.file === "docs/go.md").length).toBeGreaterThan(
      0,
    );
    expect(r.checked).toBe(blocks.filter((b) => b.kind === "go" && b.skip === null).length);
  },
  30 * 60_000,
);

test("every C# block names only namespaces, types, enumeration members and properties of the C# SDK (sdk/dotnet)", () => {
  const r = docs.csharpCheck(blocks);
  console.log(`docs: ${r.checked} C# blocks checked against sdk/dotnet in ${r.ms} ms`);
  expect(r.diagnostics.map((d) => d.text)).toEqual([]);
  expect(blocks.filter((b) => b.kind === "csharp" && b.file === "docs/csharp.md").length).toBe(1);
  expect(r.checked).toBe(blocks.filter((b) => b.kind === "csharp" && b.skip === null).length);
});

test("every Python block byte-compiles (python3 py_compile) and names only modules, names and parameters of the Python SDK", () => {
  const r = docs.pythonCheck(blocks);
  if (!r.available) {
    if (isCI) throw new Error("no `python3` on PATH under CI=true");
    console.log("docs: Python blocks not checked: no `python3` on PATH");
    return;
  }
  expect(r.diagnostics.map((d) => d.text)).toEqual([]);
  expect(blocks.filter((b) => b.kind === "python" && b.file === "docs/python.md").length).toBe(1);
  expect(r.checked).toBe(blocks.filter((b) => b.kind === "python" && b.skip === null).length);
});

describe("runnable blocks, against the emulator", () => {
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await emu?.close();
  });

  test("there are runnable blocks in the README's pages", () => {
    expect(runnable.length).toBeGreaterThan(10);
  });

  test.each(runnable.map((b) => [`${b.file}:${b.line} (${b.lang})`, b] as const))(
    "%s",
    async (_name, b) => {
      const r = await docs.runBlock(b, emu);
      if (r.skipped) console.log(`docs: ${b.file}:${b.line} ${r.skipped}`);
      if (!r.ok) throw new Error(r.message);
    },
    90_000,
  );
});
