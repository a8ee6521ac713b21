/**
 * The settings kinds' declarations are whole: every field (and every group, extra argument
 * and output) carries a description, the one text the public types, the plugin's schema, the
 * SDKs and the docs take; a declaration without one is refused naming the kind and the field.
 */
import * as fs from "fs";
import * as path from "path";
import { PLUGIN_RESOURCES } from "../../packages/pulumi/src/plugin/resources";
import {
  declarationProblems,
  field,
} from "../../packages/pulumi/src/resources/core/zone-settings/kind";

const SETTINGS_KINDS = PLUGIN_RESOURCES.flatMap((r) => (r.family === "settings" ? [r.kind] : []));

/** The settings kinds of the list of kinds (packages/pulumi/src/resources/kinds/kind-list.json). */
const LISTED = (
  JSON.parse(
    fs.readFileSync(
      path.join(__dirname, "../../packages/pulumi/src/resources/kinds/kind-list.json"),
      "utf8",
    ),
  ) as { kinds: { type: string; settings?: unknown }[] }
).kinds.flatMap((k) => (k.settings ? [k.type] : []));

test("every settings kind of the list of kinds is a settings resource of the plugin", () => {
  expect(LISTED.length).toBeGreaterThanOrEqual(13);
  expect(SETTINGS_KINDS.map((k) => k.type).sort()).toEqual([...LISTED].sort());
});

test.each(SETTINGS_KINDS.map((k) => [k.type, k] as const))(
  "%s: every field has a description",
  (_type, kind) => {
    expect(declarationProblems(kind)).toEqual([]);
  },
);

test("a field without a description is named with its kind", () => {
  const kind = {
    type: "UploadScanning",
    fields: [
      field("enabled", { type: "boolean" }, "Whether uploads are scanned."),
      field("antivirusScanningMode", { type: "string" }, " "),
    ],
    docs: { argsDoc: "Settings.", groups: { scanners: { description: "" } } },
  };
  expect(declarationProblems(kind)).toEqual([
    "UploadScanning: field antivirusScanningMode has no description",
    "UploadScanning: group scanners has no description",
  ]);
});
