/**
 * `edgeplatform-import --registry ID` against the emulator's fixture registries (1 "Docker Hub
 * mirror", docker.io, user deploy-bot; 2 "GitHub Container Registry", ghcr.io, user ci): each an
 * adopting ImageRegistry (registryId, display name, user name) whose token is left out and
 * flagged "token not readable: supply it" in the program and on standard error. The program
 * is run (transpiled, with a stand-in for `pulumi-edgeplatform`) to check the inputs each
 * resource gets.
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import { EmulatorControl, startEmulator } from "../../packages/emulator/src";
import { main } from "../../packages/pulumi/src/import/cli";
import { registerSecret } from "../support/secrets";

interface Captured {
  name: string;
  args: Record<string, unknown>;
}

/** Runs the generated program with a stand-in package that records each registry. */
function evaluate(text: string): { resources: Captured[]; exports: Record<string, unknown> } {
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const resources: Captured[] = [];
  class ImageRegistry {
    registryId: unknown;
    constructor(name: string, args: Record<string, unknown>) {
      resources.push({ name, args });
      this.registryId = args.registryId;
    }
  }
  const module = { exports: {} as Record<string, unknown> };
  const req = (id: string) => {
    if (id === "pulumi-edgeplatform") return { containers: { ImageRegistry } };
    throw new Error(`unexpected require ${id}`);
  };
  new Function("require", "module", "exports", js)(req, module, module.exports);
  return { resources, exports: module.exports };
}

const API_KEY = `import-registry-${randomBytes(12).toString("hex")}`;
let emu: Awaited<ReturnType<typeof startEmulator>>;
let control: EmulatorControl;
let dir: string;
beforeAll(async () => {
  registerSecret(API_KEY);
  emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey: API_KEY });
  control = new EmulatorControl(emu.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-registry-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function importArgs(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    args,
    { EDGEPLATFORM_API_KEY: API_KEY, EDGEPLATFORM_BASE_URL: emu.url },
    { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  );
  return { code, stdout, stderr };
}

describe("edgeplatform-import --registry", () => {
  test("registries 1 and 2: adopting ImageRegistries without a token, each flagged; reads only", async () => {
    await control.clearJournal();
    const r = await importArgs(["--registry", "2", "--registry", "1", "--registry", "1"]);
    expect(r.code).toBe(0);
    const { resources, exports } = evaluate(r.stdout);
    expect(resources).toEqual([
      {
        name: "docker-hub-mirror",
        args: { registryId: 1, displayName: "Docker Hub mirror", userName: "deploy-bot" },
      },
      {
        name: "git-hub-container-registry",
        args: { registryId: 2, displayName: "GitHub Container Registry", userName: "ci" },
      },
    ]);
    expect(exports.registryIds).toEqual([1, 2]);
    // The flag, in the program (beside the left-out token) and on standard error.
    expect(r.stdout).toContain(
      "// container registry 1 (Docker Hub mirror, docker.io): token not readable: supply it",
    );
    expect(r.stdout).toMatch(
      /\/\/ token: config\.requireSecret\("dockerHubMirrorToken"\), \/\/ token not readable: supply it/,
    );
    expect(r.stderr).toContain(
      "note: Docker Hub mirror (registry 1): token not readable: supply it",
    );
    expect(r.stderr).toContain(
      "note: GitHub Container Registry (registry 2): token not readable: supply it",
    );
    expect(r.stderr).toContain("edgeplatform-import: wrote 2 container registries (");
    // Neither the key nor the password hints (dck…x9z of registry 1) are written.
    for (const text of [r.stdout, r.stderr]) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toMatch(/\bdck\b|\bx9z\b|PasswordSymbols/);
    }
    const journal = await control.journal();
    expect(journal.filter((j) => j.method !== "GET")).toEqual([]);
    expect(journal.map((j) => j.path).sort()).toEqual(["/mc/registries/1", "/mc/registries/2"]);
  });

  test("--out writes the program; an unknown registry writes nothing and names it", async () => {
    const out = path.join(dir, "registries.ts");
    const ok = await importArgs(["--registry", "1", "--out", out]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe("");
    expect(ok.stderr).toContain(`wrote 1 container registry (`);
    expect(evaluate(fs.readFileSync(out, "utf8")).resources.map((x) => x.args.registryId)).toEqual([
      1,
    ]);

    const other = path.join(dir, "missing.ts");
    const missing = await importArgs(["--registry", "1", "--registry", "99", "--out", other]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nothing written: 1 container registry could not be read/);
    expect(missing.stderr).toContain("container registry 99");
    expect(fs.existsSync(other)).toBe(false);
  });

  test.each([
    [["--registry", "abc"], /--registry: "abc" is not a container registry id/],
    [["--registry", "0"], /--registry: "0" is not a container registry id/],
    [
      ["--registry", "1", "--script", "1"],
      /--registry: writes container registries: it does not go with/,
    ],
    [["--registry", "1", "--dns-zone", "1"], /--registry: .*does not go with/],
  ])("bad command line %p: exit 2, named", async (args, message) => {
    const r = await importArgs(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
