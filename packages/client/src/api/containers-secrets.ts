/**
 * Secrets of container writes: a registry's password and the values of a container's
 * environment variables. They travel only in request bodies; an error whose body or message
 * echoes one (a platform that quotes the request back) is rebuilt with them redacted, the way
 * the transport redacts the API key.
 */
import { EdgeApiError } from "./errors";
import { redactedError } from "./redacted-error";

/** An environment variable as sent (`value` is treated as a secret). */
interface EnvLike {
  value?: string | null;
}

/** The environment values of container requests (every value counts as secret). */
export function envSecrets(containers: readonly { environmentVariables?: EnvLike[] | null }[]) {
  return containers.flatMap((c) => (c?.environmentVariables ?? []).map((v) => v?.value));
}

/** Runs `call`; an {@link EdgeApiError} it throws comes back with `secrets` redacted. */
export async function redactingSecrets<T>(
  secrets: readonly unknown[],
  call: () => Promise<T>,
): Promise<T> {
  // A caller without types may send anything: only strings are secrets to look for.
  const kept = secrets.filter((s): s is string => typeof s === "string" && s.length >= 4);
  try {
    return await call();
  } catch (e) {
    if (!(e instanceof EdgeApiError) || kept.length === 0) throw e;
    throw redactedError(e, kept);
  }
}
