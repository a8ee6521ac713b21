/**
 * Shared by the SDK tests (test/sdk): where the SDKs and the generator script are, whether Go
 * is here, and the schema generated from the sources (what `npm run build` writes to
 * packages/pulumi/dist/plugin/schema.json).
 *
 * Without Go, and unless CI is set, the tests that need it are skipped with one line saying
 * why; under CI=true they run (and fail if Go is missing).
 */
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { buildSchema, type PackageSchema } from "../../packages/pulumi/src/plugin/schema";

export const REPO_ROOT = path.resolve(__dirname, "..", "..");
export const SDK_DIR = path.join(REPO_ROOT, "sdk");
export const SDK_SCRIPT = path.join(REPO_ROOT, "scripts", "sdk.js");
/** The package's version (packages/pulumi/package.json): the schema's and every SDK's. */
export const VERSION = (
  JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, "packages", "pulumi", "package.json"), "utf8"),
  ) as { version: string }
).version;

const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? "");

/** Whether a command runs here (`<cmd> <versionArg>` exits 0). */
export function has(cmd: string, versionArg = "version"): boolean {
  const r = spawnSync(cmd, [versionArg], { encoding: "utf8" });
  return r.status === 0;
}

/**
 * Whether the tests that need `tool` run: yes when it is here or under CI; else no, printing
 * why (a skipped suite, not a passed one).
 */
export function available(tool: string, versionArg: string, what: string): boolean {
  if (has(tool, versionArg) || isCI) return true;
  console.log(`${what} skipped: no \`${tool}\` on PATH. Under CI=true this is a failure.`);
  return false;
}

/** The package schema generated from the sources, as scripts/plugin-schema.js writes it. */
export function sourceSchema(): PackageSchema {
  return buildSchema(VERSION);
}

/** Writes `schema` to a new temporary file (the text plugin-schema.js writes); returns its path. */
export function writeSchema(schema: PackageSchema): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-schema-"));
  const file = path.join(dir, "schema.json");
  fs.writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
  return file;
}

/** A token's parts: `edgeplatform:shield:RateLimitRule` → module `shield`, name `RateLimitRule`. */
export function tokenParts(token: string): { module: string; name: string } {
  const [, module, name] = token.split(":");
  return { module, name };
}

/** `RateLimitRule` → `rate_limit_rule`, `getDnsZone` → `get_dns_zone`. */
export const snake = (s: string): string =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** Every file under `dir` (relative paths with `/`). */
export function filesUnder(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesUnder(path.join(dir, e.name), rel));
    else out.push(rel);
  }
  return out.sort();
}
