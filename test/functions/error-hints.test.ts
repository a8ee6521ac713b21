/**
 * Errors that name the way out (issue 19, finding 2), against the emulator: a 401/403 says
 * which credential was refused and where it comes from (stack config key, environment
 * variable, data-source option, client option), never its value; an unreachable host names
 * the URL and its setting. For the data sources, the dynamic resources and the plain client.
 */
import * as pulumi from "@pulumi/pulumi";
import { createServer } from "net";
import type { AddressInfo } from "net";
import { Client, EdgeApiError } from "../../packages/client/src";
import { getRegistry } from "../../packages/pulumi/src/functions/containers";
import { getAccessLogs } from "../../packages/pulumi/src/functions/logging";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { zoneDnssecProvider } from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { EmulatorControl } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { Emu, start } from "./helpers";

const ENV_KEYS = [
  "EDGEPLATFORM_API_KEY",
  "EDGEPLATFORM_BASE_URL",
  "EDGEPLATFORM_LOGGING_URL",
  "EDGEPLATFORM_LOGGING_TOKEN",
  "EDGEPLATFORM_MAX_RETRIES",
];
const savedEnv: Record<string, string | undefined> = {};
const WRONG_KEY = "wrong-key-0f3a9c1d7e";
const WRONG_TOKEN = "wrong.jwt.token-77aa";
let emu: Emu;
let closedUrl: string;

/** A loopback port that was free a moment ago and is now closed. */
async function closedPort(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a failure");
}

beforeAll(async () => {
  emu = await start();
  registerSecret(WRONG_KEY);
  registerSecret(WRONG_TOKEN);
  closedUrl = await closedPort();
  for (const k of ENV_KEYS) savedEnv[k] = process.env[k];
});
beforeEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
  process.env.EDGEPLATFORM_MAX_RETRIES = "0"; // one attempt: an unreachable host fails at once
});
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  pulumi.runtime.setAllConfig({});
  clearClientCache();
  resetSettings();
});
afterAll(() => emu.close());

const noSecret = (e: Error) => {
  for (const s of [WRONG_KEY, WRONG_TOKEN, emu.apiKey]) {
    expect(e.message).not.toContain(s);
    expect(JSON.stringify(e)).not.toContain(s);
  }
};

describe("data sources: a refused credential names its source", () => {
  test("API key from the stack config (401)", async () => {
    pulumi.runtime.setAllConfig(
      { "edgeplatform:apiKey": WRONG_KEY, "edgeplatform:baseUrl": emu.url },
      ["edgeplatform:apiKey"],
    );
    const e = await failure(getRegistry({ registryId: 1 }));
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.message).toBe(
      "containers.getRegistry (GET /mc/registries/1) failed: 401 unauthorized: The API key is not valid. " +
        `The platform refused the API key (HTTP 401); it comes from the stack config key "edgeplatform:apiKey": check that it is a valid API key of the account at ${emu.url}`,
    );
    noSecret(e);
  });

  test("API key from the environment (the stack config key is not set)", async () => {
    process.env.EDGEPLATFORM_API_KEY = WRONG_KEY;
    pulumi.runtime.setAllConfig({ "edgeplatform:baseUrl": emu.url });
    const e = await failure(getRegistry({ registryId: 1 }));
    expect(e.message).toContain(
      'it comes from the environment variable EDGEPLATFORM_API_KEY (the stack config key "edgeplatform:apiKey" is not set)',
    );
    noSecret(e);
  });

  test("API key from opts.connection", async () => {
    process.env.EDGEPLATFORM_API_KEY = emu.apiKey; // not used: the option wins
    const e = await failure(
      getRegistry({ registryId: 1 }, { connection: { apiKey: WRONG_KEY, baseUrl: emu.url } }),
    );
    expect(e.message).toContain(
      "The platform refused the API key (HTTP 401); it comes from the data-source option connection.apiKey",
    );
    noSecret(e);
  });

  test("a 403 names the key too", async () => {
    await new EmulatorControl(emu.url).fault({ path: "^/mc/registries/", status: 403 });
    pulumi.runtime.setAllConfig(
      { "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url },
      ["edgeplatform:apiKey"],
    );
    const e = await failure(getRegistry({ registryId: 1 }));
    expect((e as EdgeApiError).status).toBe(403);
    expect(e.message).toContain(
      'The platform refused the API key (HTTP 403); it comes from the stack config key "edgeplatform:apiKey"',
    );
    noSecret(e);
  });

  test("logging: the logging token and its source (stack config / environment)", async () => {
    pulumi.runtime.setAllConfig(
      {
        "edgeplatform:apiKey": emu.apiKey,
        "edgeplatform:baseUrl": emu.url,
        "edgeplatform:loggingUrl": emu.loggingUrl,
        "edgeplatform:loggingToken": WRONG_TOKEN,
      },
      ["edgeplatform:apiKey", "edgeplatform:loggingToken"],
    );
    const viaConfig = await failure(getAccessLogs({ pullZoneId: 1 }));
    expect(viaConfig.message).toContain(
      `The platform refused the logging token (HTTP 403); it comes from the stack config key "edgeplatform:loggingToken": check that it is a valid logging token of the account at ${emu.loggingUrl}`,
    );
    noSecret(viaConfig);
    clearClientCache();
    pulumi.runtime.setAllConfig({
      "edgeplatform:baseUrl": emu.url,
      "edgeplatform:loggingUrl": emu.loggingUrl,
    });
    process.env.EDGEPLATFORM_API_KEY = emu.apiKey;
    process.env.EDGEPLATFORM_LOGGING_TOKEN = WRONG_TOKEN;
    const viaEnv = await failure(getAccessLogs({ pullZoneId: 1 }));
    expect(viaEnv.message).toContain(
      'The platform refused the logging token (HTTP 403); it comes from the environment variable EDGEPLATFORM_LOGGING_TOKEN (the stack config key "edgeplatform:loggingToken" is not set)',
    );
    noSecret(viaEnv);
  });

  test("the rejection keeps its class and is flagged for the Pulumi SDK (one line, no stack)", async () => {
    pulumi.runtime.setAllConfig(
      { "edgeplatform:apiKey": WRONG_KEY, "edgeplatform:baseUrl": emu.url },
      ["edgeplatform:apiKey"],
    );
    const e = await failure(getRegistry({ registryId: 1 }));
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(pulumi.RunError.isInstance(e)).toBe(true);
    expect(Object.keys(e)).not.toContain("__pulumiRunError");
    const bad = await failure(getRegistry({ registryId: -1 }));
    expect(pulumi.RunError.isInstance(bad)).toBe(true);
  });
});

