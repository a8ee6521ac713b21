/**
 * `edge.containers.ImageRegistry` against the in-process emulator, under every behaviour
 * profile: what is particular to the kind (the lifecycle table covers the rules every kind
 * shares). Fixture registries: 1 `Docker Hub mirror` (docker.io, user `deploy-bot`, used by
 * application `app-1`) and 2; the emulator keeps only a password's first and last three
 * characters, and refuses one starting with `bad`.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  EmulatorControl,
  PROFILES,
  startEmulator,
  type EmulatorState,
  type JournalEntry,
  type ProfileName,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import { imageRegistryProvider } from "../../packages/pulumi/src/resources/kinds/settings/image-registry";
import { ImageRegistry } from "../../packages/pulumi/src/resources/public/image-registry";
import { getRegistryOutput } from "../../packages/pulumi/src/functions/containers";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { stackConfig } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The provider as the engine drives it (its state in the kind's stored form). */
const p: Any = imageRegistryProvider;
const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];

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

const TOKEN = "ghp-token-first-0001";
const ROTATED = "ghp-token-second-0002";
const CREATE = {
  registryType: "gitHub",
  displayName: "GitHub packages",
  userName: "ci-bot",
  token: TOKEN,
};

const registryOf = (s: EmulatorState, id: number): Any =>
  (s.registries as Any[]).find((r) => r.id === id);
