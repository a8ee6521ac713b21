/**
 * Client vs emulator: edge scripts, their code and releases, variables, secrets and
 * deployment key (the platform's published edge-scripting document). Fixtures: script 1
 * `edge-router` (standalone, pull zone 1 `zone-one`, variables 21 ORIGIN and 22 LOG_LEVEL,
 * secret 31 API_TOKEN, releases 11 and 12 with 12 live), script 2 `image-resizer`
 * (middleware, nothing else), script 3 `geo-answer` (DNS, variable 23, release 13 live).
 */
import { inspect } from "util";
import {
  Client,
  EdgeScriptType,
  InvalidArgumentError,
  type RequestOptions,
} from "../../packages/client/src";
import {
  apiError,
  clearJournal,
  Emu,
  fault,
  getState,
  journal,
  useEmulator,
  withProfile,
} from "./helpers";
import { rawCall } from "./raw-call";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

/** A raw call to the emulator (no client checks): status and parsed body. */
const raw = (method: string, path: string, body?: unknown) => rawCall(emu, method, path, body);

/** The thrown error of a call that must fail before anything is sent. */
async function refused(p: Promise<unknown>): Promise<InvalidArgumentError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(InvalidArgumentError);
  return e as InvalidArgumentError;
}

describe("scripts", () => {
  test("list: every fixture script; type, search and page filter; linked zones on request", async () => {
    const all = await c.compute.listScripts();
    expect(all.Items.map((s) => [s.Id, s.Name, s.ScriptType])).toEqual([
      [1, "edge-router", 1],
      [2, "image-resizer", 2],
      [3, "geo-answer", 0],
    ]);
    expect(all.Items[0].LinkedPullZones).toBeNull();
    const dns = await c.compute.listScripts({ type: EdgeScriptType.DNS });
    expect(dns.Items.map((s) => s.Id)).toEqual([3]);
    const found = await c.compute.listScripts({ search: "ROUTER", includeLinkedPullzones: true });
    expect(found.Items.map((s) => s.Id)).toEqual([1]);
    expect(found.Items[0].LinkedPullZones).toEqual([
      { Id: 1, PullZoneName: "zone-one", DefaultHostname: expect.any(String) },
    ]);
    const page2 = await c.compute.listScripts({ page: 2, perPage: 5 });
    expect([page2.Items, page2.TotalItems, page2.HasMoreItems]).toEqual([[], 3, false]);
    const [j] = (await journal(emu, /^\/compute\/script$/)).slice(-1);
    expect(j.query).toEqual({ page: "2", perPage: "5" });
  });

  test("allScripts and allReleases follow the pages", async () => {
    for (let i = 0; i < 4; i++) await c.compute.addScript({ Name: `paged-${i}` });
    const names: string[] = [];
    for await (const s of c.compute.allScripts({ perPage: 5, search: "" })) names.push(s.Name!);
    expect(names).toEqual([
      "edge-router",
      "image-resizer",
      "geo-answer",
      "paged-0",
      "paged-1",
      "paged-2",
      "paged-3",
    ]);
    const pages = (await journal(emu, /^\/compute\/script$/, "GET")).map((j) => j.query.page);
    expect(pages).toEqual(["1", "2"]);
    for (let i = 0; i < 5; i++) await c.compute.publish(1, { Note: `n${i}` });
    const ids: number[] = [];
    for await (const r of c.compute.allReleases(1, { perPage: 5 })) ids.push(r.Id);
    expect(ids).toHaveLength(7);
    expect(ids.slice(-2)).toEqual([12, 11]);
  });

  test("add, read, update and delete round-trip", async () => {
    const made = await c.compute.addScript({
      Name: "new-script",
      ScriptType: EdgeScriptType.Middleware,
      Code: "export default {};",
    });
    expect(made).toMatchObject({ Name: "new-script", ScriptType: 2, CurrentReleaseId: 0 });
    expect(made.DeploymentKey).toEqual(expect.any(String));
    expect(await c.compute.getScript(made.Id)).toEqual(made);
    expect((await c.compute.getCode(made.Id)).Code).toBe("export default {};");
    const renamed = await c.compute.updateScript(made.Id, { Name: "renamed" });
    expect([renamed.Name, renamed.ScriptType]).toEqual(["renamed", 2]);
    expect((await c.compute.getScript(made.Id)).Name).toBe("renamed");
    await c.compute.deleteScript(made.Id);
    expect((await apiError(c.compute.getScript(made.Id))).isNotFound).toBe(true);
  });

  test("a script added with a linked pull zone names it; deleting the script keeps the zone unless asked", async () => {
    const s = await c.compute.addScript({
      Name: "with-zone",
      ScriptType: EdgeScriptType.CDN,
      CreateLinkedPullZone: true,
      LinkedPullZoneName: "with-zone-pz",
    });
    expect(s.LinkedPullZones?.map((z) => z.PullZoneName)).toEqual(["with-zone-pz"]);
    const zoneId = s.LinkedPullZones![0].Id;
    // A pull zone like any other: the pull-zone API reads it, with its system hostname.
    const zone = await c.pullzones.get(zoneId);
    expect([zone.Id, zone.Name]).toEqual([zoneId, "with-zone-pz"]);
    expect(zone.Hostnames?.map((h) => h.Value)).toEqual(["with-zone-pz.b-cdn.net"]);
    await c.compute.deleteScript(s.Id);
    expect((await getState(emu)).pullZones.some((z) => z.id === zoneId)).toBe(true);
    const t = await c.compute.addScript({
      Name: "with-zone-2",
      CreateLinkedPullZone: true,
      LinkedPullZoneName: "with-zone-pz2",
    });
    await c.compute.deleteScript(t.Id, { deleteLinkedPullZones: true });
    const [j] = (await journal(emu, /^\/compute\/script\/\d+$/, "DELETE")).slice(-1);
    expect(j.query).toEqual({ deleteLinkedPullZones: "true" });
    const zones = (await getState(emu)).pullZones.map((z) => z.name);
    expect(zones).toContain("with-zone-pz");
    expect(zones).not.toContain("with-zone-pz2");
  });

  test("a linked pull zone whose name is taken is refused, naming LinkedPullZoneName", async () => {
    const e = await apiError(
      c.compute.addScript({
        Name: "x",
        CreateLinkedPullZone: true,
        LinkedPullZoneName: "zone-one",
      }),
    );
    expect([e.status, e.fieldErrors.map((f) => f.field)]).toEqual([400, ["LinkedPullZoneName"]]);
  });

  test("unknown script: 404 from every script endpoint", async () => {
    for (const p of [
      c.compute.getScript(999),
      c.compute.getCode(999),
      c.compute.listReleases(999),
      c.compute.getActiveRelease(999),
      c.compute.listSecrets(999),
      c.compute.getVariable(999, 21),
      c.compute.rotateDeploymentKey(999),
    ])
      expect((await apiError(p)).status).toBe(404);
  });

  test("rotating the deployment key gives a new one", async () => {
    expect((await c.compute.getScript(1)).DeploymentKey).toBe("fixture-deployment-key-1");
    await c.compute.rotateDeploymentKey(1);
    const key = (await c.compute.getScript(1)).DeploymentKey;
    expect(key).toEqual(expect.any(String));
    expect(key).not.toBe("fixture-deployment-key-1");
  });
});

