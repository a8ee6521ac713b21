/**
 * The two front ends run one chain of provider-level steps (`core/provider-chain.ts`): what a
 * step says reaches the user word for word the same through the dynamic provider as its host
 * loads it (`__providers`, registry.ts) and through the native plugin over gRPC (Configure, then
 * Check or Delete, as the engine calls it). Here the API key check (a missing key, a key the
 * platform refuses) and the stored-key way out of a refused delete.
 *
 * Broken once each: the key check worded otherwise for a call with the request's URN (the
 * plugin's) → "a missing key" and "a refused key" failed; the way out left out of the plugin's
 * chain → "a delete refused" failed.
 */
import { resetCredentialChecks } from "../../packages/pulumi/src/resources/core/credentials";
import { __providers } from "../../packages/pulumi/src/resources/kinds/providers.generated";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { resetProgramRan } from "../../packages/pulumi/src/resources/core/stored-settings";
import { quietProviderLogs, usePlatform } from "./helpers";
import { dynamicFrontEnd, pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import type { KindDeclaration, Provider } from "./lifecycle-table/kind";
import { rateLimitRule } from "./lifecycle-table/rate-limit-rule";

const t = usePlatform();
quietProviderLogs();

/** A key of no account of this platform: every request answered 401. */
const UNKNOWN_KEY = "a-key-of-no-account-0123456789";

const hostedDynamic = (k: KindDeclaration): Provider =>
  (__providers as unknown as Record<string, Provider>)[k.name[0].toLowerCase() + k.name.slice(1)];

const dynamic = dynamicFrontEnd(hostedDynamic);
const plugin = pluginFrontEnd();
const FRONT_ENDS: FrontEnd[] = [dynamic, plugin];

const savedKey = process.env.EDGEPLATFORM_API_KEY;
beforeAll(async () => {
  delete process.env.EDGEPLATFORM_API_KEY;
  await plugin.start();
});
afterAll(async () => {
  await plugin.stop();
  if (savedKey !== undefined) process.env.EDGEPLATFORM_API_KEY = savedKey;
});

/** A new CLI command: no check seen, no key verdict, no run's memory. */
function newCommand(): void {
  resetProgramRan();
  resetRunState();
  resetCredentialChecks();
}

/** What each front end's `check` of a new rate-limit rule fails with under `config`. */
async function checkFailures(config: Record<string, string>): Promise<unknown[]> {
  const program = rateLimitRule.create(await t.state());
  const out: unknown[] = [];
  for (const front of FRONT_ENDS) {
    newCommand();
    await front.configure(config);
    out.push((await front.hosted(rateLimitRule).check({}, program)).failures);
  }
  return out;
}

test("a missing key: the same one failure through both front ends, naming the setting and the variable", async () => {
  const [viaDynamic, viaPlugin] = await checkFailures({ "edgeplatform:baseUrl": t.emu.url });
  expect(viaDynamic).toEqual([
    {
      property: "",
      reason: expect.stringMatching(/"edgeplatform:apiKey".*EDGEPLATFORM_API_KEY/s),
    },
  ]);
  expect(viaPlugin).toEqual(viaDynamic);
  expect(await t.journal()).toEqual([]); // no request at all
});

test("a refused key: the same one failure through both front ends, the key never shown", async () => {
  const [viaDynamic, viaPlugin] = await checkFailures({
    "edgeplatform:apiKey": UNKNOWN_KEY,
    "edgeplatform:baseUrl": t.emu.url,
  });
  expect(viaDynamic).toEqual([
    { property: "", reason: expect.stringMatching(/^edgeplatform: the API key was checked/) },
  ]);
  expect(viaPlugin).toEqual(viaDynamic);
  expect(JSON.stringify(viaPlugin)).not.toContain(UNKNOWN_KEY);
});

test("a delete refused for the stored key (no program ran): the same message through both front ends, with the way out", async () => {
  const right = { "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url };
  newCommand();
  await dynamic.configure(right);
  const p = dynamic.hosted(rateLimitRule);
  const checked = await p.check({}, rateLimitRule.create(await t.state()));
  const { id, outs } = await p.create(checked.inputs);

  const messages: string[] = [];
  for (const front of FRONT_ENDS) {
    newCommand();
    await front.configure({ ...right, "edgeplatform:apiKey": UNKNOWN_KEY });
    const e = await front
      .hosted(rateLimitRule)
      .delete(id, outs)
      .then(
        () => new Error("expected the delete to be refused"),
        (err: unknown) => err as Error,
      );
    messages.push(e.message);
  }
  expect(messages[0]).toMatch(/401/);
  expect(messages[0]).toMatch(/run `pulumi destroy --run-program`\.$/);
  expect(messages[1]).toBe(messages[0]);
  expect(messages[0]).not.toContain(UNKNOWN_KEY);

  newCommand();
  await dynamic.configure(right);
  await p.delete(id, outs);
});
