/**
 * The last guard of a secret setting (a field declared `secret: true`): the values of the
 * secret settings an operation was handed (the program's, the state's, the record before
 * Pulumi) are replaced by `[secret]` in any error the operation throws, whoever wrote its
 * message (the engine, a kind's check, the client quoting the platform's answer). The engine's
 * own messages already print `[secret]` (kind.ts `redacted`); this catches the rest.
 */
import { expandFields, getPath, REDACTED, type SettingsField } from "./kind";

/** Shorter texts are not replaced (a `1` would be replaced inside every number). */
const MIN_LENGTH = 4;

/** The texts of the secret settings' values in `records` (each at a path and under `prior`). */
export function secretTexts(fields: readonly SettingsField[], ...records: unknown[]): string[] {
  if (!fields.some((f) => f.secret)) return [];
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (v === undefined || v === null) return;
    for (const t of typeof v === "string" ? [v, JSON.stringify(v)] : [JSON.stringify(v)])
      if (t !== undefined && t.length >= MIN_LENGTH) out.add(t);
  };
  for (const r of records) {
    const prior = getPath(r, "prior");
    for (const f of expandFields(fields, r, prior)) {
      if (!f.secret) continue;
      add(getPath(r, f.path));
      add(getPath(prior, f.path));
    }
  }
  // The longest first: a value that contains another is replaced whole.
  return [...out].sort((a, b) => b.length - a.length);
}

/** `text` with every one of `secrets` replaced by `[secret]`. */
export const scrubText = (text: string, secrets: readonly string[]): string =>
  secrets.reduce((t, s) => t.split(s).join(REDACTED), text);

/**
 * `e` (thrown by an operation) with `secrets` replaced in what prints it: its message, stack,
 * text fields (`reasons`) and its `cause`, down the chain. The same object, for rethrowing.
 */
export function scrubError(e: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return e;
  const seen = new Set<unknown>();
  const scrub = (v: unknown): unknown => {
    if (typeof v === "string") return scrubText(v, secrets);
    if (v === null || typeof v !== "object" || seen.has(v)) return v;
    seen.add(v);
    if (Array.isArray(v)) {
      v.forEach((x, i) => (v[i] = scrub(x)));
      return v;
    }
    if (!(v instanceof Error)) return v;
    v.message = scrubText(v.message, secrets);
    if (v.stack) v.stack = scrubText(v.stack, secrets);
    const o = v as unknown as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = scrub(o[k]);
    if ("cause" in v) (v as { cause?: unknown }).cause = scrub(v.cause);
    return v;
  };
  return scrub(e);
}
