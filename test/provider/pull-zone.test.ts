/**
 * `edge.pullzones.PullZone` against the in-process emulator: what is particular to the kind (the
 * lifecycle table covers the rules every kind shares). Fixture pull zone 1 (`zone-one`, origin
 * `https://origin.zone-one.example`) has settings of its own; a new zone has the platform's
 * defaults (logging on, cache max-age -1). The update rules run under both answers to POST
 * `/pullzone/{id}`: `pullZoneUpdate` `merge` (the settings sent change) and `replace` (every
 * setting not sent goes back to a new zone's).
 */
import * as pulumi from "@pulumi/pulumi";
import { EmulatorControl } from "../../packages/emulator/src";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { pullZoneProvider } from "../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import { PullZone } from "../../packages/pulumi/src/resources/public/pull-zone";
import { registerSecret } from "../support/secrets";
import { usePlatform, type EmulatorState } from "./helpers";
import { pullZone as tableDeclaration } from "./lifecycle-table/pull-zone";
import { newProgramRun } from "./mocks";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The provider as the engine drives it (its state in the kind's stored form). */
const p: Any = pullZoneProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

const TOKEN = "lf-token-4c9e1a";
registerSecret(TOKEN);

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

const modelOf = (s: EmulatorState, id: number): Any =>
  (s.pullZones as Any[]).find((z) => z.id === id)?.model;
const byName = (s: EmulatorState, name: string): Any =>
  (s.pullZones as Any[]).find((z) => z.name === name);
/** The writes of the journal (the name check is a POST that writes nothing: left out). */
const writes = async () =>
  (await t.journal())
    .filter((e) => e.method !== "GET" && e.path !== "/pullzone/checkavailability")
    .map((e) => `${e.method} ${e.path}`);
const bodyOf = async (path: string): Promise<Any> =>
  (await t.journal()).find((e) => e.method === "POST" && e.path === path)?.body;
/**
 * The state to compare: the id counters left out (an id once used is not given again), and a
 * zone's empty `hidden` (the emulator's own book of settings written but never shown, made
 * empty by its first write: not a platform value).
 */
const canonical = (s: EmulatorState) => {
  const c = JSON.parse(JSON.stringify(s));
  delete c.nextIds;
  for (const z of c.pullZones) if (z.hidden && Object.keys(z.hidden).length === 0) delete z.hidden;
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
  test("exactly one of name and pullZoneId; a name needs an origin URL; enumerations by name", async () => {
    expect(await failuresOf({ enableLogging: true })).toEqual([
      "pullZoneId: one of `pullZoneId` (adopt an existing pull zone) or `name` (create one) is required",
    ]);
    expect(await failuresOf({ pullZoneId: 1, name: "x", originUrl: "https://a.example" })).toEqual([
      "name: give exactly one of `pullZoneId` (adopt an existing pull zone) or `name` (create one), not both",
    ]);
    expect(await failuresOf({ name: "site" })).toEqual([
      "originUrl: is required to create a pull zone (with `name`): the URL it fetches from",
    ]);
    expect(await failuresOf({ name: "not a name", originUrl: "https://a.example" })).toEqual([
      'name: must be 1 to 60 letters, digits and dashes; got "not a name"',
    ]);
    expect(await failuresOf({ pullZoneId: 1, originUrl: "ftp://a.example" })).toEqual([
      expect.stringMatching(/^originUrl: /),
    ]);
    const e = (await failuresOf({ pullZoneId: 1, logForwardingProtocol: "HTTP" })).join("\n");
    expect(e).toMatch(/^logForwardingProtocol: /);
    for (const allowed of ["UDP", "TCP", "TCPEncrypted", "DataDog"]) expect(e).toContain(allowed);
    // An integer is stored by its name.
    expect((await checked({ pullZoneId: 1, type: 1 })).type).toBe("Volume");
  });
});

describe("create by name", () => {
  test("POST /pullzone with the origin, then one write of the settings a new zone lacks; outputs", async () => {
    const before = await t.state();
    const r = await p.create(
      await checked({
        name: "new-site",
        originUrl: "https://origin.new.example/",
        type: "Volume",
        enableLogging: false,
        cacheControlMaxAgeOverride: 600,
      }),
    );
    const after = await t.state();
    const z = byName(after, "new-site");
    expect(z).toBeDefined();
    expect(r.id).toBe(String(z.id));
    expect(await writes()).toEqual(["POST /pullzone", `POST /pullzone/${z.id}`]);
    expect(await bodyOf("/pullzone")).toEqual({
      Name: "new-site",
      OriginUrl: "https://origin.new.example",
      Type: 1,
    });
    expect(z.model).toMatchObject({
      OriginUrl: "https://origin.new.example",
      Type: 1,
      EnableLogging: false,
      CacheControlMaxAgeOverride: 600,
    });
    expect(r.outs).toMatchObject({
      pullZoneId: z.id,
      name: "new-site",
      cnameDomain: "new-site.b-cdn.net",
      origin: "created",
      originUrl: "https://origin.new.example",
      type: "Volume",
      enableLogging: false,
      // Not managed: as the platform holds it (a new zone's).
      cacheControlPublicMaxAgeOverride: -1,
      // In the declaration's order: origin, caching, security, limits, logging.
      managed: ["originUrl", "type", "cacheControlMaxAgeOverride", "enableLogging"],
    });
    expect(r.outs.created).toBeUndefined(); // the stored form says `origin`
    // Nothing else on the account changed.
    const rest = canonical(after);
    rest.pullZones = rest.pullZones.filter((x: Any) => x.id !== z.id);
    expect(rest).toEqual(canonical(before));
  });

  test("a name that is taken is refused before any write, naming the zone and the pullZoneId way out", async () => {
    const before = await t.state();
    const e = await rejection(
      p.create(await checked({ name: "zone-one", originUrl: "https://a.example" })),
    );
    expect(e.message).toContain("the pull-zone name zone-one is already taken (pull zone 1)");
    expect(e.message).toContain("`pullZoneId: 1`");
    expect(e.message).toContain("Nothing was written");
    // The lifecycle tables find the refused id with the declaration's pattern.
    expect(tableDeclaration.refusal!.exec(e.message)?.[1]).toBe("1");
    expect(await writes()).toEqual([]);
    expect(canonical(await t.state())).toEqual(canonical(before));
  });
});

