/**
 * The serialized providers (`__provider` in state): serialized exactly as SDK 3.248 does it
 * (`serializeFunction(() => provider, { allowSecrets: true })`, see dynamic/index.js), small,
 * free of secrets and implementation code, stable, and working after a round trip.
 * Note: run without coverage instrumentation (it would inject counters into the stubs).
 */
import { execFileSync } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import Module from "module";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import {
  apiGuardianStub,
  botDetectionStub,
  managedAccessListStub,
  responsePageStub,
  shieldZoneStub,
  uploadScanningStub,
  rateLimitRuleStub,
  volumeInstancesDeletionStub,
  zoneDnssecStub,
} from "../../packages/pulumi/src/resources/core/loader";
import { __providers } from "../../packages/pulumi/src/resources/kinds/providers.generated";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { resetSettings } from "../../packages/pulumi/src/resources/core/settings";
import { stackConfig, startPlatform, TestPlatform } from "./helpers";

const ROOT = path.resolve(__dirname, "../..");

/** Exactly the SDK's serializeFunctionMaybeSecret (the lambda's variable is named `provider`). */
async function serializeLikeSdk(provider: pulumi.dynamic.ResourceProvider): Promise<string> {
  const sf = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  expect(sf.containsSecrets).toBe(false);
  return sf.text;
}

/**
 * Golden sizes and hashes. If one of these changes, every stack using the resource will show a
 * `~__provider` diff after upgrading: change loader.ts only on purpose.
 */
const GOLDEN: Record<string, { size: number; sha: string }> = {
  rateLimitRule: { size: 2159, sha: "4334e955a08ab787" },
  zoneDnssec: { size: 2138, sha: "cebb2a0f21bbe2c8" },
  volumeInstancesDeletion: { size: 2229, sha: "05bc3c81d28ba9ba" },
  managedAccessList: { size: 2187, sha: "600e255d33d842b6" },
  shieldZone: { size: 2138, sha: "b4f0c2644ce1dcdd" },
  botDetection: { size: 2152, sha: "ab61385b03e6c9a7" },
  uploadScanning: { size: 2166, sha: "50048053c0337a4b" },
  apiGuardian: { size: 2145, sha: "34666c07eb7d27c7" },
  responsePage: { size: 2152, sha: "fa29869002577ed1" },
};

const stubs = {
  rateLimitRule: rateLimitRuleStub,
  zoneDnssec: zoneDnssecStub,
  volumeInstancesDeletion: volumeInstancesDeletionStub,
  managedAccessList: managedAccessListStub,
  shieldZone: shieldZoneStub,
  botDetection: botDetectionStub,
  uploadScanning: uploadScanningStub,
  apiGuardian: apiGuardianStub,
  responsePage: responsePageStub,
} as const;

/** Evaluates serialized text as the host does, with `require` rooted at the repo. */
function evaluate(text: string, requireOverride?: Record<string, unknown>) {
  const filename = path.join(ROOT, "test/provider/__serialized_provider__.js");
  const m = new Module(filename) as Module & { _compile(code: string, file: string): void };
  m.filename = filename;
  m.paths = (Module as unknown as { _nodeModulePaths(d: string): string[] })._nodeModulePaths(
    path.dirname(filename),
  );
  if (requireOverride) {
    const orig = m.require.bind(m);
    m.require = ((id: string) =>
      id in requireOverride ? requireOverride[id] : orig(id)) as NodeJS.Require;
  }
  m._compile(text, filename);
  return (m.exports as { handler(): pulumi.dynamic.ResourceProvider }).handler();
}

