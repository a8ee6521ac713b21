/**
 * An edge script's code from a Pulumi asset (`codeAsset`), against the in-process emulator:
 * through the public TypeScript API (a `StringAsset`, then a `FileAsset`: the inputs the engine
 * receives hold the code's hash and size, never the code or the asset; a changed asset is one
 * code write and one publish) and through the native plugin (the asset as the property
 * protocol carries it, what a Pulumi YAML program's `fn::stringAsset` / `fn::fileAsset` sends).
 * Assets it cannot read are refused naming `codeAsset` and the assets it takes.
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pathToFileURL } from "url";
import * as pulumi from "@pulumi/pulumi";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { edgeScriptProvider } from "../../packages/pulumi/src/resources/kinds/settings/edge-script";
import { EdgeScript } from "../../packages/pulumi/src/resources/public/edge-script";
import { quietProviderLogs, usePlatform, type EmulatorState } from "./helpers";
import { pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import { edgeScript as tableDeclaration } from "./lifecycle-table/edge-script";
import { newProgramRun, registeredInputs } from "./mocks";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const p: Any = edgeScriptProvider;
const t = usePlatform();
quietProviderLogs();

const V1 = "export default { fetch: () => new Response('asset-v1-3e9d') };\n";
const V2 = "export default { fetch: () => new Response('asset-v2-b7c1: é') };\n";
const sha = (s: string) => createHash("sha256").update(Buffer.from(s, "utf8")).digest("hex");
const size = (s: string) => Buffer.byteLength(s, "utf8");
/** An asset in the property protocol (what the engine sends the plugin). */
const asset = (fields: Record<string, string>) => ({
  "4dabf18193072939515e22adb298388d": "c44067f5952c0a294b673a41bacd8c17",
  ...fields,
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-script-asset-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
};

const scriptNamed = (s: EmulatorState, name: string): Any =>
  (s.scripts as Any[]).find((x) => x.name === name);
const liveCode = (x: Any) =>
  (x.releases as Any[]).find((r) => r.Id === x.currentReleaseId)?.Code ?? null;
const writes = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);

/** The inputs of a program run declaring the script `asset-script` with `codeAsset`. */
async function programInputs(codeAsset: pulumi.asset.Asset): Promise<Record<string, unknown>> {
  await newProgramRun();
  new EdgeScript("s", { name: "asset-script", scriptType: "CDN", codeAsset, publish: true });
  return registeredInputs("s");
}

describe("through the TypeScript resource", () => {
  test("a StringAsset creates the script with its code; a FileAsset of other code is one code write and one publish; the inputs and the state hold the hash and size only", async () => {
    const first = await programInputs(new pulumi.asset.StringAsset(V1));
    expect(first).toMatchObject({ codeHash: sha(V1), codeSize: size(V1), publish: true });
    expect(Object.keys(first)).not.toContain("codeAsset");
    expect(JSON.stringify(first)).not.toContain("asset-v1-3e9d");

    const checked = await p.check({}, first);
    expect(checked.failures ?? []).toEqual([]);
    const c = await p.create(checked.inputs);
    const made = scriptNamed(await t.state(), "asset-script");
    expect(made.code).toBe(V1);
    expect(liveCode(made)).toBe(V1);
    expect(c.outs).toMatchObject({ codeHash: sha(V1), codeSize: size(V1), liveCodeHash: sha(V1) });
    expect(JSON.stringify(c.outs)).not.toContain("asset-v1-3e9d");

    // The program now gives other code as a file: the inputs that change are the code's hash
    // and size (what `preview --diff` shows of a dynamic resource), from V1's to V2's.
    const second = await programInputs(new pulumi.asset.FileAsset(file("v2.js", V2)));
    const changed = Object.keys(second).filter(
      (k) => JSON.stringify(second[k]) !== JSON.stringify(first[k]),
    );
    expect(changed.sort()).toEqual(["codeHash", "codeSize"]);
    expect([first.codeSize, second.codeSize]).toEqual([size(V1), size(V2)]);
    expect(second.codeHash).toBe(sha(V2));
    resetRunState();
    const news = (await p.check(c.outs, second)).inputs;
    expect((await p.diff(c.id, c.outs, news)).changes).toBe(true);
    resetRunState();
    await t.clearJournal();
    const u = await p.update(c.id, c.outs, news);
    expect(await writes()).toEqual([
      `POST /compute/script/${made.id}/code`,
      `POST /compute/script/${made.id}/publish`,
    ]);
    const after = scriptNamed(await t.state(), "asset-script");
    expect([after.code, liveCode(after)]).toEqual([V2, V2]);
    expect(u.outs).toMatchObject({ codeHash: sha(V2), codeSize: size(V2) });
    expect(JSON.stringify(u.outs)).not.toContain("asset-v2-b7c1");

    // The same code as a RemoteAsset of a file:// URI: the same inputs, so no change.
    const remote = await programInputs(
      new pulumi.asset.RemoteAsset(pathToFileURL(file("v2-remote.js", V2)).href),
    );
    expect(remote).toMatchObject({ codeHash: sha(V2), codeSize: size(V2) });
    resetRunState();
    const same = (await p.check(u.outs, remote)).inputs;
    expect((await p.diff(c.id, u.outs, same)).changes).toBe(false);
    resetRunState();
    await p.delete(c.id, u.outs);
  });

  test("refused naming codeAsset: an archive, text, or an asset with code or codeFile", async () => {
    await newProgramRun();
    const archive = new pulumi.asset.AssetArchive({ "a.js": new pulumi.asset.StringAsset(V1) });
    expect(
      () => new EdgeScript("a", { name: "x", scriptType: "CDN", codeAsset: archive as never }),
    ).toThrow(/codeAsset.*must be a Pulumi asset: a StringAsset.*FileAsset.*file:\/\/.*an archive/);
    expect(
      () => new EdgeScript("b", { name: "x", scriptType: "CDN", codeAsset: V1 as never }),
    ).toThrow(/codeAsset.*must be a Pulumi asset.*got a string/);
    expect(
      () =>
        new EdgeScript("c", {
          name: "x",
          scriptType: "CDN",
          code: V1,
          codeAsset: new pulumi.asset.StringAsset(V1),
        }),
    ).toThrow(/give `code` or `codeAsset`, not both/);
  });
});

