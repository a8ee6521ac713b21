/**
 * A rule placed by `pullZoneId` in a pull zone whose shield zone is being created (a
 * `ShieldZone` of a pull zone created in the same run, which the rule does not depend on): its
 * create waits for the shield zone, bounded, with a status line, instead of failing at once.
 * Fixture pull zone 2 has no shield zone; the emulator's shield zones are 1 (pull zone 1) and 2
 * (pull zone 4).
 */
import { EmulatorControl } from "../../packages/emulator/src";
import * as engineLog from "../../packages/pulumi/src/resources/core/engine-log";
import { timing } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";
import {
  checkWafRule,
  wafRuleProvider,
} from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { shieldZoneProvider } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { usePlatform } from "./helpers";
import type { Any } from "./lifecycle-table/kind";

const waf: Any = wafRuleProvider;
const shield: Any = shieldZoneProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

/** The status lines told (the engine shows them under the resource). */
const told: string[] = [];
beforeAll(() => {
  jest.spyOn(engineLog, "statusLine").mockImplementation((_kind, text) => void told.push(text));
});
const saved = { ...timing };
beforeEach(() => {
  told.length = 0;
  Object.assign(timing, { readBackMs: 3_000, readBackStepMs: 50, statusAfterMs: 0 });
});
afterEach(() => void Object.assign(timing, saved));

const rule = () => {
  const r = checkWafRule(
    {},
    {
      pullZoneId: 2,
      ruleName: "admin",
      ruleConfiguration: {
        actionType: "Block",
        variableTypes: { REQUEST_URI: "/admin" },
        operatorType: "BEGINSWITH",
        severityType: "WARNING",
        value: "/admin",
      },
    },
  );
  expect(r.failures ?? []).toEqual([]);
  return r.inputs as Any;
};

test("a WAF rule by pullZoneId and the ShieldZone of that pull zone, created at once: the rule waits for the shield zone and goes into it", async () => {
  const zone = await shield.check({}, { pullZoneId: 2 });
  expect(zone.failures ?? []).toEqual([]);
  const ruleInputs = rule();
  // The rule's create starts first; the shield zone's create 300 ms later.
  const made = waf.create(ruleInputs);
  await new Promise((r) => setTimeout(r, 300));
  const created = await shield.create(zone.inputs);
  const r = await made;
  const shieldZone = ((await t.state()).shieldZones as Any[]).find((z) => z.pullZoneId === 2);
  expect(created.outs.shieldZoneId).toBe(shieldZone.id);
  expect(r.outs).toMatchObject({ shieldZoneId: shieldZone.id, pullZoneId: 2 });
  expect(((await t.state()).wafRules as Any[]).find((w) => w.ruleName === "admin")).toMatchObject({
    shieldZoneId: shieldZone.id,
  });
  expect(told[0]).toMatch(
    /^waiting for the shield zone of pull zone 2 \(a ShieldZone of it being created\), /,
  );
});

test("a shield zone that never comes: the create fails after the bounded wait, naming the way out; nothing written", async () => {
  Object.assign(timing, { readBackMs: 400 });
  await ctl().clearJournal();
  await expect(waf.create(rule())).rejects.toThrow(
    /shield zone of pull zone 2 could not be found .*; it did not appear within 0.4 s\. Give the pull zone a shield zone \(edge\.shield\.ShieldZone with `pullZoneId`\)/,
  );
  expect((await t.journal()).filter((e) => e.method !== "GET")).toEqual([]);
});
