/**
 * Data safety with the real Pulumi engine (issue 9): CLI + Automation API inline program
 * (test/e2e/programs/safety-program.ts) + the dynamic-provider host, against the emulator.
 * "Pulumi never deletes, wipes, duplicates or silently forgets a platform object it was not
 * asked to."
 *
 * Every scenario starts from the fixtures (emulator reset) and a new stack, and ends by
 * comparing the emulator's WHOLE state with an expectation computed from the fixtures plus
 * what the scenario did (never from the provider's code): nothing else may have changed.
 * Write calls are checked in the emulator's journal. The key CLI output of each scenario is
 * printed, normalised, so that it can be quoted.
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { AddressInfo } from "net";
import { buildServer, EmulatorState } from "../../packages/emulator/src";
import type { ProfileInput } from "../../packages/emulator/src/profiles";
import { registerSecret } from "../support/secrets";
import { desiredConfiguration } from "./faults-program";
import type { RuleSpec, SafetyProgramOptions } from "./programs/safety-program";
import {
  canonical,
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  provideCliAndDist,
  PACKAGE_DIR,
  show,
  TestStack,
  text,
  waitFor,
} from "./setup";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
type Rule = EmulatorState["rateLimitRules"][number];

const PROGRAM = path.join(__dirname, "programs", "safety-program.ts");
const OP_TIMEOUT = 300_000;
const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: data safety (issue 9)", () => {
  let cli: CliInfo;
  let close: () => Promise<void>;
  let url: string;
  let control: Control;
  let apiKey: string;
  const stacks: TestStack[] = [];
  const tmpDirs: string[] = [];

  const newStack = (name: string) => {
    const s = new TestStack(cli, {
      projectName: "edgeplatform-safety",
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

  /**
   * Fixtures, an empty journal, no faults, the given behaviour profile and no scoped keys
   * (profile and keys are configuration, which a reset keeps); returns the state every
   * scenario starts from.
   */
  const fresh = async (profile: ProfileInput = "default"): Promise<EmulatorState> => {
    await control.reset();
    await control.setProfile(profile);
    await control.setScopedKeys({});
    await control.clearJournal();
    return control.state();
  };

  /** Sets a secret config value of the stack through the CLI (value on stdin, not argv). */
  /** Write calls since the journal was cleared, as `METHOD path`. */
  const writeLines = async () => (await control.writes()).map((w) => `${w.method} ${w.path}`);

  /** The whole emulator state must equal `expected`. */
  const expectWholeState = async (expected: EmulatorState) =>
    expect(canonical(await control.state())).toEqual(canonical(expected));

  /**
   * `base` plus the rules a scenario created (the platform assigns id and userId; everything
   * else is what the program asked for) and `posts` consumed ids.
   */
  const withCreated = (
    base: EmulatorState,
    actual: EmulatorState,
    rules: RuleSpec[],
    posts = rules.length,
  ): EmulatorState => {
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
    s.nextIds.rateLimitRule += posts;
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

  beforeAll(async () => {
    cli = await provideCliAndDist();
    apiKey = `e2e-safety-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    const { app } = buildServer({ apiKey });
    await app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = () => app.close();
    control = new Control(url);
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    if (process.env.KEEP_E2E_DIR !== "1") {
      for (const s of stacks) s.cleanup();
      for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
    }
  });

  test(
    "1. mode switch: shieldZoneId → ruleId of the same rule is an in-place update with no write; destroy keeps the rule",
    async () => {
      const before = await fresh();
      const stack = newStack("mode-switch");
      const created: RuleSpec = {
        name: "mode",
        shieldZoneId: 1,
        ruleName: "mode-switch",
        ruleConfiguration: desiredConfiguration(),
      };
      const up1 = await stack.op({ op: "up" }, { rules: [created] });
      expect(up1.summary?.resourceChanges).toEqual({ create: 2 }); // the stack + the rule
      expect(await writeLines()).toEqual(["POST /shield/rate-limit"]);
      const id = Number((up1.outputs?.ids.value as Record<string, string>).mode);

      const adopted: SafetyProgramOptions = {
        rules: [
          {
            name: "mode",
            ruleId: id,
            ruleName: "mode-switch",
            ruleConfiguration: desiredConfiguration(),
          },
        ],
      };
      await control.clearJournal();
      const pv = await stack.op({ op: "preview", opts: { diff: true } }, adopted);
      show("1 mode switch", pv);
      expect(pv.changeSummary).toEqual({ update: 1, same: 1 });
      expect(pv.stdout).not.toMatch(/replace/i);
      expect(pv.stdout).toMatch(/~ pulumi-nodejs:dynamic\/shield:RateLimitRule: \(update\)/);

      const up2 = await stack.op({ op: "up" }, adopted);
      show("1 mode switch", up2);
      expect(up2.summary?.resourceChanges).toEqual({ update: 1, same: 1 });
      expect(await writeLines()).toEqual([]);
      const inState = await stateResources(stack, /RateLimitRule$/);
      expect(inState.resources.map((r) => [r.id, r.outputs.ruleId, r.outputs.adopted])).toEqual([
        [String(id), id, true],
      ]);

      const destroy = await stack.op({ op: "destroy" }, adopted);
      show("1 mode switch", destroy);
      expect(destroy.summary?.resourceChanges).toMatchObject({ delete: 2 });
      expect(await writeLines()).toEqual([]);
      // The rule stays, exactly as created; nothing else changed.
      await expectWholeState(withCreated(before, await control.state(), [created]));
    },
    OP_TIMEOUT,
  );

  test.each(["default", "merge-patch"] as const)(
    "2. partial adoption (%s profile): a four-field ruleConfiguration changes one field; every other field is kept",
    async (profile) => {
      const before = await fresh(profile);
      const fixture = before.rateLimitRules.find((r) => r.id === 102) as Rule;
      expect(fixture.ruleConfiguration?.requestCount).toBe(10); // the scenario's premise
      const stack = newStack(`partial-adoption-${profile}`);
      // The adoption example of docs/resources.md ("Adopting existing rules"), with
      // requestCount changed from 10 to 25.
      const options: SafetyProgramOptions = {
        rules: [
          {
            name: "login",
            ruleId: 102,
            ruleConfiguration: {
              actionType: "Challenge",
              requestCount: 25,
              timeframe: 10,
              blockTime: 900,
            },
          },
        ],
      };
      const up = await stack.op({ op: "up" }, options);
      show(`2 partial adoption (${profile})`, up);
      const expectedConfig = { ...clone(fixture.ruleConfiguration), requestCount: 25 };
      const writes = await control.writes();
      expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(["PATCH /shield/rate-limit/102"]);
      // Only the changed top-level field, carrying the whole configuration as it was + 1 change.
      expect(Object.keys(writes[0].body as object)).toEqual(["ruleConfiguration"]);
      expect((writes[0].body as Any).ruleConfiguration).toEqual(expectedConfig);

      const expected = clone(before);
      const r102 = expected.rateLimitRules.find((r) => r.id === 102) as Rule;
      r102.ruleConfiguration = expectedConfig as Rule["ruleConfiguration"];
      r102.ruleJson = JSON.stringify(expectedConfig);
      await expectWholeState(expected);

      await control.clearJournal();
      const pv = await stack.op({ op: "preview", opts: { expectNoChanges: true } }, options);
      show(`2 partial adoption (${profile})`, pv, 20);
      expect(pv.ok).toBe(true);
      const destroy = await stack.op({ op: "destroy" }, options);
      expect(destroy.ok).toBe(true);
      expect(await writeLines()).toEqual([]);
      await expectWholeState(expected);
    },
    OP_TIMEOUT,
  );

  // 3. (double interrupt after the POSTs landed, then an up): under issue 16 the up after the
  // interrupt no longer takes the landed rules over; the scenario, with the way out, is
  // test/e2e/ownership.e2e.test.ts "6. interrupted up ...".

  // The profile's default delay is the lifecycle table's cell 6 (every kind, the real CLI);
  // here a delay that makes the read-back meet 404s first, and one longer than the read-back.
  test.each([
    {
      label: "async-202, 1.5 s",
      profile: { name: "async-202", writeDelayMs: 1_500 } as ProfileInput,
      partial: false,
    },
    {
      // Applied after 25 s: longer than the provider's 20 s read-back, so the create fails,
      // and it must fail as a PARTIAL create (id recorded), never forgetting the rule.
      label: "async-202, 25 s: partial create",
      profile: { name: "async-202", writeDelayMs: 25_000 } as ProfileInput,
      partial: true,
    },
  ])(
    "5. 202 + 404 ($label): each rule is created once, its id recorded; the next up sends no POST",
    async ({ label, profile, partial }) => {
      const before = await fresh(profile);
      const stack = newStack(`accepted-${label.replace(/[^a-z0-9]+/gi, "-")}`);
      const rules: RuleSpec[] = [0, 1, 2].map((i) => ({
        name: `accepted-${i}`,
        shieldZoneId: 1,
        ruleName: `accepted-${i}`,
        ruleConfiguration: desiredConfiguration(),
      }));
      const options: SafetyProgramOptions = { rules };
      const up = await stack.op({ op: "up", allowFail: partial }, options);
      show(`5 up (${label})`, up, partial ? 16 : 30);
      if (partial) {
        expect(up.ok).toBe(false);
        expect(text(up)).toMatch(/accepted rule \d+ \(202\) but it was not readable/);
        const pending = (await stateResources(stack, /RateLimitRule$/)).resources;
        console.log(
          `5 (${label}): state after the failed up: ${pending.map((r) => `${r.urn.replace(/.*::/, "")}=${r.id}`).join(", ")}`,
        );
        expect(pending.map((r) => r.urn.replace(/.*::/, "")).sort()).toEqual(
          rules.map((r) => r.name).sort(),
        );
        await waitFor(
          "the accepted creates to be applied",
          async () =>
            (await control.state()).rateLimitRules.length ===
            before.rateLimitRules.length + rules.length,
          40_000,
        );
      }
      const posts = await control.journal({ method: "POST" });
      expect(posts.map((e) => `${e.path} ${e.status}`)).toEqual(
        Array(rules.length).fill("/shield/rate-limit 202"),
      );
      // The read-back saw the new rules missing before they appeared (the premise).
      const gets404 = (await control.journal({ method: "GET" })).filter(
        (e) => /^\/shield\/rate-limit\/\d+$/.test(e.path) && e.status === 404,
      );
      console.log(`5 (${label}): read-back GETs answered 404: ${gets404.length}`);
      const after = await control.state();
      const expected = withCreated(before, after, rules);
      await expectWholeState(expected);
      const inState = (await stateResources(stack, /RateLimitRule$/)).resources;
      // Resource name = rule name in this program (a partial create records no ruleName).
      expect(inState.map((r) => `${r.urn.replace(/.*::/, "")}=${r.id}`).sort()).toEqual(
        after.rateLimitRules
          .filter((r) => r.ruleName?.startsWith("accepted-"))
          .map((r) => `${r.ruleName}=${r.id}`)
          .sort(),
      );

      await control.clearJournal();
      const up2 = await stack.op({ op: "up" }, options);
      if (partial) show(`5 up after the partial create (${label})`, up2, 30);
      else expect(up2.summary?.resourceChanges).toEqual({ same: rules.length + 1 });
      expect(await writeLines()).toEqual([]);
      const pv = await stack.op({ op: "preview", opts: { expectNoChanges: true } }, options);
      expect(pv.ok).toBe(true);
      await expectWholeState(expected);

      await stack.op({ op: "destroy" }, options);
      const cleaned = clone(before);
      cleaned.nextIds.rateLimitRule += rules.length;
      await waitFor(
        "the deletes to be applied",
        async () => (await control.state()).rateLimitRules.length === before.rateLimitRules.length,
        10_000,
      );
      await expectWholeState(cleaned);
    },
    OP_TIMEOUT,
  );

  test(
    "6. DNSSEC: destroy restores the state the zone had before (enabled stays enabled, disabled is disabled again)",
    async () => {
      const before = await fresh();
      const dnssecOf = (s: EmulatorState, id: number) =>
        s.dnsZones.find((z) => z.Id === id)?.DnsSecEnabled;
      expect([dnssecOf(before, 1), dnssecOf(before, 2)]).toEqual([false, true]); // premise
      const stack = newStack("dnssec-prior");
      const options: SafetyProgramOptions = {
        dnssec: [
          { name: "org-was-on", zoneId: 2, enabled: true },
          { name: "com-was-off", zoneId: 1, enabled: true },
        ],
      };
      const up = await stack.op({ op: "up" }, options);
      show("6 dnssec", up);
      expect(await writeLines()).toEqual(["POST /dnszone/1/dnssec"]); // zone 2: no write
      const mid = await control.state();
      expect([dnssecOf(mid, 1), dnssecOf(mid, 2)]).toEqual([true, true]);

      await control.clearJournal();
      const pv = await stack.op({ op: "preview", opts: { expectNoChanges: true } }, options);
      expect(pv.ok).toBe(true);
      const destroy = await stack.op({ op: "destroy" }, options);
      show("6 dnssec", destroy);
      expect(await writeLines()).toEqual(["DELETE /dnszone/1/dnssec"]); // zone 2 left on
      await expectWholeState(before);
    },
    OP_TIMEOUT,
  );

  test(
    "6b. DNSSEC under the stale-dnssec profile: no perpetual diff, no second write",
    async () => {
      const before = await fresh("stale-dnssec");
      const stack = newStack("dnssec-stale");
      const options: SafetyProgramOptions = {
        dnssec: [{ name: "com-stale", zoneId: 1, enabled: true }],
      };
      const up = await stack.op({ op: "up" }, options);
      show("6b dnssec stale up", up, 20);
      expect(await writeLines()).toEqual(["POST /dnszone/1/dnssec"]);
      await control.clearJournal();
      const pv = await stack.op({ op: "preview", opts: { expectNoChanges: true } }, options);
      show("6b dnssec stale preview", pv, 20);
      expect(pv.ok).toBe(true);
      const up2 = await stack.op({ op: "up" }, options);
      expect(up2.summary?.resourceChanges).toEqual({ same: 2 });
      expect(await writeLines()).toEqual([]);
      await stack.op({ op: "destroy" }, options);
      expect(await writeLines()).toEqual(["DELETE /dnszone/1/dnssec"]);
      await expectWholeState(before);
    },
    OP_TIMEOUT,
  );

  test(
    "7. provider host without a loadable package: destroy fails loudly, deletes nothing, keeps the state; restored, destroy deletes",
    async () => {
      const before = await fresh();
      const stack = newStack("no-package");
      // Two rules: the host's first call fails to load the package; the finding was that
      // every LATER delete in the same host then succeeded with no API call.
      const rules: RuleSpec[] = ["kept-a", "kept-b"].map((name) => ({
        name,
        shieldZoneId: 1,
        ruleName: name,
        ruleConfiguration: desiredConfiguration(),
      }));
      const options: SafetyProgramOptions = { rules };
      await stack.op({ op: "up" }, options);
      const created = withCreated(before, await control.state(), rules);

      // An empty directory where the package should be (not installed where the engine runs).
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-empty-"));
      // A broken install: the package's entry point throws.
      const broken = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-broken-"));
      tmpDirs.push(empty, broken);
      fs.writeFileSync(
        path.join(broken, "package.json"),
        JSON.stringify({ name: "pulumi-edgeplatform", version: "0.0.0", main: "index.js" }),
      );
      fs.writeFileSync(
        path.join(broken, "index.js"),
        'throw new Error("simulated broken install of pulumi-edgeplatform");\n',
      );
      // The state names the stub module (`require("pulumi-edgeplatform/stubs/<kind>")`): it
      // is broken the same way.
      fs.mkdirSync(path.join(broken, "stubs"));
      fs.writeFileSync(
        path.join(broken, "stubs", "rate-limit-rule.js"),
        'throw new Error("simulated broken install of pulumi-edgeplatform");\n',
      );

      await control.clearJournal();
      stack.usePackage(empty);
      const d1 = await stack.op({ op: "destroy", allowFail: true }, options);
      show("7 destroy, package missing", d1, 30);
      expect(d1.ok).toBe(false);
      // The state stores `require("pulumi-edgeplatform/stubs/rate-limit-rule")` (installed and
      // linked layouts) or the by-value stub that requires the package root.
      expect(text(d1)).toMatch(
        /Cannot find module 'pulumi-edgeplatform(\/stubs\/rate-limit-rule)?'/,
      );

      stack.usePackage(broken);
      const u1 = await stack.op({ op: "up", allowFail: true }, {});
      show("7 up of an empty program, package broken", u1, 30);
      expect(u1.ok).toBe(false);
      expect(text(u1)).toMatch(/simulated broken install of pulumi-edgeplatform/);

      expect(await writeLines()).toEqual([]); // no DELETE, no write at all
      await expectWholeState(created);
      const inState = await stateResources(stack, /RateLimitRule$/);
      expect(inState.resources.map((r) => r.outputs.ruleName).sort()).toEqual(["kept-a", "kept-b"]);

      stack.usePackage(PACKAGE_DIR);
      const d2 = await stack.op({ op: "destroy" }, options);
      show("7 destroy, package restored", d2, 30);
      expect((await writeLines()).sort()).toEqual(
        inState.resources.map((r) => `DELETE /shield/rate-limit/${r.outputs.ruleId}`).sort(),
      );
      const expected = clone(before);
      expected.nextIds.rateLimitRule += 2;
      await expectWholeState(expected);
    },
    OP_TIMEOUT,
  );
});
