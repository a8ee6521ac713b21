/**
 * How scripts/lib/engine.js loads a TypeScript program (the demo, and the e2e tests' stack
 * driver, which starts one process per operation): the first process transpiles it; a later
 * process with the same file loads the cached JavaScript without loading the compiler; a
 * changed file is transpiled again.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";

const ENGINE = path.join(__dirname, "..", "..", "scripts", "lib", "engine.js");

/** Loads `file`'s `program` in a new Node process; its result, and whether TypeScript loaded. */
function load(file: string, cacheDir: string): { result: unknown; compilerLoaded: boolean } {
  const script = `
    const engine = require(${JSON.stringify(ENGINE)});
    const result = engine.loadProgram(${JSON.stringify(file)}, "program")();
    const compilerLoaded = Object.keys(require.cache).some((k) => /[\\\\/]typescript[\\\\/]lib[\\\\/]typescript\\.js$/.test(k));
    console.log(JSON.stringify({ result, compilerLoaded }));
  `;
  const r = spawnSync(process.execPath, ["-e", script], {
    encoding: "utf8",
    env: { ...process.env, EDGEPLATFORM_TS_CACHE: cacheDir },
  });
  if (r.status !== 0) throw new Error(`node exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as {
    result: unknown;
    compilerLoaded: boolean;
  };
}

describe("engine.loadProgram: TypeScript programs", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-loader-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("the second process loads the cached JavaScript; a changed file is transpiled again", () => {
    const cacheDir = path.join(dir, "cache");
    const file = path.join(dir, "program.ts");
    fs.writeFileSync(
      file,
      `const n: number = 2;\nexport const program = (): string => \`rules: \${n}\`;\n`,
    );

    expect(load(file, cacheDir)).toEqual({ result: "rules: 2", compilerLoaded: true });
    expect(load(file, cacheDir)).toEqual({ result: "rules: 2", compilerLoaded: false });

    fs.writeFileSync(
      file,
      `const n: number = 3;\nexport const program = (): string => \`rules: \${n}\`;\n`,
    );
    expect(load(file, cacheDir)).toEqual({ result: "rules: 3", compilerLoaded: true });
    expect(load(file, cacheDir)).toEqual({ result: "rules: 3", compilerLoaded: false });
  });

  test("an unwritable cache directory: the program still loads", () => {
    const file = path.join(dir, "other.ts");
    fs.writeFileSync(file, `export const program = (): number => 7;\n`);
    const notADir = path.join(dir, "a-file");
    fs.writeFileSync(notADir, "");
    expect(load(file, path.join(notADir, "cache"))).toEqual({ result: 7, compilerLoaded: true });
  });
});
