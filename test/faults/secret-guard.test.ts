/** The secret registry and scanners used by the test-wide guard (test/support/). */
import {
  assertNoSecrets,
  clearSecrets,
  findSecrets,
  knownSecrets,
  registerSecret,
  textOf,
} from "../support/secrets";

afterEach(() => clearSecrets());

test("registered secrets and EDGEPLATFORM_* secrets from the environment are scanned for", () => {
  const saved = process.env.EDGEPLATFORM_API_KEY;
  process.env.EDGEPLATFORM_API_KEY = "env-key-0123456789";
  try {
    registerSecret("registered-key-abcdef");
    registerSecret("short"); // too short to be a meaningful secret: ignored
    expect(knownSecrets().sort()).toEqual(["env-key-0123456789", "registered-key-abcdef"]);
  } finally {
    if (saved === undefined) delete process.env.EDGEPLATFORM_API_KEY;
    else process.env.EDGEPLATFORM_API_KEY = saved;
  }
});

test("findSecrets reports where, never the secret itself", () => {
  const hits = findSecrets("a AccessKey: sekret-value-123 z", "cli output", ["sekret-value-123"]);
  expect(hits).toEqual([{ where: "cli output", index: 13, secretLength: 16 }]);
  expect(JSON.stringify(hits)).not.toContain("sekret-value-123");
});

test("assertNoSecrets scans strings, objects (stack exports) and errors", () => {
  const secret = "stack-export-secret-1";
  expect(() => assertNoSecrets({ out: "clean" }, [secret])).not.toThrow();
  expect(() => assertNoSecrets({ export: { deployment: { x: [secret] } } }, [secret])).toThrow(
    /configured secret found in: export/,
  );
  expect(() => assertNoSecrets({ err: new Error(`bad ${secret}`) }, [secret])).toThrow(/err/);
  try {
    assertNoSecrets({ out: secret }, [secret]);
  } catch (e) {
    expect((e as Error).message).not.toContain(secret);
  }
});

test("textOf survives circular objects", () => {
  const o: Record<string, unknown> = { a: 1 };
  o.self = o;
  expect(textOf(o)).toBe('{"a":1}');
});

test("output without secrets passes the guard", () => {
  registerSecret("never-printed-secret-42");
  console.log("an ordinary line");
  process.stdout.write("");
});
