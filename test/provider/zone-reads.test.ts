/**
 * Refresh reads of many rules of one shield zone (zone-objects/zone-reads.ts) against the
 * in-process emulator: the zone's list serves them, and every read reports what the platform
 * holds, exactly as a GET of that rule would. Expected values come from the scenario (the
 * program's inputs, the values the test writes into the platform), never from the provider.
 */
import {
  rateLimitRuleProvider as p,
  RateLimitRuleInputs,
  RateLimitRuleOutputs,
} from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { checkRateLimitRule } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check";
import {
  checkWafRule,
  wafRuleProvider as waf,
  WafRuleOutputs,
} from "../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { ZONE_READ_MAX_AGE_MS } from "../../packages/pulumi/src/resources/core/zone-objects/zone-reads";
import { sampleConfig, usePlatform } from "./helpers";

const t = usePlatform();
afterEach(() => jest.restoreAllMocks());

const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path} ${e.status}`);
/** How many calls of each kind: single GETs, list pages, anything else. */
const tally = (list: string[]) => ({
  get: list.filter((c) => /^GET \/shield\/rate-limit\/\d+ /.test(c)).length,
  list: list.filter((c) => c.startsWith("GET /shield/rate-limits/")).length,
  other: list.filter((c) => !/^GET \/shield\/rate-limits?\//.test(c)).length,
});

interface Made {
  inputs: RateLimitRuleInputs;
  id: string;
  outs: RateLimitRuleOutputs;
}

/** `n` rules created in shield zone 1 by this program (then a new run, as a refresh is). */
async function created(n: number): Promise<Made[]> {
  const made: Made[] = [];
  for (let i = 0; i < n; i++) {
    const r = checkRateLimitRule(
      {},
      {
        shieldZoneId: 1,
        ruleName: `rule-${i}`,
        ruleConfiguration: { ...sampleConfig(), actionType: "RateLimit", requestCount: 10 + i },
      },
    );
    expect(r.failures).toEqual([]);
    const inputs = r.inputs as RateLimitRuleInputs;
    const res = await p.create(inputs);
    made.push({ inputs, id: res.id, outs: res.outs as RateLimitRuleOutputs });
  }
  resetRunState();
  await t.clearJournal();
  return made;
}

/** Sets fields of a rule's configuration in the platform (drift made outside Pulumi). */
async function drift(id: string, config: Record<string, unknown>) {
  const s = await t.state();
  const rule = s.rateLimitRules.find((r) => r.id === Number(id))!;
  rule.ruleConfiguration = { ...rule.ruleConfiguration, ...config };
  await t.setState(s);
}

/** Deletes a rule in the platform (outside Pulumi), then clears the journal. */
async function deleteOutside(id: string) {
  const s = await t.state();
  s.rateLimitRules = s.rateLimitRules.filter((r) => r.id !== Number(id));
  await t.setState(s);
  await t.clearJournal();
}

/** Makes shield zone 1's rule list answer `data` as its one page (what another platform lists). */
const listAnswers = (data: object[]) =>
  t.fault({
    method: "GET",
    path: "^/shield/rate-limits/1$",
    status: 200,
    body: {
      data,
      page: { totalCount: data.length, totalPages: 1, currentPage: 1, nextPage: null },
      error: null,
    },
  });

const refresh = (made: Made[]) => Promise.all(made.map((m) => p.read(m.id, m.outs)));

describe("a refresh of many rules of one zone", () => {
  test("6 rules: 1 GET and 1 list instead of 6 GETs; each reads as the program wrote it", async () => {
    const made = await created(6);
    const reads = await refresh(made);
    expect(tally(await calls())).toEqual({ get: 1, list: 1, other: 0 });
    // The list asks for 1 000 rules a page.
    const list = (await t.journal()).find((e) => e.path === "/shield/rate-limits/1");
    expect(list?.query).toEqual({ page: "1", perPage: "1000" });
    reads.forEach((r, i) => {
      expect(r.id).toBe(made[i].id);
      expect(r.inputs).toEqual(made[i].inputs);
      expect(r.props).toEqual(made[i].outs);
    });
  });

  test("drift and a rule gone: the drift shows in the program's form, the gone rule leaves the state", async () => {
    const made = await created(5);
    await drift(made[2].id, { actionType: 3, requestCount: 99 });
    await drift(made[4].id, { actionType: 2 });
    await deleteOutside(made[3].id);

    const reads = await refresh(made);
    expect(reads[3]).toEqual({ id: "" });
    expect((reads[2].inputs as RateLimitRuleInputs).ruleConfiguration).toEqual({
      ...made[2].inputs.ruleConfiguration,
      actionType: "Challenge",
      requestCount: 99,
    });
    expect((reads[4].inputs as RateLimitRuleInputs).ruleConfiguration).toEqual({
      ...made[4].inputs.ruleConfiguration,
      actionType: "Log",
    });
    for (const i of [0, 1]) expect(reads[i].inputs).toEqual(made[i].inputs);
    // The gone rule: its own GET (404), then the zone's list confirms it.
    const log = await calls();
    expect(log).toContain(`GET /shield/rate-limit/${made[3].id} 404`);
    expect(tally(log).list).toBe(2);
  });

  test("the first rule read was deleted outside Pulumi: one more GET checks the list, which serves the rest", async () => {
    const made = await created(5);
    await drift(made[3].id, { requestCount: 42 });
    await deleteOutside(made[0].id);

    const reads = await refresh(made);
    expect(reads[0]).toEqual({ id: "" });
    expect((reads[3].inputs as RateLimitRuleInputs).ruleConfiguration).toEqual({
      ...made[3].inputs.ruleConfiguration,
      requestCount: 42,
    });
    for (const i of [1, 2, 4]) expect(reads[i].inputs).toEqual(made[i].inputs);
    // The gone rule's GET (404) and the list's check GET of rule 2; rules 3-5 from the list;
    // two lists: the one serving reads and the gone rule's confirmation.
    const log = await calls();
    expect(log).toContain(`GET /shield/rate-limit/${made[0].id} 404`);
    expect(log).toContain(`GET /shield/rate-limit/${made[1].id} 200`);
    expect(tally(log)).toEqual({ get: 2, list: 2, other: 0 });
  });

  test("list entries without their configuration (a summary): each such rule is read with its own GET", async () => {
    const made = await created(4);
    // The first read's rule is listed whole (so the list agrees with its GET); the others not.
    const whole = (await t.state()).rateLimitRules.find((r) => r.id === Number(made[0].id))!;
    await listAnswers(
      made.map((m, i) =>
        i === 0 ? whole : { id: Number(m.id), shieldZoneId: 1, ruleName: m.inputs.ruleName },
      ),
    );
    const reads = await refresh(made);
    expect(tally(await calls())).toEqual({ get: 4, list: 1, other: 0 });
    reads.forEach((r, i) => expect(r.inputs).toEqual(made[i].inputs));
  });

  test("list entries carrying an embedded failure (success: false): each such rule is read with its own GET", async () => {
    const made = await created(4);
    const s = await t.state();
    const listed = s.rateLimitRules
      .filter((r) => r.shieldZoneId === 1)
      .map((r) =>
        r.id === Number(made[0].id) ? r : { ...r, success: false, statusCode: 500, message: "x" },
      );
    await listAnswers(listed);
    const reads = await refresh(made);
    expect(tally(await calls())).toEqual({ get: 4, list: 1, other: 0 });
    reads.forEach((r, i) => expect(r.inputs).toEqual(made[i].inputs));
  });

  test("a list whose entry differs from the same rule's GET (a trimmed configuration): every rule is read with its own GET", async () => {
    const made = await created(4);
    const s = await t.state();
    const listed = s.rateLimitRules
      .filter((r) => r.shieldZoneId === 1)
      .map((r) => {
        const { blockTime: _dropped, ...rest } = r.ruleConfiguration as Record<string, unknown>;
        return { ...r, ruleConfiguration: rest };
      });
    await listAnswers(listed);
    const reads = await refresh(made);
    expect(tally(await calls())).toEqual({ get: 4, list: 1, other: 0 });
    reads.forEach((r, i) => expect(r.inputs).toEqual(made[i].inputs));
  });

  test("a list that fails (403): every rule is read with its own GET, no error", async () => {
    const made = await created(4);
    await t.fault({ method: "GET", path: "^/shield/rate-limits/1$", status: 403 });
    const reads = await refresh(made);
    expect(tally(await calls())).toEqual({ get: 4, list: 1, other: 0 });
    reads.forEach((r, i) => expect(r.inputs).toEqual(made[i].inputs));
  });

  test("one rule alone: one GET, no list", async () => {
    const [m] = await created(1);
    const r = await p.read(m.id, m.outs);
    expect(await calls()).toEqual([`GET /shield/rate-limit/${m.id} 200`]);
    expect(r.inputs).toEqual(m.inputs);
  });
});

describe("a list never serves a read that must see a newer platform", () => {
  test("a rule read a second time starts a new session, so later drift shows, also in rules not read before", async () => {
    const made = await created(3);
    await refresh(made.slice(0, 2)); // rule 3 is in the list this refresh took, but not read
    await drift(made[0].id, { requestCount: 77 });
    await drift(made[2].id, { requestCount: 78 });
    const again = await refresh(made);
    expect((again[0].inputs as RateLimitRuleInputs).ruleConfiguration?.requestCount).toBe(77);
    expect((again[2].inputs as RateLimitRuleInputs).ruleConfiguration?.requestCount).toBe(78);
  });

  test(`a list that answered more than ${ZONE_READ_MAX_AGE_MS} ms ago serves no read`, async () => {
    const made = await created(3);
    const now = performance.now();
    const clock = jest.spyOn(performance, "now").mockReturnValue(now);
    await p.read(made[0].id, made[0].outs); // GET
    await p.read(made[1].id, made[1].outs); // the zone's list (holds rule 3 as it is now)
    await drift(made[2].id, { requestCount: 55 });
    clock.mockReturnValue(now + ZONE_READ_MAX_AGE_MS + 1);
    const r = await p.read(made[2].id, made[2].outs);
    expect((r.inputs as RateLimitRuleInputs).ruleConfiguration?.requestCount).toBe(55);
  });

  test("a write by this process ends the session: a later read sees the platform after it", async () => {
    const made = await created(4);
    await p.read(made[0].id, made[0].outs);
    await p.read(made[1].id, made[1].outs); // the zone's list
    // An update of rule 3 (a PATCH), then drift of rule 4 made outside.
    const news = checkRateLimitRule(made[2].inputs, {
      ...made[2].inputs,
      ruleConfiguration: { ...made[2].inputs.ruleConfiguration, requestCount: 5 },
    }).inputs as RateLimitRuleInputs;
    await p.update(made[2].id, made[2].outs, news);
    await drift(made[3].id, { requestCount: 66 });
    const r = await p.read(made[3].id, made[3].outs);
    expect((r.inputs as RateLimitRuleInputs).ruleConfiguration?.requestCount).toBe(66);
  });
});

test("a read while this process writes takes no list from before the write", async () => {
  const made = await created(4);
  await p.read(made[0].id, made[0].outs);
  await p.read(made[1].id, made[1].outs); // the zone's list
  // An update of rule 3 whose PATCH takes 400 ms; rule 4 drifts outside meanwhile.
  await t.fault({ method: "PATCH", path: "^/shield/rate-limit/", delayMs: 400 });
  const news = checkRateLimitRule(made[2].inputs, {
    ...made[2].inputs,
    ruleConfiguration: { ...made[2].inputs.ruleConfiguration, requestCount: 5 },
  }).inputs as RateLimitRuleInputs;
  const update = p.update(made[2].id, made[2].outs, news);
  await new Promise((r) => setTimeout(r, 100));
  await drift(made[3].id, { requestCount: 44 });
  const r = await p.read(made[3].id, made[3].outs);
  expect((r.inputs as RateLimitRuleInputs).ruleConfiguration?.requestCount).toBe(44);
  await update;
});

test("custom WAF rules read the same way: 3 rules of zone 2, 1 GET and 1 list", async () => {
  const s = await t.state();
  s.shieldZones.find((z) => z.id === 2)!.customWafRulesLimit = 10;
  await t.setState(s);
  const made: { id: string; outs: WafRuleOutputs; inputs: unknown }[] = [];
  for (const name of ["a", "b", "c"]) {
    const inputs = checkWafRule(
      {},
      {
        shieldZoneId: 2,
        ruleName: `block-${name}`,
        ruleConfiguration: {
          actionType: "Block",
          variableTypes: { REQUEST_URI: `/${name}` },
          operatorType: "BEGINSWITH",
        },
      },
    ).inputs;
    const res = await waf.create(inputs as never);
    made.push({ id: res.id, outs: res.outs as WafRuleOutputs, inputs });
  }
  resetRunState();
  await t.clearJournal();
  const reads = await Promise.all(made.map((m) => waf.read(m.id, m.outs)));
  const log = await calls();
  expect(log.filter((c) => /^GET \/shield\/waf\/custom-rule\/\d+ /.test(c))).toHaveLength(1);
  expect(log.filter((c) => c.startsWith("GET /shield/waf/custom-rules/2"))).toHaveLength(1);
  reads.forEach((r, i) => expect(r.inputs).toEqual(made[i].inputs));
});