describe("code and releases", () => {
  test("the fixture's releases, newest first, the second live", async () => {
    const page = await c.compute.listReleases(1);
    expect(page.Items.map((r) => [r.Id, r.Status, r.Note])).toEqual([
      [12, 1, "second"],
      [11, 0, "first"],
    ]);
    const live = await c.compute.getActiveRelease(1);
    expect([live.Id, live.Uuid]).toEqual([12, "00000000-0000-4000-8000-000000000012"]);
    expect((await c.compute.getCode(1)).Code).toBe(live.Code);
  });

  test("saving code does not publish (default); publish makes it live; an earlier release goes live by Uuid", async () => {
    await c.compute.setCode(1, "export default 'v3';");
    expect((await c.compute.getCode(1)).Code).toBe("export default 'v3';");
    expect((await c.compute.getActiveRelease(1)).Id).toBe(12);
    await c.compute.publish(1, { Note: "third" });
    const live = await c.compute.getActiveRelease(1);
    expect([live.Code, live.Note, live.Status]).toEqual(["export default 'v3';", "third", 1]);
    expect((await c.compute.getScript(1)).CurrentReleaseId).toBe(live.Id);
    expect((await c.compute.listReleases(1)).Items.map((r) => r.Status)).toEqual([1, 0, 0]);
    await c.compute.publishRelease(1, "00000000-0000-4000-8000-000000000011");
    expect((await c.compute.getActiveRelease(1)).Id).toBe(11);
    const j = await journal(emu, /\/publish/, "POST");
    expect(j.map((x) => [x.path, x.body])).toEqual([
      ["/compute/script/1/publish", { Note: "third" }],
      ["/compute/script/1/publish/00000000-0000-4000-8000-000000000011", {}],
    ]);
  });

  test("profile scriptCodeSave publish: saving code makes a live release", async () => {
    await withProfile(emu, { scriptCodeSave: "publish" }, async () => {
      await c.compute.setCode(1, "export default 'saved';");
      const live = await c.compute.getActiveRelease(1);
      expect([live.Code, live.Status]).toEqual(["export default 'saved';", 1]);
      expect(live.Id).not.toBe(12);
    });
  });

  test("a script without a release has no live one (404); an unknown release Uuid is 404", async () => {
    expect((await apiError(c.compute.getActiveRelease(2))).status).toBe(404);
    expect((await apiError(c.compute.publishRelease(1, "no-such-release"))).status).toBe(404);
  });
});

