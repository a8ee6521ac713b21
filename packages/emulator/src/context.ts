/** What every route module gets: the state store, clock, key, journal, faults, limits. */
import type { FaultRegistry } from "./faults";
import type { Journal } from "./journal";
import type { BehaviourProfile, PendingWrites } from "./profiles";
import type { KeyScope } from "./scopes";
import type { StateStore } from "./state";

/** Shared context of one emulator instance. */
export interface EmulatorContext {
  store: StateStore;
  journal: Journal;
  faults: FaultRegistry;
  /** The API key every endpoint requires. */
  apiKey: string;
  /** Clock (epoch ms) used for log windows and default date ranges. */
  now: () => number;
  /** Logging API limit per pull zone, or false when disabled. */
  loggingRateLimit: { requests: number; windowMs: number } | false;
  /** Sliding-window timestamps of logging requests, per pull zone. */
  loggingHits: Map<number, number[]>;
  /** How the platform behaves where the spec is silent (configuration: survives reset). */
  profile: BehaviourProfile;
  /** Rate-limit writes accepted (202) and not yet applied (dropped on reset and close). */
  pending: PendingWrites;
  /** Keys accepted besides `apiKey` that see only some zones (configuration: survives reset). */
  scopedKeys: Map<string, KeyScope>;
}

/**
 * The scope of the request's `AccessKey`: undefined for the full-access key (or none),
 * the key's scope for a scoped key.
 */
export function scopeOf(
  ctx: EmulatorContext,
  req: { headers: Record<string, string | string[] | undefined> },
): KeyScope | undefined {
  const key = req.headers["accesskey"];
  return typeof key === "string" && key !== ctx.apiKey ? ctx.scopedKeys.get(key) : undefined;
}

/** Path of a URL without its query string. */
export function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** The query string of a URL as a plain string record (last value wins). */
export function queryOf(url: string): Record<string, string> {
  const q = url.indexOf("?");
  if (q === -1) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(url.slice(q + 1))) out[k] = v;
  return out;
}
