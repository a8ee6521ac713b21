/**
 * Fault tolerance of every dynamic-resource operation (the provider objects the serialized
 * stubs reach through `__providers`), table-driven over the fault catalogue of helpers.ts:
 * 429 with and without Retry-After, 502/503/504, connection reset, a response delayed past
 * the timeout, malformed JSON, and a 2xx carrying `success: false`.
 *
 * For each (operation, fault): the fault hits the operation's own request once. Idempotent
 * requests must retry and succeed; a 429 must be retried for every method; an embedded
 * failure must fail without a retry; a POST must never be re-sent after an unknown outcome.
 * Whenever the operation reports success, the emulator's state is checked to really be the
 * desired one; whenever it fails, the error must name the resource and the cause and must
 * not contain the API key.
 */
import { __providers } from "../../packages/pulumi/src/resources/kinds/providers.generated";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { resetSettings } from "../../packages/pulumi/src/resources/core/settings";
import { sampleConfig } from "../provider/helpers";
import { assertNoSecrets } from "../support/secrets";
import {
  DELAY_PAST_TIMEOUT_MS,
  FaultCase,
  FAULTS,
  FaultPlatform,
  matching,
  outcome,
  sleep,
  startFaultPlatform,
  useShortClientTimeouts,
} from "./helpers";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

jest.setTimeout(30_000);

const rl = __providers.rateLimitRule;
const dnssec = __providers.zoneDnssec;
const volumes = __providers.volumeInstancesDeletion;

let t: FaultPlatform;
let spy: jest.SpyInstance;

beforeAll(async () => {
  spy = useShortClientTimeouts();
  t = await startFaultPlatform();
  resetSettings();
  await rl.configure({
    config: {
      get: (k: string) =>
        ({ "edgeplatform:apiKey": t.apiKey, "edgeplatform:baseUrl": t.emu.url })[k],
    },
  });
});
afterAll(async () => {
  resetSettings();
  spy.mockRestore();
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  resetRunState();
});

/** The provider tests' full rule configuration, with `requestCount` varied. */
const config = (requestCount = 50) => ({ ...sampleConfig(), requestCount });

async function checked(provider: { check: (o: unknown, n: unknown) => Promise<Any> }, news: Any) {
  const r = await provider.check({}, news);
  expect(r.failures ?? []).toEqual([]);
  return r.inputs;
}

const ruleById = async (id: number) => (await t.state()).rateLimitRules.find((r) => r.id === id);
const zone = async (id: number) => (await t.state()).dnsZones.find((z) => z.Id === id)!;

/** One resource operation under test. */
interface ResourceOp {
  name: string;
  /** Method and path (regex source) of the request the fault hits. */
  method: string;
  path: string;
  /** Whether the client may repeat that request (GET, DELETE, whole-value PATCH). */
  idempotent: boolean;
  /** What the error must name (resource and operation). */
  label: RegExp;
  /** Prepares the emulator (fault-free); returns a context for `run`. */
  setup?: () => Promise<Any>;
  run: (ctx: Any) => Promise<Any>;
  /** Asserts the platform really is in the state the operation reported. */
  verify: (result: Any, ctx: Any) => Promise<void>;
}