describe("variables", () => {
  test("add, read, update and delete round-trip; the script lists them", async () => {
    expect(await c.compute.getVariable(1, 21)).toEqual({
      Id: 21,
      Name: "ORIGIN",
      Required: true,
      DefaultValue: "https://origin.example",
    });
    const v = await c.compute.addVariable(2, {
      Name: "WIDTH",
      Required: false,
      DefaultValue: "640",
    });
    expect(v).toMatchObject({ Name: "WIDTH", Required: false, DefaultValue: "640" });
    expect(await c.compute.getVariable(2, v.Id)).toEqual(v);
    const u = await c.compute.updateVariable(2, v.Id, { DefaultValue: "800" });
    expect([u.DefaultValue, u.Required]).toEqual(["800", false]);
    expect((await c.compute.getScript(2)).EdgeScriptVariables).toEqual([u]);
    await c.compute.deleteVariable(2, v.Id);
    expect((await apiError(c.compute.getVariable(2, v.Id))).status).toBe(404);
    expect((await c.compute.getScript(2)).EdgeScriptVariables).toEqual([]);
  });

  test("a second variable of the same name is refused, naming Name", async () => {
    const e = await apiError(c.compute.addVariable(1, { Name: "ORIGIN", Required: false }));
    expect([e.status, e.fieldErrors.map((f) => f.field)]).toEqual([400, ["Name"]]);
  });

  test("upsert by name: adds a new one, changes an existing one", async () => {
    const added = await c.compute.upsertVariable(1, { Name: "NEW", DefaultValue: "n" });
    expect(added).toMatchObject({ Name: "NEW", Required: false, DefaultValue: "n" });
    const changed = await c.compute.upsertVariable(1, { Name: "LOG_LEVEL", DefaultValue: "debug" });
    expect([changed?.Id, changed?.DefaultValue]).toEqual([22, "debug"]);
  });

  test("upsert of an existing variable without a default: kept (default), set back to null (profile replace)", async () => {
    await c.compute.upsertVariable(1, { Name: "LOG_LEVEL", Required: true });
    expect(await c.compute.getVariable(1, 22)).toMatchObject({
      Required: true,
      DefaultValue: "info",
    });
    await withProfile(emu, { scriptVarUpsert: "replace" }, async () => {
      await c.compute.upsertVariable(1, { Name: "ORIGIN" });
      expect(await c.compute.getVariable(1, 21)).toMatchObject({
        Required: false,
        DefaultValue: null,
      });
    });
  });
});

