/**
 * ApiGuardian's OpenAPI document through the native plugin (issue 29): a program of any
 * language gives `spec` (the text) or `specFile` (a path, relative to the working directory)
 * as a TypeScript program gives them to `edge.shield.ApiGuardian`. The plugin's `Check`
 * stores the document for the provider and answers the engine's input, its sha256
 * (`specHash`): the inputs the engine keeps in the state never hold the text or the file's
 * name. Bad arguments are one failure naming the argument, before any request. The platform
 * receives the same writes as from the TypeScript resource's provider.
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, EmulatorControl } from "../../packages/emulator/src";
import type { RunningEmulator, JournalEntry } from "../../packages/emulator/src";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { resetSettings } from "../../packages/pulumi/src/resources/core/settings";
import { storeDocument } from "../../packages/pulumi/src/resources/public/api-guardian-documents";
import { dynamicFrontEnd, pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import { apiGuardian } from "./lifecycle-table/settings";
import type { Any } from "./lifecycle-table/kind";

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const document = (title: string) =>
  `{"openapi":"3.0.0","info":{"title":"${title}","version":"1"},"paths":{"/x":{}}}`;

let emu: RunningEmulator;
let ctl: EmulatorControl;
const plugin = pluginFrontEnd();
const dynamic = dynamicFrontEnd(() => apiGuardian.provider);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-guardian-"));

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  ctl = new EmulatorControl(emu.url);
  await plugin.start();
});
afterAll(async () => {
  await plugin.stop();
  resetSettings();
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await ctl.reset();
  await ctl.clearJournal();
  resetRunState();
});

const configure = (front: FrontEnd) =>
  front.configure({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url });
const writes = async () =>
  (await ctl.journal())
    .filter((e: JournalEntry) => e.method !== "GET")
    .map((e) => ({ method: e.method, path: e.path, body: e.body }));
const guardianOf = async (zone: number) =>
  (await ctl.state()).shieldZones.find((z) => z.id === zone)!.apiGuardian as Any;

describe("Check through the plugin", () => {
  const check = async (news: Any) => {
    await configure(plugin);
    return plugin.provider(apiGuardian).check({}, news);
  };

  test("`spec`: the inputs hold its sha256, never the text; the document is stored for the provider", async () => {
    const doc = document("spec-text");
    const res = await check({ shieldZoneId: 3, enabled: true, spec: doc });
    expect(res.failures ?? []).toEqual([]);
    expect(res.inputs).toMatchObject({ shieldZoneId: 3, enabled: true, specHash: sha256(doc) });
    expect(Object.keys(res.inputs!)).not.toContain("spec");
    expect(JSON.stringify(res.inputs)).not.toContain("spec-text");
  });

  test("`specFile`: relative to the working directory, the same hash as the same text", async () => {
    const doc = document("from-a-file");
    fs.writeFileSync(path.join(dir, "openapi.json"), doc);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const res = await check({ shieldZoneId: 3, specFile: "openapi.json" });
      expect(res.failures ?? []).toEqual([]);
      expect(res.inputs!.specHash).toBe(sha256(doc));
      expect(JSON.stringify(res.inputs)).not.toMatch(/openapi\.json|from-a-file/);
    } finally {
      process.chdir(cwd);
    }
  });

  test("an unknown document (a preview) is an unknown hash", async () => {
    const res = await check({ shieldZoneId: 3, spec: UNKNOWN });
    expect(res.failures ?? []).toEqual([]);
    expect(res.inputs!.specHash).toBe(UNKNOWN);
  });

  test.each([
    // A failure about `spec` is the resource's: the engine prints a failed property's value,
    // and the document may be a secret.
    [
      "both",
      { spec: document("a-secret-title"), specFile: "openapi.json" },
      { property: "", reason: "`spec`: give `spec` or `specFile`, not both" },
    ],
    [
      "an empty `spec`",
      { spec: "" },
      { property: "", reason: "`spec`: is empty: the platform takes a non-empty OpenAPI document" },
    ],
    [
      "an empty file",
      { specFile: path.join(dir, "empty.json") },
      {
        property: "specFile",
        reason: `"${path.join(dir, "empty.json")}" (${path.join(dir, "empty.json")}) is empty: the platform takes a non-empty OpenAPI document`,
      },
    ],
    [
      "a file that cannot be read",
      { specFile: path.join(dir, "missing.json") },
      {
        property: "specFile",
        reason: expect.stringContaining(`cannot read "${path.join(dir, "missing.json")}"`),
      },
    ],
    [
      "`spec` not text",
      { spec: 42 },
      { property: "", reason: "`spec`: must be a string; got a number" },
    ],
    [
      "`enforceAuthorizationValidation` with no document",
      { enabled: true, enforceAuthorizationValidation: true },
      {
        property: "enforceAuthorizationValidation",
        reason: "applies to the OpenAPI document: give `spec` or `specFile` too",
      },
    ],
  ])("%s: one failure naming the argument, no request", async (_name, args, failure) => {
    fs.writeFileSync(path.join(dir, "empty.json"), "");
    const res = await check({ shieldZoneId: 3, ...args });
    expect(res.failures).toEqual([failure]);
    // Neither the answer nor the inputs repeat the document.
    expect(JSON.stringify(res)).not.toMatch(/a-secret-title|42/);
    expect(await ctl.journal()).toEqual([]);
  });

  test("a `specHash` among the inputs (`ignoreChanges: [specHash]`) is kept; the document is not read", async () => {
    const kept = sha256(document("in-the-state"));
    const res = await check({
      shieldZoneId: 3,
      specHash: kept,
      specFile: path.join(dir, "not-there.json"),
    });
    expect(res.failures ?? []).toEqual([]);
    expect(res.inputs).toEqual(expect.objectContaining({ specHash: kept }));
    expect(Object.keys(res.inputs!)).not.toContain("specFile");
  });
});

test("create and update with `spec` through the plugin: the document uploaded, the writes of the TypeScript resource", async () => {
  const first = document("first-title");
  const second = document("second-title");
  const run = async (front: FrontEnd, give: (doc: string) => Any) => {
    await ctl.reset();
    await ctl.clearJournal();
    resetRunState();
    await configure(front);
    const p = front.provider(apiGuardian);
    const c1 = await p.check({}, { shieldZoneId: 3, enabled: true, ...give(first) });
    const created = await p.create(c1.inputs!);
    expect((await guardianOf(3)).spec?.content).toBe(first);
    const c2 = await p.check(c1.inputs, { shieldZoneId: 3, enabled: true, ...give(second) });
    expect((await p.diff(created.id, created.outs!, c2.inputs!)).changes).toBe(true);
    const updated = await p.update(created.id, created.outs!, c2.inputs!);
    expect((await guardianOf(3)).spec?.content).toBe(second);
    expect(JSON.stringify([c1, c2, created, updated])).not.toMatch(/first-title|second-title/);
    return writes();
  };
  // The plugin takes the text; the TypeScript resource's provider the hash of the document
  // its program stored (public/api-guardian.ts).
  const fromPlugin = await run(plugin, (doc) => ({ spec: doc }));
  const fromDynamic = await run(dynamic, (doc) => ({ specHash: storeDocument(doc) }));
  expect(fromPlugin.map((w) => `${w.method} ${w.path}`)).toEqual([
    "PATCH /shield/shield-zone/3/api-guardian",
    "POST /shield/shield-zone/3/api-guardian/spec",
    "PATCH /shield/shield-zone/3/api-guardian/spec",
  ]);
  expect(fromPlugin).toEqual(fromDynamic);
});

test("an update that no longer gives the document leaves it on the platform and says so", async () => {
  const doc = document("kept-title");
  await configure(plugin);
  const p = plugin.provider(apiGuardian);
  const c1 = await p.check({}, { shieldZoneId: 3, enabled: true, spec: doc });
  const created = await p.create(c1.inputs!);
  const c2 = await p.check(c1.inputs, { shieldZoneId: 3, enabled: true });
  expect(c2.inputs!.specHash).toBeUndefined();
  expect((await p.diff(created.id, created.outs!, c2.inputs!)).changes).toBe(true);
  await ctl.clearJournal();
  const lines: string[] = [];
  const write = jest.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await p.update(created.id, created.outs!, c2.inputs!);
  } finally {
    write.mockRestore();
  }
  expect(lines.join("")).toContain(
    `edgeplatform: ApiGuardian (shield zone 3): update: the OpenAPI document Pulumi uploaded (sha256 ${sha256(doc)}) stays`,
  );
  expect(await writes()).toEqual([]);
  expect((await guardianOf(3)).spec?.content).toBe(doc);
});

test("an empty document read at run time (the TypeScript resource's Output) is refused at check, before any write", async () => {
  await configure(dynamic);
  const res = await apiGuardian.provider.check({}, { shieldZoneId: 3, specHash: sha256("") });
  expect(res.failures).toEqual([
    {
      property: "specHash",
      reason:
        "the OpenAPI document (`spec` or `specFile`) is empty: the platform takes a non-empty one",
    },
  ]);
  expect(await writes()).toEqual([]);
});
