/**
 * Review findings on the settings resources (issue 18), against the in-process emulator
 * under the default and zone-replace profiles: each test is a way a program run could leave
 * a setting changed that Pulumi was no longer asked to manage.
 */
import {
  EmulatorControl,
  startEmulator,
  type EmulatorState,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { responsePageProvider as page } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { stackConfig } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const canonical = (s: EmulatorState): Any => {
  const c = JSON.parse(JSON.stringify(s));
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  return c;
};
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);

function checked(p: { checkSync(o: unknown, n: unknown): Any }, news: Record<string, unknown>) {
  const r = p.checkSync({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

// The provider's log lines are not printed.
const realWrite = process.stderr.write.bind(process.stderr);
jest
  .spyOn(process.stderr, "write")
  .mockImplementation(((chunk: unknown, ...rest: never[]) =>
    String(chunk).startsWith("edgeplatform: ")
      ? true
      : realWrite(chunk as string, ...rest)) as typeof process.stderr.write);

describe.each(["default", "zone-replace"])("profile %s", (profile) => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, profile: profile as never });
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
    resetRunState();
  });

  test("a replacement (the zone spelled the other way) that manages other settings: the old entry's settings are restored, destroy gives the zone back", async () => {
    const before = await ctl.state();
    const z = zoneOf(before, 1).settings;
    const mode = z.wafExecutionMode === 1 ? "Log" : "Block";
    const sens = z.dDoSShieldSensitivity === 3 ? "Low" : "High";
    const old = await sz.create(checked(sz, { shieldZoneId: 1, waf: { mode } }));
    resetRunState(); // the next `pulumi up`: waf.mode dropped, ddos named, the zone by pull zone
    const news = checked(sz, { pullZoneId: 1, ddos: { sensitivity: sens } });
    expect(sz.diffSync("1", old.outs as Any, news).replaces).toEqual(["pullZoneId"]);
    const made = await sz.create(news);
    await sz.delete(old.id, old.outs as Any);
    // waf.mode is managed by no resource any more: back to its value before Pulumi.
    expect(zoneOf(await ctl.state(), 1).settings.wafExecutionMode).toBe(z.wafExecutionMode);
    resetRunState();
    await sz.delete(made.id, made.outs as Any);
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });
  test("`pulumi up --replace` (the engine creates the replacement without a diff: it records Pulumi's write as its prior): the old delete refuses naming the prior to state; stated, the next run writes nothing and destroy restores", async () => {
    const before = await ctl.state();
    const z = zoneOf(before, 1).settings;
    const was = z.wafExecutionMode === 1 ? "Block" : "Log";
    const mode = z.wafExecutionMode === 1 ? "Log" : "Block";
    const old = await sz.create(checked(sz, { shieldZoneId: 1, waf: { mode } }));
    resetRunState(); // `pulumi up --replace <urn>`: create, then delete the original
    const made = await sz.create(checked(sz, { shieldZoneId: 1, waf: { mode } }));
    expect((made.outs as Any).prior).toEqual({ waf: { mode } }); // Pulumi's own write
    await ctl.clearJournal();
    const refused = sz.delete(old.id, old.outs as Any);
    await expect(refused).rejects.toThrow(`prior: {"waf":{"mode":"${was}"}}`);
    expect((await ctl.journal()).filter((e) => e.method !== "GET")).toEqual([]);
    // The next `pulumi up` with the prior stated: an update that writes nothing, then the
    // pending delete of the original, which now agrees.
    resetRunState();
    const pinned = checked(sz, { shieldZoneId: 1, waf: { mode }, prior: { waf: { mode: was } } });
    expect(sz.diffSync(made.id, made.outs as Any, pinned).changes).toBe(true);
    const u = await sz.update(made.id, made.outs as Any, pinned);
    expect((u.outs as Any).prior).toEqual({ waf: { mode: was } });
    await sz.delete(old.id, old.outs as Any);
    expect((await ctl.journal()).filter((e) => e.method !== "GET")).toEqual([]);
    resetRunState();
    await sz.delete(made.id, u.outs as Any);
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });
  test("a ResponsePage whose shield zone disappeared: refresh and destroy fail naming the way out (the answer is the one a key of another account gets), nothing written", async () => {
    const made = await page.create(
      checked(page, { shieldZoneId: 3, pageType: "block", html: "<p>blocked</p>" }),
    );
    const s = await ctl.state();
    s.shieldZones = (s.shieldZones as Any[]).filter((z) => z.id !== 3) as Any;
    await ctl.setState(s);
    resetRunState();
    await ctl.clearJournal();
    await expect(page.read(made.id, made.outs as Any)).rejects.toThrow(
      /NOT treated as gone.*API key's scope.*pulumi state delete <urn>/s,
    );
    await expect(page.delete(made.id, made.outs as Any)).rejects.toThrow(/NOT treated as gone/);
    expect((await ctl.journal()).filter((e) => e.method !== "GET")).toEqual([]);
  });
});