describe("secrets", () => {
  const VALUE = "s3cr3t-value-for-the-test";

  test("list gives names and dates only; add, update, upsert and delete round-trip", async () => {
    expect(await c.compute.listSecrets(1)).toEqual([
      { Id: 31, Name: "API_TOKEN", LastModified: "2026-01-01T00:00:00Z" },
    ]);
    const s = await c.compute.addSecret(2, { Name: "KEY", Secret: VALUE });
    expect(Object.keys(s).sort()).toEqual(["Id", "LastModified", "Name"]);
    const u = await c.compute.updateSecret(2, s.Id, `${VALUE}-2`);
    expect(u.Id).toBe(s.Id);
    const added = await c.compute.upsertSecret(2, { Name: "OTHER", Secret: VALUE });
    expect(added?.Name).toBe("OTHER");
    expect(
      await c.compute.upsertSecret(2, { Name: "OTHER", Secret: `${VALUE}-3` }),
    ).toBeUndefined();
    expect((await c.compute.listSecrets(2)).map((x) => x.Name)).toEqual(["KEY", "OTHER"]);
    await c.compute.deleteSecret(2, s.Id);
    expect((await c.compute.listSecrets(2)).map((x) => x.Name)).toEqual(["OTHER"]);
    expect((await apiError(c.compute.deleteSecret(2, s.Id))).status).toBe(404);
    // Stored (the platform keeps it), never answered.
    const stored = (await getState(emu)).scripts.find((x) => x.id === 2)?.secrets;
    expect(stored?.map((x) => x.value)).toEqual([`${VALUE}-3`]);
  });

  test("a secret's value comes back from no endpoint", async () => {
    await c.compute.addSecret(1, { Name: "NEW_SECRET", Secret: VALUE });
    await c.compute.upsertSecret(3, { Name: "DNS_SECRET", Secret: VALUE });
    const reads = [
      "/compute/script",
      "/compute/script?includeLinkedPullzones=true",
      ...[1, 3].flatMap((id) =>
        ["", "/code", "/releases", "/releases/active", "/secrets", "/statistics"].map(
          (tail) => `/compute/script/${id}${tail}`,
        ),
      ),
      "/compute/script/1/variables/21",
    ];
    for (const path of reads) {
      const r = await raw("GET", path);
      expect([path, r.status]).toEqual([path, 200]);
      expect(r.text).not.toContain(VALUE);
      expect(r.text).not.toContain("fixture-secret-api-token");
    }
    for (const [method, path, body] of [
      ["POST", "/compute/script/1/secrets", { Name: "A2", Secret: VALUE }],
      ["POST", "/compute/script/1/secrets/31", { Secret: VALUE }],
      ["PUT", "/compute/script/1/secrets", { Name: "A3", Secret: VALUE }],
      ["PUT", "/compute/script/1/secrets", { Name: "A3", Secret: VALUE }],
      ["POST", "/compute/script/1/secrets", { Name: "A2", Secret: VALUE }],
    ] as const) {
      const r = await raw(method, path, body);
      expect(r.status).toBeLessThan(500);
      expect(r.text).not.toContain(VALUE);
    }
  });
});

describe("validation", () => {
  test("the emulator refuses a bad body with a 400 naming the field, never quoting a secret", async () => {
    const cases: [string, string, unknown, string][] = [
      ["POST", "/compute/script", { Name: "n", ScriptType: 7 }, "ScriptType"],
      ["POST", "/compute/script", { Name: "x".repeat(101) }, "Name"],
      ["POST", "/compute/script", { Name: "n", Colour: "red" }, "Colour"],
      ["POST", "/compute/script/1", { ScriptType: "DNS" }, "ScriptType"],
      ["POST", "/compute/script/1/code", { Code: 5 }, "Code"],
      ["POST", "/compute/script/1/variables/add", { Name: "", Required: true }, "Name"],
      ["POST", "/compute/script/1/variables/add", { Name: "A" }, "Required"],
      [
        "POST",
        "/compute/script/1/variables/21",
        { DefaultValue: "v".repeat(4097) },
        "DefaultValue",
      ],
      ["PUT", "/compute/script/1/variables", { DefaultValue: "v" }, "Name"],
      [
        "POST",
        "/compute/script/1/secrets",
        { Name: "L", Secret: `${"q".repeat(4096)}Z` },
        "Secret",
      ],
      ["PUT", "/compute/script/1/secrets", { Secret: "lonely-secret-value" }, "Name"],
      ["POST", "/compute/script/1/publish", { Note: 1 }, "Note"],
      ["GET", "/compute/script?perPage=2", undefined, "perPage"],
      ["GET", "/compute/script/1/releases?page=0", undefined, "page"],
    ];
    for (const [method, path, body, field] of cases) {
      const r = await raw(method, path, body);
      expect([method, path, r.status, (r.json as { Field?: string }).Field]).toEqual([
        method,
        path,
        400,
        field,
      ]);
      expect(r.text).not.toContain("qqqqqqqqqqZ");
      expect(r.text).not.toContain("lonely-secret-value");
    }
  });

  test("the client refuses a bad argument before sending, naming the field", async () => {
    await clearJournal(emu);
    const cases: [Promise<unknown>, string][] = [
      [c.compute.addScript({ Name: "n", ScriptType: 9 as EdgeScriptType }), "ScriptType"],
      [c.compute.addVariable(1, { Name: "", Required: true }), "Name"],
      [c.compute.updateVariable(1, 21, { DefaultValue: 5 as unknown as string }), "DefaultValue"],
      [c.compute.listScripts({ perPage: 1 }), "perPage"],
      [c.compute.getScript(-1), "scriptId"],
      [c.compute.getVariable(1, 1.5), "variableId"],
      [c.compute.publishRelease(1, ""), "uuid"],
      [c.compute.upsertSecret(1, { Name: "", Secret: "x" }), "Name"],
    ];
    for (const [p, field] of cases) expect((await refused(p)).field).toBe(field);
    expect(await journal(emu, /^\/compute/)).toEqual([]);
  });

  test("a secret's value is never quoted by a refusal of the client", async () => {
    const long = `${"k".repeat(4096)}-tail-of-the-secret`;
    const e = await refused(c.compute.addSecret(1, { Name: "N", Secret: long }));
    expect(e.field).toBe("Secret");
    expect(`${e.message} ${inspect(e)}`).not.toContain("tail-of-the-secret");
    const f = await refused(
      c.compute.updateSecret(1, 31, { toString: () => "obj" } as unknown as string),
    );
    expect(f.field).toBe("Secret");
  });
});

