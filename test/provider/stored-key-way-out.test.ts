/**
 * A delete refused for the API key stored with the provider. `pulumi destroy` does not run the
 * program, so the engine configures the provider with the settings of the state (the key of
 * the last `up` or `refresh --run-program`), whatever the stack config holds now: each delete
 * refused for that key (here the 401, "The API key is not valid") must name the one
 * command that works, `pulumi destroy --run-program`, through both front ends (the dynamic
 * provider as its host loads it, the plugin over gRPC). Not in a command that ran the program
 * (a `check` came first: the provider has the stack config as it is now), not for a key from
 * the environment (never stored), not for a resource's own connection (stored with it). The
 * whole sequence of the real CLI is the lifecycle-table e2e's rule 4.
 *
 * Broken once each: the way out added whatever `check` did → "after a check" failed (both
 * front ends); the `ownKey` of a resource's connection ignored → "own connection" failed; the
 * not-gone answers not counted as refused for the key → "destroy without the program" failed.
 */
import {
  EmulatorControl,
  startEmulator,
  type EmulatorState,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { resetCredentialChecks } from "../../packages/pulumi/src/resources/core/credentials";
import { __providers } from "../../packages/pulumi/src/resources/kinds/providers.generated";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { resetSettings } from "../../packages/pulumi/src/resources/core/settings";
import { resetProgramRan } from "../../packages/pulumi/src/resources/core/stored-settings";
import { dynamicFrontEnd, pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import type { KindDeclaration, Provider } from "./lifecycle-table/kind";
import { rateLimitRule } from "./lifecycle-table/rate-limit-rule";
import { shieldZone } from "./lifecycle-table/settings";

/** What a refused delete of a destroy without the program must end with. */
const WAY_OUT =
  /If the stack config holds the right key now, run `pulumi destroy --run-program`\.$/;
/** A key of no account of this platform (every request 401). */
const UNKNOWN_KEY = "stored-key-of-no-account-0123456789";
/** A key of another account: it sees shield zone 2 only (answers that are not "gone"). */
const OTHER_KEY = "stored-key-of-another-account-zone-2";

const hostedDynamic = (k: KindDeclaration): Provider =>
  (__providers as unknown as Record<string, Provider>)[k.name[0].toLowerCase() + k.name.slice(1)];

/**
 * The state to compare: the id counters left out (an id once used is not given again), a
 * zone's plan fields as the platform answers them (absent: Basic, WAF on; a zone PATCH writes
 * them).
 */
function canonical(s: EmulatorState): unknown {
  const { nextIds: _ids, ...rest } = JSON.parse(JSON.stringify(s)) as EmulatorState;
  for (const z of rest.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  return rest;
}

let emu: RunningEmulator;
let ctl: EmulatorControl;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, scopedKeys: { [OTHER_KEY]: { shieldZones: [2] } } });
  ctl = new EmulatorControl(emu.url);
});
afterAll(async () => {
  resetSettings();
  resetProgramRan();
  await emu.close();
});

// The provider's log lines are not printed.
const realWrite = process.stderr.write.bind(process.stderr);
jest
  .spyOn(process.stderr, "write")
  .mockImplementation(((chunk: unknown, ...rest: never[]) =>
    String(chunk).startsWith("edgeplatform: ")
      ? true
      : realWrite(chunk as string, ...rest)) as typeof process.stderr.write);

/** The message of a delete that must fail. */
async function refusal(p: Provider, id: string, props: unknown): Promise<string> {
  const e = await p.delete(id, props).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(Error);
  return (e as Error).message;
}

