/**
 * `edge.compute.ScriptSecret` (kinds/collections/script-secret.ts) against the in-process
 * emulator, driven through its dynamic provider, under every behaviour profile of the
 * emulator. Fixture script 1 (`edge-router`) holds secret 31 (`API_TOKEN`); script 2 holds
 * none. The platform stores a secret's value and never answers it.
 */
import { inspect } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { EmulatorControl } from "../../packages/emulator/src";
import { PROFILE_NAMES } from "../../packages/emulator/src/profiles";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import {
  checkScriptSecretInputs,
  scriptSecretProvider,
} from "../../packages/pulumi/src/resources/kinds/collections/script-secret-fields";
import { ScriptSecret } from "../../packages/pulumi/src/resources/public/script-secret";
import { quietProviderLogs, usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const p: Any = scriptSecretProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

const VALUE = "s3cr3t-value-first";
const ROTATED = "s3cr3t-value-rotated";

const savedTiming = { ...timing };
beforeAll(() => {
  quietProviderLogs();
  Object.assign(timing, { readBackMs: 2_000, readBackStepMs: 20, recoveryMaxStepMs: 20 });
});
afterAll(() => void Object.assign(timing, savedTiming));

/** The secrets script `id` holds on the platform (their values included: the emulator's). */
const secretsOf = async (id: number): Promise<Any[]> =>
  ((await t.state()).scripts as Any[]).find((s) => s.id === id)?.secrets ?? [];
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path}`);
const writes = async () => (await calls()).filter((c) => !c.startsWith("GET "));

/** The inputs as `check` returns them (it must find nothing to fail). */
const checked = (inputs: Any) => {
  const r = checkScriptSecretInputs({}, inputs);
  expect(r.failures ?? []).toEqual([]);
  return r.inputs as Any;
};
const create = (inputs: Any) => p.create(checked(inputs));
/** A later run (`pulumi up` or `destroy` after the one that created). */
const nextRun = async () => {
  await t.clearJournal();
  resetRunState();
};
/** What the provider wrote to stderr (its logs) since the test began. */
const logged = () =>
  (process.stderr.write as unknown as jest.Mock).mock.calls.map((c) => String(c[0])).join("");

describe.each(PROFILE_NAMES)("profile %s", (profile) => {
  beforeEach(async () => {
    await ctl().setProfile(profile);
    await t.clearJournal();
  });

  test("create: one write; the platform holds the value; the state keeps the program's", async () => {
    const { id, outs } = await create({ scriptId: 2, name: "UPSTREAM_TOKEN", value: VALUE });
    expect(await writes()).toEqual(["POST /compute/script/2/secrets"]);
    const held = await secretsOf(2);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ Id: Number(id), Name: "UPSTREAM_TOKEN", value: VALUE });
    expect(outs).toMatchObject({
      secretId: Number(id),
      scriptId: 2,
      name: "UPSTREAM_TOKEN",
      value: VALUE,
      adopted: false,
    });
  });

  test("rotation: another value is one write of that secret, no replacement", async () => {
    const inputs = { scriptId: 2, name: "UPSTREAM_TOKEN", value: VALUE };
    const { id, outs } = await create(inputs);
    await nextRun();
    const news = checked({ ...inputs, value: ROTATED });
    const diff = await p.diff(id, outs, news);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
    const { outs: after } = await p.update(id, outs, news);
    expect(await writes()).toEqual([`POST /compute/script/2/secrets/${id}`]);
    expect((await secretsOf(2)).map((x) => [x.Id, x.Name, x.value])).toEqual([
      [Number(id), "UPSTREAM_TOKEN", ROTATED],
    ]);
    expect(after).toMatchObject({ secretId: Number(id), value: ROTATED });
    // The same value again: no change, so no write.
    expect((await p.diff(id, after, news)).changes).toBe(false);
  });

  test("refresh: the value kept (never reported, so its drift cannot be seen); a deleted secret is gone", async () => {
    const { id, outs } = await create({ scriptId: 2, name: "UPSTREAM_TOKEN", value: VALUE });
    const s = await t.state();
    (s.scripts as Any[]).find((x) => x.id === 2).secrets[0].value = "changed-elsewhere";
    await t.setState(s);
    await nextRun();
    const read = await p.read(id, outs);
    expect(read.props).toMatchObject({
      secretId: Number(id),
      name: "UPSTREAM_TOKEN",
      value: VALUE,
    });
    expect(read.props.unmanaged).toBeUndefined();
    expect(await writes()).toEqual([]);
    const gone = await t.state();
    (gone.scripts as Any[]).find((x) => x.id === 2).secrets = [];
    await t.setState(gone);
    await nextRun();
    const after = await p.read(id, outs);
    // Gone: the read answers no id (Pulumi drops the resource from the state).
    expect(after.id).toBe("");
    expect(await writes()).toEqual([]);
  });

  test("adopt by id: its value is written once (the old one cannot be read)", async () => {
    const { id, outs } = await create({ secretId: 31, scriptId: 1, value: VALUE });
    expect(String(id)).toBe("31");
    expect(outs).toMatchObject({
      secretId: 31,
      scriptId: 1,
      name: "API_TOKEN",
      value: VALUE,
      adopted: true,
    });
    expect(await writes()).toEqual(["POST /compute/script/1/secrets/31"]);
    expect((await secretsOf(1)).find((x) => x.Id === 31)?.value).toBe(VALUE);
  });

  test("adopt by id without a value (what `pulumi import` gives): 0 writes, the value not managed", async () => {
    const { id, outs } = await create({ secretId: 31, scriptId: 1 });
    expect(String(id)).toBe("31");
    expect(outs).toMatchObject({ secretId: 31, name: "API_TOKEN", adopted: true });
    expect(outs.value).toBeUndefined();
    expect(await writes()).toEqual([]);
    expect((await secretsOf(1)).find((x) => x.Id === 31)?.value).toBe("fixture-secret-api-token");
  });

  test("destroy: a created secret is deleted; an adopted one is left", async () => {
    const { id, outs } = await create({ scriptId: 2, name: "UPSTREAM_TOKEN", value: VALUE });
    await nextRun();
    await p.delete(id, outs);
    expect(await writes()).toEqual([`DELETE /compute/script/2/secrets/${id}`]);
    expect(await secretsOf(2)).toEqual([]);
    const adopted = await create({ secretId: 31, scriptId: 1, value: VALUE });
    await nextRun();
    await p.delete(31, adopted.outs);
    expect(await writes()).toEqual([]);
    expect((await secretsOf(1)).map((x) => x.Id)).toEqual([31]);
  });

  test("a name the script already holds: the create is refused before any write", async () => {
    const e = create({ scriptId: 1, name: "API_TOKEN", value: VALUE });
    await expect(e).rejects.toThrow(/edge script 1 already has secret 31 named "API_TOKEN"/);
    expect(await writes()).toEqual([]);
    expect((await secretsOf(1)).map((x) => [x.Id, x.value])).toEqual([
      [31, "fixture-secret-api-token"],
    ]);
  });
});

test("another name (the platform cannot rename a secret) or another script replaces a created secret", async () => {
  const inputs = { scriptId: 2, name: "UPSTREAM_TOKEN", value: VALUE };
  const { id, outs } = await create(inputs);
  await nextRun();
  const diff = await p.diff(id, outs, checked({ ...inputs, name: "OTHER_TOKEN" }));
  expect(diff.replaces).toEqual(["name"]);
  const moved = await p.diff(id, outs, checked({ ...inputs, scriptId: 3 }));
  expect(moved.replaces).toEqual(["scriptId"]);
  expect(await writes()).toEqual([]);
});

test("a failed write: the error and the logs never hold the value, even when the platform echoes it", async () => {
  const echo = { Message: `invalid secret ${VALUE}`, ErrorKey: "validation", Field: "Secret" };
  await t.fault({ method: "POST", path: "^/compute/script/2/secrets$", status: 400, body: echo });
  const err = await create({ scriptId: 2, name: "UPSTREAM_TOKEN", value: VALUE }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  const text = `${(err as Error).message}\n${(err as Error).stack}\n${inspect(err, { depth: 8 })}`;
  expect(text).toMatch(/ScriptSecret|secret/);
  expect(text).not.toContain(VALUE);
  expect(logged()).not.toContain(VALUE);
  expect(await secretsOf(2)).toEqual([]);
});

test("check: the script and the value are required; a new secret needs its name; no failure quotes the value", () => {
  const failures = (inputs: Any) =>
    (checkScriptSecretInputs({}, inputs).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(failures({ name: "X", value: VALUE })).toEqual([
    "scriptId: is required: the edge script of the secret (with secretId to adopt one of it)",
  ]);
  expect(failures({ scriptId: 2, value: VALUE })).toEqual([
    "name: is required when creating a secret (no secretId): it is the secret's name, " +
      "unique in its script, and how a create is made idempotent",
  ]);
  expect(failures({ scriptId: 2, name: "X" })).toEqual([
    "value: is required when creating a secret (no secretId): the secret's value (a string; " +
      "with secretId, left out: the value is not managed)",
  ]);
  // An adopt may leave it out (what `pulumi import` gives): the value is not managed.
  expect(failures({ scriptId: 1, secretId: 31 })).toEqual([]);
  const long = "k".repeat(4097);
  const tooLong = failures({ scriptId: 2, name: "X", value: long });
  expect(tooLong).toEqual(["value: is 4097 characters long: at most 4096 are allowed"]);
});

test('get: "<scriptId>/<secretId>" reads a secret without managing it (no value); another id is refused', async () => {
  const read = await p.read("1/31", undefined);
  expect(read.props).toMatchObject({
    secretId: 31,
    scriptId: 1,
    name: "API_TOKEN",
    readOnly: true,
  });
  expect(JSON.stringify(read)).not.toContain("fixture-secret-api-token");
  await expect(p.read("31", undefined)).rejects.toThrow(
    'the id must be "<scriptId>/<secretId>" (e.g. "1/31"); got "31"',
  );
  expect(await writes()).toEqual([]);
});

test("the class makes the value a Pulumi secret, input and output, whatever the program passes", async () => {
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
  const r = new ScriptSecret(
    "plain",
    { scriptId: 1, name: "UPSTREAM_TOKEN", value: VALUE },
    { transformations: [record] },
  );
  expect(seen.plain.opts.additionalSecretOutputs).toEqual(["value"]);
  expect(await pulumi.isSecret(seen.plain.props.value)).toBe(true);
  expect(seen.plain.props.name).toBe("UPSTREAM_TOKEN");
  expect(inspect(seen.plain.props, { depth: 6 })).not.toContain(VALUE);
  expect(inspect(r, { depth: 6 })).not.toContain(VALUE);
});

test("refresh of a script's secrets is one GET of its secrets listing", async () => {
  await ctl().setProfile("default");
  const made = [];
  for (const name of ["FIRST_TOKEN", "SECOND_TOKEN"])
    made.push(await create({ scriptId: 2, name, value: VALUE }));
  await nextRun();
  const read = await Promise.all(made.map((m: Any) => p.read(m.id, m.outs)));
  expect(read.map((r: Any) => r.props.name)).toEqual(["FIRST_TOKEN", "SECOND_TOKEN"]);
  expect(await calls()).toEqual(["GET /compute/script/2/secrets"]);
});

// A rotation has nothing to read: the platform never reports a value (no merge base) and a
// secret cannot be renamed. Its one call is the write of the value; a secret deleted outside
// Pulumi answers that write with a not-found, and nothing is created in its place.
test("a rotation is one call, the write of the value; a secret deleted since fails it, nothing made", async () => {
  await ctl().setProfile("default");
  const inputs = { scriptId: 2, name: "ROTATED_TOKEN", value: VALUE };
  const { id, outs } = await create(inputs);
  await nextRun();
  const news = checked({ ...inputs, value: ROTATED });
  const { outs: after } = await p.update(id, outs, news);
  expect(await calls()).toEqual([`POST /compute/script/2/secrets/${id}`]);
  expect(after).toMatchObject({ secretId: Number(id), name: "ROTATED_TOKEN", value: ROTATED });
  expect((await secretsOf(2)).map((x) => [x.Id, x.value])).toEqual([[Number(id), ROTATED]]);

  await ctl().updateState((s: Any) => {
    s.scripts.find((x: Any) => x.id === 2).secrets = [];
  });
  await nextRun();
  const again = checked({ ...inputs, value: "s3cr3t-value-third" });
  await expect(p.update(id, after, again)).rejects.toThrow(/not found|404/i);
  expect(await secretsOf(2)).toEqual([]);
});
