/**
 * A configuration field added to one collection kind's declaration reaches every generated
 * surface with no other edit: WafRule's declaration with one field more (`sampleRate`, an
 * integer: its schema in the declaration's `configurationSchema`, its description in the
 * declaration's `docs`) goes through the generators themselves — the public types
 * (scripts/lib/collection-kind-types.js, what `npm run kind-types` writes), the plugin's schema
 * (plugin/schema.ts `buildSchema`) and the Go, Python and C# SDKs (scripts/sdk.js `generate`,
 * the generators `npm run sdk` runs) and the kind's field table in docs/resources.md — and each
 * shows the field, with the declaration's description.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import * as spec from "edgeplatform-client/spec";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { PLUGIN_RESOURCES, type PluginResource } from "../../packages/pulumi/src/plugin/resources";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { wafRuleKind } from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";

const { renderCollectionKindTypes, collectionFieldTable } =
  require("../../scripts/lib/collection-kind-types") as {
    renderCollectionKindTypes(
      kind: unknown,
      enums: unknown,
      o: { format: boolean },
    ): Promise<string>;
    collectionFieldTable(kind: unknown, enums: unknown): string;
  };
const sdk = require("../../scripts/sdk") as {
  generate(schema: string, log: (s: string) => void): Promise<{ dir: string }>;
};

const DESCRIPTION = "Percent of matching requests the action applies to, 0 to 100.";

/** WafRule's declaration with the configuration field `sampleRate` added (the one edit). */
const extended = {
  ...wafRuleKind,
  configurationSchema: schemaRef(
    __dirname,
    "./collection-field-flow-schema",
    "wafRuleConfigurationWithSampleRate",
  ),
  docs: {
    ...wafRuleKind.docs,
    configuration: {
      ...wafRuleKind.docs.configuration,
      fields: {
        ...wafRuleKind.docs.configuration.fields,
        sampleRate: { description: DESCRIPTION },
      },
    },
  },
};

/** The plugin's resources with WafRule's declaration replaced by `extended`. */
const resources: PluginResource[] = PLUGIN_RESOURCES.map((r) =>
  r.family === "collection" && r.typeName === "WafRule" ? { ...r, kind: extended } : r,
);

/** Members (name → text and doc comment) of the interface `name` of a module's text. */
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

describe("a configuration field added to WafRule's declaration", () => {
  test("is a configuration argument of the public types (the state and outputs derive from it)", async () => {
    const text = await renderCollectionKindTypes(extended, spec, { format: false });
    const config = interfaceMembers(text, "WafRuleConfigurationArgs");
    expect(config.get("sampleRate")).toBe(`sampleRate?: pulumi.Input<number>; ${DESCRIPTION}`);
    // The configuration's state and the class's output are that type with its inputs resolved.
    expect(text).toContain(
      "export type WafRuleConfigurationState = pulumi.Unwrap<WafRuleConfigurationArgs>;",
    );
    expect(interfaceMembers(text, "WafRuleOutputs").get("ruleConfiguration")).toContain(
      "pulumi.Output<WafRuleConfigurationStateOf<C>>",
    );
  });

  test("is a row of the kind's field table in the docs, after the configuration's other fields", () => {
    const rows = collectionFieldTable(extended, spec).split("\n");
    const row = `| \`ruleConfiguration.sampleRate\` | number | ${DESCRIPTION} |`;
    expect(rows).toContain(row);
    // In the declaration's order: after the fields (and items) declared before it.
    expect(rows[rows.indexOf(row) - 1]).toMatch(
      /^\| `ruleConfiguration\.chainedRuleConditions\[\]\./,
    );
    expect(collectionFieldTable(wafRuleKind, spec)).not.toContain("sampleRate");
  });

  test("without its description it is refused by both generators, naming the field", async () => {
    const undescribed = { ...extended, docs: wafRuleKind.docs };
    await expect(renderCollectionKindTypes(undescribed, spec, { format: false })).rejects.toThrow(
      "WafRule: configuration: field sampleRate has no description",
    );
    const without = PLUGIN_RESOURCES.map((r) =>
      r.family === "collection" && r.typeName === "WafRule" ? { ...r, kind: undescribed } : r,
    );
    expect(() => buildSchema("0.0.0-test", without)).toThrow(
      'no description declared for field "sampleRate"',
    );
  });

  const schema = buildSchema("0.0.0-test", resources);

  test("is a field of the configuration type of the plugin's schema, described by the declaration", () => {
    const config = schema.types["edgeplatform:shield:WafRuleConfiguration"];
    expect(config.properties?.sampleRate).toEqual({ type: "integer", description: DESCRIPTION });
    // The other rule kind is untouched.
    const other = schema.types["edgeplatform:shield:RateLimitRuleConfiguration"];
    expect(other.properties?.sampleRate).toBeUndefined();
  });

  test("is in the Go, Python and C# SDKs generated from that schema", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "collection-field-flow-"));
    const file = path.join(tmp, "schema.json");
    fs.writeFileSync(file, JSON.stringify(schema, null, 2));
    const { dir } = await sdk.generate(file, () => {});
    try {
      const read = (rel: string) => fs.readFileSync(path.join(dir, rel), "utf8");
      const go = read("go/edgeplatform/shield/pulumiTypes.go");
      expect(go).toContain('SampleRate *int `pulumi:"sampleRate"`');
      expect(go).toContain('SampleRate pulumi.IntPtrInput `pulumi:"sampleRate"`');
      expect(go).toContain(`// ${DESCRIPTION}`);
      const py = read("python/pulumi_edgeplatform/shield/_inputs.py");
      expect(py).toContain("sample_rate: pulumi.Input[Optional[_builtins.int]] = None");
      expect(py).toContain(DESCRIPTION);
      expect(read("python/pulumi_edgeplatform/shield/outputs.py")).toContain(
        "def sample_rate(self)",
      );
      const cs = read("dotnet/Shield/Inputs/WafRuleConfigurationArgs.cs");
      expect(cs).toContain("public Input<int>? SampleRate");
      expect(cs).toContain(DESCRIPTION);
      expect(read("dotnet/Shield/Outputs/WafRuleConfiguration.cs")).toContain(
        "public readonly int? SampleRate;",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 180_000);
});
