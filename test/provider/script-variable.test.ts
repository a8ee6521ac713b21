/**
 * `edge.compute.ScriptVariable` (kinds/collections/script-variable.ts) against the in-process
 * emulator, driven through its dynamic provider, under every behaviour profile of the
 * emulator and under the upsert that replaces (`scriptVarUpsert: "replace"`). Fixture script
 * 1 (`edge-router`) holds variables 21 (`ORIGIN`, required, default
 * `https://origin.example`) and 22 (`LOG_LEVEL`, default `info`); script 2 holds none.
 */
import { EmulatorControl } from "../../packages/emulator/src";
import { PROFILE_NAMES } from "../../packages/emulator/src/profiles";
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import {
  checkScriptVariableInputs,
  scriptVariableFieldChanges as fieldChanges,
  scriptVariableProvider,
} from "../../packages/pulumi/src/resources/kinds/collections/script-variable-fields";
import { quietProviderLogs, usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const p: Any = scriptVariableProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

const savedTiming = { ...timing };
beforeAll(() => {
  quietProviderLogs();
  Object.assign(timing, { readBackMs: 2_000, readBackStepMs: 20, recoveryMaxStepMs: 20 });
});
afterAll(() => void Object.assign(timing, savedTiming));

/** The variables script `id` holds on the platform. */
const variablesOf = async (id: number): Promise<Any[]> =>
  ((await t.state()).scripts as Any[]).find((s) => s.id === id)?.variables ?? [];
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path}`);
const writes = async () => (await calls()).filter((c) => !c.startsWith("GET "));

/** The inputs as `check` returns them (it must find nothing to fail). */
const checked = (inputs: Any) => {
  const r = checkScriptVariableInputs({}, inputs);
  expect(r.failures ?? []).toEqual([]);
  return r.inputs as Any;
};
const create = (inputs: Any) => p.create(checked(inputs));
/** A later run (`pulumi up` or `destroy` after the one that created). */
const nextRun = async () => {
  await t.clearJournal();
  resetRunState();
};

const PROFILES: [string, Any][] = [
  ...PROFILE_NAMES.map((n): [string, Any] => [n, n]),
  ["upsert replaces", { scriptVarUpsert: "replace" }],
];

describe.each(PROFILES)("profile %s", (_label, profile) => {
  beforeEach(async () => {
    await ctl().setProfile(profile);
    await t.clearJournal();
  });

  test("create: one write; the variable is stored with its fields; the id is its own", async () => {
    const { id, outs } = await create({
      scriptId: 2,
      name: "REGION",
      defaultValue: "eu",
      required: true,
    });
    expect(await writes()).toEqual(["POST /compute/script/2/variables/add"]);
    const vars = await variablesOf(2);
    expect(vars).toEqual([{ Id: Number(id), Name: "REGION", Required: true, DefaultValue: "eu" }]);
    expect(outs).toMatchObject({
      variableId: Number(id),
      scriptId: 2,
      name: "REGION",
      defaultValue: "eu",
      required: true,
      adopted: false,
    });
  });

  test("adopt by id with the values it holds: 0 writes", async () => {
    const { id, outs } = await create({
      variableId: 21,
      scriptId: 1,
      defaultValue: "https://origin.example",
      required: true,
    });
    expect(String(id)).toBe("21");
    expect(outs).toMatchObject({ variableId: 21, scriptId: 1, name: "ORIGIN", adopted: true });
    expect(await writes()).toEqual([]);
  });

  test("update of defaultValue: one write of that variable, nothing else changes", async () => {
    const inputs = { scriptId: 2, name: "REGION", defaultValue: "eu", required: true };
    const { id, outs } = await create(inputs);
    await nextRun();
    const news = checked({ ...inputs, defaultValue: "us" });
    const diff = await p.diff(id, outs, news);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
    const { outs: after } = await p.update(id, outs, news);
    expect(await writes()).toEqual([`POST /compute/script/2/variables/${id}`]);
    expect(await variablesOf(2)).toEqual([
      { Id: Number(id), Name: "REGION", Required: true, DefaultValue: "us" },
    ]);
    expect(after).toMatchObject({ variableId: Number(id), defaultValue: "us", required: true });
  });

  test("drift: a change made outside Pulumi is read back and the diff names the field", async () => {
    const inputs = { scriptId: 2, name: "REGION", defaultValue: "eu", required: true };
    const { id, outs } = await create(inputs);
    const s = await t.state();
    (s.scripts as Any[]).find((x) => x.id === 2).variables[0].DefaultValue = "ap";
    await t.setState(s);
    await nextRun();
    const read = await p.read(id, outs);
    expect(read.props).toMatchObject({ defaultValue: "ap" });
    expect(await writes()).toEqual([]);
    const diff = await p.diff(id, read.props, checked(inputs));
    expect(diff.changes).toBe(true);
    expect(fieldChanges(read.props, checked(inputs))).toMatchObject({ changed: ["defaultValue"] });
  });

  test("destroy: a created variable is deleted; an adopted one is left", async () => {
    const { id, outs } = await create({ scriptId: 2, name: "REGION", defaultValue: "eu" });
    await nextRun();
    await p.delete(id, outs);
    expect(await writes()).toEqual([`DELETE /compute/script/2/variables/${id}`]);
    expect(await variablesOf(2)).toEqual([]);
    const adopted = await create({ variableId: 22, scriptId: 1 });
    await nextRun();
    await p.delete(22, adopted.outs);
    expect(await writes()).toEqual([]);
    expect((await variablesOf(1)).map((v) => v.Id)).toEqual([21, 22]);
  });

  test("a name the script already holds: the create is refused before any write", async () => {
    const e = create({ scriptId: 1, name: "LOG_LEVEL", defaultValue: "debug" });
    await expect(e).rejects.toThrow(/edge script 1 already has variable 22 named "LOG_LEVEL"/);
    // Unique in the parent, named as the parent is: an edge script, not a zone.
    await expect(e).rejects.toThrow("Variable names are unique in an edge script, and Pulumi");
    expect(await writes()).toEqual([]);
    expect((await variablesOf(1)).find((v) => v.Id === 22)).toEqual({
      Id: 22,
      Name: "LOG_LEVEL",
      Required: false,
      DefaultValue: "info",
    });
  });
});

test("two resources of one program creating one name in a script: the second is refused, naming the script", async () => {
  await create({ scriptId: 2, name: "REGION", defaultValue: "eu" });
  await expect(create({ scriptId: 2, name: "REGION", defaultValue: "us" })).rejects.toThrow(
    'another resource of this program already creates or manages a variable named "REGION" in ' +
      "edge script 2; variable names are unique in an edge script.",
  );
  expect(await writes()).toEqual(["POST /compute/script/2/variables/add"]);
});

test("another name (the platform cannot rename a variable) or another script replaces a created variable", async () => {
  const inputs = { scriptId: 2, name: "REGION", defaultValue: "eu" };
  const { id, outs } = await create(inputs);
  await nextRun();
  const diff = await p.diff(id, outs, checked({ ...inputs, name: "ZONE" }));
  expect(diff.replaces).toEqual(["name"]);
  // Names are unique in a script: the old variable goes first.
  expect(diff.deleteBeforeReplace).toBe(true);
  const moved = await p.diff(id, outs, checked({ ...inputs, scriptId: 3 }));
  expect(moved.replaces).toEqual(["scriptId"]);
  expect(await writes()).toEqual([]);
});

test("refresh of a script's variables is one GET of the script", async () => {
  const outs = [21, 22].map((v) => ({
    variableId: v,
    scriptId: 1,
    origin: "adopted",
    adopted: true,
  }));
  const read = await Promise.all(outs.map((o) => p.read(String(o.variableId), o)));
  expect(read.map((r: Any) => r.props.name)).toEqual(["ORIGIN", "LOG_LEVEL"]);
  expect(await calls()).toEqual(["GET /compute/script/1"]);
});

test("check: the script is required; a new variable needs its name; bad values are named", () => {
  const failures = (inputs: Any) =>
    (checkScriptVariableInputs({}, inputs).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(failures({ name: "X" })).toEqual([
    "scriptId: is required: the edge script of the variable (with variableId to adopt one of it)",
  ]);
  expect(failures({ scriptId: 2 })).toEqual([
    "name: is required when creating a variable (no variableId): it is the variable's name, " +
      "unique in its script, and how a create is made idempotent",
  ]);
  // At preview the script may be another resource's output not known yet.
  expect(failures({ scriptId: UNKNOWN, name: "X" })).toEqual([]);
  const bad = failures({ scriptId: 2, name: "X", required: "yes", colour: 1 });
  expect(bad.some((f) => f.startsWith("required:"))).toBe(true);
  expect(bad.some((f) => f.startsWith("colour:"))).toBe(true);
});

test('get: "<scriptId>/<variableId>" reads a variable without managing it; another id is refused', async () => {
  const read = await p.read("1/21", undefined);
  expect(read.props).toMatchObject({
    variableId: 21,
    scriptId: 1,
    name: "ORIGIN",
    defaultValue: "https://origin.example",
    required: true,
    readOnly: true,
  });
  await expect(p.read("21", undefined)).rejects.toThrow(
    'the id must be "<scriptId>/<variableId>" (e.g. "1/21"); got "21"',
  );
  expect(await writes()).toEqual([]);
});
