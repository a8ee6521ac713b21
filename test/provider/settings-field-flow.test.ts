/**
 * A field added to one settings declaration reaches every generated surface with no other
 * edit: UploadScanning's declaration with one field more (`quarantineDays`, an integer) goes
 * through the generators themselves — the public types (scripts/lib/kind-types.js, what
 * `npm run kind-types` writes), the plugin's schema (plugin/schema.ts `buildSchema`) and the
 * Go, Python and C# SDKs (scripts/sdk.js `generate`, the generators `npm run sdk` runs) — and
 * each shows the field, with the declaration's description.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import * as spec from "edgeplatform-client/spec";
import { PLUGIN_RESOURCES, type PluginResource } from "../../packages/pulumi/src/plugin/resources";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { field } from "../../packages/pulumi/src/resources/core/zone-settings/kind";
import { uploadScanningKind } from "../../packages/pulumi/src/resources/kinds/settings/upload-scanning";

const { renderKindTypes } = require("../../scripts/lib/kind-types") as {
  renderKindTypes(kind: unknown, enums: unknown, o: { format: boolean }): Promise<string>;
};
const sdk = require("../../scripts/sdk") as {
  generate(schema: string, log: (s: string) => void): Promise<{ dir: string }>;
};

const DESCRIPTION = "Days a blocked upload is kept in quarantine, 0 to 30.";

/** UploadScanning's declaration with the field `quarantineDays` added (the one edit). */
const extended = {
  ...uploadScanningKind,
  fields: [
    ...uploadScanningKind.fields,
    field("quarantineDays", { type: "integer", minimum: 0, maximum: 30 }, DESCRIPTION),
  ],
};

/** The plugin's resources with UploadScanning's declaration replaced by `extended`. */
const resources: PluginResource[] = PLUGIN_RESOURCES.map((r) =>
  r.family === "settings" && r.typeName === "UploadScanning" ? { ...r, kind: extended } : r,
);

/** Members (name → doc comment) of the interface `name` of a TypeScript module's text. */
function interfaceMembers(text: string, name: string): Map<string, string> {
  const source = ts.createSourceFile("generated.ts", text, ts.ScriptTarget.ES2022, true);
  const out = new Map<string, string>();
  source.forEachChild((n) => {
    if (!ts.isInterfaceDeclaration(n) || n.name.text !== name) return;
    for (const m of n.members) {
      if (!m.name || !ts.isIdentifier(m.name)) continue;
      const doc = ts
        .getJSDocCommentsAndTags(m)
        .filter(ts.isJSDoc)
        .map((d) => ts.getTextOfJSDocComment(d.comment) ?? "")
        .join(" ");
      out.set(m.name.text, `${m.getText().replace(/\/\*\*[\s\S]*?\*\/\s*/, "")} ${doc}`);
    }
  });
  return out;
}

describe("a field added to UploadScanning's declaration", () => {
  test("is an argument, a state field and a class output of the public types", async () => {
    const text = await renderKindTypes(extended, spec, { format: false });
    const args = interfaceMembers(text, "UploadScanningSettingsArgs");
    const state = interfaceMembers(text, "UploadScanningState");
    const outputs = interfaceMembers(text, "UploadScanningOutputs");
    expect(args.get("quarantineDays")).toBe(
      `quarantineDays?: pulumi.Input<number>; ${DESCRIPTION}`,
    );
    expect(state.get("quarantineDays")).toBe(`quarantineDays: number | undefined; ${DESCRIPTION}`);
    expect(outputs.get("quarantineDays")).toBe(
      `readonly quarantineDays: pulumi.Output<number | undefined>; ${DESCRIPTION}`,
    );
    // The outputs the class hands the engine (declared as undefined so that they are outputs).
    expect(text).toContain(
      'UPLOAD_SCANNING_OUTPUTS: readonly string[] = ["enabled","csamScanningMode","antivirusScanningMode","quarantineDays"]',
    );
  });

  const schema = buildSchema("0.0.0-test", resources);
  const resource = schema.resources["edgeplatform:shield:UploadScanning"];

  test("is an input and an output of the plugin's schema, described by the declaration", () => {
    expect(resource.inputProperties.quarantineDays).toEqual({
      type: "integer",
      description: DESCRIPTION,
    });
    expect(resource.properties.quarantineDays).toEqual({
      type: "integer",
      description: DESCRIPTION,
    });
    // A stated prior may name it too.
    const prior = schema.types["edgeplatform:shield:UploadScanningPrior"];
    expect(prior.properties?.quarantineDays?.description).toBe(`Before Pulumi: ${DESCRIPTION}`);
  });

  test("is in the Go, Python and C# SDKs generated from that schema", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "field-flow-"));
    const file = path.join(tmp, "schema.json");
    fs.writeFileSync(file, JSON.stringify(schema, null, 2));
    const { dir } = await sdk.generate(file, () => {});
    try {
      const read = (rel: string) => fs.readFileSync(path.join(dir, rel), "utf8");
      const go = read("go/edgeplatform/shield/uploadScanning.go");
      expect(go).toContain("QuarantineDays pulumi.IntPtrOutput");
      expect(go).toContain("QuarantineDays pulumi.IntPtrInput");
      expect(go).toContain(`// ${DESCRIPTION}`);
      const py = read("python/pulumi_edgeplatform/shield/upload_scanning.py");
      expect(py).toContain("quarantine_days: pulumi.Input[Optional[_builtins.int]] = None");
      expect(py).toContain(DESCRIPTION);
      const cs = read("dotnet/Shield/UploadScanning.cs");
      expect(cs).toContain("public Output<int?> QuarantineDays");
      expect(cs).toContain("public Input<int>? QuarantineDays");
      expect(cs).toContain(DESCRIPTION);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 180_000);
});
