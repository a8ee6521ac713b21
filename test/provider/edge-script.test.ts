/**
 * `edge.compute.EdgeScript` against the in-process emulator: what is particular to the kind (the
 * lifecycle table covers the rules every kind shares). Fixture script 1 (`edge-router`,
 * standalone) saves the code of its live release 12 (`…0012`; release 11 runs older code);
 * script 2 (`image-resizer`, middleware) has no code and no release. The code and release rules
 * run under every behaviour profile, and under `scriptCodeSave: "publish"` (a platform where
 * saving the code also publishes it).
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { EmulatorControl, PROFILES as EMULATOR_PROFILES } from "../../packages/emulator/src";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { edgeScriptProvider } from "../../packages/pulumi/src/resources/kinds/settings/edge-script";
import {
  codeInputs,
  storedCode,
  storeCode,
} from "../../packages/pulumi/src/resources/public/edge-script-code";
import { EdgeScript } from "../../packages/pulumi/src/resources/public/edge-script";
import { usePlatform, type EmulatorState } from "./helpers";
import { edgeScript as tableDeclaration } from "./lifecycle-table/edge-script";
import { newProgramRun } from "./mocks";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The provider as the engine drives it (its state in the kind's stored form). */
const p: Any = edgeScriptProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

// The provider's log lines are kept, not printed.
const logged: string[] = [];
const realWrite = process.stderr.write.bind(process.stderr);
jest.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
  if (String(chunk).startsWith("edgeplatform: ")) {
    logged.push(String(chunk));
    return true;
  }
  return realWrite(chunk as string, ...rest);
}) as typeof process.stderr.write);

beforeEach(async () => {
  logged.length = 0;
  await ctl().setProfile("default");
  await ctl().clearFaults();
  await t.clearJournal();
});

/** The fixture script 1's saved code (the code of its live release 12). */
const ROUTER_V2 = "export default { fetch: () => new Response('v2') };\n";
const V3 = "export default { fetch: () => new Response('v3: é') };\n";
const V4 = "export default { fetch: () => new Response('v4') };\n";
/** sha256 of a code and its size in bytes, computed here (not by the code under test). */
const sha = (s: string) => createHash("sha256").update(Buffer.from(s, "utf8")).digest("hex");

const scriptOf = (s: EmulatorState, id: number): Any =>
  (s.scripts as Any[]).find((x) => x.id === id);
const byName = (s: EmulatorState, name: string): Any =>
  (s.scripts as Any[]).find((x) => x.name === name);
/** The live release's code of a script in the emulator's state. */
const liveCode = (x: Any) =>
  (x.releases as Any[]).find((r) => r.Id === x.currentReleaseId)?.Code ?? null;
const writes = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);
const bodyOf = async (method: string, path: string): Promise<Any> =>
  (await t.journal()).find((e) => e.method === method && e.path === path)?.body;
/**
 * The state to compare: the id counters left out (an id once used is not given again), and a
 * script's dates of its last writes (the platform's record of when, not what it holds).
 */
const canonical = (s: EmulatorState) => {
  const c = JSON.parse(JSON.stringify(s));
  delete c.nextIds;
  for (const x of c.scripts) {
    delete x.lastModified;
    delete x.codeModified;
    for (const r of x.releases) delete r.DatePublished;
  }
  return c;
};

