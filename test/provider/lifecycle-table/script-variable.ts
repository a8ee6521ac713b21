/**
 * ScriptVariable in the lifecycle table: a collection of an edge script (fixture script 2
 * without variables; script 1 with `ORIGIN` (21, required, default `https://origin.example`)
 * and `LOG_LEVEL` (22, default `info`)). A variable's name is unique in its script.
 */
import { scriptVariableProvider } from "../../../packages/pulumi/src/resources/kinds/collections/script-variable-fields";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const variablesOf = (s: Any, script: number): Any[] =>
  (s.scripts as Any[]).find((x: Any) => x.id === script)?.variables ?? [];
const variableOf = (s: Any, id: string | number, script = 2) =>
  variablesOf(s, script).find((v: Any) => v.Id === Number(id));
const program = { scriptId: 2, name: "TABLE_VAR", defaultValue: "on", required: false };
const ADD = "^/compute/script/2/variables/add$";

export const scriptVariable: KindDeclaration = {
  name: "ScriptVariable",
  provider: scriptVariableProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ ...program }),
  createWrite: { method: "POST", path: ADD },
  find: (s, id) => variableOf(s, id),
  created: {
    get: (v) => v && { Name: v.Name, DefaultValue: v.DefaultValue, Required: v.Required },
    expected: { Name: "TABLE_VAR", DefaultValue: "on", Required: false },
  },
  adopt: {
    inputs: { variableId: 22, scriptId: 1, defaultValue: "debug" },
    id: "22",
    apply: (s) => void (variableOf(s, 22, 1).DefaultValue = "debug"),
  },
  update: {
    field: "defaultValue",
    inputs: (c) => ({ ...c, defaultValue: "off" }),
    apply: (s, id) => void (variableOf(s, id).DefaultValue = "off"),
    write: (id) => ({ method: "POST", path: `/compute/script/2/variables/${id}` }),
    // Only what changed: the platform keeps what is not sent.
    body: (body) => expect(body).toEqual({ DefaultValue: "off" }),
  },
  drift: {
    change: (s, id) => void (variableOf(s, id).Required = true),
    path: "required",
    expected: true,
  },
  gone: {
    remove: (s, id) => {
      const script = (s.scripts as Any[]).find((x: Any) => x.id === 2);
      script.variables = script.variables.filter((v: Any) => v.Id !== Number(id));
    },
  },
  scopedKey: na("the emulator's scoped keys do not cover edge scripts"),
  // Names are unique in a script: the new resource's create is refused.
  rename: "refused",
  refusal:
    /edgeplatform ScriptVariable[^\n]*create failed: edge script \d+ already has variable (\d+) named/,
  async202: na("the published API answers variable writes with the variable, never 202"),
  spellings: na("one spelling of the script (`scriptId`): an edge script has no other"),
  interrupted: {
    next: "refused",
    // The way out the refusal names: adopt it by id as this resource's own.
    wayOut: (c, id) => ({ ...c, variableId: Number(id), deleteOnDestroy: true }),
  },
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: ADD, status: 504, afterHandler: true },
    resend: "never",
  },
};
