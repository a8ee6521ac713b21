/**
 * One object, one owner (issue 16) with the real Pulumi engine: CLI + Automation API inline
 * program (test/e2e/programs/safety-program.ts) + the dynamic-provider host, against the
 * emulator on a loopback port.
 *
 * Every scenario starts from the fixtures (emulator reset) and new stacks, and ends by
 * comparing the emulator's WHOLE state with an expectation computed from the fixtures plus
 * what the scenario did (never from the provider's code): nothing else may have changed.
 * Write calls are checked in the emulator's journal. The key CLI output of each scenario is
 * printed, normalised, so that it can be quoted.
 */
import { randomBytes } from "crypto";
import * as path from "path";
import type { AddressInfo } from "net";
import { buildServer, EmulatorState } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { desiredConfiguration } from "./faults-program";
import type {
  DnssecSpec,
  RuleSpec,
  SafetyProgramOptions,
  VolumeDeletionSpec,
} from "./programs/safety-program";
import {
  canonical,
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  OpResult,
  provideCliAndDist,
  show,
  TestStack,
  text,
} from "./setup";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
type Rule = EmulatorState["rateLimitRules"][number];

const PROGRAM = path.join(__dirname, "programs", "safety-program.ts");
const PROJECT = "edgeplatform-ownership";
const OP_TIMEOUT = 300_000;
const DNSSEC_TYPE = "pulumi-nodejs:dynamic/dns:ZoneDnssec";

const urnOf = (stack: TestStack, type: string, name: string) =>
  `urn:pulumi:${stack.opts.stackName}::${PROJECT}::${type}::${name}`;
