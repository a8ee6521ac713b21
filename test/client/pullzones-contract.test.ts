/**
 * The pull-zone area against the platform's published core document (its pull-zone part,
 * packages/client/openapi/core-api-pullzone.json): every operation of the document has an
 * endpoint and a method of `client.pullzones` (and no endpoint is outside the document); every
 * request the client sends (the emulator's journal of a run through all of them) matches the
 * operation's published request body and query; every answer with a published shape matches
 * it. The document's `nullable` without `type` (which Prism cannot compile) is normalised
 * here, by this test's own conversion, and checked with ajv.
 */
import Ajv, { type ValidateFunction } from "ajv";
import * as fs from "fs";
import * as path from "path";
import {
  Client,
  PullZonesApi,
  pullZonesEndpoints,
  type WithEnumNames,
} from "../../packages/client/src";
import { PULL_ZONE_OPERATIONS, type EdgeRuleV2Model } from "../../packages/client/src/spec";
import { Emu, journal, useEmulator } from "../contract/helpers";

type Json = Record<string, unknown>;
const DOC = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, "../../packages/client/openapi/core-api-pullzone.json"),
    "utf8",
  ),
) as { paths: Record<string, Record<string, Json>>; components: { schemas: Json } };

/** OpenAPI 3.0 → JSON Schema: `nullable` as a null type or branch; refs into the "doc" schema. */
function normalise(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(normalise);
  if (typeof s !== "object" || s === null) return s;
  const o = s as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === "nullable" || k === "x-enumNames") continue;
    if (k === "$ref") out.$ref = `doc${String(v)}`;
    else if (k === "properties")
      out.properties = Object.fromEntries(
        Object.entries(v as Json).map(([n, p]) => [n, normalise(p)]),
      );
    else out[k] = normalise(v);
  }
  if (o.nullable !== true) return out;
  if (typeof out.type === "string") return { ...out, type: [out.type, "null"] };
  return { anyOf: [out, { type: "null" }] };
}

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
ajv.addSchema({ $id: "doc", components: { schemas: normalise(DOC.components.schemas) } });
const compile = (schema: unknown): ValidateFunction => ajv.compile(normalise(schema) as object);

