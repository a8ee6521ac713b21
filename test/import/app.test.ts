/**
 * `edgeplatform-import --app ID` against the emulator's fixture application app-1 ("shop",
 * runtime shared, autoscaling 1–3, regions DE/NY/SG/UK with DE required and at most 3; volumes
 * cache-data 10 GB and db-data 20 GB; container `web` from acme/shop-web:1.4.2 of registry 1,
 * pull policy ifNotPresent, LOG_LEVEL=info and DB_PASSWORD=fixture-db-secret, a CDN endpoint
 * "public" through pull zone 1 (SSL, 8080 → 80 tcp), db-data mounted at /var/lib/data; container
 * `worker` from acme/shop-worker:1.4.2). The program is run (transpiled, with stand-ins for
 * `pulumi-edgeplatform` and `@pulumi/pulumi`) to check the inputs each resource gets; those
 * inputs, the secret supplied, are then given to the kind's provider: its adopt makes no write.
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import { EmulatorControl, startEmulator } from "../../packages/emulator/src";
import type { McApp } from "../../packages/emulator/src/state-containers";
import { main } from "../../packages/pulumi/src/import/cli";
import { looksSecret } from "../../packages/pulumi/src/import/app";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { containerAppProvider } from "../../packages/pulumi/src/resources/kinds/settings/container-app";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { registerSecret } from "../support/secrets";
import { stackConfig } from "../provider/helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

// The provider's log lines (its adopt's record of the values before Pulumi) are not printed.
const realWrite = process.stderr.write.bind(process.stderr);
jest
  .spyOn(process.stderr, "write")
  .mockImplementation(((chunk: unknown, ...rest: never[]) =>
    String(chunk).startsWith("edgeplatform: ")
      ? true
      : realWrite(chunk as string, ...rest)) as typeof process.stderr.write);

interface Captured {
  type: string;
  name: string;
  args: Record<string, unknown>;
}

/** A stack config secret as the stand-in `pulumi.Config` answers it: the key it was read from. */
const secretOf = (configKey: string) => ({ configSecret: configKey });

/**
 * Runs the generated program with stand-in packages: each resource recorded; an
 * ImageRegistry's `id` output is its id as a string (as the kind's resource id is).
 */
function evaluate(text: string): { resources: Captured[]; exports: Record<string, unknown> } {
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const resources: Captured[] = [];
  const output = <T>(v: T) => ({ apply: <U>(f: (x: T) => U) => f(v), value: v });
  class ContainerApp {
    appId: unknown;
    constructor(name: string, args: Record<string, unknown>) {
      resources.push({ type: "ContainerApp", name, args });
      this.appId = args.appId;
    }
  }
  class ImageRegistry {
    registryId: unknown;
    id: unknown;
    constructor(name: string, args: Record<string, unknown>) {
      resources.push({ type: "ImageRegistry", name, args });
      this.registryId = args.registryId;
      this.id = output(String(args.registryId));
    }
  }
  class Config {
    requireSecret(k: string) {
      return secretOf(k);
    }
  }
  const all = (xs: { value: unknown }[]) => output(xs.map((x) => x.value));
  const module = { exports: {} as Record<string, unknown> };
  const req = (id: string) => {
    if (id === "pulumi-edgeplatform") return { containers: { ContainerApp, ImageRegistry } };
    if (id === "@pulumi/pulumi") return { Config, all };
    throw new Error(`unexpected require ${id}`);
  };
  new Function("require", "module", "exports", js)(req, module, module.exports);
  return { resources, exports: module.exports };
}

const image = (name: string, registryId: string = "1") => ({
  registryId,
  namespace: "acme",
  name,
  tag: "1.4.2",
});

/** app-1 as the program must adopt it (from the fixture), the registry id given. */
const shop = (registryId: string = "1") => ({
  appId: "app-1",
  runtimeType: "shared",
  autoScaling: { min: 1, max: 3 },
  regions: { allowed: ["DE", "NY", "SG", "UK"], required: ["DE"], maxAllowed: 3 },
  containers: [
    {
      name: "web",
      image: image("shop-web", registryId),
      imagePullPolicy: "ifNotPresent",
      environment: { LOG_LEVEL: "info" },
      endpoints: [
        {
          displayName: "public",
          cdn: {
            isSslEnabled: true,
            pullZoneId: 1,
            portMappings: [{ containerPort: 8080, exposedPort: 80, protocols: ["tcp"] }],
          },
        },
      ],
      volumeMounts: [{ name: "db-data", mountPath: "/var/lib/data" }],
    },
    { name: "worker", image: image("shop-worker", registryId), imagePullPolicy: "ifNotPresent" },
  ],
  volumes: [
    { name: "cache-data", size: 10 },
    { name: "db-data", size: 20 },
  ],
  secretEnvironment: { web: { DB_PASSWORD: secretOf("shopWebDbPassword") } },
});

