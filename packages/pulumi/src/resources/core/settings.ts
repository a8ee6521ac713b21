/**
 * Provider-process state of the dynamic resources: the stack configuration handed to
 * `configure()` and the {@link Client} built from it. Settings are resolved INSIDE the
 * provider process (stack config `edgeplatform:*`, then `EDGEPLATFORM_*` environment
 * variables), never captured in the serialized closure, and only when needed: `diff` and the
 * providers' own `check` work without any credentials (the registry's `check` then checks the
 * key, `credentials.ts`).
 */
import {
  redact,
  SETTING_SOURCES,
  type Client,
  type ConfigSource,
  type ResolvedSettings,
} from "edgeplatform-client";
import { clearClientPool } from "../../client-pool";
import { pooledClientFor, resolveConnection } from "../../connection";
import { retryStatus } from "./engine-log";

/** The part of the dynamic provider host's `ConfigureRequest` that is used here. */
export interface ConfigureRequestLike {
  config: { get(key: string): string | undefined };
}

let configSource: ConfigSource;
/** Secrets seen so far (API key, logging token), scrubbed from every error message. */
const secrets = new Set<string>();

/**
 * Stores the stack configuration passed to a dynamic provider's `configure()`. Called once
 * per provider process and resource type by the Pulumi dynamic-provider host. Never throws:
 * a missing setting is reported by the first operation that needs the API.
 */
export function configureFromRequest(req: ConfigureRequestLike | undefined): void {
  const config = req?.config;
  configSource = config
    ? (key: string) => {
        const v: unknown = config.get(key);
        if (v === undefined || v === null) return undefined;
        return typeof v === "string" ? v : JSON.stringify(v);
      }
    : undefined;
  // No client is closed here: the host calls configure() once per resource type, lazily,
  // while requests of other types may be in flight. getClient() takes the pooled client of
  // the settings resolved at that moment.
}

/** Forgets the configuration and the pooled clients (tests). */
export function resetSettings(): void {
  configSource = undefined;
  clearClientPool();
}

/** Resolves the settings: stack config > environment. Throws `MissingSettingError`. */
export function currentSettings(): ResolvedSettings {
  const s = resolveConnection({}, configSource);
  for (const v of [s.apiKey, s.loggingToken]) if (v) secrets.add(v);
  return s;
}

/** The view of each pooled client that tells its retries (one per pooled client). */
const telling = new WeakMap<Client, Client>();

/**
 * The API client for the current settings: the pooled client (shared with the data sources,
 * bounded, see `client-pool.ts`) of the resolved settings and of the tuning keys
 * `edgeplatform:requestTimeoutMs` / `edgeplatform:maxRetries` (else
 * `EDGEPLATFORM_REQUEST_TIMEOUT_MS` / `EDGEPLATFORM_MAX_RETRIES`), seen through a view that
 * tells its retries as a status line of the resource whose call made them (`engine-log.ts`).
 * @throws MissingSettingError, InvalidSettingError (naming the key and the allowed range).
 */
export function getClient(): Client {
  const settings = currentSettings();
  const pooled = pooledClientFor(settings, configSource);
  let view = telling.get(pooled);
  if (!view) {
    view = pooled.withOptions({ onRetry: retryStatus });
    telling.set(pooled, view);
  }
  return view;
}

/** Removes every known secret (and the configured ones from the environment) from `text`. */
export function scrub(text: string): string {
  const all = [...secrets];
  for (const s of Object.values(SETTING_SOURCES)) {
    if (s.env === SETTING_SOURCES.apiKey.env || s.env === SETTING_SOURCES.loggingToken.env) {
      const v = process.env[s.env];
      if (v) all.push(v);
    }
  }
  return redact(text, all);
}
