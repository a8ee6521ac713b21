/**
 * The one list of kinds (packages/pulumi/src/resources/kinds/kind-list.json) and the files
 * scripts/gen-kinds.js writes from it: `--check` passes on the repository, and fails naming each
 * stale file on a copy with a hand-edited stub module or with a kind added to the list only.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { ROOT } from "../support/build";
import { runNode } from "../support/node-child";

const SCRIPT = path.join(ROOT, "scripts", "gen-kinds.js");
const LIST = "packages/pulumi/src/resources/kinds/kind-list.json";

interface Kind {
  stub: string;
  key: string;
  settings?: { path: string; kind: string };
}
const kinds = (root = ROOT): Kind[] =>
  (JSON.parse(fs.readFileSync(path.join(root, LIST), "utf8")) as { kinds: Kind[] }).kinds;

const check = (root?: string) =>
  runNode(SCRIPT, ["--check", ...(root ? ["--root", root] : [])], {}, { limitMs: 60_000 });

/** What `--check` names as stale, in its order. */
const staleOf = (stderr: string) => [...stderr.matchAll(/^stale: (\S+)/gm)].map((m) => m[1]).sort();

/** A copy of what the script reads and writes: the package's sources, its package.json, the tables. */
function copyRepo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gen-kinds-"));
  for (const p of [
    "packages/pulumi/package.json",
    "packages/pulumi/src",
    "test/provider/lifecycle-table",
  ]) {
    fs.cpSync(path.join(ROOT, p), path.join(dir, p), { recursive: true });
  }
  return dir;
}

let copy: string;
beforeEach(() => {
  copy = copyRepo();
});
afterEach(() => fs.rmSync(copy, { recursive: true, force: true }));

test("every generated file is up to date (npm run kinds --check exits 0)", async () => {
  const r = await check();
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
});

test("a hand-edited stub module is stale: exit 1, naming that file only", async () => {
  const stub = "packages/pulumi/src/resources/stubs/upload-scanning.ts";
  fs.appendFileSync(path.join(copy, stub), "// edited by hand\n");
  const r = await check(copy);
  expect(r.code).toBe(1);
  expect(staleOf(r.stderr)).toEqual([stub]);
});

test("a kind added to the list only: every list it belongs to is stale", async () => {
  const doc = JSON.parse(fs.readFileSync(path.join(copy, LIST), "utf8"));
  doc.kinds.push({
    stub: "image-scanning",
    key: "imageScanning",
    type: "ImageScanning",
    module: "shield",
    provider: { path: "resources/kinds/settings/image-scanning", export: "imageScanningProvider" },
    noun: "image scanning",
    settings: { path: "resources/kinds/settings/image-scanning", kind: "imageScanningKind" },
    import: { one: "ImageScanning", many: "image scanning" },
  });
  fs.writeFileSync(path.join(copy, LIST), JSON.stringify(doc, null, 2));
  const r = await check(copy);
  expect(r.code).toBe(1);
  expect(staleOf(r.stderr)).toEqual(
    [
      "packages/pulumi/package.json",
      "packages/pulumi/src/import/kinds.generated.ts",
      "packages/pulumi/src/plugin/resources.generated.ts",
      "packages/pulumi/src/resources/core/loader.ts",
      "packages/pulumi/src/resources/kinds/providers.generated.ts",
      "packages/pulumi/src/resources/kinds/settings-inputs-schemas.ts",
      "packages/pulumi/src/resources/public/shield.generated.ts",
      "packages/pulumi/src/resources/stubs/image-scanning.ts",
      "test/provider/lifecycle-table/kinds.ts",
    ].sort(),
  );
  // --check writes nothing.
  expect(
    fs.existsSync(path.join(copy, "packages/pulumi/src/resources/stubs/image-scanning.ts")),
  ).toBe(false);
});

test("each settings kind's declaration names its export of the generated schema module", () => {
  const settings = kinds().filter((k) => k.settings);
  expect(settings.length).toBeGreaterThan(0);
  for (const k of settings) {
    const mod = require(path.join(ROOT, "packages/pulumi/src", k.settings!.path)) as Record<
      string,
      { inputsSchema?: string }
    >;
    expect([k.key, mod[k.settings!.kind]?.inputsSchema]).toEqual([k.key, `${k.key}InputsSchema`]);
  }
});

test("a collection kind's import block is checked: one without `key` is refused, naming it", async () => {
  const doc = JSON.parse(fs.readFileSync(path.join(copy, LIST), "utf8"));
  const waf = doc.kinds.find((k: Kind) => k.stub === "waf-rule");
  delete waf.import.collection.key;
  fs.writeFileSync(path.join(copy, LIST), JSON.stringify(doc, null, 2));
  const r = await check(copy);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`${LIST}: WafRule: import.collection has no "key"`);
});

test("a collection kind's import data reaches the import table only", async () => {
  const doc = JSON.parse(fs.readFileSync(path.join(copy, LIST), "utf8"));
  const waf = doc.kinds.find((k: Kind) => k.stub === "waf-rule");
  waf.import.collection.exportList = "customWafRuleIds";
  fs.writeFileSync(path.join(copy, LIST), JSON.stringify(doc, null, 2));
  const r = await check(copy);
  expect(r.code).toBe(1);
  expect(staleOf(r.stderr)).toEqual(["packages/pulumi/src/import/kinds.generated.ts"]);
  const w = await runNode(SCRIPT, ["--root", copy], {}, { limitMs: 60_000 });
  expect(w.code).toBe(0);
  const table = fs.readFileSync(
    path.join(copy, "packages/pulumi/src/import/kinds.generated.ts"),
    "utf8",
  );
  expect(table).toContain('exportList: "customWafRuleIds"');
  expect(table).not.toContain('exportList: "wafRuleIds"');
});
