/**
 * Jest setup (setupFilesAfterEnv of every project): a test-wide guard against leaked secrets.
 *
 * While tests run, everything written to `process.stdout` / `process.stderr` and everything
 * passed to `console.*` is scanned for the secrets of `secrets.ts` (keys registered by the
 * test helpers, plus `EDGEPLATFORM_API_KEY` / `EDGEPLATFORM_LOGGING_TOKEN`). A hit fails the
 * test during which it happened (in `afterEach`), or the file (in `afterAll`) when it
 * happened outside a test. The output itself is left untouched; the failure message names
 * the stream and the test, never the secret.
 */
import { findSecrets, SecretHit, textOf } from "./secrets";

type Writer = (chunk: unknown, ...rest: unknown[]) => boolean;

const hits: (SecretHit & { test: string })[] = [];

function currentTest(): string {
  try {
    return expect.getState().currentTestName ?? "(outside a test)";
  } catch {
    return "(outside a test)";
  }
}

function scan(where: string, value: unknown): void {
  const text = Buffer.isBuffer(value) ? value.toString("utf8") : textOf(value);
  for (const h of findSecrets(text, where)) hits.push({ ...h, test: currentTest() });
}

function wrapStream(stream: NodeJS.WriteStream, name: string): () => void {
  const original = stream.write as unknown as Writer;
  const wrapped: Writer = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
    scan(name, chunk);
    return original.call(this ?? stream, chunk, ...rest);
  };
  stream.write = wrapped as unknown as typeof stream.write;
  return () => {
    stream.write = original as unknown as typeof stream.write;
  };
}

const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;

function wrapConsole(): () => void {
  const c = console as unknown as Record<string, (...a: unknown[]) => void>;
  const originals = CONSOLE_METHODS.map((m) => [m, c[m]] as const);
  for (const [m, original] of originals) {
    c[m] = function (this: unknown, ...args: unknown[]) {
      for (const a of args) scan(`console.${m}`, a);
      return original.apply(this ?? console, args);
    };
  }
  return () => {
    for (const [m, original] of originals) c[m] = original;
  };
}

const restore = [
  wrapStream(process.stdout, "stdout"),
  wrapStream(process.stderr, "stderr"),
  wrapConsole(),
];

function failOnHits(): void {
  if (hits.length === 0) return;
  const found = hits.splice(0, hits.length);
  throw new Error(
    `secret guard: a configured API key/token appeared in test output: ` +
      found.map((h) => `${h.where} during "${h.test}"`).join("; "),
  );
}

afterEach(() => failOnHits());
afterAll(() => {
  for (const r of restore) r();
  failOnHits();
});