async function checked(news: Record<string, unknown>) {
  const r = await p.check({}, news);
  expect((r.failures ?? []) as unknown[]).toEqual([]);
  return r.inputs as Record<string, unknown>;
}
async function rejection(x: Promise<unknown>): Promise<Any> {
  try {
    await x;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}
const failuresOf = async (news: Record<string, unknown>) =>
  (((await p.check({}, news)).failures ?? []) as Any[]).map((f) => `${f.property}: ${f.reason}`);

describe("check", () => {
  test("name and scriptType to create, scriptId to adopt; publish needs code; create-only and adopt-only inputs", async () => {
    expect(await failuresOf({ ...storeCode(V3) })).toEqual([
      "name: is required to create an edge script (or give `scriptId` to adopt one)",
      'scriptType: is required to create an edge script: "CDN", "Middleware" or "DNS"',
    ]);
    expect(await failuresOf({ scriptId: 1, publish: true })).toEqual([
      "publish: publishes the code: give `code`, `codeFile` or `codeAsset` too",
    ]);
    expect(await failuresOf({ scriptId: 1, linkedPullZone: true })).toEqual([
      "linkedPullZone: applies to a script Pulumi creates (`name`), not with `scriptId`",
    ]);
    expect(await failuresOf({ name: "s", scriptType: "CDN", deleteOnDestroy: true })).toEqual([
      "deleteOnDestroy: applies to an adopted script (`scriptId`): destroy always deletes a created one",
    ]);
    const e = (await failuresOf({ scriptId: 1, scriptType: "Worker" })).join("\n");
    expect(e).toMatch(/^scriptType: /);
    for (const allowed of ["DNS", "CDN", "Middleware"]) expect(e).toContain(allowed);
    // An integer is stored by its name.
    expect((await checked({ scriptId: 1, scriptType: 2 })).scriptType).toBe("Middleware");
  });
});

/** The profiles the code and release rules run under. */
const PROFILES: [string, Any][] = [
  ...Object.keys(EMULATOR_PROFILES).map((n): [string, Any] => [n, n]),
  ["scriptCodeSave publish", { scriptCodeSave: "publish" }],
];

describe.each(PROFILES)("under the profile %s", (_name, profile) => {
  beforeEach(async () => void (await ctl().setProfile(profile)));
  /** Whether saving the code publishes it (the profile's `scriptCodeSave`). */
  const savePublishes = () => profile?.scriptCodeSave === "publish";

  test("create with code and publish: one POST of the script, one publish; hash, size, live release and key as outputs", async () => {
    const before = await t.state();
    const r = await p.create(
      await checked({ name: "new-router", scriptType: "CDN", ...storeCode(V3), publish: true }),
    );
    const after = await t.state();
    const x = byName(after, "new-router");
    expect(r.id).toBe(String(x.id));
    expect(await writes()).toEqual([
      "POST /compute/script",
      // Saving the code at creation published it already on such a platform.
      ...(savePublishes() ? [] : [`POST /compute/script/${x.id}/publish`]),
    ]);
    expect(await bodyOf("POST", "/compute/script")).toEqual({
      Name: "new-router",
      ScriptType: 1,
      Code: V3,
    });
    expect(x.code).toBe(V3);
    expect(liveCode(x)).toBe(V3);
    expect(r.outs).toMatchObject({
      scriptId: x.id,
      origin: "created",
      name: "new-router",
      scriptType: "CDN",
      codeHash: sha(V3),
      codeSize: Buffer.byteLength(V3, "utf8"),
      liveCodeHash: sha(V3),
      liveReleaseId: x.currentReleaseId,
      liveReleaseUuid: x.releases[0].Uuid,
      deploymentKey: x.deploymentKey,
      publish: true,
    });
    // The state holds the code's hash, never the code.
    expect(JSON.stringify(r.outs)).not.toContain("v3: é");
    // Nothing else on the account changed.
    const rest = canonical(after);
    rest.scripts = rest.scripts.filter((s: Any) => s.id !== x.id);
    expect(rest).toEqual(canonical(before));
  });

  test("a code change: exactly one code write, and one publish only when the program asks", async () => {
    const c = await p.create(await checked({ name: "coded", scriptType: "CDN", ...storeCode(V3) }));
    const id = Number(c.id);
    resetRunState();
    await t.clearJournal();
    // Without publish: the code is saved, the live release is not Pulumi's business.
    const news = await checked({ name: "coded", scriptType: "CDN", ...storeCode(V4) });
    expect((await p.diff(c.id, c.outs, news)).changes).toBe(true);
    const u = await p.update(c.id, c.outs, news);
    expect(await writes()).toEqual([`POST /compute/script/${id}/code`]);
    expect(await bodyOf("POST", `/compute/script/${id}/code`)).toEqual({ Code: V4 });
    expect(scriptOf(await t.state(), id).code).toBe(V4);
    expect(u.outs).toMatchObject({ codeHash: sha(V4), codeSize: Buffer.byteLength(V4) });
    // Then with publish: the saved code is published once (the code write is not repeated).
    resetRunState();
    await t.clearJournal();
    const pub = await checked({
      name: "coded",
      scriptType: "CDN",
      ...storeCode(V4),
      publish: true,
    });
    const u2 = await p.update(c.id, u.outs, pub);
    const x = scriptOf(await t.state(), id);
    expect(liveCode(x)).toBe(V4);
    expect(await writes()).toEqual(
      // On a platform that published on save, the live release runs the saved code already.
      savePublishes() ? [] : [`POST /compute/script/${id}/publish`],
    );
    expect(u2.outs).toMatchObject({ liveCodeHash: sha(V4), liveReleaseId: x.currentReleaseId });
    // A code change with publish: one code write, one publish at most.
    resetRunState();
    await t.clearJournal();
    const pub3 = await checked({
      name: "coded",
      scriptType: "CDN",
      ...storeCode(V3),
      publish: true,
    });
    await p.update(c.id, u2.outs, pub3);
    expect(await writes()).toEqual([
      `POST /compute/script/${id}/code`,
      ...(savePublishes() ? [] : [`POST /compute/script/${id}/publish`]),
    ]);
    expect(liveCode(scriptOf(await t.state(), id))).toBe(V3);
  });

  test("adopt script 1 as it is: 0 writes; refresh sees drift by field (name, type, code, live release)", async () => {
    const news = {
      scriptId: 1,
      name: "edge-router",
      scriptType: "CDN",
      ...storeCode(ROUTER_V2),
      publish: true,
    };
    const a = await p.create(await checked(news));
    expect(await writes()).toEqual([]);
    expect(a.outs).toMatchObject({
      scriptId: 1,
      origin: "adopted",
      codeHash: sha(ROUTER_V2),
      liveCodeHash: sha(ROUTER_V2),
      liveReleaseId: 12,
      liveReleaseUuid: "00000000-0000-4000-8000-000000000012",
      linkedPullZoneId: 1,
      prior: {
        name: "edge-router",
        scriptType: "CDN",
        codeHash: sha(ROUTER_V2),
        liveCodeHash: sha(ROUTER_V2),
      },
    });
    resetRunState();
    expect((await p.diff(a.id, a.outs, await checked(news))).changes).toBe(false);
    // Out of band: renamed, made middleware, new code saved, release 11 made live.
    await ctl().updateState((s: Any) => {
      const x = scriptOf(s, 1);
      Object.assign(x, { name: "renamed", scriptType: 2, code: V4, currentReleaseId: 11 });
    });
    resetRunState();
    const read = await p.read(a.id, a.outs);
    expect(read.props).toMatchObject({
      name: "renamed",
      scriptType: "Middleware",
      codeHash: sha(V4),
      codeSize: Buffer.byteLength(V4),
      liveReleaseId: 11,
      liveCodeHash: sha("export default { fetch: () => new Response('v1') };\n"),
    });
    expect(read.inputs).toMatchObject({
      scriptId: 1,
      name: "renamed",
      scriptType: "Middleware",
      codeHash: sha(V4),
    });
    // The next up puts each back.
    resetRunState();
    const d = await p.diff(a.id, read.props, await checked(news));
    expect(d.changes).toBe(true);
    expect(d.replaces).toEqual([]);
  });

  test("destroy of an adopted script gives back its name, type, code and live release; of a created one deletes it (its pull zone stays)", async () => {
    const before = await t.state();
    const a = await p.create(
      await checked({
        scriptId: 1,
        name: "router-2",
        scriptType: "Middleware",
        ...storeCode(V3),
        publish: true,
      }),
    );
    const c = await p.create(
      await checked({
        name: "short-lived",
        scriptType: "CDN",
        ...storeCode(V4),
        linkedPullZone: true,
      }),
    );
    const mid = await t.state();
    const made = scriptOf(mid, Number(c.id));
    expect(made.linkedPullZoneIds).toHaveLength(1);
    const zoneId = made.linkedPullZoneIds[0];
    expect(c.outs.linkedPullZoneId).toBe(zoneId);
    expect(scriptOf(mid, 1)).toMatchObject({ name: "router-2", scriptType: 2, code: V3 });
    expect(liveCode(scriptOf(mid, 1))).toBe(V3);
    resetRunState();
    await t.clearJournal();
    await p.delete(a.id, a.outs);
    await p.delete(c.id, c.outs);
    const w = await writes();
    expect(w.filter((x) => x.startsWith("DELETE"))).toEqual([`DELETE /compute/script/${c.id}`]);
    expect(await bodyOf("POST", "/compute/script/1")).toEqual({
      Name: "edge-router",
      ScriptType: 1,
    });
    expect(await bodyOf("POST", "/compute/script/1/code")).toEqual({ Code: ROUTER_V2 });
    const after = await t.state();
    const x = scriptOf(after, 1);
    expect(liveCode(x)).toBe(ROUTER_V2);
    // The release it ran before Pulumi is live again (a platform that publishes on save has
    // made a new release of that code when the code was given back: it is the live one).
    if (!savePublishes()) expect(x.currentReleaseId).toBe(12);
    // Releases are never deleted (the platform has no such call): the ones Pulumi made stay.
    const expected = canonical(before);
    const got = canonical(after);
    const keep = (s: Any) => ({ ...s, releases: undefined, currentReleaseId: undefined });
    expected.scripts = expected.scripts.map(keep);
    got.scripts = got.scripts.map(keep);
    // The pull zone made with the created script stays, as the log says.
    got.pullZones = got.pullZones.filter((z: Any) => z.id !== zoneId);
    expect(got).toEqual(expected);
    expect(logged.join("")).toMatch(
      new RegExp(`Pulumi created script ${c.id}: deleting it \\(its linked pull zones stay\\)`),
    );
  });
});

describe("create by name and adopt by id", () => {
  test("a name the account uses is refused before any write, naming the script and the scriptId way out", async () => {
    const before = await t.state();
    const e = await rejection(
      p.create(await checked({ name: "edge-router", scriptType: "CDN", ...storeCode(V3) })),
    );
    expect(e.message).toContain('the account already has edge script 1 named "edge-router"');
    expect(e.message).toContain("`scriptId: 1`");
    expect(e.message).toContain("Nothing was written");
    expect(tableDeclaration.refusal!.exec(e.message)?.[1]).toBe("1");
    expect(await writes()).toEqual([]);
    expect(canonical(await t.state())).toEqual(canonical(before));
  });

  test("a create refused while a script of that name appears (another's create landing first): refused naming it", async () => {
    // The fault stands for another creator: the script is made, and this create is answered 409.
    await ctl().fault({
      method: "POST",
      path: "^/compute/script$",
      status: 409,
      afterHandler: true,
    });
    const e = await rejection(
      p.create(await checked({ name: "late-comer", scriptType: "CDN", ...storeCode(V3) })),
    );
    const theirs = byName(await t.state(), "late-comer");
    expect(e.message).toContain(
      `the account already has edge script ${theirs.id} named "late-comer"; an EdgeScript never ` +
        `creates a second edge script of a name in use`,
    );
    expect(e.message).toContain(`\`scriptId: ${theirs.id}\``);
    expect(await writes()).toEqual(["POST /compute/script"]);
  });

  test("deleteOnDestroy: true deletes an adopted script; without it the adopted script is never deleted", async () => {
    const kept = await p.create(await checked({ scriptId: 3, scriptType: "DNS" }));
    const gone = await p.create(
      await checked({ scriptId: 2, scriptType: "Middleware", deleteOnDestroy: true }),
    );
    expect(await writes()).toEqual([]);
    expect(gone.outs).toMatchObject({ origin: "adopted", deleteOnDestroy: true });
    resetRunState();
    await p.delete(kept.id, kept.outs);
    await p.delete(gone.id, gone.outs);
    expect(await writes()).toEqual(["DELETE /compute/script/2"]);
    const s = await t.state();
    expect(scriptOf(s, 3)).toBeDefined();
    expect(scriptOf(s, 2)).toBeUndefined();
  });
});

describe("deploymentKey, a secret", () => {
  test("an output of the state, a secret output of the class and of the plugin's schema, never printed", async () => {
    const key = scriptOf(await t.state(), 1).deploymentKey as string;
    const r = await p.create(await checked({ scriptId: 1, name: "renamed-for-log" }));
    expect(r.outs.deploymentKey).toBe(key); // the state the engine encrypts
    resetRunState();
    await p.delete(r.id, r.outs);
    expect(logged.join("\n")).not.toContain(key);

    await newProgramRun();
    const seen: Record<string, unknown> = {};
    const record: pulumi.ResourceTransformation = (a) => {
      seen[a.name] = (a.opts as pulumi.CustomResourceOptions).additionalSecretOutputs;
      return undefined;
    };
    new EdgeScript("script", { scriptId: 1, code: V3 }, { transformations: [record] });
    expect(seen.script).toEqual(["deploymentKey"]);
    const schema = buildSchema("0.0.0-test").resources["edgeplatform:compute:EdgeScript"];
    expect(schema.properties.deploymentKey.secret).toBe(true);
    expect(schema.properties.codeHash.secret).toBeUndefined();
    expect(schema.inputProperties.code).toBeDefined();
  });

  test("deploymentKeyRotation: a change rotates the key once (one POST, the new key an output, never printed); create, adopt, no change and removal rotate nothing", async () => {
    const rotate = "POST /compute/script/1/deploymentKey/rotate";
    const before = scriptOf(await t.state(), 1).deploymentKey as string;
    // Adopting with a rotation value: nothing rotates (there is no earlier value to change).
    const a = await p.create(await checked({ scriptId: 1, deploymentKeyRotation: "2026-11" }));
    expect(await writes()).toEqual([]);
    expect(a.outs.deploymentKey).toBe(before);
    // The same value again: no change, nothing written.
    const same = await checked({ scriptId: 1, deploymentKeyRotation: "2026-11" });
    expect((await p.diff(a.id, a.outs, same)).changes).toBe(false);
    // A new value: one rotation, the new key in the outputs and never in the log.
    resetRunState();
    await t.clearJournal();
    const next = await checked({ scriptId: 1, deploymentKeyRotation: "2026-12" });
    expect((await p.diff(a.id, a.outs, next)).changes).toBe(true);
    const u = await p.update(a.id, a.outs, next);
    expect(await writes()).toEqual([rotate]);
    const after = scriptOf(await t.state(), 1).deploymentKey as string;
    expect(after).not.toBe(before);
    expect(u.outs).toMatchObject({ deploymentKey: after, deploymentKeyRotation: "2026-12" });
    expect(logged.join("\n")).toContain("rotated the deployment key of edge script 1");
    expect(logged.join("\n")).not.toContain(after);
    // Another change with the same value: that write only, no rotation.
    resetRunState();
    await t.clearJournal();
    const renamed = await checked({
      scriptId: 1,
      name: "rotated-once",
      deploymentKeyRotation: "2026-12",
    });
    const u1 = await p.update(a.id, u.outs, renamed);
    expect(await writes()).toEqual(["POST /compute/script/1"]);
    // Removing the value rotates nothing.
    resetRunState();
    await t.clearJournal();
    const u2 = await p.update(a.id, u1.outs, await checked({ scriptId: 1, name: "rotated-once" }));
    expect(await writes()).toEqual([]);
    expect(scriptOf(await t.state(), 1).deploymentKey).toBe(after);
    // A create with a value rotates nothing either.
    resetRunState();
    await t.clearJournal();
    await p.create(
      await checked({ name: "rotated", scriptType: "CDN", deploymentKeyRotation: "v1" }),
    );
    expect((await writes()).filter((w) => w.endsWith("/deploymentKey/rotate"))).toEqual([]);
    expect(u2.outs.deploymentKeyRotation).toBeUndefined();
    expect(await failuresOf({ scriptId: 1, deploymentKeyRotation: "" })).toEqual([
      expect.stringContaining("deploymentKeyRotation"),
    ]);
  });
});

describe("the code as the plugin takes it (code or codeFile)", () => {
  test("the hash and size of the code stored for the provider; a file by its path; both refused; unknown stays unknown", () => {
    const op = "edgeplatform:compute:EdgeScript";
    const inline = codeInputs(op, { scriptId: 1, code: V3 });
    expect(inline).toEqual({ scriptId: 1, codeHash: sha(V3), codeSize: Buffer.byteLength(V3) });
    expect(storedCode(sha(V3))).toBe(V3);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-script-code-"));
    try {
      const file = path.join(dir, "code.js");
      fs.writeFileSync(file, V4);
      expect(codeInputs(op, { codeFile: file })).toEqual({
        codeHash: sha(V4),
        codeSize: Buffer.byteLength(V4),
      });
      expect(() => codeInputs(op, { codeFile: path.join(dir, "missing.js") })).toThrow(
        /codeFile.*cannot read/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() => codeInputs(op, { code: V3, codeFile: "x.js" })).toThrow(
      /give `code` or `codeFile`, not both/,
    );
    // A code not known yet (a preview): its hash and size are not known either.
    const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    expect(codeInputs(op, { code: unknown })).toEqual({ codeHash: unknown, codeSize: unknown });
  });
});
