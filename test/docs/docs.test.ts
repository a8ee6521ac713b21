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
      if (!r.ok) throw new Error(r.message);
    },
    90_000,
  );
});
