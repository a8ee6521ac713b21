/**
 * Restore once (issue 28, finding 2) with the real Pulumi engine (CLI + inline programs + the
 * dynamic-provider host), against the emulator. A settings resource renamed without
 * `aliases`, or a `ZoneDnssec` replaced with `pulumi up --replace`, is refused as documented:
 * the new entry is created (it reads what Pulumi wrote as its prior), the old entry's delete
 * refuses, and the state keeps both. `pulumi destroy` then deletes both, concurrently: it
 * must exit 0 and leave the emulator's whole state exactly as it was before the first `up`,
 * whichever delete reads first. The first (or the second) read of each object in the destroy
 * is answered 1.5 s late (the emulator's latency fault), so that either delete finishes
 * first; a third run deletes one at a time (`--parallel 1`, the engine's own order). On the
 * code before the fix, the ResponsePage ends with Pulumi's page under both delays, the
 * ShieldZone with Pulumi's DDoS sensitivity one at a time, and DNSSEC on under the first
 * delay (the order in which concurrent deletes arrive varies from run to run). A
 * ManagedAccessList renamed without `aliases` is destroyed under the two delays only (one
 * delete at a time, the engine deletes the newer entry first: that passes before the fix
 * too); before the fix, the list ends with Pulumi's configuration under one of them.
 */
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type { SettingsSpec } from "./programs/shield-zone-program";
import type { DnssecSpec } from "./programs/safety-program";
import type { ManagedAccessListProgramOptions } from "./programs/managed-access-list-program";
import {
  canonical,
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  e2eAvailable,
  provideCliAndDist,
  show,
  TestStack,
  text,
} from "./setup";

const SETTINGS_PROGRAM = path.join(__dirname, "programs", "shield-zone-program.ts");
const SAFETY_PROGRAM = path.join(__dirname, "programs", "safety-program.ts");
const MAL_PROGRAM = path.join(__dirname, "programs", "managed-access-list-program.ts");
const OP_TIMEOUT = 300_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);
const dnsZoneOf = (s: EmulatorState, id: number) => s.dnsZones.find((z) => z.Id === id);
const listConfigOf = (s: EmulatorState, cid: number) => {
  const c = s.accessListConfigs.find((x) => x.configurationId === cid);
  return { isEnabled: c?.isEnabled, action: c?.action };
};
/** The whole state, comparable: a zone's unset plan and WAF flag as the platform reports them. */
const whole = (s: EmulatorState): Any => {
  const c = canonical(s) as Any;
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  return c;
};

/**
 * How the destroy runs: the first or the second read of each object answered 1.5 s late
 * (so that either delete finishes first), or one delete at a time (`--parallel 1`).
 */
const DELAYED = [
  "first read delayed 1.5 s",
  "second read delayed 1.5 s",
  "one delete at a time, --parallel 1",
] as const;
/**
 * The variants `npm test` runs: for each kind, the ones that failed before the fix (the
 * provider tests, test/provider/restore-once*.test.ts, run every order of every kind).
 * `E2E_ALL_VARIANTS=1` runs all of them here too.
 */
const ALL = process.env.E2E_ALL_VARIANTS === "1";
const variants = (...failedBefore: (typeof DELAYED)[number][]) =>
  ALL ? [...DELAYED] : failedBefore;
