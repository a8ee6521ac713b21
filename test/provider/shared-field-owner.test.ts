/**
 * One platform field, one resource: `edge.shield.UnderAttackMode`'s `enabled` and
 * `edge.shield.ShieldZone`'s `ddos.sensitivity` are the same field of a shield zone
 * (`dDoSShieldSensitivity`). Two resources of one program that both manage it would each
 * record their own value before Pulumi and restore it on destroy (the later restore writes a
 * stale value), or flap. The resources are built by their public classes (under
 * `pulumi.runtime.setMocks`: the inputs the engine would send), then their providers' `check`
 * and `create` run against the in-process emulator, each order forced with a delay fault.
 * Fixture: shield zone 3 (pull zone 5), DDoS sensitivity High (3), WAF mode Block (1).
 */
import { EmulatorControl, startEmulator, type RunningEmulator } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { underAttackModeProvider as uam } from "../../packages/pulumi/src/resources/kinds/settings/under-attack-mode";
import { ShieldZone } from "../../packages/pulumi/src/resources/public/shield-zone";
import { UnderAttackMode } from "../../packages/pulumi/src/resources/public/under-attack-mode";
import { stackConfig } from "./helpers";
import { newProgramRun, registeredInputs } from "./mocks";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

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

const writes = async () =>
  (await ctl.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);
const zone3 = async (): Promise<Any> =>
  ((await ctl.state()).shieldZones as Any[]).find((z) => z.id === 3).settings;

async function checked(provider: typeof sz, name: string) {
  const r = provider.checkSync({}, await registeredInputs(name));
  expect(r.failures).toEqual([]);
  return r.inputs as Any;
}

const ORDERS = [
  // The shield zone's first read answers late: the other resource's create goes first.
  ["UnderAttackMode first", "^/shield/shield-zone/3$"],
  // The pull zone's lookup answers late (the resource by pull zone waits on it).
  ["the pull-zone lookup late", "^/shield/shield-zone/get-by-pullzone/5$"],
];

describe.each([
  ["both by shieldZoneId", { shieldZoneId: 3 }, "shieldZoneId 3"],
  ["UnderAttackMode by the zone's pullZoneId", { pullZoneId: 5 }, "pullZoneId 5"],
])(
  "ShieldZone managing ddos.sensitivity and UnderAttackMode on one zone, %s",
  (_c, uamZone, uamSpelled) => {
    beforeAll(async () => {
      await newProgramRun();
      new ShieldZone("zone", { shieldZoneId: 3, ddos: { sensitivity: "Low" } });
      new UnderAttackMode("attack", { ...(uamZone as { shieldZoneId: number }), enabled: true });
    });

    test.each(ORDERS)(
      "%s: both refused before any write, each naming both resources and the field",
      async (_order, path) => {
        await ctl.reset();
        resetRunState(); // a new run of the provider process
        const before = await zone3();
        const a = await checked(sz, "zone");
        const b = await checked(uam, "attack");
        await ctl.clearJournal();
        await ctl.fault({ method: "GET", path, delayMs: 300, count: 1 });
        const results = await Promise.allSettled([sz.create(a), uam.create(b)]);
        await ctl.clearFaults();
        expect(await writes()).toEqual([]);
        expect(await zone3()).toEqual(before);
        for (const r of results) {
          expect(r.status).toBe("rejected");
          const message = String((r as PromiseRejectedResult).reason?.message);
          expect(message).toContain(
            `edge.shield.ShieldZone "zone" (ddos.sensitivity, shieldZoneId 3)`,
          );
          expect(message).toContain(
            `edge.shield.UnderAttackMode "attack" (enabled, ${uamSpelled})`,
          );
          expect(message).toContain("dDoSShieldSensitivity");
          expect(message).toMatch(/nothing was written/i);
        }
      },
    );
  },
);

describe("ShieldZone managing only WAF settings and UnderAttackMode on one zone", () => {
  beforeAll(async () => {
    await newProgramRun();
    new ShieldZone("waf-only", { shieldZoneId: 3, waf: { mode: "Log" } });
    new UnderAttackMode("attack-2", { pullZoneId: 5, enabled: true });
  });

  test("both are created: two settings of one zone, no shared field; destroy restores each", async () => {
    await ctl.reset();
    resetRunState();
    const before = await zone3();
    expect(before.dDoSShieldSensitivity).toBe(3); // High: the fixture
    expect(before.wafExecutionMode).toBe(1); // Block: the fixture
    const a = await checked(sz, "waf-only");
    const b = await checked(uam, "attack-2");
    expect(a.__spellings).toBeUndefined(); // nothing shared: no hint
    const ca = await sz.create(a);
    const cb = await uam.create(b);
    const after = await zone3();
    expect(after.wafExecutionMode).toBe(0); // Log
    expect(after.dDoSShieldSensitivity).toBe(4); // Challenge
    resetRunState();
    await uam.delete(cb.id, cb.outs as Any);
    await sz.delete(ca.id, ca.outs as Any);
    const restored = await zone3();
    expect(restored.wafExecutionMode).toBe(1);
    expect(restored.dDoSShieldSensitivity).toBe(3);
  });
});