const FIXTURE_SECRET = "fixture-db-secret";
const API_KEY = `import-app-${randomBytes(12).toString("hex")}`;
let emu: Awaited<ReturnType<typeof startEmulator>>;
let control: EmulatorControl;
let dir: string;
beforeAll(async () => {
  registerSecret(API_KEY);
  emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey: API_KEY });
  control = new EmulatorControl(emu.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-app-"));
});
afterAll(async () => {
  resetSettings();
  clearClientCache();
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

describe("edgeplatform-import --app", () => {
  test("app-1: an adopting ContainerApp with everything it holds; DB_PASSWORD a flagged stack-config secret, its value nowhere; reads only", async () => {
    await control.clearJournal();
    const r = await importArgs(["--app", "app-1", "--app", "app-1"]);
    expect(r.code).toBe(0);
    const { resources, exports } = evaluate(r.stdout);
    expect(resources).toEqual([{ type: "ContainerApp", name: "shop", args: shop() }]);
    expect(exports.appIds).toEqual(["app-1"]);
    // The flag, in the program (beside the secret) and on standard error, naming the key.
    expect(r.stdout).toContain(
      "      // value not readable as a secret: supply it: pulumi config set --secret shopWebDbPassword\n" +
        '      DB_PASSWORD: config.requireSecret("shopWebDbPassword"),',
    );
    expect(r.stdout).toContain("PASSWORD, SECRET, TOKEN or KEY");
    expect(r.stderr).toContain(
      "note: shop (app app-1), container web: DB_PASSWORD: value not readable as a secret: supply it (`pulumi config set --secret shopWebDbPassword`",
    );
    expect(r.stderr).toContain("edgeplatform-import: wrote 1 container application (");
    for (const text of [r.stdout, r.stderr]) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(FIXTURE_SECRET);
    }
    const journal = await control.journal();
    expect(journal.filter((j) => j.method !== "GET")).toEqual([]);
  });

  test("the program's inputs, the secret supplied with the platform's value: the kind's adopt writes nothing; another value is one PATCH of web", async () => {
    const r = await importArgs(["--app", "app-1"]);
    const [app] = evaluate(r.stdout).resources;
    const supplied = (value: string) =>
      JSON.parse(
        JSON.stringify(app.args).replace(
          JSON.stringify(secretOf("shopWebDbPassword")),
          `"${value}"`,
        ),
      ) as Record<string, unknown>;
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": API_KEY, "edgeplatform:baseUrl": emu.url }) as Any,
    );
    const p: Any = containerAppProvider;
    const adopt = async (inputs: Record<string, unknown>) => {
      await control.reset();
      await control.clearJournal();
      resetRunState();
      const checked = await p.check({}, inputs);
      expect(checked.failures ?? []).toEqual([]);
      const made = await p.create(checked.inputs);
      expect(made.outs.origin).toBe("adopted");
      return (await control.journal())
        .filter((j) => j.method !== "GET")
        .map((j) => `${j.method} ${j.path}`);
    };
    expect(await adopt(supplied(FIXTURE_SECRET))).toEqual([]);
    expect(await adopt(supplied("another-value"))).toEqual([
      "PATCH /mc/apps/app-1/containers/ct-web",
    ]);
  });

  test("with --registry: both written; the images of registry 1 name it by the ImageRegistry's id output", async () => {
    const r = await importArgs(["--registry", "1", "--app", "app-1"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "containers: dockerHubMirror.id.apply((dockerHubMirrorId): Containers => [",
    );
    const { resources, exports } = evaluate(r.stdout);
    expect(resources).toEqual([
      {
        type: "ImageRegistry",
        name: "docker-hub-mirror",
        args: { registryId: 1, displayName: "Docker Hub mirror", userName: "deploy-bot" },
      },
      { type: "ContainerApp", name: "shop", args: shop("1") },
    ]);
    expect(exports).toEqual({ appIds: ["app-1"], registryIds: [1] });
    expect(r.stderr).toContain("note: Docker Hub mirror (registry 1): token not readable");
    expect(r.stderr).toContain("wrote 1 container application and 1 container registry (");
  });

  test("containers from two registries adopted with them: their ids joined with pulumi.all, each image naming its own", async () => {
    await control.updateState((st) => {
      const app = st.apps.find((a) => a.id === "app-1") as McApp;
      app.containerTemplates!.find((c) => c.name === "worker")!.imageRegistryId = "2";
    });
    try {
      const r = await importArgs(["--app", "app-1", "--registry", "2", "--registry", "1"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(
        "containers: pulumi.all([dockerHubMirror.id, gitHubContainerRegistry.id]).apply(",
      );
      const { resources } = evaluate(r.stdout);
      expect(resources.map((x) => x.name)).toEqual([
        "docker-hub-mirror",
        "git-hub-container-registry",
        "shop",
      ]);
      const containers = resources[2].args.containers as { name: string; image: unknown }[];
      expect(containers.map((c) => [c.name, c.image])).toEqual([
        ["web", image("shop-web", "1")],
        ["worker", image("shop-worker", "2")],
      ]);
    } finally {
      await control.reset();
    }
  });

  test("--out writes the program; an unknown application writes nothing and names it", async () => {
    const out = path.join(dir, "app.ts");
    const ok = await importArgs(["--app", "app-1", "--out", out]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe("");
    expect(evaluate(fs.readFileSync(out, "utf8")).resources.map((x) => x.args.appId)).toEqual([
      "app-1",
    ]);
    const other = path.join(dir, "missing.ts");
    const missing = await importArgs(["--app", "app-1", "--app", "app-99", "--out", other]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nothing written: 1 object could not be read/);
    expect(missing.stderr).toContain("container application app-99");
    expect(fs.existsSync(other)).toBe(false);
  });

  test.each([
    [["--app", "a b"], /--app: "a b" is not a container application id \(allowed: letters/],
    [["--app", "app-1", "--script", "1"], /--app: writes container applications .*--script/],
    [["--app", "app-1", "--pull-zone", "1"], /--app: .*does not go with/],
  ])("bad command line %p: exit 2, named", async (args, message) => {
    const r = await importArgs(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  test.each([
    ["DB_PASSWORD", true],
    ["api_key", true],
    ["GITHUB_TOKEN", true],
    ["ClientSecret", true],
    ["LOG_LEVEL", false],
    ["DATABASE_URL", false],
  ])("the secret rule: %s looks secret: %p", (name, secret) => {
    expect(looksSecret(name)).toBe(secret);
  });
});
