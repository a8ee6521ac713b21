/**
 * One mechanism for a secret setting: a field declared `secret: true` (here ResponsePage's
 * `html`, in a declaration extended by the test) is
 *
 * - a secret output of the generated public types (`<KIND>_SECRET_OUTPUTS`, with `prior`,
 *   which holds the value before Pulumi), which the settings resource base hands the engine as
 *   `additionalSecretOutputs` (so the state holds it encrypted);
 * - `secret: true` in the plugin's schema, and so an additional secret output of the Go,
 *   Python and C# SDKs' resource;
 * - never printed by the engine: its log lines show `[secret]` in place of the value.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as spec from "edgeplatform-client/spec";
import { EmulatorControl, startEmulator, type RunningEmulator } from "../../packages/emulator/src";
import { PLUGIN_RESOURCES, type PluginResource } from "../../packages/pulumi/src/plugin/resources";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { settingsProvider } from "../../packages/pulumi/src/resources/core/zone-settings/engine";
import { responsePageKind } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { ZoneSettingsResource } from "../../packages/pulumi/src/resources/public/zone-settings-resource";
import { registerSecret } from "../support/secrets";
import { stackConfig } from "./helpers";
import { newProgramRun } from "./mocks";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const { renderKindTypes } = require("../../scripts/lib/kind-types") as {
  renderKindTypes(kind: unknown, enums: unknown, o: { format: boolean }): Promise<string>;
};
const sdk = require("../../scripts/sdk") as {
  generate(schema: string, log: (s: string) => void): Promise<{ dir: string }>;
};

/** ResponsePage's declaration with `html` declared secret (the one edit). */
const secretPage = {
  ...responsePageKind,
  fields: responsePageKind.fields.map((f) => ({ ...f, secret: true as const })),
};

/** The secret outputs the generated module of `secretPage` lists. */
async function generatedSecrets(): Promise<string[]> {
  const text = await renderKindTypes(secretPage, spec, { format: false });
  const m = /RESPONSE_PAGE_SECRET_OUTPUTS: readonly string\[\] = (\[[^\]]*\])/.exec(text);
  if (!m) throw new Error("the generated module lists no secret outputs");
  return JSON.parse(m[1]) as string[];
}

test("the generated public types list html and prior as secret outputs", async () => {
  expect(await generatedSecrets()).toEqual(["html", "prior"]);
});

test("the settings resource base hands the engine the secret outputs (additionalSecretOutputs)", async () => {
  const secrets = await generatedSecrets();
  /** A ResponsePage whose kind is the one generated from `secretPage`. */
  class SecretPage extends ZoneSettingsResource<Record<string, unknown>> {
    constructor(name: string, args: Record<string, unknown>, opts: pulumi.CustomResourceOptions) {
      const kind = {
        stub: "response-page" as const,
        type: "ResponsePage",
        noun: "the custom response page",
        outputs: ["html", "pageType"],
        secretOutputs: secrets,
        key: "pageType",
      };
      super(kind, name, args, opts);
    }
  }
  await newProgramRun();
  const seen: Record<string, unknown> = {};
  // A transformation sees the options the resource registers with.
  const inputs: Record<string, pulumi.Inputs> = {};
  const record: pulumi.ResourceTransformation = (a) => {
    seen[a.name] = (a.opts as pulumi.CustomResourceOptions).additionalSecretOutputs;
    inputs[a.name] = a.props;
    return undefined;
  };
  new SecretPage(
    "page",
    { shieldZoneId: 3, pageType: "block", html: "<p>x</p>" },
    { transformations: [record] },
  );
  expect(seen.page).toEqual(["html", "prior"]);
  // The secret setting is a secret input too (the state's inputs hold it encrypted); the
  // others stay plain.
  expect(pulumi.Output.isInstance(inputs.page.html)).toBe(true);
  expect(await pulumi.isSecret(inputs.page.html as pulumi.Output<unknown>)).toBe(true);
  expect(inputs.page.pageType).toBe("block");
});

const resources: PluginResource[] = PLUGIN_RESOURCES.map((r) =>
  r.family === "settings" && r.typeName === "ResponsePage" ? { ...r, kind: secretPage } : r,
);
const schema = buildSchema("0.0.0-test", resources);