describe.each<[string, () => FrontEnd]>([
  ["dynamic", () => dynamicFrontEnd(hostedDynamic)],
  ["plugin", () => pluginFrontEnd()],
])("a delete refused for the stored key, through the %s front end", (_name, make) => {
  let front: FrontEnd;
  const useKey = (apiKey: string) =>
    front.configure({ "edgeplatform:apiKey": apiKey, "edgeplatform:baseUrl": emu.url });
  /** A new command: no check seen, the run's memory gone. */
  const newCommand = () => {
    resetProgramRan();
    resetRunState();
    resetCredentialChecks();
  };

  beforeAll(async () => {
    front = make();
    await front.start();
  });
  afterAll(async () => front.stop());
  beforeEach(async () => {
    await ctl.reset();
    newCommand();
  });

  /** `up` with the right key: each kind created through the front end's host. */
  async function up(kinds: KindDeclaration[]) {
    await useKey(emu.apiKey);
    const before = await ctl.state();
    const made: { k: KindDeclaration; id: string; outs: unknown }[] = [];
    for (const k of kinds) {
      const p = front.hosted(k);
      const checked = await p.check({}, k.create(before));
      expect(checked.failures ?? []).toEqual([]);
      const { id, outs } = await p.create(checked.inputs);
      made.push({ k, id, outs });
    }
    return { before, made };
  }

  test("destroy without the program (no check): every 401 and every not-gone answer of another account's key names `pulumi destroy --run-program`, no key shown, nothing written; with the right key the state is as before", async () => {
    const { before, made } = await up([rateLimitRule, shieldZone]);
    const mid = await ctl.state();
    for (const [key, answer] of [
      [UNKNOWN_KEY, /401/],
      [OTHER_KEY, /NOT treated as gone/],
    ] as const) {
      newCommand();
      await useKey(key);
      for (const { k, id, outs } of made) {
        const message = await refusal(front.hosted(k), id, outs);
        expect([k.name, message]).toEqual([k.name, expect.stringMatching(answer)]);
        expect([k.name, message]).toEqual([k.name, expect.stringMatching(WAY_OUT)]);
        for (const secret of [key, emu.apiKey]) expect(message).not.toContain(secret);
      }
    }
    expect(canonical(await ctl.state())).toEqual(canonical(mid));
    newCommand();
    await useKey(emu.apiKey);
    for (const { k, id, outs } of made) await front.hosted(k).delete(id, outs);
    expect(canonical(await ctl.state())).toEqual(canonical(before));
  });

  test("after a check (the program ran) and with a key from the environment: the refusal as it was", async () => {
    const { made } = await up([rateLimitRule]);
    const [{ k, id, outs }] = made;
    newCommand();
    await useKey(UNKNOWN_KEY);
    // Another resource's check: the program ran in this command.
    await front.hosted(shieldZone).check({}, shieldZone.create(await ctl.state()));
    const afterCheck = await refusal(front.hosted(k), id, outs);
    expect(afterCheck).toContain("401");
    expect(afterCheck).not.toContain("--run-program");

    newCommand();
    const env = process.env.EDGEPLATFORM_API_KEY;
    process.env.EDGEPLATFORM_API_KEY = UNKNOWN_KEY;
    try {
      await front.configure({ "edgeplatform:baseUrl": emu.url });
      const fromEnv = await refusal(front.hosted(k), id, outs);
      expect(fromEnv).toContain("EDGEPLATFORM_API_KEY");
      expect(fromEnv).not.toContain("--run-program");
    } finally {
      if (env === undefined) delete process.env.EDGEPLATFORM_API_KEY;
      else process.env.EDGEPLATFORM_API_KEY = env;
    }
  });
});

test("dynamic front end, a resource's own connection: its key is stored with the resource, so the refusal names no --run-program", async () => {
  const front = dynamicFrontEnd(hostedDynamic);
  await ctl.reset();
  resetProgramRan();
  resetRunState();
  await front.configure({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url });
  const p = hostedDynamic(rateLimitRule);
  const checked = await p.check({}, rateLimitRule.create(await ctl.state()));
  const { id, outs } = await p.create(checked.inputs);
  resetProgramRan();
  resetRunState();
  const own = await refusal(p, id, { ...outs, connection: { apiKey: UNKNOWN_KEY } });
  expect(own).toContain("401");
  expect(own).toContain("resource option connection.apiKey");
  expect(own).not.toContain("--run-program");
  await p.delete(id, outs);
});
