/**
 * Model-based test of the Shield, DNS, pull-zone, edge-scripting and Magic Containers resources,
 * every kind of test/provider/model/kinds/ in one
 * program (fast-check commands): random sequences of program edits (partial configurations,
 * `null`, unmanaged fields, mode switches, renames, removals, adoptions), out-of-band changes
 * by another actor, injected faults, interrupted runs and a second stack,
 * driven through a simulation of the Pulumi engine (test/provider/model/engine.ts) against
 * the emulator in every behaviour profile (each with DNS, pull-zone and edge-script switches
 * over it: `DNS_SWITCHES`, `PULL_ZONE_SWITCHES`). After each step the invariants of
 * test/provider/model/world.ts are checked on the emulator's whole state.
 *
 * `npm test`: a fixed seed per profile, a few runs. `npm run fuzz` (FUZZ_STEPS=N): at least N
 * steps per profile, with the figures printed. MODEL_LOG=1 prints every run's steps.
 */
import fc from "fast-check";
import { EmulatorControl, PROFILES as EMULATOR_PROFILES } from "../../packages/emulator/src";
import type { BehaviourProfile, ProfileName } from "../../packages/emulator/src";
import { Client } from "../../packages/client/src/api/client";
import { certificateTiming } from "../../packages/pulumi/src/resources/kinds/collections/hostname-certificate";
import { timing } from "../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { deployTiming } from "../../packages/pulumi/src/resources/kinds/settings/container-app-deploy";
import { CLIENT_TIMEOUT_MS, commandArbitrary } from "./model/commands";
import { KINDS } from "./model/kinds";
import { setPublishesSavedCode } from "./model/kinds/scripts";
import { World } from "./model/world";
import { startPlatform, TestPlatform } from "./helpers";

/** Every behaviour profile of the emulator. */
const PROFILES = Object.keys(EMULATOR_PROFILES) as ProfileName[];

/** async-202 applies accepted writes after this long here (the profile's own is 300 ms). */
const ASYNC_WRITE_DELAY_MS = 40;
const FUZZ_STEPS = Number(process.env.FUZZ_STEPS ?? 0);
const BASE_SEED = Number(process.env.MODEL_SEED ?? 20_240_611);
const RUNS = 8;
const MAX_COMMANDS = 30;

// The provider's client, with waits short enough for hundreds of runs: a timeout of 200 ms
// per attempt (a fault delays 300 ms) and almost no backoff between retries.
const realFromSettings = Client.fromSettings.bind(Client);
jest.spyOn(Client, "fromSettings").mockImplementation((s, extra) =>
  realFromSettings(s, {
    timeoutMs: CLIENT_TIMEOUT_MS,
    retryBaseDelayMs: 2,
    retryMaxDelayMs: 10,
    deadlineMs: 10_000,
    ...extra,
  }),
);
// A free certificate issued late (`freeCertificateMs`) is polled every 20 ms, not every second;
// an application's deployment every 10 ms.
Object.assign(certificateTiming, { pollMs: 20 });
Object.assign(deployTiming, { pollMs: 10 });
Object.assign(timing, {
  readBackMs: 1_500,
  readBackStepMs: 10,
  recoveryRelists: 4,
  recoveryMaxStepMs: 100,
});

// The provider's log lines ("took over existing rule ...") go to the step log, not the console.
let current: World | undefined;
const realWrite = process.stderr.write.bind(process.stderr);
jest.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
  const text = String(chunk);
  if (text.startsWith("edgeplatform: ")) {
    current?.log.push(`  provider log: ${text.trim().slice("edgeplatform: ".length)}`);
    return true;
  }
  return realWrite(chunk as string, ...rest);
}) as typeof process.stderr.write);

let t: TestPlatform;
let ctl: EmulatorControl;
beforeAll(async () => {
  t = await startPlatform();
  ctl = new EmulatorControl(t.emu.url);
});
afterAll(async () => t.close());

type DnsSwitches = Pick<
  BehaviourProfile,
  "dnsZoneExists" | "dnsZoneUpdateAnswer" | "dnsRecordAddAnswer"
>;

type PullZoneSwitches = Pick<
  BehaviourProfile,
  | "pullZoneUpdate"
  | "edgeRuleOrder"
  | "pullZoneWrites"
  | "edgeRuleAddAnswer"
  | "scriptCodeSave"
  | "scriptVarUpsert"
  | "freeCertificateMs"
>;

/**
 * The DNS switches (how the platform answers where the published document is silent: a
 * domain that has a zone, a zone's update, a record's add) over each profile. No built-in
 * profile flips them (each flips one switch of its own), so each profile gets one here; every
 * other value of each switch is driven under three profiles, and `stale-dnssec` (the DNS
 * profile) has all three. `default` keeps the defaults.
 */
const DNS_SWITCHES: Record<ProfileName, Partial<DnsSwitches>> = {
  default: {},
  "merge-patch": { dnsRecordAddAnswer: "zone" },
  "fill-defaults": { dnsZoneUpdateAnswer: "204" },
  "async-202": { dnsZoneExists: "409" },
  "stale-dnssec": { dnsZoneExists: "409", dnsZoneUpdateAnswer: "204", dnsRecordAddAnswer: "zone" },
  "embedded-not-found": { dnsRecordAddAnswer: "zone" },
  "zone-replace": { dnsZoneUpdateAnswer: "204" },
  "embedded-plan-refusal": { dnsZoneExists: "409" },
};

