/**
 * The API key at `check`, so that `pulumi preview` fails on a missing or refused key instead of
 * planning changes that `pulumi up` then cannot make:
 *
 * - a missing key (no `edgeplatform:apiKey`, no `EDGEPLATFORM_API_KEY`) fails `check` with the
 *   message naming both, without any call;
 * - otherwise one cheap read (GET `/shield/shield-zone/defaults`, an account-wide read that any
 *   key of the account may make) per provider process and settings, bounded by
 *   {@link KEY_CHECK_TIMEOUT_MS}; only a 401 fails `check`. Any other outcome (a 403 of a key
 *   scoped to some zones, an unreachable host, a timeout) lets `check` pass: the operation that
 *   needs the platform reports it.
 *
 * The full message goes to the first resource checked; the others of the same process say
 * where to look, so that a program of many resources names the setting once. Never contains
 * the key (`scrub`).
 */
import { createHash } from "crypto";
import { currentSettings, getClient, scrub } from "./settings";
import { messageOf, type Failure } from "./common";

/** Longest wait for the one read that checks the key. */
export const KEY_CHECK_TIMEOUT_MS = 10_000;

/** What the check found for one set of settings: undefined = nothing to refuse. */
interface Verdict {
  reason?: string;
  /** Whether a check failure has carried the full reason already. */
  told: boolean;
}

const verdicts = new Map<string, Promise<Verdict>>();
/** The digest of each settings object (a process resolves its settings once: hashed once). */
const digests = new WeakMap<object, string>();
/** What tells two settings apart for the key check (their key and platform), hashed once. */
function digestOf(s: { apiKey: string; baseUrl: string }): string {
  let d = digests.get(s);
  if (d === undefined) {
    d = createHash("sha256")
      .update(JSON.stringify([s.apiKey, s.baseUrl]))
      .digest("hex");
    digests.set(s, d);
  }
  return d;
}

/** At most this many settings remembered (a process uses one or two). */
const MAX_VERDICTS = 16;

const REFERRAL =
  "the API key is missing or refused: the first resource checked says which setting to fix";

/**
 * The failure to add to a `check` result when the API key is missing or refused, else
 * undefined. Never throws.
 */
export async function credentialFailure(): Promise<Failure | undefined> {
  let digest: string;
  let verdict: Promise<Verdict>;
  try {
    const s = currentSettings();
    digest = digestOf(s);
    const known = verdicts.get(digest);
    if (known) verdict = known;
    else {
      verdict = readOnce();
      if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
      verdicts.set(digest, verdict);
    }
  } catch (e) {
    // A missing or invalid setting: no call is made.
    digest = `missing:${messageOf(e)}`;
    if (!verdicts.has(digest))
      verdicts.set(digest, Promise.resolve({ reason: messageOf(e), told: false }));
    verdict = verdicts.get(digest)!;
  }
  const v = await verdict;
  if (v.reason === undefined) return undefined;
  if (v.told) return { property: "", reason: REFERRAL };
  v.told = true;
  return { property: "", reason: scrub(v.reason) };
}

async function readOnce(): Promise<Verdict> {
  try {
    await getClient().shieldZones.defaults({ signal: AbortSignal.timeout(KEY_CHECK_TIMEOUT_MS) });
    return { told: false };
  } catch (e) {
    const status = (e as { status?: unknown })?.status;
    if (status !== 401) return { told: false };
    return {
      reason: `edgeplatform: the API key was checked before planning any change: ${messageOf(e)}`,
      told: false,
    };
  }
}

/** Forgets every verdict (tests). */
export function resetCredentialChecks(): void {
  verdicts.clear();
}
