/**
 * An explicit provider of the native plugin (`pulumi:providers:edgeplatform`) takes its
 * settings from its own inputs, then the `EDGEPLATFORM_*` environment variables, never from the
 * stack config: a setting it lacks is reported as the provider's argument, naming the provider
 * resource, not as the stack config key (which may well be set). Through the plugin's gRPC
 * server, as the engine calls it.
 */
import { defaultFixtures } from "../../packages/emulator/src";
import { resetCredentialChecks } from "../../packages/pulumi/src/resources/core/credentials";
import { usePlatform } from "./helpers";
import { pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import { rateLimitRule } from "./lifecycle-table/rate-limit-rule";

const ACCOUNT_A = "urn:pulumi:dev::two-accounts::pulumi:providers:edgeplatform::accountA";

const t = usePlatform();
let front: ReturnType<typeof pluginFrontEnd> & FrontEnd;
const savedKey = process.env.EDGEPLATFORM_API_KEY;

beforeAll(() => {
  delete process.env.EDGEPLATFORM_API_KEY;
  front = pluginFrontEnd();
});
beforeEach(() => resetCredentialChecks());
afterAll(async () => {
  await front.stop();
  if (savedKey !== undefined) process.env.EDGEPLATFORM_API_KEY = savedKey;
});

test("an explicit provider without apiKey: the check names the provider and its argument", async () => {
  await front.configureProvider(ACCOUNT_A, { baseUrl: t.emu.url });
  const checked = await front
    .hosted(rateLimitRule)
    .check({}, rateLimitRule.create(defaultFixtures()));
  expect(checked.failures).toEqual([
    {
      property: "",
      reason:
        'edgeplatform: missing setting "apiKey" of the provider "accountA" ' +
        "(pulumi:providers:edgeplatform): set its argument apiKey " +
        "or the environment variable EDGEPLATFORM_API_KEY",
    },
  ]);
});

test("the default provider still names the stack config key", async () => {
  await front.configure({ "edgeplatform:baseUrl": t.emu.url });
  const checked = await front
    .hosted(rateLimitRule)
    .check({}, rateLimitRule.create(defaultFixtures()));
  expect(checked.failures).toEqual([
    {
      property: "",
      reason:
        'edgeplatform: missing setting "apiKey": set the stack config key "edgeplatform:apiKey" ' +
        "(pulumi config set --secret edgeplatform:apiKey ...) or the environment variable EDGEPLATFORM_API_KEY",
    },
  ]);
});
