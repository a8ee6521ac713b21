/**
 * Registry of the secrets (API keys, logging tokens) that tests configure, and scanners that
 * fail when one of them shows up where it must never be: captured test output (see
 * `secret-guard.ts`, registered for every jest project), Pulumi CLI output and stack exports.
 *
 * Helpers that start an emulator with a key, or configure a provider or client with one, call
 * {@link registerSecret}. `EDGEPLATFORM_API_KEY` and `EDGEPLATFORM_LOGGING_TOKEN` from the
 * environment are always included. The emulator's documented default key
 * (`emulator-local-key`) is public and is only scanned for when a test registers it.
 *
 * State lives on `globalThis`, so the registry is shared even when jest re-creates modules.
 */

/** Shortest value treated as a secret (shorter values would match by accident). */
export const MIN_SECRET_LENGTH = 8;

interface Registry {
  secrets: Set<string>;
}

const KEY = Symbol.for("pulumi-edgeplatform.test.secrets");

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  let r = g[KEY];
  if (!r) {
    r = { secrets: new Set() };
    g[KEY] = r;
  }
  return r;
}

/** Registers a secret used by the current test file (ignored when shorter than 8 chars). */
export function registerSecret(value: string | undefined | null): void {
  if (typeof value === "string" && value.length >= MIN_SECRET_LENGTH) registry().secrets.add(value);
}

/** Every secret to scan for: registered ones plus the EDGEPLATFORM_* secrets of the environment. */
export function knownSecrets(): string[] {
  const all = new Set(registry().secrets);
  for (const name of ["EDGEPLATFORM_API_KEY", "EDGEPLATFORM_LOGGING_TOKEN"]) {
    const v = process.env[name];
    if (v && v.length >= MIN_SECRET_LENGTH) all.add(v);
  }
  return [...all];
}

/** Forgets the registered secrets (the environment's stay). */
export function clearSecrets(): void {
  registry().secrets.clear();
}

/** A leak: where a secret was seen (the secret itself is never part of it). */
export interface SecretHit {
  where: string;
  /** Position of the first occurrence. */
  index: number;
  /** Length of the secret that matched (to tell registered keys apart without printing them). */
  secretLength: number;
}

/** Finds every known secret (or `secrets`) in `text`. */
export function findSecrets(text: string, where: string, secrets = knownSecrets()): SecretHit[] {
  const hits: SecretHit[] = [];
  if (!text) return hits;
  for (const s of secrets) {
    const index = text.indexOf(s);
    if (index >= 0) hits.push({ where, index, secretLength: s.length });
  }
  return hits;
}

/** Text form of anything (objects as JSON; circular parts dropped). */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ""}`;
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(value, (_k, v: unknown) => {
        if (typeof v === "object" && v !== null) {
          if (seen.has(v)) return undefined;
          seen.add(v);
        }
        return typeof v === "bigint" ? String(v) : v;
      }) ?? String(value)
    );
  } catch {
    return String(value);
  }
}

/**
 * Throws when any known secret occurs in any of `items` (CLI output, a `pulumi stack export`,
 * files). The error names where, never the secret.
 */
export function assertNoSecrets(items: Record<string, unknown>, secrets = knownSecrets()): void {
  const hits = Object.entries(items).flatMap(([where, v]) =>
    findSecrets(textOf(v), where, secrets),
  );
  if (hits.length) {
    throw new Error(
      `configured secret found in: ${hits.map((h) => `${h.where} (at ${h.index})`).join(", ")}`,
    );
  }
}
