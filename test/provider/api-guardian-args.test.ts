/**
 * `ApiGuardian`'s document given through Outputs (the TypeScript resource): the engine receives
 * the document's sha256 as `specHash`, never the text; an Output that resolves to nothing gives
 * no document, as a plain `undefined` does (it failed inside the SDK's `apply` before). The
 * resources are built by their public class under `pulumi.runtime.setMocks` (the inputs the
 * engine would receive).
 */
import * as pulumi from "@pulumi/pulumi";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ApiGuardian } from "../../packages/pulumi/src/resources/public/api-guardian";
import { newProgramRun, registeredInputs } from "./mocks";

beforeAll(() => newProgramRun());

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const DOC = JSON.stringify({ openapi: "3.0.0", info: { title: "args-shop", version: "1" } });

test("a `spec` Output's document reaches the engine as its sha256 only", async () => {
  new ApiGuardian("fromOutput", { shieldZoneId: 4, enabled: true, spec: pulumi.output(DOC) });
  const inputs = await registeredInputs("fromOutput");
  expect(inputs.specHash).toBe(sha256(DOC));
  expect(JSON.stringify(inputs)).not.toContain("args-shop");
});

test("a `specFile` Output's file reaches the engine as its sha256", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-args-"));
  try {
    const file = path.join(dir, "openapi.json");
    fs.writeFileSync(file, DOC);
    new ApiGuardian("fileOutput", {
      shieldZoneId: 4,
      enabled: true,
      specFile: pulumi.output(file),
    });
    expect((await registeredInputs("fileOutput")).specHash).toBe(sha256(DOC));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** What a program's optional setting is: an Output that may hold nothing. */
const nothing = (): pulumi.Output<string | undefined> => pulumi.output(undefined);

test.each([
  ["spec", { spec: nothing() }],
  ["specFile", { specFile: nothing() }],
])("a `%s` Output that resolves to nothing gives no document", async (field, doc) => {
  const name = `none-${field}`;
  new ApiGuardian(name, { shieldZoneId: 4, enabled: true, ...doc });
  const inputs = await registeredInputs(name);
  expect(inputs.specHash).toBeUndefined();
  expect(inputs.enabled).toBe(true);
});

test("an Output counts as given: with the other field too, both are refused naming `spec`", () => {
  expect(
    () => new ApiGuardian("both", { shieldZoneId: 4, spec: nothing(), specFile: "openapi.json" }),
  ).toThrow(/"spec".*give `spec` or `specFile`, not both/);
});