describe("unreachable hosts name the URL setting and the URL", () => {
  test("baseUrl from the stack config", async () => {
    pulumi.runtime.setAllConfig(
      { "edgeplatform:apiKey": WRONG_KEY, "edgeplatform:baseUrl": closedUrl },
      ["edgeplatform:apiKey"],
    );
    const e = await failure(getRegistry({ registryId: 1 }));
    expect((e as EdgeApiError).code).toBe("ECONNREFUSED");
    expect(e.message).toMatch(
      /^containers\.getRegistry \(GET \/mc\/registries\/1\) failed: network error ECONNREFUSED( \(.*\))?\. Cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): check the stack config key "edgeplatform:baseUrl"$/,
    );
    expect(e.message).toContain(`Cannot reach ${closedUrl} (ECONNREFUSED)`);
    noSecret(e);
  });

  test("baseUrl from the environment; an unresolvable host (ENOTFOUND)", async () => {
    process.env.EDGEPLATFORM_API_KEY = WRONG_KEY;
    process.env.EDGEPLATFORM_BASE_URL = "http://no-such-host.invalid:8080";
    const e = await failure(getRegistry({ registryId: 1 }));
    expect(e.message).toMatch(
      /Cannot reach http:\/\/no-such-host\.invalid:8080 \((ENOTFOUND|EAI_AGAIN)\): check the environment variable EDGEPLATFORM_BASE_URL/,
    );
  });

  test("loggingUrl from opts.connection; credentials in the URL are never shown", async () => {
    const withUser = closedUrl.replace("http://", "http://user:url-secret-99@") + "/logging?t=x";
    const e = await failure(
      getAccessLogs(
        { pullZoneId: 1 },
        { connection: { apiKey: emu.apiKey, baseUrl: emu.url, loggingUrl: withUser } },
      ),
    );
    expect(e.message).toContain(
      `Cannot reach ${closedUrl}/logging (ECONNREFUSED): check the data-source option connection.loggingUrl`,
    );
    expect(e.message).not.toMatch(/url-secret-99|t=x/);
  });
});

describe("dynamic resources (provider process: stack config handed to configure())", () => {
  test("a refused key in a read names edgeplatform:apiKey", async () => {
    configureFromRequest({
      config: {
        get: (k: string) =>
          ({ "edgeplatform:apiKey": WRONG_KEY, "edgeplatform:baseUrl": emu.url })[k],
      },
    });
    const e = await failure(
      zoneDnssecProvider.read("1", { zoneId: 1, enabled: false, priorEnabled: false } as never),
    );
    expect(e.message).toMatch(
      /^edgeplatform ZoneDnssec \(zone 1\): read failed: dns\.getZone \(GET \/dnszone\/1\) failed: 401 .*\. The platform refused the API key \(HTTP 401\); it comes from the stack config key "edgeplatform:apiKey": check that it is a valid API key of the account at http:\/\/127\.0\.0\.1:\d+$/,
    );
    noSecret(e);
  });

  test("an unreachable baseUrl from the environment", async () => {
    process.env.EDGEPLATFORM_API_KEY = WRONG_KEY;
    process.env.EDGEPLATFORM_BASE_URL = closedUrl;
    configureFromRequest({ config: { get: () => undefined } });
    const e = await failure(
      zoneDnssecProvider.read("1", { zoneId: 1, enabled: false, priorEnabled: false } as never),
    );
    expect(e.message).toContain(
      `Cannot reach ${closedUrl} (ECONNREFUSED): check the environment variable EDGEPLATFORM_BASE_URL (the stack config key "edgeplatform:baseUrl" is not set)`,
    );
    noSecret(e);
  });
});

describe("plain client: explicit options are named as such", () => {
  test("401 and unreachable", async () => {
    const c = new Client({ apiKey: WRONG_KEY, baseUrl: emu.url, maxAttempts: 1 });
    const e = await failure(c.containers.getRegistry(1));
    expect(e.message).toContain(
      `The platform refused the API key (HTTP 401); it comes from the client option "apiKey": check that it is a valid API key of the account at ${emu.url}`,
    );
    expect((e as EdgeApiError).hint).toContain('client option "apiKey"');
    const down = new Client({ apiKey: WRONG_KEY, baseUrl: closedUrl, maxAttempts: 1 });
    const d = await failure(down.containers.getRegistry(1));
    expect(d.message).toContain(
      `Cannot reach ${closedUrl} (ECONNREFUSED): check the client option "baseUrl"`,
    );
    noSecret(e);
    noSecret(d);
    c.close();
    down.close();
  });
});
