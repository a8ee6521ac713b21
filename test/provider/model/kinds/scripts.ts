/**
 * The edge-scripting resources as kinds of the model test: `edge.compute.EdgeScript` (a
 * script: its name, type and code), `ScriptVariable` and `ScriptSecret` (objects of a script,
 * whose "zone" is their script's id; a script's own is 0, the account).
 *
 * - EdgeScript: created by `name` (destroy deletes it with its variables and secrets: they
 *   are `within` it) or adopted by `scriptId` (destroy gives back its name, type and code:
 *   invariant (7)). The code is handed over as the program does (`storeCode`: its hash and
 *   size); the platform's code is compared by its sha256. A name the account uses is refused
 *   before any write (fixture `edge-router` is in the pool; another actor takes the pool's).
 * - ScriptVariable: in fixture script 1 (two variables), 2 (none) or a script the program
 *   creates (`scriptId: { $ref }`); adopted by `variableId`; names unique in a script.
 * - ScriptSecret: the same places; adopted by `secretId`; its value is write-only: the
 *   platform's stored value is compared, and another actor never edits it (the docs say its
 *   drift cannot be seen).
 */
import fc from "fast-check";
import { EdgeScriptType } from "../../../../packages/client/src/spec";
import type { EmulatorState } from "../../../../packages/emulator/src";
import { scriptSecretProvider } from "../../../../packages/pulumi/src/resources/kinds/collections/script-secret-fields";
import { scriptVariableProvider } from "../../../../packages/pulumi/src/resources/kinds/collections/script-variable-fields";
import { edgeScriptProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/edge-script";
import {
  codeHash,
  storeCode,
} from "../../../../packages/pulumi/src/resources/public/edge-script-code";
import { clone, ProgramInputs, StateEntry } from "../engine";
import type { FieldEdit, ModelKind, OobCreateSpec, PlatformObject } from "../kind";
import { canon } from "../oracle";
import { sometimes } from "./rules";

type StoredScript = Required<EmulatorState["scripts"][number]>;
type Json = Record<string, unknown>;

/** Fixture scripts the variables and secrets go to (1: two variables and a secret; 2: none). */
const FIXTURE_SCRIPTS = [1, 2];
/** Names a program creates scripts of ("edge-router" is fixture script 1's: refused). */
const SCRIPT_NAMES = ["ms-alpha", "ms-beta", "edge-router"];
/** Code a program writes (stored for the provider as the program does: by hash). */
const CODES = [
  "export default { fetch: () => new Response('one') };\n",
  "export default { fetch: () => new Response('two') };\n",
];
const HASHES = CODES.map((c) => storeCode(c).codeHash);
const TYPES = ["CDN", "Middleware"] as const;

const scriptById = (s: EmulatorState, id: number) =>
  (s.scripts as StoredScript[]).find((x) => x.id === id);

// ---------------------------------------------------------------------------------------
// EdgeScript
// ---------------------------------------------------------------------------------------

/** The script fields the programs manage (the platform's values: type by number, code by hash). */
const SCRIPT_FIELDS = ["name", "scriptType", "codeHash"];

/**
 * Whether the platform publishes saved code as a new live release (the emulator's
 * `scriptCodeSave: "publish"`): then a code write also changes the live release (set by the
 * test with the profile).
 */
let publishesSavedCode = false;
export const setPublishesSavedCode = (on: boolean) => void (publishesSavedCode = on);

/** A script's own fields (the rest are `platform.*`). */
const OWN = ["id", "name", "scriptType", "code", "codeModified", "currentReleaseId", "releases"];

const projectScript = (x: StoredScript): PlatformObject => {
  // Compared without its variables and secrets (their own kinds) and the date of its last
  // change (the platform's bookkeeping: a variable's or secret's write moves it too).
  const { variables: _v, secrets: _s, lastModified: _at, ...raw } = x as Json;
  const live = x.releases.find((r) => r.Id === x.currentReleaseId);
  const fields: Json = {
    name: x.name,
    scriptType: x.scriptType,
    codeHash: codeHash(String(x.code ?? "")),
    // The live release, by its code's hash (its id and the release history are the
    // platform's: a restore on a platform that publishes saved code makes a new release of
    // the old code; an object nobody owns is still compared whole, `raw`).
    liveCodeHash: live ? codeHash(String(live.Code ?? "")) : null,
  };
  for (const [k, v] of Object.entries(raw)) if (!OWN.includes(k)) fields[`platform.${k}`] = v;
  return { key: `es:${x.id}`, id: x.id, zone: 0, name: x.name, fields, raw };
};

/** The managed fields; a code write on a platform that publishes saved code moves the release. */
const scriptManaged = (p: ProgramInputs) => {
  const out = SCRIPT_FIELDS.filter((f) => p[f] !== undefined);
  if (publishesSavedCode && p.codeHash !== undefined) out.push("liveCodeHash");
  return out;
};

/** The code inputs of pool code `i`, as the program's `code` gives them. */
const codeInputs = (i: number) => storeCode(CODES[i % CODES.length]);

/** `edge.compute.EdgeScript`. */
export const edgeScriptKind: ModelKind = {
  name: "EdgeScript",
  tag: "es",
  provider: edgeScriptProvider,
  objects: (s) => (s.scripts as StoredScript[]).map(projectScript),
  paths: {
    create: "^/compute/script$",
    one: "^/compute/script/\\d+(/code)?$",
    list: "^/compute/script$",
    read: /^\/compute\/script\/(\d+)$/,
    methods: { update: "POST" },
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.scriptId === "number" ? p.scriptId : undefined),
  zoneOf: () => undefined,
  managedFields: scriptManaged,
  differences(p, obj) {
    const out: string[] = [];
    for (const f of SCRIPT_FIELDS.filter((x) => p[x] !== undefined)) {
      const mine =
        f === "scriptType" && typeof p[f] === "string"
          ? (EdgeScriptType as Record<string, number>)[p[f]]
          : p[f];
      if (canon(mine) !== canon(obj.fields[f]))
        out.push(`${f}: program ${canon(p[f])}, platform ${canon(obj.fields[f])}`);
    }
    return out;
  },
  expectedErrors: [
    /the account already has edge script \d+ named/,
    /another resource of this program (already|now) (creates or )?manages/,
    /another resource of this program already creates an? .* named/, // one name, two creates
  ],
  restoresPrior: { fields: SCRIPT_FIELDS, unseen: {} },
  // Destroy gives back the code; on a platform that publishes saved code that is a new live
  // release of it (a script that had none before cannot go back to none).
  restoredFields: (p) => SCRIPT_FIELDS.filter((f) => p[f] !== undefined),
  createdBy: (st) => st.outputs.origin === "created",
  newContainer: (i) => ({
    name: SCRIPT_NAMES[i % SCRIPT_NAMES.length],
    scriptType: TYPES[i % TYPES.length],
    ...codeInputs(i),
  }),
  addInputs: fc
    .tuple(fc.constantFrom(...SCRIPT_NAMES), fc.constantFrom(...TYPES), fc.nat(1))
    .map(([name, scriptType, i]) => ({ name, scriptType, ...codeInputs(i) })),
  edits: fc.oneof(
    fc
      .constantFrom(...SCRIPT_NAMES)
      .map((value): FieldEdit => ({ field: "name", value, remove: false })),
    fc
      .tuple(fc.nat(1), fc.boolean())
      .map(([value, remove]): FieldEdit => ({ field: "code", value, remove })),
  ),
  applyEdit(prog, e) {
    if (e.field === "code") {
      if (e.remove) {
        // An adopted script's code left as it is (a created one needs its code).
        if (prog.codeHash === undefined || typeof prog.scriptId !== "number") return undefined;
        delete prog.codeHash;
        delete prog.codeSize;
        return "code removed (unmanaged)";
      }
      Object.assign(prog, codeInputs(Number(e.value)));
      return `code = pool code ${Number(e.value)} (${String(prog.codeHash).slice(0, 8)})`;
    }
    prog[e.field] = clone(e.value);
    return `${e.field} = ${JSON.stringify(e.value)}`;
  },
  adoptSpecs: fc.record({
    name: sometimes(fc.constantFrom("ms-renamed"), 1, 1),
    code: sometimes(fc.nat(1), 1, 1),
  }),
  adoptInputs(obj, spec) {
    const a = spec as { name?: string; code?: number };
    const inputs: ProgramInputs = { scriptId: obj.id };
    if (a.name !== undefined) inputs.name = a.name;
    if (a.code !== undefined) Object.assign(inputs, codeInputs(a.code));
    return inputs;
  },
  oobEdits: fc.oneof(
    fc.constantFrom("renamed-elsewhere").map((value) => ({ field: "name", value })),
    fc.nat(1).map((value) => ({ field: "codeHash", value: HASHES[value] })),
  ),
  oobEdit(s, obj, e) {
    const x = scriptById(s, Number(obj.id))!;
    if (e.field === "name") x.name = String(e.value);
    else x.code = CODES[HASHES.indexOf(String(e.value))];
  },
  oobCreates: fc
    .constantFrom(...SCRIPT_NAMES)
    .map((name): OobCreateSpec => ({ zone: 0, name, body: {} })),
  oobCreate(s, c) {
    if ((s.scripts as StoredScript[]).some((x) => x.name === c.name)) return undefined;
    const ids = s.nextIds as unknown as { script: number };
    const id = ids.script++;
    (s.scripts as StoredScript[]).push({
      id,
      name: c.name!,
      scriptType: 1,
      code: "",
      codeModified: "2026-02-01T00:00:00Z",
      lastModified: "2026-02-01T00:00:00Z",
      currentReleaseId: 0,
      releases: [],
      variables: [],
      secrets: [],
      deploymentKey: `elsewhere-${id}`,
      linkedPullZoneIds: [],
    } as StoredScript);
    return id;
  },
};

// ---------------------------------------------------------------------------------------
// Variables and secrets: shared parts
// ---------------------------------------------------------------------------------------

/** A script of the program (by index: commands.ts resolves it) or a fixture script. */
const scriptPlacement = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...FIXTURE_SCRIPTS) },
  { weight: 2, arbitrary: fc.nat(3).map((i): unknown => ({ $ref: `#${i}` })) },
);

