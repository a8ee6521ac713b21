/**
 * `edge.shield.UnderAttackMode` through its dynamic provider against the in-process emulator.
 * The switch is the zone's DDoS sensitivity `Challenge` (what POST
 * `/shield/shield-zone/under-attack` gives a new zone): on = `Challenge`, off = any other
 * sensitivity. Fixture: shield zone 3 (pull zone 5) has DDoS sensitivity High (3). Expected
 * values come from the scenario (the fixture's values), never from the provider's functions.
 */
import {
  EmulatorControl,
  startEmulator,
  type EmulatorState,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { Client } from "../../packages/client/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { underAttackModeProvider as uam } from "../../packages/pulumi/src/resources/kinds/settings/under-attack-mode";
import { stackConfig } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const failures = (news: unknown) =>
  (uam.checkSync({}, news).failures ?? []) as { property: string; reason: string }[];
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);

function checked(news: Record<string, unknown>) {
  const r = uam.checkSync({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs as Any;
}

describe("check", () => {
  test("valid forms pass", () => {
    expect(failures({ shieldZoneId: 3, enabled: true })).toEqual([]);
    expect(failures({ pullZoneId: 5, enabled: false })).toEqual([]);
    expect(failures({ shieldZoneId: 3, enabled: true, prior: { enabled: "High" } })).toEqual([]);
  });

  test.each([
    [{ shieldZoneId: 3 }, "enabled", /`enabled` is required/],
    [{ shieldZoneId: 3, enabled: "on" }, "enabled", /boolean/],
    [{ enabled: true }, "shieldZoneId", /one of `shieldZoneId` or `pullZoneId`/],
    [{ shieldZoneId: 3, enabled: true, mode: "x" }, "mode", /./],
    [
      { shieldZoneId: 3, enabled: true, prior: { enabled: "Max" } },
      "prior.enabled",
      /"Off", "Low", "Medium", "High", "Challenge"/,
    ],
  ])("refuses %#", (news, property, reason) => {
    const hit = failures(news).find(
      (f) => f.property.replace(/^\//, "").replace(/\//g, ".") === property,
    );
    expect(hit?.reason).toMatch(reason);
  });

  test("a stated prior is stored by name", () => {
    expect(checked({ shieldZoneId: 3, enabled: true, prior: { enabled: 3 } }).prior).toEqual({
      enabled: "High",
    });
  });
});

describe("against the emulator", () => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    ctl = new EmulatorControl(emu.url);
    resetSettings();
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
    );
  });
  afterAll(async () => {
    resetSettings();
    await emu.close();
  });
  beforeEach(async () => {
    await ctl.reset();
    await ctl.clearJournal();
    resetRunState();
  });
  const writes = async () => (await ctl.journal()).filter((e) => e.method !== "GET");

  test("on, off, drift, on again, destroy: off goes back to the sensitivity before Pulumi; destroy restores the zone", async () => {
    const before = await ctl.state();
    expect(zoneOf(before, 3).settings.dDoSShieldSensitivity).toBe(3); // High: the scenario
    const c = await uam.create(checked({ shieldZoneId: 3, enabled: true }));
    expect(c.id).toBe("3");
    const w = await writes();
    expect(w.map((e) => `${e.method} ${e.path}`)).toEqual(["PATCH /shield/shield-zone"]);
    expect((w[0].body as Any).shieldZone.dDoSShieldSensitivity).toBe(4);
    expect(c.outs).toMatchObject({ shieldZoneId: 3, enabled: true, prior: { enabled: "High" } });
    expect(zoneOf(await ctl.state(), 3).settings.dDoSShieldSensitivity).toBe(4);

    // Off again: back to High (the value before Pulumi), not to a default.
    await ctl.clearJournal();
    const u = await uam.update("3", c.outs as Any, checked({ shieldZoneId: 3, enabled: false }));
    expect(u.outs).toMatchObject({ enabled: false, prior: { enabled: "High" } });
    const uw = await writes();
    expect(uw).toHaveLength(1);
    expect((uw[0].body as Any).shieldZone.dDoSShieldSensitivity).toBe(3);

    // Drift: turned on out of band; read reports the switch, as a boolean.
    await ctl.updateState((s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 4));
    const r = await uam.read("3", u.outs as Any);
    expect(r.props).toMatchObject({ enabled: true });
    expect(r.inputs).toMatchObject({ shieldZoneId: 3, enabled: true });

    // A sensitivity other than Challenge is "off": no write when the program says off.
    await ctl.updateState((s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 1));
    await ctl.clearJournal();
    const r2 = await uam.read("3", u.outs as Any);
    expect(r2.props).toMatchObject({ enabled: false });
    const u2 = await uam.update("3", r2.props as Any, checked({ shieldZoneId: 3, enabled: false }));
    expect(await writes()).toEqual([]);

    // Destroy: the sensitivity before Pulumi (High) comes back.
    await ctl.updateState((s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 4));
    resetRunState();
    await uam.delete("3", u2.outs as Any);
    expect(zoneOf(await ctl.state(), 3).settings.dDoSShieldSensitivity).toBe(3);
  });

  test("a zone already under attack: off writes the platform's default sensitivity; destroy turns it back on", async () => {
    await ctl.updateState((s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 4));
    const client = new Client({ apiKey: emu.apiKey, baseUrl: emu.url });
    const fallback = (await client.shieldZones.defaults()).shieldZone.dDoSShieldSensitivity;
    expect(fallback).not.toBe(4);
    await ctl.clearJournal();
    const c = await uam.create(checked({ pullZoneId: 5, enabled: false }));
    expect(c.outs).toMatchObject({
      shieldZoneId: 3,
      enabled: false,
      prior: { enabled: "Challenge" },
    });
    const w = await writes();
    expect(w).toHaveLength(1);
    expect((w[0].body as Any).shieldZone.dDoSShieldSensitivity).toBe(fallback);
    resetRunState();
    await uam.delete("3", c.outs as Any);
    expect(zoneOf(await ctl.state(), 3).settings.dDoSShieldSensitivity).toBe(4);
  });

  test("destroy gives back the exact sensitivity before Pulumi, also when another off level was set out of band", async () => {
    const c = await uam.create(checked({ shieldZoneId: 3, enabled: true }));
    await ctl.updateState((s) => void (zoneOf(s, 3).settings.dDoSShieldSensitivity = 1));
    resetRunState();
    await uam.delete("3", c.outs as Any);
    expect(zoneOf(await ctl.state(), 3).settings.dDoSShieldSensitivity).toBe(3); // High
  });

  test("get: a read-only view of the switch", async () => {
    const r = await uam.read("3", {} as Any);
    expect(r.props).toMatchObject({ shieldZoneId: 3, enabled: false, readOnly: true });
  });
});