/**
 * The pull-zone and edge-script switches (how the platform answers where the published
 * documents are silent: a zone's settings write merges or replaces, the order of a zone's edge
 * rules, concurrent rewrites of one zone, an edge rule's write without a body, saved code
 * published or not, a variable's upsert, a free certificate issued late) over each profile, as
 * the DNS ones: every other value of each switch is driven under two profiles or more.
 */
const PULL_ZONE_SWITCHES: Record<ProfileName, Partial<PullZoneSwitches>> = {
  default: {},
  "merge-patch": { pullZoneUpdate: "replace", scriptVarUpsert: "replace" },
  "fill-defaults": { edgeRuleOrder: "sorted", scriptCodeSave: "publish" },
  "async-202": { edgeRuleAddAnswer: "empty", freeCertificateMs: 100 },
  "stale-dnssec": { pullZoneWrites: "lost-updates", scriptVarUpsert: "replace" },
  "embedded-not-found": { pullZoneUpdate: "replace", edgeRuleAddAnswer: "empty" },
  "zone-replace": { pullZoneWrites: "lost-updates", scriptCodeSave: "publish" },
  "embedded-plan-refusal": { edgeRuleOrder: "sorted", freeCertificateMs: 100 },
};

/** Sets the emulator's behaviour profile; returns how late it applies accepted writes. */
async function setProfile(name: ProfileName): Promise<number> {
  setPublishesSavedCode(PULL_ZONE_SWITCHES[name].scriptCodeSave === "publish");
  const p = await ctl.setProfile({
    name,
    ...DNS_SWITCHES[name],
    ...PULL_ZONE_SWITCHES[name],
    ...(name === "async-202" ? { writeDelayMs: ASYNC_WRITE_DELAY_MS } : {}),
  });
  return p.writeDelayMs;
}

/** The switches over a profile, as printed (`` or ` + {...}`). */
function switchesOf(profile: ProfileName): string {
  const all = { ...DNS_SWITCHES[profile], ...PULL_ZONE_SWITCHES[profile] };
  return Object.keys(all).length ? ` + ${JSON.stringify(all)}` : "";
}

/** What the runs of one profile did (the figures printed). */
interface Counter {
  steps: number;
  runs: number;
  /** Provider operations by kind. */
  ops: Map<string, number>;
  /** Steps run before the first run that broke an invariant (shrinking not counted). */
  firstFailureAfter?: number;
}

/** One property over command sequences; counts the steps it ran. */
function property(writeDelayMs: number, counter: Counter) {
  return fc.asyncProperty(
    fc.commands([commandArbitrary], { maxCommands: MAX_COMMANDS, size: "max" }),
    async (cmds) => {
      await ctl.reset();
      const fixtures = await ctl.state();
      for (const k of KINDS) k.prepare?.(fixtures);
      await ctl.setState(fixtures);
      const world = new World(ctl, { writeDelayMs });
      current = world;
      counter.runs++;
      const stepsBefore = counter.steps;
      try {
        await fc.asyncModelRun(() => ({ model: world, real: world }), cmds);
        await world.finish();
      } catch (e) {
        counter.firstFailureAfter ??= stepsBefore;
        throw e;
      } finally {
        counter.steps += world.log.filter((l) => !l.startsWith("  ")).length;
        if (process.env.MODEL_LOG === "1") realWrite(`--- run ---\n${world.log.join("\n")}\n`);
        for (const [k, n] of world.opsByKind) counter.ops.set(k, (counter.ops.get(k) ?? 0) + n);
      }
    },
  );
}

describe.each(PROFILES)(`Model (${KINDS.map((k) => k.name).join(", ")}), profile %s`, (profile) => {
  const index = PROFILES.indexOf(profile);
  test(
    FUZZ_STEPS > 0 ? `at least ${FUZZ_STEPS} steps` : `fixed seed, ${RUNS} runs`,
    async () => {
      const writeDelayMs = await setProfile(profile);
      const counter: Counter = { steps: 0, runs: 0, ops: new Map<string, number>() };
      const started = Date.now();
      const failures: string[] = [];
      if (FUZZ_STEPS > 0) {
        // Keep going past a failure (each is shrunk and recorded), so the figures cover
        // FUZZ_STEPS steps and every distinct finding is listed at the end.
        let round = 0;
        while (counter.steps < FUZZ_STEPS) {
          const seed = BASE_SEED + 1_000 * index + round++;
          try {
            await fc.assert(property(writeDelayMs, counter), { seed, numRuns: 10 });
          } catch (e) {
            const cause = String((e as Error).cause ?? "").split("\n--- steps")[0];
            failures.push(`seed ${seed}: ${(e as Error).message}\n    cause: ${cause}`);
          }
        }
      } else {
        await fc.assert(property(writeDelayMs, counter), {
          seed: BASE_SEED + 1_000 * index,
          numRuns: RUNS,
        });
      }
      const ms = Date.now() - started;
      realWrite(
        `model ${profile}${switchesOf(profile)}: ${counter.steps} steps in ${counter.runs} runs, ${(ms / 1000).toFixed(1)} s` +
          ` (provider operations: ${[...counter.ops].map(([k, n]) => `${k} ${n}`).join(", ")})` +
          `${failures.length ? `, ${failures.length} failing seed(s), the first after ${counter.firstFailureAfter} steps` : ""}\n`,
      );
      if (failures.length > 0) throw new Error(failures.join("\n\n"));
    },
    FUZZ_STEPS > 0 ? 30 * 60_000 : 60_000,
  );
});