const scriptOfEntry = (p: ProgramInputs) =>
  typeof p.scriptId === "number" ? p.scriptId : undefined;

/** Errors of an object whose script the program creates but could not (its name taken). */
const SCRIPT_REFUSED = /the account already has edge script \d+ named/;

type Item = Json & { Id: number; Name: string };

const itemsOf = (s: EmulatorState, list: "variables" | "secrets"): [number, Item][] =>
  (s.scripts as StoredScript[]).flatMap((x) =>
    ((x[list] ?? []) as unknown as Item[]).map((v) => [x.id, v] as [number, Item]),
  );

function edit(prog: ProgramInputs, e: FieldEdit, required: string[]): string | undefined {
  if (e.remove) {
    if (prog[e.field] === undefined || required.includes(e.field)) return undefined;
    delete prog[e.field];
    return `${e.field} removed (unmanaged)`;
  }
  prog[e.field] = clone(e.value);
  return `${e.field} = ${JSON.stringify(e.value)}`;
}

// ---------------------------------------------------------------------------------------
// ScriptVariable
// ---------------------------------------------------------------------------------------

/** Variable names ("LOG_LEVEL" is fixture script 1's: refused there). */
const VARIABLE_NAMES = ["MODEL_A", "MODEL_B", "LOG_LEVEL"];
const variableManaged = (p: ProgramInputs) =>
  ["defaultValue", "required"].filter((f) => p[f] !== undefined);