describe("secrets and deployment keys stay out of errors", () => {
  test("a platform error that echoes the secret sent: redacted in message, detail, body and inspect", async () => {
    const value = "echoed-secret-value-123";
    const body = { ErrorKey: "validation_error", Field: "Secret", Message: `bad: ${value}` };
    await fault(emu, { method: "POST", path: "/secrets$", status: 400, body });
    const e = await apiError(c.compute.addSecret(1, { Name: "E", Secret: value }));
    expect([e.status, e.fieldErrors.map((f) => f.field)]).toEqual([400, ["Secret"]]);
    const shown = [e.message, e.detail, JSON.stringify(e.body), inspect(e), e.stack].join(" ");
    expect(shown).toContain("[redacted]");
    expect(shown).not.toContain(value);
  });

  test("an answer carrying a deployment key that fails its check: the key is redacted", async () => {
    const key = "leaked-deployment-key-456";
    await fault(emu, {
      method: "GET",
      path: "^/compute/script/1$",
      status: 200,
      body: { Name: "no id", DeploymentKey: key, Note: `key ${key}` },
    });
    const e = await apiError(c.compute.getScript(1));
    expect(e.errorKey).toBe("unexpected_response");
    const shown = [e.message, e.detail, JSON.stringify(e.body), inspect(e), e.stack].join(" ");
    expect(shown).not.toContain(key);
    expect((e.body as { DeploymentKey?: string }).DeploymentKey).toBe("[redacted]");
  });

  test("inspecting the client shows no deployment key nor secret after use", async () => {
    const s = await c.compute.getScript(1);
    await c.compute.updateSecret(1, 31, "inspect-secret-789");
    const shown = `${inspect(c, { depth: 10, showHidden: true })} ${inspect(c.compute, { depth: 10, showHidden: true })} ${JSON.stringify(c)}`;
    expect(shown).not.toContain(s.DeploymentKey as string);
    expect(shown).not.toContain("inspect-secret-789");
  });
});

describe("retries", () => {
  test("a 503 is retried for reads and repeatable writes, never for adds, code saves and publishes", async () => {
    const attempts = async (
      path: string,
      method: string,
      call: (o: RequestOptions) => Promise<unknown>,
    ) => {
      await fault(emu, { method, path, status: 503, count: 1 });
      let retries = 0;
      await call({ onRetry: () => retries++ }).catch(() => undefined);
      return 1 + retries;
    };
    expect(await attempts("^/compute/script/1$", "GET", (o) => c.compute.getScript(1, o))).toBe(2);
    expect(
      await attempts("/variables$", "PUT", (o) => c.compute.upsertVariable(1, { Name: "R" }, o)),
    ).toBe(2);
    expect(
      await attempts("/secrets/31$", "POST", (o) =>
        c.compute.updateSecret(1, 31, "retry-value", o),
      ),
    ).toBe(2);
    expect(
      await attempts("^/compute/script$", "POST", (o) => c.compute.addScript({ Name: "r" }, o)),
    ).toBe(1);
    expect(await attempts("/code$", "POST", (o) => c.compute.setCode(1, "c", o))).toBe(1);
    expect(await attempts("/publish$", "POST", (o) => c.compute.publish(1, {}, o))).toBe(1);
    expect(
      await attempts("/deploymentKey/rotate$", "POST", (o) => c.compute.rotateDeploymentKey(1, o)),
    ).toBe(1);
    expect(
      await attempts("/variables/add$", "POST", (o) =>
        c.compute.addVariable(1, { Name: "R2", Required: false }, o),
      ),
    ).toBe(1);
  });
});
