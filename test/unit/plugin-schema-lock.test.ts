/**
 * The plugin's version follows its schema: the Pulumi CLI caches a plugin's schema per version,
 * so packages/pulumi/plugin-schema.lock.json records the version with the SHA-256 of the schema
 * it serves (scripts/plugin-schema.js), and a schema generated from the sources that differs
 * under the same version fails here with the way out (bump the version, rewrite the record).
 */
import * as crypto from "crypto";
import * as path from "path";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";

interface Lock {
  version: string;
  sha256: string;
}
interface LockModule {
  LOCK_FILE: string;
  lockProblem(version: string, text: string, lock?: Lock): string | undefined;
  packageVersion(): string;
  readLock(): Lock | undefined;
  schemaText(schema: unknown): string;
}
const lockModule = require(
  path.join(__dirname, "..", "..", "scripts", "plugin-schema.js"),
) as LockModule;

const version = lockModule.packageVersion();
const text = lockModule.schemaText(buildSchema(version));

test("the schema generated from the sources is the one recorded for the package's version", () => {
  const problem = lockModule.lockProblem(version, text);
  if (problem) throw new Error(problem);
  const lock = lockModule.readLock();
  expect(lock).toEqual({
    version,
    sha256: crypto.createHash("sha256").update(text).digest("hex"),
  });
});

test("a description changed under the same version is refused: bump the version, rewrite the record", () => {
  const schema = JSON.parse(text) as {
    resources: Record<string, { inputProperties: Record<string, { description?: string }> }>;
  };
  const rule = schema.resources["edgeplatform:shield:RateLimitRule"].inputProperties;
  rule.ruleName.description = `${rule.ruleName.description} Changed.`;
  const problem = lockModule.lockProblem(version, lockModule.schemaText(schema));
  expect(problem).toContain(`the plugin's schema changed but its version is still ${version}`);
  expect(problem).toContain("Bump the version in packages/pulumi/package.json");
  expect(problem).toContain("node scripts/plugin-schema.js --lock");
});

test("a version bumped without rewriting the record is refused", () => {
  const next = "99.0.0";
  const problem = lockModule.lockProblem(next, lockModule.schemaText(buildSchema(next)));
  expect(problem).toContain(`records version ${version}, the package is ${next}`);
  expect(problem).toContain("node scripts/plugin-schema.js --lock");
});
