/** Client vs emulator: the shield zone of a pull zone (`get-by-pullzone`). */
import { Client } from "../../packages/client/src";
import {
  apiError,
  Emu,
  fault,
  getState,
  journal,
  putState,
  useEmulator,
  wrongKeyClient,
} from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

describe("GET /shield/shield-zone/get-by-pullzone/{pullZoneId} -> shield.getShieldZoneByPullZone", () => {
  test("success: the shield zone of a fixture pull zone, typed data", async () => {
    expect(await c.shield.getShieldZoneByPullZone(1)).toEqual({
      shieldZoneId: 1,
      pullZoneId: 1,
      planType: 0,
      rateLimitRulesLimit: 10,
      customWafRulesLimit: 10,
      wafEnabled: true,
    });
    expect(await c.shield.getShieldZoneByPullZone(4)).toMatchObject({
      shieldZoneId: 2,
      pullZoneId: 4,
      planType: 1,
      rateLimitRulesLimit: 25,
    });
    const j = await journal(emu, /get-by-pullzone/);
    expect(j.map((x) => [x.method, x.path, x.status])).toEqual([
      ["GET", "/shield/shield-zone/get-by-pullzone/1", 200],
      ["GET", "/shield/shield-zone/get-by-pullzone/4", 200],
    ]);
  });

  test("unknown pull zone: 200 {data:null, error} throws EdgeApiError with the key", async () => {
    const e = await apiError(c.shield.getShieldZoneByPullZone(999));
    expect(e.status).toBe(200);
    expect(e.errorKey).toBe("not_found_or_unauthorised_access.pullzone");
    expect(e.body).toMatchObject({ data: null, error: { statusCode: 404, success: false } });
    expect(e.message).toMatch(
      /^shield\.getShieldZoneByPullZone \(GET \/shield\/shield-zone\/get-by-pullzone\/999\) failed: 200 not_found_or_unauthorised_access\.pullzone/,
    );
    // a pull zone that exists but has no shield zone answers the same
    expect((await apiError(c.shield.getShieldZoneByPullZone(2))).errorKey).toBe(
      "not_found_or_unauthorised_access.pullzone",
    );
    // not retried: one request each
    expect(await journal(emu, /get-by-pullzone/)).toHaveLength(2);
  });

  test("the mapping follows the state (out-of-band change)", async () => {
    const s = await getState(emu);
    s.shieldZones[0].pullZoneId = 2;
    await putState(emu, s);
    expect((await c.shield.getShieldZoneByPullZone(2)).shieldZoneId).toBe(1);
    await apiError(c.shield.getShieldZoneByPullZone(1));
  });

  test("a 200 without data is an error, not undefined", async () => {
    await fault(emu, { method: "GET", path: "get-by-pullzone", status: 200, body: {} });
    const e = await apiError(c.shield.getShieldZoneByPullZone(1));
    expect(e.errorKey).toBe("unexpected_response");
    await fault(emu, {
      method: "GET",
      path: "get-by-pullzone",
      status: 200,
      body: { data: null, error: null },
    });
    expect((await apiError(c.shield.getShieldZoneByPullZone(1))).errorKey).toBe(
      "unexpected_response",
    );
  });

  test("int32 path parameter: out of range is a 400; wrong key is a 401", async () => {
    const e = await apiError(c.shield.getShieldZoneByPullZone(2147483648));
    expect(e.status).toBe(400);
    const w = wrongKeyClient(emu);
    const u = await apiError(w.shield.getShieldZoneByPullZone(1));
    w.close();
    expect(u.status).toBe(401);
  });

  test("503 is retried (a GET)", async () => {
    await fault(emu, { method: "GET", path: "get-by-pullzone", status: 503 });
    expect((await c.shield.getShieldZoneByPullZone(1)).shieldZoneId).toBe(1);
    expect((await journal(emu, /get-by-pullzone/)).map((x) => x.status)).toEqual([503, 200]);
  });
});

describe("GET /shield/shield-zone/{shieldZoneId} -> shield.getShieldZone", () => {
  test("success: identity, plan and limits (defaults filled)", async () => {
    expect(await c.shield.getShieldZone(2)).toMatchObject({
      shieldZoneId: 2,
      pullZoneId: 4,
      planType: 1,
      rateLimitRulesLimit: 25,
      customWafRulesLimit: 3,
      wafEnabled: true,
    });
    expect(await c.shield.getShieldZone(1)).toMatchObject({ customWafRulesLimit: 10 });
  });

  test("unknown zone: 404 with the platform's key, an EdgeApiError", async () => {
    const e = await apiError(c.shield.getShieldZone(999));
    expect(e.status).toBe(404);
    expect(e.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
  });
});
