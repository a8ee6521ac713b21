/**
 * `edgeplatform-import --app` as users run it: the built bin (`node
 * packages/pulumi/dist/import/cli.js`) in a child process against an emulator on 127.0.0.1
 * (free port, random API key; fixture app-1 "shop", whose `web` container has DB_PASSWORD).
 * Checks exit codes, standard output and error, that the key and the secret value never show,
 * that `--out` is written only on success, and that the programs (alone, and with `--registry`)
 * type-check with `tsc --strict` against the package's built types.
 */
import { execFileSync, spawn } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ensureBuilt } from "../support/build";
import { EmulatorControl, startEmulator } from "../../packages/emulator/src";
import type { McApp } from "../../packages/emulator/src/state-containers";
import { registerSecret } from "../support/secrets";

const root = path.resolve(__dirname, "../..");
const bin = path.join(root, "packages/pulumi/dist/import/cli.js");
/** DB_PASSWORD of app-1's `web` container in the fixtures. */
const FIXTURE_SECRET = "fixture-db-secret";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let emu: Awaited<ReturnType<typeof startEmulator>>;
let apiKey: string;
let dir: string;

/** Runs the bin with the emulator's settings in the environment. */
function run(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH, EDGEPLATFORM_API_KEY: apiKey, EDGEPLATFORM_BASE_URL: emu.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const nothingSecret = (r: Run) => {
  for (const text of [r.stdout, r.stderr]) {
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(FIXTURE_SECRET);
  }
};

beforeAll(async () => {
  ensureBuilt(bin, ["client", "pulumi"]);
  apiKey = `imp-app-${randomBytes(12).toString("hex")}`;
  registerSecret(apiKey);
  emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-import-app-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("edgeplatform-import --app (bin, child process)", () => {
  test("--app app-1 --out: exit 0, the program written, the secret flagged with its config key on standard error", async () => {
    const out = path.join(dir, "shop.ts");
    const r = await run(["--app", "app-1", "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toEqual([
      "note: shop (app app-1), container web: DB_PASSWORD: value not readable as a secret: supply it (`pulumi config set --secret shopWebDbPassword`; until then the program does not run; supplied with the value the platform holds, the first up makes no write)",
      expect.stringMatching(
        /^edgeplatform-import: wrote 1 container application \(\d+ bytes\) to .*shop\.ts$/,
      ),
    ]);
    nothingSecret(r);
    const program = fs.readFileSync(out, "utf8");
    expect(program).toContain('const shop = new edge.containers.ContainerApp("shop", {');
    expect(program).toContain('DB_PASSWORD: config.requireSecret("shopWebDbPassword"),');
    expect(program).toContain('environment: { LOG_LEVEL: "info" },');
    expect(program).not.toContain(FIXTURE_SECRET);
  }, 60_000);

  test("an unknown application: exit 1, named, --out not written", async () => {
    const out = path.join(dir, "none.ts");
    const r = await run(["--app", "app-404", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^edgeplatform-import: nothing written: 1 object could not be read:\n {2}container application app-404: not found/,
    );
    expect(fs.existsSync(out)).toBe(false);
    nothingSecret(r);
  }, 60_000);

  test("bad command lines: exit 2, the flag named, nothing called", async () => {
    for (const [args, message] of [
      [
        ["--app", "x/y"],
        /--app: "x\/y" is not a container application id \(allowed: letters, digits, - and _/,
      ],
      [["--app"], /--app needs a value/],
      [["--app", "app-1", "--dns-zone", "1"], /--app: writes container applications/],
    ] as const) {
      const r = await run([...args]);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe("");
    }
  }, 60_000);

  test("the programs (--app; --app with --registry) type-check with tsc --strict against the package's types", async () => {
    const check = path.join(dir, "typecheck");
    fs.mkdirSync(check, { recursive: true });
    const alone = await run(["--app", "app-1", "--app", "app-2"]);
    expect(alone.code).toBe(0);
    fs.writeFileSync(path.join(check, "app.ts"), alone.stdout);
    const both = await run(["--app", "app-1", "--registry", "1", "--registry", "2"]);
    expect(both.code).toBe(0);
    expect(both.stdout).toContain(
      "containers: dockerHubMirror.id.apply((dockerHubMirrorId): Containers => [",
    );
    fs.writeFileSync(path.join(check, "both.ts"), both.stdout);
    // The worker's image from registry 2: the two registries' ids joined with pulumi.all.
    const control = new EmulatorControl(emu.url);
    await control.updateState((st) => {
      const app = st.apps.find((a) => a.id === "app-1") as McApp;
      app.containerTemplates!.find((c) => c.name === "worker")!.imageRegistryId = "2";
    });
    const two = await run(["--app", "app-1", "--registry", "1", "--registry", "2"]);
    await control.reset();
    expect(two.code).toBe(0);
    expect(two.stdout).toContain("pulumi.all([dockerHubMirror.id, gitHubContainerRegistry.id])");
    fs.writeFileSync(path.join(check, "two.ts"), two.stdout);
    fs.writeFileSync(
      path.join(check, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "commonjs",
          moduleResolution: "node",
          esModuleInterop: true,
          skipLibCheck: true,
          typeRoots: [path.join(root, "node_modules/@types")],
          types: ["node"],
          baseUrl: ".",
          paths: {
            "pulumi-edgeplatform": [path.join(root, "packages/pulumi/dist/index.d.ts")],
            "@pulumi/pulumi": [path.join(root, "node_modules/@pulumi/pulumi")],
          },
        },
        files: ["app.ts", "both.ts", "two.ts"],
      }),
    );
    let output = "";
    try {
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", check], {
        cwd: check,
        stdio: "pipe",
      });
    } catch (e) {
      output = String((e as { stdout?: Buffer }).stdout ?? e);
    }
    expect(output.split("\n").filter((l) => /error TS\d+/.test(l))).toEqual([]);
  }, 120_000);
});