const OPS: ResourceOp[] = [
  {
    name: "RateLimitRule create (create mode: POST)",
    method: "POST",
    path: "^/shield/rate-limit$",
    idempotent: false,
    label: /RateLimitRule \(shield zone 1\): create/,
    run: async () =>
      rl.create(
        await checked(rl, {
          shieldZoneId: 1,
          ruleName: "faults-rule",
          ruleConfiguration: config(),
        }),
      ),
    verify: async (res) => {
      const named = (await t.state()).rateLimitRules.filter((r) => r.ruleName === "faults-rule");
      expect(named).toHaveLength(1);
      expect(String(named[0].id)).toBe(res.id);
      expect(res.outs.ruleConfiguration.requestCount).toBe(50);
    },
  },
  {
    name: "RateLimitRule create (adopt mode: PATCH)",
    method: "PATCH",
    path: "^/shield/rate-limit/101$",
    idempotent: true,
    label: /RateLimitRule 101: create/,
    run: async () => rl.create(await checked(rl, { ruleId: 101, ruleConfiguration: config(77) })),
    verify: async (res) => {
      expect(res.id).toBe("101");
      expect((await ruleById(101))!.ruleConfiguration?.requestCount).toBe(77);
    },
  },
  {
    name: "RateLimitRule read (GET)",
    method: "GET",
    path: "^/shield/rate-limit/101$",
    idempotent: true,
    label: /RateLimitRule 101: read/,
    setup: async () =>
      (await rl.create(await checked(rl, { ruleId: 101, ruleConfiguration: config(60) }))).outs,
    run: (outs) => rl.read("101", outs),
    verify: async (res) => {
      expect(res.id).toBe("101");
      expect(res.props.ruleConfiguration.requestCount).toBe(60);
    },
  },
  {
    name: "RateLimitRule update (PATCH)",
    method: "PATCH",
    path: "^/shield/rate-limit/101$",
    idempotent: true,
    label: /RateLimitRule 101: update/,
    setup: async () =>
      (await rl.create(await checked(rl, { ruleId: 101, ruleConfiguration: config(50) }))).outs,
    run: async (outs) =>
      rl.update("101", outs, await checked(rl, { ruleId: 101, ruleConfiguration: config(88) })),
    verify: async (res) => {
      expect(res.outs.ruleConfiguration.requestCount).toBe(88);
      expect((await ruleById(101))!.ruleConfiguration?.requestCount).toBe(88);
    },
  },
  {
    name: "RateLimitRule delete (DELETE)",
    method: "DELETE",
    path: "^/shield/rate-limit/\\d+$",
    idempotent: true,
    label: /RateLimitRule \d+: delete/,
    setup: async () =>
      rl.create(
        await checked(rl, { shieldZoneId: 1, ruleName: "to-delete", ruleConfiguration: config() }),
      ),
    run: (created) => rl.delete(created.id, created.outs),
    verify: async (_res, created) => {
      expect(await ruleById(Number(created.id))).toBeUndefined();
    },
  },
  {
    name: "ZoneDnssec create enabled (POST)",
    method: "POST",
    path: "^/dnszone/1/dnssec$",
    idempotent: false,
    label: /ZoneDnssec \(zone 1\): create/,
    run: async () => dnssec.create(await checked(dnssec, { zoneId: 1, enabled: true })),
    verify: async (res) => {
      expect(res.outs.enabled).toBe(true);
      expect((await zone(1)).DnsSecEnabled).toBe(true);
    },
  },
  {
    name: "ZoneDnssec create disabled (DELETE)",
    method: "DELETE",
    path: "^/dnszone/2/dnssec$",
    idempotent: true,
    label: /ZoneDnssec \(zone 2\): create/,
    run: async () => dnssec.create(await checked(dnssec, { zoneId: 2, enabled: false })),
    verify: async (res) => {
      expect(res.outs.enabled).toBe(false);
      expect((await zone(2)).DnsSecEnabled).toBe(false);
    },
  },
  {
    name: "ZoneDnssec read (GET)",
    method: "GET",
    path: "^/dnszone/2$",
    idempotent: true,
    label: /ZoneDnssec \(zone 2\): read/,
    run: () => dnssec.read("2", { zoneId: 2, enabled: false } as Any),
    verify: async (res) => {
      expect(res.id).toBe("2");
      expect(res.props.enabled).toBe(true); // the fixture's zone 2 has DNSSEC on: drift seen
    },
  },
  {
    name: "ZoneDnssec update enabled -> disabled (DELETE)",
    method: "DELETE",
    path: "^/dnszone/2/dnssec$",
    idempotent: true,
    label: /ZoneDnssec \(zone 2\): update/,
    setup: async () =>
      (await dnssec.create(await checked(dnssec, { zoneId: 2, enabled: true }))).outs,
    run: async (olds) =>
      dnssec.update("2", olds, await checked(dnssec, { zoneId: 2, enabled: false })),
    verify: async (res) => {
      expect(res.outs.enabled).toBe(false);
      expect((await zone(2)).DnsSecEnabled).toBe(false);
    },
  },
  {
    name: "ZoneDnssec delete (DELETE)",
    method: "DELETE",
    path: "^/dnszone/2/dnssec$",
    idempotent: true,
    label: /ZoneDnssec \(zone 2\): delete/,
    run: () => dnssec.delete("2", { zoneId: 2, enabled: true, priorEnabled: false } as Any),
    verify: async () => {
      expect((await zone(2)).DnsSecEnabled).toBe(false);
    },
  },
  {
    name: "VolumeInstancesDeletion create, listing step (GET)",
    method: "GET",
    path: "^/mc/apps/app-1/volumes$",
    idempotent: true,
    label: /VolumeInstancesDeletion \(app app-1, volume vol-detached\): create/,
    run: async () =>
      volumes.create(await checked(volumes, { appId: "app-1", volumeId: "vol-detached" })),
    verify: async (res) => verifyVolumeDeleted(res),
  },
  {
    name: "VolumeInstancesDeletion create, deletion step (DELETE)",
    method: "DELETE",
    path: "^/mc/apps/app-1/volumes/vol-detached$",
    // The volume DELETE is not repeatable: a failed one is reported, never re-sent.
    idempotent: false,
    label: /VolumeInstancesDeletion \(app app-1, volume vol-detached\): create/,
    run: async () =>
      volumes.create(await checked(volumes, { appId: "app-1", volumeId: "vol-detached" })),
    verify: async (res) => verifyVolumeDeleted(res),
  },
];

