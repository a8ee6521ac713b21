/**
 * EdgeScript in the lifecycle table: a script created as `table-script` (no script of that
 * name in the fixtures) with its code, or fixture script 1 (`edge-router`, standalone)
 * adopted.
 */
import { edgeScriptProvider } from "../../../packages/pulumi/src/resources/kinds/settings/edge-script";
import { storeCode } from "../../../packages/pulumi/src/resources/public/edge-script-code";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const CODE = "export default { fetch: () => new Response('table') };\n";

const scriptOf = (s: Any, id: string) => (s.scripts as Any[]).find((x: Any) => x.id === Number(id));

export const edgeScript: KindDeclaration = {
  name: "EdgeScript",
  provider: edgeScriptProvider as unknown as Provider,
  destroy: "deletes",
  // The program side stores the code for the provider and gives its hash and size.
  create: () => ({ name: "table-script", scriptType: "CDN", ...storeCode(CODE) }),
  createWrite: { method: "POST", path: "^/compute/script$" },
  find: scriptOf,
  created: { get: (x) => x?.code, expected: CODE },
  adopt: {
    inputs: { scriptId: 1, scriptType: "CDN" },
    id: "1",
    // Script 1 is standalone already: adopting it writes nothing (its code write, publish
    // and restore are in test/provider/edge-script.test.ts).
    apply: () => undefined,
  },
  update: {
    field: "name",
    inputs: (c) => ({ ...c, name: "table-script-renamed" }),
    apply: (s, id) => void (scriptOf(s, id).name = "table-script-renamed"),
    write: (id) => ({ method: "POST", path: `/compute/script/${id}` }),
    // A rename is one POST of the name alone (never a new script).
    body: (body) => expect(body).toEqual({ Name: "table-script-renamed" }),
  },
  drift: {
    change: (s, id) => void (scriptOf(s, id).name = "renamed-elsewhere"),
    path: "name",
    expected: "renamed-elsewhere",
  },
  gone: na(
    "an edge script not found is not taken for gone (a key without access may get the same 404)",
  ),
  scopedKey: na("the emulator's scoped keys do not cover edge scripts (account-wide objects)"),
  // A script is never taken over by its name, nor made twice: the new resource's create is refused.
  rename: "refused",
  refusal:
    /edgeplatform EdgeScript[^\n]*create failed: the account already has edge script (\d+) named /,
  async202: na("the published API answers edge-script writes 200, 201 or 204, never 202"),
  spellings: na("one spelling of the script (`scriptId`); `name` creates one"),
  interrupted: na(
    "the next up is refused by name, naming the script; its way out adopts the script by `scriptId`, and destroy keeps an adopted script: the table's 'destroy restores the state before Pulumi' does not hold for it",
  ),
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: "^/compute/script$", status: 504, afterHandler: true },
    resend: "never",
  },
};