test("the plugin's schema marks html secret, input and output", () => {
  const r = schema.resources["edgeplatform:shield:ResponsePage"];
  expect(r.inputProperties.html.secret).toBe(true);
  expect(r.properties.html.secret).toBe(true);
  expect(r.inputProperties.pageType.secret).toBeUndefined();
  // The schema of the package as built declares no secret setting.
  const real = buildSchema("0.0.0-test").resources["edgeplatform:shield:ResponsePage"];
  expect(real.properties.html.secret).toBeUndefined();
});

test("the Go, Python and C# SDKs make html an additional secret output", async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "secret-setting-"));
  const file = path.join(tmp, "schema.json");
  fs.writeFileSync(file, JSON.stringify(schema, null, 2));
  const { dir } = await sdk.generate(file, () => {});
  try {
    const read = (rel: string) => fs.readFileSync(path.join(dir, rel), "utf8");
    expect(read("go/edgeplatform/shield/responsePage.go")).toMatch(
      /pulumi\.AdditionalSecretOutputs\(\[\]string\{\s*"html",\s*\}\)/,
    );
    expect(read("python/pulumi_edgeplatform/shield/response_page.py")).toContain(
      'additional_secret_outputs=["html"]',
    );
    expect(read("dotnet/Shield/ResponsePage.cs")).toMatch(
      /AdditionalSecretOutputs =\s*\{\s*"html",\s*\}/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}, 180_000);

describe("the engine never prints a secret setting", () => {
  const THEIRS = "<p>theirs-7f3a9c</p>";
  const OURS = "<p>ours-5e1b2d</p>";
  registerSecret(THEIRS);
  registerSecret(OURS);
  const provider = settingsProvider(secretPage) as Any;
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  const logs: string[] = [];
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    ctl = new EmulatorControl(emu.url);
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
    );
    const realWrite = process.stderr.write.bind(process.stderr);
    jest.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
      const text = String(chunk);
      if (!text.startsWith("edgeplatform: ")) return realWrite(chunk as string, ...rest);
      logs.push(text.trim());
      return true;
    }) as typeof process.stderr.write);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    resetSettings();
    await emu.close();
  });

  test("create over a page the zone had: the log says [secret] for the value before Pulumi", async () => {
    await ctl.reset();
    resetRunState();
    const s = (await ctl.state()) as Any;
    const zone = s.shieldZones.find((z: Any) => z.id === 3);
    zone.customPages = { ...zone.customPages, block: THEIRS };
    await ctl.setState(s);
    const news = { shieldZoneId: 3, pageType: "block", html: OURS };
    const checked = provider.checkSync({}, news);
    expect(checked.failures ?? []).toEqual([]);
    const c = await provider.create(checked.inputs);
    // The state the engine encrypts holds the values (the engine, told they are secret).
    expect(c.outs.html).toBe(OURS);
    expect(c.outs.prior).toEqual({ html: THEIRS });
    const printed = logs.join("\n");
    expect(printed).toContain("configuration before Pulumi: html = [secret]");
    expect(printed).not.toContain("theirs-7f3a9c");
    expect(printed).not.toContain("ours-5e1b2d");
  });

  test("a failed write: the error names the values before Pulumi with [secret]", async () => {
    await ctl.reset();
    resetRunState();
    await ctl.updateState((s: Any) => {
      const zone = s.shieldZones.find((z: Any) => z.id === 3);
      zone.customPages = { ...zone.customPages, block: THEIRS };
    });
    await ctl.fault({ method: "PUT", path: "custom-page", status: 500, count: -1 });
    try {
      const news = { shieldZoneId: 3, pageType: "block", html: OURS };
      const error = await provider.create(provider.checkSync({}, news).inputs).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(Error);
      const text = `${error!.message}\n${require("util").inspect(error)}`;
      expect(text).toContain("[secret]");
      expect(text).not.toContain("theirs-7f3a9c");
      expect(text).not.toContain("ours-5e1b2d");
    } finally {
      await ctl.clearFaults();
    }
  });
});