describe("through the native plugin", () => {
  let front: FrontEnd;
  beforeAll(() => void (front = pluginFrontEnd()));
  afterAll(async () => front.stop());
  const provider = async () => {
    await front.configure({
      "edgeplatform:apiKey": t.emu.apiKey,
      "edgeplatform:baseUrl": t.emu.url,
    });
    return front.provider(tableDeclaration);
  };

  test("the schema types codeAsset as a Pulumi asset, an input only", () => {
    const r = (buildSchema("0.0.0-test") as Any).resources["edgeplatform:compute:EdgeScript"];
    expect(r.inputProperties.codeAsset).toMatchObject({ $ref: "pulumi.json#/Asset" });
    expect(r.inputProperties.codeAsset.description).toMatch(/StringAsset/);
    expect(r.properties.codeAsset).toBeUndefined();
  });

  test("a text asset creates the script; a file asset of other code is one code write; the checked inputs hold the hash and size, never the asset", async () => {
    const plugin = await provider();
    const checked = await plugin.check(
      {},
      { name: "asset-script", scriptType: "CDN", codeAsset: asset({ text: V1 }) },
    );
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs).toMatchObject({ codeHash: sha(V1), codeSize: size(V1) });
    expect(Object.keys(checked.inputs!)).not.toContain("codeAsset");
    expect(JSON.stringify(checked.inputs)).not.toContain("asset-v1-3e9d");
    const c = await plugin.create(checked.inputs!);
    const made = scriptNamed(await t.state(), "asset-script");
    expect(made.code).toBe(V1);
    resetRunState();
    const news = await plugin.check(c.outs, {
      name: "asset-script",
      scriptType: "CDN",
      codeAsset: asset({ path: file("plugin-v2.js", V2) }),
    });
    expect(news.inputs).toMatchObject({ codeHash: sha(V2), codeSize: size(V2) });
    // The detailed diff (what `preview --diff` shows) names the code's hash and its size.
    const d = await plugin.diff(c.id, c.outs, news.inputs!);
    expect(d.changes).toBe(true);
    expect(d.detailedDiff).toEqual(["codeHash", "codeSize"]);
    resetRunState();
    await t.clearJournal();
    const u = await plugin.update(c.id, c.outs, news.inputs!);
    expect(await writes()).toEqual([`POST /compute/script/${made.id}/code`]);
    expect(scriptNamed(await t.state(), "asset-script").code).toBe(V2);
    expect(JSON.stringify(u.outs)).not.toContain("asset-v2-b7c1");
    // A file:// URI names the same file: the same hash.
    const remote = await plugin.check(c.outs, {
      name: "asset-script",
      scriptType: "CDN",
      codeAsset: asset({ uri: pathToFileURL(path.join(dir, "plugin-v2.js")).href }),
    });
    expect(remote.inputs).toMatchObject({ codeHash: sha(V2), codeSize: size(V2) });
    await plugin.delete(c.id, u.outs);
  });

  test("an asset it cannot read is one failure naming codeAsset and the assets it takes, before any request", async () => {
    const plugin = await provider();
    await t.clearJournal();
    const failure = async (codeAsset: unknown) => {
      const r = await plugin.check({}, { name: "x", scriptType: "CDN", codeAsset });
      expect(r.inputs).not.toHaveProperty("codeAsset");
      return ((r.failures ?? []) as { property: string; reason: string }[]).map(
        (f) => `${f.property}|${f.reason}`,
      );
    };
    const allowed = "a StringAsset (the code as text), a FileAsset (a path) or a RemoteAsset";
    const https = await failure(asset({ uri: "https://example.com/router.js" }));
    expect(https).toEqual([expect.stringContaining("|`codeAsset`: a RemoteAsset is read from")]);
    expect(https[0]).toContain(allowed);
    const archive = await failure({
      "4dabf18193072939515e22adb298388d": "0def7320c3a5731c473e5ecbe6d01bc7",
      assets: {},
    });
    expect(archive).toEqual([
      expect.stringContaining(`${allowed} of a file:// URI; got an archive`),
    ]);
    expect(await failure("plain text")).toEqual([
      expect.stringContaining("|`codeAsset`: must be a Pulumi asset"),
    ]);
    expect(await failure(asset({ path: path.join(dir, "missing.js") }))).toEqual([
      expect.stringMatching(/\|`codeAsset`: cannot read the FileAsset's file ".*missing\.js"/),
    ]);
    expect(await writes()).toEqual([]);
  });
});