async function verifyVolumeDeleted(res: Any) {
  expect(res.outs.deletedInstanceIds).toHaveLength(3);
  const app = (await t.state()).apps.find((a) => a.id === "app-1")!;
  expect(app.volumes.find((v) => v.id === "vol-detached")!.volumeInstances).toEqual([]);
}

const cases: [string, string, ResourceOp, FaultCase][] = OPS.flatMap((op) =>
  FAULTS.map((f) => [op.name, f.kind, op, f] as [string, string, ResourceOp, FaultCase]),
);

describe("every resource operation under every fault", () => {
  test.each(cases)("%s / %s", async (_n, _k, op, f) => {
    const ctx = op.setup ? await op.setup() : undefined;
    resetRunState(); // the operation under test runs in a run of its own
    await t.clearJournal();
    await t.fault({ ...f.spec, method: op.method, path: op.path, count: 1 });
    const started = Date.now();
    const result = await outcome(() => op.run(ctx));
    // A request delayed past the timeout is still processed later: let it land first.
    if (f.kind === "delayed past timeout") {
      await sleep(Math.max(0, DELAY_PAST_TIMEOUT_MS + 300 - (Date.now() - started)));
    }
    const hits = matching(await t.journal(), op.method, new RegExp(op.path));
    expect(hits.length).toBeGreaterThanOrEqual(1);

    if (f.alwaysRetried || (op.idempotent && !f.neverRetried)) {
      // Retried, then succeeded.
      if (!result.ok)
        throw new Error(`expected success after a retry, got: ${result.error.message}`);
      expect(hits.length).toBeGreaterThanOrEqual(2);
      await op.verify(result.value, ctx);
      if (f.kind === "429 + Retry-After") {
        expect(hits[1].time - hits[0].time).toBeGreaterThanOrEqual(900); // waited as told (1 s)
      }
      return;
    }
    if (f.neverRetried) {
      // The platform reported a failure: no retry, and no success reported.
      expect(result.ok).toBe(false);
      expect(hits).toHaveLength(1);
    } else {
      // Non-idempotent request with an unknown outcome: never re-sent blindly.
      expect(hits.length).toBe(1);
    }
    if (result.ok) {
      // Success is only acceptable when the platform really is in the desired state.
      await op.verify(result.value, ctx);
    } else {
      expect(result.error.message).toMatch(op.label);
      expect(result.error.message).toMatch(f.hint);
      assertNoSecrets({ error: result.error, stack: result.error.stack });
    }
  });
});