const dnssecOf = (s: EmulatorState, id: number) => s.dnsZones.find((z) => z.Id === id);

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: one object, one owner (issue 16)", () => {
  let cli: CliInfo;
  let close: () => Promise<void>;
  let url: string;
  let control: Control;
  let apiKey: string;
  /** POST /shield/rate-limit requests that reached the emulator (counted on arrival). */
  const stacks: TestStack[] = [];

  const newStack = (name: string) => {
    const s = new TestStack(cli, {
      projectName: PROJECT,
      stackName: name,
      passphrase: randomBytes(12).toString("hex"),
      programModule: PROGRAM,
      programExport: "program",
      config: {
        "edgeplatform:baseUrl": { value: url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
    stacks.push(s);
    return s;
  };

  /** Fixtures, an empty journal, no faults, default profile; the state a scenario starts from. */
  const fresh = async (): Promise<EmulatorState> => {
    await control.reset();
    await control.setProfile("default");
    await control.setScopedKeys({});
    await control.clearJournal();
    return control.state();
  };

  /** Write calls since the journal was cleared, as `METHOD path`. */
  const writeLines = async () => (await control.writes()).map((w) => `${w.method} ${w.path}`);

  /** The whole emulator state must equal `expected`. */
  const expectWholeState = async (expected: EmulatorState) =>
    expect(canonical(await control.state())).toEqual(canonical(expected));

  /**
   * `base` plus the rules a scenario created in shield zone `shieldZoneId` (the platform
   * assigns id and userId; everything else is what the program asked for), each exactly once.
   */
  const withCreated = (base: EmulatorState, actual: EmulatorState, rules: RuleSpec[]) => {
    const s = clone(base);
    for (const r of rules) {
      const hits = actual.rateLimitRules.filter(
        (x) =>
          x.ruleName === r.ruleName &&
          x.shieldZoneId === r.shieldZoneId &&
          !base.rateLimitRules.some((b) => b.id === x.id),
      );
      expect(hits.map((h) => h.ruleName)).toEqual([r.ruleName]); // exactly one, no duplicate
      s.rateLimitRules.push({
        id: hits[0].id,
        userId: hits[0].userId,
        shieldZoneId: r.shieldZoneId as number,
        ruleName: r.ruleName as string,
        ruleDescription: r.ruleDescription ?? null,
        ruleJson: JSON.stringify(r.ruleConfiguration),
        ruleConfiguration: r.ruleConfiguration as Rule["ruleConfiguration"],
      } as Rule);
    }
    s.nextIds.rateLimitRule += rules.length;
    return s;
  };

  /** `pulumi stack export` (secrets stay encrypted): the stack's resources of a type. */
  const stateResources = async (stack: TestStack, type: RegExp) => {
    const r = await stack.op({ op: "export" });
    const d = (r.deployment as Any).deployment;
    return {
      resources: ((d.resources ?? []) as Any[]).filter((x) => type.test(x.type)),
      pending: (d.pending_operations ?? []) as Any[],
    };
  };
  const names = (rs: Any[]) => rs.map((r) => `${String(r.urn).replace(/.*::/, "")}=${r.id}`);

  /** How long each step took, printed at the end of a scenario. */
  const timings = (label: string, runs: OpResult[]) =>
    console.log(`${label} timings: ${runs.map((r) => `${r.op} ${r.ms} ms`).join(", ")}`);

  beforeAll(async () => {
    cli = await provideCliAndDist();
    apiKey = `e2e-ownership-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    const { app } = buildServer({ apiKey });
    await app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = () => app.close();
    control = new Control(url);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    if (process.env.KEEP_E2E_DIR !== "1") for (const s of stacks) s.cleanup();
  });

  test(
    "1. two stacks, one shield zone: y's up fails before any write naming x's rule and the ways out; y's destroy deletes nothing; x keeps and finally deletes its rule",
    async () => {
      const before = await fresh();
      const x = newStack("two-stacks-x");
      const y = newStack("two-stacks-y");
      const rule: RuleSpec = {
        name: "api-limit",
        shieldZoneId: 1,
        ruleName: "api-limit",
        ruleConfiguration: desiredConfiguration(),
      };
      const options: SafetyProgramOptions = { rules: [rule] };
      const upX = await x.op({ op: "up" }, options);
      expect(await writeLines()).toEqual(["POST /shield/rate-limit"]);
      const id = Number((upX.outputs?.ids.value as Record<string, string>)["api-limit"]);
      const withRule = withCreated(before, await control.state(), [rule]);
      await expectWholeState(withRule);

      await control.clearJournal();
      const upY = await y.op({ op: "up", allowFail: true }, options);
      show("1 up of stack y", upY, 30);
      expect(upY.ok).toBe(false);
      const msg = text(upY);
      expect(msg).toContain(`already has rule ${id} named "api-limit"`);
      expect(msg).toContain(`\`ruleId: ${id}\``);
      expect(msg).toContain(`ruleId: ${id}, deleteOnDestroy: true`);
      expect(msg).toContain("pulumi refresh --clear-pending-creates");
      expect(msg).toContain("aliases");
      expect(await writeLines()).toEqual([]);
      expect((await stateResources(y, /RateLimitRule$/)).resources).toEqual([]);

      const destroyY = await y.op({ op: "destroy" }, options);
      expect(await writeLines()).toEqual([]);
      await expectWholeState(withRule);

      const refreshX = await x.op({ op: "refresh" }, options);
      expect(names((await stateResources(x, /RateLimitRule$/)).resources)).toEqual([
        `api-limit=${id}`,
      ]);
      const pvX = await x.op({ op: "preview", opts: { expectNoChanges: true } }, options);
      expect(pvX.ok).toBe(true);
      expect(await writeLines()).toEqual([]);
      await expectWholeState(withRule);

      const destroyX = await x.op({ op: "destroy" }, options);
      expect(await writeLines()).toEqual([`DELETE /shield/rate-limit/${id}`]);
      const expected = clone(before);
      expected.nextIds.rateLimitRule += 1;
      await expectWholeState(expected);
      timings("1", [upX, upY, destroyY, refreshX, pvX, destroyX]);
    },
    OP_TIMEOUT,
  );

  test(
    "2. a second ZoneDnssec for a managed zone added to a deployed program: up fails at check naming both, no write, in either order (one run of each)",
    async () => {
      const before = await fresh();
      expect(dnssecOf(before, 2)?.DnsSecEnabled).toBe(true); // premise: on before the test
      const stack = newStack("dnssec-two-owners");
      const first: DnssecSpec = { name: "org-dnssec", zoneId: 2, enabled: true };
      // The second one would switch DNSSEC off if it were allowed to run.
      const second: DnssecSpec = { name: "org-dnssec-again", zoneId: 2, enabled: false };
      const up1 = await stack.op({ op: "up" }, { dnssec: [first] });
      expect(await writeLines()).toEqual([]); // already on: no write
      const runs: OpResult[] = [up1];
      for (let i = 0; i < 2; i++) {
        const order = i % 2 === 0 ? [first, second] : [second, first];
        await control.clearJournal();
        const up = await stack.op({ op: "up", allowFail: true }, { dnssec: order });
        runs.push(up);
        if (i < 2) show(`2 up with both (order ${order.map((d) => d.name).join(", ")})`, up, 30);
        expect(up.ok).toBe(false);
        const msg = text(up);
        expect(msg).toContain(`the DNSSEC of DNS zone 2 is named by 2 resources of this program (`);
        expect(msg).toContain('edge.dns.ZoneDnssec "org-dnssec"');
        expect(msg).toContain('edge.dns.ZoneDnssec "org-dnssec-again"');
        // Both fail at check: neither is created, updated or deleted.
        expect(msg).not.toMatch(/create failed|update failed|delete failed/);
        expect(await writeLines()).toEqual([]);
        expect((await stateResources(stack, /ZoneDnssec$/)).resources.length).toBe(1);
        await expectWholeState(before);
      }
      // The program as deployed: no change, no write.
      const pv = await stack.op(
        { op: "preview", opts: { expectNoChanges: true } },
        {
          dnssec: [first],
        },
      );
      expect(pv.ok).toBe(true);
      const destroy = await stack.op({ op: "destroy" }, { dnssec: [first] });
      expect(await writeLines()).toEqual([]); // on before Pulumi: left on
      await expectWholeState(before);
      timings("2", [...runs, pv, destroy]);
    },
    OP_TIMEOUT,
  );

  test.each(["replace", "rename"] as const)(
    "3. DNSSEC %s whose records of the prior state disagree: the old delete refuses naming priorEnabled, zone stays on; with priorEnabled: false up writes nothing; destroy turns it off again",
    async (variant) => {
      const before = await fresh();
      expect(dnssecOf(before, 1)?.DnsSecEnabled).toBe(false); // premise: off before Pulumi
      const stack = newStack(`dnssec-${variant}`);
      const original: DnssecSpec = { name: "com-dnssec", zoneId: 1, enabled: true };
      const up1 = await stack.op({ op: "up" }, { dnssec: [original] });
      expect(await writeLines()).toEqual(["POST /dnszone/1/dnssec"]);
      const on = await control.state();
      expect(dnssecOf(on, 1)?.DnsSecEnabled).toBe(true);

      const now: DnssecSpec =
        variant === "replace" ? original : { ...original, name: "com-dnssec-renamed" };
      const upOpts =
        variant === "replace" ? { replace: [urnOf(stack, DNSSEC_TYPE, original.name)] } : {};
      await control.clearJournal();
      const up2 = await stack.op({ op: "up", opts: upOpts, allowFail: true }, { dnssec: [now] });
      show(`3 ${variant}: up`, up2, 40);
      expect(up2.ok).toBe(false);
      expect(text(up2)).toContain(
        "set `priorEnabled: false` on the resource that manages zone 1 now",
      );
      expect(await writeLines()).toEqual([]);
      await expectWholeState(on);

      const pinned: DnssecSpec = { ...now, priorEnabled: false };
      const up3 = await stack.op({ op: "up" }, { dnssec: [pinned] });
      show(`3 ${variant}: up with priorEnabled: false`, up3, 30);
      expect(await writeLines()).toEqual([]);
      await expectWholeState(on);
      const left = await stateResources(stack, /ZoneDnssec$/);
      expect(
        left.resources.map((r) => [String(r.urn).replace(/.*::/, ""), r.delete ?? false]),
      ).toEqual([[now.name, false]]);
      expect(left.resources[0].outputs.priorEnabled).toBe(false);

      const pv = await stack.op(
        { op: "preview", opts: { expectNoChanges: true } },
        {
          dnssec: [pinned],
        },
      );
      expect(pv.ok).toBe(true);
      const destroy = await stack.op({ op: "destroy" }, { dnssec: [pinned] });
      expect(await writeLines()).toEqual(["DELETE /dnszone/1/dnssec"]);
      await expectWholeState(before); // back off, as before Pulumi
      timings(`3 ${variant}`, [up1, up2, up3, pv, destroy]);
    },
    OP_TIMEOUT,
  );

  test(
    "3b. a DNSSEC enable applied but answered 500 is a partial create: the state keeps the zone with its true prior; the next up writes nothing; destroy turns it off again",
    async () => {
      const before = await fresh();
      expect(dnssecOf(before, 1)?.DnsSecEnabled).toBe(false); // premise: off before Pulumi
      const stack = newStack("dnssec-partial");
      const options: SafetyProgramOptions = {
        dnssec: [{ name: "com-dnssec", zoneId: 1, enabled: true }],
      };
      // The platform applies the enable, then answers 500.
      await control.fault({
        method: "POST",
        path: "^/dnszone/1/dnssec$",
        afterHandler: true,
        status: 500,
        count: 1,
      });
      const up1 = await stack.op({ op: "up", allowFail: true }, options);
      show("3b up, enable applied but answered 500", up1, 20);
      expect(up1.ok).toBe(false);
      expect(await writeLines()).toEqual(["POST /dnszone/1/dnssec"]);
      const on = await control.state();
      expect(dnssecOf(on, 1)?.DnsSecEnabled).toBe(true);
      const inState = (await stateResources(stack, /ZoneDnssec$/)).resources;
      expect(names(inState)).toEqual(["com-dnssec=1"]);
      expect(inState[0].outputs.priorEnabled).toBe(false);

      await control.clearFaults();
      await control.clearJournal();
      const up2 = await stack.op({ op: "up" }, options);
      show("3b up after the partial create", up2, 20);
      expect(await writeLines()).toEqual([]);
      await expectWholeState(on);
      const pv = await stack.op({ op: "preview", opts: { expectNoChanges: true } }, options);
      expect(pv.ok).toBe(true);
      const destroy = await stack.op({ op: "destroy" }, options);
      expect(await writeLines()).toEqual(["DELETE /dnszone/1/dnssec"]);
      await expectWholeState(before);
      timings("3b", [up1, up2, pv, destroy]);
    },
    OP_TIMEOUT,
  );

  test(
    "4. renaming a VolumeInstancesDeletion: with aliases nothing is deleted again; without aliases the instances are deleted again (documented)",
    async () => {
      const before = await fresh();
      const volume = (s: EmulatorState) =>
        s.apps.find((a) => a.id === "app-1")?.volumes.find((v) => v.id === "vol-detached");
      const instanceIds = volume(before)?.volumeInstances.map((i) => i.id);
      expect(instanceIds).toEqual(["vi-d1", "vi-d2", "vi-d3"]); // premise
      const stack = newStack("volume-rename");
      const spec: VolumeDeletionSpec = {
        name: "wipe-cache",
        appId: "app-1",
        volumeId: "vol-detached",
      };
      const deleteCall = "DELETE /mc/apps/app-1/volumes/vol-detached";
      const up1 = await stack.op({ op: "up" }, { volumeDeletions: [spec] });
      expect(await writeLines()).toEqual([deleteCall]);
      expect((up1.outputs?.deleted.value as Record<string, string[]>)["wipe-cache"]).toEqual(
        instanceIds,
      );
      const wiped = await control.state();
      expect(volume(wiped)?.volumeInstances).toEqual([]);

      // New instances appear (out of band): the same ones as in the fixtures.
      const refilled = await control.updateState((s) => {
        const v = volume(s);
        const f = volume(before);
        if (!v || !f) throw new Error("volume vol-detached missing");
        Object.assign(v, clone(f));
      });
      await control.clearJournal();

      const aliased: VolumeDeletionSpec = {
        ...spec,
        name: "wipe-cache-v2",
        aliases: ["wipe-cache"],
      };
      const up2 = await stack.op({ op: "up" }, { volumeDeletions: [aliased] });
      show("4 rename with aliases", up2, 20);
      expect(await writeLines()).toEqual([]);
      await expectWholeState(refilled);

      const renamed: VolumeDeletionSpec = { ...spec, name: "wipe-cache-v3" };
      const up3 = await stack.op({ op: "up" }, { volumeDeletions: [renamed] });
      show("4 rename without aliases", up3, 20);
      expect(up3.summary?.resourceChanges).toMatchObject({ create: 1, delete: 1 });
      expect(await writeLines()).toEqual([deleteCall]); // deleted again, as documented
      await expectWholeState(wiped);

      await control.clearJournal();
      const destroy = await stack.op({ op: "destroy" }, { volumeDeletions: [renamed] });
      expect(await writeLines()).toEqual([]);
      await expectWholeState(wiped);
      timings("4", [up1, up2, up3, destroy]);
    },
    OP_TIMEOUT,
  );

  test(
    "5. an adopted rule later addressed by shieldZoneId + ruleName stays adopted: no DELETE ever; destroy leaves it",
    async () => {
      const before = await fresh();
      const fixture = before.rateLimitRules.find((r) => r.id === 102) as Rule;
      expect(fixture.ruleName).toBe("login-challenge"); // premise
      const stack = newStack("adopted-readdressed");
      const config = { requestCount: 20 }; // partial: one managed field
      const adopted: RuleSpec = { name: "login", ruleId: 102, ruleConfiguration: config };
      const up1 = await stack.op({ op: "up" }, { rules: [adopted] });
      expect(await writeLines()).toEqual(["PATCH /shield/rate-limit/102"]);
      const expected = clone(before);
      const r102 = expected.rateLimitRules.find((r) => r.id === 102) as Rule;
      r102.ruleConfiguration = { ...clone(fixture.ruleConfiguration), ...config } as never;
      r102.ruleJson = JSON.stringify(r102.ruleConfiguration);
      await expectWholeState(expected);

      await control.clearJournal();
      const byName: RuleSpec = {
        name: "login",
        shieldZoneId: 1,
        ruleName: "login-challenge",
        ruleConfiguration: config,
      };
      const up2 = await stack.op({ op: "up" }, { rules: [byName] });
      show("5 up, the adopted rule addressed by shieldZoneId + ruleName", up2, 30);
      expect(up2.summary?.resourceChanges).not.toHaveProperty("replace");
      expect(up2.summary?.resourceChanges).not.toHaveProperty("create");
      expect(await writeLines()).toEqual([]);
      const inState = (await stateResources(stack, /RateLimitRule$/)).resources;
      expect(names(inState)).toEqual(["login=102"]);
      expect(inState[0].outputs.origin).toBe("adopted");

      const pv = await stack.op(
        { op: "preview", opts: { expectNoChanges: true } },
        {
          rules: [byName],
        },
      );
      expect(pv.ok).toBe(true);
      const destroy = await stack.op({ op: "destroy" }, { rules: [byName] });
      show("5 destroy", destroy, 20);
      expect(await writeLines()).toEqual([]); // no DELETE: rule 102 stays
      await expectWholeState(expected);
      timings("5", [up1, up2, pv, destroy]);
    },
    OP_TIMEOUT,
  );
});