/** `edge.compute.ScriptVariable`. */
export const scriptVariableKind: ModelKind = {
  name: "ScriptVariable",
  tag: "sv",
  provider: scriptVariableProvider,
  objects: (s) =>
    itemsOf(s, "variables").map(([script, v]) => ({
      key: `sv:${v.Id}`,
      id: v.Id,
      zone: script,
      name: v.Name,
      fields: { defaultValue: v.DefaultValue ?? null, required: v.Required ?? false },
      raw: v,
    })),
  within: "es",
  refField: "scriptId",
  fixtureContainers: FIXTURE_SCRIPTS,
  paths: {
    create: "^/compute/script/\\d+/variables(/add)?$",
    one: "^/compute/script/\\d+/variables/\\d+$",
    list: "^/compute/script/\\d+(/variables)?$",
    read: /^\/compute\/script\/\d+\/variables\/(\d+)$/,
    readZone: /^\/compute\/script\/(\d+)(?:\/variables)?$/,
    methods: { update: "POST" },
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.variableId === "number" ? p.variableId : undefined),
  zoneOf: scriptOfEntry,
  managedFields: variableManaged,
  differences(p, obj) {
    const out: string[] = [];
    if (typeof p.name === "string" && p.name !== obj.name)
      out.push(`name: program ${p.name}, platform ${String(obj.name)}`);
    for (const f of variableManaged(p))
      if (canon(p[f] ?? null) !== canon(obj.fields[f] ?? null))
        out.push(`${f}: program ${canon(p[f])}, platform ${canon(obj.fields[f])}`);
    return out;
  },
  expectedErrors: [
    /already has variable \d+ named/,
    /already manages variable|another resource of this program (already|now) (creates or )?manages/,
    /was not found|not found/i,
    SCRIPT_REFUSED,
  ],
  addInputs: fc
    .tuple(
      scriptPlacement,
      fc.constantFrom(...VARIABLE_NAMES),
      sometimes(fc.constantFrom<unknown>("on", "off", null), 1, 1),
      sometimes(fc.boolean(), 1, 1),
    )
    .map(([scriptId, name, defaultValue, required]) => {
      const inputs: ProgramInputs = { scriptId, name };
      if (defaultValue !== undefined) inputs.defaultValue = defaultValue;
      if (required !== undefined) inputs.required = required;
      return inputs;
    }),
  edits: fc.oneof(
    fc
      .tuple(fc.constantFrom<unknown>("on", "off", "debug"), fc.boolean())
      .map(([value, remove]) => ({ field: "defaultValue", value, remove })),
    fc
      .tuple(fc.boolean(), fc.boolean())
      .map(([value, remove]) => ({ field: "required", value, remove })),
  ),
  applyEdit: (prog, e) => edit(prog, e, []),
  modeSwitch(prog: ProgramInputs, st: StateEntry) {
    if (typeof prog.variableId === "number") return undefined;
    prog.variableId = Number(st.id);
    return `switched to variableId ${st.id}`;
  },
  adoptSpecs: sometimes(fc.constantFrom("adopted"), 1, 1),
  adoptInputs(obj, spec) {
    const inputs: ProgramInputs = { scriptId: obj.zone, variableId: obj.id };
    if (spec !== undefined) inputs.defaultValue = spec;
    return inputs;
  },
  oobEdits: fc.oneof(
    fc.constantFrom("edited elsewhere").map((value) => ({ field: "DefaultValue", value })),
    fc.boolean().map((value) => ({ field: "Required", value })),
  ),
  oobEdit(s, obj, e) {
    const v = itemsOf(s, "variables").find(([, x]) => x.Id === obj.id)![1];
    v[e.field] = e.value;
  },
  oobDelete(s, obj) {
    const x = scriptById(s, obj.zone)!;
    x.variables = x.variables.filter((v) => v.Id !== obj.id);
  },
  oobCreates: fc
    .tuple(fc.constantFrom(...FIXTURE_SCRIPTS), fc.constantFrom(...VARIABLE_NAMES.slice(0, 2)))
    .map(([zone, name]): OobCreateSpec => ({ zone, name, body: {} })),
  oobCreate(s, c) {
    const x = scriptById(s, c.zone);
    if (!x || x.variables.some((v) => v.Name === c.name)) return undefined;
    const ids = s.nextIds as unknown as { scriptVariable: number };
    const id = ids.scriptVariable++;
    x.variables.push({ Id: id, Name: c.name!, Required: false, DefaultValue: "elsewhere" });
    return id;
  },
};