describe("a create POST with an unknown outcome is never re-sent blindly", () => {
  const inputs = () =>
    checked(rl, { shieldZoneId: 1, ruleName: "once-only", ruleConfiguration: config() });
  const named = async () =>
    (await t.state()).rateLimitRules.filter((r) => r.ruleName === "once-only");
  const posts = async () => matching(await t.journal(), "POST", /^\/shield\/rate-limit$/);

  test.each([
    ["504 after the rule was created", { afterHandler: true, status: 504 }],
    ["502 after the rule was created", { afterHandler: true, status: 502 }],
    ["500 after the rule was created", { afterHandler: true, status: 500 }],
  ])("%s: recovered by listing the zone's rules; exactly one rule", async (_n, spec) => {
    await t.fault({ ...spec, method: "POST", path: "^/shield/rate-limit$" });
    const res = await rl.create(await inputs());
    expect(await named()).toHaveLength(1);
    expect(res.id).toBe(String((await named())[0].id));
    expect(await posts()).toHaveLength(1);
    // Found by reading back (listing the zone), not by sending the POST again.
    expect(matching(await t.journal(), "GET", /^\/shield\/rate-limits\/1$/).length).toBeGreaterThan(
      0,
    );
  });

  test("a POST that timed out is not re-sent; the emulator ends with exactly one such rule", async () => {
    await t.fault({ method: "POST", path: "^/shield/rate-limit$", delayMs: DELAY_PAST_TIMEOUT_MS });
    const started = Date.now();
    const r = await outcome(async () => rl.create(await inputs()));
    await sleep(Math.max(0, DELAY_PAST_TIMEOUT_MS + 300 - (Date.now() - started)));
    // The timed-out POST is journaled with status 0 (its client went away); none follows it.
    expect((await posts()).map((x) => x.status)).toEqual([0]);
    expect(await named()).toHaveLength(1);
    if (r.ok) expect(r.value.id).toBe(String((await named())[0].id));
    else expect(r.error.message).toMatch(/not re-sent|outcome is unknown/);
  });

  // The POST times out but the platform applies it a moment later: the provider lists the zone
  // again, one client timeout apart, finds the late rule and adopts it instead of failing.
  test("a POST that timed out and landed late: a retried create does not duplicate it", async () => {
    await t.fault({
      method: "POST",
      path: "^/shield/rate-limit$",
      delayMs: DELAY_PAST_TIMEOUT_MS,
    });
    const r = await outcome(async () => rl.create(await inputs()));
    expect((await posts()).length).toBeLessThanOrEqual(1);
    expect(await named()).toHaveLength(1);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.id).toBe(String((await named())[0].id));
  });

  test("a POST that failed before reaching the handler: nothing created, error says it is safe to retry", async () => {
    await t.fault({ method: "POST", path: "^/shield/rate-limit$", status: 503 });
    const r = await outcome(async () => rl.create(await inputs()));
    expect(r.ok).toBe(false);
    expect(await posts()).toHaveLength(1);
    expect(await named()).toHaveLength(0);
  });

  test("a rule named like ours that appears during an unknown-outcome POST: no guessing", async () => {
    // Someone else creates a rule of the same name while our POST's outcome is unknown.
    await t.fault({
      afterHandler: true,
      status: 504,
      method: "POST",
      path: "^/shield/rate-limit$",
    });
    await t.fault({
      method: "GET",
      path: "^/shield/rate-limits/1$",
      status: 200,
      count: 1,
      body: { data: [], page: null, error: null },
    });
    const st = await t.state();
    st.rateLimitRules.push({ ...st.rateLimitRules[0], id: 5000, ruleName: "once-only" });
    await t.setState(st);
    const r = await outcome(async () => rl.create(await inputs()));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/rules 1000, 5000 named "once-only"|5000.*1000/);
    expect(await posts()).toHaveLength(1);
  });
});

describe("persistent faults: bounded retries, then a clear error", () => {
  test.each([
    ["503", { status: 503 }],
    ["429", { status: 429 }],
    ["connection reset", { reset: true }],
  ])("GET answering %s forever fails after maxAttempts", async (_n, spec) => {
    await t.fault({ ...spec, method: "GET", path: "^/shield/rate-limit/101$", count: -1 });
    const r = await outcome(() => rl.read("101", { ruleId: 101 } as Any));
    expect(r.ok).toBe(false);
    const hits = matching(await t.journal(), "GET", /^\/shield\/rate-limit\/101$/);
    expect(hits).toHaveLength(4); // FAST_CLIENT.maxAttempts
    if (!r.ok) expect(r.error.message).toMatch(/RateLimitRule 101: read failed/);
  });
});
