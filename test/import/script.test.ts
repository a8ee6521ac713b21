/**
 * The edge-script part of the `edgeplatform-import` generator (`--script`): each script an
 * adopting EdgeScript whose code is a file beside the program (`codeFile`), each variable an
 * adopting ScriptVariable, each secret an adopting ScriptSecret with no value, flagged. The program is also run
 * (transpiled, with a stand-in for `pulumi-edgeplatform`) to check the inputs each resource gets.
 */
import { createHash } from "crypto";
import * as path from "path";
import * as ts from "typescript";
import type { EdgeScript } from "../../packages/client/src";
import { generateScriptProgram, type ScriptImport } from "../../packages/pulumi/src/import/script";

interface Captured {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

const DIR = "/programs/adopted";

/** Runs the generated program with a stand-in package that records each resource. */
function evaluate(text: string): { resources: Captured[]; exports: Record<string, unknown> } {
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const resources: Captured[] = [];
  const fake = (kind: string) =>
    class {
      scriptId: unknown;
      variableId: unknown;
      constructor(name: string, args: Record<string, unknown>) {
        resources.push({ kind, name, args });
        this.scriptId = `script:${String(args.scriptId)}`;
        this.variableId = args.variableId;
      }
    };
  const edge = {
    compute: {
      EdgeScript: fake("EdgeScript"),
      ScriptVariable: fake("ScriptVariable"),
      ScriptSecret: fake("ScriptSecret"),
    },
  };
  const module = { exports: {} as Record<string, unknown> };
  const req = (id: string) => {
    if (id === "pulumi-edgeplatform") return edge;
    if (id === "path") return path;
    throw new Error(`unexpected require ${id}`);
  };
  new Function("require", "module", "exports", "__dirname", js)(req, module, module.exports, DIR);
  return { resources, exports: module.exports };
}

const CODE = "export default { fetch: () => new Response('v2') };\n";
const DEPLOYMENT_KEY = "deployment-key-never-written";
/** sha256 (hex) of a code, computed here (not by the code under test). */
const sha = (s: string) => createHash("sha256").update(Buffer.from(s, "utf8")).digest("hex");

/** A script as the platform answers it (the fields the import reads). */
function script(over: Partial<EdgeScript>): EdgeScript {
  return {
    Id: 1,
    Name: "edge-router",
    LastModified: "2026-01-01T00:00:00Z",
    ScriptType: 1,
    CurrentReleaseId: 12,
    EdgeScriptVariables: [],
    Deleted: false,
    LinkedPullZones: [],
    DefaultHostname: null,
    SystemHostname: null,
    DeploymentKey: DEPLOYMENT_KEY,
    MonthlyCost: 0,
    MonthlyRequestCount: 0,
    MonthlyCpuTime: 0,
    ...over,
  };
}

const router: ScriptImport = {
  script: script({
    EdgeScriptVariables: [
      { Id: 22, Name: "LOG_LEVEL", Required: false, DefaultValue: "info" },
      { Id: 21, Name: "ORIGIN", Required: true, DefaultValue: "https://origin.example" },
      { Id: 24, Name: "EMPTY", Required: false, DefaultValue: null },
    ],
  }),
  code: CODE,
  secrets: [{ Id: 31, Name: "API_TOKEN", LastModified: "2026-01-01T00:00:00Z" }],
  liveCodeHash: sha(CODE),
};

describe("edgeplatform-import generator: edge scripts (--script)", () => {
  test("the script adopted with its name, type and code file; its variables adopted by id", () => {
    const p = generateScriptProgram({ source: "http://127.0.0.1:4010", scripts: [router] });
    expect(p.files).toEqual([{ name: "edge-router.js", text: CODE, scriptId: 1 }]);
    const { resources, exports } = evaluate(p.text);
    expect(resources).toEqual([
      {
        kind: "EdgeScript",
        name: "edge-router",
        args: {
          scriptId: 1,
          name: "edge-router",
          scriptType: "CDN",
          codeFile: path.join(DIR, "edge-router.js"),
          publish: true, // its live release runs the saved code
        },
      },
      {
        kind: "ScriptVariable",
        name: "edge-router-origin",
        args: {
          scriptId: "script:1",
          variableId: 21,
          name: "ORIGIN",
          defaultValue: "https://origin.example",
          required: true,
        },
      },
      {
        kind: "ScriptVariable",
        name: "edge-router-log-level",
        args: {
          scriptId: "script:1",
          variableId: 22,
          name: "LOG_LEVEL",
          defaultValue: "info",
          required: false,
        },
      },
      {
        kind: "ScriptVariable",
        name: "edge-router-empty",
        args: {
          scriptId: "script:1",
          variableId: 24,
          name: "EMPTY",
          defaultValue: null,
          required: false,
        },
      },
      {
        kind: "ScriptSecret",
        name: "edge-router-api-token",
        args: { scriptId: "script:1", secretId: 31, name: "API_TOKEN" },
      },
    ]);
    expect(exports).toEqual({ edgeScriptIds: ["script:1"], scriptVariableIds: [21, 22, 24] });
    expect(p.text).not.toContain(DEPLOYMENT_KEY);
    expect(p.text).not.toContain("new Response"); // the code is in its file, not the program
  });

  test("the secrets: adopted by id with no value (nothing written for them), each flagged", () => {
    const p = generateScriptProgram({ source: "http://127.0.0.1:4010", scripts: [router] });
    expect(p.text).toContain(
      "// secret API_TOKEN of edge script 1: value not readable: supply it\n" +
        'const edgeRouterApiToken = new edge.compute.ScriptSecret("edge-router-api-token", {\n',
    );
    expect(p.text).not.toMatch(/ScriptSecret\([^)]*value:/);
    expect(p.secrets).toEqual(["edge-router/API_TOKEN"]);
    expect(p.text).toContain(
      "//   edge script 1 (edge-router): 3 variables, 1 secret, live release 12",
    );
  });

  test("types by name; a script without a name or a release; the same script twice is once", () => {
    const resizer: ScriptImport = {
      script: script({ Id: 2, Name: null, ScriptType: 2, CurrentReleaseId: 0 }),
      code: "",
      secrets: [],
    };
    const dns: ScriptImport = {
      script: script({ Id: 3, Name: "geo answer", ScriptType: 0 }),
      code: "x",
      secrets: [],
      liveCodeHash: sha("older code"),
    };
    const p = generateScriptProgram({ source: "http://h", scripts: [dns, resizer, dns] });
    const { resources } = evaluate(p.text);
    expect(resources.map((r) => [r.name, r.args.scriptType, r.args.name])).toEqual([
      ["script-2", "Middleware", undefined],
      ["geo-answer", "DNS", "geo answer"],
    ]);
    expect(p.files.map((f) => f.name)).toEqual(["script-2.js", "geo-answer.js"]);
    expect(p.text).toContain("its live release 12 runs other code (pinned by its sha256)");
    // The other code's release stays live: pinned by that code's sha256, never published over.
    expect(resources[1].args).toMatchObject({ liveCodeHash: sha("older code") });
    expect(resources[1].args.publish).toBeUndefined();
    expect(resources[0].args.publish).toBeUndefined(); // nothing live: not managed
    expect(resources[0].args.liveCodeHash).toBeUndefined();
    expect(p.text).toContain("//   edge script 2: 0 variables, 0 secrets, nothing published");
  });

  test("an unknown script type stays the number, with a warning", () => {
    const odd: ScriptImport = { script: script({ ScriptType: 7 as never }), code: "", secrets: [] };
    const p = generateScriptProgram({ source: "http://h", scripts: [odd] });
    expect(p.text).toContain("scriptType: 7 /* unknown scriptType value");
    expect(p.warnings).toEqual([expect.stringMatching(/^scriptType 7 is not a value/)]);
  });
});
