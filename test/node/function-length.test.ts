/**
 * `scripts/function-length.js` (part of `npm run lint`): no function of the lifecycle core or
 * the kinds is over 150 lines of its own body. Run as `npm run lint` runs it, in a child process.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runNode } from "../support/node-child";

const ROOT = path.join(__dirname, "..", "..");
const SCRIPT = path.join(ROOT, "scripts", "function-length.js");
const env = { NODE_PATH: path.join(ROOT, "node_modules") };

/** A function of `bodyLines` statements, with a closure of `nestedLines` statements inside. */
function source(bodyLines: number, nestedLines: number): string {
  const nested = Array.from({ length: nestedLines }, (_, i) => `    const n${i} = ${i};`);
  const own = Array.from({ length: bodyLines }, (_, i) => `  const v${i} = ${i};`);
  return [
    "export function outer(): () => void {",
    ...own,
    "  return () => {",
    ...nested,
    "  };",
    "}",
    "",
  ].join("\n");
}

describe("scripts/function-length.js", () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "fnlen-"))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("the core and the kinds have no function over 150 lines of its own body", async () => {
    const r = await runNode(
      SCRIPT,
      ["packages/pulumi/src/resources/core", "packages/pulumi/src/resources/kinds"].map((p) =>
        path.join(ROOT, p),
      ),
      env,
    );
    expect(r.stdout).toMatch(/functions, none over 150 lines/);
    expect(r.code).toBe(0);
  });

  test("a function over the limit fails, named with its file, line and length", async () => {
    // 160 lines of its own (with its first and last lines) and a 20-line closure.
    const file = path.join(dir, "long.ts");
    fs.writeFileSync(file, source(157, 20));
    const r = await runNode(SCRIPT, [file], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${file}:1 outer: 160 lines (limit 150)\n`);
  });

  test("the lines of a nested function are not the outer function's own", async () => {
    // 110 lines of its own and a 100-line closure: 210 lines in all, under the limit.
    const file = path.join(dir, "factory.ts");
    fs.writeFileSync(file, source(107, 100));
    const r = await runNode(SCRIPT, [file], env);
    expect(r.stdout).toMatch(/the longest: .*factory\.ts:1 outer \(110\)/);
    expect(r.code).toBe(0);
  });

  test("no folder named: exit 2 with the usage line", async () => {
    const r = await runNode(SCRIPT, ["--max", "0", "x"], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^usage: node scripts\/function-length\.js/);
  });
});