describe.each(Object.entries(stubs))("%s", (name, stub) => {
  let text: string;
  beforeAll(async () => {
    text = await serializeLikeSdk(stub);
  });

  test("small and stable (golden size and hash), printed", () => {
    const size = Buffer.byteLength(text);
    const sha = crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);
    console.log(`serialized provider ${name}: ${size} bytes (sha256 ${sha})`);
    expect({ size, sha }).toEqual(GOLDEN[name]);
  });

  test("holds no API key and no implementation code; captures nothing", () => {
    expect(text).not.toMatch(/emulator-local-key|apiKey|AccessKey|EDGEPLATFORM_/);
    for (const impl of [
      "getClient",
      "planRateLimitRule",
      "validate",
      "axios",
      "normalizeRule",
      "fetch",
    ]) {
      expect(text).not.toContain(impl);
    }
    // Every function's environment is empty apart from the SDK's own `provider` capture.
    const envs = [...text.matchAll(/with\(\{ (.*) \}\)/g)].map((m) => m[1]);
    expect(envs.length).toBeGreaterThan(0);
    for (const env of envs) {
      expect(env.replace("provider: __provider, ", "")).toBe(
        "this: undefined, arguments: undefined",
      );
    }
    const requires = [...text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(new Set(requires)).toEqual(new Set(["pulumi-edgeplatform"]));
    for (const m of ["configure", "check", "diff", "create", "read", "update", "delete"]) {
      expect(text).toContain(`require("pulumi-edgeplatform").__providers.${name}.${m}(`);
    }
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2560);
  });

  test("identical regardless of implementation details and settings", async () => {
    // Changing everything the implementation and the settings consist of does not change it.
    process.env.EDGEPLATFORM_API_KEY = "secret-key-that-must-not-leak";
    const impl = __providers[name as keyof typeof __providers] as unknown as Record<
      string,
      unknown
    >;
    const saved = impl.create;
    impl.create = async () => ({ id: "patched" });
    try {
      expect(await serializeLikeSdk(stub)).toBe(text);
      expect(await serializeLikeSdk({ ...stub })).toBe(text);
    } finally {
      impl.create = saved;
      delete process.env.EDGEPLATFORM_API_KEY;
    }
  });

  test("has all seven methods, each forwarding to the implementation loaded by name", async () => {
    const provider = evaluate(text, {
      "pulumi-edgeplatform": { __providers },
    }) as unknown as Record<string, unknown>;
    expect(Object.keys(provider).sort()).toEqual(
      ["check", "configure", "create", "delete", "diff", "read", "update"].sort(),
    );
    for (const m of Object.keys(provider)) expect(typeof provider[m]).toBe("function");
  });

  test("finding 3: a package that cannot be loaded fails EVERY call loudly, never a no-op", async () => {
    const broken = new Error("Cannot find module 'pulumi-edgeplatform'");
    const provider = evaluate(text, {
      get "pulumi-edgeplatform"(): unknown {
        throw broken;
      },
    }) as unknown as Record<string, (...a: unknown[]) => unknown>;
    // The host caches the object even when configure fails; every later call must fail too.
    for (const m of ["configure", "check", "diff", "create", "read", "update", "delete"]) {
      expect(() => provider[m]({}, {}, {})).toThrow(broken);
    }
  });
});

describe("round trip against the emulator", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startPlatform();
    resetSettings(); // the deserialized provider must get its settings from configure()
  });
  afterAll(async () => t.close());

  test("deserialized RateLimitRule provider: configure, check, create, read, delete", async () => {
    const provider = evaluate(await serializeLikeSdk(rateLimitRuleStub), {
      "pulumi-edgeplatform": { __providers },
    });
    await provider.configure!({
      config: stackConfig({
        "edgeplatform:apiKey": t.emu.apiKey,
        "edgeplatform:baseUrl": t.emu.url,
      }).config,
    });
    const checked = await provider.check!(
      {},
      {
        shieldZoneId: 2,
        ruleName: "rt",
        ruleConfiguration: {
          actionType: "Log",
          variableTypes: { REQUEST_URI: "/rt" },
          operatorType: "BEGINSWITH",
          requestCount: 3,
          timeframe: 60,
          blockTime: 300,
        },
      },
    );
    expect(checked.failures).toEqual([]);
    const created = await provider.create(checked.inputs);
    expect(created.outs).toMatchObject({
      ruleId: 1000,
      shieldZoneId: 2,
      ruleConfiguration: { actionType: "Log" },
    });
    const read = await provider.read!(created.id, created.outs);
    expect(read.id).toBe(created.id);
    resetRunState(); // destroy is a run of its own
    await provider.delete!(created.id, created.outs);
    expect((await t.state()).rateLimitRules.map((r) => r.id)).toEqual([101, 102]);
  });

  test("deserialized ZoneDnssec and VolumeInstancesDeletion providers: create", async () => {
    const config = stackConfig({
      "edgeplatform:apiKey": t.emu.apiKey,
      "edgeplatform:baseUrl": t.emu.url,
    });
    const z = evaluate(await serializeLikeSdk(zoneDnssecStub), {
      "pulumi-edgeplatform": { __providers },
    });
    await z.configure!(config);
    expect((await z.create({ zoneId: 1, enabled: true })).outs).toMatchObject({ enabled: true });
    const v = evaluate(await serializeLikeSdk(volumeInstancesDeletionStub), {
      "pulumi-edgeplatform": { __providers },
    });
    await v.configure!(config);
    expect((await v.create({ appId: "app-1", volumeId: "vol-detached" })).outs).toMatchObject({
      deletedInstanceIds: expect.any(Array),
    });
  });

  // The real resolution path: Node's package self-reference from a file inside the repo
  // resolves "pulumi-edgeplatform" to dist/ (needs `npm run build` and the lead's index.ts
  // exporting `__providers`).
  const built = (() => {
    try {
      const main = path.join(ROOT, "packages/pulumi/dist/index.js");
      return fs.existsSync(main) && "__providers" in require(main);
    } catch {
      return false;
    }
  })();
  (built ? test : test.skip)(
    "with the built package resolved by name (dist/)",
    async () => {
      const provider = evaluate(await serializeLikeSdk(zoneDnssecStub));
      await provider.configure!(
        stackConfig({ "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url }),
      );
      const r = await provider.create({ zoneId: 2, enabled: false });
      expect(r.outs).toMatchObject({ zoneId: 2, enabled: false });
      // Loads the built bundle (about 300 KB) the first time: seconds under a loaded machine.
    },
    60_000,
  );
  if (!built)
    console.log(
      "closure round trip through dist/ skipped: packages/pulumi/dist/index.js has no __providers yet",
    );
});