test("ShieldZone (WAF mode) and UnderAttackMode of one zone created at once: both writes land (the whole-zone PATCHes of one process never send each other's fields back as read)", async () => {
  await ctl.reset();
  resetRunState();
  await ctl.clearJournal();
  const a = sz.checkSync({}, { shieldZoneId: 3, waf: { mode: "Log" } }).inputs as Any;
  const b = uam.checkSync({}, { shieldZoneId: 3, enabled: true }).inputs as Any;
  // Both read the zone before either writes (the first PATCH answers late).
  await ctl.fault({ method: "PATCH", path: "^/shield/shield-zone$", delayMs: 300, count: 1 });
  await Promise.all([sz.create(a), uam.create(b)]);
  await ctl.clearFaults();
  const after = await zone3();
  expect(after.wafExecutionMode).toBe(0); // Log
  expect(after.dDoSShieldSensitivity).toBe(4); // Challenge
});

test("a zone read answered while another resource's PATCH of it is in flight is not the base of a later PATCH (the platform may answer a GET before a PATCH sent earlier)", async () => {
  await ctl.reset();
  resetRunState();
  await ctl.clearJournal();
  const a = sz.checkSync({}, { shieldZoneId: 3, waf: { mode: "Log" } }).inputs as Any;
  const b = uam.checkSync({}, { shieldZoneId: 3, enabled: true }).inputs as Any;
  // The ShieldZone's PATCH is sent and applied 800 ms later; the UnderAttackMode reads the
  // zone meanwhile (its GET answered at once, without the WAF change).
  await ctl.fault({ method: "PATCH", path: "^/shield/shield-zone$", delayMs: 800, count: 1 });
  const first = sz.create(a);
  for (let i = 0; i < 200; i++) {
    const read = (await ctl.journal()).some(
      (e) => e.method === "GET" && /shield-zone\/3$/.test(e.path),
    );
    if (read) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 100)); // the PATCH is on its way
  await Promise.all([first, uam.create(b)]);
  await ctl.clearFaults();
  const after = await zone3();
  expect(after.wafExecutionMode).toBe(0); // Log
  expect(after.dDoSShieldSensitivity).toBe(4); // Challenge
});

/**
 * Without the program's hint (inputs sent by the native plugin, or a zone known only after
 * other resources are created): the provider's run claim of the field, taken before the
 * first read, lets one of them write at most; the other fails naming the field and the kind.
 */
describe("without the program's hint: the run claim of the field", () => {
  beforeEach(async () => {
    await ctl.reset();
    resetRunState();
    await ctl.clearJournal();
  });

  test("UnderAttackMode created after a ShieldZone managing ddos.sensitivity: refused, only the first one's write", async () => {
    const a = sz.checkSync({}, { shieldZoneId: 3, ddos: { sensitivity: "Low" } }).inputs as Any;
    const b = uam.checkSync({}, { pullZoneId: 5, enabled: true }).inputs as Any;
    await sz.create(a);
    expect(await writes()).toEqual(["PATCH /shield/shield-zone"]);
    await expect(uam.create(b)).rejects.toThrow(
      /ShieldZone .*dDoSShieldSensitivity|dDoSShieldSensitivity.*ShieldZone/,
    );
    expect(await writes()).toEqual(["PATCH /shield/shield-zone"]);
    expect((await zone3()).dDoSShieldSensitivity).toBe(1); // Low: the ShieldZone's write only
  });

  test("a ShieldZone in the state managing ddos.sensitivity (diffed in this run), then an UnderAttackMode create: refused with no write", async () => {
    const a = sz.checkSync({}, { shieldZoneId: 3, ddos: { sensitivity: "High" } }).inputs as Any;
    const created = await sz.create(a); // High already: no write
    resetRunState(); // the next run: the engine diffs the existing resource first
    await ctl.clearJournal();
    sz.diffSync("3", created.outs as Any, a);
    const b = uam.checkSync({}, { shieldZoneId: 3, enabled: true }).inputs as Any;
    await expect(uam.create(b)).rejects.toThrow(/dDoSShieldSensitivity/);
    expect(await writes()).toEqual([]);
  });

  test("a ShieldZone managing only WAF settings does not claim the field", async () => {
    const a = sz.checkSync({}, { shieldZoneId: 3, waf: { mode: "Block" } }).inputs as Any;
    await sz.create(a);
    await uam.create(uam.checkSync({}, { shieldZoneId: 3, enabled: true }).inputs as Any);
    expect((await zone3()).dDoSShieldSensitivity).toBe(4);
  });

  test("an update that starts managing the field another kind claimed: refused with no write", async () => {
    const a = sz.checkSync({}, { shieldZoneId: 3, waf: { mode: "Block" } }).inputs as Any;
    const c = await sz.create(a);
    await uam.create(uam.checkSync({}, { shieldZoneId: 3, enabled: true }).inputs as Any);
    await ctl.clearJournal();
    const news = sz.checkSync(
      {},
      { shieldZoneId: 3, waf: { mode: "Block" }, ddos: { sensitivity: "Low" } },
    ).inputs as Any;
    await expect(sz.update("3", c.outs as Any, news)).rejects.toThrow(/dDoSShieldSensitivity/);
    expect(await writes()).toEqual([]);
  });
});
