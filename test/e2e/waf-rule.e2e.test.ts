/**
 * `edge.shield.WafRule` with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/waf-program.ts) + the dynamic-provider host, against the emulator on a
 * loopback port. Shield zone 2 holds fixture rules 301 "block-wp-admin" (actionType 1 Block,
 * severityType 2) and 302 "log-sqli", and allows 3 custom rules.
 */
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type { WafProgramOptions, WafRuleSpec } from "./programs/waf-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  KEY_CHECK_PATH,
  provideCliAndDist,
  show,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "waf-program.ts");
const OP_TIMEOUT = 300_000;
const TYPE = "pulumi-nodejs:dynamic/shield:WafRule";
const RULES = "/shield/waf/custom-rule";

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: edge.shield.WafRule", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let control: Control;
  const newStack = (name: string) => harness.newStack(name);

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, {
      label: "waf",
      programModule: PROGRAM,
    });
    control = harness.control;
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  const writeLines = async () => (await control.writes()).map((w) => `${w.method} ${w.path}`);
  /** Every Shield call since the journal was cleared, reads included, in order. */
  const shieldCalls = async () =>
    (await control.journal())
      .filter((e) => e.path.startsWith("/shield/") && e.path !== KEY_CHECK_PATH)
      .map((e) => `${e.method} ${e.path}`);
  /** The emulator's state with each rule's `ruleJson` parsed (key order is not meaning). */
  const comparable = (s: EmulatorState) => ({
    ...s,
    wafRules: [...s.wafRules]
      .sort((a, b) => a.id - b.id)
      .map((r) => ({
        ...r,
        ruleJson: typeof r.ruleJson === "string" ? JSON.parse(r.ruleJson) : r.ruleJson,
      })),
  });
  /** `state` with rule `id`'s configuration fields set to `fields` (both of its forms). */
  const withRuleConfiguration = (
    state: EmulatorState,
    id: number,
    fields: Record<string, unknown>,
  ): EmulatorState => {
    const s = clone(state);
    const rule = s.wafRules.find((r) => r.id === id)!;
    rule.ruleConfiguration = { ...rule.ruleConfiguration, ...fields } as never;
    rule.ruleJson = JSON.stringify(rule.ruleConfiguration);
    return s;
  };
  const created: WafRuleSpec = {
    name: "block-admin",
    shieldZoneId: 2,
    ruleName: "block-admin",
    ruleConfiguration: {
      actionType: "Block",
      variableTypes: { REQUEST_URI: "/admin" },
      operatorType: "BEGINSWITH",
    },
  };
  const adopted: WafRuleSpec = {
    name: "sqli",
    ruleId: 301,
    ruleConfiguration: { actionType: "Log" },
  };

  test(
    "create + adopt, clean preview, update by name, plan limit refused before any write, destroy keeps the adopted rule",
    async () => {
      await control.reset();
      const stack = newStack("waf");
      await control.clearJournal();
      const options: WafProgramOptions = { wafRules: [created, adopted] };
      const up = await stack.op({ op: "up" }, options);
      expect((await writeLines()).sort()).toEqual([
        "PATCH /shield/waf/custom-rule/301",
        "POST /shield/waf/custom-rule",
      ]);
      const id = Number((up.outputs?.ids.value as Record<string, string>)["block-admin"]);
      expect(text(up)).toContain(TYPE);

      await control.clearJournal();
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, options);
      expect(await writeLines()).toEqual([]);

      const changed = {
        ...created,
        ruleConfiguration: { ...created.ruleConfiguration, actionType: "Challenge" },
      };
      const preview = await stack.op(
        { op: "preview", opts: { diff: true } },
        {
          wafRules: [changed, adopted],
        },
      );
      expect(preview.stdout).toMatch(/actionType\s*:\s*"Block"\s*=>\s*"Challenge"/);
      await control.clearJournal();
      await stack.op({ op: "up" }, { wafRules: [changed, adopted] });
      expect(await writeLines()).toEqual([`PATCH /shield/waf/custom-rule/${id}`]);

      // Zone 2 now holds 3 of 3: a fourth rule is refused before any write.
      await control.clearJournal();
      const fourth: WafRuleSpec = { ...created, name: "fourth", ruleName: "fourth" };
      const refused = await stack.op(
        { op: "up", allowFail: true },
        {
          wafRules: [changed, adopted, fourth],
        },
      );
      show("plan limit", refused, 20);
      expect(refused.ok).toBe(false);
      expect(text(refused)).toContain("customWafRulesLimit 3");
      expect(text(refused)).toContain("Advanced plan");
      expect(await writeLines()).toEqual([]);

      await control.clearJournal();
      await stack.op({ op: "destroy" }, { wafRules: [changed, adopted] });
      expect(await writeLines()).toEqual([`DELETE /shield/waf/custom-rule/${id}`]);
      const s = await control.state();
      expect(s.wafRules.map((r) => r.id).sort()).toEqual([301, 302]);
      expect(s.wafRules.find((r) => r.id === 301)?.ruleConfiguration?.actionType).toBe(2);
    },
    OP_TIMEOUT,
  );

  test(
    "one-field update is GET + PATCH with only the field changed (ruleConfiguration merged over the platform's, or ruleName); refresh shows drift by field, not an unmanaged change; destroy deletes the created rule and keeps the adopted one; nothing else changed",
    async () => {
      await control.reset();
      const before = await control.state();
      const stack = newStack("waf-fields");
      const options: WafProgramOptions = { wafRules: [created, adopted] };
      const up = await stack.op({ op: "up" }, options);
      const id = Number((up.outputs?.ids.value as Record<string, string>)["block-admin"]);
      // After the first up: the new rule, and rule 301's action Log (2); nothing else.
      const afterUp = await control.state();
      const mine = afterUp.wafRules.find((r) => r.id === id)!;
      expect(mine.ruleName).toBe("block-admin");
      const expectedAfterUp = withRuleConfiguration(before, 301, { actionType: 2 });
      expectedAfterUp.wafRules.push(mine);
      expectedAfterUp.nextIds.wafRule += 1;
      expect(comparable(afterUp)).toEqual(comparable(expectedAfterUp));

      // One configuration field: the created rule's action Block → Challenge (3). Exactly one
      // read of the rule and one PATCH whose body is the platform's configuration (as it was
      // just before) with that one field changed; no ruleName, no ruleDescription.
      const challenge: WafRuleSpec = {
        ...created,
        ruleConfiguration: { ...created.ruleConfiguration, actionType: "Challenge" },
      };
      const platformConfig = clone(mine.ruleConfiguration) as Record<string, unknown>;
      await control.clearJournal();
      await stack.op({ op: "up" }, { wafRules: [challenge, adopted] });
      expect(await shieldCalls()).toEqual([`GET ${RULES}/${id}`, `PATCH ${RULES}/${id}`]);
      expect((await control.writes())[0].body).toEqual({
        ruleConfiguration: { ...platformConfig, actionType: 3 },
      });
      const afterAction = await control.state();
      expect(comparable(afterAction)).toEqual(
        comparable(withRuleConfiguration(afterUp, id, { actionType: 3 })),
      );

      // One top-level field: the name. The rule is read, the zone listed (names are unique in
      // a zone), and the PATCH carries the name alone.
      const renamed: WafRuleSpec = { ...challenge, ruleName: "block-admin-area" };
      await control.clearJournal();
      await stack.op({ op: "up" }, { wafRules: [renamed, adopted] });
      expect(await shieldCalls()).toEqual([
        `GET ${RULES}/${id}`,
        "GET /shield/waf/custom-rules/2",
        `PATCH ${RULES}/${id}`,
      ]);
      expect((await control.writes())[0].body).toEqual({ ruleName: "block-admin-area" });
      const afterRename = await control.state();
      const expectedRename = clone(afterAction);
      expectedRename.wafRules.find((r) => r.id === id)!.ruleName = "block-admin-area";
      expect(comparable(afterRename)).toEqual(comparable(expectedRename));

      // Out of band: the created rule's action set back to Log (2) and its severity (not
      // managed) changed; rule 301's severity (not managed) changed too.
      const oob = withRuleConfiguration(
        withRuleConfiguration(afterRename, id, { actionType: 2, severityType: 0 }),
        301,
        { severityType: 0 },
      );
      await control.setState(oob);
      await control.clearJournal();
      const refresh = await stack.op({ op: "refresh" }, { wafRules: [renamed, adopted] });
      show("refresh", refresh, 30);
      expect(await writeLines()).toEqual([]);
      const pv = await stack.op(
        { op: "preview", opts: { diff: true } },
        { wafRules: [renamed, adopted] },
      );
      show("preview --diff after the drift", pv, 40);
      expect(pv.stdout).toMatch(/actionType\s*:\s*"Log"\s*=>\s*"Challenge"/);
      expect(pv.stdout).not.toMatch(/severityType/);
      expect(pv.changeSummary).toMatchObject({ update: 1 });
      expect(await writeLines()).toEqual([]);

      // up puts back the managed field only: the severity changed out of band stays.
      await control.clearJournal();
      await stack.op({ op: "up" }, { wafRules: [renamed, adopted] });
      expect(await writeLines()).toEqual([`PATCH ${RULES}/${id}`]);
      const oobMine = oob.wafRules.find((r) => r.id === id)!;
      expect((await control.writes())[0].body).toEqual({
        ruleConfiguration: { ...oobMine.ruleConfiguration, actionType: 3 },
      });
      await stack.op(
        { op: "preview", opts: { diff: true, expectNoChanges: true } },
        { wafRules: [renamed, adopted] },
      );

      await control.clearJournal();
      await stack.op({ op: "destroy" }, { wafRules: [renamed, adopted] });
      expect(await writeLines()).toEqual([`DELETE ${RULES}/${id}`]);
      // The whole state: as before, but for the id taken and what the program owned of rule
      // 301 (its action Log); the out-of-band severity of 301 is left as it was changed.
      const expected = withRuleConfiguration(before, 301, { actionType: 2, severityType: 0 });
      expected.nextIds.wafRule += 1;
      expect(comparable(await control.state())).toEqual(comparable(expected));
    },
    OP_TIMEOUT,
  );
});