interface Op {
  id: string;
  method: string;
  template: string;
  path: RegExp;
  body?: ValidateFunction;
  query: { name: string; required: boolean }[];
  answer?: ValidateFunction;
}
const OPS: Op[] = Object.entries(DOC.paths).flatMap(([p, byMethod]) =>
  Object.entries(byMethod).map(([m, op]) => {
    const body = (op.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)
      ?.content;
    const ok = Object.entries(op.responses as Record<string, Json>).find(([c]) => /^2/.test(c));
    const answer = (ok?.[1].content as Record<string, { schema: unknown }> | undefined) ?? {};
    const answerSchema = Object.values(answer)[0]?.schema;
    return {
      id: String(op.operationId),
      method: m.toUpperCase(),
      template: p,
      path: new RegExp(`^${p.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      body: body ? compile(Object.values(body)[0].schema) : undefined,
      query: ((op.parameters ?? []) as { name: string; in: string; required?: boolean }[])
        .filter((q) => q.in === "query")
        .map((q) => ({ name: q.name, required: q.required === true })),
      answer:
        answerSchema && Object.keys(answerSchema as object).length
          ? compile(answerSchema)
          : undefined,
    };
  }),
);
/** The operation of a request (a literal path before a templated one: `/pullzone/count`). */
const opOf = (method: string, p: string) =>
  OPS.filter((o) => o.method === method && o.path.test(p)).sort(
    (a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0),
  )[0];
const problems = (check: ValidateFunction, v: unknown) =>
  check(v) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

describe("operations", () => {
  test("every operation of the document has its endpoint and method; no endpoint is outside it", () => {
    expect(OPS).toHaveLength(30);
    const defs = Object.values(pullZonesEndpoints) as { method: string; path: string }[];
    for (const op of OPS) {
      expect(defs.some((d) => d.method === op.method && d.path === op.template)).toBe(true);
      const g = PULL_ZONE_OPERATIONS.find((x) => x.operationId === op.id);
      expect(typeof (PullZonesApi.prototype as unknown as Json)[g!.clientMethod]).toBe("function");
    }
    for (const d of defs) expect(opOf(d.method, d.path)).toBeDefined();
  });
});

const RULE: WithEnumNames<EdgeRuleV2Model> = {
  ActionType: "SetResponseHeader",
  ActionParameter1: "X-Contract",
  ActionParameter2: "1",
  Triggers: [{ Type: "Url", PatternMatches: ["*/c/*"], PatternMatchingType: "MatchAny" }],
  TriggerMatchingType: "MatchAny",
  Description: "contract",
  Enabled: true,
};
const PEM = (l: string) => `-----BEGIN ${l}-----\nAAAA\n-----END ${l}-----\n`;

/** One call of every operation (zone 1 of the fixtures, and a zone the run adds). */
async function everyOperation(): Promise<void> {
  const p = c.pullzones;
  await p.checkNameAvailability("contract-zone");
  await p.list({ page: 1, perPage: 10, search: "zone", includeCertificate: false });
  await p.count();
  const z = await p.add({ Name: "contract-zone", OriginUrl: "https://o.contract.example" });
  await p.get(z.Id!, { includeCertificate: true });
  await p.update(z.Id!, { OriginHostHeader: "o.contract.example", EnableWebpVary: true });
  const rule = await p.addOrUpdateEdgeRule(1, RULE);
  await p.addOrUpdateEdgeRule(1, { ...RULE, Guid: rule!.Guid!, Description: "again" });
  await p.setEdgeRuleEnabled(1, rule!.Guid!, false);
  await p.deleteEdgeRule(1, rule!.Guid!);
  await p.addHostname(1, "c.zone-one.example");
  await p.setForceSsl(1, "c.zone-one.example", true);
  await p.loadFreeCertificate("c.zone-one.example", true);
  await p.addCertificate(1, {
    Hostname: "c.zone-one.example",
    Certificate: PEM("CERTIFICATE"),
    CertificateKey: PEM("PRIVATE KEY"),
  });
  await p.updatePrivateKeyType(1, "c.zone-one.example", "Ecdsa");
  await p.removeCertificate(1, "c.zone-one.example");
  await p.requestExternalDnsCertificate("c.zone-one.example");
  await p.completeExternalDnsCertificate("c.zone-one.example");
  await p.requestExternalHttpCertificate("c.zone-one.example");
  await p.completeExternalHttpCertificate("c.zone-one.example");
  await p.removeHostname(1, "c.zone-one.example");
  await p.addAllowedReferrer(1, "a.example");
  await p.removeAllowedReferrer(1, "a.example");
  await p.addBlockedReferrer(1, "b.example");
  await p.removeBlockedReferrer(1, "b.example");
  await p.addBlockedIp(1, "203.0.113.7");
  await p.removeBlockedIp(1, "203.0.113.7");
  await p.resetSecurityKey(1, "contract-key-123");
  await p.purgeCache(1, "tag-1");
  await p.purgeUrl("https://cdn.zone-one.example/x", { async: true, exactPath: false });
  await p.delete(z.Id!);
}

describe("requests: what the client sends matches the document", () => {
  test("a run through every operation: each request's body and query as published", async () => {
    await everyOperation();
    const seen = new Set<string>();
    const found: string[] = [];
    for (const e of await journal(emu)) {
      const op = opOf(e.method, e.path);
      if (!op) continue;
      seen.add(op.id);
      expect(e.status).toBeLessThan(300);
      if (op.body && e.body !== null)
        found.push(...problems(op.body, e.body).map((x) => `${op.id} body ${x}`));
      if (!op.body && e.body !== null) found.push(`${op.id} sends a body the document has not`);
      for (const k of Object.keys(e.query))
        if (!op.query.some((q) => q.name === k)) found.push(`${op.id} query "${k}" not published`);
      for (const q of op.query)
        if (q.required && !(q.name in e.query)) found.push(`${op.id} query "${q.name}" missing`);
    }
    expect(found).toEqual([]);
    expect([...seen].sort()).toEqual(OPS.map((o) => o.id).sort());
  });
});

describe("answers: what the emulator answers matches the document", () => {
  const raw = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${emu.url}${p}`, {
      method,
      headers: {
        AccessKey: emu.apiKey,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  const shape = (id: string) => OPS.find((o) => o.id === id)!.answer!;

  test.each([
    ["PullZonePublic_IndexAll", "GET", "/pullzone?includeCertificate=true", undefined],
    ["PullZonePublic_Count", "GET", "/pullzone/count", undefined],
    ["PullZonePublic_Index", "GET", "/pullzone/1", undefined],
    ["PullZonePublic_UpdatePullZone", "POST", "/pullzone/1", { OriginHostHeader: "h.example" }],
  ])("%s", async (id, method, p, body) => {
    const r = await raw(method, p, body);
    expect(r.status).toBe(200);
    expect(problems(shape(id), r.json)).toEqual([]);
  });

  test("an added zone and a written edge rule (answers the document leaves open) have the published shapes", async () => {
    const z = await raw("POST", "/pullzone", {
      Name: "shape-zone",
      OriginUrl: "https://o.example",
    });
    expect(z.status).toBe(201);
    expect(problems(compile({ $ref: "#/components/schemas/PullZoneModel" }), z.json)).toEqual([]);
    const r = await raw("POST", "/pullzone/1/edgerules/addOrUpdate", {
      ActionType: 4,
      Triggers: [{ Type: 0, PatternMatches: ["*"] }],
    });
    expect(r.status).toBe(201);
    expect(problems(compile({ $ref: "#/components/schemas/EdgeRuleV2Model" }), r.json)).toEqual([]);
  });

  test("the 400 answers are the published ApiErrorData", async () => {
    const r = await raw("POST", "/pullzone/1/addBlockedIp", { BlockedIp: "nope" });
    expect(r.status).toBe(400);
    const err = compile({ $ref: "#/components/schemas/ApiErrorData" });
    expect(problems(err, r.json)).toEqual([]);
  });
});