/** The state to compare: the id counters and each registry's date of last write left out. */
const canonical = (s: EmulatorState) => {
  const c = JSON.parse(JSON.stringify(s));
  delete c.nextIds;
  for (const r of c.registries) delete r.lastUpdatedAt;
  return c;
};
async function rejection(x: Promise<unknown>): Promise<Any> {
  try {
    await x;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

describe("check (no API call)", () => {
  const failuresOf = (news: Record<string, unknown>) =>
    ((p.checkSync({}, news).failures ?? []) as Any[]).map((f) => `${f.property}: ${f.reason}`);

  test("exactly one of registryType and registryId; a create needs displayName; userName and token go together; the type's allowed values", () => {
    expect(failuresOf({ displayName: "x" })).toEqual([
      "registryId: one of `registryId` (adopt an existing container registry) or `registryType` (create one) is required",
    ]);
    expect(failuresOf({ registryId: 1, registryType: "gitHub", displayName: "x" })).toEqual([
      "registryType: give exactly one of `registryId` (adopt an existing container registry) or `registryType` (create one), not both",
    ]);
    expect(failuresOf({ registryType: "gitHub" })).toEqual([
      "displayName: is required to create a registry (with `registryType`): its name on the account",
    ]);
    // A user name alone is managed as read (an import); a token needs its user name.
    expect(failuresOf({ registryId: 1, userName: "u" })).toEqual([]);
    expect(failuresOf({ registryId: 1, token: "t-0123456789" })).toEqual([
      "userName: is required with `token`: the platform takes a registry's credentials as a pair",
    ]);
    const bad = failuresOf({ registryType: "quay", displayName: "x" }).join("\n");
    expect(bad).toMatch(/^registryType: /);
    for (const allowed of ["dockerHub", "gitHub", "bunnyRegistry"]) expect(bad).toContain(allowed);
    expect(failuresOf({ registryId: 1 })).toEqual([]);
    expect(failuresOf({ registryType: UNKNOWN, displayName: UNKNOWN })).toEqual([]);
  });

  test("a token of the wrong type is refused without printing it", () => {
    const failures = p.checkSync({}, { registryId: 1, userName: "u", token: 987654321 }).failures;
    expect(failures.length).toBe(1);
    expect(JSON.stringify(failures)).toContain("token");
    expect(JSON.stringify(failures)).not.toContain("987654321");
  });
});

test("the class makes the token a Pulumi secret, input and output, whatever the program passes", async () => {
  await pulumi.runtime.setMocks(
    { newResource: (a) => ({ id: "x", state: a.inputs }), call: (a) => a.inputs },
    "project",
    "stack",
    false,
  );
  const seen: Record<string, Any> = {};
  const record: pulumi.ResourceTransformation = (a) => {
    seen[a.name] = { opts: a.opts, props: a.props };
    return undefined;
  };
  new ImageRegistry("plain", { ...CREATE, registryType: "gitHub" }, { transformations: [record] });
  expect(seen.plain.opts.additionalSecretOutputs).toEqual(["token", "prior"]);
  expect(await pulumi.isSecret(seen.plain.props.token)).toBe(true);
  expect(seen.plain.props.userName).toBe("ci-bot");
});

describe.each(PROFILE_NAMES)("profile %s", (profile) => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  const saved = { ...timing };
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, profile: profile as never });
    ctl = new EmulatorControl(emu.url);
    Object.assign(timing, { recoveryMaxStepMs: 20, recoveryRelists: 2 });
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
    );
  });
  afterAll(async () => {
    Object.assign(timing, saved);
    resetSettings();
    clearClientCache();
    await emu.close();
  });
  beforeEach(async () => {
    await ctl.reset();
    await ctl.clearJournal();
    resetRunState();
    logged.length = 0;
  });
  const writes = async (): Promise<JournalEntry[]> =>
    (await ctl.journal()).filter((e) => e.method !== "GET");
  const lines = async () => (await writes()).map((e) => `${e.method} ${e.path}`);
  const checked = async (news: Record<string, unknown>, olds: Record<string, unknown> = {}) => {
    const r = await p.check(olds, news);
    expect(r.failures ?? []).toEqual([]);
    return r.inputs as Record<string, unknown>;
  };
  const create = async (news: Record<string, unknown>) => p.create(await checked(news));
  const update = async (made: Any, news: Record<string, unknown>) => {
    const inputs = await checked(news, made.outs);
    const d = await p.diff(made.id, made.outs, inputs);
    expect(d.replaces).toEqual([]);
    return p.update(made.id, made.outs, inputs);
  };

  test("create: one POST with the name, type and credentials; the outputs as the platform holds them; destroy deletes it", async () => {
    const before = await ctl.state();
    const made = await create(CREATE);
    const w = await writes();
    expect(w.map((e) => `${e.method} ${e.path}`)).toEqual(["POST /mc/registries"]);
    // The journal never keeps a password; the emulator keeps its first and last characters.
    expect(w[0].body).toEqual({
      displayName: "GitHub packages",
      type: "gitHub",
      passwordCredentials: { userName: "ci-bot", password: "[redacted]" },
    });
    const id = made.outs.registryId;
    expect(made.id).toBe(String(id));
    expect(made.outs).toMatchObject({
      origin: "created",
      registryType: "gitHub",
      hostName: "ghcr.io",
      displayName: "GitHub packages",
      userName: "ci-bot",
      token: TOKEN,
      managed: ["displayName", "userName", "token"],
    });
    const r = registryOf(await ctl.state(), id);
    expect(r).toMatchObject({ displayName: "GitHub packages", hostName: "ghcr.io" });
    expect(r.userName).toBe("ci-bot");
    expect([r.firstPasswordSymbols, r.lastPasswordSymbols]).toEqual(["ghp", "001"]);

    // A second run with the same program: no change, no write.
    resetRunState();
    await ctl.clearJournal();
    const d = await p.diff(made.id, made.outs, await checked(CREATE, made.outs));
    expect(d.changes).toBe(false);
    const read = await p.read(made.id, made.outs);
    expect(read.props).toEqual(made.outs);
    expect(await lines()).toEqual([]);

    resetRunState();
    await p.delete(made.id, made.outs);
    expect(await lines()).toEqual([`DELETE /mc/registries/${id}`]);
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });

  test("a create answered `saved` without an id: the registry of that name is recorded, never created twice", async () => {
    await ctl.fault({
      method: "POST",
      path: "^/mc/registries$",
      status: 200,
      body: { id: null, error: null, status: "saved" },
      afterHandler: true,
    });
    const made = await create(CREATE);
    expect(await lines()).toEqual(["POST /mc/registries"]);
    const mine = (await ctl.state()).registries.filter(
      (r: Any) => r.displayName === "GitHub packages",
    );
    expect(mine.length).toBe(1);
    expect(made.outs).toMatchObject({ registryId: mine[0].id, origin: "created" });
    await ctl.clearFaults();
  });

  test("a create whose answer is lost while the listing lags: listed again until the registry shows, recorded once", async () => {
    await ctl.fault({ method: "POST", path: "^/mc/registries$", status: 504, afterHandler: true });
    // The listing before the POST and the first one after it show no registry of the name.
    await ctl.fault({
      method: "GET",
      path: "^/mc/registries$",
      status: 200,
      body: { items: [] },
      count: 2,
    });
    const made = await create(CREATE);
    const mine = (await ctl.state()).registries.filter(
      (r: Any) => r.displayName === "GitHub packages",
    );
    expect(mine.length).toBe(1);
    expect(made.outs).toMatchObject({ registryId: mine[0].id, origin: "created" });
    const listings = (await ctl.journal()).filter(
      (e) => e.method === "GET" && e.path === "/mc/registries",
    );
    expect(listings.length).toBe(3);
    expect(await lines()).toEqual(["POST /mc/registries"]);
    await ctl.clearFaults();
  });

  test("a display name the account already uses is refused before any write, naming the registry", async () => {
    const e = await rejection(create({ ...CREATE, displayName: "Docker Hub mirror" }));
    expect(String(e.message)).toMatch(
      /create failed: the account already has container registry 1 named "Docker Hub mirror"; .*`registryId: 1`/,
    );
    expect(await lines()).toEqual([]);
  });

  test("a create refused while a registry of that name appears (another's create landing first): refused naming it", async () => {
    // The fault stands for another creator: the registry is made, and this create is answered 409.
    await ctl.fault({ method: "POST", path: "^/mc/registries$", status: 409, afterHandler: true });
    const e = await rejection(create(CREATE));
    const theirs = (await ctl.state()).registries.filter(
      (r: Any) => r.displayName === "GitHub packages",
    );
    expect(theirs.length).toBe(1);
    expect(String(e.message)).toContain(
      `the account already has container registry ${theirs[0].id} named "GitHub packages"; an ` +
        `ImageRegistry never creates a second container registry of a name in use`,
    );
    expect(String(e.message)).toContain(`\`registryId: ${theirs[0].id}\``);
    expect(await lines()).toEqual(["POST /mc/registries"]);
    await ctl.clearFaults();
  });

  test("adopt with its own display name: no write; destroy keeps it as it was", async () => {
    const before = await ctl.state();
    const made = await create({ registryId: 1, displayName: "Docker Hub mirror" });
    expect(made.outs).toMatchObject({
      registryId: 1,
      origin: "adopted",
      hostName: "docker.io",
      userName: "deploy-bot",
      prior: { displayName: "Docker Hub mirror" },
    });
    expect(await lines()).toEqual([]);
    await p.delete(made.id, made.outs);
    expect(await lines()).toEqual([]);
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });

  test("update of one field: one PUT with that field (and the required display name), nothing else changes", async () => {
    const made = await create(CREATE);
    resetRunState();
    const before = await ctl.state();
    await ctl.clearJournal();
    const id = made.outs.registryId;
    const up = await update(made, { ...CREATE, displayName: "GitHub packages (prod)" });
    const w = await writes();
    expect(w.map((e) => `${e.method} ${e.path}`)).toEqual([`PUT /mc/registries/${id}`]);
    expect(w[0].body).toEqual({ displayName: "GitHub packages (prod)" });
    expect(up.outs.displayName).toBe("GitHub packages (prod)");
    const expected = JSON.parse(JSON.stringify(before));
    registryOf(expected, id).displayName = "GitHub packages (prod)";
    expect(canonical(await ctl.state())).toEqual(canonical(expected));
  });

  test("token rotation: one PUT with the credentials; no error or log line prints either token", async () => {
    const made = await create(CREATE);
    resetRunState();
    await ctl.clearJournal();
    const id = made.outs.registryId;
    const up = await update(made, { ...CREATE, token: ROTATED });
    const w = await writes();
    expect(w.map((e) => `${e.method} ${e.path}`)).toEqual([`PUT /mc/registries/${id}`]);
    expect(w[0].body).toEqual({
      displayName: "GitHub packages",
      passwordCredentials: { userName: "ci-bot", password: "[redacted]" },
    });
    expect(up.outs.token).toBe(ROTATED);
    // The platform keeps the new token's ends (the emulator's record of it).
    expect(registryOf(await ctl.state(), id).lastPasswordSymbols).toBe("002");

    // A refused token (the emulator refuses one starting with "bad"): an error, no token in it.
    resetRunState();
    await ctl.clearJournal();
    const refused = "bad-token-never-printed";
    const e = await rejection(update(up, { ...CREATE, token: refused }));
    const text = `${String(e.message)}\n${String(e.stack)}`;
    expect(text).toMatch(/the platform did not save the registry \(the registry refused/);
    for (const t of [TOKEN, ROTATED, refused]) expect(text).not.toContain(t);
    for (const t of [TOKEN, ROTATED, refused]) expect(logged.join("")).not.toContain(t);
  });

  test("a new user name without a token: refused before any write (the platform takes the pair)", async () => {
    const made = await create({ registryId: 1, userName: "deploy-bot" });
    expect(await lines()).toEqual([]);
    resetRunState();
    const e = await rejection(update(made, { registryId: 1, userName: "other-bot" }));
    expect(String(e.message)).toContain("a new userName is written with its token");
    expect(await lines()).toEqual([]);
  });

  test("a failed write's error never holds the token (a 500 answer quoting the request)", async () => {
    const made = await create(CREATE);
    resetRunState();
    await ctl.fault({
      method: "PUT",
      path: "^/mc/registries/",
      status: 400,
      body: { message: `invalid credentials ${ROTATED}` },
    });
    const e = await rejection(update(made, { ...CREATE, token: ROTATED }));
    expect(String(e.message)).toMatch(/invalid credentials \[(redacted|secret)\]/);
    expect(`${String(e.message)}${String(e.stack)}`).not.toContain(ROTATED);
    await ctl.clearFaults();
  });

  test("drift by field: refresh shows a display name and user name changed elsewhere; a token changed elsewhere cannot be seen", async () => {
    const made = await create(CREATE);
    resetRunState();
    const id = made.outs.registryId;
    const s = await ctl.state();
    Object.assign(registryOf(s, id), {
      displayName: "renamed elsewhere",
      userName: "someone-else",
      firstPasswordSymbols: "xyz",
      lastPasswordSymbols: "789",
    });
    await ctl.setState(s);
    const read = await p.read(made.id, made.outs);
    expect(read.props.displayName).toBe("renamed elsewhere");
    expect(read.props.userName).toBe("someone-else");
    // The platform never answers the token: the state's is kept.
    expect(read.props.token).toBe(TOKEN);
    expect(read.inputs).toMatchObject({
      registryType: "gitHub",
      displayName: "renamed elsewhere",
      userName: "someone-else",
      token: TOKEN,
    });
  });

  test("adopted with a new token and deleteOnDestroy: one PUT, then destroy deletes it", async () => {
    // Registry 2 is used by no application.
    const two = registryOf(await ctl.state(), 2);
    const made = await create({
      registryId: 2,
      displayName: two.displayName,
      userName: "adopt-bot",
      token: TOKEN,
      deleteOnDestroy: true,
    });
    expect(made.outs).toMatchObject({ origin: "adopted", deleteOnDestroy: true });
    expect(await lines()).toEqual(["PUT /mc/registries/2"]);
    expect(registryOf(await ctl.state(), 2)).toMatchObject({
      userName: "adopt-bot",
      lastPasswordSymbols: "001",
    });
    // A refresh reports the program's inputs as it wrote them, `deleteOnDestroy` included.
    resetRunState();
    const read = await p.read(made.id, made.outs);
    expect(read.inputs).toEqual({
      registryId: 2,
      deleteOnDestroy: true,
      displayName: two.displayName,
      userName: "adopt-bot",
      token: TOKEN,
    });
    resetRunState();
    await ctl.clearJournal();
    await p.delete(made.id, made.outs);
    expect(await lines()).toEqual(["DELETE /mc/registries/2"]);
    expect(registryOf(await ctl.state(), 2)).toBeUndefined();
  });

  test("adopted and renamed: destroy gives back its display name, keeps it, and says the credentials cannot be given back", async () => {
    const before = await ctl.state();
    const made = await create({
      registryId: 1,
      displayName: "Pulumi's name",
      userName: "new-bot",
      token: TOKEN,
    });
    expect(await lines()).toEqual(["PUT /mc/registries/1"]);
    // The token before Pulumi is not known (null): the platform never answers one.
    expect(made.outs.prior).toEqual({
      displayName: "Docker Hub mirror",
      userName: "deploy-bot",
      token: null,
    });
    resetRunState();
    await ctl.clearJournal();
    await p.delete(made.id, made.outs);
    const w = await writes();
    expect(w.map((e) => `${e.method} ${e.path}`)).toEqual(["PUT /mc/registries/1"]);
    expect(w[0].body).toEqual({ displayName: "Docker Hub mirror" });
    expect(logged.join("")).toContain(
      "container registry 1's credentials are left as they are: the platform never answers a registry's token",
    );
    const r = registryOf(await ctl.state(), 1);
    expect(r.displayName).toBe(registryOf(before, 1).displayName);
    expect(r.userName).toBe("new-bot");
  });

  test("a created registry still in use: destroy fails with the platform's refusal and deletes nothing", async () => {
    const made = await create(CREATE);
    const id = made.outs.registryId;
    const s = await ctl.state();
    (s.apps as Any[])[0].containerTemplates[0].imageRegistryId = String(id);
    await ctl.setState(s);
    resetRunState();
    const e = await rejection(p.delete(made.id, made.outs));
    expect(String(e.message)).toContain(`Container registry ${id} is used by`);
    expect(registryOf(await ctl.state(), id)).toBeDefined();
  });

  test("getRegistryOutput takes the resource's registryId output", async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: async (a) => {
          // The mocks hand secrets over wrapped (`{ <sig>: …, value }`); the engine unwraps them.
          const plain = (v: Any) =>
            v !== null && typeof v === "object" && "value" in v ? v.value : v;
          const news = Object.fromEntries(
            Object.entries(a.inputs)
              .filter(([k, v]) => !k.startsWith("__") && v !== undefined)
              .map(([k, v]) => [k, plain(v)]),
          );
          const made = await create(news);
          return { id: made.id, state: made.outs };
        },
        call: (a) => a.inputs,
      },
      "project",
      "stack",
      false,
    );
    const reg = new ImageRegistry("ghcr", { ...CREATE, registryType: "gitHub" });
    const found = getRegistryOutput({ registryId: reg.registryId }, {
      connection: { apiKey: emu.apiKey, baseUrl: emu.url },
    } as never);
    const host = await new Promise((resolve) => pulumi.unsecret(found.hostName).apply(resolve));
    const name = await new Promise((resolve) => pulumi.unsecret(found.displayName).apply(resolve));
    expect([host, name]).toEqual(["ghcr.io", "GitHub packages"]);
  });
});
