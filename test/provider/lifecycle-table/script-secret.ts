/**
 * ScriptSecret in the lifecycle table: a collection of an edge script (fixture script 2
 * without secrets; script 1 with `API_TOKEN` (31)). A secret's name is unique in its script;
 * its value is write-only (the emulator stores it as `value` and never answers it).
 */
import { scriptSecretProvider } from "../../../packages/pulumi/src/resources/kinds/collections/script-secret-fields";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const secretsOf = (s: Any, script: number): Any[] =>
  (s.scripts as Any[]).find((x: Any) => x.id === script)?.secrets ?? [];
const secretOf = (s: Any, id: string | number, script = 2) =>
  secretsOf(s, script).find((v: Any) => v.Id === Number(id));
const program = { scriptId: 2, name: "TABLE_SECRET", value: "table-secret-one" };
const ADD = "^/compute/script/2/secrets$";

export const scriptSecret: KindDeclaration = {
  name: "ScriptSecret",
  provider: scriptSecretProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ ...program }),
  createWrite: { method: "POST", path: ADD },
  find: (s, id) => secretOf(s, id),
  created: {
    get: (x) => x && { Name: x.Name, value: x.value },
    expected: { Name: "TABLE_SECRET", value: "table-secret-one" },
  },
  adopt: {
    // The old value cannot be read: an adopt writes the program's value once.
    inputs: { secretId: 31, scriptId: 1, value: "table-secret-adopted" },
    id: "31",
    apply: (s) => void (secretOf(s, 31, 1).value = "table-secret-adopted"),
  },
  update: {
    field: "value",
    inputs: (c) => ({ ...c, value: "table-secret-two" }),
    apply: (s, id) => void (secretOf(s, id).value = "table-secret-two"),
    write: (id) => ({ method: "POST", path: `/compute/script/2/secrets/${id}` }),
    // The value only (the journal never holds it; the state compared shows it written).
    body: (body) => expect(body).toEqual({ Secret: "[redacted]" }),
  },
  drift: na("a secret's value is never reported: its drift cannot be seen (docs say so)"),
  gone: {
    remove: (s, id) => {
      const script = (s.scripts as Any[]).find((x: Any) => x.id === 2);
      script.secrets = script.secrets.filter((v: Any) => v.Id !== Number(id));
    },
  },
  scopedKey: na("the emulator's scoped keys do not cover edge scripts"),
  // Names are unique in a script: the new resource's create is refused.
  rename: "refused",
  refusal:
    /edgeplatform ScriptSecret[^\n]*create failed: edge script \d+ already has secret (\d+) named/,
  async202: na("the published API answers secret writes with the secret or 204, never 202"),
  spellings: na("one spelling of the script (`scriptId`): an edge script has no other"),
  interrupted: {
    next: "refused",
    // The way out the refusal names: adopt it by id as this resource's own.
    wayOut: (c, id) => ({ ...c, secretId: Number(id), deleteOnDestroy: true }),
  },
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: ADD, status: 504, afterHandler: true },
    resend: "never",
  },
};
