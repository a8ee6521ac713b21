/**
 * What keeps a script secret's value and a deployment key out of the compute area's errors:
 * a failed call is rethrown with every value the call sent as a secret and every
 * `DeploymentKey` its answer carried replaced by `[redacted]` (message, detail, field
 * errors, body and stack), and a secret's value is checked by a message that never quotes it.
 */
import { EdgeApiError, redact } from "./errors";
import { InvalidArgumentError } from "./invalid-argument";
import { redactedError } from "./redacted-error";

/** The name of the field of an answer that carries a script's deployment key. */
const KEY_FIELD = "DeploymentKey";

/** The deployment keys found anywhere in `v` (an answer body). */
export function deploymentKeysIn(v: unknown, depth = 0): string[] {
  if (typeof v !== "object" || v === null || depth > 16) return [];
  if (Array.isArray(v)) return v.flatMap((x) => deploymentKeysIn(x, depth + 1));
  return Object.entries(v).flatMap(([k, x]) =>
    k === KEY_FIELD && typeof x === "string" && x !== "" ? [x] : deploymentKeysIn(x, depth + 1),
  );
}

/** `v` with every `DeploymentKey` value replaced by `[redacted]`. */
function withoutKeys(v: unknown, depth = 0): unknown {
  if (typeof v !== "object" || v === null || depth > 16) return v;
  if (Array.isArray(v)) return v.map((x) => withoutKeys(x, depth + 1));
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [
      k,
      k === KEY_FIELD && typeof x === "string" ? "[redacted]" : withoutKeys(x, depth + 1),
    ]),
  );
}

/**
 * `e` with `sent` (values the call sent as secrets) and the answer's deployment keys
 * redacted; anything that is not an `EdgeApiError` is returned as it is.
 */
export function scrubbed(e: unknown, sent: readonly (string | null | undefined)[]): unknown {
  if (!(e instanceof EdgeApiError)) return e;
  const secrets = [
    ...sent.filter((s): s is string => typeof s === "string" && s !== ""),
    ...deploymentKeysIn(e.body),
  ];
  if (secrets.length === 0) return e;
  const clean = redactedError(e, secrets, withoutKeys(e.body));
  clean.stack = redact(e.stack ?? "", secrets);
  return clean;
}

/** Runs `call`; a failure is rethrown {@link scrubbed} of `sent` and of deployment keys. */
export async function guarded<T>(
  call: () => Promise<T>,
  sent: readonly (string | null | undefined)[] = [],
): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw scrubbed(e, sent);
  }
}

/**
 * Checks a secret's value (a string of at most `max` characters, or null/absent) without
 * ever quoting it. @throws InvalidArgumentError naming `Secret`.
 */
export function checkSecretValue(operation: string, value: unknown, max: number): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "string")
    throw new InvalidArgumentError(operation, "Secret", `must be a string; got a ${typeof value}`);
  if (value.length > max)
    throw new InvalidArgumentError(
      operation,
      "Secret",
      `must have at most ${max} characters; got ${value.length}`,
    );
}
