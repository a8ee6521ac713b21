/**
 * What a user installs (`npm run pack-check`, scripts/pack-check.js) as a child process: packs
 * the three packages, installs them from their tarballs into fresh projects (npm registry for
 * their dependencies) and checks the footprint, Node 20 engines, `tsc --strict`, the require
 * graph, and the serialized provider an installed package puts into state
 * (`require("pulumi-edgeplatform/stubs/rate-limit-rule")`, fail-loud when the package is gone).
 */
import { spawn } from "child_process";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..", "..");

// Under `npm test` (build, typecheck, lint, then jest) the packages were built just before.
const built = process.env.npm_lifecycle_event === "test" ? ["--built"] : [];

test("npm run pack-check passes every check", async () => {
  const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts", "pack-check.js"), ...built], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("close", (c) => resolve({ code: c, out }));
  });
  const checks = out.split("\n").filter((l) => /^(ok|FAIL) /.test(l));
  console.log(checks.join("\n"));
  expect(checks.filter((l) => l.startsWith("FAIL"))).toEqual([]);
  expect(out).toMatch(
    /ok {3}installed: __provider is require\("pulumi-edgeplatform\/stubs\/rate-limit-rule"\)/,
  );
  expect(out).toMatch(/ok {3}package removed: loading the provider fails loudly/);
  // publish-ready manifests, and the documented install-from-checkout commands
  for (const name of ["edgeplatform-client", "pulumi-edgeplatform", "edgeplatform-emulator"]) {
    expect(out).toContain(`ok   ${name}: npm publish --dry-run exits 0, no warnings`);
  }
  expect(out).toMatch(
    /ok {3}from a checkout: npm pack --workspace packages\/client --workspace packages\/pulumi --pack-destination \S+ \(repository root\), then npm install \.\/edgeplatform-client-[\d.]+\.tgz \.\/pulumi-edgeplatform-[\d.]+\.tgz @pulumi\/pulumi typescript@5 \(exit 0\)/,
  );
  expect(out).toMatch(/ok {3}from a checkout: npx edgeplatform-import --help/);
  expect(out).toMatch(/ok {3}from a checkout: .*npx edgeplatform-emulator --help/);
  expect(code).toBe(0);
}, 600_000);