describe("serializedProvider: installed → by name, linked or from sources → by value", () => {
  test("from the sources (as in this repo) the resource hands over a copy, serialized by value", async () => {
    const { serializedProvider, requiredByName } =
      await import("../../packages/pulumi/src/resources/core/serialized-provider");
    const p = serializedProvider("rate-limit-rule");
    expect(p).not.toBe(rateLimitRuleStub);
    expect(
      requiredByName(
        require.resolve("../../packages/pulumi/src/resources/stubs/rate-limit-rule"),
        "rate-limit-rule",
      ),
    ).toBe(false);
    const sha = crypto
      .createHash("sha256")
      .update(await serializeLikeSdk(p))
      .digest("hex");
    expect(sha.slice(0, 16)).toBe(GOLDEN.rateLimitRule.sha);
  });

  test("a path under two node_modules or a dot-directory store is never required by name", async () => {
    const { requiredByName } =
      await import("../../packages/pulumi/src/resources/core/serialized-provider");
    const f = (p: string) => p.split("/").join(path.sep);
    expect(
      requiredByName(
        f("/p/node_modules/a/node_modules/pulumi-edgeplatform/dist/resources/stubs/zone-dnssec.js"),
        "zone-dnssec",
      ),
    ).toBe(false);
    expect(
      requiredByName(f("/p/node_modules/.pnpm/pulumi-edgeplatform@0.1.0/dist/x.js"), "zone-dnssec"),
    ).toBe(false);
  });
});

describe("serializedProvider: linked, the package resolved by name from the working directory (dist/)", () => {
  const dist = path.join(ROOT, "packages/pulumi/dist/resources/core/serialized-provider.js");
  const built = fs.existsSync(dist);

  /** Serializes like the SDK in a plain Node process whose working directory is the repo. */
  function serializeInNode(kind: string): { text: string; same: boolean } {
    const script = `
      const pulumi = require("@pulumi/pulumi");
      const { serializedProvider } = require(${JSON.stringify(dist)});
      const provider = serializedProvider(${JSON.stringify(kind)});
      pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true }).then((sf) =>
        process.stdout.write(JSON.stringify({ text: sf.text, same: serializedProvider(${JSON.stringify(kind)}) === provider })));`;
    const out = execFileSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" });
    return JSON.parse(out) as { text: string; same: boolean };
  }

  (built ? test : test.skip)(
    "the workspace link (as a linked project) stores a require by name, one object per process",
    () => {
      for (const kind of [
        "rate-limit-rule",
        "zone-dnssec",
        "shield-zone",
        "bot-detection",
        "upload-scanning",
        "api-guardian",
        "response-page",
      ]) {
        const { text, same } = serializeInNode(kind);
        expect(same).toBe(true);
        expect(text).toContain(`const provider = require("pulumi-edgeplatform/stubs/${kind}");`);
        expect(Buffer.byteLength(text)).toBeLessThan(400);
      }
    },
  );

  (built ? test : test.skip)(
    "the stored require loads a working, seven-method provider from the project",
    async () => {
      const provider = evaluate(serializeInNode("zone-dnssec").text) as unknown as Record<
        string,
        unknown
      >;
      expect(Object.keys(provider).sort()).toEqual(
        ["check", "configure", "create", "delete", "diff", "read", "update"].sort(),
      );
      const failures = await (provider.check as (a: unknown, b: unknown) => Promise<unknown>)(
        {},
        { zoneId: 1, enabled: "yes" },
      );
      expect(failures).toMatchObject({ failures: [expect.objectContaining({})] });
    },
  );

  test("no alias where the working directory does not resolve the package to this copy", async () => {
    const { aliasKey } =
      await import("../../packages/pulumi/src/resources/core/serialized-provider");
    const file = require.resolve("../../packages/pulumi/src/resources/stubs/rate-limit-rule");
    expect(aliasKey(file, "rate-limit-rule", os.tmpdir())).toBeUndefined();
    expect(aliasKey(file, "rate-limit-rule", ROOT)).toBeUndefined(); // resolves to dist/, not src/
  });

  test("a stub module whose implementation cannot be loaded fails EVERY call loudly", () => {
    const broken = new Error("Cannot find module '../host'");
    jest.isolateModules(() => {
      jest.doMock("../../packages/pulumi/src/resources/host", () => {
        throw broken;
      });
      const stub = require("../../packages/pulumi/src/resources/stubs/rate-limit-rule") as Record<
        string,
        (...a: unknown[]) => unknown
      >;
      for (const m of ["configure", "check", "diff", "create", "read", "update", "delete"])
        expect(() => stub[m]({}, {}, {})).toThrow(broken);
    });
  });
});
