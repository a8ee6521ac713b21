/** Emulator: request validation of the custom-WAF-rule and access-list routes, and their state. */
import type { RunningEmulator } from "../../packages/emulator/src";
import { call, start } from "./helpers";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(() => emu.close());
beforeEach(() => call(emu, "POST", "/_emulator/reset", { key: false }));

/** The field errors of a 400 answer, as `field: message`. */
async function fieldErrors(method: string, path: string, body: unknown): Promise<string[]> {
  const r = await call(emu, method, path, { body });
  expect(r.status).toBe(400);
  return (r.json.errors as { field: string; message: string }[]).map(
    (e) => `${e.field}: ${e.message}`,
  );
}

describe("custom WAF rules: bad bodies are 400 naming the field", () => {
  const post = (body: unknown) => fieldErrors("POST", "/shield/waf/custom-rule", body);

  test("unknown properties, at the top and in ruleConfiguration (no rate fields)", async () => {
    expect(await post({ shieldZoneId: 1, name: "x" })).toEqual([
      'name: unknown property "name"; allowed properties: shieldZoneId, ruleName, ruleDescription, ruleConfiguration',
    ]);
    const [rate] = await post({ shieldZoneId: 1, ruleConfiguration: { requestCount: 10 } });
    expect(rate).toMatch(
      /^ruleConfiguration\.requestCount: unknown property "requestCount"; allowed properties: actionType, variableTypes, .*chainedRuleConditions$/,
    );
  });

  test("shieldZoneId is an int32 and required; enums name the WAF values", async () => {
    expect(await post({ shieldZoneId: 2147483648 })).toEqual([
      "shieldZoneId: must be an integer from -2147483648 to 2147483647 (int32); got 2147483648",
    ]);
    expect(await post({ ruleName: "x" })).toEqual(["shieldZoneId: is required"]);
    expect(
      await post({ shieldZoneId: 1, ruleConfiguration: { actionType: 0, operatorType: 99 } }),
    ).toEqual([
      "ruleConfiguration.actionType: must be one of 1 (Block), 2 (Log), 3 (Challenge), 4 (Allow), 5 (Bypass); got 0",
      expect.stringMatching(/^ruleConfiguration\.operatorType: must be one of 0 \(BEGINSWITH\)/),
    ]);
    expect(
      await post({ shieldZoneId: 1, ruleConfiguration: { variableTypes: { NOPE: "x" } } }),
    ).toEqual([
      expect.stringMatching(
        /^ruleConfiguration\.variableTypes\.NOPE: unknown variable name "NOPE"/,
      ),
    ]);
  });

  test("PATCH and PUT take the update body (no shieldZoneId)", async () => {
    for (const m of ["PATCH", "PUT"])
      expect(await fieldErrors(m, "/shield/waf/custom-rule/301", { shieldZoneId: 2 })).toEqual([
        'shieldZoneId: unknown property "shieldZoneId"; allowed properties: ruleName, ruleDescription, ruleConfiguration',
      ]);
  });
});

describe("access lists: bad bodies are 400 naming the field", () => {
  const base = "/shield/shield-zone/1/access-lists";

  test("create: required fields, type enum, blank name, unknown property", async () => {
    expect(await fieldErrors("POST", base, {})).toEqual([
      "name: is required",
      "type: is required",
      "content: is required",
    ]);
    expect(
      await fieldErrors("POST", base, { name: " ", type: 6, content: "x", isEnabled: true }),
    ).toEqual([
      'isEnabled: unknown property "isEnabled"; allowed properties: name, description, type, content, checksum',
      'name: must be a non-empty string; got " "',
      "type: must be one of 0 (IP), 1 (CIDR), 2 (ASN), 3 (Country), 4 (Organization), 5 (JA4); got 6",
    ]);
  });

  test("update: type and description cannot change", async () => {
    expect(await fieldErrors("PATCH", `${base}/501`, { type: 0, description: "d" })).toEqual([
      'type: unknown property "type"; allowed properties: name, content, checksum',
      'description: unknown property "description"; allowed properties: name, content, checksum',
    ]);
  });

  test("configuration PATCH: action enum and unknown property", async () => {
    expect(
      await fieldErrors("PATCH", `${base}/configurations/7101`, { action: 6, listId: 501 }),
    ).toEqual([
      'listId: unknown property "listId"; allowed properties: isEnabled, action',
      "action: must be one of 0 (None), 1 (Allow), 2 (Block), 3 (Challenge), 4 (Log), 5 (Bypass); got 6",
    ]);
  });

  test("path ids must be integers", async () => {
    const r = await call(emu, "GET", `${base}/abc`);
    expect(r.status).toBe(400);
    expect(r.json.errors[0].field).toBe("id");
  });
});

describe("state: the new parts are checked on PUT, and may be absent", () => {
  test("a document without them loads (empty), one with bad items is refused", async () => {
    const s = (await call(emu, "GET", "/_emulator/state", { key: false })).json;
    const old = { ...s };
    delete old.wafRules;
    delete old.accessLists;
    delete old.managedAccessLists;
    delete old.accessListConfigs;
    old.nextIds = { rateLimitRule: 1000 };
    const put = await call(emu, "PUT", "/_emulator/state", { key: false, body: old });
    expect(put.status).toBe(200);
    expect(put.json.wafRules).toEqual([]);
    expect(put.json.nextIds).toEqual({
      rateLimitRule: 1000,
      shieldZone: 100,
      wafRule: 2000,
      accessList: 600,
      accessListConfiguration: 8000,
      dnsZone: 100,
      dnsRecord: 1000,
      // above the ids in use: pull zones from 100, hostnames after the fixtures' 1000-1005
      pullZone: 100,
      hostname: 1006,
      // scripts from 100; their variables, secrets and releases from 1000
      script: 100,
      scriptVariable: 1000,
      scriptSecret: 1000,
      scriptRelease: 1000,
    });
    expect((await call(emu, "GET", "/shield/waf/custom-rules/2")).json.data).toEqual([]);

    const bad = {
      ...s,
      wafRules: [
        { id: 1, shieldZoneId: 2, ruleConfiguration: { actionType: 9 } },
        { id: 1, shieldZoneId: 2 },
      ],
      accessLists: [{ ...s.accessLists[0], type: 9 }],
      accessListConfigs: [{ ...s.accessListConfigs[0], listId: 99 }],
    };
    const refused = await call(emu, "PUT", "/_emulator/state", { key: false, body: bad });
    expect(refused.status).toBe(400);
    expect(refused.json.problems).toEqual([
      "wafRules[1].id 1 is used twice",
      expect.stringMatching(
        /^wafRules\[0\]\.ruleConfiguration\.actionType: must be one of 1 \(Block\)/,
      ),
      "accessLists[0].type must be one of 0, 1, 2, 3, 4, 5",
      "accessListConfigs[0].listId 99 is not a managed list",
    ]);
  });
});
