/**
 * The emulator's referrer and blocked-IP lists of a pull zone: a value is added once (any
 * case), a bad value is refused naming the body's field and the form it must have, removing
 * a value the zone does not have is refused naming the list.
 */
import type { RunningEmulator } from "../../packages/emulator/src";
import { EmulatorControl } from "../../packages/emulator/src";
import { call, start } from "./helpers";

let emu: RunningEmulator;
let ctl: EmulatorControl;
beforeAll(async () => {
  emu = await start();
  ctl = new EmulatorControl(emu.url);
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

const zone = async () => (await call(emu, "GET", "/pullzone/1")).json;
const post = (path: string, body: Record<string, string>) =>
  call(emu, "POST", `/pullzone/1/${path}`, { body });

describe.each([
  ["AllowedReferrers", "AllowedReferrer", "Hostname", "a.example", "a hostname"],
  ["BlockedReferrers", "BlockedReferrer", "Hostname", "b.example", "a hostname"],
  ["BlockedIps", "BlockedIp", "BlockedIp", "203.0.113.0/24", "an IP address or a CIDR range"],
])("%s", (list, noun, field, value, form) => {
  test("added once in any case, then removed in any case", async () => {
    const before: string[] = (await zone())[list] ?? [];
    expect((await post(`add${noun}`, { [field]: value })).status).toBe(204);
    expect((await post(`add${noun}`, { [field]: value.toUpperCase() })).status).toBe(204);
    expect((await zone())[list]).toEqual([...before, value]);
    expect((await post(`remove${noun}`, { [field]: value.toUpperCase() })).status).toBe(204);
    expect((await zone())[list]).toEqual(before);
  });

  test("a bad value is refused naming the field and its form", async () => {
    const r = await post(`add${noun}`, { [field]: "not a value!" });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Field: field });
    expect(r.json.Message).toContain(`must be ${form}`);
  });

  test("removing a value the zone does not have is refused naming the list", async () => {
    const r = await post(`remove${noun}`, { [field]: "198.51.100.77" });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ Field: field });
    expect(r.json.Message).toContain(`is not in ${list}`);
  });
});
