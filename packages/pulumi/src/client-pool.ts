/**
 * The one pool of API clients of the package, shared by the data sources
 * (`functions/settings.ts`) and the dynamic resources (`resources/core/settings.ts`).
 *
 * - Keyed by the resolved settings and the plain client options only (a SHA-256 digest, so
 *   the keys do not spell out credentials). Callbacks are not part of the key: a caller
 *   with its own `onRetry` gets a cheap view of the pooled client (`Client.withOptions`)
 *   that shares its connections and its per-pull-zone limiter.
 * - Bounded: at most {@link POOL_SIZE} clients, least recently used evicted first. An
 *   evicted client is closed gracefully (calls in flight finish; a holder can still use it).
 */
import { createHash } from "crypto";
import { LRUCache } from "lru-cache";
import { Client, ClientOptions } from "edgeplatform-client";
import type { RequestOptions } from "edgeplatform-client";
import type { ResolvedSettings } from "edgeplatform-client";

/** Most clients kept by the pool. */
export const POOL_SIZE = 16;

const pool = new LRUCache<string, Client>({
  max: POOL_SIZE,
  dispose: (client) => client.close(),
});

function keyOf(settings: ResolvedSettings, extra: Partial<ClientOptions>): string {
  const plain = JSON.stringify([settings, extra], (_k, v: unknown) =>
    typeof v === "function" ? undefined : v,
  );
  return createHash("sha256").update(plain).digest("hex");
}

/**
 * The pooled client for these settings and options. Function-valued options (`onRetry`)
 * are applied per call through a view, never used as a key.
 */
export function pooledClient(
  settings: ResolvedSettings,
  extra: Partial<ClientOptions> = {},
): Client {
  const plain: Partial<ClientOptions> = {};
  const callbacks: RequestOptions = {};
  for (const [k, v] of Object.entries(extra) as [keyof ClientOptions, unknown][]) {
    if (v === undefined) continue;
    if (k === "onRetry") callbacks.onRetry = v as ClientOptions["onRetry"];
    else (plain as Record<string, unknown>)[k] = v;
  }
  const key = keyOf(settings, plain);
  let client = pool.get(key);
  if (!client) {
    client = Client.fromSettings(settings, plain);
    pool.set(key, client);
  }
  return callbacks.onRetry ? client.withOptions(callbacks) : client;
}

/** Number of pooled clients (tests). */
export function pooledClientCount(): number {
  return pool.size;
}

/** Closes and forgets every pooled client (tests; long-running scripts). */
export function clearClientPool(): void {
  pool.clear();
}
