/**
 * The compute area held against the platform's published edge-scripting document
 * (transcribed in ./published-script-operations.ts): the client has an endpoint for each of
 * the document's 23 operations and none the document lacks; every request body the client
 * sends (the emulator's journal) matches the operation's published request schema; every
 * emulator answer has a status the document declares for the operation and, for a 2xx or a
 * 400 with a declared schema, a body that matches it (`additionalProperties: false` as
 * published; a 2xx declared without a body is empty). Fixtures: script 1 (variables 21, 22,
 * secret 31, releases 11 and 12), script 2 (nothing), script 3 (DNS).
 */
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { Client, computeEndpoints } from "../../packages/client/src";
import { PUBLISHED_SCRIPT_OPERATIONS as OPS } from "./published-script-operations";
import { clearJournal, journal, useEmulator, type Emu } from "./helpers";
import { rawCall } from "./raw-call";

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const ops = OPS.map((o) => ({
  ...o,
  pattern: new RegExp(`^${o.path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

/** The published operation of a request (a literal segment wins over a parameter). */
function operationOf(method: string, path: string) {
  const found = ops.filter((o) => o.method === method && o.pattern.test(path));
  return found.sort((a, b) => a.path.split("{").length - b.path.split("{").length)[0];
}

/** The problems of `value` against `schema` (none: `[]`). */
function problems(schema: object, value: unknown): string[] {
  const check = ajv.compile(schema);
  return check(value)
    ? []
    : (check.errors ?? []).map(
        (e) =>
          `${e.instancePath || "/"} ${e.message}` +
          (e.params && "additionalProperty" in e.params
            ? ` "${String(e.params.additionalProperty)}"`
            : ""),
      );
}

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

test("the client's compute endpoints are the document's 23 operations, one each", () => {
  const published = OPS.map((o) => `${o.method} ${o.path}`).sort();
  const client = Object.values(computeEndpoints)
    .map((d) => `${d.method} ${d.path}`)
    .sort();
  expect(published).toHaveLength(23);
  expect(client).toEqual(published);
});

test("every request body the client sends matches the published request schema", async () => {
  await clearJournal(emu);
  const s = await c.compute.addScript({ Name: "contract", ScriptType: 2, Code: "a" });
  await c.compute.updateScript(s.Id, { Name: "contract-2", ScriptType: 1 });
  await c.compute.setCode(s.Id, "b");
  await c.compute.publish(s.Id, { Note: "n" });
  await c.compute.publish(s.Id);
  const uuid = (await c.compute.getActiveRelease(s.Id)).Uuid as string;
  await c.compute.publishRelease(s.Id, uuid, { Note: null });
  const v = await c.compute.addVariable(s.Id, { Name: "V", Required: true, DefaultValue: "d" });
  await c.compute.updateVariable(s.Id, v.Id, { Required: null, DefaultValue: null });
  await c.compute.upsertVariable(s.Id, { Name: "W", Required: false });
  const x = await c.compute.addSecret(s.Id, { Name: "S", Secret: "one-value" });
  await c.compute.updateSecret(s.Id, x.Id, "two-value");
  await c.compute.upsertSecret(s.Id, { Name: "T", Secret: null });
  await c.compute.rotateDeploymentKey(s.Id);
  const seen = new Set<string>();
  const found: string[] = [];
  for (const e of await journal(emu, /^\/compute\//)) {
    if (e.method === "GET" || e.method === "DELETE") continue;
    const op = operationOf(e.method, e.path);
    expect([e.method, e.path, op?.op]).toEqual([e.method, e.path, expect.any(String)]);
    seen.add(op.op);
    if (op.body) found.push(...problems(op.body, e.body).map((p) => `${op.op} ${p}`));
    else expect([op.op, e.body]).toEqual([op.op, null]);
  }
  expect(found).toEqual([]);
  expect([...seen].sort()).toEqual(
    OPS.filter((o) => o.method !== "GET" && o.method !== "DELETE")
      .map((o) => o.op)
      .sort(),
  );
});

test("every emulator answer has a declared status and the published shape", async () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/compute/script"],
    ["GET", "/compute/script?includeLinkedPullzones=true&type=1&type=0"],
    ["GET", "/compute/script/1"],
    ["GET", "/compute/script/1/code"],
    ["GET", "/compute/script/1/releases"],
    ["GET", "/compute/script/1/releases/active"],
    ["GET", "/compute/script/1/variables/21"],
    ["GET", "/compute/script/1/secrets"],
    ["GET", "/compute/script/1/statistics"],
    ["POST", "/compute/script", { Name: "c", ScriptType: 0, Code: "x" }],
    ["POST", "/compute/script", { Name: "c", ScriptType: 9 }],
    ["POST", "/compute/script/2", { Name: "renamed" }],
    ["POST", "/compute/script/2/code", { Code: "y" }],
    ["POST", "/compute/script/2/publish", { Note: "p" }],
    ["POST", "/compute/script/1/publish/00000000-0000-4000-8000-000000000011", {}],
    ["POST", "/compute/script/2/deploymentKey/rotate"],
    ["POST", "/compute/script/2/variables/add", { Name: "A", Required: false }],
    ["POST", "/compute/script/1/variables/21", { DefaultValue: "z" }],
    ["PUT", "/compute/script/1/variables", { Name: "B" }],
    ["DELETE", "/compute/script/1/variables/22"],
    ["POST", "/compute/script/2/secrets", { Name: "K", Secret: "v" }],
    ["POST", "/compute/script/2/secrets", { Name: "", Secret: "v" }],
    ["POST", "/compute/script/1/secrets/31", { Secret: "w" }],
    ["PUT", "/compute/script/1/secrets", { Name: "NEW", Secret: "w" }],
    ["PUT", "/compute/script/1/secrets", { Name: "NEW", Secret: "w2" }],
    ["DELETE", "/compute/script/1/secrets/31"],
    ["GET", "/compute/script/999"],
    ["DELETE", "/compute/script/3"],
  ];
  const found: string[] = [];
  for (const [method, path, body] of calls) {
    const res = await rawCall(emu, method, path, body);
    const text = res.text;
    const op = operationOf(method, path.split("?")[0]);
    const at = `${method} ${path} ${res.status}`;
    if (!(res.status in op.answers)) {
      found.push(`${at}: status not declared for ${op.op}`);
      continue;
    }
    const schema = op.answers[res.status];
    if (schema === null) {
      if (res.status < 300 && text !== "") found.push(`${at}: a body where none is declared`);
      continue;
    }
    if (!res.contentType.startsWith("application/json")) found.push(`${at}: not JSON`);
    found.push(...problems(schema, JSON.parse(text)).map((p) => `${at} ${p}`));
  }
  expect(found).toEqual([]);
});
