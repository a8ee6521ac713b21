/**
 * Issue 16, finding 9 (g): the provider's own redaction (defence in depth behind the client's):
 * an error of a resource operation never carries the configured API key, whatever produced
 * it. The key is random and registered with the secret guard; assertions never print it.
 */
import { randomBytes } from "crypto";
import { operation, ResourceOperationError } from "../../packages/pulumi/src/resources/core/common";
import {
  configureFromRequest,
  getClient,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { registerSecret } from "../support/secrets";

const apiKey = `finding9-${randomBytes(12).toString("hex")}`;
registerSecret(apiKey);

beforeAll(() => {
  resetSettings();
  const values: Record<string, string> = {
    "edgeplatform:apiKey": apiKey,
    "edgeplatform:baseUrl": "http://127.0.0.1:9",
  };
  configureFromRequest({ config: { get: (k: string) => values[k] } });
});
afterAll(() => resetSettings());

/** Whether `text` holds the key (a boolean, so a failing assertion never prints the key). */
const leaks = (text: string) => text.includes(apiKey);

test("(g) operation(): an error whose message holds the configured API key is scrubbed", async () => {
  const err = await operation("edgeplatform RateLimitRule 7: update", async () => {
    getClient(); // the operation uses the configured settings, as every provider operation does
    throw new Error(`upstream echoed the request header AccessKey: ${apiKey}`);
  }).catch((e: unknown) => e as Error);
  expect(err).toBeInstanceOf(ResourceOperationError);
  expect(leaks(err.message)).toBe(false);
  expect(err.message).toBe(
    "edgeplatform RateLimitRule 7: update failed: upstream echoed the request header AccessKey: " +
      "[redacted]",
  );
});

test("(g) a ResourceOperationError built from a message holding the key is scrubbed", () => {
  getClient();
  const err = new ResourceOperationError(`listing failed too (key ${apiKey} rejected)`);
  expect(leaks(err.message)).toBe(false);
  expect(err.message).toBe("listing failed too (key [redacted] rejected)");
});
