/** Client vs emulator: pull-zone name availability. */
import { Client } from "../../packages/client/src";
import { apiError, Emu, fault, journal, wrongKeyClient, useEmulator } from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

describe("POST /pullzone/checkavailability -> pullzones.checkNameAvailability", () => {
  test("success: free and taken names", async () => {
    expect(await c.pullzones.checkNameAvailability("brand-new-zone")).toEqual({ Available: true });
    expect(await c.pullzones.checkNameAvailability("zone-one")).toEqual({ Available: false });
    const j = await journal(emu, /^\/pullzone\/checkavailability$/);
    expect(j[0].body).toEqual({ Name: "brand-new-zone" });
  });
  test("validation: 400 {ErrorKey, Field, Message}", async () => {
    const e = await apiError(c.pullzones.checkNameAvailability(""));
    expect(e.status).toBe(400);
    expect(e.body).toHaveProperty("ErrorKey");
    expect(e.errorKey).toBeDefined();
  });
  test("wrong key: 401 availability shape naming AccessKey", async () => {
    const e = await apiError(wrongKeyClient(emu).pullzones.checkNameAvailability("x"));
    expect(e.status).toBe(401);
    expect(e.errorKey).toBe("unauthorized");
    expect(e.fieldErrors[0]?.field).toBe("AccessKey");
  });
  test("a read sent as POST: a 503 is retried", async () => {
    await fault(emu, { method: "POST", path: "checkavailability", status: 503 });
    expect(await c.pullzones.checkNameAvailability("brand-new-zone")).toEqual({ Available: true });
    expect((await journal(emu, /checkavailability$/)).map((x) => x.status)).toEqual([503, 200]);
  });
});