const destroyOpts = (which: (typeof DELAYED)[number]) =>
  which.endsWith("--parallel 1") ? { parallel: 1 } : {};

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: restore once (issue 28)", () => {
  let cli: CliInfo;
  let harness: KindHarness;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, {
      label: "restore-once",
      programModule: SETTINGS_PROGRAM,
    });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  /** Fixtures, default profile, no faults, an empty journal: the state before Pulumi. */
  const fresh = async () => {
    const c = harness.control;
    await c.setProfile("default");
    await c.reset();
    return whole(await c.state());
  };

  /** Delays the first or the second GET of each path by 1.5 s (the others answer normally). */
  const delayRead = async (which: (typeof DELAYED)[number], paths: string[]) => {
    if (!which.endsWith("delayed 1.5 s")) return;
    for (const p of paths) {
      if (which.startsWith("second"))
        await harness.control.fault({ method: "GET", path: `^${p}$` });
      await harness.control.fault({ method: "GET", path: `^${p}$`, delayMs: 1500 });
    }
  };

  /** The stack's resources of `type` as `[name, prior record, pending delete]`. */
  const entries = async (stack: TestStack, type: RegExp, program?: string) => {
    const r = await stack.run([{ op: "export" }], {}, program);
    return ((r[0].deployment as Any).deployment.resources as Any[])
      .filter((x) => type.test(x.type))
      .map((x) => [
        String(x.urn).replace(/.*::/, ""),
        x.outputs.prior ?? x.outputs.priorEnabled,
        x.delete ?? false,
      ]);
  };

  test.each(variants("first read delayed 1.5 s", "one delete at a time, --parallel 1"))(
    "ShieldZone and ResponsePage renamed without aliases: up refused as documented, the state keeps both entries; destroy (%s) exits 0 and the whole state is as before Pulumi",
    async (which) => {
      const control = harness.control;
      const before = await fresh();
      const sens = zoneOf(before, 1).settings.dDoSShieldSensitivity;
      const was = ["Off", "Low", "Medium", "High", "Challenge"][sens];
      const want = sens === 3 ? "Low" : "High";
      const page = zoneOf(before, 3).customPages.block;
      expect(page).toEqual(expect.any(String)); // premise: zone 3 has a block page of its own
      const html = "<html><body>Blocked by Pulumi</body></html>";
      const named = (suffix: string): SettingsSpec[] => [
        {
          kind: "ShieldZone",
          name: `zone1${suffix}`,
          args: { shieldZoneId: 1, ddos: { sensitivity: want } },
        },
        {
          kind: "ResponsePage",
          name: `block3${suffix}`,
          args: { shieldZoneId: 3, pageType: "block", html },
        },
      ];
      const stack = harness.newStack(`rename-${DELAYED.indexOf(which)}`);
      const up1 = await stack.op({ op: "up" }, { resources: named("") });
      const written = await control.state();
      expect(zoneOf(written, 1).settings.dDoSShieldSensitivity).not.toBe(sens);
      expect(zoneOf(written, 3).customPages.block).toBe(html);

      await control.clearJournal();
      const up2 = await stack.op({ op: "up", allowFail: true }, { resources: named("-v2") });
      show(`rename (${which}): up`, up2, 40);
      expect(up2.ok).toBe(false);
      expect(text(up2)).toContain(`prior: {"ddos":{"sensitivity":"${was}"}}`);
      expect(text(up2)).toContain(`prior: ${JSON.stringify({ html: page })}`);
      expect(await control.writes()).toEqual([]);
      expect(whole(await control.state())).toEqual(whole(written));
      // The state keeps both entries: the old one with the values before Pulumi, the new one
      // with what Pulumi wrote.
      expect(await entries(stack, /shield:(ShieldZone|ResponsePage)$/)).toEqual(
        expect.arrayContaining([
          ["zone1", { ddos: { sensitivity: was } }, false],
          ["zone1-v2", { ddos: { sensitivity: want } }, false],
          ["block3", { html: page }, false],
          ["block3-v2", { html }, false],
        ]),
      );

      await delayRead(which, ["/shield/shield-zone/1", "/shield/shield-zone/3/custom-page/block"]);
      const destroy = await stack.op(
        { op: "destroy", opts: destroyOpts(which) },
        { resources: named("-v2") },
      );
      show(`rename (${which}): destroy`, destroy, 30);
      expect(destroy.ok).toBe(true);
      expect(whole(await control.state())).toEqual(before);
      console.log(
        `rename (${which}) timings: up ${up1.ms} ms, up ${up2.ms} ms, destroy ${destroy.ms} ms`,
      );
    },
    OP_TIMEOUT,
  );

  test.each(variants("first read delayed 1.5 s"))(
    "ZoneDnssec: `pulumi up --replace` refused, the state keeps both entries; destroy (%s) exits 0, DNSSEC is off again and the whole state is as before Pulumi",
    async (which) => {
      const control = harness.control;
      const before = await fresh();
      expect(dnsZoneOf(before, 1)?.DnsSecEnabled).toBe(false); // premise: off before Pulumi
      const stack = harness.newStack(`dnssec-replace-${DELAYED.indexOf(which)}`);
      const options = { dnssec: [{ name: "com-dnssec", zoneId: 1, enabled: true } as DnssecSpec] };
      const up1 = await stack.op({ op: "up" }, options, SAFETY_PROGRAM);
      expect(dnsZoneOf(await control.state(), 1)?.DnsSecEnabled).toBe(true);
      const on = whole(await control.state());

      const urn = `urn:pulumi:${stack.opts.stackName}::${stack.opts.projectName}::pulumi-nodejs:dynamic/dns:ZoneDnssec::com-dnssec`;
      await control.clearJournal();
      const up2 = await stack.op(
        { op: "up", opts: { replace: [urn] }, allowFail: true },
        options,
        SAFETY_PROGRAM,
      );
      show(`dnssec --replace (${which}): up`, up2, 40);
      expect(up2.ok).toBe(false);
      expect(text(up2)).toContain("set `priorEnabled: false` on the resource that manages zone 1");
      expect(await control.writes()).toEqual([]);
      expect(whole(await control.state())).toEqual(on);
      // The replacement (Pulumi's write as its prior) and the original, pending deletion.
      expect(await entries(stack, /dns:ZoneDnssec$/, SAFETY_PROGRAM)).toEqual(
        expect.arrayContaining([
          ["com-dnssec", true, false],
          ["com-dnssec", false, true],
        ]),
      );

      await control.clearJournal();
      await delayRead(which, ["/dnszone/1"]);
      const destroy = await stack.op(
        { op: "destroy", opts: destroyOpts(which) },
        options,
        SAFETY_PROGRAM,
      );
      show(`dnssec --replace (${which}): destroy`, destroy, 30);
      expect(destroy.ok).toBe(true);
      expect((await control.writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
        "DELETE /dnszone/1/dnssec",
      ]);
      expect(whole(await control.state())).toEqual(before);
      console.log(
        `dnssec --replace (${which}) timings: up ${up1.ms} ms, up ${up2.ms} ms, destroy ${destroy.ms} ms`,
      );
    },
    OP_TIMEOUT,
  );

  test.each(variants("first read delayed 1.5 s").filter((d) => d.endsWith("delayed 1.5 s")))(
    "ManagedAccessList renamed without aliases: up refused as documented, the state keeps both entries; destroy (%s) exits 0 and the whole state is as before Pulumi",
    async (which) => {
      const control = harness.control;
      const before = await fresh();
      // Fixtures: managed list 3 "AI Crawlers" of shield zone 1 (configuration 7003).
      expect(listConfigOf(before, 7003)).toEqual({ isEnabled: false, action: 0 }); // None
      const named = (suffix: string): ManagedAccessListProgramOptions => ({
        lists: [
          { name: `ai${suffix}`, shieldZoneId: 1, listId: 3, enabled: true, action: "Block" },
        ],
      });
      const stack = harness.newStack(`mal-rename-${DELAYED.indexOf(which)}`);
      const up1 = await stack.op({ op: "up" }, named(""), MAL_PROGRAM);
      const written = await control.state();
      expect(listConfigOf(written, 7003)).toEqual({ isEnabled: true, action: 2 }); // Block

      await control.clearJournal();
      const up2 = await stack.op({ op: "up", allowFail: true }, named("-v2"), MAL_PROGRAM);
      show(`mal rename (${which}): up`, up2, 40);
      expect(up2.ok).toBe(false);
      // The state's record (its keys as the engine stores them).
      expect(text(up2)).toContain('prior: {"action":"None","enabled":false}');
      expect(await control.writes()).toEqual([]);
      expect(whole(await control.state())).toEqual(whole(written));
      expect(await entries(stack, /shield:ManagedAccessList$/, MAL_PROGRAM)).toEqual(
        expect.arrayContaining([
          ["ai", { enabled: false, action: "None" }, false],
          ["ai-v2", { enabled: true, action: "Block" }, false],
        ]),
      );

      await control.clearJournal();
      await delayRead(which, ["/shield/shield-zone/1/access-lists"]);
      const destroy = await stack.op({ op: "destroy" }, named("-v2"), MAL_PROGRAM);
      show(`mal rename (${which}): destroy`, destroy, 30);
      expect(destroy.ok).toBe(true);
      expect(whole(await control.state())).toEqual(before);
      // One restore, the first owner's.
      expect((await control.writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
        "PATCH /shield/shield-zone/1/access-lists/configurations/7003",
      ]);
      console.log(
        `mal rename (${which}) timings: up ${up1.ms} ms, up ${up2.ms} ms, destroy ${destroy.ms} ms`,
      );
    },
    OP_TIMEOUT,
  );
});