describe("adopt by pullZoneId", () => {
  test("settings as the zone has them: 0 writes; an origin URL with a trailing slash is the same URL", async () => {
    const s = await t.state();
    const url = modelOf(s, 1).OriginUrl as string;
    const news = {
      pullZoneId: 1,
      originUrl: `${url}/`,
      enableLogging: modelOf(s, 1).EnableLogging,
    };
    const r = await p.create(await checked(news));
    expect(await writes()).toEqual([]);
    expect(r.outs).toMatchObject({ pullZoneId: 1, origin: "adopted", name: "zone-one" });
    // And the preview after it is clean, however many slashes.
    const d = await p.diff(r.id, r.outs, await checked({ ...news, originUrl: `${url}//` }));
    expect(d.changes).toBe(false);
  });

  test("a platform that keeps the slash: the program's URL without it makes no write", async () => {
    await ctl().updateState((s: Any) => void (modelOf(s, 1).OriginUrl = "https://kept.example/"));
    await t.clearJournal();
    const r = await p.create(await checked({ pullZoneId: 1, originUrl: "https://kept.example" }));
    expect(await writes()).toEqual([]);
    resetRunState();
    const read = await p.read(r.id, r.outs);
    expect(read.inputs.originUrl).toBe("https://kept.example");
  });
});

describe.each(["merge", "replace"] as const)("POST /pullzone/{id} answered as %s", (mode) => {
  beforeEach(async () => void (await ctl().setProfile({ pullZoneUpdate: mode } as never)));

  test("update of one setting: one write; every setting the program does not manage is as before", async () => {
    const r = await p.create(await checked({ pullZoneId: 1, blockPostRequests: false }));
    const before = await t.state();
    await t.clearJournal();
    resetRunState();
    const news = await checked({ pullZoneId: 1, blockPostRequests: true });
    expect((await p.diff(r.id, r.outs, news)).changes).toBe(true);
    const u = await p.update(r.id, r.outs, news);
    expect(await writes()).toEqual(["POST /pullzone/1"]);
    expect(u.outs.blockPostRequests).toBe(true);
    const expected = canonical(before);
    modelOf(expected, 1).BlockPostRequests = true;
    expect(canonical(await t.state())).toEqual(expected);
  });

  test("destroy of an adopted zone restores its settings exactly; destroy of a created one deletes it", async () => {
    const before = await t.state();
    const a = await p.create(
      await checked({ pullZoneId: 1, cacheControlMaxAgeOverride: 7200, ignoreQueryStrings: true }),
    );
    const c = await p.create(
      await checked({
        name: "short-lived",
        originUrl: "https://o.example",
        blockRootPathAccess: true,
      }),
    );
    resetRunState();
    await t.clearJournal();
    await p.delete(a.id, a.outs);
    await p.delete(c.id, c.outs);
    expect(await writes()).toEqual(["POST /pullzone/1", `DELETE /pullzone/${c.id}`]);
    expect(canonical(await t.state())).toEqual(canonical(before));
    expect(logged.join("")).toMatch(
      new RegExp(`Pulumi created pull zone ${c.id}: deleting it with its hostnames`),
    );
  });
});

describe("logForwardingToken, a secret", () => {
  test("written, never printed; a secret output of the class and in the plugin's schema", async () => {
    await ctl().updateState(
      (s: Any) => void (modelOf(s, 1).LogForwardingToken = "theirs-token-8d2f"),
    );
    registerSecret("theirs-token-8d2f");
    const r = await p.create(
      await checked({ pullZoneId: 1, logForwardingEnabled: true, logForwardingToken: TOKEN }),
    );
    expect(modelOf(await t.state(), 1).LogForwardingToken).toBe(TOKEN);
    expect(r.outs.logForwardingToken).toBe(TOKEN); // the state the engine encrypts
    const printed = logged.join("\n");
    expect(printed).toContain("logForwardingToken = [secret]");
    expect(printed).not.toContain(TOKEN);
    expect(printed).not.toContain("theirs-token-8d2f");
    // A refused value is named, never shown.
    const f = (await failuresOf({ pullZoneId: 1, logForwardingToken: 42 })).join("\n");
    expect(f).toContain("`logForwardingToken` must be a string; got [secret]");
    expect(f).not.toContain("42");

    await newProgramRun();
    const seen: Record<string, unknown> = {};
    const record: pulumi.ResourceTransformation = (a) => {
      seen[a.name] = (a.opts as pulumi.CustomResourceOptions).additionalSecretOutputs;
      return undefined;
    };
    new PullZone(
      "zone",
      { pullZoneId: 1, logForwardingToken: TOKEN },
      { transformations: [record] },
    );
    // Every secret setting of the kind is a secret output (the S3 origin's too), and `prior`.
    expect(seen.zone).toEqual(["logForwardingToken", "awsSigningSecret", "prior"]);
    const schema = buildSchema("0.0.0-test").resources["edgeplatform:pullzones:PullZone"];
    expect(schema.inputProperties.logForwardingToken.secret).toBe(true);
    expect(schema.properties.logForwardingToken.secret).toBe(true);
    expect(schema.properties.logForwardingHostname.secret).toBeUndefined();
  });
});