// ---------------------------------------------------------------------------------------
// ScriptSecret
// ---------------------------------------------------------------------------------------

/** Secret names ("API_TOKEN" is fixture script 1's: refused there). */
const SECRET_NAMES = ["MODEL_KEY", "MODEL_TOKEN", "API_TOKEN"];
const SECRET_VALUES = ["model-secret-one", "model-secret-two"];

/** `edge.compute.ScriptSecret`. */
export const scriptSecretKind: ModelKind = {
  name: "ScriptSecret",
  tag: "ss",
  provider: scriptSecretProvider,
  objects: (s) =>
    itemsOf(s, "secrets").map(([script, v]) => {
      const { LastModified: _at, ...raw } = v;
      return {
        key: `ss:${v.Id}`,
        id: v.Id,
        zone: script,
        name: v.Name,
        // the stored value (never answered by the platform); when it was written is not compared
        fields: { value: v.value ?? null },
        raw,
      };
    }),
  within: "es",
  refField: "scriptId",
  fixtureContainers: FIXTURE_SCRIPTS,
  paths: {
    create: "^/compute/script/\\d+/secrets$",
    one: "^/compute/script/\\d+/secrets/\\d+$",
    list: "^/compute/script/\\d+(/secrets)?$",
    read: /^$/,
    readZone: /^\/compute\/script\/(\d+)\/secrets$/,
    methods: { update: "POST" },
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.secretId === "number" ? p.secretId : undefined),
  zoneOf: scriptOfEntry,
  managedFields: (p) => (p.value !== undefined ? ["value"] : []),
  differences(p, obj) {
    const out: string[] = [];
    if (typeof p.name === "string" && p.name !== obj.name)
      out.push(`name: program ${p.name}, platform ${String(obj.name)}`);
    if (p.value !== undefined && p.value !== obj.fields.value)
      out.push(`value: the platform does not hold the program's value`);
    return out;
  },
  expectedErrors: [
    /already has secret \d+ named/,
    /already manages secret|another resource of this program (already|now) (creates or )?manages/,
    /was not found|not found/i,
    SCRIPT_REFUSED,
  ],
  addInputs: fc
    .tuple(scriptPlacement, fc.constantFrom(...SECRET_NAMES), fc.constantFrom(...SECRET_VALUES))
    .map(([scriptId, name, value]) => ({ scriptId, name, value })),
  edits: fc
    .constantFrom(...SECRET_VALUES)
    .map((value): FieldEdit => ({ field: "value", value, remove: false })),
  applyEdit: (prog, e) => {
    if (prog.value === e.value) return undefined;
    prog.value = e.value;
    return "value rotated";
  },
  modeSwitch(prog: ProgramInputs, st: StateEntry) {
    if (typeof prog.secretId === "number") return undefined;
    prog.secretId = Number(st.id);
    return `switched to secretId ${st.id}`;
  },
  adoptSpecs: fc.constantFrom(...SECRET_VALUES),
  // The old value cannot be read: an adopt states the value (written once).
  adoptInputs: (obj, spec) => ({ scriptId: obj.zone, secretId: obj.id, value: spec }),
  // Drift of a value cannot be seen (documented): another actor never edits it here.
  oobEdits: fc.constant({ field: "value", value: null }),
  oobEdit: () => false,
  oobDelete(s, obj) {
    const x = scriptById(s, obj.zone)!;
    x.secrets = x.secrets.filter((v) => v.Id !== obj.id);
  },
  oobCreates: fc
    .tuple(fc.constantFrom(...FIXTURE_SCRIPTS), fc.constantFrom(...SECRET_NAMES.slice(0, 2)))
    .map(([zone, name]): OobCreateSpec => ({ zone, name, body: {} })),
  oobCreate(s, c) {
    const x = scriptById(s, c.zone);
    if (!x || x.secrets.some((v) => v.Name === c.name)) return undefined;
    const ids = s.nextIds as unknown as { scriptSecret: number };
    const id = ids.scriptSecret++;
    x.secrets.push({
      Id: id,
      Name: c.name!,
      LastModified: "2026-02-01T00:00:00Z",
      value: "elsewhere",
    });
    return id;
  },
};
